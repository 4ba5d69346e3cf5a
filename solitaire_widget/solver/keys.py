"""The depth-first search's canonical keys (see ``depth_first``'s docstring): positions of
one game that the search treats as one share a key. ``native/search.c`` keys positions the
same way."""

from __future__ import annotations

from collections.abc import Callable

from ..engine import Position
from .arrangements import arrangement_free

Key = tuple[int | None, int, bytes]

_SEP = b"\xff"  # never a card (cards are 0..51)
_DOWN_UP = b"\xfe"


def foundation_split(position: Position) -> int:
    """Foundations ``[0, split)`` and ``[split, count)`` are keyed apart: in Father the Ace
    foundations and the King foundations."""
    rules = position.rules
    return 4 if rules.name == "father" else rules.foundation_count


def key_function(position: Position) -> Callable[[Position], Key]:
    """The canonical key of the position's game: see the module docstring."""
    split = foundation_split(position)
    free = arrangement_free(position.rules)
    parents = position.rules.parents["tableau"]

    def face_up(up: tuple[int, ...]) -> bytes:
        foot = len(up)  # without the loose cards: up to where the run at the top starts
        while free and foot > 1 and up[foot - 2] in parents[up[foot - 1]]:
            foot -= 1
        return bytes(up[:foot])

    def key(p: Position) -> Key:
        tableau = sorted(bytes(down) + _DOWN_UP + face_up(up) for down, up in zip(p.down, p.up, strict=True))
        found = [bytes(pile[-1:]) for pile in p.foundations]
        found = sorted(found[:split]) + sorted(found[split:])
        waste, stock = p.waste, p.stock
        talon = waste + stock[::-1]
        at = len(waste)
        redeals = p.redeals_left
        if redeals is None and (at % p.draw == 0 or not stock):
            at = 0
        parts = [bytes(talon), *found, *tableau]
        return (redeals, at, _SEP.join(parts))

    return key
