"""Building a study on the board, as a teacher does with no Python typed: start a study, mark
the moves of the game on show that an exercise asks for (each with an optional hint), and
add the game on show as a chapter (the intents are in ``protocol.md``, Building a study).
``StudyBuilder`` keeps the questions marked and judges a chapter's in the worker;
``StudyBuilding`` is the board's side, carrying out the intents and the widget's methods
(``start_study``, ``ask``, ``unask``, ``asked``, ``add_chapter``) with the same code, so the
board and Python build alike."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from concurrent.futures import Future
from dataclasses import dataclass, field
from functools import partial
from typing import Any, TypeVar

from ..game import Game
from ..records import record
from ..records import study as study_file
from ..records.study import Judging, Question
from ..records.tree import Node
from ..study import EXERCISE_NODE_LIMIT, EXERCISE_SAMPLES, Chapter, Study
from ..study.exercise import game_before, judge_question, main_line
from .intents import IntentFields, Refusal, brief, fields, named_node
from .studying import BoardStudy
from .sync import StatePublisher
from .tasks import AidTasks
from .timeline import TimelineSync

_T = TypeVar("_T")

JUDGING = Judging(EXERCISE_SAMPLES, 0, EXERCISE_NODE_LIMIT)
"""How the board judges an exercise's questions: as ``Study.add_chapter`` does by default."""


def _questions(count: int) -> str:
    return f"{count} question{'s' if count != 1 else ''}"


@dataclass
class _Judging:
    """A chapter whose questions are being judged: where it goes, its game as it was asked
    for (``snapshot``), and the questions judged so far."""

    study: Study
    title: str
    game: Game
    snapshot: Game
    hints: dict[int, str]
    serial: int
    finished: Future[Chapter]
    judged: list[Question] = field(default_factory=list)
    task: Future[Question] | None = None


