"""Moves in words: what a legal move does and the rule that allows it, and which rule an
illegal one breaks.

>>> from solitaire_widget import Game, Move
>>> p = Game.new("klondike", seed=42).position
>>> refusal(p, Move("stock", "foundation/0"))
'cards from the stock are turned onto the waste (s>w)'
"""

from __future__ import annotations

from collections.abc import Iterable
from itertools import pairwise

from .cards import card_label
from .moves import ANY_FOUNDATION, IllegalMove, Move, parse_parts
from .position import Position

_COUNT_WORDS = ("no", "one", "two", "three")


def pile_words(pile_id: str) -> str:
    """A pile as people name it, the same in every game and counted from 1: "the stock",
    "the waste", "column 3" (``tableau/2``), "foundation 1" (``foundation/0``). Pile ids
    (the notation's ``t2``, ``f0``) stay as they are; these words are for sentences.

    >>> pile_words("tableau/0"), pile_words("foundation/7"), pile_words("waste")
    ('column 1', 'foundation 8', 'the waste')
    """
    kind, _, index = pile_id.partition("/")
    if kind == "tableau":
        return f"column {int(index) + 1}"
    return f"foundation {int(index) + 1}" if kind == "foundation" else f"the {kind}"


def sentence(position: Position, move: Move) -> str:
    """What ``move`` (legal in ``position``) does, in a short sentence: "7♦ from the waste
    onto 8♠ in column 3", "turn three cards from the stock", "redeal: 21 cards back to the stock"."""
    source, target, count = move
    if source == "stock":
        number = _COUNT_WORDS[count] if count < len(_COUNT_WORDS) else str(count)
        return f"turn {number} card{'s' if count > 1 else ''} from the stock"
    if target == "stock":
        return f"redeal: {count} card{'s' if count > 1 else ''} back to the stock"
    cards = position.cards(source)
    head = card_label(cards[-count])
    on_it = "" if count == 1 else " and the card on it" if count == 2 else f" and the {count - 1} cards on it"
    what = head + on_it
    pile = position.cards(target)
    where = pile_words(target)
    if pile:
        onto = f"onto {card_label(pile[-1])} {'on' if target.startswith('foundation/') else 'in'} {where}"
    else:
        onto = f"to the empty {where}"
    return f"{what} from {pile_words(source)} {onto}"


def parse(position: Position, move: Move | str) -> Move:
    """``move`` as a ``Move``; text may name a bare ``f`` for "the foundation that takes it"
    (``IllegalMove`` when none does in ``position``)."""
    if isinstance(move, Move):
        return move
    source, target, count = parse_parts(move)
    if target != ANY_FOUNDATION:
        return Move(source, target, count)
    for legal in position.legal_moves():
        if legal.source == source and legal.count == count and legal.target.startswith("foundation/"):
            return legal
    raise IllegalMove(move, "no foundation takes that card now")


def judged(position: Position, move: Move | str) -> str:
    """Why ``move`` is illegal in ``position``, in the words ``IllegalMove`` would use, or
    ``"legal: "`` with what it does and the rule that allows it."""
    try:
        move = parse(position, move)
    except IllegalMove as refused:
        return refused.reason
    if position.is_legal(move):
        return f"legal: {sentence(position, move)}: {rule(position, move)}"
    return why_illegal(position, move)


def why_illegal(position: Position, move: Move) -> str:
    """The rule ``move`` breaks in ``position``, in words (see ``refusal``), or a plain "not legal"."""
    return refusal(position, move) or "it is not a legal move here"


def sentences(start: Position, moves: Iterable[Move]) -> list[str]:
    """The sentence of each of ``moves``, played one after another from ``start``."""
    position = start.copy()
    said = []
    for move in moves:
        said.append(sentence(position, move))
        position.push(move)
    return said


def rule(position: Position, move: Move) -> str:
    """The rule that allows ``move`` (legal in ``position``), in words."""
    rules = position.rules
    source, target, count = move
    if source == "stock":
        if position.draw == 1:
            return "the stock turns one card at a time onto the waste"
        return "draw three: the stock turns three cards at a time onto the waste, or all that are left"
    if target == "stock":
        left = position.redeals_left
        allowed = "redeals are unlimited" if left is None else f"{left} redeal{'s' if left != 1 else ''} left"
        return f"with the stock empty, the whole waste is turned over to form the stock again ({allowed})"
    place = position.place(target)
    source_place = position.place(source)
    assert place is not None and source_place is not None, move
    if place[0] == "foundation":
        return rules.foundation_rule(place[1])
    kind = source_place[0]
    words = rules.tableau_rule(kind) if position.cards(target) else rules.empty_tableau_rule(kind)
    return words + ("; a run in sequence moves as a unit" if count > 1 else "")


