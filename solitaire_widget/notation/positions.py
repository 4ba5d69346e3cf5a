"""Positions as JSON-ready dicts, read with full validation.

The dict (lists run bottom to top: the last card of ``stock`` is drawn next, the last of
``waste`` is its top, the last of a pile's ``up`` is the pile's top)::

    {
      "game": "klondike",
      "options": {"draw": 1, "redeals": null, "foundation_to_tableau": true},
      "stock": ["QS", "4D"],
      "waste": ["7H"],
      "foundations": [["AH", "2H"], [], [], []],
      "tableau": [{"down": ["KH", "2S"], "up": ["5C", "4H"]}, {"down": [], "up": []}, ...],
      "redeals_left": null,
      "seed": 42,
      "history": ["s>w", "w>t3"]
    }

Cards are two characters (rank ``A23456789TJQK``, suit ``CDHS``; ``10H`` is read too).
``redeals_left`` is null when redeals are unlimited. On input ``options`` may be left out
(the game's defaults) and so may ``redeals_left`` (the full number); ``seed`` and
``history`` are optional; any other key is an error that names it.
"""

from __future__ import annotations

from collections.abc import Sequence

from ..engine.cards import card_code, card_label, parse_card
from ..engine.deal import check_seed
from ..engine.games import rules_for
from ..engine.moves import Move
from ..engine.position import Position
from ..engine.rules import Layout, Rules

KEYS = ("game", "options", "stock", "waste", "foundations", "tableau", "redeals_left", "seed", "history")
"""Every key a position dict may have."""


def write(position: Position, seed: int | None, history: Sequence[Move]) -> dict[str, object]:
    """``position`` as plain data, with the ``seed`` it was dealt from and the ``history`` that led there."""
    return {
        "game": position.rules.name,
        "options": position.options,
        "stock": _codes(position.stock),
        "waste": _codes(position.waste),
        "foundations": [_codes(pile) for pile in position.foundations],
        "tableau": [
            {"down": _codes(d), "up": _codes(u)} for d, u in zip(position.down, position.up, strict=True)
        ],
        "redeals_left": position.redeals_left,
        "seed": seed,
        "history": [str(move) for move in history],
    }


def _codes(cards: Sequence[int]) -> list[str]:
    return [card_code(card) for card in cards]


def read(data: object) -> tuple[Position, int | None, list[Move] | None]:
    """Check ``data`` and return its position, seed and history (when given);
    ``ValueError`` says what is wrong."""
    if not isinstance(data, dict):
        raise ValueError(f"a position is a dict, not {type(data).__name__}")
    unknown = [key for key in data if key not in KEYS]
    if unknown:
        raise ValueError(f"the position has an unknown key {unknown[0]!r} (a position has {', '.join(KEYS)})")
    if "game" not in data:
        raise ValueError("the position names no game (key 'game')")
    rules = rules_for(data["game"])
    given_options = data.get("options", {})
    if not isinstance(given_options, dict):
        raise ValueError(f"options must be a dict, not {given_options!r}")
    options = rules.check_options(given_options)

    stock = _cards(data, "stock")
    waste = _cards(data, "waste")
    foundations = _pile_list(data, "foundations", rules.foundation_count, rules.title)
    found = [_card_list(pile, f"foundation/{i}") for i, pile in enumerate(foundations)]
    down, up = _tableau(data, rules)
    _check_deck(
        [("stock", stock), ("waste", waste)]
        + [(f"foundation/{i}", pile) for i, pile in enumerate(found)]
        + [(f"tableau/{i}", d + u) for i, (d, u) in enumerate(zip(down, up, strict=True))]
    )
    for i, pile in enumerate(found):
        _check_foundation(rules, i, pile)

    redeals_left = _redeals_left(data, rules.redeals(options))
    seed = data.get("seed")
    if seed is not None:
        check_seed(seed)
    moves = data.get("history")
    history = None
    if moves is not None:
        if not isinstance(moves, list):
            raise ValueError(f"history must be a list of moves, not {moves!r}")
        history = [Move.parse(move) for move in moves]
    position = Position(rules, options, Layout(stock, waste, found, down, up, redeals_left))
    return position, seed, history


def _tableau(data: dict[str, object], rules: Rules) -> tuple[list[list[int]], list[list[int]]]:
    """The face-down and face-up cards of each tableau pile of ``data``."""
    down, up = [], []
    for i, pile in enumerate(_pile_list(data, "tableau", rules.tableau_count, rules.title)):
        name = f"tableau/{i}"
        if not isinstance(pile, dict) or set(pile) - {"down", "up"}:
            raise ValueError(f"{name} must be a dict with lists 'down' and 'up', not {pile!r}")
        down.append(_card_list(pile.get("down", []), f"{name} (down)"))
        up.append(_card_list(pile.get("up", []), f"{name} (up)"))
        if down[-1] and not rules.has_face_down:
            raise ValueError(f"{rules.title} has no face-down cards, but {name} has {len(down[-1])}")
        if down[-1] and not up[-1]:
            raise ValueError(f"{name} has face-down cards but no face-up card on top")
    return down, up


def _redeals_left(data: dict[str, object], allowed: int | None) -> int | None:
    """``data``'s redeals left (``allowed``, the options' full number, when not given)."""
    redeals_left = data.get("redeals_left", allowed)
    if allowed is None:
        if redeals_left is not None:
            raise ValueError(f"redeals_left must be null when redeals are unlimited, not {redeals_left!r}")
    elif (
        isinstance(redeals_left, bool)
        or not isinstance(redeals_left, int)
        or not 0 <= redeals_left <= allowed
    ):
        raise ValueError(f"redeals_left must be a whole number from 0 to {allowed}, not {redeals_left!r}")
    return redeals_left


def _cards(data: dict[str, object], key: str) -> list[int]:
    if key not in data:
        raise ValueError(f"the position has no {key!r}")
    return _card_list(data[key], key)


def _card_list(value: object, where: str) -> list[int]:
    if not isinstance(value, list):
        raise ValueError(f"{where} must be a list of card codes, not {value!r}")
    cards = []
    for code in value:
        try:
            cards.append(parse_card(code))
        except ValueError as error:
            raise ValueError(f"{where}: {error}") from None
    return cards


def _pile_list(data: dict[str, object], key: str, count: int, title: str) -> list[object]:
    piles = data.get(key)
    if not isinstance(piles, list):
        raise ValueError(f"the position needs {key!r}: a list of {count} piles")
    if len(piles) != count:
        kind = "foundation" if key == "foundations" else key
        raise ValueError(f"{title} has {count} {kind} piles, but the position gives {len(piles)}")
    return piles


def _check_deck(piles: list[tuple[str, list[int]]]) -> None:
    where: dict[int, str] = {}
    for name, cards in piles:
        for card in cards:
            if card in where:
                raise ValueError(f"card {card_code(card)} appears twice (in {where[card]} and {name})")
            where[card] = name
    if len(where) != 52:
        missing = " ".join(card_code(card) for card in range(52) if card not in where)
        raise ValueError(f"a position holds all 52 cards; it has {len(where)}, missing {missing}")


def _check_foundation(rules: Rules, index: int, pile: list[int]) -> None:
    top = None
    for card in pile:
        refusal = rules.foundation_refusal(index, top, card)
        if refusal is not None:
            placed = (
                f"{card_label(card)} on {card_label(top)}" if top is not None else f"{card_label(card)} first"
            )
            raise ValueError(
                f"foundation/{index} is not built by {rules.title}'s rules ({placed}): {refusal}"
            )
        top = card
