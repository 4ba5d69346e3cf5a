"""Following: six piles, foundations from the ace in the suit rotation H, C, D, S."""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import SUIT_NAMES, rank_of, suit_of
from ..rules import Layout, Option, Rules, check_redeals, rank_name, suit_singular

CLUBS, DIAMONDS, HEARTS, SPADES = range(4)
NEXT_SUIT = {HEARTS: CLUBS, CLUBS: DIAMONDS, DIAMONDS: SPADES, SPADES: HEARTS}
"""On a foundation, the suit that follows each suit (a club is played on a heart)."""


class Following(Rules):
    name = "following"
    title = "Following"
    tableau_count = 6
    foundation_count = 4
    options = {"redeals": Option(1, check_redeals)}

    def deal(self, deck: list[int], options: Mapping[str, object]) -> Layout:
        return Layout(
            stock=deck[6:][::-1],
            waste=[],
            foundations=[[] for _ in range(4)],
            down=[[] for _ in range(6)],
            up=[[card] for card in deck[:6]],
        )

    def foundation_refusal(self, index: int, top: int | None, card: int) -> str | None:
        if top is None:
            return None if rank_of(card) == 1 else "in Following a foundation starts with an ace"
        if rank_of(top) == 13:
            return "this foundation is complete (it ends with its king)"
        wanted_suit = NEXT_SUIT[suit_of(top)]
        if suit_of(card) != wanted_suit:
            return f"in Following a {SUIT_NAMES[wanted_suit][:-1]} goes on a {suit_singular(top)}"
        if rank_of(card) != rank_of(top) + 1:
            return (
                "in Following foundations build up one rank at a time, so this one takes the "
                f"{rank_name(rank_of(top) + 1)} of {SUIT_NAMES[wanted_suit]} next"
            )
        return None

    def foundation_rule(self, index: int) -> str:
        return (
            "in Following foundations build up from the ace, each suit following the one "
            "before in the rotation hearts, clubs, diamonds, spades"
        )

    def tableau_rule(self, source_kind: str) -> str:
        return (
            "in Following piles build down one rank at a time, a card going on the suit "
            "that follows its own in the rotation hearts, clubs, diamonds, spades"
        )

    def empty_tableau_rule(self, source_kind: str) -> str:
        return "in Following an empty pile may be filled with any available card, or a run"

    def tableau_refusal(self, card: int, onto: int, source_kind: str) -> str | None:
        wanted_suit = NEXT_SUIT[suit_of(card)]
        if suit_of(onto) != wanted_suit:
            return f"in Following a {suit_singular(card)} goes on a {SUIT_NAMES[wanted_suit][:-1]}"
        if rank_of(onto) != rank_of(card) + 1:
            if rank_of(card) == 13:
                return "in Following a king goes only on an empty pile"
            return (
                "in Following piles build down one rank at a time, so this card needs the "
                f"{rank_name(rank_of(card) + 1)} of {SUIT_NAMES[wanted_suit]}"
            )
        return None
