"""The text diagram of a board that ``str(game)`` shows."""

from __future__ import annotations

from itertools import zip_longest

from ..engine.cards import card_label
from ..engine.outcome import Outcome
from ..engine.position import Position

FACE_DOWN = "▒▒"
EMPTY = "··"
CELL = 4


def _cell(text: str) -> str:
    return text.rjust(3).ljust(CELL)


def game_facts(position: Position, seed: int | None) -> list[str]:
    """The game, its seed and the options that change its play, as short phrases."""
    options = position.options
    facts = [position.rules.title]
    if seed is not None:
        facts.append(f"seed {seed}")
    if "draw" in options:
        facts.append(f"draw {options['draw']}")
    if options.get("foundation_to_tableau") is False:
        facts.append("foundation cards stay")
    return facts


def board(position: Position, seed: int | None, moves_played: int, outcome: Outcome | None) -> str:
    """A readable board: a header (game, seed, options, moves, outcome), stock and waste,
    foundations, then the tableau piles."""
    facts = game_facts(position, seed)
    left = position.redeals_left
    facts.append("unlimited redeals" if left is None else f"{left} redeal{'s' if left != 1 else ''} left")
    facts.append(f"{moves_played} move{'s' if moves_played != 1 else ''}")
    if outcome is not None:
        facts.append(outcome.words)

    shown = position.draw
    waste = " ".join(card_label(card) for card in position.waste[-shown:]) or EMPTY
    stock = f"stock {FACE_DOWN} {len(position.stock)}" if position.stock else f"stock {EMPTY} 0"
    foundations = "".join(_cell(card_label(pile[-1]) if pile else EMPTY) for pile in position.foundations)
    lines = [" · ".join(facts), f"{stock}   waste {waste}   foundations {foundations.rstrip()}", ""]

    columns = [
        [FACE_DOWN] * len(down) + [card_label(c) for c in up] or [EMPTY]
        for down, up in zip(position.down, position.up, strict=True)
    ]
    lines.append("".join(_cell(f"t{i}") for i in range(len(columns))).rstrip())
    for row in zip_longest(*columns, fillvalue=""):
        lines.append("".join(_cell(text) for text in row).rstrip())
    return "\n".join(lines)
