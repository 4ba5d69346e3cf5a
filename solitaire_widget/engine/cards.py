"""Cards as small integers, and the ways they are written.

A card is an ``int`` from 0 to 51: ``(rank - 1) * 4 + suit``, with rank 1 (ace) to 13
(king) and suit 0 to 3 for clubs, diamonds, hearts and spades. Integers keep move
generation fast; everything public speaks the two-character codes (``"7H"``, ``"TS"``).
"""

from __future__ import annotations

from collections.abc import Iterable

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = "♣♦♥♠"
SUIT_NAMES = ("clubs", "diamonds", "hearts", "spades")
RANK_NAMES = (
    "ace",
    "two",
    "three",
    "four",
    "five",
    "six",
    "seven",
    "eight",
    "nine",
    "ten",
    "jack",
    "queen",
    "king",
)
DECK = tuple(range(52))


def rank_of(card: int) -> int:
    return card // 4 + 1


def suit_of(card: int) -> int:
    return card % 4


def is_red(card: int) -> bool:
    return card % 4 in (1, 2)


def card_set(cards: Iterable[int]) -> int:
    """The cards as a bit mask: bit ``card`` set for each."""
    bits = 0
    for card in cards:
        bits |= 1 << card
    return bits


def card_code(card: int) -> str:
    """Two-character code, e.g. ``"7H"`` or ``"TS"``."""
    return RANKS[card // 4] + SUITS[card % 4]


def card_label(card: int) -> str:
    """Short label with a suit symbol, e.g. ``"7♥"`` or ``"10♠"``."""
    rank = RANKS[card // 4]
    return ("10" if rank == "T" else rank) + SUIT_SYMBOLS[card % 4]


def parse_card(code: object) -> int:
    """Read a card code such as ``"7H"``, ``"TS"`` or ``"10H"`` (any letter case).

    Raises ``ValueError`` naming the bad value.
    """
    if not isinstance(code, str):
        raise ValueError(f"a card must be a code such as '7H', not {code!r}")
    text = code.strip().upper()
    if text[:2] == "10":
        text = "T" + text[2:]
    if len(text) != 2 or text[0] not in RANKS or text[1] not in SUITS:
        raise ValueError(
            f"unknown card {code!r}: a card is a rank from {RANKS} and a suit from {SUITS}, e.g. '7H'"
        )
    return RANKS.index(text[0]) * 4 + SUITS.index(text[1])
