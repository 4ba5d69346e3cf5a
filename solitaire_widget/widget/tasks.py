"""Tasks for the solver's worker and their answers, handed back where the widget can show
them: the play aids' (``aids.py``) and the board's analysis (``analysis.py``) share one.

An answer comes back on the executor's thread, which hands it to one publishing thread (so
the executor never waits for the game's lock: a caller holding the lock may be waiting for a
result the executor has yet to deliver). The publishing thread takes the lock of the game on
show and settles the answer there; the caller's serial number lets it drop an answer about an
older position. Where no thread can start (Pyodide, in JupyterLite) the task is done when it
is submitted, and its answer is settled at once, on the same thread.
"""

from __future__ import annotations

import contextlib
import logging
from collections.abc import Callable
from concurrent.futures import Future, ThreadPoolExecutor
from contextlib import AbstractContextManager
from typing import Any, TypeVar

from ..game import Game
from ..scripting.workers import CAN_START_WORKERS
from .worker import SolverWorker

_log = logging.getLogger("solitaire_widget")
T = TypeVar("T")


class AidTasks:
    """The worker of one widget and the thread that settles its answers under ``hold()`` (the
    lock of the game on show, see ``aids.BoardAids``)."""

    def __init__(self, worker: SolverWorker, hold: Callable[[], AbstractContextManager[Game]]) -> None:
        self._worker = worker
        self._hold = hold
        self._publisher: ThreadPoolExecutor | None = None
        self.closed = False

    def submit(self, task: Callable[[], T]) -> Future[T] | None:
        """Give ``task`` (picklable) to the worker; None, after logging why, when it cannot take it."""
        if self.closed:
            return None
        try:
            return self._worker.submit(task)
        except Exception:  # an aid must never break a move: the aid says it failed instead
            _log.exception("the solver's worker could not take a task")
            return None

    @staticmethod
    def cancel(task: Future[Any] | None) -> None:
        """Cancel ``task`` if it has not started (one running finishes, its answer unread)."""
        if task is not None:
            task.cancel()

    def when_done(self, task: Future[T], settle: Callable[[Future[T], int], None], serial: int) -> None:
        """Call ``settle(task, serial)`` once ``task`` is done or cancelled: on the publishing
        thread, holding the lock of the game on show, unless the tasks are closed by then
        (where no thread can start, on this one: the task is done already)."""
        if not CAN_START_WORKERS:
            task.add_done_callback(lambda done: self._settle(settle, done, serial))
            return
        if self._publisher is None:
            self._publisher = ThreadPoolExecutor(max_workers=1, thread_name_prefix="solitaire-aids")
        publisher = self._publisher

        def hand_over(done: Future[T]) -> None:
            # After the widget closed, the publisher takes nothing more, and nothing is missed.
            with contextlib.suppress(RuntimeError):
                publisher.submit(self._settle, settle, done, serial)

        task.add_done_callback(hand_over)

    def waited(self, started: tuple[int, Future[T] | None], done: Callable[[Future[T], int], None]) -> T:
        """The result of a task started under the lock (with its serial), waited for without
        it; ``done`` then runs under the lock whatever happened."""
        serial, task = started
        if task is None:
            raise RuntimeError("the solver's worker could not start")
        try:
            return task.result()
        finally:
            with self._hold():
                done(task, serial)

    def result_or_stop(self, finished: Future[T], stop: Callable[[], None]) -> T:
        """The result of ``finished``, waited for by a cell; interrupted (Ctrl-C), ``stop()``
        is called under the lock and the interruption goes on."""
        try:
            return finished.result()
        except KeyboardInterrupt:
            with self._hold():
                stop()
            raise

    def settled(self) -> None:
        """Wait until every answer handed back so far has been settled (they are, in order)."""
        if self._publisher is not None:
            self._publisher.submit(lambda: None).result()

    def rest(self) -> None:
        """End the worker's process (a task running finishes first; those waiting are
        cancelled); a later task starts a new one."""
        self._worker.close()

    def close(self) -> None:
        """Stop the worker and settle nothing more."""
        self.closed = True
        self._worker.close()
        if self._publisher is not None:
            self._publisher.shutdown(wait=False, cancel_futures=True)

    def _settle(self, settle: Callable[[Future[T], int], None], task: Future[T], serial: int) -> None:
        with self._hold():
            if self.closed:
                return
            try:
                settle(task, serial)
            except Exception:  # nobody reads this thread's errors: log them
                _log.exception("SolitaireWidget: a play aid's answer could not be shown")
