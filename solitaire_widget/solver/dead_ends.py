"""The dead-end test of the search: positions seen to be lost, whatever is played.

``DeadEnds.hopeless`` makes a cheap over-estimate of what play can ever achieve, grown to
a fixed point: the cards that can some day go home, the cards that can some day be a
tableau pile's top card (so that a card can be put on them), whether a pile can some day
be empty, and for each tableau card whether it can some day leave the card under it. Each
rule below says only what an event needs before it can happen:

- a talon card is reachable when it can some day lie on top of the waste (``talon_reach``):
  it is there now; or a draw of this pass ends on it (the stock is dealt in fixed groups);
  or, with a redeal left, a draw of a later pass can end on it: that depends on how many of
  the cards before it have left by then, so on how many of them can leave; or every card
  after it can leave, so that it comes last; or the card after it can leave, which is what
  must happen for it to come up from under that card. One card drawn at a time with no
  limit on redeals, every talon card is reachable;
- a talon card can leave when it is reachable and it goes home or becomes a top;
- a card goes home when it can be reached (in the talon, or a pile's top) and it starts a
  foundation or the card it goes on can go home;
- a tableau card becomes a top once the card on it has left;
- a tableau card leaves the card under it either as the head of a run (onto a top it may go
  on, or an empty pile when it may fill one) once the cards above its run have left, or
  home once the card on it has left;
- a talon card (or, when foundation cards come back, a card that can go home) becomes a top
  when a top it may go on or an empty pile can exist;
- a pile can be empty when it is, or when its bottom card can leave.

Every event of a real line meets its rule with events that happened before it, so each is
found by the fixed point. Where the fixed point leaves a card out, no line sends it home:
the position cannot be won. (It ignores that a top taken by one card is lost to another,
so it finds only some lost positions, never a winnable one.)

Sets of cards are bit masks (bit ``card`` set for each), as ``engine.cards.card_set`` makes.
The search runs the test at every new position of a game with face-down cards, so it is
written for speed; ``native/dead_ends.c`` has the same test in C.
"""

from __future__ import annotations

from ..engine import Position
from ..engine.cards import card_set
from ..engine.rules import NO_CARD, Rules

_EVERY_CARD = (1 << 52) - 1


