"""``Run``: a strategy playing on a widget's board, a move every ``delay`` seconds, from a
background thread, so the cell that started it returns at once and the board stays
responsive. (A *player* is the person at the board; what a strategy does there is a *run*.)

The loop takes any strategy (see ``solitaire_widget.scripting.strategies``): a built-in
one, a function written in a cell, or the solver's line (``w.demo``). The strategy is given
a read-only view of a copy of the game, taken under the game's lock, and thinks outside the
lock, so the board and the notebook can still use the game meanwhile. Its move is played
under the lock, and only if the game still stands on the node of its tree the copy was taken
at (else it is asked again), so after ``stop()`` the game is always either before or after a
whole move.

Where no thread can start (Pyodide, in JupyterLite: ``CAN_START_WORKERS``) the run's moves are
steps on the kernel's event loop instead, one every ``delay`` seconds, so the cell still
returns at once and the board stays responsive between moves.

A run knows its game and nothing of the widget: the widget stops it, holding the game's lock,
before it shows another game, and hears of its end through the ``ended`` callback.
"""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable
from contextlib import AbstractContextManager
from math import inf
from typing import Any

from ..engine.outcome import RunEnd
from ..game import Game
from ..scripting.step import RunEnded, game_over, next_move
from ..scripting.strategies import Choice, GameView, SolverStrategy, Strategy, for_run
from ..scripting.workers import CAN_START_WORKERS
from ..solver.search import SolveResult, check_limits
from .intents import SETTINGS, brief

DEMO_DELAYS = dict(zip(SETTINGS["demo_speed"].choices, (1.0, 0.5, 0.2), strict=True))
"""Seconds between the demo's moves for each ``demo_speed``."""

DEMO_SECONDS = 10.0
"""The solver's budget for the demo's line, when a demo is asked for on the board."""


def checked_run_limits(delay: object, max_moves: object) -> tuple[float, int | None]:
    """``delay`` (seconds from 0) and ``max_moves`` (moves from 0, or None) checked;
    ``ValueError`` naming the bad one."""
    if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay < inf:
        raise ValueError(f"delay is a number of seconds from 0, not {brief(delay)}")
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise ValueError(f"max_moves is a number of moves from 0 or None, not {brief(max_moves)}")
    return float(delay), max_moves


def _resign(_game: GameView) -> Choice:
    """The demo's fallback: it plays the solver's line or nothing."""
    return None


def demo_line(solve_with: Callable[..., SolveResult], time_limit: float) -> Strategy:
    """The demo's strategy: the solver's winning line, found by ``solve_with`` within
    ``time_limit`` seconds (checked here, not later in the worker), or a resignation saying
    why there is none."""
    seconds, _ = check_limits(time_limit, None)
    return SolverStrategy(None, seconds, fallback=_resign, solve_with=solve_with)