class StudyBuilder:
    """The questions marked on one board's games and the judging of a chapter in its worker.
    Every method is called, and every answer settled, holding the lock of the game on show;
    ``added(chapter)`` tells the widget a chapter was added (or, with None, that judging
    ended without one)."""

    def __init__(self, *, tasks: AidTasks, added: Callable[[Study, Chapter | None], None]) -> None:
        self._tasks = tasks
        self._added = added
        self._serials = itertools.count(1)
        self._asked: tuple[Game, dict[Node, str]] | None = None
        self._judging: _Judging | None = None
        self._said: tuple[Study, str] | None = None
        """What the last building step came to, and the study it was about."""

    def say(self, study: Study, words: str) -> None:
        """Say ``words`` about ``study`` (shown while it is the study on show)."""
        self._said = (study, words)

    def asked(self, game: Game) -> dict[Node, str]:
        """The questions marked on ``game``, by node in ply order, as far as their moves are on its
        main line (the others are dropped); the dict kept, which ``ask`` and ``unask`` change."""
        if self._asked is None or self._asked[0] is not game:
            return {}
        marked = self._asked[1]
        kept = {node: marked[node] for node in main_line(game) if node in marked}
        self._asked = (game, kept)
        return kept

    def ask(self, game: Game, node: Node, hint: object) -> None:
        """Mark ``node`` of ``game`` as a question with ``hint``; ``Refusal`` saying why not."""
        if node.parent is None:
            raise Refusal("the deal is not a move: an exercise asks for a move of the main line")
        if not node.is_main:
            raise Refusal("an exercise asks for moves of the main line: promote this variation first")
        try:
            hint = record.checked_comment(hint)
        except ValueError as error:
            raise Refusal(f"the hint: {error}") from None
        marked = self.asked(game)
        marked[node] = hint
        self._asked = (game, marked)

    def unask(self, game: Game, node: Node) -> None:
        marked = self.asked(game)
        if node not in marked:
            raise Refusal(f"move {node.ply} is not asked")
        del marked[node]

    def start(self, study: Study, game: Game, title: object, copied: bool) -> Future[Chapter]:
        """Add ``game`` to ``study`` as chapter ``title``: at once, or once the questions marked
        on it are judged; the future gives the ``Chapter`` or fails with a ``ValueError``."""
        if self._judging is not None:
            raise Refusal(f"the chapter {self._judging.title!r} is being judged: wait for it, a few seconds")
        try:
            study_file.checked_title(title, "chapter")
        except ValueError as error:
            raise Refusal(str(error)) from None
        assert isinstance(title, str)
        if len(study.chapters) >= study_file.MAX_CHAPTERS:
            raise Refusal(f"a study has at most {study_file.MAX_CHAPTERS} chapters")
        hints = {node.ply: hint for node, hint in self.asked(game).items()}
        chapter_game = game.copy() if copied else game
        finished: Future[Chapter] = Future()
        self._asked = None
        if not hints:
            self._add(study, Chapter(title, chapter_game), finished)
            return finished
        running = _Judging(study, title, chapter_game, game.copy(), hints, next(self._serials), finished)
        self._judging = running
        self.say(study, f"Judging {_questions(len(hints))} for {title!r}: up to a second each.")
        self._next(running)
        return finished

    def stop(self, why: str) -> None:
        """Stop judging, saying ``why``; nothing is added."""
        running = self._judging
        if running is not None:
            if running.task is not None:
                running.task.cancel()
            self._fail(running, f"{why}: the chapter {running.title!r} was not added.")

    def state(self, study: Study, game: Game, id_of: Callable[[Node], int]) -> dict[str, Any]:
        """The building fields of the ``study`` state for ``study`` and ``game`` on show."""
        running = self._judging
        said = self._said[1] if self._said is not None and self._said[0] is study else None
        return {
            "asked": [
                {"node": id_of(node), "ply": node.ply, "hint": hint}
                for node, hint in self.asked(game).items()
            ],
            "judging": None if running is None else {"title": running.title, "questions": len(running.hints)},
            "said": said,
        }

    def _add(self, study: Study, chapter: Chapter, finished: Future[Chapter]) -> None:
        study.append(chapter)
        kind = f"an exercise of {_questions(len(chapter.questions))}" if chapter.questions else "to read"
        self.say(study, f"Added chapter {len(study.chapters)}, {chapter.title!r}: {kind}.")
        finished.set_result(chapter)
        self._added(study, chapter)

    def _fail(self, running: _Judging, said: str) -> None:
        self._judging = None
        self.say(running.study, said)
        running.finished.set_exception(ValueError(said))
        self._added(running.study, None)

    def _next(self, running: _Judging) -> None:
        ply = list(running.hints)[len(running.judged)]
        task = partial(
            judge_question,
            game_before(running.snapshot, ply),
            ply,
            running.hints[ply],
            samples=JUDGING.samples,
            seed=JUDGING.seed,
            node_limit=JUDGING.node_limit,
        )
        future = self._tasks.submit(task)
        if future is None:
            self._fail(
                running, f"The solver's worker could not start: the chapter {running.title!r} was not added."
            )
            return
        running.task = future
        self._tasks.when_done(future, self._settle, running.serial)

    def _settle(self, future: Future[Question], serial: int) -> None:
        running = self._judging
        if running is None or serial != running.serial or future is not running.task:
            return
        if future.cancelled():  # with the worker's queue (a deal's search left running): again
            self._next(running)
            return
        error = future.exception()
        if error is not None:
            self._fail(running, f"Judging failed ({error}): the chapter {running.title!r} was not added.")
            return
        running.judged.append(future.result())
        if len(running.judged) < len(running.hints):
            self._next(running)
            return
        self._judging = None
        last = max(running.hints)
        with running.game.lock:
            moves = [node.move for node in main_line(running.game)[:last]]
        if moves != [node.move for node in main_line(running.snapshot)[:last]]:
            self._fail(
                running,
                f"The main line changed while it was judged: the chapter {running.title!r} was not added. "
                "Mark its questions and add it again.",
            )
            return
        questions = tuple(running.judged)
        self._add(running.study, Chapter(running.title, running.game, questions, JUDGING), running.finished)


