"""Father: twelve single cards, four ace foundations up and four king foundations down."""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import rank_of
from ..rules import Layout, Option, Rules, check_redeals, same_suit_next

ACE_FOUNDATIONS = range(0, 4)


class Father(Rules):
    name = "father"
    title = "Father"
    tableau_count = 12
    foundation_count = 8
    options = {"redeals": Option(1, check_redeals)}

    def deal(self, deck: list[int], options: Mapping[str, object]) -> Layout:
        return Layout(
            stock=deck[12:][::-1],
            waste=[],
            foundations=[[] for _ in range(8)],
            down=[[] for _ in range(12)],
            up=[[card] for card in deck[:12]],
        )

    def foundation_refusal(self, index: int, top: int | None, card: int) -> str | None:
        builds_up = index in ACE_FOUNDATIONS
        if top is None:
            if rank_of(card) == (1 if builds_up else 13):
                return None
            if builds_up:
                return "in Father foundations 1 to 4 are Ace foundations: an ace starts one"
            return "in Father foundations 5 to 8 are King foundations: a king starts one"
        return same_suit_next(card, top, +1 if builds_up else -1, self.title)

    def foundation_rule(self, index: int) -> str:
        if index in ACE_FOUNDATIONS:
            return "in Father the Ace foundations (1 to 4) build up by suit from the ace"
        return "in Father the King foundations (5 to 8) build down by suit from the king"

    def tableau_rule(self, source_kind: str) -> str:
        return "in Father the waste's top card may go on any pile, whatever its suit or rank"

    def empty_tableau_rule(self, source_kind: str) -> str:
        if source_kind == "waste":
            return self.tableau_rule(source_kind)
        return "in Father an empty pile may be filled with any available card"

    def tableau_refusal(self, card: int, onto: int, source_kind: str) -> str | None:
        if source_kind == "waste":
            return None
        return (
            "in Father there is no building on the tableau: a tableau card moves only to "
            "a foundation or an empty pile, one card at a time"
        )
