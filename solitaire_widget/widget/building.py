"""Building a study on the board, as a teacher does with no Python typed: start a study, mark
the moves of the game on show that an exercise asks for (each with an optional hint), and
add the game on show as a chapter. Each is an intent (the protocol's common rules are in
``intents.py``) or a method of the widget (``start_study``, ``ask``, ``unask``, ``asked``,
``add_chapter``), carried out by the same code, so the board and Python build alike.

Intents (view -> Python)
========================

::

    {"kind": "start_study", "version": v, "request": id, "title": str}
    {"kind": "ask", "version": v, "request": id, "node": id, "hint": str}   "" for no hint
    {"kind": "unask", "version": v, "request": id, "node": id}
    {"kind": "add_chapter", "version": v, "request": id, "title": str}

``start_study`` shows a new study with no chapter (the game on show stays; a study on show
before is put aside, and a chapter being judged for it still goes to it). ``ask`` marks a
move of the game's main line (a timeline id; not the start) as a question of the next
chapter, with the author's hint (plain text, as a comment), or changes its hint; ``unask``
takes the mark away. A question whose move leaves the main line (deleted, or a variation
promoted over it) is dropped. ``add_chapter`` adds the game on show as the study's next
chapter titled ``title``: the game itself, so what is played or annotated on it afterwards
is in the study (a copy when it is a chapter already). With questions marked, the chapter
is an exercise: the moves accepted at each are judged first (``study.exercise``, with
``Study.add_chapter``'s samples and limits, a fraction of a second a question with the C
search) in the play aids' worker, one question at a time, while the board plays on (where
no worker can start, in JupyterLite, in the kernel as the intent is handled: some seconds a
question with the pure-Python search); the chapter is added when the last is judged (not
when its main line changed meanwhile: ``said`` says so). Each is refused, changing nothing,
when stale or malformed, without a study (``ask``, ``unask``, ``add_chapter``), for a bad
title or hint, a node not in the tree or off the main line, a move not asked (``unask``),
while a chapter is being judged (``add_chapter``), in a lesson and while a strategy plays.

State (Python -> view)
======================

While a study is on show its ``study`` field (``intents.py``) also carries::

    asked       [{"node": id, "ply": k, "hint": str}, ...]: the questions marked on the game
                on show, by ply
    judging     null, or while a chapter's questions are judged {"title", "questions": n}
    said        null, or what the last building step came to, in words ("Added chapter 2,
                'Your turn': an exercise of 1 question.", or why it was not added)
"""

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
from .intents import IntentFields, Refusal, brief
from .studying import StudyBoard
from .tasks import AidTasks

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


class BuildingBoard(StudyBoard):
    """The board's side of building a study (a mixin: the widget provides what ``StudyBoard``
    and ``StateSync`` declare, and ``_building``)."""

    _building: StudyBuilder

    def start_study(self, title: str) -> Study:
        """Show a new, empty study titled ``title`` (the game on show stays) and return it; add
        chapters with ``add_chapter``. ``ValueError`` for a bad title or during a lesson."""
        with self._holding_game():
            self._refused_as_value_error(lambda: self._start_study({"title": title}))
            assert self._study is not None
            return self._study

    @property
    def asked(self) -> dict[int, str]:
        """The moves of the game on show marked as questions for the next chapter: {ply of the
        main line: the author's hint}."""
        with self._holding_game() as game:
            return {node.ply: hint for node, hint in self._building.asked(game).items()}

    def ask(self, ply: int, hint: str = "") -> None:
        """Mark move ``ply`` (1 = the first) of the main line of the game on show as a question of
        the next chapter, with the author's ``hint``; ``ValueError`` saying why not."""
        with self._holding_game() as game:
            self._refused_as_value_error(lambda: self._ask_at(self._main_node(game, ply), hint))

    def unask(self, ply: int) -> None:
        """Take away the question at move ``ply`` of the main line; ``ValueError`` if none is there."""
        with self._holding_game() as game:
            self._refused_as_value_error(lambda: self._unask_at(self._main_node(game, ply)))

    def add_chapter(self, title: str) -> Chapter:
        """Add the game on show to the study on show as its next chapter titled ``title`` (the
        game itself, or a copy when it is a chapter already), an exercise when moves are
        asked (``ask``); waits while they are judged in the worker, as the board's Add
        chapter does (``building.py``), and returns the ``Chapter``. ``ValueError`` saying
        why not, the study unchanged."""
        with self._holding_game():
            finished = self._refused_as_value_error(lambda: self._start_chapter(title))
        try:
            return finished.result()
        except KeyboardInterrupt:
            with self._holding_game():
                self._building.stop("Interrupted")
            raise

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

    def _study_state(self) -> dict[str, Any] | None:
        shown = super()._study_state()
        if shown is not None:
            assert self._study is not None
            shown.update(self._building.state(self._study, self._game, self._timeline.id_of))
        return shown

    def _chapter_added(self, study: Study, chapter: Chapter | None) -> None:
        """A chapter was added (or judging ended without one): show it, on the publishing
        thread or the intent's, holding the lock of the game on show."""
        if chapter is not None and study is self._study and chapter.game is self._game:
            self._chapter = (len(study.chapters) - 1, chapter.game)
        self._publish(None)

    def _needs_study(self) -> Study:
        if self._study is None:
            raise Refusal("start a study first (File, New study): questions and chapters go in a study")
        return self._study

    def _ask_at(self, node: Node, hint: object) -> None:
        self._needs_study()
        self._building.ask(self._game, node, hint)
        self._publish(None)

    def _unask_at(self, node: Node) -> None:
        self._needs_study()
        self._building.unask(self._game, node)
        self._publish(None)

    def _start_chapter(self, title: object) -> Future[Chapter]:
        study = self._needs_study()
        copied = any(chapter.game is self._game for chapter in study.chapters)
        finished = self._building.start(study, self._game, title, copied)
        if not finished.done():
            self._publish(None)  # the judging shows; the chapter's own state comes when it is added
        return finished

    # ------------------------------------------------------------------ the intents
    def _start_study(self, intent: dict[str, Any]) -> None:
        if self._lesson is not None:
            raise Refusal("not during a lesson: end it first")
        try:
            study = Study(intent["title"])
        except ValueError as error:
            raise Refusal(str(error)) from None
        self._study, self._chapter = study, None
        self._building.say(
            study, f"Started the study {study.title!r}: add the game on show as its first chapter."
        )
        self._publish(None)

    def _ask(self, intent: dict[str, Any]) -> None:
        self._ask_at(self._tree_node(intent["node"]), intent["hint"])

    def _unask(self, intent: dict[str, Any]) -> None:
        self._unask_at(self._tree_node(intent["node"]))

    def _add_chapter(self, intent: dict[str, Any]) -> None:
        self._start_chapter(intent["title"])

    def _tree_node(self, node_id: object) -> Node:
        node = self._timeline.node(node_id)
        if node is None:
            raise Refusal(f"there is no move {brief(node_id)} in this game's timeline any more")
        return node


def _fields(*required: str) -> IntentFields:
    return IntentFields(frozenset(required))


BUILDING: dict[str, tuple[IntentFields, Callable[[BuildingBoard, dict[str, Any]], None]]] = {
    "start_study": (_fields("title"), BuildingBoard._start_study),
    "ask": (_fields("node", "hint"), BuildingBoard._ask),
    "unask": (_fields("node"), BuildingBoard._unask),
    "add_chapter": (_fields("title"), BuildingBoard._add_chapter),
}
"""The intents that build a study, their fields and handlers (``handling.INTENTS`` takes them in)."""
