"""The parts one board is made of, and how they are put together (``BoardParts.assemble``):
each part is given, when it is made, the other parts and the widget's callables it uses,
so no part reaches into another or into the widget.

The parts call one another both ways (the publisher tells the aids of every change, and the
aids publish through it), so some are given a function that looks the other part up when it
is called, after every part is made.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Protocol

from ipywidgets import CallbackDispatcher

from ..game import Game
from .aids import BoardAids
from .analysis import BoardAnalysis
from .building import StudyBuilder, StudyBuilding
from .editing import BoardEditor
from .handling import BoardControls, IntentHandler
from .recording import LibrarySetting, Recorder
from .run import BoardRuns
from .studying import BoardStudy, Opened
from .sync import StatePublisher, ThreadFlags


class OwningWidget(BoardControls, Protocol):
    """What the parts use of the widget itself: its state's version, its settings and its
    messages, besides what the intents use (``BoardControls``)."""

    state: dict[str, Any]
    scoring: str
    hint_mode: str

    def send(self, content: dict[str, Any]) -> None: ...


@dataclass(frozen=True)
class BoardParts:
    """The parts of one board: ``sync`` publishes the game on show, ``intents`` carries out
    the views' intents, ``studies`` and ``building`` are the study and lesson on the board
    and a study built there (``builder`` judging its chapters), ``recorder`` records into the
    library, ``aids``, ``analysis`` and ``runs`` are the play aids, the analysis and the
    strategies playing on the board; ``move_callbacks`` are the widget's ``on_move`` ones."""

    sync: StatePublisher
    intents: IntentHandler
    studies: BoardStudy
    building: StudyBuilding
    builder: StudyBuilder
    recorder: Recorder
    aids: BoardAids
    analysis: BoardAnalysis
    runs: BoardRuns
    move_callbacks: CallbackDispatcher

    @classmethod
    def assemble(
        cls,
        game: Game,
        opened: Opened,
        board: OwningWidget,
        *,
        library: LibrarySetting,
        flags: ThreadFlags,
        write: Callable[..., None],
    ) -> BoardParts:
        """The parts of ``board`` showing ``game`` (with the study, chapter and lesson
        ``opened``), recording into ``library``; ``flags`` are the widget's per-thread flags
        and ``write(**traits)`` writes its read-only traits as the publishing thread."""
        recorder = Recorder(library, lambda recording: write(recording=recording))
        recorder.showing(game)
        aids = BoardAids(
            game,
            hold=lambda: sync.holding(),
            publish=lambda shown: write(aids=shown),
            version=lambda: board.state["version"],
            switch_to=lambda new: sync.switch_to(new),
            fair_hints=lambda: board.hint_mode == "fair",
        )
        analysis = BoardAnalysis(tasks=aids.tasks, published=lambda: sync.publish_analysis())
        builder = StudyBuilder(
            tasks=aids.tasks, added=lambda study, chapter: studies.chapter_added(study, chapter)
        )
        runs = BoardRuns(
            lambda: sync.holding(), lambda: sync.publish(None), lambda: studies.lesson is not None
        )
        move_callbacks = CallbackDispatcher()
        sync = StatePublisher(
            game,
            flags=flags,
            write=write,
            send=lambda content: board.send(content),  # looked up when sent, as the widget's own
            version=lambda: board.state["version"],
            scoring=lambda: board.scoring,
            lesson=lambda: studies.lesson,
            study_state=lambda game, timeline: building.study_state(game, timeline),
            recorder=recorder,
            aids=aids,
            analysis=analysis,
            runs=runs,
            move_callbacks=move_callbacks,
        )
        studies = BoardStudy(sync, opened, folder=Path.cwd())
        building = StudyBuilding(sync, studies, builder)
        intents = IntentHandler(
            sync,
            studies=studies,
            building=building,
            editor=BoardEditor(sync),
            runs=runs,
            aids=aids,
            analysis=analysis,
            recorder=recorder,
            board=board,
        )
        return cls(sync, intents, studies, building, builder, recorder, aids, analysis, runs, move_callbacks)

    def close(self) -> None:
        """Stop every part working for the board, once: the game on show stays usable, and
        is no longer followed (a closed board must not keep a game the user holds busy)."""
        sync = self.sync
        if sync.listening:  # else closed already
            with sync.holding() as game:
                if sync.listening:  # checked again: another thread may have closed it meanwhile
                    self.runs.drop()
                    self.analysis.stop("the board was closed")
                    self.builder.stop("The board was closed")
                    self.recorder.abandon(game, sync.clock, sync.scoring)
                    sync.stop_listening()
                    self.aids.close()
