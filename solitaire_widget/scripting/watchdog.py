"""The per-deal time limit: a watchdog thread that stops a deal running past its time,
even inside a strategy that never returns.

It raises ``TimeUp`` in the thread playing the deal, at its next bytecode, as Ctrl-C
would. A strategy stuck inside one long call that does not return to Python (a sleep, a
blocking read) is stopped when that call returns.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

__all__ = ["TimeUp", "Watchdog"]


class TimeUp(BaseException):
    """Raised in a deal's thread when its time is up. A BaseException, so that a strategy's
    ``except Exception`` does not swallow it."""


def _raise_in_thread(thread_id: int, exception: type[BaseException] | None) -> None:
    # CPython's way to stop a thread that is running Python code: the exception is raised
    # in it at its next bytecode. None takes back one not raised yet.
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), None if exception is None else ctypes.py_object(exception)
    )


class Watchdog:
    """One watching thread for the deals one thread plays, one after the other.

    ``with watchdog.armed(seconds):`` plays a deal that ``TimeUp`` stops after ``seconds``;
    ``close()`` ends the watching thread.
    """

    def __init__(self) -> None:
        self._condition = threading.Condition()
        self._deadline: float | None = None
        self._thread_id = 0
        self._fired = False
        self._closed = False
        threading.Thread(target=self._watch, name="solitaire-deal-watchdog", daemon=True).start()

    @contextmanager
    def armed(self, seconds: float) -> Iterator[None]:
        with self._condition:
            self._deadline = time.monotonic() + seconds
            self._thread_id = threading.get_ident()
            self._fired = False
            self._condition.notify()
        try:
            yield
        finally:
            with self._condition:
                self._deadline = None
                if self._fired:
                    _raise_in_thread(self._thread_id, None)

    def close(self) -> None:
        with self._condition:
            self._closed = True
            self._condition.notify()

    def _watch(self) -> None:
        with self._condition:
            while not self._closed:
                if self._deadline is None:
                    self._condition.wait()
                elif time.monotonic() >= self._deadline:
                    self._fired = True
                    self._deadline = None
                    _raise_in_thread(self._thread_id, TimeUp)
                else:
                    self._condition.wait(self._deadline - time.monotonic())
