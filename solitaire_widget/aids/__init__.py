"""The play aids ``Game`` and the board offer, built on the search (``solver``) and on fair
judgement (``judgement``): ``hints`` (the first move of the solver's winning line, the fair
player's choice, or the heuristic's move), ``plan`` (the line a hint started, followed while
the player does) and ``verdicts`` (winnable deals, a deal's difficulty, the move that lost a
game). No Jupyter imports.

>>> from solitaire_widget import Game
>>> best_move(Game.new("klondike", seed=42).position)  # the heuristic's move
Move(source='waste', target='tableau/5', count=1)
"""

from __future__ import annotations

from .hints import Hint, HintSource, best_move
from .verdicts import Difficulty, Winnability

__all__ = ["Difficulty", "Hint", "HintSource", "Winnability", "best_move"]
