"""The solver's winning lines as the solver tests walk them (a helper module, not the
conftest, so that its name is unique when test folders are collected together)."""

from __future__ import annotations

from collections.abc import Iterable

import solitaire_widget as sw
from solitaire_widget.engine import Move, Position
from solitaire_widget.solver import solve


def winning_lines(
    game: str, seeds: Iterable[int], node_limit: int, **options: object
) -> list[tuple[int, list[tuple[Position, Move]]]]:
    """The winning lines the solver finds within ``node_limit`` positions on the deals of
    ``seeds``: each as its seed and its steps, every position of the line (a copy) with the
    move played from it."""
    lines = []
    for seed in seeds:
        g = sw.Game.new(game, seed=seed, **options)
        result = solve(g, time_limit=None, node_limit=node_limit)
        if result.verdict != "winnable":
            continue
        position, steps = g.position.copy(), []
        for move in result.moves:
            steps.append((position.copy(), move))
            position.push(move)
        lines.append((seed, steps))
    return lines
