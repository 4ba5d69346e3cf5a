"""Safe moves home: foundation moves that can never turn a won game into a lost one.

Auto-play plays only these, and the solver plays them without trying anything else.

Why each rule holds. Let W be a winning line from position P and c the card sent home.
Build W' from P + c: play W, skipping each move of c alone and each draw or redeal that
only concerns c, and moving a run that held c with one card fewer. Each position of W' is
the matching position of W with c taken out (plus, at times, a face-down card turned
earlier or a redeal to spare, which only give more moves). W' stays legal as long as W
never needs c where it lay: nothing is placed on c, and c's foundation neighbours need not
leave the foundations. Then W' wins too. Per game:

- **Following**: the only card that goes on c in the tableau is the one before c in its
  foundation sequence, which is home already (c goes on it), and foundations never give
  cards back. Every move home is safe.
- **Father**: no card ever needs to lie on c: waste cards go on any pile, so they can go
  where c lay, and a tableau card moves only to an empty pile (a pile of W' is empty when
  the one of W is). A card that fits both its Ace and its King foundation is the last of
  its suit, which either finishes the same way. Foundations never give cards back. Every
  move home is safe.
- **Klondike**: aces and twos are always safe: nothing goes on an ace, and an ace can
  always go home, so it never needs to lie on a two. A higher card c goes on the two
  cards of the other colour one rank lower; when both are home, nothing can go on c
  unless one of them comes back from its foundation. Without ``foundation_to_tableau``
  they never do, so c is safe. With it, c is safe when, besides, both cards of c's
  colour two ranks lower are home: a card fetched back onto c could only be there to
  hold one of those, and they are home already (this is the rule of thumb of Klondike
  solvers; the tests check it with the solver on many positions).
- **The waste**: a waste card is safe as above only when cards are drawn one at a time;
  with three, taking a card out of the waste changes which cards later draws show.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from .cards import DECK, is_red, rank_of
from .moves import Move
from .position import Position

_BELOW_OTHER_COLOUR = tuple(
    tuple(c for c in DECK if rank_of(c) == rank_of(card) - 1 and is_red(c) != is_red(card)) for card in DECK
)
_TWO_BELOW_SAME_COLOUR = tuple(
    tuple(c for c in DECK if rank_of(c) == rank_of(card) - 2 and is_red(c) == is_red(card)) for card in DECK
)


def cards_needed_home(position: Position) -> tuple[tuple[int, ...], ...]:
    """For each card, the cards that must all be on the foundations before sending it home
    is safe (none: always safe), in the position's game and options (the rules above)."""
    return _needed_home(position.rules.name, position.foundation_to_tableau)


@cache
def _needed_home(game: str, foundation_to_tableau: bool) -> tuple[tuple[int, ...], ...]:
    if game != "klondike":
        return ((),) * len(DECK)
    return tuple(
        ()
        if rank_of(card) <= 2
        else _BELOW_OTHER_COLOUR[card] + (_TWO_BELOW_SAME_COLOUR[card] if foundation_to_tableau else ())
        for card in DECK
    )


def is_safe_home(position: Position, card: int) -> bool:
    """True when sending ``card`` (one a foundation takes now) home can never hurt."""
    needed = _needed_home(position.rules.name, position.foundation_to_tableau)[card]
    if not needed:
        return True
    # Only Klondike needs cards home first, and its foundations build by suit from the
    # ace, so a card is home exactly when its suit's foundation has reached its rank.
    reached = {top % 4: rank_of(top) for top in (pile[-1] for pile in position.foundations if pile)}
    return all(reached.get(c % 4, 0) >= rank_of(c) for c in needed)


def safe_move_home(position: Position, moves: Sequence[Move] | None = None) -> Move | None:
    """A safe move from the waste or a tableau pile to a foundation among ``moves``
    (default: the position's legal moves), or None when there is none."""
    for move in position.legal_moves() if moves is None else moves:
        source, target, _ = move
        if not target.startswith("foundation"):
            continue
        if source == "waste":
            if position.draw != 1:
                continue
            card = position.waste[-1]
        elif source.startswith("tableau"):
            card = position.cards(source)[-1]
        else:
            continue
        if is_safe_home(position, card):
            return move
    return None
