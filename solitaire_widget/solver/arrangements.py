"""Arrangements: one key for every way the same loose tableau cards can lie.

A pile's *top run* is the longest run at its top, each card lying on a card it may go on
(its *parent*); the run's lowest card is the pile's *base*. Play moves the run's other
cards (the *loose* cards) about freely: in Klondike 8♥ may lie on 9♠ or on 9♣, and which
changes with every move of a run from one pile to another. Yet a position's chances do not
depend on it: two positions with the same cards home, the same talon, and in each pile the
same face-down cards and the same face-up cards up to the base (the *foot*, in a game of
Klondike the base alone) are won or lost together, however their loose cards lie. So where
the rules allow it (``arrangement_free``) the search's key leaves the loose cards out; in
Klondike that makes the proof of a lost deal several times smaller (measured in
docs/solver.md).

The rules it needs. Call the cards that may go on a card its *children*. The tableau's
parent relation falls into *blocks*: cards with the same parents have the same children,
each parent of a block takes exactly the block's children, and no card lies, even through
others, on a card it may hold (the blocks have no cycle). Cards from the talon or a
foundation go only where a tableau card may go (``joins.runs_extend``), and a run moves as
one. Klondike's blocks are the two cards of a rank and colour and the two of the other
colour one rank lower. In Following each card has one parent, so the loose cards' places
follow from the rest of the key anyway; Father builds nothing on the tableau.

Why equal keys mean equal chances. Every loose card lies on a parent that is loose or a
base (a *holder*), so a block's loose cards are never more than its holders on the
tableau; and a holder with no loose card on it has nothing on it: it is a top. Take P and
Q with the same key, and a move m from Q. Call a move that keeps the key (a run that starts
at a loose card moved onto another holder, a whole pile moved into an empty pile) a
*rearrangement*; m is either one (P needs no move) or one of these, each possible from P
with at most one rearrangement first, to the key Q reaches:

- a card home: if it holds loose cards in P, the block of the lowest of them has one holder
  fewer after m, and the same loose cards in P as in Q; they all fit on the other holders in
  Q after m, so one of those holds none of them in P and is a top: the run moves there first;
- a card put on the tableau (from the talon or a foundation) or a run moved from a base onto
  a parent: after m the block's loose cards fit on its holders, so before it one holder
  holds none of them in P: it is a top to put it on (the run from a base is that pile's top
  run in P as in Q, whatever lies in it; none of its cards is that top, since no card lies
  on a card it may hold);
- a run into an empty pile (in Klondike a king's), a draw or a redeal: the same in P, which
  has as many empty piles and the same talon.

So from P the same cards reach home in the same order, and P is won if Q is, and the other
way around.

Why the search still finds a win where there is one. Count a winning line's moves other
than rearrangements; that count is the same from every position of a key (the list above
keeps it). The search expands a key once, from whichever position it met first; take a line
won in the fewest such moves from some position Q of the key, and its first move m that is
not a rearrangement. From the position P the search holds, m needs at most one
rearrangement first: a run moved off a pile that keeps a face-up card, onto another holder,
which the search tries joined with the next move from or onto that pile
(``DepthFirstSearch.followed``) and so with the card it uncovers going home. Cards put on
the tableau are tried onto every top they may go on. So some step reaches a key won in one
such move fewer, and as in any depth-first search with a table of searched keys, a win is
found where there is one. The rules that leave moves out (safe moves home, the joins) keep
their arguments: each turns a winning line into one with no more moves other than
rearrangements.
"""

from __future__ import annotations

from functools import cache

from ..engine.cards import DECK
from ..engine.rules import Rules
from .joins import runs_extend


@cache
def arrangement_free(rules: Rules) -> bool:
    """True when the search's key may leave the loose tableau cards out under ``rules``: the
    tableau's parent relation falls into blocks without a cycle, and moves join as the
    module docstring needs (Klondike's and Following's do, Father's does not)."""
    if not runs_extend(rules):
        return False
    parents = rules.parents["tableau"]
    children = {onto: frozenset(card for card in DECK if onto in parents[card]) for onto in DECK}
    for card in DECK:
        onto = parents[card]
        if onto and any(children[parent] != children[next(iter(onto))] for parent in onto):
            return False
        if any(parents[child] != onto for parent in onto for child in children[parent]):
            return False
    return not _has_cycle(parents)


def _has_cycle(parents: tuple[frozenset[int], ...]) -> bool:
    """True when some card may go, directly or through others, on a card that may go on it."""
    done: set[int] = set()
    on_path: set[int] = set()

    def reaches_path(card: int) -> bool:
        if card in on_path:
            return True
        if card in done:
            return False
        on_path.add(card)
        found = any(reaches_path(parent) for parent in parents[card])
        on_path.discard(card)
        done.add(card)
        return found

    return any(reaches_path(card) for card in DECK)
