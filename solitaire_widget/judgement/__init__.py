"""Fair judgement: what a player who sees only what the board shows can know, built on the
search (``solver``), which sees every card.

The unseen cards are dealt into the unseen places at random, and each such sample is solved
seeing every card: ``chances`` (a move's win chance, ``win_chance``), ``moves`` (a move judged
by the chance it gives up: best, good, inaccuracy, mistake, blunder), ``analysis`` (a line
judged move by move), ``commitments`` (the choices a player really has: the moves that show
a card or change the talon, with the quiet moves that set them up) and ``fair_play`` (the
fair player's choice among them, behind the fair strategy and the fair hint). ``heuristic``
is the simplest player of all, by a priority list of kinds of move (greedy play), which the
fair player falls back on. No Jupyter imports; the search never imports this package.

>>> from solitaire_widget import Game
>>> c = win_chance(Game.new("klondike", seed=3), samples=4, node_limit=2_000)
>>> 0 <= c.low <= c.estimate <= c.high <= 1
True
"""

from __future__ import annotations

from .analysis import Analysis, AnalysisStopped
from .chances import Chance, WinChance, win_chance

__all__ = ["Analysis", "AnalysisStopped", "Chance", "WinChance", "win_chance"]
