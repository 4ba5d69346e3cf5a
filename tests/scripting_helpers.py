"""Strategies that misbehave on purpose, for the tests of ``simulate`` and ``w.run``.

They live in a module of their own (on the tests' ``pythonpath``) so that worker processes
and Dask workers can import them by name: each misbehaves on one seed only and plays
``greedy`` elsewhere, so a run shows that the other deals carry on.
"""

from __future__ import annotations

import os
import signal
import threading
import time

import engine_helpers  # noqa: F401  (it gives SIGINT Python's handler, for InterruptsTheRun)

from solitaire_widget.scripting import strategies

BAD_SEED = 2


class Raises:
    """Raises ValueError at move 4 of the bad seed."""

    def __call__(self, game):
        if game.seed == BAD_SEED and game.ply == 3:
            raise ValueError("no idea what to play")
        return strategies.greedy(game)


class NotAMove:
    """Returns a number at move 1 of the bad seed."""

    def __call__(self, game):
        return 42 if game.seed == BAD_SEED else strategies.greedy(game)


class Illegal:
    """Returns a move the rules refuse at move 3 of the bad seed."""

    def __call__(self, game):
        if game.seed == BAD_SEED and game.ply == 2:
            moves = set(game.legal_moves())
            return next(
                f"t{source}>t{target}"
                for source in range(7)
                for target in range(7)
                if source != target and game.parse_move(f"t{source}>t{target}") not in moves
            )
        return strategies.greedy(game)


class NeverReturns:
    """Spins forever (in Python, so a time limit can stop it) on the bad seed."""

    def __call__(self, game):
        while game.seed == BAD_SEED:
            pass
        return strategies.greedy(game)


class KillsItsWorker:
    """Ends the process it runs in, at once, on the bad seed (as a crash would)."""

    def __call__(self, game):
        if game.seed == BAD_SEED:
            os._exit(3)
        return strategies.greedy(game)


class InterruptsTheRun:
    """On the bad seed, sends Ctrl-C (SIGINT) to the process running ``simulate`` and then
    waits far longer than any test: only an interrupted run returns in time.

    It waits in short sleeps, not one long one: the kernel may hand the signal to any thread
    of the process (Dask's or a pool's), and then only the main thread's next bytecode, not
    a sleep already under way, raises the KeyboardInterrupt. One long sleep made the test
    hang in about one run in twenty."""

    def __init__(self, pid: int) -> None:
        self.pid = pid

    def __call__(self, game):
        if game.seed == BAD_SEED:
            os.kill(self.pid, signal.SIGINT)
            deadline = time.monotonic() + 600
            while time.monotonic() < deadline:
                time.sleep(0.01)
        return strategies.greedy(game)


class Gated:
    """Plays greedy, one move per ``release()``: a test decides when each move comes.

    ``wait_for_call(k)`` waits until the strategy has been asked for a move k times (so, on a
    board, until the k - 1 moves before were played)."""

    def __init__(self) -> None:
        self.calls = 0
        self._released = 0
        self._condition = threading.Condition()

    def __call__(self, game):
        with self._condition:
            self.calls += 1
            number = self.calls
            self._condition.notify_all()
            self._condition.wait_for(lambda: self._released >= number)
        return strategies.greedy(game)

    def release(self) -> None:
        with self._condition:
            self._released += 1
            self._condition.notify_all()

    def wait_for_call(self, number: int, timeout: float = 30) -> bool:
        with self._condition:
            return self._condition.wait_for(lambda: self.calls >= number, timeout)
