"""``Plan``: a line of moves to follow from a position, one move at a time, for as long as
the game stays on it.

A hint is the first move of a plan: the solver's winning line, or the fair player's
set-up and commitment. Asked again after the player followed it, the hint is the plan's
next move, not the answer of a new search: a new search may find another line, which may
start by taking back the move just played, and a player who follows such hints goes round
in circles. A plan knows the positions along it by their keys, so it answers wherever the
game stands on it, after an undo as well, and nowhere else.

>>> from solitaire_widget import Game, Move
>>> g = Game.new("klondike", seed=42)
>>> plan = Plan(g.position, [Move("waste", "tableau/5"), Move("stock", "waste")])
>>> plan.rest(g.position)
(Move(source='waste', target='tableau/5', count=1), Move(source='stock', target='waste', count=1))
>>> _ = g.play("s>w")
>>> plan.rest(g.position) is None
True
"""

from __future__ import annotations

from collections.abc import Collection, Iterator, Sequence

from ..engine import Move, Position

PositionKey = tuple[int | None, bytes]
"""``Position.key()``: equal exactly when two positions of one game are."""


class Plan:
    """The moves of a line from ``position`` and the positions along it. A line that comes
    back to a position is followed from its last visit there, so the loop is skipped."""

    __slots__ = ("_steps", "moves")

    def __init__(self, position: Position, moves: Sequence[Move]) -> None:
        self.moves = tuple(moves)
        self._steps: dict[PositionKey, int] = {}
        for index, key in enumerate(keys_along(position, self.moves)):
            if index < len(self.moves):
                self._steps[key] = index

    def rest(self, position: Position) -> tuple[Move, ...] | None:
        """The moves left from ``position`` when it is on the plan (the next move first),
        else None. The plan's last position (after its last move) is not on it."""
        index = self._steps.get(position.key())
        return None if index is None else self.moves[index:]

    def __repr__(self) -> str:
        return f"Plan({len(self.moves)} moves)"


def keys_along(position: Position, moves: Sequence[Move]) -> Iterator[PositionKey]:
    """The keys of ``position`` and of the position after each of ``moves`` (legal ones, played
    in turn); ``position`` is not changed."""
    walker = position.copy()
    yield walker.key()
    for move in moves:
        walker.push(move)
        yield walker.key()


def first_revisit(position: Position, moves: Sequence[Move], visited: Collection[PositionKey]) -> int | None:
    """The number of the first of ``moves`` (from 1) after which the line stands on a
    position in ``visited``; None when it never does."""
    keys = keys_along(position, moves)
    next(keys)
    return next((number for number, key in enumerate(keys, 1) if key in visited), None)
