"""Exercises: a chapter whose moves the student must find at the plies its author marks.

At each marked ply the student stands before the author's move and is asked for it. The
author's own move is right, and so is any move within the "good" band of the best
(``judgement.moves``: under 5 points of win chance below it), judged on samples of the
unseen cards as "learn from your mistakes" judges (``judgement.chances.win_chance``). The
judging is done once, when the author adds the chapter (``judge``), and kept in the study,
so a student's answer is checked at once. The author's hint is given on request.

``ExerciseLesson`` runs an exercise through the interface of ``lesson.Lesson`` (so a board
runs it as it runs any lesson), with ``hint`` besides.

>>> from solitaire_widget import Game
>>> teacher = Game.new("klondike", seed=7)
>>> for move in ("t4>f0", "t6>f1", "t6>t2"):
...     _ = teacher.play(move)
>>> questions = judge(teacher, {3: "Uncover a card."}, samples=4, seed=0, node_limit=500)
>>> lesson = ExerciseLesson(teacher, questions)
>>> student = lesson.student_game()
>>> student.ply, lesson.hint(student)
(2, 'Hint: Uncover a card.')
>>> lesson.answer(student, "t6>t2")
'Right: Q♣ from column 7 onto K♦ in column 3. Exercise complete: you found 1 of 1 move yourself.'
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from ..engine import explain
from ..engine.moves import IllegalMove, Move
from ..game import Game
from ..judgement.chances import win_chance
from ..judgement.moves import GOOD_BELOW
from ..lesson import AnyLesson
from ..records import record
from ..records.study import Question
from ..records.tree import Node


def main_line(game: Game) -> list[Node]:
    """The nodes of ``game``'s main line, its first move first."""
    return list(game.root.main_continuation())


def judge(
    game: Game,
    plies: Mapping[int, str] | Iterable[int],
    *,
    samples: int,
    seed: int,
    node_limit: int | None,
) -> tuple[Question, ...]:
    """The questions of an exercise on ``game``'s main line at ``plies`` (move numbers, 1 =
    the first; a mapping gives each its hint), each with the moves in the good band of the
    best, judged on ``samples`` (see ``win_chance``). ``ValueError`` naming a ply that is not
    a move of the main line or a hint that cannot be a comment."""
    hints = checked_questions(game, plies)
    return tuple(
        judge_question(game_before(game, ply), ply, hint, samples=samples, seed=seed, node_limit=node_limit)
        for ply, hint in hints.items()
    )


def checked_questions(game: Game, plies: Mapping[int, str] | Iterable[int]) -> dict[int, str]:
    """``plies`` (as ``judge`` takes them) as {ply: hint} in increasing order; ``ValueError``
    naming a ply that is not a move of ``game``'s main line or a hint that cannot be a comment."""
    hints = dict(plies) if isinstance(plies, Mapping) else dict.fromkeys(plies, "")
    length = len(main_line(game))
    if not hints:
        raise ValueError("an exercise asks for at least one move: give the plies to ask for")
    for ply, hint in hints.items():
        if isinstance(ply, bool) or not isinstance(ply, int) or not 1 <= ply <= length:
            raise ValueError(f"an exercise asks for moves of the main line, 1 to {length}, not {ply!r}")
        record.checked_comment(hint)
    return {ply: hints[ply] for ply in sorted(hints)}


def game_before(game: Game, ply: int) -> Game:
    """A game from ``game``'s start with the moves of its main line before move ``ply`` played."""
    before = Game(game.start, game.seed)
    for node in main_line(game)[: ply - 1]:
        assert node.move is not None
        before.play(node.move)
    return before


def judge_question(
    before: Game, ply: int, hint: str, *, samples: int, seed: int, node_limit: int | None
) -> Question:
    """The question asking for move ``ply`` where ``before`` stands (``game_before``): the moves
    in the good band of the best, judged on ``samples``. The slow part (about a second with
    the exercise's default samples), and picklable: a board runs it in its worker."""
    chances = win_chance(before, samples, seed=seed, node_limit=node_limit)
    best = max((float(chance) for chance in chances.moves.values()), default=0.0)
    good = tuple(
        move
        for move in before.legal_moves()
        if best - float(chances.moves[chances.choice(move)]) < GOOD_BELOW
    )
    return Question(ply, hint, good)


