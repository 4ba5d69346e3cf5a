"""``Player``: a strategy playing on a widget's board, a move every ``delay`` seconds, from a
background thread, so the cell that started it returns at once and the board stays
responsive.

The loop takes any strategy (see ``solitaire_widget.scripting.strategies``): a built-in
one, a function written in a cell, or the solver's line (``w.demo``). The strategy is given
a read-only view of a copy of the game, taken under the widget's ``game_lock``, and thinks
outside the lock, so the board and the notebook can still use the game meanwhile. Its move
is played under the lock, and only if the game has not changed since the copy was taken
(else it is asked again), so after ``stop()`` the game is always either before or after a
whole move.
"""

from __future__ import annotations

import threading
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from ..engine.moves import Move
from ..engine.outcome import Termination
from ..game import Game
from ..scripting.strategies import GameView, Strategy

if TYPE_CHECKING:
    from .widget import SolitaireWidget


class Player:
    """One run of a strategy on a widget (``w.run`` makes and starts it).

    ``playing`` is True until the run ends; ``said`` then says how (the game won or over,
    the strategy resigned or failed, stopped, a new deal shown); ``moves`` counts the moves
    it played. ``stop()`` ends it (no move is played after it returns); ``wait()`` waits
    for its thread to finish. A strategy that resigns may say why in a ``why_resigned``
    attribute (as ``SolverPlayer`` does), which is then what ``said`` says.
    """

    def __init__(
        self,
        widget: SolitaireWidget,
        strategy: Strategy,
        delay: float,
        max_moves: int | None,
        changed: Callable[[Player], object],
        *,
        demo: bool = False,
    ) -> None:
        """``changed(player)`` is called, holding the widget's lock, when the run ends;
        ``demo`` tells the board the strategy plays the solver's line."""
        self.demo = demo
        self.widget = widget
        self.strategy = strategy
        self.delay = delay
        self.max_moves = max_moves
        self.moves = 0
        self.said: str | None = None
        self.error: BaseException | None = None
        self._changed = changed
        self._playing = True
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="solitaire-player", daemon=True)

    @property
    def playing(self) -> bool:
        """True while the strategy is playing."""
        return self._playing

    def start(self) -> Player:
        self._thread.start()
        return self

    def stop(self, said: str = "stopped") -> None:
        """Stop the run: the move in progress is played whole or not at all, and none after."""
        self._stop.set()
        with self.widget.game_lock:
            self._end(said)

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the run's thread has finished (at most ``timeout`` seconds); True when it has."""
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def state(self) -> dict[str, Any]:
        """What the board shows of the run: ``{"playing": bool, "said": str | None, "demo": bool}``."""
        return {"playing": self._playing, "said": self.said, "demo": self.demo}

    def __repr__(self) -> str:
        status = "playing" if self._playing else self.said
        return f"<Player {self.strategy!r}: {self.moves} moves, {status}>"

    def _end(self, said: str) -> None:
        # Called holding the lock, so the end and the last move are never interleaved.
        if self._playing:
            self._playing = False
            self.said = said
            self._changed(self)

    def _loop(self) -> None:
        lock = self.widget.game_lock
        game = self.widget.game
        try:
            while not self._stop.is_set():
                with lock:
                    if self._stop.is_set():
                        return
                    ended = self._why_over(game)
                    if ended is not None:
                        self._end(ended)
                        return
                    snapshot, version = game.copy(), self.widget.state["version"]
                choice = self.strategy(GameView(snapshot))
                with lock:
                    if self._stop.is_set():
                        return
                    if self.widget.state["version"] != version:
                        continue  # the game changed while the strategy thought: ask again
                    if choice is None:
                        self._end(getattr(self.strategy, "why_resigned", None) or "the strategy resigned")
                        return
                    if not isinstance(choice, (Move, str)):
                        self._end(f"the strategy returned {choice!r:.60}, not a move or None")
                        return
                    try:
                        # The game itself, not w.play: a strategy chooses every move, safe
                        # moves home included, so the auto-play setting is not for its moves.
                        game.play(choice)
                    except ValueError as refused:
                        self._end(f"the strategy's move {choice} is not legal here: {refused}")
                        return
                    self.moves += 1
                if self._stop.wait(self.delay):
                    return
        except Exception as error:
            self.error = error
            with lock:
                self._end(f"the strategy raised {type(error).__name__}: {error}")

    def _why_over(self, game: Game) -> str | None:
        if self.widget.game is not game:
            return "stopped: another game is on the board"
        outcome = game.outcome
        if outcome is not None:
            return "won" if outcome.termination is Termination.WON else f"game over: {outcome.reason}"
        if self.max_moves is not None and self.moves >= self.max_moves:
            return f"stopped after {self.max_moves} moves"
        return None
