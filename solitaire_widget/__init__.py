"""Patience games (Klondike, Father, Following) to play, step through and script in Jupyter.

>>> import solitaire_widget as sw
>>> g = sw.Game.new("klondike", seed=42)
>>> g.legal_moves()
[Move(source='waste', target='tableau/5', count=1), Move(source='stock', target='waste', count=1)]
>>> g.play("w>t5")
Move(source='waste', target='tableau/5', count=1)
>>> g.explain("t0>f0")
'2♥ cannot go on foundation 1: in Klondike a foundation starts with an ace'

The package is laid out by layer, each depending only on the ones before it:

- ``engine/``: cards, seeded deals, each game's rules, ``Position`` (piles, legal moves,
  unchecked push/pop for search), moves and their notation, moves in words, outcomes.
  Pure Python, no Jupyter imports.
- ``notation/``: the position dict, the text diagram, SVG pictures and animated replays.
- ``records/``: the move tree (every line played, with comments and marks), game records
  as versioned JSON, study files, and the text and HTML handouts.
- ``solver/``: ``solve(game)``, a depth-first search for a winning line, seeing every card.
- ``judgement/``: fair judgement on the search, from what the player can see: win chances,
  moves judged, a line's analysis, the fair player's choice.
- ``aids/``: the play aids on both: hints, the plans they start, winnable deals,
  difficulty, when a game was lost.
- ``game.py``: ``Game``, a position with its move tree: checked play, undo, redo, goto,
  variations, comments, records, hints.
- ``lesson.py``: lessons on a recorded game's main line.
- ``study/``: ``Study``, games gathered as chapters in one file, some of them exercises.
- ``library/``: ``Library``, every game kept in an SQLite file, with statistics, streaks
  and scores (standard and Vegas).
- ``scripting/``: strategies as plain functions (``sw.strategies``), ``sw.simulate`` (many
  deals on every core, any executor or a Dask cluster, one row per deal),
  ``sw.compare`` (win rates with intervals and a plot) and ``sw.analyse`` (every move of a
  game judged from what the player could see, on every core).
- ``widget/``: ``SolitaireWidget``, the only part that knows about Jupyter; its view is
  bundled in ``static/``.

``sw.SolitaireWidget`` is imported on first use, so the engine works in plain scripts and
worker processes without Jupyter installed; so are ``sw.strategies``, ``sw.simulate``,
``sw.compare`` and ``sw.analyse``, which import their optional libraries (pandas, tqdm,
matplotlib, Dask) only when a run needs them.

``solitaire_widget.env`` holds the Gymnasium environments (the ``rl`` extra). They are
registered in any process that imports this package and gymnasium, in either order
(``gymnasium_hook``), so ``gymnasium.make("solitaire_widget/Klondike-v0")`` just works; the
package never imports gymnasium itself.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .aids import Difficulty, Hint, HintSource, Winnability
from .engine import GAMES, IllegalMove, Move, Outcome, Position, RunEnd, Termination
from .game import Game
from .gymnasium_hook import register_when_gymnasium_loads
from .judgement import Analysis, AnalysisStopped, Chance, WinChance, win_chance
from .library import Library, LibraryError, Statistics
from .notation.replay import svg_replay
from .notation.svg import svg
from .records.record import RecordError
from .solver import SolveResult, solve
from .study import Chapter, Study

register_when_gymnasium_loads()

if TYPE_CHECKING:
    from .scripting import analyse, compare, simulate, strategies

__all__ = [
    "GAMES",
    "Analysis",
    "AnalysisStopped",
    "Chance",
    "Chapter",
    "Difficulty",
    "Game",
    "Hint",
    "HintSource",
    "IllegalMove",
    "Library",
    "LibraryError",
    "Move",
    "Outcome",
    "Position",
    "RecordError",
    "RunEnd",
    "SolitaireWidget",
    "SolveResult",
    "Statistics",
    "Study",
    "Termination",
    "WinChance",
    "Winnability",
    "analyse",
    "compare",
    "simulate",
    "solve",
    "strategies",
    "svg",
    "svg_replay",
    "win_chance",
]
__version__ = "0.1.0"


def __getattr__(name: str) -> Any:
    if name == "SolitaireWidget":
        from .widget import SolitaireWidget

        return SolitaireWidget
    if name in ("strategies", "simulate", "compare", "analyse"):
        from . import scripting

        return getattr(scripting, name)
    raise AttributeError(f"module 'solitaire_widget' has no attribute {name!r}")