class ExerciseLesson:
    """An exercise being answered: the student's progress through its questions.

    ``student_game`` stands before the first question, with the author's moves (and their
    comments and marks) before it played; a right answer is played (the author's move then
    follows it in the main line when the student found another good one, which stays as a
    variation) and the author's moves lead on to the next question; after the last, to the
    end of the main line.
    """

    kind = "exercise"

    def __init__(self, source: Game, questions: tuple[Question, ...]) -> None:
        self.source = source.copy()
        self._nodes = main_line(self.source)
        self._questions = questions
        self.asked = 0
        """Questions answered or shown so far."""
        self.found = 0
        self.shown = 0
        self.hints = 0
        self.said: str | None = None
        self.answered: str | None = None
        """What ``said`` answers: "right", "wrong", "shown" or "hint" (None for a question)."""

    @property
    def total(self) -> int:
        """Questions in the exercise."""
        return len(self._questions)

    def student_game(self) -> Game:
        """A game at the exercise's start, played on to its first question."""
        game = Game(self.source.start, self.source.seed)
        game.annotate(0, self.source.root.comment, self.source.root.marks)
        self._play_on(game)
        return game

    def expected(self, game: Game) -> Move | None:
        """The author's move where ``game`` stands at the current question; None when the
        exercise is over or ``game`` stands elsewhere."""
        if self.asked >= self.total:
            return None
        ply = self._questions[self.asked].ply
        if game.history != tuple(node.move for node in self._nodes[: ply - 1]):
            return None
        return self._nodes[ply - 1].move

    def refusal(self, game: Game, move: Move | str) -> str | None:
        """Why ``move`` is not a right answer where ``game`` stands (None: it is);
        ``IllegalMove`` when it is not legal, ``ValueError`` when no question is asked."""
        author = self._next(game)
        move = game.parse_move(move)
        if move == author or move in self._questions[self.asked].good:
            return None
        if move not in game.legal_moves():
            raise IllegalMove(move, game.explain(move))
        return f"Not that: {explain.sentence(game.position, move)}. Try again, or ask for a hint."

    def answer(self, game: Game, move: Move | str) -> str:
        """Play ``move`` when it is right (see the class docstring) and go on; for another
        legal move say why not and play nothing. One step for threads sharing ``game``."""
        with game.lock:
            refused = self.refusal(game, move)
            if refused is not None:
                self.wrong(refused)
                return refused
            self.found += 1
            words = self._answered(game, game.parse_move(move), "Right")
            self.answered = "right"
            return words

    def wrong(self, words: str) -> None:
        """Say ``words``, the refusal of a wrong answer (a board refuses the move itself)."""
        self.said, self.answered = words, "wrong"

    def show(self, game: Game) -> str:
        """Play the author's move for the student (counted as shown) and go on, as one step."""
        with game.lock:
            author = self._next(game)
            self.shown += 1
            words = self._answered(game, author, "The move")
            self.answered = "shown"
            return words

    def hint(self, game: Game) -> str:
        """The author's hint for the question asked (or where the move starts, when the author
        gave none), said on the board too; ``ValueError`` when no question is asked."""
        with game.lock:
            author = self._next(game)
            text = self._questions[self.asked].hint
            self.hints += 1
            if not text:
                text = f"the move starts from {explain.pile_words(author.source)}."
            self.said, self.answered = f"Hint: {text}", "hint"
            return self.said

    def _next(self, game: Game) -> Move:
        expected = self.expected(game)
        if expected is None:
            raise ValueError(
                "the exercise is over" if self.asked >= self.total else "the game has left the exercise"
            )
        return expected

    def _answered(self, game: Game, move: Move, lead: str) -> str:
        author_node = self._nodes[self._questions[self.asked].ply - 1]
        assert author_node.move is not None
        words = f"{lead}: {explain.sentence(game.position, move)}."
        if move != author_node.move:
            words += f" The author played {explain.sentence(game.position, author_node.move)}."
            game.play(move)
            game.undo()
        if author_node.comment:
            words += f" {author_node.comment}"
        self._play_author(game, author_node)
        if move != author_node.move:
            game.promote(game.node)  # the author's line stays the main line
        self.asked += 1
        self._play_on(game)
        if self.asked < self.total:
            words += f" {self._question_words()}"
        else:
            moves = f"{self.total} move{'s' if self.total != 1 else ''}"
            words += f" Exercise complete: you found {self.found} of {moves} yourself."
        self.said = words
        return words

    def _play_author(self, game: Game, node: Node) -> None:
        assert node.move is not None
        game.play(node.move)
        if node.comment or node.marks:
            game.annotate(game.ply, node.comment, node.marks)

    def _play_on(self, game: Game) -> None:
        """Play the author's moves up to the next question (after the last: to the end)."""
        stop = self._questions[self.asked].ply - 1 if self.asked < self.total else len(self._nodes)
        for node in self._nodes[game.ply : stop]:
            self._play_author(game, node)
        if self.asked < self.total:
            self.said = self._question_words()

    def _question_words(self) -> str:
        question = self._questions[self.asked]
        hint = " (a hint is there on request)" if question.hint else ""
        return f"Move {question.ply}: find the move{hint}."

    def state(self, game: Game) -> dict[str, Any]:
        """The exercise as the widget's state shows it (as ``Lesson.state``, with ``hints`` and
        ``answered``)."""
        return {
            "kind": self.kind,
            "total": self.total,
            "ply": self.asked,
            "found": self.found,
            "shown": self.shown,
            "hints": self.hints,
            "done": self.asked >= self.total,
            "said": self.said,
            "answered": self.answered,
        }


BoardLesson = AnyLesson | ExerciseLesson
"""Any lesson a board runs: a game's moves, learning from mistakes, or an exercise."""
