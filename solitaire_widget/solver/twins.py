"""Twins: one key for the tableau arrangements that differ only in which twin holds a run.

Two cards are *twins* when the same tableau cards may go on them (in Klondike the two cards
of one rank and colour, such as 8♠ and 8♣). Where one twin is a pile's top and the other
holds a run, that run may move onto the top twin and back: two legal moves (*twin moves*)
that leave everything else as it was. So the arrangements that twin moves reach from each
other are won or lost together, and the search keys them as one: the key puts each such
run on the lower of the two twins (``canonical_up``).

Why the search still finds a win where there is one. The search expands a key once, from
whichever of its arrangements it met first. Count a winning line's moves other than twin
moves; that count is the same from every arrangement of a key. From the arrangement P the
search holds, take a line won in the fewest such moves from some arrangement Q of the same
key, and its first move m (not a twin move). P can make m, or one twin move and then m,
and reach the key of Q after m:

- Where the pile m takes cards from differs between P and Q, m's run starts at the same
  card in P but may end with more or fewer cards: a run that lies on a twin in one and on
  the other twin in the other. Moving it along, or leaving it, keeps that pair one top and
  one holding the run, so the keys after m agree. Only a card going home must itself be a
  top: if it is a twin holding a run in P, that run moves to the other twin first.
- Where m puts cards on a twin that is a top in Q but holds a run in P, that run moves to
  the other twin first.

A move home puts no card on a twin, so no move needs two twin moves. The search tries each
twin move together with the next move from or onto the pile it left (a run moved off a
pile that keeps a face-up card is joined with that move: ``DepthFirstSearch.followed``),
which is the pair each case needs. So from P some step reaches a key won in one such move
fewer, and as in any depth-first search with a table of searched keys, a win is found
where there is one. The rules that leave moves out (safe moves home, the joins) keep their
arguments: each turns a winning line into one with no more moves other than twin moves.
That needs the join of runs, so twins are only made where runs are joined
(``joins.runs_extend``); Klondike has them, Father and Following have none.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ..engine.cards import DECK
from ..engine.rules import Rules
from .joins import runs_extend


@cache
def twin_pairs(rules: Rules) -> tuple[tuple[int, int], ...]:
    """The pairs ``(lower, higher)`` of twins under ``rules``: cards that the same, not
    empty, set of tableau cards may go on, and no third card shares. None where runs are
    not joined (see the module docstring)."""
    if not runs_extend(rules):
        return ()
    parents = rules.parents["tableau"]
    kids: dict[frozenset[int], list[int]] = {}
    for onto in DECK:
        children = frozenset(card for card in DECK if onto in parents[card])
        if children:
            kids.setdefault(children, []).append(onto)
    return tuple((cards[0], cards[1]) for cards in kids.values() if len(cards) == 2)


def canonical_up(
    up: Sequence[Sequence[int]], pairs: Sequence[tuple[int, int]], parents: Sequence[frozenset[int]]
) -> Sequence[Sequence[int]]:
    """The face-up cards of each tableau pile with every run that lies on the higher of two
    twins, while the lower is a top, moved onto the lower (``parents``: each card's tableau
    parents). Each pair is settled on its own: a twin move changes no other pair's tops."""
    where: dict[int, tuple[int, int]] = {}
    for index, pile in enumerate(up):
        for at, card in enumerate(pile):
            where[card] = (index, at)
    moved: list[tuple[int, int]] = []
    for lower, higher in pairs:
        low, high = where.get(lower), where.get(higher)
        if low is None or high is None or low[1] + 1 < len(up[low[0]]):
            continue
        pile, at = up[high[0]], high[1]
        if at + 1 < len(pile) and all(pile[i] in parents[pile[i + 1]] for i in range(at, len(pile) - 1)):
            moved.append((higher, lower))
    if not moved:
        return up
    above = {pile[at]: pile[at + 1] for pile in up for at in range(len(pile) - 1)}
    for higher, lower in moved:
        above[lower] = above.pop(higher)
    canonical = []
    for pile in up:
        cards = [pile[0]] if pile else []
        while cards and cards[-1] in above:
            cards.append(above[cards[-1]])
        canonical.append(cards)
    return canonical
