"""The heuristic: a priority list of moves per game, behind the ``greedy`` strategy and
behind a hint when the solver finds no winning line in time.

``priority_move(position)`` plays the first kind of move in the game's list
(``GREEDY_PRIORITIES``) that is legal; within a kind, the first in the engine's order, or
the highest by the kind's tie-break. Moves on no list are never chosen: runs moved without
turning or uncovering anything, cards brought back from a foundation, whole piles moved
into empty piles (they are how a game goes round in circles).

>>> from solitaire_widget import Game
>>> priority_move(Game.new("klondike", seed=42).position)
Move(source='waste', target='tableau/5', count=1)
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from ..engine import Move, Position
from ..engine.cards import rank_of, suit_of

__all__ = ["GREEDY_PRIORITIES", "Rule", "greedy_move", "priority_move", "tableau_index", "turns_stock"]

Rule = Callable[[Position, Move], bool]


def _to_foundation(position: Position, move: Move) -> bool:
    return move.target.startswith("foundation/") and not move.source.startswith("foundation/")


def _from_waste(position: Position, move: Move) -> bool:
    return bool(move.source == "waste" and move.target.startswith("tableau/"))


def _waste_into_empty(position: Position, move: Move) -> bool:
    return _from_waste(position, move) and not position.cards(move.target)


def _waste_onto_a_card(position: Position, move: Move) -> bool:
    return _from_waste(position, move) and bool(position.cards(move.target))


def tableau_index(position: Position, pile: str) -> int | None:
    """The tableau pile ``pile`` is, by its index in the position; None for any other pile."""
    place = position.place(pile)
    return place[1] if place is not None and place[0] == "tableau" else None


def _lifts_whole_pile(position: Position, move: Move) -> bool:
    return (
        move.source.startswith("tableau/")
        and move.target.startswith("tableau/")
        and bool(move.count == len(position.cards(move.source)))
    )


def _turns_a_card(position: Position, move: Move) -> bool:
    index = tableau_index(position, move.source)
    return index is not None and _lifts_whole_pile(position, move) and bool(position.down[index])


def _empties_a_pile(position: Position, move: Move) -> bool:
    index = tableau_index(position, move.source)
    return (
        index is not None
        and _lifts_whole_pile(position, move)
        and not position.down[index]
        and bool(position.cards(move.target))
    )


def _uncovers_a_foundation_card(position: Position, move: Move) -> bool:
    if not (move.source.startswith("tableau/") and move.target.startswith("tableau/")):
        return False
    pile = position.cards(move.source)
    return move.count < len(pile) and pile[-move.count - 1] in position.foundation_takers()


def _face_down_under(position: Position, move: Move) -> int:
    index = tableau_index(position, move.source)
    return 0 if index is None else len(position.down[index])


def _father_waits(position: Position, card: int) -> int:
    """How many cards of its suit must reach the foundations before ``card`` can go there
    (Father: each suit grows up from its ace and down from its king)."""
    up, down = 0, 14
    for pile in position.foundations:
        if pile and suit_of(pile[0]) == suit_of(card):
            if rank_of(pile[0]) == 1:
                up = rank_of(pile[-1])
            else:
                down = rank_of(pile[-1])
    # The card is not on a foundation, so up < rank < down.
    rank = rank_of(card)
    return min(rank - up - 1, down - rank - 1)


def _father_buries_a_later_card(position: Position, move: Move) -> bool:
    if not _waste_onto_a_card(position, move):
        return False
    return _father_waits(position, position.cards(move.target)[-1]) > _father_waits(
        position, position.waste[-1]
    )


def _father_latest_card_first(position: Position, move: Move) -> int:
    return _father_waits(position, position.cards(move.target)[-1])


def turns_stock(position: Position, move: Move) -> bool:
    """True for a draw or a redeal."""
    return bool(move.source == "stock" or move.target == "stock")


GREEDY_PRIORITIES: dict[str, list[tuple[str, Rule, Callable[[Position, Move], int] | None]]] = {
    "klondike": [
        ("a card to a foundation (from the waste or the tableau)", _to_foundation, None),
        (
            "a tableau move that turns a face-down card (most face-down cards first)",
            _turns_a_card,
            _face_down_under,
        ),
        ("the waste card onto the tableau", _from_waste, None),
        ("a tableau move that uncovers a card a foundation takes", _uncovers_a_foundation_card, None),
        ("draw from the stock, or redeal", turns_stock, None),
    ],
    "father": [
        ("a card to a foundation (from the waste or the tableau)", _to_foundation, None),
        ("the waste card into an empty tableau pile", _waste_into_empty, None),
        (
            "the waste card onto the tableau card the foundations will want latest, when they "
            "want it later than the waste card",
            _father_buries_a_later_card,
            _father_latest_card_first,
        ),
        ("draw from the stock, or redeal", turns_stock, None),
    ],
    "following": [
        ("a card to a foundation (from the waste or the tableau)", _to_foundation, None),
        ("a whole tableau pile onto another pile's card, emptying its pile", _empties_a_pile, None),
        ("the waste card onto a tableau card", _waste_onto_a_card, None),
        ("a tableau move that uncovers a card a foundation takes", _uncovers_a_foundation_card, None),
        ("the waste card into an empty tableau pile", _waste_into_empty, None),
        ("draw from the stock, or redeal", turns_stock, None),
    ],
}
"""The priority list per game, as ``greedy`` and the hints use it: (what it plays, which
moves, which first among them)."""


def priority_move(position: Position, moves: Sequence[Move] | None = None) -> Move | None:
    """The first move of the game's priority list that is legal here (of ``moves`` when
    given: legal moves to choose among), or None."""
    moves = position.legal_moves() if moves is None else moves
    for _, rule, first in GREEDY_PRIORITIES[position.rules.name]:
        matching = [move for move in moves if rule(position, move)]
        if matching:
            if first is None:
                return matching[0]
            return max(matching, key=lambda move: first(position, move))
    return None


def greedy_move(position: Position, history: Sequence[Move]) -> Move | None:
    """The ``greedy`` strategy's move at ``position``, which ``history`` led to: the first
    of the priority list, but None when that would draw again after a whole pass through
    the stock and waste with no other move (another pass would show the same cards)."""
    chosen = priority_move(position)
    if chosen is not None and turns_stock(position, chosen) and _fruitless_pass(history, position):
        return None
    return chosen


def _fruitless_pass(history: Sequence[Move], position: Position) -> bool:
    """True when the moves since the last move that was not a draw or a redeal went through
    the whole stock and waste once."""
    cycle = -(-(len(position.stock) + len(position.waste)) // position.draw) + 1
    for turned, move in enumerate(reversed(history), 1):
        if not turns_stock(position, move):
            return False
        if turned > cycle:
            return True
    return False
