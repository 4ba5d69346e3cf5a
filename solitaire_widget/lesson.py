"""Lessons: the student finds each next move of a recorded game's main line (``Lesson``), or
better moves where an analysed game went wrong (``MistakesLesson``).

>>> from solitaire_widget import Game
>>> teacher = Game.new("father", seed=3)
>>> for _ in range(3):
...     _ = teacher.play(teacher.legal_moves()[0])
>>> lesson = Lesson(teacher)
>>> student = lesson.student_game()
>>> lesson.answer(student, student.legal_moves()[-1])
'legal, but the lesson plays something else'
>>> lesson.answer(student, teacher.line[0]).startswith("Right")
True
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Protocol

from .engine import explain
from .engine.moves import IllegalMove, Move
from .game import Game
from .judgement.analysis import MoveAnalysis
from .judgement.chances import percent
from .judgement.moves import GOOD_BELOW

OTHER_MOVE = "legal, but the lesson plays something else"


class Lesson:
    """The main line of a game (from its start) as a lesson, and the student's progress."""

    kind = "moves"

    def __init__(self, source: Game) -> None:
        self.source = source.copy()
        self.source.goto(0)
        self._nodes = list(self.source.root.main_continuation())
        self.found = 0
        self.shown = 0
        self.said: str | None = self.source.root.comment or None

    @property
    def total(self) -> int:
        """Moves the student must find."""
        return len(self._nodes)

    def student_game(self) -> Game:
        """A fresh game at the lesson's start, for the student to play."""
        return Game(self.source.start, self.source.seed)

    def expected(self, game: Game) -> Move | None:
        """The lesson's next move where ``game`` stands, None when the lesson is over or
        ``game`` has left the lesson's line."""
        ply = game.ply
        if ply >= self.total or game.history != tuple(node.move for node in self._nodes[:ply]):
            return None
        return self._nodes[ply].move

    def answer(self, game: Game, move: Move) -> str:
        """Play ``move`` on ``game`` when it is the lesson's next move, and say so; for another
        legal move say so and play nothing. ``IllegalMove`` for an illegal one. One step for
        threads sharing ``game``: the check and the move hold its lock together."""
        with game.lock:
            refused = self.refusal(game, move)
            if refused is not None:
                return refused
            self.found += 1
            return self._play(game, "Right")

    def refusal(self, game: Game, move: Move) -> str | None:
        """Why ``move`` is not the answer where ``game`` stands (``OTHER_MOVE``), None when it
        is; ``IllegalMove`` when it is not legal."""
        expected = self._next(game)
        move = game.parse_move(move)
        if move == expected:
            return None
        if move not in game.legal_moves():
            raise IllegalMove(move, game.explain(move))
        return OTHER_MOVE

    def show(self, game: Game) -> str:
        """Play the lesson's next move on ``game`` (counted as shown) and say it, as one step."""
        with game.lock:
            self._next(game)
            self.shown += 1
            return self._play(game, "The move")

    def _next(self, game: Game) -> Move:
        expected = self.expected(game)
        if expected is None:
            raise ValueError(
                "the lesson is over" if game.ply >= self.total else "the game has left the lesson's line"
            )
        return expected

    def _play(self, game: Game, lead: str) -> str:
        """Say the lesson's next move, its comment and, at the end, the count; then play it
        (so whoever watches the game hears it with the words already set)."""
        node = self._nodes[game.ply]
        assert node.move is not None
        words = f"{lead}: {explain.sentence(game.position, node.move)}."
        if node.comment:
            words += f" {node.comment}"
        if node.ply == self.total:
            words += f" Lesson complete: you found {self.found} of {self.total} moves unaided."
        self.said = words
        game.play(node.move)
        return words

    def state(self, game: Game) -> dict[str, Any]:
        """The lesson as the widget's state shows it."""
        return {
            "kind": self.kind,
            "total": self.total,
            "ply": game.ply,
            "found": self.found,
            "shown": self.shown,
            "done": game.ply >= self.total,
            "said": self.said,
        }


class Analysed(Protocol):
    """An analysis of a line: its moves judged (``judgement.analysis``)."""

    @property
    def moves(self) -> Sequence[MoveAnalysis]: ...