def refusal(position: Position, move: Move) -> str | None:
    """The rule ``move`` breaks in ``position``, in words; None when it is legal."""
    rules = position.rules
    source, target, count = move
    source_place, target_place = position.place(source), position.place(target)
    if source_place is None or target_place is None:
        last_foundation, last_pile = rules.foundation_count - 1, rules.tableau_count - 1
        return (
            f"{rules.title} has no pile {source if source_place is None else target!r} (it has stock, "
            f"waste, foundation/0 to foundation/{last_foundation} and tableau/0 to tableau/{last_pile})"
        )
    if source == target:
        return "a move takes cards from one pile to another"
    if source == "stock":
        return _draw_refusal(position, target, count)
    if target == "stock":
        return _redeal_refusal(position, source, count)
    if target == "waste":
        return "only the stock turns cards onto the waste"
    kind = source_place[0]
    cards = position.cards(source)
    if not cards:
        return f"{pile_words(source)} is empty"
    if kind == "foundation":
        if not position.foundation_to_tableau:
            switchable = "foundation_to_tableau" in position.options
            return f"in {rules.title} cards on a foundation stay there" + (
                " (foundation_to_tableau is off)" if switchable else ""
            )
        if target.startswith("foundation/"):
            return "a foundation card may only move back to the tableau"
    if kind in ("waste", "foundation") and count != 1:
        return f"only the top card of the {kind} is available"
    if kind == "tableau":
        if count > len(cards):
            face_up = len(cards)
            return f"{pile_words(source)} has only {face_up} face-up card{'s' if face_up > 1 else ''}"
        run = cards[len(cards) - count :]
        for lower, upper in pairwise(run):
            broken = rules.tableau_refusal(upper, lower, "tableau")
            if broken is not None:
                return (
                    f"the top {count} cards of {pile_words(source)} do not form a run that moves together "
                    f"({card_label(upper)} on {card_label(lower)}): {broken}"
                )
    card = cards[-count]
    target_kind, target_index = target_place
    pile = position.cards(target)
    if target_kind == "foundation":
        if count != 1:
            return "cards go to a foundation one at a time"
        broken = rules.foundation_refusal(target_index, pile[-1] if pile else None, card)
        return broken and f"{card_label(card)} cannot go on {pile_words(target)}: {broken}"
    if not pile:
        broken = rules.empty_tableau_refusal(card, kind)
        return broken and f"{card_label(card)} cannot fill the empty {pile_words(target)}: {broken}"
    broken = rules.tableau_refusal(card, pile[-1], kind)
    return broken and f"{card_label(card)} cannot go on {card_label(pile[-1])}: {broken}"


def _draw_refusal(position: Position, target: str, count: int) -> str | None:
    if target != "waste":
        return "cards from the stock are turned onto the waste (s>w)"
    stock, draw = position.stock, position.draw
    if not stock:
        if not position.waste:
            return "the stock is empty and so is the waste: there is nothing to turn over"
        if position.redeals_left != 0:
            return "the stock is empty: turn the waste over to redeal (w>s)"
        return "the stock is empty and no redeal is left"
    due = min(draw, len(stock))
    if count == due:
        return None
    rule = "drawing turns one card" if draw == 1 else "draw three turns three cards, or all that are left"
    return f"{rule}: {due} here, not {count}"


def _redeal_refusal(position: Position, source: str, count: int) -> str | None:
    if source != "waste":
        return "only the waste is turned back onto the stock (a redeal, w>s)"
    waste = position.waste
    if position.stock:
        return "a redeal is allowed only when the stock is empty"
    if not waste:
        return "there is no waste to turn over"
    if position.redeals_left == 0:
        allowed = position.rules.redeals(position.options)
        return f"no redeal is left: this game allows {allowed} redeal{'s' if allowed != 1 else ''}"
    if count != len(waste):
        return f"a redeal turns over the whole waste: {len(waste)} cards, not {count}"
    return None
