"""Moves, the illegal-move error and the text notation.

Notation: ``SOURCE[xCOUNT]>TARGET``, with piles written short: ``s`` the stock, ``w``
the waste, ``fN`` foundation N, ``tN`` tableau pile N (N counts from 0, as in the pile
ids). The count is left out when it is 1.

======================  ==========================================
``w>t3``                waste top onto tableau/3 (column 4 on the board)
``t2>f0``               top of tableau/2 to foundation/0
``t1x3>t5``             a run of three cards from tableau/1 onto tableau/5
``s>w`` / ``sx3>w``     turn one / three cards from the stock
``wx24>s``              redeal: turn the 24 waste cards back over
======================  ==========================================

Full pile ids are read too (``waste>tableau/3``). ``Game.play`` also accepts a bare
``f`` as target ("whichever foundation takes it").
"""

from __future__ import annotations

import re
from collections import namedtuple

_PILE_ID = re.compile(r"(stock|waste|foundation/(0|[1-9]\d*)|tableau/(0|[1-9]\d*))\Z")
_SHORT = {"s": "stock", "w": "waste", "f": "foundation/", "t": "tableau/"}
_PILE_TOKEN = r"(?:stock|waste|foundation/\d+|tableau/\d+|[swft]\d*)"
_NOTATION = re.compile(
    rf"\s*(?P<source>{_PILE_TOKEN})\s*(?:x\s*(?P<count>\d+))?\s*>\s*(?P<target>{_PILE_TOKEN})\s*\Z"
)
ANY_FOUNDATION = "foundation"
"""Target written as a bare ``f``: ``Game.play`` picks the foundation that takes the card."""


class IllegalMove(ValueError):
    """A move the rules do not allow. ``reason`` says which rule it breaks, in words."""

    def __init__(self, move: object, reason: str) -> None:
        super().__init__(f"illegal move {move}: {reason}")
        self.move = move
        self.reason = reason


def is_pile_id(text: object) -> bool:
    """True for a well-formed pile id (``stock``, ``waste``, ``foundation/N``, ``tableau/N``)."""
    return isinstance(text, str) and _PILE_ID.match(text) is not None


class Move(namedtuple("Move", ("source", "target", "count"))):
    """Cards moved from one pile to another.

    >>> m = Move("waste", "tableau/3")
    >>> str(m)
    'w>t3'
    >>> Move.parse("t1x3>t5")
    Move(source='tableau/1', target='tableau/5', count=3)
    """

    __slots__ = ()

    def __new__(cls, source: str, target: str, count: int = 1) -> Move:
        for role, pile in (("source", source), ("target", target)):
            if not is_pile_id(pile):
                raise ValueError(
                    f"bad {role} pile {pile!r}: a pile is 'stock', 'waste', 'foundation/N' or 'tableau/N'"
                )
        if isinstance(count, bool) or not isinstance(count, int) or count < 1:
            raise ValueError(f"bad count {count!r}: a move takes a whole number of cards, at least 1")
        return tuple.__new__(cls, (source, target, count))

    def __str__(self) -> str:
        count = f"x{self.count}" if self.count != 1 else ""
        return f"{_short(self.source)}{count}>{_short(self.target)}"

    @classmethod
    def parse(cls, text: str) -> Move:
        """Read a move in the text notation; raise ``ValueError`` naming what is wrong."""
        source, target, count = parse_parts(text)
        if target == ANY_FOUNDATION:
            raise ValueError(f"{text!r} names no foundation: write e.g. 'f0' (Game.play accepts a bare 'f')")
        return cls(source, target, count)


def _short(pile: str) -> str:
    kind, _, index = pile.partition("/")
    return kind[0] + index


def _long(name: str, text: str) -> str:
    if name == "f":
        return ANY_FOUNDATION
    pile = name if name in ("stock", "waste") or "/" in name else _SHORT[name[0]] + name[1:]
    if not is_pile_id(pile):
        raise ValueError(f"unknown pile {name!r} in move {text!r}: use s, w, fN or tN")
    return pile


def parse_parts(text: object) -> tuple[str, str, int]:
    """Split notation into (source, target, count); the target may be ``ANY_FOUNDATION``."""
    if not isinstance(text, str):
        raise ValueError(f"a move is a Move or text such as 'w>t3', not {text!r}")
    match = _NOTATION.match(text.lower())
    if match is None:
        raise ValueError(
            f"cannot read move {text!r}: write SOURCE>TARGET, e.g. 'w>t3', 't2>f0', 't1x3>t5', 's>w'"
        )
    source = _long(match["source"], text)
    if source == ANY_FOUNDATION:
        raise ValueError(f"{text!r}: a move from a foundation must name it, e.g. 'f0>t3'")
    count = int(match["count"]) if match["count"] is not None else 1
    if count < 1:
        raise ValueError(f"bad count in {text!r}: a move takes at least one card")
    return source, _long(match["target"], text), count
