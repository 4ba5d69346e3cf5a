"""Shared pieces of the environment tests: the games with options worth trying, and a
masked random agent."""

from __future__ import annotations

import numpy as np

GAMES = [
    ("klondike", {}),
    ("klondike", {"draw": 3, "redeals": 2, "foundation_to_tableau": False}),
    ("father", {}),
    ("following", {"redeals": 0}),
]
"""Each game once with its defaults (Klondike twice: draw three, limited redeals and no
foundation card back changes the spaces and the action table)."""


def masked_choice(info: dict, rng: np.random.Generator) -> int:
    """A random legal action, as a masked random agent picks it."""
    return int(rng.choice(np.flatnonzero(info["action_mask"])))
