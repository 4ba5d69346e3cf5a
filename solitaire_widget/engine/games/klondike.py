"""Klondike: seven columns, foundations by suit from the ace, alternating colours."""

from __future__ import annotations

from collections.abc import Mapping

from ..cards import is_red, rank_of
from ..rules import Layout, Option, Rules, check_draw, check_flag, check_redeals, rank_name, same_suit_next


class Klondike(Rules):
    name = "klondike"
    title = "Klondike"
    tableau_count = 7
    foundation_count = 4
    has_face_down = True
    options = {
        "draw": Option(1, check_draw),
        "redeals": Option(None, check_redeals),
        "foundation_to_tableau": Option(True, check_flag("foundation_to_tableau")),
        "deal_to_waste": Option(True, check_flag("deal_to_waste")),
    }

    def deal(self, deck: list[int], options: Mapping[str, object]) -> Layout:
        # Dealt row by row as at a table: one card to each column from the first
        # still short of its length, seven rows in all.
        cards = iter(deck)
        columns: list[list[int]] = [[] for _ in range(7)]
        for row in range(7):
            for column in range(row, 7):
                columns[column].append(next(cards))
        waste = [next(cards)] if options["deal_to_waste"] else []
        stock = list(cards)[::-1]
        return Layout(
            stock=stock,
            waste=waste,
            foundations=[[] for _ in range(4)],
            down=[column[:-1] for column in columns],
            up=[column[-1:] for column in columns],
        )

    def foundation_refusal(self, index: int, top: int | None, card: int) -> str | None:
        if top is None:
            return None if rank_of(card) == 1 else "in Klondike a foundation starts with an ace"
        return same_suit_next(card, top, +1, self.title)

    def tableau_refusal(self, card: int, onto: int, source_kind: str) -> str | None:
        if rank_of(onto) == rank_of(card) + 1 and is_red(onto) != is_red(card):
            return None
        if rank_of(card) == 13:
            return "in Klondike a king goes only on an empty column"
        colour = "black" if is_red(card) else "red"
        return (
            "in Klondike columns build down in alternating colours, so this card needs "
            f"a {colour} {rank_name(rank_of(card) + 1)}"
        )

    def foundation_rule(self, index: int) -> str:
        return "in Klondike foundations build up by suit from the ace"

    def tableau_rule(self, source_kind: str) -> str:
        rule = "in Klondike columns build down in alternating colours"
        if source_kind == "foundation":
            return rule + ", and a foundation's top card may come back where it fits"
        return rule

    def empty_tableau_rule(self, source_kind: str) -> str:
        return "in Klondike a king, or a run headed by a king, may fill an empty column"

    def empty_tableau_refusal(self, card: int, source_kind: str) -> str | None:
        if rank_of(card) == 13:
            return None
        return "in Klondike only a king, or a run headed by a king, may fill an empty column"
