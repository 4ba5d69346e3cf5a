"""The search's dead-end test for games without building on the tableau (Father): positions
where no tableau pile can ever be emptied.

When a tableau card may go on no tableau card (``Rules.parents["tableau"]`` is empty for
every card: in Father a tableau card moves only home or into an empty pile), the piles can
first be emptied only by sending cards home. ``FatherDeadEnds.no_pile_can_empty`` plays
every move home it can, taking each talon card as if it were on top of the waste, until no
card goes home; when that never empties a pile (and none is empty now), the position is
lost.

Why. Let a line from P (no pile empty) win. A win empties every pile, so some move of the
line is the first after which a pile is empty. Before it no pile was empty, so every move
of a tableau card was a move home. Each card the line sends home by then is sent home by
the test too, by induction on the line: a talon card (in the talon at P, or put on a pile
from it) goes home in the test as soon as its foundation takes it; a card of a pile at P
reached its pile's top, so the cards above it at P had gone home before it; and the
foundation it goes on holds, in the line, only cards the test sends home too. A card that
fits a foundation fits only that one, but for an ace or a king (the foundations of its kind
are interchangeable) and for a suit's last card (it ends the suit either way), so what
the test sends home does not depend on the order it tries the cards in. So the test empties
the pile the line empties. Where it empties none, no line wins.

Waste cards put on a pile only cover it, and the talon's order, the redeals left and cards
taken back from the foundations (which only let them take cards that were home) are
ignored: each only makes the test more generous, never wrong. ``native/search.c`` has the
same test in C (``no_pile_can_empty``); both search the same positions.
"""

from __future__ import annotations

from ..engine import Position
from ..engine.cards import card_set
from ..engine.rules import NO_CARD, Rules


class FatherDeadEnds:
    """The test for one game's rules (the foundation tables it reads are made once)."""

    def __init__(self, rules: Rules) -> None:
        self.wants = [[card_set(cards) for cards in wants] for wants in rules.foundation_wants]

    @staticmethod
    def applies(rules: Rules) -> bool:
        """True when the rules allow no building on the tableau, as the test assumes."""
        return not any(rules.parents["tableau"])

    def no_pile_can_empty(self, p: Position) -> bool:
        """True when no tableau pile is empty and none can ever be (see the module
        docstring): the position is then lost."""
        piles = [down + up for down, up in zip(p.down, p.up, strict=True)]
        if not all(piles):
            return False
        heights = [len(pile) for pile in piles]
        pile_of = {pile[-1]: index for index, pile in enumerate(piles)}
        tops = [pile[-1] if pile else NO_CARD for pile in p.foundations]
        pile_tops = card_set(pile_of)
        talon = card_set((*p.waste, *p.stock))
        wants = self.wants
        while True:
            takers = 0
            for index, top in enumerate(tops):
                takers |= wants[index][top]
            ready = takers & (talon | pile_tops)
            if not ready:
                return True
            card = (ready & -ready).bit_length() - 1
            tops[next(index for index, top in enumerate(tops) if wants[index][top] >> card & 1)] = card
            if talon >> card & 1:
                talon ^= 1 << card
                continue
            index = pile_of.pop(card)
            heights[index] -= 1
            if not heights[index]:
                return False
            below = piles[index][heights[index] - 1]
            pile_of[below] = index
            pile_tops ^= 1 << card | 1 << below
