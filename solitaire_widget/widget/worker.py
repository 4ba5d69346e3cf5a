"""The solver's worker process behind a widget's play aids and analysis (``aids.py``,
``analysis.py``): one process, started on first use, with "spawn" (safe whatever threads the
kernel runs), at a lower priority than the kernel's; tasks run one at a time, in the order
asked. Where no process can start (``CAN_START_WORKERS``: Pyodide, in JupyterLite) a task
runs in the kernel when it is submitted, and its ``Future`` is done when ``submit`` returns."""

from __future__ import annotations

import multiprocessing
import os
from collections.abc import Callable
from concurrent.futures import Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from typing import TypeVar

from ..scripting.workers import CAN_START_WORKERS

T = TypeVar("T")

WORKER_NICENESS = 10
"""How much lower than the kernel's the solver process's scheduling priority is (POSIX)."""


class SolverWorker:
    """One solver process, started on first use; tasks run one at a time, in order."""

    def __init__(self) -> None:
        self._pool: ProcessPoolExecutor | None = None

    def submit(self, task: Callable[[], T]) -> Future[T]:
        """Run ``task`` (picklable) in the process; its ``Future``."""
        if not CAN_START_WORKERS:
            return _done_now(task)
        if self._pool is not None:
            try:
                return self._pool.submit(task)
            except BrokenProcessPool:  # the process died (killed, out of memory): start another
                self._pool = None
        context = multiprocessing.get_context("spawn")
        if hasattr(os, "nice"):
            # The solver's process gives way to every other one: on a machine with few
            # cores, the kernel then has a core for moves whenever it needs one.
            self._pool = ProcessPoolExecutor(
                max_workers=1, mp_context=context, initializer=os.nice, initargs=(WORKER_NICENESS,)
            )
        else:
            self._pool = ProcessPoolExecutor(max_workers=1, mp_context=context)
        return self._pool.submit(task)

    def close(self) -> None:
        """Cancel the tasks waiting; the one running finishes alone, then its process ends.
        A later ``submit`` starts a new process."""
        if self._pool is not None:
            self._pool.shutdown(wait=False, cancel_futures=True)
            self._pool = None


def _done_now(task: Callable[[], T]) -> Future[T]:
    """``task`` run here and now, as a done ``Future`` (its result, or the error it raised)."""
    future: Future[T] = Future()
    future.set_running_or_notify_cancel()
    try:
        future.set_result(task())
    except Exception as error:  # the caller reads it from the Future, as from a worker's
        future.set_exception(error)
    return future
