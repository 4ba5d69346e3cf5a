"""The solver's best-first search, which the depth-first search runs in turns with its
restarts (``DepthFirstSearch.run``; ``native/best_first.c``'s best_first does the same, node for
node).

Why: a depth-first search, even restarted in random orders, keeps missing some wins that its
order of moves puts far away; a search led by an estimate of the moves still needed finds
many of them in a few hundred thousand positions (measured in docs/solver.md).

How: from the start position, it always goes on from the position whose moves from the start
plus ``moves_left`` is least (ties to the position found first), with the steps of the
depth-first search (``DepthFirstSearch.children``), and keeps only the ``BEST_CHILDREN``
best children of each position: positions it met before, positions lost for good and
positions a dead-end test finds lost are left out. So it proves no loss, and when it has
nothing left to try it has found no win. It keeps each position as the step from the one it
came from, and plays the steps from the start to reach it. Each turn is given a run's share
of positions, and it goes on where the turn before stopped.
"""

from __future__ import annotations

import heapq
from collections.abc import Collection, Hashable, Sequence
from typing import Protocol

from ..engine import Move, Position
from ..engine.cards import DECK
from ..engine.rules import NO_CARD, Rules
from .talon_reach import Step

BEST_CHILDREN = 3
"""The children of a position the search goes on from (measured: two or five decide about
as many deals as three, each different ones)."""

BEST_MOST_NODES = 3_000_000
"""It stops with this many positions kept (about 200 MB in C), which bounds its memory in a
search with no limit."""


def cards_needed_first(rules: Rules) -> list[int]:
    """For each card, the cards that must be home before it can go home, as a bit set: those
    below it in the one order its foundation takes them (in Klondike, the lower cards of its
    suit); none for a card that may start a foundation or follow more than one card (Father)."""
    before = [0] * len(DECK)
    starters: set[int] = set()
    for wants in rules.foundation_wants:
        starters.update(wants[NO_CARD])
        for top in DECK:
            for card in wants[top]:
                before[card] |= 1 << top
    needs = [0] * len(DECK)
    for card in DECK:
        if card in starters:
            continue
        at = card
        while before[at] and not before[at] & (before[at] - 1):  # a single card
            at = before[at].bit_length() - 1
            if needs[card] >> at & 1:
                break
            needs[card] |= 1 << at
    return needs


def moves_left(position: Position, needs: Sequence[int]) -> int:
    """A rough count of the moves a position still needs: each card not home, one more for
    each face-down card, each card in the talon and each draw left in the stock, and one
    more for each card that lies on a card it needs home first (in the waste, or over a
    face-down card), which must be moved out of the way."""
    stock, waste = position.stock, position.waste
    left = len(DECK) - sum(map(len, position.foundations))
    left += len(stock) + -(-len(stock) // position.draw) + len(waste)
    under = 0
    for card in waste:
        if needs[card] & under:
            left += 1
        under |= 1 << card
    for down, up in zip(position.down, position.up, strict=True):
        left += 2 * len(down) + len(up)
        blocked = 0
        for card in up:
            blocked |= needs[card]
        for card in reversed(down):
            if blocked >> card & 1:
                left += 1
            blocked |= needs[card]
    return left


class Searcher(Protocol):
    """What the best-first search takes from the depth-first search it runs in turns with
    (``depth_first.DepthFirstSearch``): its position, its steps and keys, what it knows
    lost, and its count of positions, which raises at its limits."""

    @property
    def position(self) -> Position: ...
    @property
    def nodes(self) -> int: ...
    @property
    def lost(self) -> Collection[Hashable]: ...
    def key(self, position: Position) -> Hashable: ...
    def steps(self) -> list[Step]: ...
    def count_node(self) -> None: ...
    def seen_lost(self, position: Position) -> bool: ...


class BestFirst:
    """The best-first search of ``search``'s position, as far as it has gone. ``most_home``
    is the most cards home in a position it searched."""

    def __init__(self, search: Searcher) -> None:
        self.search = search
        self.needs = cards_needed_first(search.position.rules)
        self.parents = [0]
        """The position each position was reached from (the start's: itself)."""
        self.steps: list[Step] = [()]
        """The step from there."""
        self.seen = {hash(search.key(search.position))}
        """The kept positions' keys, by hash (64 bits: a clash among millions is unlikely,
        and would only leave a position out of a search that proves nothing)."""
        self.heap: list[tuple[int, int]] = [(0, 0)]
        """(moves from the start plus moves left, position), least first."""
        self.most_home = 0

    def go_on(self, share: int) -> list[Move] | None:
        """Search from where it stopped until ``share`` more positions are searched (or a
        little more: it stops between two positions' children): a winning line, or None.
        ``Stop`` when the search's limit is hit; the position is left as it was."""
        search = self.search
        end = search.nodes + share
        while self.heap and len(self.parents) < BEST_MOST_NODES and search.nodes < end:
            _, node = heapq.heappop(self.heap)
            line = self._search_children(node)
            if line is not None:
                return line
        return None

    def _search_children(self, node: int) -> list[Move] | None:
        """Searches the children of ``node`` and keeps the best: a winning line, or None."""
        position = self.search.position
        path = []
        at = node
        while at:
            path.append(self.steps[at])
            at = self.parents[at]
        line = [move for step in reversed(path) for move in step]
        for move in line:
            position.push(move)
        try:
            ranked, won = self._ranked_children(len(line))
        finally:
            for _ in line:
                position.pop()
        if won is not None:
            return line + list(won)
        for estimate, _, step, mark in sorted(ranked, key=_estimate_and_place)[:BEST_CHILDREN]:
            self.seen.add(mark)
            self.parents.append(node)
            self.steps.append(step)
            heapq.heappush(self.heap, (estimate, len(self.parents) - 1))
        return None

    def _ranked_children(self, played: int) -> tuple[list[tuple[int, int, Step, int]], Step | None]:
        """The steps from the current position (``played`` moves from the start) worth
        keeping, each as (estimate, place, step, key's hash); or a step that wins."""
        search = self.search
        position = search.position
        push, pop = position.push, position.pop
        ranked: list[tuple[int, int, Step, int]] = []
        for place, step in enumerate(search.steps()):
            search.count_node()
            for move in step:
                push(move)
            try:
                home = sum(map(len, position.foundations))
                self.most_home = max(self.most_home, home)
                if home == len(DECK):
                    return ranked, step
                key = search.key(position)
                mark = hash(key)
                if key not in search.lost and mark not in self.seen and not search.seen_lost(position):
                    ranked.append((played + len(step) + moves_left(position, self.needs), place, step, mark))
            finally:
                for _ in step:
                    pop()
        return ranked, None


def _estimate_and_place(entry: tuple[int, int, Step, int]) -> tuple[int, int]:
    return entry[0], entry[1]
