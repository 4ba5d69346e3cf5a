"""The search: ``solve(game)`` says whether the game's current position can still be won,
and gives a winning line when it can.

It plays *thoughtful* solitaire: it knows where every card is, face-down cards and the
order of the stock included, so "winnable" means "winnable by a player who could see
every card". No Jupyter imports: it reads only ``solitaire_widget.engine``; fair judgement
(``judgement``) and the play aids (``aids``) are built on it, and the search imports neither
(``analysis`` and ``judgement`` here are deprecated paths that forward to fair judgement
when asked, until the next release). The search is pure Python, with an optional C
accelerator compiled on first use when a C compiler is on PATH (``solver.native``).

>>> from solitaire_widget import Game
>>> from solitaire_widget.solver import solve
>>> g = Game.new("klondike", seed=1)
>>> result = solve(g, time_limit=None, node_limit=5_000)
>>> result.verdict
'winnable'
>>> for move in result.moves:
...     _ = g.play(move)
>>> g.is_won
True
"""

from __future__ import annotations

from .search import SolveResult, solve

__all__ = ["SolveResult", "solve"]
