"""Carrying out the intents views send (``IntentHandler``; the protocol is in ``protocol.md``):
one table, ``INTENTS``, gives each kind its fields and what carries it out, so a kind cannot
be accepted without a handler; a failed intent is taken back whole.

An intent is handled on the thread that delivers it (JupyterLab's comm subshell, by default),
holding the lock of the game on show from its first check to its answer: no other thread's
move can come between its version check and its change, nor between a failure and the
rollback, which therefore takes back only what this intent did.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple, Protocol

from ..engine.deal import random_seed
from ..engine.games import rules_for
from ..engine.moves import IllegalMove, Move
from ..game import Game
from ..lesson import MistakesLesson
from ..records import record
from ..records import study as study_file
from ..records.record import RecordError
from ..study import BoardLesson, ExerciseLesson, Study, is_study_file
from .aids import BoardAids
from .analysis import BoardAnalysis
from .building import BUILDING, StudyBuilding
from .editing import EDITS, BoardEditor
from .intents import (
    STALE,
    IntentFields,
    Refusal,
    brief,
    checked_intent,
    fields,
    named_node,
    request_id,
    view_of,
)
from .pyodide_messages import from_the_view
from .recording import Recorder, scorings_for
from .run import BoardRuns, Run
from .state import Clock
from .studying import BoardStudy, file_in_folder, format_of, opening
from .sync import StatePublisher

_MAX_REASON = 500
# Request ids already answered, kept so a duplicated message is recognised; views count up,
# so only recent ids can come back.
_REMEMBERED_REQUESTS = 1024


class _Snapshot(NamedTuple):
    """What an intent may change, so an unexpected failure can be taken back."""

    game: Game
    copy: Game
    clock: Clock
    version: int
    last_run: Run | None


class BoardControls(Protocol):
    """The widget's own methods an intent calls, as Python would, the settings a ``setting``
    intent sets (by name) and the log where an unexpected error goes."""

    log: logging.Logger

    def play(self, move: Move | str) -> Move: ...

    def autoplay(self) -> list[Move]: ...

    def restart(self) -> Game: ...

    def demo(self) -> Run: ...

    def stop(self) -> None: ...


class IntentHandler:
    """Carries out its views' intents on the game ``shown`` shows, with the board's parts:
    ``studies`` (the study and lesson on the board), ``building`` (a study built there),
    ``editor`` (the teacher's edits), ``runs``, ``aids``, ``analysis`` and ``recorder``;
    ``board`` is the widget itself, as far as intents use it. Keeps the request ids answered
    and the views that sent them."""

    def __init__(
        self,
        shown: StatePublisher,
        *,
        studies: BoardStudy,
        building: StudyBuilding,
        editor: BoardEditor,
        runs: BoardRuns,
        aids: BoardAids,
        analysis: BoardAnalysis,
        recorder: Recorder,
        board: BoardControls,
    ) -> None:
        self.studies = studies
        self.building = building
        self.editor = editor
        self._shown = shown
        self._runs = runs
        self._aids = aids
        self._analysis = analysis
        self._recorder = recorder
        self._board = board
        self._answered: dict[str, None] = {}
        self._views: set[str] = set()

    def receive(self, content: object, buffers: object) -> None:
        """Carry out or refuse one intent from a view; never raises (see ``protocol.md``)."""
        request = None
        try:
            content = from_the_view(content)
            request = request_id(content)
            with self._shown.holding():
                self._obey(content, request, buffers)
            return
        except Refusal as refusal:
            reason = refusal.reason
        except Exception as error:  # a message from a view must never break the kernel
            self._board.log.exception("SolitaireWidget: an intent failed unexpectedly")
            reason = f"an internal error stopped this ({type(error).__name__}: {error})"
        try:
            self._shown.tell_views({"kind": "refused", "request": request, "reason": reason[:_MAX_REASON]})
        except Exception:  # the same: the handler must not raise
            self._board.log.exception("SolitaireWidget: could not send a refusal")

    def _obey(self, content: object, request: str | None, buffers: object) -> None:
        """Carry out ``content``; ``Refusal`` when it may not be, with everything left as it was."""
        if not isinstance(content, dict):
            raise Refusal(f"an intent is a JSON object with a 'kind', not {brief(content)}")
        if request is None:
            raise Refusal(
                f"'request' must be a request id such as 'view1:7', not {brief(content.get('request'))}"
            )
        if request in self._answered:
            raise Refusal(f"request {request} was already answered: this is a duplicate")
        self._answered[request] = None
        if len(self._answered) > _REMEMBERED_REQUESTS:
            del self._answered[next(iter(self._answered))]
        kind = checked_intent(content, buffers, _FIELDS)
        self._count_view(request, closed=kind == "view_closed")
        intent = INTENTS[kind]
        if not intent.on_the_board:
            intent.carry_out(self, content)
            return
        if self._runs.playing:
            raise Refusal("a strategy is playing on this board: press Stop first")
        if content["version"] != self._shown.version:
            raise Refusal(STALE)
        if self.studies.lesson is not None and not intent.in_lesson:
            raise Refusal("not during a lesson: find the next move, or press Show me")
        game = self._shown.game
        before = _Snapshot(game, game.copy(), self._shown.clock, self._shown.version, self._runs.last)
        try:
            with self._shown.gathered():
                intent.carry_out(self, content)
        except Refusal:
            raise
        except Exception:
            self._roll_back(before)
            raise

    def _count_view(self, request: str, *, closed: bool) -> None:
        """Keep count of the views that show the board (each names itself in its request
        ids). With none left (the cell ran again, its output was cleared) the aids' worker
        process ends; the first view to come back has what was cut short asked again."""
        view = view_of(request)
        if closed:
            self._views.discard(view)
            if not self._views:
                self._aids.rest()
        elif view not in self._views:
            resting = not self._views
            self._views.add(view)
            if resting:
                self._aids.resume()

    def _roll_back(self, before: _Snapshot) -> None:
        """Put the game, clock and view back as they were before a failed intent. The intent
        still holds the game's lock, so no other thread's move is taken back with it."""
        try:
            if self._shown.game is not before.game:
                self._shown.follow(before.game)
            before.game.restore(before.copy)
            self._shown.clock, self._runs.last = before.clock, before.last_run
            if self._shown.version != before.version:
                self._shown.publish(None)
        except Exception:  # report it, and let the original error be answered
            self._board.log.exception("SolitaireWidget: could not take back a failed intent")

    # ------------------------------------------------------------------ one handler per kind
    def _move(self, intent: dict[str, Any]) -> None:
        move = Move(intent["source"], intent["target"], intent["count"])
        lesson = self.studies.lesson
        try:
            if lesson is None:
                self._board.play(move)
            elif (refused := self._lesson_goes_on(lesson).refusal(self._shown.game, move)) is not None:
                if isinstance(lesson, ExerciseLesson):
                    lesson.wrong(refused)  # the exercise says "not that" in its panel too
                    self._shown.publish(None)
                raise Refusal(refused)
            else:
                lesson.answer(self._shown.game, move)
        except IllegalMove as refused:
            raise Refusal(refused.reason) from None

    def _show_me(self, _intent: dict[str, Any]) -> None:
        if self.studies.lesson is None:
            raise Refusal("no lesson is running")
        self._lesson_goes_on(self.studies.lesson).show(self._shown.game)

    def _lesson_goes_on(self, lesson: BoardLesson) -> BoardLesson:
        if lesson.expected(self._shown.game) is None:
            over = self._shown.game.ply >= lesson.total
            raise Refusal("the lesson is over" if over else "the game has left the lesson")
        return lesson

    def _hint(self, _intent: dict[str, Any]) -> None:
        self._recorder.hint_asked()
        self._aids.ask_hint()

    def _goto(self, intent: dict[str, Any]) -> None:
        line = len(self._shown.game.line)
        if not 0 <= intent["ply"] <= line:
            raise Refusal(f"there is no move {intent['ply']} in this line (it has {line})")
        self._shown.game.goto(intent["ply"])

    def _enter(self, intent: dict[str, Any]) -> None:
        self._shown.game.enter(named_node(self._shown.timeline, intent["node"]))

    def _undo(self, _intent: dict[str, Any]) -> None:
        if not self._shown.game.history:
            raise Refusal("there is no move to undo")
        self._shown.game.undo()

    def _redo(self, _intent: dict[str, Any]) -> None:
        if not self._shown.game.future:
            raise Refusal("there is no undone move to redo")
        self._shown.game.redo()

    def _autoplay(self, _intent: dict[str, Any]) -> None:
        if not self._board.autoplay():
            raise Refusal("no card can go to a foundation safely now")

    def _restart(self, _intent: dict[str, Any]) -> None:
        self._board.restart()

    def _demo(self, _intent: dict[str, Any]) -> None:
        if self._shown.game.outcome is not None:
            raise Refusal("the game is over: there is no line left to show")
        self._board.demo()

    def _new_game(self, intent: dict[str, Any]) -> None:
        rules = rules_for(intent["game"])
        try:
            options = rules.check_options(intent["options"])
        except ValueError as error:
            raise Refusal(str(error)) from None
        if intent.get("winnable", False):
            seed = random_seed() if intent["seed"] is None else intent["seed"]
            self._aids.deal_later(rules.name, seed, options)
        else:
            self._shown.switch_to(Game.new(rules.name, intent["seed"], **options))

    def _sync_timeline(self, _intent: dict[str, Any]) -> None:
        self._shown.tell_views(self._shown.timeline.reset())

    def _setting(self, intent: dict[str, Any]) -> None:
        name, value = intent["name"], intent["value"]
        if name == "scoring" and value not in scorings_for(self._shown.game.name):
            raise Refusal(f"{value} scoring is for Klondike only, not {self._shown.game.title}")
        setattr(self._board, name, value)

    def _answer_library(self, intent: dict[str, Any]) -> None:
        self._shown.tell_views(
            {"kind": "library", "request": intent["request"], **self._recorder.panel(self._shown.game)}
        )

    def _open_game(self, intent: dict[str, Any]) -> None:
        try:
            past, shown_ms = self._recorder.past_game(intent["id"])
        except LookupError as error:
            raise Refusal(str(error)) from None
        self._shown.switch_to(past, shown_ms)

    def _view_closed(self, _intent: dict[str, Any]) -> None:
        """Counted by ``_count_view``, which every intent goes through; nothing more to do."""

    def _analyse(self, _intent: dict[str, Any]) -> None:
        try:
            self._analysis.start(self._shown.game)
        except ValueError as error:
            raise Refusal(str(error)) from None

    def _stop_analysis(self, _intent: dict[str, Any]) -> None:
        # Answered whatever its version: the player may play on while the analysis runs.
        if not self._analysis.running_on(self._shown.game):
            raise Refusal("no analysis is running on this board")
        self._analysis.stop("stopped")

    def _learn_from_mistakes(self, _intent: dict[str, Any]) -> None:
        try:
            lesson = MistakesLesson(self._shown.game)
        except ValueError as error:
            raise Refusal(str(error)) from None
        self.studies.start_lesson(lesson)

    def _end_lesson(self, _intent: dict[str, Any]) -> None:
        if self.studies.lesson is None:
            raise Refusal("no lesson is running")
        self.studies.end_lesson()

    def _stop(self, _intent: dict[str, Any]) -> None:
        # Answered whatever its version: the board moves on under a playing strategy.
        if not self._runs.playing:
            raise Refusal("no strategy is playing on this board")
        self._board.stop()

    # ------------------------------------------------------------------ a study's intents
    def _open_chapter(self, intent: dict[str, Any]) -> None:
        if self.studies.study is None:
            raise Refusal("the board shows no study")
        try:
            lesson, game = opening(self.studies.study, intent["index"])
        except ValueError as error:
            raise Refusal(str(error)) from None
        self.studies.show_chapter(self.studies.study, intent["index"], lesson, game)

    def _exercise_hint(self, _intent: dict[str, Any]) -> None:
        lesson = self.studies.lesson
        if not isinstance(lesson, ExerciseLesson):
            raise Refusal("a hint from the author comes with an exercise's question")
        try:
            lesson.hint(self._shown.game)
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._shown.publish(None)

    def _save_file(self, intent: dict[str, Any]) -> None:
        path = file_in_folder(intent["name"], self.studies.folder)
        if path.exists() and format_of(path) not in (record.FORMAT, study_file.FORMAT):
            raise Refusal(f"{path.name} is there already and is not a record or a study: choose another name")
        what = "the study" if self.studies.study is not None else "the game"
        try:
            if self.studies.study is not None:
                self.studies.study.save(path)
            else:
                self._shown.game.save(path)
        except OSError as error:
            raise Refusal(f"could not save {path.name}: {error.strerror or error}") from None
        self._shown.tell_views(
            {"kind": "file", "request": intent["request"], "said": f"Saved {what} to {path.name}."}
        )

    def _open_file(self, intent: dict[str, Any]) -> None:
        path = file_in_folder(intent["name"], self.studies.folder)
        study: Study | None = None
        lesson: BoardLesson | None = None
        try:
            data = study_file.load(path)
            if is_study_file(data):
                study = Study.from_record(data)
                lesson, game = opening(study, 0)
                what = f"the study {study.title!r}"
            else:
                game = Game.from_record(data)  # type: ignore[arg-type]  # checked there
                what = "the game"
        except FileNotFoundError:
            raise Refusal(f"there is no file {path.name} in the notebook's folder") from None
        except OSError as error:
            raise Refusal(f"could not open {path.name}: {error.strerror or error}") from None
        except (RecordError, ValueError) as error:
            raise Refusal(f"{path.name}: {error}") from None
        if study is None:
            self.studies.show_game(game)
        else:
            self.studies.show_chapter(study, 0, lesson, game)
        self._shown.tell_views(
            {"kind": "file", "request": intent["request"], "said": f"Opened {what} from {path.name}."}
        )


class Intent(NamedTuple):
    """One kind of intent: its fields, what carries it out, and how it is checked first."""

    fields: IntentFields
    carry_out: Callable[[IntentHandler, dict[str, Any]], None]
    on_the_board: bool = True
    """False for intents about the view itself, its options or a run (``sync_timeline``,
    ``setting``, ``stop``, ``view_closed``): carried out whatever their version, while a
    strategy plays and in a lesson."""
    in_lesson: bool = False
    """True for the intents a lesson takes: its moves and "Show me"."""


def _by_editor(
    edit: Callable[[BoardEditor, dict[str, Any]], None],
) -> Callable[[IntentHandler, dict[str, Any]], None]:
    """A teacher's edit (``editing.EDITS``), carried out by the handler's editor."""
    return lambda handler, intent: edit(handler.editor, intent)


def _by_building(
    step: Callable[[StudyBuilding, dict[str, Any]], None],
) -> Callable[[IntentHandler, dict[str, Any]], None]:
    """A step of building a study (``building.BUILDING``), carried out by the handler's building."""
    return lambda handler, intent: step(handler.building, intent)


INTENTS: dict[str, Intent] = {
    "move": Intent(fields("source", "target", "count"), IntentHandler._move, in_lesson=True),
    "undo": Intent(fields(), IntentHandler._undo),
    "redo": Intent(fields(), IntentHandler._redo),
    "restart": Intent(fields(), IntentHandler._restart),
    "autoplay": Intent(fields(), IntentHandler._autoplay),
    "new_game": Intent(fields("game", "seed", "options", optional=("winnable",)), IntentHandler._new_game),
    "goto": Intent(fields("ply"), IntentHandler._goto),
    "enter": Intent(fields("node"), IntentHandler._enter),
    "show_me": Intent(fields(), IntentHandler._show_me, in_lesson=True),
    "learn_from_mistakes": Intent(fields(), IntentHandler._learn_from_mistakes),
    "end_lesson": Intent(fields(), IntentHandler._end_lesson, in_lesson=True),
    "sync_timeline": Intent(fields(), IntentHandler._sync_timeline, on_the_board=False),
    "hint": Intent(fields(), IntentHandler._hint),
    "setting": Intent(fields("name", "value"), IntentHandler._setting, on_the_board=False),
    "demo": Intent(fields(), IntentHandler._demo),
    "stop": Intent(fields(), IntentHandler._stop, on_the_board=False),
    "analyse": Intent(fields(), IntentHandler._analyse),
    "stop_analysis": Intent(fields(), IntentHandler._stop_analysis, on_the_board=False),
    "view_closed": Intent(fields(), IntentHandler._view_closed, on_the_board=False),
    "library": Intent(fields(), IntentHandler._answer_library, on_the_board=False),
    "open_game": Intent(fields("id"), IntentHandler._open_game),
    **{kind: Intent(fields, _by_editor(edit)) for kind, (fields, edit) in EDITS.items()},
    "open_chapter": Intent(fields("index"), IntentHandler._open_chapter, in_lesson=True),
    "exercise_hint": Intent(fields(), IntentHandler._exercise_hint, in_lesson=True),
    "save_file": Intent(fields("name"), IntentHandler._save_file, on_the_board=False),
    "open_file": Intent(fields("name"), IntentHandler._open_file, in_lesson=True),
    **{kind: Intent(fields, _by_building(step)) for kind, (fields, step) in BUILDING.items()},
}
"""Every kind of intent a view may send (see ``protocol.md``), with its fields and handler."""

_FIELDS = {kind: intent.fields for kind, intent in INTENTS.items()}