class Run:
    """One run of a strategy on a game (``w.run`` and ``w.demo`` make and start it).

    ``playing`` is True until the run ends; ``end`` (a ``RunEnd``) then says how, and
    ``said`` says it in words (the game won or over, the strategy resigned or failed,
    stopped, a new deal shown); ``moves`` counts the moves it played. ``stop()`` ends it (no
    move is played after it returns); ``wait()`` waits for its thread to finish. A strategy
    that resigns may say why in a ``why_resigned`` attribute (as ``SolverStrategy`` does),
    which is then what ``said`` says.
    """

    def __init__(
        self,
        game: Game,
        strategy: Strategy,
        delay: float,
        max_moves: int | None,
        ended: Callable[[Run], object],
        *,
        demo: bool = False,
    ) -> None:
        """``ended(run)`` is called, holding the game's lock, when the run ends; ``demo``
        tells the board the strategy plays the solver's line."""
        self.game = game
        self.demo = demo
        self.strategy = for_run(strategy)  # a strategy with state keeps it for this run alone
        self.delay = delay
        self.max_moves = max_moves
        self.moves = 0
        self.end: RunEnd | None = None
        self.said: str | None = None
        self._ended = ended
        self._stop = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="solitaire-run", daemon=True)

    @property
    def playing(self) -> bool:
        """True while the strategy is playing."""
        return self.end is None

    def start(self) -> Run:
        """Start the run's thread (or its steps on the event loop); the run itself."""
        if CAN_START_WORKERS:
            self._thread.start()
        else:
            asyncio.get_event_loop().call_soon(self._step_on_loop)
        return self

    def stop(self) -> None:
        """Stop the run: the move in progress is played whole or not at all, and none after."""
        self._stop.set()
        with self.game.lock:
            self._end(RunEnd.STOPPED, "stopped")

    def wait(self, timeout: float | None = None) -> bool:
        """Wait until the run's thread has finished (at most ``timeout`` seconds); True when it has.
        A run on the event loop cannot be waited for (the loop would wait too): True when it has ended."""
        if not CAN_START_WORKERS:
            return not self.playing
        self._thread.join(timeout)
        return not self._thread.is_alive()

    def state(self) -> dict[str, Any]:
        """What the board shows of the run: ``{"playing": bool, "end": RunEnd value | None,
        "said": str | None, "demo": bool}``."""
        return {
            "playing": self.playing,
            "end": None if self.end is None else self.end.value,
            "said": self.said,
            "demo": self.demo,
        }

    def __repr__(self) -> str:
        status = "playing" if self.playing else self.said
        return f"<Run {self.strategy!r}: {self.moves} moves, {status}>"

    def _end(self, end: RunEnd, said: str) -> None:
        # Called holding the lock, so the end and the last move are never interleaved.
        if self.end is None:
            self.end, self.said = end, said
            self._ended(self)

    def _loop(self) -> None:
        while self._step():
            if self._stop.wait(self.delay):
                return

    def _step_on_loop(self) -> None:
        if self._step():
            asyncio.get_event_loop().call_later(self.delay, self._step_on_loop)

    def _step(self) -> bool:
        """Play the strategy's next move; False when the run is over (or stopped)."""
        game = self.game
        try:
            while True:
                with game.lock:
                    if self._stop.is_set() or self._ended_by_the_game():
                        return False
                    snapshot, node = game.copy(), game.node
                move = next_move(self.strategy, snapshot)
                with game.lock:
                    if self._stop.is_set():
                        return False
                    if game.node is not node:
                        continue  # the game changed while the strategy thought: ask again
                    # The game itself, not w.play: a strategy chooses every move, safe moves
                    # home included, so the auto-play setting is not for its moves.
                    game.play(move)
                    self.moves += 1
                    return True
        except RunEnded as ended:
            with game.lock:
                self._end(ended.end, ended.words)
        except Exception as error:  # a failure of ours must still end the run, saying why
            with game.lock:
                self._end(RunEnd.ERROR, f"the run failed: {type(error).__name__}: {error}")
        return False

    def _ended_by_the_game(self) -> bool:
        """End the run when the game is over or the run has played its moves; True then."""
        outcome = self.game.outcome
        if outcome is not None:
            over = game_over(outcome)
            self._end(over.end, over.words)
        elif self.max_moves is not None and self.moves >= self.max_moves:
            self._end(RunEnd.MAX_MOVES, f"stopped after {self.max_moves} moves")
        return not self.playing


class BoardRuns:
    """The strategies run on one board: the ``last`` run started (None when none was since
    the deal), started, stopped and dropped here. ``hold()`` holds the lock of the game on
    show (``with hold() as game:``); ``publish()`` publishes a new state; ``in_lesson()``
    says whether a lesson is on (no run then)."""

    def __init__(
        self,
        hold: Callable[[], AbstractContextManager[Game]],
        publish: Callable[[], None],
        in_lesson: Callable[[], bool],
    ) -> None:
        self.last: Run | None = None
        self._hold = hold
        self._publish = publish
        self._in_lesson = in_lesson

    @property
    def playing(self) -> bool:
        """True while a strategy plays on the board."""
        return self.last is not None and self.last.playing

    def start(self, strategy: Strategy, delay: object, max_moves: object, *, demo: bool = False) -> Run:
        """Stop the run going, if one is, and start ``strategy`` on the game on show (limits
        checked first: ``ValueError`` naming a bad one, nothing changed)."""
        if not callable(strategy):
            raise TypeError(
                f"run needs a strategy: a callable from a game to a move or None, not {brief(strategy)}"
            )
        seconds, moves = checked_run_limits(delay, max_moves)
        with self._hold() as game:
            if self._in_lesson():
                raise ValueError("not during a lesson: end_lesson() first")
            self.drop()
            run = self.last = Run(game, strategy, seconds, moves, self._ended, demo=demo)
            self._publish()
            return run.start()

    def stop(self) -> None:
        """Stop the run playing, if one is (see ``SolitaireWidget.stop``)."""
        with self._hold():
            if self.last is not None:
                self.last.stop()

    def drop(self) -> None:
        """Stop the run of the game on show and forget it, without a new state of its own."""
        run, self.last = self.last, None
        if run is not None:
            run.stop()

    def _ended(self, run: Run) -> None:
        # Called holding the run's game's lock; a run that is still the last is on show.
        if run is self.last:
            self._publish()
