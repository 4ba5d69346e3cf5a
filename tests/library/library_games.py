"""Games for the library tests (a helper module, not the conftest, so that its name is unique
when test folders are collected together)."""

from __future__ import annotations

import solitaire_widget as sw


def played(game: sw.Game, count: int) -> sw.Game:
    """``game`` after ``count`` more moves, each the first legal one but the stock when
    another move is there (so lines differ from just turning the stock)."""
    for _ in range(count):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(next((move for move in moves if move.source != "stock"), moves[0]))
    return game
