"""The free talon: a game easier than the position's, whose loss proves the position lost.

``free_talon(position)`` is the position with the same cards where they are, played one
card at a time from the stock with no limit on redeals. There every talon card can be
brought to the top of the waste by drawing alone, whenever it is wanted.

**Why a loss there is a loss here.** Play any line from the position in the free-talon
game, move for move, leaving out the draws and redeals. Before each move both games have
the same foundations, tableau and talon cards, only the talon's order and its point may
differ: a move from the tableau or a foundation is as legal in one as in the other, and a
move of the waste's top card is legal in the free-talon game after drawing round to that
card. So a line that wins the position wins the free-talon game: when no line wins the
free-talon game, none wins the position.

**Why it pays.** A deal of Klondike drawing three is lost either for its tableau (it is
lost drawing one too) or for the order of its stock. A proof of the first kind spends most
of its positions on the talon, each way of taking its cards giving new points to draw
from; drawing one, the talon's point is left out of the key and cards put on the tableau
from it can wait (``depth_first``), so the proof is mostly smaller. On the first 10,000
deals drawing three with no card to the waste (``benchmarks/winnability.py``'s results at
10 s), the 900 lost both ways took 201 million positions drawing one against 360 million
drawing three, and 70 of the 93 that the search left undecided are lost drawing one.
``search.solve`` gives the free-talon game a share of its limits.

It is made only where it can prove something: not when the talon is free already, and
not in games without face-down cards (Father, Following), where nearly every deal is won,
so that it would only cost.
"""

from __future__ import annotations

from ..engine import Position
from .dead_ends import DeadEnds


def free_talon(position: Position) -> Position | None:
    """The position played with one card drawn at a time and no limit on redeals, or None
    where that game is the position's own or nothing lies face down (see above)."""
    rules = position.rules
    if not rules.has_face_down or DeadEnds.every_talon_card_comes_up(position):
        return None
    options = rules.check_options({**position.options, "draw": 1, "redeals": None})
    layout = position.layout()
    layout.redeals_left = None
    return Position(rules, options, layout)
