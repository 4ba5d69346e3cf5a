"""The solver's verdicts as play aids: a winnable deal for ``Game.new(winnable=True)``, a
deal's difficulty, and the move that lost a game."""

from __future__ import annotations

import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.deal import MAX_SEED
from ..solver.search import SolveResult, Verdict, solve

WINNABLE_NODE_LIMIT = 50_000
"""Positions the solver may search to prove one deal winnable for ``Game.new(winnable=True)``.
A bound on positions rather than seconds keeps the seed chosen the same on every machine."""

DIFFICULTY_NODE_LIMIT = 200_000
"""Positions searched at most to rate a deal's difficulty."""

EASY_NODES = 200
"""Up to this many positions searched: an easy deal (most winnable deals of each game)."""

MEDIUM_NODES = 5_000
"""Up to this many: a medium deal; above it, a hard one."""


@dataclass(frozen=True)
class Difficulty:
    """How hard the solver found a deal: ``level`` is ``"easy"``, ``"medium"``, ``"hard"``,
    ``"unwinnable"`` or ``"unknown"`` (not decided within ``DIFFICULTY_NODE_LIMIT``)."""

    level: str
    verdict: Verdict
    nodes: int


def first_winnable_seed(deal: Callable[[int], Position], seed: int) -> tuple[int, SolveResult]:
    """The first seed from ``seed`` on (wrapping after ``MAX_SEED``) whose deal the solver
    proves winnable within ``WINNABLE_NODE_LIMIT`` positions, with its result."""
    while True:
        result = solve(deal(seed), time_limit=None, node_limit=WINNABLE_NODE_LIMIT)
        if result.verdict == "winnable":
            return seed, result
        seed = 0 if seed == MAX_SEED else seed + 1


def difficulty(position: Position) -> Difficulty:
    """Rate a position by the positions the solver searches to decide it (see ``Difficulty``)."""
    result = solve(position, time_limit=None, node_limit=DIFFICULTY_NODE_LIMIT)
    if result.verdict == "unknown":
        return Difficulty("unknown", "unknown", result.nodes)
    if result.verdict == "unwinnable":
        return Difficulty("unwinnable", "unwinnable", result.nodes)
    level = "easy" if result.nodes <= EASY_NODES else "medium" if result.nodes <= MEDIUM_NODES else "hard"
    return Difficulty(level, "winnable", result.nodes)


@dataclass(frozen=True)
class Winnability:
    """Whether a game can still be won: ``verdict`` for its current position, and when it
    cannot, ``lost_at``: the move of its line that lost it (1 = the first move; 0 when the
    start itself cannot be won; None when that could not be decided in time). Then
    ``lost_between`` is ``(first, last)``: the moves it was lost between, as far as the time
    allowed (move ``first - 1`` still left a win, move ``last`` left none); equal to
    ``(lost_at, lost_at)`` when decided, None when the game is not lost."""

    verdict: Verdict
    lost_at: int | None
    lost_between: tuple[int, int] | None = None


def winnability(start: Position, line: Sequence[Move], *, time_limit: float = 5.0) -> Winnability:
    """Whether the position after ``line`` (played from ``start``) can be won, and when
    not, which move of the line lost it; all within about ``time_limit`` seconds."""
    deadline = time.perf_counter() + time_limit
    positions = [start.copy()]
    for move in line:
        after = positions[-1].copy()
        after.push(move)
        positions.append(after)
    verdict = solve(positions[-1], time_limit=time_limit).verdict
    if verdict != "unwinnable":
        return Winnability(verdict, None)
    first, last = _losing_moves(positions, deadline)
    return Winnability("unwinnable", last if first == last else None, (first, last))


def _losing_moves(positions: list[Position], deadline: float) -> tuple[int, int]:
    """The moves between which a line whose last position is lost was lost: ``(first,
    last)``, both the same once decided (0: the start itself is lost), else as far as the
    time allowed.

    Once lost, a game stays lost, and every position before a winnable one is winnable. The
    positions just before the loss are the cheap ones to prove lost, and the hard ones (lost,
    with much left to try) lie between, so the search gallops back from the end (1, 2, 4 ...
    moves) to a winnable position, then bisects. Each position gets a share of the time left,
    and one the solver cannot decide in its share is passed over for a neighbour, not the
    end of the search."""
    lost_at, winnable_at = len(positions) - 1, -1
    undecided: set[int] = set()
    step = 1
    while lost_at - winnable_at > 1:
        ply: int | None = max(0, lost_at - step)
        if winnable_at >= 0 or step == 0:
            ply = _untried_between(winnable_at, lost_at, undecided)
        left = deadline - time.perf_counter()
        if ply is None or left <= 0:
            break
        verdict = solve(positions[ply], time_limit=max(left / 4, min(left, 0.25))).verdict
        if verdict == "unwinnable":
            lost_at, step = ply, step * 2
        elif verdict == "winnable":
            winnable_at, step = ply, 0
        else:
            undecided.add(ply)
            step = step * 2 if ply > 0 else 0
    return winnable_at + 1, lost_at


def _untried_between(low: int, high: int, undecided: set[int]) -> int | None:
    """The position strictly between ``low`` and ``high`` nearest their middle that the
    solver has not failed to decide yet; None when there is none."""
    middle = (low + high) // 2
    for offset in range(high - low):
        for ply in (middle + offset, middle - offset):
            if low < ply < high and ply not in undecided:
                return ply
    return None
