"""The games a widget is asked to show: by name with a seed and options, a ``Game`` as it is,
a game's record (a dict or a file), the next deal and the same deal from its beginning."""

from __future__ import annotations

import os
from typing import Any

from ..engine.games import rules_for
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


def after(
    shown: Game, game: str | Game | None, options: dict[str, object]
) -> tuple[str | Game, dict[str, object]]:
    """The game and options of a new deal asked for while ``shown`` is on show: ``shown``'s
    game when ``game`` is None, and while the game stays the same, its options where none
    are given."""
    if game is None or (isinstance(game, str) and rules_for(game).name == shown.name):
        return shown.name, {**shown.options, **options}
    return game, options


def from_the_start(game: Game) -> Game:
    """A new ``Game`` standing where ``game``'s history begins: the deal for a dealt game,
    the position given for one made with ``Game.from_dict``."""
    start = game.copy()
    for _ in range(start.ply):
        start.undo()
    position = start.to_dict()
    del position["history"]
    return Game.from_dict(position)
