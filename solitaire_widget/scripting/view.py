"""``GameView``: what a strategy is given, a read-only view of a ``Game``; and the types
of a strategy (``Strategy``) and of its answer (``Choice``).

>>> from solitaire_widget import Game
>>> view = GameView(Game.new("klondike", seed=42))
>>> view.ply, len(view.legal_moves())
(0, 2)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from ..engine import Move, Outcome, Position
from ..engine.rules import Rules
from ..game import Game

__all__ = ["Choice", "GameView", "Strategy"]

Choice = Move | str | None
"""What a strategy returns: a legal move (a ``Move`` or its notation), or None to resign."""

_CHANGES = frozenset(
    {
        "play",
        "undo",
        "redo",
        "goto",
        "enter",
        "promote",
        "delete",
        "annotate",
        "set_glyph",
        "autoplay",
        "restore",
    }
)


class GameView:
    """A read-only view of a ``Game``: what a strategy is given.

    It reads the game it wraps without copying it (so it costs nothing per move) and offers
    what a player looks at: the legal moves, the position (a copy), the history, the
    outcome, the deal's seed and options. The game's changing methods (``play``, ``undo``,
    ...) are not there: a strategy returns its move instead. ``copy()`` gives an
    independent ``Game`` to try moves on (``solitaire_widget.solve`` takes one).
    """

    __slots__ = ("_game",)

    def __init__(self, game: Game) -> None:
        self._game = game

    def __getattr__(self, name: str) -> Any:
        if name in _CHANGES:
            raise AttributeError(
                f"a strategy sees the game read-only, so it has no {name}(): return the move "
                "to play instead (try moves on g.copy(), or search from g.position)"
            )
        raise AttributeError(f"{type(self).__name__!r} object has no attribute {name!r}")

    @property
    def name(self) -> str:
        """The game's name, e.g. ``"klondike"``."""
        return self._game.name

    @property
    def title(self) -> str:
        """The game's name for people, e.g. ``"Klondike"``."""
        return self._game.title

    @property
    def rules(self) -> Rules:
        """The game's rules."""
        return self._game.rules

    @property
    def options(self) -> dict[str, object]:
        """A copy of the game's options."""
        return self._game.options

    @property
    def seed(self) -> int | None:
        """The seed of the deal (None for a position set up by hand)."""
        return self._game.seed

    @property
    def position(self) -> Position:
        """A copy of the current position, to read or search from (``push``/``pop``)."""
        return self._game.position

    @property
    def start(self) -> Position:
        """A copy of the position the game started from."""
        return self._game.start

    def legal_moves(self) -> list[Move]:
        """Every legal move, in the engine's fixed order (a new list)."""
        return self._game.legal_moves()

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played so far, oldest first."""
        return self._game.history

    @property
    def ply(self) -> int:
        """How many moves are played."""
        return self._game.ply

    @property
    def redeals_left(self) -> int | None:
        """Redeals still allowed (None when unlimited)."""
        return self._game.redeals_left

    @property
    def is_won(self) -> bool:
        """True when all 52 cards are on the foundations."""
        return self._game.is_won

    @property
    def outcome(self) -> Outcome | None:
        """None while the game is on, else how it ended."""
        return self._game.outcome

    @property
    def is_over(self) -> bool:
        """True when the game is won or no useful move is left."""
        return self._game.is_over

    def foundation_takes(self, index: int) -> list[str]:
        """Codes of the cards foundation ``index`` would take now."""
        return self._game.foundation_takes(index)

    def explain(self, move: Move | str) -> str:
        """Why ``move`` is illegal, or what it does, in words."""
        return self._game.explain(move)

    def parse_move(self, move: Move | str) -> Move:
        """``move`` as a ``Move`` (notation may name a bare ``f``: the foundation that takes it)."""
        return self._game.parse_move(move)

    def to_dict(self) -> dict[str, Any]:
        """The position as JSON-ready data, with ``seed`` and ``history``."""
        return self._game.to_dict()

    def copy(self) -> Game:
        """An independent ``Game`` with the same position and history, to play moves on."""
        return self._game.copy()

    def __str__(self) -> str:
        return str(self._game)

    def __repr__(self) -> str:
        return f"<GameView of {self._game!r}>"


Strategy = Callable[[GameView], Choice]
"""A strategy: a callable from a read-only view of the game to a legal move, or None to resign."""
