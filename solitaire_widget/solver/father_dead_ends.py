"""The search's dead-end test for games without building on the tableau (Father): positions
whose tableau cannot be cleared even in an easier game.

When a tableau card may go on no tableau card (``Rules.parents["tableau"]`` is empty for
every card: in Father a tableau card moves only home or into an empty pile), most lost
positions are lost for want of empty piles, and the search took minutes to show it, trying
every way to deal the talon's cards onto twelve piles. ``FatherDeadEnds.cannot_clear``
plays instead the *relaxed game* of the position: the tableau as it is, each talon card free
to go home whenever its foundation takes it (and never put on a pile), and a tableau card
moving only home or into an empty pile. When the relaxed game cannot be won, neither can
the position.

Why. Take a winning line of the position, and in it call the cards in the talon at the start
*talon cards*, the others *pile cards*. Follow the line in the relaxed game with the moves of
pile cards only, and each talon card sent home when the line sends it. At every moment a
relaxed pile holds the pile cards of the real pile, in the same order (the talon cards a
real pile holds are left out), and the foundations are the same. So each move is legal there:
a pile card moved is on top of its real pile, so of its relaxed pile; a pile moved into is
empty in the real game, so in the relaxed one; a talon card goes home onto the same
foundation. The relaxed game is won at the end with the real one.

The relaxed game is small, and searched exactly, depth first:

- **Home first**: every card that a foundation takes is sent home before anything else
  (every move home is safe in Father, ``engine.safety``, and in the relaxed game the same
  argument holds: no card ever needs to lie on another). A card fits only one foundation
  but for an ace or a king (the foundations of its kind are interchangeable) and for a
  suit's last card (it ends the suit either way), so the order they go in does not matter.
- **Moves into an empty pile**: into the first only (the piles are interchangeable), and
  never a pile's only card (the same piles again). Each such move leaves fewer cards in
  piles of two or more, so the game has no cycles; a position met again is not searched
  again (its key: the piles as a set, and the talon cards left; the foundations follow
  from them).
- **Bounded**: after ``RELAXED_NODE_LIMIT`` positions the test gives up and says nothing,
  which only costs the search its help.

With no empty pile the relaxed game is won only if moves home empty a pile, the first
question it asks (the first pile a real line empties is emptied by moves home alone); where
the talon is empty the relaxed game is the game itself, so within its bound the test
decides such positions. ``native/father_dead_ends.c`` has the same test in C (``relaxed_clears``),
trying the same moves in the same order, so both paths search the same positions.
"""

from __future__ import annotations

from ..engine import Position
from ..engine.cards import card_set
from ..engine.rules import NO_CARD, Rules

RELAXED_NODE_LIMIT = 1000
"""Most positions of the relaxed game searched per test (``RELAXED_NODE_LIMIT`` in
native/search.h): searching the positions around the losing move of each of the 112 lost games of
Father seeds 0-199 played at random, a test never took more than 161."""

Piles = list[list[int]]


class FatherDeadEnds:
    """The test for one game's rules (the foundation tables it reads are made once)."""

    def __init__(self, rules: Rules) -> None:
        self.wants = [[card_set(cards) for cards in wants] for wants in rules.foundation_wants]
        self.left = 0

    @staticmethod
    def applies(rules: Rules) -> bool:
        """True when the rules allow no building on the tableau, as the test assumes."""
        return not any(rules.parents["tableau"])

    def cannot_clear(self, p: Position) -> bool:
        """True when the relaxed game of ``p`` (see the module docstring) cannot be won: ``p``
        is then lost. False when it can, or when the test gave up."""
        piles = [list(down + up) for down, up in zip(p.down, p.up, strict=True)]
        tops = [pile[-1] if pile else NO_CARD for pile in p.foundations]
        self.left = RELAXED_NODE_LIMIT
        return self.clears(piles, tops, card_set((*p.waste, *p.stock)), set()) is False

    def clears(self, piles: Piles, tops: list[int], talon: int, seen: set[object]) -> bool | None:
        """Whether the relaxed game from these piles, foundation tops and talon cards can
        be won (it changes them); None when the test runs out of positions first."""
        self.left -= 1
        if self.left < 0:
            return None
        talon = self.send_home(piles, tops, talon)
        if not any(piles):
            return True
        key = (tuple(sorted(tuple(pile) for pile in piles if pile)), talon)
        if key in seen:
            return False
        seen.add(key)
        empty = next((index for index, pile in enumerate(piles) if not pile), None)
        if empty is None:
            return False
        for index, pile in enumerate(piles):
            if len(pile) < 2:
                continue
            after = [list(other) for other in piles]
            after[empty].append(after[index].pop())
            found = self.clears(after, list(tops), talon, seen)
            if found is not False:
                return found
        return False

    def send_home(self, piles: Piles, tops: list[int], talon: int) -> int:
        """Sends home every talon card and pile top the foundations take, lowest card first,
        until none is left; returns the talon cards left."""
        wants = self.wants
        while True:
            takers = 0
            for index, top in enumerate(tops):
                takers |= wants[index][top]
            ready = takers & talon
            for pile in piles:
                if pile and takers >> pile[-1] & 1:
                    ready |= 1 << pile[-1]
            if not ready:
                return talon
            card = (ready & -ready).bit_length() - 1
            tops[next(index for index, top in enumerate(tops) if wants[index][top] >> card & 1)] = card
            if talon >> card & 1:
                talon ^= 1 << card
                continue
            next(pile for pile in piles if pile and pile[-1] == card).pop()