class DeadEnds:
    """The dead-end test for one game's rules (the tables it reads are made once)."""

    def __init__(self, rules: Rules) -> None:
        self.parent_sets = {
            kind: [card_set(onto) for onto in parents] for kind, parents in rules.parents.items()
        }
        self.fills_empty = rules.fills_empty
        self.home_after = [0] * 52  # the foundation tops each card may go on
        self.starters = 0  # the cards that start a foundation
        for wants in rules.foundation_wants:
            for top, cards in enumerate(wants):
                for card in cards:
                    if top == NO_CARD:
                        self.starters |= 1 << card
                    else:
                        self.home_after[card] |= 1 << top

    def hopeless(self, p: Position) -> bool:
        """True when some card can never go home from ``p``, whatever is played (see the
        module docstring for the rules of the estimate)."""
        home = 0
        for pile in p.foundations:
            for card in pile:
                home |= 1 << card
        leaves = 0
        free = self.every_talon_card_comes_up(p)
        talon = self.talon_reach(p, leaves)
        piles, run_ends = self.runs(p)
        cleared = [1 << len(pile) for pile in piles]  # bit ``at``: the card at ``at`` can leave
        empty = not all(piles)
        tops = 0
        while True:
            before = (tops, home, empty)
            tops, empty = self.clear_piles(piles, run_ends, cleared, tops, home, empty)
            home = self.grow_home(talon | tops, home)
            if home == _EVERY_CARD:
                return False
            tops |= self.new_tops(talon & ~tops, "waste", tops, empty)
            if p.foundation_to_tableau:
                tops |= self.new_tops(home & ~tops, "foundation", tops, empty)
            leaving = talon & (home | tops)
            if leaving != leaves and not free:  # a free talon is reached whole already
                leaves = leaving
                talon = self.talon_reach(p, leaves)
                continue
            if (tops, home, empty) == before:
                return True

    @staticmethod
    def every_talon_card_comes_up(p: Position) -> bool:
        """One card drawn at a time with no limit on redeals, every talon card comes up."""
        return p.draw == 1 and p.redeals_left is None

    @staticmethod
    def talon_reach(p: Position, leaves: int) -> int:
        """The talon cards that can some day lie on top of the waste (the only place a talon
        card leaves from), given ``leaves``: the talon cards that can some day leave. See the
        module docstring for the rules."""
        talon = (*p.waste, *p.stock[::-1])  # in the order the cards come up
        if DeadEnds.every_talon_card_comes_up(p):
            return card_set(talon)
        draw, at, size = p.draw, len(p.waste), len(talon)
        reach = 0
        for place in (at, *range(at + draw, size, draw)):
            if place:
                reach |= 1 << talon[place - 1]
        last = True
        for card in reversed(talon):
            if last:
                reach |= 1 << card
            last = last and bool(leaves >> card & 1)
        passed = 0  # how many of the cards before this one can leave
        for place, card in enumerate(talon, 1):
            gone_by_a_redeal = range(min(passed, draw - 1) + 1) if p.redeals_left != 0 else ()
            if any((place - gone) % draw == 0 for gone in gone_by_a_redeal):
                reach |= 1 << card
            if place < size and leaves >> talon[place] & 1:
                reach |= 1 << card
            passed += leaves >> card & 1
        return reach

    def runs(self, p: Position) -> tuple[list[tuple[int, ...]], list[list[int]]]:
        """Each tableau pile's cards (face-down first) and, for each card, where the run it
        heads ends (one past its last card; a face-down card heads a run of one)."""
        parents = self.parent_sets["tableau"]
        piles, run_ends = [], []
        for down, up in zip(p.down, p.up, strict=True):
            pile = down + up
            size = len(pile)
            run_end = [0] * size
            for at in range(size - 1, -1, -1):
                linked = at >= len(down) and at + 1 < size and parents[pile[at + 1]] >> pile[at] & 1
                run_end[at] = run_end[at + 1] if linked else at + 1
            piles.append(pile)
            run_ends.append(run_end)
        return piles, run_ends

    def clear_piles(
        self,
        piles: list[tuple[int, ...]],
        run_ends: list[list[int]],
        cleared: list[int],
        tops: int,
        home: int,
        empty: bool,
    ) -> tuple[int, bool]:
        """One pass over the tableau: marks in ``cleared`` the cards that can now leave;
        returns the tops found and whether a pile can be empty."""
        parents, fills = self.parent_sets["tableau"], self.fills_empty["tableau"]
        for index, pile in enumerate(piles):
            done, run_end = cleared[index], run_ends[index]
            if done == (2 << len(pile)) - 1:
                continue  # every card of the pile can leave, and its tops are known
            for at in range(len(pile) - 1, -1, -1):
                card = pile[at]
                if done >> (at + 1) & 1:
                    tops |= 1 << card
                if done >> at & 1:
                    continue
                leaves = parents[card] & tops or (fills[card] and empty)
                if (leaves and done >> run_end[at] & 1) or (done >> (at + 1) & 1 and home >> card & 1):
                    done |= 1 << at
            cleared[index] = done
            empty = empty or bool(done & 1)
        return tops, empty

    def grow_home(self, reachable: int, home: int) -> int:
        """``home`` with each of the ``reachable`` cards that starts a foundation or goes on
        a card already home."""
        open_cards = reachable & ~home
        while open_cards:
            low = open_cards & -open_cards
            card = low.bit_length() - 1
            if self.starters & low or self.home_after[card] & home:
                home |= low
            open_cards ^= low
        return home

    def new_tops(self, cards: int, kind: str, tops: int, empty: bool) -> int:
        """Those of ``cards`` (from a ``kind`` pile) that may go on one of ``tops``, or on an
        empty pile when one can exist."""
        parents, fills = self.parent_sets[kind], self.fills_empty[kind]
        found = 0
        while cards:
            low = cards & -cards
            card = low.bit_length() - 1
            if parents[card] & tops or (empty and fills[card]):
                found |= low
            cards ^= low
        return found
