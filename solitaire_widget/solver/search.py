"""``solve``: whether a game can still be won, and a winning line when it can.

This module takes the request and gives the answer: it checks the limits, runs the search
(in C when the accelerator is built, ``native``, else in Python, ``depth_first``, whose
docstring tells the technique; ``dead_ends`` holds its test for lost positions), replays a
winning line with the engine's checks, and returns a ``SolveResult`` with its verdict.

Where the talon is not free (Klondike drawing three, or with a limit on redeals), ``solve``
searches in three parts, each within a share of what is left of its limits: the position
itself for ``QUICK_LOOK`` of them, which decides most deals; then the free-talon game
(``relaxation``) for ``FREE_TALON_SHARE`` of the rest, whose loss proves the position lost;
then the position again with all that is left. The positions searched are counted over all
three, so a bound on positions still gives the same answer on every machine.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal, NamedTuple, Protocol

from ..engine import Move, Position
from . import native
from .depth_first import DepthFirstSearch, Stop
from .keys import foundation_split
from .relaxation import free_talon

Verdict = Literal["winnable", "unwinnable", "unknown"]

TABLE_MEGABYTES = 512
"""The most memory the C search's table of visited positions takes by default (``solve``'s
``table_megabytes``): with the rest of a search, a solve stays well under 1 GB."""
QUICK_LOOK = 0.01
"""The share of ``solve``'s limits that its first search of the position takes where the
free-talon game is searched too: most deals are decided within it, and for them nothing else
is searched."""
FREE_TALON_SHARE = 0.75
"""The share of what is left after the quick look that the free-talon game takes. Chosen on
the first 10,000 deals drawing three with no card to the waste at 10 s, from each deal's
recorded times drawing one and drawing three: a half would have left 58 of them undecided,
three quarters 51, against the 93 that the position's own search left. Where the free-talon
game is won it is mostly won at once, leaving nearly everything to the position's search."""
_MOST_TABLE_MEGABYTES = 2**14
"""16 GB: 2**30 slots, whose places among open positions fit the 30 bits the C search gives
them (``MAX_TABLE_BITS`` in ``native/search.h``)."""


class HasPosition(Protocol):
    """Anything with a ``position``, such as a ``Game``."""

    @property
    def position(self) -> Position: ...


@dataclass(frozen=True)
class SolveResult:
    """What ``solve`` found.

    ``verdict`` is ``"winnable"``, ``"unwinnable"`` or ``"unknown"`` (a limit was hit
    first); ``moves`` is a winning line from the game's current position when winnable
    (``Game.play`` replays it to a win), else empty; ``nodes`` counts the positions
    searched (the free-talon game's among them, see the module docstring) and ``seconds``
    the time taken.
    """

    verdict: Verdict
    moves: tuple[Move, ...]
    nodes: int
    seconds: float


class Limit(NamedTuple):
    """How far a search may go: ``time`` seconds and ``nodes`` positions (None: no bound on
    that). Limits that travel together travel as one (as python-chess's ``Limit`` does);
    the public functions take them as ``time_limit`` and ``node_limit``."""

    time: float | None = None
    nodes: int | None = None


def check_limits(time_limit: object, node_limit: object, *, unbounded_ok: bool = False) -> Limit:
    """The limits as ``solve`` takes them; ``ValueError`` naming a limit that is not one.

    The one check of a time or node limit, for the solver and for whatever else takes
    one (``simulate``'s time per deal, with ``unbounded_ok`` since a deal may run unbounded:
    the solver never searches without a bound).
    """
    if time_limit is not None:
        if isinstance(time_limit, bool) or not isinstance(time_limit, (int, float)):
            raise ValueError(f"time_limit must be a number of seconds above 0 or None, not {time_limit!r}")
        if math.isnan(time_limit) or math.isinf(time_limit) or time_limit <= 0:
            raise ValueError(
                f"time_limit must be a finite number of seconds above 0 or None, not {time_limit!r}"
            )
    if node_limit is not None and (
        isinstance(node_limit, bool) or not isinstance(node_limit, int) or node_limit < 1
    ):
        raise ValueError(f"node_limit must be a whole number from 1 or None, not {node_limit!r}")
    if time_limit is None and node_limit is None and not unbounded_ok:
        raise ValueError(
            "time_limit=None needs a node_limit: the solver never searches without any bound "
            "(give time_limit in seconds, node_limit in positions, or both)"
        )
    return Limit(None if time_limit is None else float(time_limit), node_limit)


def table_bits_for(table_megabytes: object) -> int:
    """The C table's size in bits (its slots, of 16 bytes, a power of two) for a cap of
    ``table_megabytes``; ``ValueError`` naming it when it is not a whole number of megabytes
    from 1 to 2**14 (16 GB)."""
    if (
        isinstance(table_megabytes, bool)
        or not isinstance(table_megabytes, int)
        or not 1 <= table_megabytes <= _MOST_TABLE_MEGABYTES
    ):
        raise ValueError(
            f"table_megabytes must be a whole number of megabytes from 1 to {_MOST_TABLE_MEGABYTES:,}, "
            f"not {table_megabytes!r}"
        )
    return 16 + table_megabytes.bit_length() - 1


