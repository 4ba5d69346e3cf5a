"""Carrying out the intents views send (the protocol is in ``intents.py``): one table,
``INTENTS``, gives each kind its fields and what carries it out, so a kind cannot be accepted
without a handler; a failed intent is taken back whole.

An intent is handled on the thread that delivers it (JupyterLab's comm subshell, by default),
holding the lock of the game on show from its first check to its answer: no other thread's
move can come between its version check and its change, nor between a failure and the
rollback, which therefore takes back only what this intent did.
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any, NamedTuple

from ..engine.deal import random_seed
from ..engine.games import rules_for
from ..engine.moves import IllegalMove, Move
from ..game import Game
from ..lesson import MistakesLesson
from ..records import record
from ..records import study as study_file
from ..records.record import RecordError
from ..study import BoardLesson, ExerciseLesson, Study, is_study_file
from .analysis import BoardAnalysis
from .building import BUILDING, BuildingBoard
from .editing import EDITS, BoardEditing
from .intents import STALE, IntentFields, Refusal, brief, checked_intent, request_id, view_of
from .pyodide_messages import from_the_view
from .recording import Recorder, scorings_for
from .run import Run
from .state import Clock
from .studying import file_in_folder, format_of, opening

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


class IntentHandling(BoardEditing, BuildingBoard):
    """The part of ``SolitaireWidget`` that carries out its views' intents, with the
    publishing it builds on (a mixin: the widget provides what is declared here)."""

    log: logging.Logger
    _answered: dict[str, None]
    _views: set[str]
    _analysis: BoardAnalysis
    _recorder: Recorder
    _play_and_autoplay: Callable[[Move | str], Move]
    autoplay: Callable[[], list[Move]]
    restart: Callable[[], Game]
    demo: Callable[[], Run]
    stop: Callable[[], None]

    def _receive_intent(self, _widget: object, content: object, buffers: object) -> None:
        """Carry out or refuse one intent from a view; never raises (see ``intents.py``)."""
        request = None
        try:
            content = from_the_view(content)
            request = request_id(content)
            with self._holding_game():
                self._obey(content, request, buffers)
            return
        except Refusal as refusal:
            reason = refusal.reason
        except Exception as error:  # a message from a view must never break the kernel
            self.log.exception("SolitaireWidget: an intent failed unexpectedly")
            reason = f"an internal error stopped this ({type(error).__name__}: {error})"
        try:
            self._tell_views({"kind": "refused", "request": request, "reason": reason[:_MAX_REASON]})
        except Exception:  # the same: the handler must not raise
            self.log.exception("SolitaireWidget: could not send a refusal")

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
        if content["version"] != self.state["version"]:
            raise Refusal(STALE)
        if self._lesson is not None and not intent.in_lesson:
            raise Refusal("not during a lesson: find the next move, or press Show me")
        game = self._game
        before = _Snapshot(game, game.copy(), self._clock, self.state["version"], self._runs.last)
        try:
            with self._gathered():
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
            if self._game is not before.game:
                self._follow(before.game)
            before.game.restore(before.copy)
            self._clock, self._runs.last = before.clock, before.last_run
            if self.state["version"] != before.version:
                self._publish(None)
        except Exception:  # report it, and let the original error be answered
            self.log.exception("SolitaireWidget: could not take back a failed intent")

    # ------------------------------------------------------------------ one handler per kind
    def _move(self, intent: dict[str, Any]) -> None:
        move = Move(intent["source"], intent["target"], intent["count"])
        lesson = self._lesson
        try:
            if lesson is None:
                self._play_and_autoplay(move)
            elif (refused := self._lesson_goes_on(lesson).refusal(self._game, move)) is not None:
                if isinstance(lesson, ExerciseLesson):
                    lesson.wrong(refused)  # the exercise says "not that" in its panel too
                    self._publish(None)
                raise Refusal(refused)
            else:
                lesson.answer(self._game, move)
        except IllegalMove as refused:
            raise Refusal(refused.reason) from None

    def _show_me(self, _intent: dict[str, Any]) -> None:
        if self._lesson is None:
            raise Refusal("no lesson is running")
        self._lesson_goes_on(self._lesson).show(self._game)

    def _lesson_goes_on(self, lesson: BoardLesson) -> BoardLesson:
        if lesson.expected(self._game) is None:
            over = self._game.ply >= lesson.total
            raise Refusal("the lesson is over" if over else "the game has left the lesson")
        return lesson

    def _hint(self, _intent: dict[str, Any]) -> None:
        self._recorder.hint_asked()
        self._aids.ask_hint()

    def _goto(self, intent: dict[str, Any]) -> None:
        line = len(self._game.line)
        if not 0 <= intent["ply"] <= line:
            raise Refusal(f"there is no move {intent['ply']} in this line (it has {line})")
        self._game.goto(intent["ply"])

    def _enter(self, intent: dict[str, Any]) -> None:
        node = self._timeline.node(intent["node"])
        if node is None:
            raise Refusal(f"there is no move {brief(intent['node'])} in this game's timeline any more")
        self._game.enter(node)

    def _undo(self, _intent: dict[str, Any]) -> None:
        if not self._game.history:
            raise Refusal("there is no move to undo")
        self._game.undo()

    def _redo(self, _intent: dict[str, Any]) -> None:
        if not self._game.future:
            raise Refusal("there is no undone move to redo")
        self._game.redo()

    def _autoplay(self, _intent: dict[str, Any]) -> None:
        if not self.autoplay():
            raise Refusal("no card can go to a foundation safely now")

    def _restart(self, _intent: dict[str, Any]) -> None:
        self.restart()

    def _demo(self, _intent: dict[str, Any]) -> None:
        if self._game.outcome is not None:
            raise Refusal("the game is over: there is no line left to show")
        self.demo()

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
            self._switch_to(Game.new(rules.name, intent["seed"], **options))

    def _sync_timeline(self, _intent: dict[str, Any]) -> None:
        self._tell_views(self._timeline.reset())

    def _setting(self, intent: dict[str, Any]) -> None:
        name, value = intent["name"], intent["value"]
        if name == "scoring" and value not in scorings_for(self._game.name):
            raise Refusal(f"{value} scoring is for Klondike only, not {self._game.title}")
        setattr(self, name, value)

    def _answer_library(self, intent: dict[str, Any]) -> None:
        self._tell_views(
            {"kind": "library", "request": intent["request"], **self._recorder.panel(self._game)}
        )

    def _open_game(self, intent: dict[str, Any]) -> None:
        try:
            past, shown_ms = self._recorder.past_game(intent["id"])
        except LookupError as error:
            raise Refusal(str(error)) from None
        self._switch_to(past, shown_ms)

    def _view_closed(self, _intent: dict[str, Any]) -> None:
        """Counted by ``_count_view``, which every intent goes through; nothing more to do."""

    def _analyse(self, _intent: dict[str, Any]) -> None:
        try:
            self._analysis.start(self._game)
        except ValueError as error:
            raise Refusal(str(error)) from None

    def _stop_analysis(self, _intent: dict[str, Any]) -> None:
        # Answered whatever its version: the player may play on while the analysis runs.
        if not self._analysis.running_on(self._game):
            raise Refusal("no analysis is running on this board")
        self._analysis.stop("stopped")

    def _learn_from_mistakes(self, _intent: dict[str, Any]) -> None:
        try:
            lesson = MistakesLesson(self._game)
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._lesson = lesson
        self._switch_to(lesson.student_game())

    def _end_lesson(self, _intent: dict[str, Any]) -> None:
        if self._lesson is None:
            raise Refusal("no lesson is running")
        self._lesson = None
        self._publish(None)

    def _stop(self, _intent: dict[str, Any]) -> None:
        # Answered whatever its version: the board moves on under a playing strategy.
        if not self._runs.playing:
            raise Refusal("no strategy is playing on this board")
        self.stop()

    # ------------------------------------------------------------------ a study's intents
    def _open_chapter(self, intent: dict[str, Any]) -> None:
        if self._study is None:
            raise Refusal("the board shows no study")
        try:
            lesson, game = opening(self._study, intent["index"])
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._chapter, self._lesson = (intent["index"], game), lesson
        self._switch_to(game)

    def _exercise_hint(self, _intent: dict[str, Any]) -> None:
        lesson = self._lesson
        if not isinstance(lesson, ExerciseLesson):
            raise Refusal("a hint from the author comes with an exercise's question")
        try:
            lesson.hint(self._game)
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._publish(None)

    def _save_file(self, intent: dict[str, Any]) -> None:
        path = file_in_folder(intent["name"], self._folder)
        if path.exists() and format_of(path) not in (record.FORMAT, study_file.FORMAT):
            raise Refusal(f"{path.name} is there already and is not a record or a study: choose another name")
        what = "the study" if self._study is not None else "the game"
        try:
            if self._study is not None:
                self._study.save(path)
            else:
                self._game.save(path)
        except OSError as error:
            raise Refusal(f"could not save {path.name}: {error.strerror or error}") from None
        self._tell_views(
            {"kind": "file", "request": intent["request"], "said": f"Saved {what} to {path.name}."}
        )

    def _open_file(self, intent: dict[str, Any]) -> None:
        path = file_in_folder(intent["name"], self._folder)
        try:
            data = study_file.load(path)
            if is_study_file(data):
                study = Study.from_record(data)
                lesson, game = opening(study, 0)
                self._study, self._chapter, self._lesson = study, (0, game), lesson
                what = f"the study {study.title!r}"
            else:
                game = Game.from_record(data)  # type: ignore[arg-type]  # checked there
                self._study, self._lesson = None, None
                what = "the game"
        except FileNotFoundError:
            raise Refusal(f"there is no file {path.name} in the notebook's folder") from None
        except OSError as error:
            raise Refusal(f"could not open {path.name}: {error.strerror or error}") from None
        except (RecordError, ValueError) as error:
            raise Refusal(f"{path.name}: {error}") from None
        self._switch_to(game)
        self._tell_views(
            {"kind": "file", "request": intent["request"], "said": f"Opened {what} from {path.name}."}
        )


class Intent(NamedTuple):
    """One kind of intent: its fields, what carries it out, and how it is checked first."""

    fields: IntentFields
    carry_out: Callable[[IntentHandling, dict[str, Any]], None]
    on_the_board: bool = True
    """False for intents about the view itself, its options or a run (``sync_timeline``,
    ``setting``, ``stop``, ``view_closed``): carried out whatever their version, while a
    strategy plays and in a lesson."""
    in_lesson: bool = False
    """True for the intents a lesson takes: its moves and "Show me"."""


def _fields(*required: str, optional: tuple[str, ...] = ()) -> IntentFields:
    return IntentFields(frozenset(required), frozenset(optional))


INTENTS: dict[str, Intent] = {
    "move": Intent(_fields("source", "target", "count"), IntentHandling._move, in_lesson=True),
    "undo": Intent(_fields(), IntentHandling._undo),
    "redo": Intent(_fields(), IntentHandling._redo),
    "restart": Intent(_fields(), IntentHandling._restart),
    "autoplay": Intent(_fields(), IntentHandling._autoplay),
    "new_game": Intent(_fields("game", "seed", "options", optional=("winnable",)), IntentHandling._new_game),
    "goto": Intent(_fields("ply"), IntentHandling._goto),
    "enter": Intent(_fields("node"), IntentHandling._enter),
    "show_me": Intent(_fields(), IntentHandling._show_me, in_lesson=True),
    "learn_from_mistakes": Intent(_fields(), IntentHandling._learn_from_mistakes),
    "end_lesson": Intent(_fields(), IntentHandling._end_lesson, in_lesson=True),
    "sync_timeline": Intent(_fields(), IntentHandling._sync_timeline, on_the_board=False),
    "hint": Intent(_fields(), IntentHandling._hint),
    "setting": Intent(_fields("name", "value"), IntentHandling._setting, on_the_board=False),
    "demo": Intent(_fields(), IntentHandling._demo),
    "stop": Intent(_fields(), IntentHandling._stop, on_the_board=False),
    "analyse": Intent(_fields(), IntentHandling._analyse),
    "stop_analysis": Intent(_fields(), IntentHandling._stop_analysis, on_the_board=False),
    "view_closed": Intent(_fields(), IntentHandling._view_closed, on_the_board=False),
    "library": Intent(_fields(), IntentHandling._answer_library, on_the_board=False),
    "open_game": Intent(_fields("id"), IntentHandling._open_game),
    **{kind: Intent(fields, handler) for kind, (fields, handler) in EDITS.items()},
    "open_chapter": Intent(_fields("index"), IntentHandling._open_chapter, in_lesson=True),
    "exercise_hint": Intent(_fields(), IntentHandling._exercise_hint, in_lesson=True),
    "save_file": Intent(_fields("name"), IntentHandling._save_file, on_the_board=False),
    "open_file": Intent(_fields("name"), IntentHandling._open_file, in_lesson=True),
    **{kind: Intent(fields, handler) for kind, (fields, handler) in BUILDING.items()},
}
"""Every kind of intent a view may send (see ``intents.py``), with its fields and handler."""

_FIELDS = {kind: intent.fields for kind, intent in INTENTS.items()}
