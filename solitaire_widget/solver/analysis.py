"""The analysis of a line, move by move: the chance before each move, the best move's, the
played move's, and the judgement (``judgement``), each from what the player knew when they
played it (``engine.knowledge.known_along``: the line taken as played straight through).

The work splits into one task per move (``tasks``, ``chances_for``), independent of each
other, so that ``scripting.analyse`` can spread them over processes; ``MoveAnalysis`` and
``summary`` put the answers together.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=3)
>>> for move in ("t3>t1", "s>w"):
...     _ = g.play(move)
>>> tasks_ = tasks(g.start, g.history, samples=4, seed=0, limits=(None, 2_000))
>>> moves = [MoveAnalysis.of(task, chances_for(task)) for task in tasks_]
>>> [(m.ply, str(m.move)) for m in moves]
[(1, 't3>t1'), (2, 's>w')]
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from ..engine import Move, Position
from ..engine.knowledge import known_along
from .chances import Chance, WinChance, chances_at
from .judgement import JUDGEMENTS, Verdict, accuracy, judge


@dataclass(frozen=True)
class Task:
    """One move to judge: the position it was played from, what the player knew there, the
    move, its ply (1 = the first move) and the sampling settings."""

    ply: int
    position: Position
    known: frozenset[int]
    move: Move
    samples: int
    seed: int
    limits: tuple[float | None, int | None]


def tasks(
    start: Position,
    moves: Sequence[Move],
    *,
    samples: int,
    seed: int,
    limits: tuple[float | None, int | None],
) -> list[Task]:
    """One task per move of the line ``moves`` played from ``start`` (arguments checked by
    ``chances.check_sampling``)."""
    found = []
    position = start.copy()
    for ply, (move, known) in enumerate(zip(moves, known_along(start, moves), strict=False), start=1):
        found.append(Task(ply, position.copy(), known, move, samples, seed, limits))
        position.push(move)
    return found


def chances_for(task: Task) -> WinChance:
    """The chances at the task's position (the slow part, run where the executor puts it)."""
    return chances_at(task.position, task.known, task.samples, task.seed, task.limits)


@dataclass(frozen=True)
class MoveAnalysis:
    """One move judged: ``chances`` at the position it was played from, and the ``verdict``."""

    ply: int
    move: Move
    chances: WinChance
    verdict: Verdict

    @classmethod
    def of(cls, task: Task, chances: WinChance) -> MoveAnalysis:
        return cls(task.ply, task.move, chances, judge(chances, task.move))

    @property
    def chance_before(self) -> Chance:
        return self.chances.chance

    @property
    def best_move(self) -> Move:
        best = self.chances.best
        assert best is not None  # a move was played, so one was legal
        return best

    @property
    def best_chance(self) -> Chance:
        return self.chances.moves[self.best_move]

    @property
    def chance_after(self) -> Chance:
        return self.chances.moves[self.move]

    @property
    def judgement(self) -> str | None:
        return self.verdict.judgement

    def row(self) -> dict[str, Any]:
        """The move as a row: ply, move (notation), chance_before, best_chance, chance_after,
        judgement, best_move, drop with drop_low and drop_high, undecided, note."""
        return {
            "ply": self.ply,
            "move": str(self.move),
            "chance_before": float(self.chance_before),
            "best_chance": float(self.best_chance),
            "chance_after": float(self.chance_after),
            "judgement": self.judgement,
            "best_move": str(self.best_move),
            "drop": self.verdict.drop,
            "drop_low": self.verdict.drop_low,
            "drop_high": self.verdict.drop_high,
            "undecided": self.chance_before.undecided,
            "note": self.verdict.note,
        }


def summary(moves: Sequence[MoveAnalysis]) -> dict[str, Any]:
    """A game's analysis in brief: moves, judged (moves with a judgement), accuracy (mean
    over judged moves, see ``judgement``; None when none is judged), and the count of each
    judgement."""
    judged = [move for move in moves if move.judgement is not None]
    counts = Counter(move.judgement for move in judged)
    mean = sum(accuracy(max(0.0, move.verdict.drop)) for move in judged) / len(judged) if judged else None
    return {
        "moves": len(moves),
        "judged": len(judged),
        "accuracy": mean,
        **{judgement: counts.get(judgement, 0) for judgement in JUDGEMENTS},
    }
