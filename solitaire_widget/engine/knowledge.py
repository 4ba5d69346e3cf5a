"""What the player knows: which cards a game has shown, and where the others may lie.

The model
=========

A card is *known* once the board has shown it in this game, and from then on the player
knows where it is, since every move is made in the open. The board shows:

- the face-up cards of the tableau;
- the top of the waste: the top card, or in draw three the top three cards, fanned (every
  card drawn is shown as it lands, so in a game played from its deal every waste card is
  known);
- every card on a foundation.

The player also knows how many cards are face down in each tableau pile and how many are in
the stock and the waste. The other cards are *unseen*: the player knows which cards they
are (the deck minus the known ones) but not which of the unseen places holds which. Every
way of putting the unseen cards into the unseen places is equally likely, because the deal
was a fair shuffle and what was shown says nothing about how the rest lie.

A game knows the cards shown by any position of its move tree, since undoing a move does
not unsee the card it turned. A position set up with ``Game.from_dict`` and no history knows
only what it shows. ``known_along`` gives what a player knew at each move of a line, for
judging the move they made there.

The known-stock model
=====================

The published figures for Klondike played without seeing every card (the lonelybot
solver's, Bjarnason, Fern and Tadepalli's) hide only the face-down tableau cards: the player
is taken to know the stock and the waste, in order, from the deal. The functions here take
``knows_stock=True`` for that model: every card in the stock and the waste counts as shown,
so only the face-down tableau cards are unseen. It is an easier game than the default one,
and what makes the package's figures comparable with those.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> hidden = g.unseen()
>>> len(hidden.cards), hidden.places[:2]
(44, (('stock', 0), ('stock', 1)))
"""

from __future__ import annotations

import random
from collections.abc import Collection, Iterable, Iterator
from dataclasses import dataclass

from .cards import card_code
from .moves import Move
from .position import Position
from .rules import Layout


def shown(position: Position, knows_stock: bool = False) -> set[int]:
    """The cards the board shows at ``position`` (see the module docstring); with
    ``knows_stock``, every card of the stock and the waste too (the known-stock model)."""
    cards = set(position.stock + position.waste) if knows_stock else set(position.waste[-position.draw :])
    for pile in position.up:
        cards.update(pile)
    for pile in position.foundations:
        cards.update(pile)
    return cards


Seen = tuple[object, ...]
"""A position as a player sees it (``as_seen``)."""


def as_seen(position: Position, known: Collection[int]) -> Seen:
    """The position as a player who knows the cards ``known`` sees it: every other card is
    a blank, so two positions seen alike are alike whatever lies under the blanks; which
    foundation holds which cards does not matter. A player back at a position seen alike
    has learnt nothing since: the cards learnt meanwhile lie somewhere, and where they lie
    unseen the blanks differ."""

    def blanked(pile: tuple[int, ...]) -> tuple[int, ...]:
        return tuple(card if card in known else -1 for card in pile)

    return (
        position.redeals_left,
        blanked(position.stock),
        blanked(position.waste),
        tuple(sorted(position.foundations)),
        tuple(map(blanked, position.down)),
        position.up,
    )


def known_along(
    start: Position, moves: Iterable[Move], knows_stock: bool = False
) -> Iterator[frozenset[int]]:
    """The cards known at each position of the line ``moves`` played from ``start``: first
    at the start, then after each move (each set holds the ones before it); ``knows_stock``:
    in the known-stock model."""
    position = start.copy()
    known = shown(position, knows_stock)
    yield frozenset(known)
    for move in moves:
        position.push(move)
        known |= shown(position, knows_stock)
        yield frozenset(known)


def repeats_along(start: Position, moves: Iterable[Move], knows_stock: bool = False) -> Iterator[bool]:
    """For each of the line ``moves`` played from ``start``: whether it comes back to a
    position the line stood on before, seen alike (``as_seen``), so with nothing new seen
    since: a wasted move. ``knows_stock``: in the known-stock model."""
    position = start.copy()
    known = shown(position, knows_stock)
    stood = {as_seen(position, known)}
    for move in moves:
        position.push(move)
        known |= shown(position, knows_stock)
        seen = as_seen(position, known)
        yield seen in stood
        stood.add(seen)


@dataclass(frozen=True)
class Unseen:
    """The cards a player has not seen and the places they may be in.

    ``cards`` are the unseen cards' codes, in deck order (so they say nothing of where each
    lies); ``places`` are the places that hold them, as ``(pile id, index)`` with the index
    counted from the bottom of the pile (face-down cards included), in pile order. Both have
    the same length.
    """

    cards: tuple[str, ...]
    places: tuple[tuple[str, int], ...]

    def __len__(self) -> int:
        return len(self.cards)


class Hidden:
    """A position as the player knows it: the known cards where they are, the unseen places
    to be filled. ``samples`` fills them at random; two positions that show the player the
    same thing give the same samples, whatever their unseen cards."""

    __slots__ = ("_cards", "_layout", "_places", "_position")

    def __init__(self, position: Position, known: Iterable[int]) -> None:
        known = set(known)
        layout = position.layout()
        places: list[tuple[str, int]] = []
        cards: list[int] = []
        for pile_id, pile in _piles(layout, position):
            for index, card in enumerate(pile):
                if card not in known:
                    places.append((pile_id, index))
                    cards.append(card)
                    pile[index] = -1  # the layout must not keep what the player cannot see
        self._position = position
        self._layout = layout
        self._places = tuple(places)
        self._cards = tuple(sorted(cards))

    @property
    def unseen(self) -> Unseen:
        return Unseen(tuple(card_code(card) for card in self._cards), self._places)

    def samples(self, count: int, seed: int) -> Iterator[Position]:
        """``count`` positions consistent with what the player knows: the unseen cards put
        into the unseen places by a shuffle seeded with ``seed``. The same known cards,
        places and seed give the same positions on every machine."""
        shuffler = random.Random(seed)
        rules, options = self._position.rules, self._position.options
        for _ in range(count):
            cards = list(self._cards)
            shuffler.shuffle(cards)
            layout = _copy_layout(self._layout)
            piles = dict(_piles(layout, self._position))
            for (pile_id, index), card in zip(self._places, cards, strict=True):
                piles[pile_id][index] = card
            yield Position(rules, options, layout)


def _copy_layout(layout: Layout) -> Layout:
    return Layout(
        stock=list(layout.stock),
        waste=list(layout.waste),
        foundations=layout.foundations,
        down=[list(pile) for pile in layout.down],
        up=layout.up,
        redeals_left=layout.redeals_left,
    )


def _piles(layout: Layout, position: Position) -> Iterator[tuple[str, list[int]]]:
    """The piles that can hold an unseen card, by pile id, in pile order; a tableau pile's
    list is its face-down part, whose indexes are also the pile's."""
    yield "stock", layout.stock
    yield "waste", layout.waste
    for pile_id in position.pile_ids:
        kind, index = position.place(pile_id) or ("", 0)
        if kind == "tableau":
            yield pile_id, layout.down[index]


def known_in_tree(
    start: Position, tree: Iterable[Iterable[Move]], knows_stock: bool = False
) -> frozenset[int]:
    """The cards known after playing every line of ``tree`` from ``start``: each line is a
    sequence of moves from the start (a game's move tree, line by line); ``knows_stock``: in
    the known-stock model."""
    known = shown(start, knows_stock)
    for line in tree:
        *_, known_at_its_end = known_along(start, line, knows_stock)
        known |= known_at_its_end
    return frozenset(known)
