"""What the pure-Python search needs to restart as the C search does (``depth_first.py``'s
``DepthFirstSearch.run``; ``native/restarts.c``'s run_with_restarts and finish_frame,
``native/depth_first.c``'s sort_by_rank): the open positions of a run, to tell which of its
losses hold for good, and the random order of a restarted run.

A run past its share of positions gives way to a new run from the start, in a random order.
A position searched without a win is *lost for good* when its search leaned on no position
opened before it: no move led back to a position still on the line, or to one whose own
loss leaned on such a position (Tarjan's strongly connected components). Such a loss holds
in any order, so every later run keeps it; the other losses lean on a search the run may not
have finished, and go with the run. Each run is so an exact search, and a proof of a loss
goes on where the run before left it.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from typing import Generic, TypeVar

RESTART_NODES = 300_000
"""Positions each run of a search may take before it starts again in a random order,
keeping what it proved lost for good: the C search's share always (``native.search``), the
Python search's when it has a node limit, so that both search the same positions, node for
node, restarts included, and an answer within a node limit (a deal's difficulty, the seed
``Game.new(winnable=True)`` picks) is the same on every machine, with or without C. A
search within that many positions, such as a fair judgement's samples, is the fixed order's."""

TIMED_RESTART_NODES = 10_000
"""The share of a search bounded by time alone, whose answer depends on the machine anyway:
the Python search takes some 13,000 positions a second, so at C's share it would hardly
ever restart within 10 s (measured in docs/solver.md)."""

MAX_VISITED = 2_000_000
"""Most keys a search keeps (open positions and losses for good; about 0.5 GB at most); when
full, all but the current line's are dropped, which only costs repeated work."""

SHUFFLE_RANKS = 150
"""A restarted run adds a random number below this to each step's rank (depth_first.c's)."""

_MASK = (1 << 64) - 1
_T = TypeVar("_T")
_Key = TypeVar("_Key", bound=Hashable)


class Restart(Exception):
    """A run searched its share of positions: the search starts again."""


class RandomOrder:
    """The order of steps in restarted run number ``run`` (from 1): xorshift64* seeded as
    restarts.c seeds it, so that both searches take the same order on every machine."""

    def __init__(self, run: int) -> None:
        self.state = (0x9E3779B97F4A7C15 * run) & _MASK

    def next(self) -> int:
        """The next 64-bit number."""
        state = self.state
        state ^= state >> 12
        state ^= (state << 25) & _MASK
        state ^= state >> 27
        self.state = state
        return (state * 0x2545F4914F6CDD1D) & _MASK

    def sorted(self, ranked: Sequence[tuple[int, _T]]) -> list[_T]:
        """The entries by rank, each rank raised by a random number below ``SHUFFLE_RANKS``,
        ties broken at random (then by place), as depth_first.c's sort_by_rank."""
        if len(ranked) < 2:
            return [entry for _, entry in ranked]
        keys = []
        for index, (rank, _) in enumerate(ranked):
            jitter = self.next() % SHUFFLE_RANKS
            tie = self.next() & 0xFFFF
            keys.append((rank + jitter, tie, index))
        keys.sort()
        return [ranked[index][1] for *_, index in keys]


class OpenPositions(Generic[_Key]):
    """The visited positions of one run: the positions it opened (on the line, or searched
    without a win that leans on a position still open), each with its place, oldest first;
    and the losses for good, in ``lost``, which the search keeps across runs."""

    def __init__(self, lost: set[_Key]) -> None:
        self.lost = lost
        self.place_of: dict[_Key, int] = {}
        self.keys: list[_Key] = []
        """The open positions' keys, by place."""
        self.places: list[int] = []
        """The place of each position on the line, the root's first."""
        self.lows: list[int] = []
        """For each position on the line, the lowest place its search has leaned on."""
        self.clears = 0

    def seen(self, key: _Key) -> bool:
        """True when ``key`` was visited in this run or is lost for good; a visit to an open
        position makes the search of the line's last position lean on it."""
        place = self.place_of.get(key)
        if place is not None:
            if place < self.lows[-1]:
                self.lows[-1] = place
            return True
        return key in self.lost

    def open(self, key: _Key) -> None:
        """``key`` enters the line."""
        self._make_room()
        place = len(self.keys)
        self.place_of[key] = place
        self.keys.append(key)
        self.places.append(place)
        self.lows.append(place)

    def lose(self, key: _Key) -> None:
        """``key`` is lost for good (a dead-end test found it so)."""
        self._make_room()
        self.lost.add(key)

    def close(self) -> None:
        """The line's last position was searched without a win, and leaves the line. When its
        search leaned on no position opened before it, its loss is for good, and so is that
        of every position opened since (which all lean on it or later ones); else it stays
        open, and the position before it on the line leans on what it leaned on."""
        place, low = self.places.pop(), self.lows.pop()
        if low >= place:
            place_of, lost = self.place_of, self.lost
            for key in self.keys[place:]:
                del place_of[key]
                lost.add(key)
            del self.keys[place:]
        elif self.lows and low < self.lows[-1]:
            self.lows[-1] = low

    def _make_room(self) -> None:
        """When full, keep only the line: what each of its positions leaned on is gone, so
        none of them can be lost for good in this run any more (low 0)."""
        if len(self.place_of) + len(self.lost) < MAX_VISITED:
            return
        line = [self.keys[place] for place in self.places]
        self.lost.clear()
        self.place_of = {key: place for place, key in enumerate(line)}
        self.keys = line
        self.places = list(range(len(line)))
        self.lows = [0] * len(line)
        self.clears += 1
