"""Gymnasium environments for the three games (the ``rl`` extra: gymnasium and numpy).

Importing this module registers ``solitaire_widget/Klondike-v0``, ``solitaire_widget/Father-v0``
and ``solitaire_widget/Following-v0``, made with ``gymnasium.make(id, **options)``. Gymnasium
1.x no longer finds environments through package entry points, so in a fresh process import
this module first, or name it in the id, which makes Gymnasium import it:
``gymnasium.make("solitaire_widget.env:solitaire_widget/Klondike-v0")``.

>>> import gymnasium
>>> env = gymnasium.make("solitaire_widget/Following-v0", redeals=0)
>>> observation, info = env.reset(seed=3)
>>> sorted(observation)
['counts', 'foundations', 'redeals_left', 'tableau', 'waste']

The environment is ``SolitaireEnv`` (see its docstring and docs/gymnasium.md); nothing else
in the package imports this module, so the engine and the widget never need gymnasium.
"""

from __future__ import annotations

import gymnasium

from .actions import ActionTable
from .environment import MAX_MOVES, REWARDS, SolitaireEnv
from .observation import EMPTY, UNKNOWN, Observer

IDS = {
    "klondike": "solitaire_widget/Klondike-v0",
    "father": "solitaire_widget/Father-v0",
    "following": "solitaire_widget/Following-v0",
}
"""Each game's registered environment id."""

for _game, _id in IDS.items():
    if _id not in gymnasium.registry:
        gymnasium.register(id=_id, entry_point="solitaire_widget.env:SolitaireEnv", kwargs={"game": _game})

__all__ = ["EMPTY", "IDS", "MAX_MOVES", "REWARDS", "UNKNOWN", "ActionTable", "Observer", "SolitaireEnv"]