class StudyBuilding:
    """The board's side of building a study: the study and lesson on the board in
    ``studies``, the questions and the judging in ``builder``, the game on show and its
    publishing in ``shown``. Every method is called holding the lock of the game on show;
    the widget's methods raise ``ValueError`` where the intents are refused."""

    def __init__(self, shown: StatePublisher, studies: BoardStudy, builder: StudyBuilder) -> None:
        self._shown = shown
        self._studies = studies
        self._builder = builder

    def start_study(self, title: str) -> Study:
        """Show a new, empty study titled ``title`` and return it (``SolitaireWidget.start_study``)."""
        self._refused_as_value_error(lambda: self._start_study({"title": title}))
        assert self._studies.study is not None
        return self._studies.study

    def asked(self) -> dict[int, str]:
        """The questions marked on the game on show: {ply of the main line: the author's hint}."""
        return {node.ply: hint for node, hint in self._builder.asked(self._shown.game).items()}

    def ask(self, ply: int, hint: str) -> None:
        """Mark move ``ply`` of the main line as a question (``SolitaireWidget.ask``)."""
        self._refused_as_value_error(lambda: self._ask_at(self._main_node(self._shown.game, ply), hint))

    def unask(self, ply: int) -> None:
        """Take away the question at move ``ply`` of the main line (``SolitaireWidget.unask``)."""
        self._refused_as_value_error(lambda: self._unask_at(self._main_node(self._shown.game, ply)))

    def add_chapter(self, title: str) -> Future[Chapter]:
        """Start adding the game on show as chapter ``title`` (``SolitaireWidget.add_chapter``);
        the future gives the ``Chapter`` once its questions are judged."""
        return self._refused_as_value_error(lambda: self._start_chapter(title))

    def study_state(self, game: Game, timeline: TimelineSync) -> dict[str, Any] | None:
        """The ``study`` field of the state with ``game`` on show, building fields included."""
        shown = self._studies.state(game)
        if shown is not None:
            assert self._studies.study is not None
            shown.update(self._builder.state(self._studies.study, game, timeline.id_of))
        return shown

    @staticmethod
    def _refused_as_value_error(action: Callable[[], _T]) -> _T:
        try:
            return action()
        except Refusal as refusal:
            raise ValueError(refusal.reason) from None

    @staticmethod
    def _main_node(game: Game, ply: object) -> Node:
        line = main_line(game)
        if isinstance(ply, bool) or not isinstance(ply, int) or not 1 <= ply <= len(line):
            raise ValueError(f"the main line's moves are 1 to {len(line)}, not {brief(ply)}")
        return line[ply - 1]

    def _needs_study(self) -> Study:
        study = self._studies.study
        if study is None:
            raise Refusal("start a study first (File, New study): questions and chapters go in a study")
        return study

    def _ask_at(self, node: Node, hint: object) -> None:
        self._needs_study()
        self._builder.ask(self._shown.game, node, hint)
        self._shown.publish(None)

    def _unask_at(self, node: Node) -> None:
        self._needs_study()
        self._builder.unask(self._shown.game, node)
        self._shown.publish(None)

    def _start_chapter(self, title: object) -> Future[Chapter]:
        study = self._needs_study()
        game = self._shown.game
        copied = any(chapter.game is game for chapter in study.chapters)
        finished = self._builder.start(study, game, title, copied)
        if not finished.done():
            self._shown.publish(None)  # the judging shows; the chapter's own state comes when it is added
        return finished

    # ------------------------------------------------------------------ the intents
    def _start_study(self, intent: dict[str, Any]) -> None:
        if self._studies.lesson is not None:
            raise Refusal("not during a lesson: end it first")
        try:
            study = Study(intent["title"])
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._studies.start_study(study)
        self._builder.say(
            study, f"Started the study {study.title!r}: add the game on show as its first chapter."
        )
        self._shown.publish(None)

    def _ask(self, intent: dict[str, Any]) -> None:
        self._ask_at(named_node(self._shown.timeline, intent["node"]), intent["hint"])

    def _unask(self, intent: dict[str, Any]) -> None:
        self._unask_at(named_node(self._shown.timeline, intent["node"]))

    def _add_chapter(self, intent: dict[str, Any]) -> None:
        self._start_chapter(intent["title"])


BUILDING: dict[str, tuple[IntentFields, Callable[[StudyBuilding, dict[str, Any]], None]]] = {
    "start_study": (fields("title"), StudyBuilding._start_study),
    "ask": (fields("node", "hint"), StudyBuilding._ask),
    "unask": (fields("node"), StudyBuilding._unask),
    "add_chapter": (fields("title"), StudyBuilding._add_chapter),
}
"""The intents that build a study, their fields and handlers (``handling.INTENTS`` takes them in)."""
