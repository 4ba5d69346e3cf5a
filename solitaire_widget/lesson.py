"""Lessons: the student finds each next move of a recorded game's main line.

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

from typing import Any

from .engine import explain
from .engine.moves import IllegalMove, Move
from .game import Game

OTHER_MOVE = "legal, but the lesson plays something else"


class Lesson:
    """The main line of a game (from its start) as a lesson, and the student's progress."""

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
            expected = self._next(game)
            move = game.parse_move(move)
            if move != expected:
                if move not in game.legal_moves():
                    raise IllegalMove(move, game.explain(move))
                return OTHER_MOVE
            self.found += 1
            return self._play(game, "Right")

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
            "total": self.total,
            "ply": game.ply,
            "found": self.found,
            "shown": self.shown,
            "done": game.ply >= self.total,
            "said": self.said,
        }
