"""The games, by name. Adding a game is one module here and one line in ``GAMES``."""

from __future__ import annotations

from ..rules import Rules
from .father import Father
from .following import Following
from .klondike import Klondike

GAMES: dict[str, Rules] = {rules.name: rules for rules in (Klondike(), Father(), Following())}


def rules_for(name: object) -> Rules:
    """The rules of game ``name``; ``ValueError`` naming the choices when it is unknown."""
    if isinstance(name, str) and name.lower() in GAMES:
        return GAMES[name.lower()]
    raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")