class MistakesLesson:
    """Learn from your mistakes: an analysed game's mistakes and blunders, one question each.

    The student stands before each move the analysis judged a mistake or a blunder (decided,
    not left open by the sampling) and is asked for a better move. Any legal move whose win
    chance is within the "good" band of the best (``judgement.moves``: under 5 points below
    it, judged on the analysis's own samples, so any good move is right, not one fixed line)
    is accepted; the answer then shows the move's chance, the chance of the move played in the
    game and the best move's, and the lesson goes on to the position before the next mistake
    (the game's own moves lead there; the student's answer stays in the tree as a variation).
    A move that is not good enough is refused with its chance, and the student may try again
    or ask to be shown the best move.

    ``analysis`` is ``source.analysis`` unless given (anything with the ``moves`` of a
    ``judgement.analysis`` analysis). ``ValueError`` when there is no analysis, or it judged no
    move a mistake or a blunder. The lesson speaks the same interface as ``Lesson``
    (``student_game``, ``expected``, ``answer``, ``show``, ``state``), so a board runs either.
    """

    kind = "mistakes"

    def __init__(self, source: Game, analysis: Analysed | None = None) -> None:
        if analysis is None:
            analysis = source.analysis
        if analysis is None:
            raise ValueError("the game has no analysis: analyse it first (sw.analyse or the board's Analyse)")
        self.source = source.copy()
        self._line = self.source.line
        self._questions = [move for move in analysis.moves if move.judgement in ("mistake", "blunder")]
        if not self._questions:
            raise ValueError("the analysis judged no move a mistake or a blunder: nothing to learn from")
        self.asked = 0
        """Questions answered or shown so far."""
        self.found = 0
        self.shown = 0
        self.said: str | None = None

    @property
    def total(self) -> int:
        """Questions in the lesson: the analysed mistakes and blunders."""
        return len(self._questions)

    def student_game(self) -> Game:
        """A game at the lesson's start (its first question), with no moves ahead to see."""
        game = Game(self.source.start, self.source.seed)
        for move in self._line[: self._questions[0].ply - 1]:
            game.play(move)
        self.said = self._question_words()
        return game

    def expected(self, game: Game) -> Move | None:
        """The best move where ``game`` stands when it stands at the current question; None when
        the lesson is over or ``game`` stands elsewhere."""
        if self.asked >= self.total:
            return None
        question = self._questions[self.asked]
        if game.history != self._line[: question.ply - 1]:
            return None
        return question.best_move

    def refusal(self, game: Game, move: Move) -> str | None:
        """Why ``move`` is not accepted as an answer where ``game`` stands (None: it is);
        ``IllegalMove`` when it is not legal."""
        self._next(game)
        move = game.parse_move(move)
        if move not in game.legal_moves():
            raise IllegalMove(move, game.explain(move))
        question = self._questions[self.asked]
        chance = question.chances.moves[move]
        if float(question.best_chance) - float(chance) < GOOD_BELOW:
            return None
        return (
            f"not better enough: {explain.sentence(game.position, move)} wins {percent(chance)}, "
            f"the best move {percent(question.best_chance)}; try again, or Show me"
        )

    def answer(self, game: Game, move: Move) -> str:
        """Play ``move`` when it is a good answer (see the class docstring) and go on to the next
        question; for another legal move return the refusal and play nothing. One step for
        threads sharing ``game``."""
        with game.lock:
            refused = self.refusal(game, move)
            if refused is not None:
                return refused
            self.found += 1
            return self._answered(game, game.parse_move(move), "Good")

    def show(self, game: Game) -> str:
        """Play the best move for the student (counted as shown) and go on, as one step."""
        with game.lock:
            best = self._next(game)
            self.shown += 1
            return self._answered(game, best, "The best move")

    def _next(self, game: Game) -> Move:
        expected = self.expected(game)
        if expected is None:
            over = self.asked >= self.total
            raise ValueError("the lesson is over" if over else "the game has left the lesson")
        return expected

    def _answered(self, game: Game, move: Move, lead: str) -> str:
        question = self._questions[self.asked]
        position = game.position
        words = f"{lead}: {explain.sentence(position, move)} wins {question.chances.moves[move].in_words}"
        if question.chances.choice(move) == question.best_move:
            words += ", the best chance here."
        else:
            best = explain.sentence(position, question.best_move)
            words += f"; the best, {best}, wins {percent(question.best_chance)}."
        played = explain.sentence(position, question.move)
        words += f" In the game, {played} (a {question.judgement}) won {percent(question.chance_after)}."
        game.play(move)
        self.asked += 1
        if self.asked < self.total:
            game.undo()
            for line_move in self._line[question.ply - 1 : self._questions[self.asked].ply - 1]:
                game.play(line_move)
            words += f" {self._question_words()}"
        else:
            words += f" Lesson complete: you found {self.found} of {self.total} better moves yourself."
        self.said = words
        return words

    def _question_words(self) -> str:
        question = self._questions[self.asked]
        return (
            f"Before move {question.ply} the game played a {question.judgement}: "
            f"find a better move (the chance here is {percent(question.chance_before)})."
        )

    def state(self, game: Game) -> dict[str, Any]:
        """The lesson as the widget's state shows it (as ``Lesson.state``, with ``kind``)."""
        return {
            "kind": self.kind,
            "total": self.total,
            "ply": self.asked,
            "found": self.found,
            "shown": self.shown,
            "done": self.asked >= self.total,
            "said": self.said,
        }


AnyLesson = Lesson | MistakesLesson
"""Either kind of lesson: a board runs both through the same methods."""
