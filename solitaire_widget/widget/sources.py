"""The games a widget is asked to show: by name with a seed and options, a ``Game`` as it is,
or a game's record (a dict or a file)."""

from __future__ import annotations

import os
from typing import Any

from ..game import Game


def game_for(game: str | Game, seed: int | None, options: dict[str, object]) -> Game:
    """A new deal of the game named ``game`` (``Game.new``), or the ``Game`` given, which
    brings its own seed and options (``TypeError`` when others are given with it)."""
    if isinstance(game, Game):
        if seed is not None or options:
            raise TypeError("a Game brings its own seed and options: pass only the Game")
        return game
    return Game.new(game, seed, **options)


def game_of(source: Game | dict[str, Any] | str | os.PathLike[str]) -> Game:
    """The game ``source`` is or records: a ``Game``, a record dict or a record file."""
    if isinstance(source, Game):
        return source
    if isinstance(source, dict):
        return Game.from_record(source)
    return Game.load(source)