def limits_in_words(time_limit: float | None, node_limit: int | None) -> str:
    """Limits as people read them: "10 s", "50,000 positions", both joined by "and", or
    "no limit"."""
    words = [] if time_limit is None else [f"{time_limit:g} s"]
    if node_limit is not None:
        words.append(f"{node_limit:,} positions")
    return " and ".join(words) or "no limit"


def _position_of(target: object) -> Position:
    if isinstance(target, Position):
        return target.copy()
    position = getattr(target, "position", None)
    if not isinstance(position, Position):
        raise TypeError(
            f"solve takes a Game (Game.new or Game.from_dict) or a Position, not {type(target).__name__}"
        )
    return position


def solve(
    game: HasPosition | Position,
    *,
    time_limit: float | None = 10.0,
    node_limit: int | None = None,
    table_megabytes: int = TABLE_MEGABYTES,
) -> SolveResult:
    """Search the game's current position for a winning line.

    ``game`` is a ``Game`` (its current position is searched) or a ``Position``.
    ``time_limit`` (seconds, default 10) and ``node_limit`` (positions searched) bound
    the search; either may be None, not both. ``table_megabytes`` caps the C search's table
    of visited positions (the largest power of two of megabytes not above it; when full it is
    cleared, which costs time, never a wrong verdict). A bad limit or table size raises
    ``ValueError`` naming it.
    Where the talon is not free (drawing three, or a limit on redeals), the search is made in
    three parts, the free-talon game's among them (see the module docstring).
    The verdict is ``"unknown"`` when a limit is hit first. The game is never changed
    (the search works on a copy), also when the search is interrupted.

    The search runs in C when the accelerator is available (``solver.native.available()``;
    ``SOLITAIRE_WIDGET_NATIVE=0`` turns it off), else in Python; both give the same result,
    and a winning line from either is replayed with the engine's checks before it is returned.
    An interrupt (``KeyboardInterrupt``) stops either search at once and is raised again.
    """
    seconds_allowed, nodes_allowed = check_limits(time_limit, node_limit)
    table_bits = table_bits_for(table_megabytes)
    start = time.perf_counter()
    verdict, line, nodes = _decide(_position_of(game), seconds_allowed, nodes_allowed, table_bits, start)
    if verdict == "winnable":
        _check_line(_position_of(game), line)
    return SolveResult(verdict, tuple(line), nodes, time.perf_counter() - start)


def _decide(
    position: Position, seconds: float | None, nodes: int | None, table_bits: int, start: float
) -> tuple[Verdict, list[Move], int]:
    """``solve``'s search within its limits (counted from ``start``): ``(verdict, winning line
    or [], positions searched)``, in three parts where the free-talon game is made (see the
    module docstring), else in one."""
    relaxed = free_talon(position)
    if relaxed is None:
        verdict, line, used, _ = search(position, seconds, nodes, table_bits=table_bits)
        return verdict, line, used
    used = 0
    parts = ((position.copy(), QUICK_LOOK, False), (relaxed, FREE_TALON_SHARE, True), (position, 1.0, False))
    for searched, share, is_relaxed in parts:
        seconds_left = None if seconds is None else (seconds - (time.perf_counter() - start)) * share
        nodes_left = None if nodes is None else math.ceil((nodes - used) * share)
        if (seconds_left is not None and seconds_left <= 0) or nodes_left == 0:
            continue
        verdict, line, found, _ = search(searched, seconds_left, nodes_left, table_bits=table_bits)
        used += found
        if verdict == "unwinnable" or (verdict == "winnable" and not is_relaxed):
            return verdict, line, used
    return "unknown", [], used


def search(
    position: Position,
    seconds: float | None,
    nodes: int | None,
    *,
    table_bits: int = native.TABLE_BITS,
    with_line: bool = True,
) -> tuple[Verdict, list[Move], int, int]:
    """The search itself, on ``position`` (which it may change), within checked limits:
    ``(verdict, winning line or [], positions searched, the most cards home in any position
    searched)``; ``table_bits`` caps the C search's table at ``2 ** table_bits`` slots. The
    line is not replayed: ``solve`` does that; callers that want only verdicts, many of them
    (``chances``), call this, and those that need no line pass ``with_line=False`` (the
    line is then ``[]``, not made into moves for nothing). The most
    cards home tell how far a search stopped by its limits got (``chances`` values undecided
    samples by it)."""
    found = native.search(
        position,
        time_limit=seconds,
        node_limit=nodes,
        foundation_split=foundation_split(position),
        table_bits=table_bits,
        with_line=with_line,
    )
    if found is not None:
        return found
    depth_first = DepthFirstSearch(position, seconds, nodes, time.perf_counter())
    try:
        line = depth_first.run()
    except Stop:
        return "unknown", [], depth_first.nodes, depth_first.most_home
    if line is None:
        return "unwinnable", [], depth_first.nodes, depth_first.most_home
    return "winnable", line if with_line else [], depth_first.nodes, depth_first.most_home


def _check_line(position: Position, line: Sequence[Move]) -> None:
    """Replay ``line`` with the legality check: a bug here must not pass as a win."""
    for move in line:
        if not position.is_legal(move):  # pragma: no cover - a solver bug
            raise RuntimeError(f"solver bug: its line plays the illegal move {move}")
        position.push(move)
    if not position.is_won:  # pragma: no cover - a solver bug
        raise RuntimeError("solver bug: its line does not win")
