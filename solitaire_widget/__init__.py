"""Patience games (Klondike, Father, Following) to play, step through and script in Jupyter.

>>> import solitaire_widget as sw
>>> g = sw.Game.new("klondike", seed=42)
>>> g.play(g.legal_moves()[0])  # doctest: +ELLIPSIS
Move(...)

``sw.SolitaireWidget`` (the Jupyter widget) is imported on first use, so the engine
works in plain scripts and worker processes without Jupyter installed.
"""

from __future__ import annotations

from .game import Game
from .games import GAMES
from .moves import IllegalMove, Move

__all__ = ["GAMES", "Game", "IllegalMove", "Move", "SolitaireWidget"]
__version__ = "0.1.0"


def __getattr__(name: str):
    if name == "SolitaireWidget":
        from .widget import SolitaireWidget

        return SolitaireWidget
    raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
