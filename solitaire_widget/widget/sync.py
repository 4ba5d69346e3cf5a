"""Keeping the views in step with the game: the state and timeline published after every
change, on the thread that made it, holding the game's lock (a mixin of ``SolitaireWidget``),
and the board's side of the library it records into (``RecordingBoard``, the mixin on top).

``state``, ``aids`` and ``rules`` are read-only traits: only a thread that is publishing may write them,
and whether a thread is publishing, like the engine actions it gathers into one state, is kept
per thread, so a cell's thread cannot write ``state`` while another thread publishes.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import traitlets
from ipywidgets import CallbackDispatcher

from ..engine.games import rules_text
from ..engine.moves import Move
from ..game import Game
from ..library import Library
from ..study import BoardLesson
from .aids import BoardAids
from .analysis import BoardAnalysis
from .pyodide_messages import for_the_view
from .recording import Recorder, scorings_for
from .run import BoardRuns
from .state import Clock, LastChange, board_state
from .timeline import TimelineSync


class ThreadFlags(threading.local):
    """What the widget is doing on the current thread: publishing a state (the only time
    ``state`` and ``aids`` may be written), and the engine actions gathered into one state."""

    publishing = False
    gathering: list[LastChange] | None = None


class StateSync:
    """Publishing the state and timeline of the game on show (a mixin: the widget provides
    what is declared here)."""

    state: dict[str, Any]
    aids: dict[str, Any]
    rules: str
    send: Callable[..., None]
    _game: Game
    _clock: Clock
    _lesson: BoardLesson | None
    _study_state: Callable[[], dict[str, Any] | None]
    _runs: BoardRuns
    _timeline: TimelineSync
    _timeline_reset_due: bool
    _aids: BoardAids
    _analysis: BoardAnalysis
    analysis: dict[str, Any]
    recording: dict[str, Any]
    scoring: str
    _recorder: Recorder
    _listening: bool
    _move_callbacks: CallbackDispatcher
    _this_thread: ThreadFlags

    @contextmanager
    def _holding_game(self) -> Iterator[Game]:
        """Hold the lock of the game on show, and give that game. Another thread may show
        another game while this one waits for the lock: then it waits for that game's."""
        while True:
            game = self._game
            with game.lock:
                if game is self._game:
                    yield game
                    return

    @traitlets.validate("state")
    def _only_from_the_game(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._this_thread.publishing:
            raise traitlets.TraitError(
                "state is drawn from the game and is read-only: change the game with "
                "play(), undo(), redo(), autoplay(), new_game() or restart()"
            )
        state: dict[str, Any] = proposal["value"]
        return state

    @traitlets.validate("analysis")
    def _only_from_the_analysis(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._this_thread.publishing:
            raise traitlets.TraitError(
                "analysis is worked out by the widget and is read-only: ask with analyse()"
            )
        analysis: dict[str, Any] = proposal["value"]
        return analysis

    @traitlets.validate("aids")
    def _only_from_the_aids(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._this_thread.publishing:
            raise traitlets.TraitError(
                "aids are worked out by the widget and are read-only: ask with hint(), "
                "check_winnable = True or new_game(winnable=True)"
            )
        aids: dict[str, Any] = proposal["value"]
        return aids

    @traitlets.validate("rules")
    def _only_from_the_rules(self, proposal: dict[str, Any]) -> str:
        if not self._this_thread.publishing:
            raise traitlets.TraitError("rules are the rules of the game on show and are read-only")
        rules: str = proposal["value"]
        return rules

    @traitlets.validate("recording")
    def _only_from_the_recorder(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._this_thread.publishing:
            raise traitlets.TraitError("recording says whether games are recorded and is read-only")
        recording: dict[str, Any] = proposal["value"]
        return recording

    def _publish_recording(self, recording: dict[str, Any]) -> None:
        self._this_thread.publishing = True
        try:
            self.recording = recording
        finally:
            self._this_thread.publishing = False

    def _publish_aids(self, aids: dict[str, Any]) -> None:
        self._this_thread.publishing = True
        try:
            self.aids = aids
        finally:
            self._this_thread.publishing = False

    def _publish_analysis(self) -> None:
        """Show the analysis of the game on show as it is now (holding the game's lock)."""
        shown = self._analysis.shown(self._game, self._timeline)
        self._this_thread.publishing = True
        try:
            self.analysis = shown
        finally:
            self._this_thread.publishing = False

    def _on_game_change(self, game: Game, action: str, move: Move | None) -> None:
        """The game's listener: called on the thread that changed the game, holding its lock."""
        if game is not self._game:
            return  # a game no longer on show (its listener is being removed)
        self._recorder.noticed(action, by_run=self._runs.playing)
        gathering = self._this_thread.gathering
        if gathering is not None:
            gathering.append((action, move))
            return
        with self._holding_game():
            self._publish((action, move))
        if action == "play":
            self._move_callbacks(move)

    @contextmanager
    def _gathered(self) -> Iterator[None]:
        """Engine actions of this thread inside the block reach the view as one state update,
        at its end (call it holding the game's lock, so no other thread's change comes in)."""
        here = self._this_thread
        outer = here.gathering
        actions: list[LastChange] = []
        here.gathering = actions
        try:
            yield
        finally:
            here.gathering = outer
        if outer is not None:
            outer.extend(actions)
        elif actions:
            self._publish(actions[-1])
            for action, move in actions:
                if action == "play":
                    self._move_callbacks(move)

    def _switch_to(self, game: Game, shown_ms: float | None = None) -> None:
        """Show ``game`` as a new deal: follow its changes instead of the old game's, with the
        clock ``Clock.for_game`` gives it (``shown_ms``: the time recorded with it). Called
        holding the lock of the game on show; takes the new one's too, so no other thread
        sees the switch half made. (Locks are taken in that order, the shown game's first: a
        thread that holds a game's lock while it asks to show that game, as another thread
        shows it too, could wait for ever.)"""
        with game.lock:
            self._runs.drop()
            self._analysis.stop("a new deal stopped the analysis")
            self._aids.game_switched(game)
            self._recorder.abandon(self._game, self._clock, self.scoring)
            self._follow(game)
            self._recorder.showing(game)
            self._clock = Clock.for_game(game, shown_ms)
            self._publish(None)

    def _follow(self, game: Game) -> None:
        if self._listening:
            self._game.remove_listener(self._on_game_change)
            game.add_listener(self._on_game_change)
        self._game = game
        self._timeline = TimelineSync(game, self._timeline.version + 1)
        self._timeline_reset_due = True

    def _tell_views(self, content: dict[str, Any]) -> None:
        """Send the views a custom message (``intents.py``), as this kernel must (``pyodide_messages.py``)."""
        self.send(for_the_view(content))

    def _publish(self, last: LastChange | None) -> None:
        """Send the timeline's changes and the new state (holding the game's lock)."""
        # The timeline goes first, so the state that names its version finds it there.
        if self._timeline_reset_due:
            self._timeline_reset_due = False
            self._tell_views(self._timeline.reset())
        else:
            changes = self._timeline.changes()
            if changes is not None:
                self._tell_views(changes)
        state = self._next_state(self.state["version"] + 1, last)
        self._this_thread.publishing = True
        try:
            # Before the state, so a view has the rules of a new game when it draws it; sent
            # only when the game on show changes kind (traitlets skips an equal value).
            self.rules = rules_text(self._game.name)
            self.state = state
        finally:
            self._this_thread.publishing = False
        self._aids.state_published(self._game)
        self._publish_analysis()
        self._recorder.record(self._game, self._clock, self.scoring, lesson=self._lesson is not None)

    def _next_state(self, version: int, last: LastChange | None) -> dict[str, Any]:
        """The state at ``version``; the clock moves on with it (stopped when the game first ends)."""
        game = self._game
        state = board_state(
            game,
            self._timeline,
            version=version,
            last=last,
            clock=self._clock,
            lesson=None if self._lesson is None else self._lesson.state(game),
            run=None if self._runs.last is None else self._runs.last.state(),
            score=self._recorder.score_state(game, self.scoring),
            study=self._study_state(),
        )
        self._clock = Clock.of(state)
        return state


class RecordingBoard(StateSync, traitlets.HasTraits):
    """The widget's side of the library (a mixin of ``SolitaireWidget``): the library it
    records into, and the ``scoring`` setting kept to the game's choices and shown at once.
    (A ``HasTraits``, so that traitlets binds its observer.)"""

    @property
    def library(self) -> Library | None:
        """The ``Library`` this board records its games into; None when recording is off (or
        stopped by a failure: ``recording`` says why)."""
        return self._recorder.library

    @traitlets.validate("scoring")
    def _scoring_for_the_game(self, proposal: dict[str, Any]) -> str:
        scoring: str = proposal["value"]
        if scoring not in scorings_for(self._game.name):
            raise traitlets.TraitError(f"{scoring} scoring is for Klondike only, not {self._game.title}")
        return scoring

    @traitlets.observe("scoring")
    def _scoring_changed(self, _change: dict[str, Any]) -> None:
        with self._holding_game():
            self._publish(None)
