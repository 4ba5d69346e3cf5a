"""The text diagram of a board that ``str(game)`` shows."""

from __future__ import annotations

from itertools import zip_longest
from typing import TYPE_CHECKING

from .cards import card_label

if TYPE_CHECKING:
    from .game import Game

FACE_DOWN = "▒▒"
EMPTY = "··"
CELL = 4


def _cell(text: str) -> str:
    return text.rjust(3).ljust(CELL)


def board(game: Game) -> str:
    """A readable board: header, stock and waste, foundations, then the tableau piles."""
    options = game.options
    facts = [game.title]
    if game.seed is not None:
        facts.append(f"seed {game.seed}")
    if "draw" in options:
        facts.append(f"draw {options['draw']}")
    left = game.redeals_left
    facts.append("unlimited redeals" if left is None else f"{left} redeal{'s' if left != 1 else ''} left")
    facts.append(f"{len(game.history)} move{'s' if len(game.history) != 1 else ''}")
    reason = game.over_reason
    if reason is not None:
        facts.append("WON" if reason == "won" else reason)

    shown = 3 if options.get("draw") == 3 else 1
    waste = " ".join(card_label(card) for card in game._waste[-shown:]) or EMPTY
    stock = f"stock {FACE_DOWN} {len(game._stock)}" if game._stock else f"stock {EMPTY} 0"
    foundations = "".join(_cell(card_label(pile[-1]) if pile else EMPTY) for pile in game._foundations)
    lines = [" · ".join(facts), f"{stock}   waste {waste}   foundations {foundations.rstrip()}", ""]

    columns = [
        [FACE_DOWN] * len(down) + [card_label(c) for c in up] or [EMPTY]
        for down, up in zip(game._down, game._up, strict=True)
    ]
    lines.append("".join(_cell(f"t{i}") for i in range(len(columns))).rstrip())
    for row in zip_longest(*columns, fillvalue=""):
        lines.append("".join(_cell(text) for text in row).rstrip())
    return "\n".join(lines)
