"""What the search's joined moves need of a game's rules (``DepthFirstSearch.followed``).

A move that can wait is tried only together with the next move that uses what it did. The
search leaves out of that join the next moves that could have been made without the wait,
to the same position; each such shortcut holds only where the rules allow it, and these
tests say where they do. ``native/solve.c``'s load makes the same tests from the same tables.
Each game's rules are one object, so the answers are kept per rules and kind: a search is
made for every solve, and these would otherwise cost about as much as the rest of its setup.
"""

from __future__ import annotations

from functools import cache

from ..engine.cards import DECK
from ..engine.rules import Rules


@cache
def goes_direct(rules: Rules, kind: str) -> bool:
    """True when a card from a ``kind`` pile may go wherever it may go from the tableau
    (onto the same cards, and into an empty pile if it may fill one from there): then a card
    put on the tableau from such a pile could have gone straight to where it moves on to."""
    parents, fills = rules.parents, rules.fills_empty
    return all(
        set(parents["tableau"][card]) <= set(parents[kind][card])
        and (fills[kind][card] or not fills["tableau"][card])
        for card in DECK
    )


@cache
def runs_extend(rules: Rules) -> bool:
    """True when a card put on a tableau card, from any pile, continues its run: then a card
    put on a run that moved could as well have been put on it before it moved."""
    parents = rules.parents
    return all(set(onto[card]) <= set(parents["tableau"][card]) for onto in parents.values() for card in DECK)
