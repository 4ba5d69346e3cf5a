"""The engine: cards, deals, each game's rules, positions and move generation, moves in
words, and outcomes. Pure Python with no Jupyter imports, so it runs in scripts, tests,
worker processes and cluster tasks.

Inside, the dependencies run one way: ``cards`` and ``deal``; ``rules`` and ``games/``
(what each game declares); ``moves`` (``Move`` and its notation); ``position``
(``Position``: piles, legal moves, unchecked push/pop); ``explain`` and ``outcome``,
which read a ``Position`` through its public interface.
"""

from __future__ import annotations

from .games import GAMES, rules_for
from .moves import IllegalMove, Move
from .outcome import Outcome, RunEnd, Termination
from .position import Position

__all__ = ["GAMES", "IllegalMove", "Move", "Outcome", "Position", "RunEnd", "Termination", "rules_for"]
