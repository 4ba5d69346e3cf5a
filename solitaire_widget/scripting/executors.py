"""Where a run's deals are played: in this process, on a process pool of the package's
own, or on any ``concurrent.futures`` executor (a Dask cluster's included), in chunks,
with one progress bar; what becomes of a dead worker and of Ctrl-C.

``play_runs`` is the entry: every run of one call shares the bar and the pool. The choice
of executor (``check_executor``), the pool (``new_pool``, ``worker_count``), the bar
(``Progress``) and the stop on Ctrl-C (``stop_own_workers``) serve ``analyse`` too.
"""

from __future__ import annotations

import concurrent.futures
import math
import multiprocessing
import os
import warnings
from collections import deque
from dataclasses import dataclass
from typing import Any, Literal

from ..engine.outcome import RunEnd
from .checks import check_whole_number
from .runner import Deal, DealRunner, Row, RunPlan, make_row, play_chunk
from .shipping import pack
from .step import describe
from .view import Strategy
from .workers import CAN_START_WORKERS

__all__ = [
    "Executor",
    "Progress",
    "SimulationWarning",
    "check_executor",
    "new_pool",
    "play_runs",
    "stop_own_workers",
    "worker_count",
]

Executor = concurrent.futures.Executor | Literal["serial"] | None
"""Where to play: None (a pool of the package's own), ``"serial"`` or an executor."""


_CHUNKS_PER_WORKER = 4
_MAX_CHUNK = 32
_SHOWN_SEEDS = 20


class SimulationWarning(UserWarning):
    """A run that did not play every deal, or played them another way than asked."""


@dataclass
class _Chunk:
    run: int
    first: int
    deals: list[Deal]


def worker_count() -> int:
    """The cores this process may use: one worker each."""
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def check_executor(executor: object) -> None:
    """Nothing when ``executor`` is one ``Executor`` allows, else ``TypeError`` saying what is."""
    if (
        executor is not None
        and executor != "serial"
        and not isinstance(executor, concurrent.futures.Executor)
    ):
        raise TypeError(
            f"executor is None, 'serial' or a concurrent.futures.Executor, not {describe(executor)}"
        )


def where_to_run(executor: Executor) -> Executor:
    """``executor`` as the work will use it: ``None`` (a pool of the package's own) is
    ``"serial"`` where no process can start (``workers.CAN_START_WORKERS``)."""
    return "serial" if executor is None and not CAN_START_WORKERS else executor


def new_pool(workers: int, task_module: str) -> concurrent.futures.ProcessPoolExecutor:
    """A process pool of the package's own with ``workers`` workers, for tasks defined in
    the module ``task_module``."""
    # Fork is unsafe in a process with threads (a Jupyter kernel has several); forkserver
    # forks workers from a clean process, and loads the module of the workers' task there once.
    if "forkserver" in multiprocessing.get_all_start_methods():
        forkserver = multiprocessing.get_context("forkserver")
        forkserver.set_forkserver_preload([task_module])
        return concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=forkserver)
    spawn = multiprocessing.get_context("spawn")
    return concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=spawn)


def stop_own_workers(before: set[multiprocessing.process.BaseProcess]) -> None:
    """Terminate the worker processes started since ``multiprocessing.active_children()``
    was ``before``: a pool of the package's own, stopped at once on Ctrl-C."""
    for child in set(multiprocessing.active_children()) - before:
        child.terminate()


class Progress:
    """A tqdm bar (the notebook's bar in Jupyter, text in a terminal) counting ``unit``s,
    or nothing. Made by the function the user called, so that its warning points there."""

    _said_missing = False

    def __init__(self, total: int, enabled: bool, description: str, unit: str = "deal") -> None:
        self._bar: Any = None
        if not enabled:
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            if not Progress._said_missing:
                Progress._said_missing = True
                warnings.warn(
                    "no progress bar: tqdm is not installed (pip install solitaire-widget[sim]); "
                    "progress=False hides this note",
                    SimulationWarning,
                    stacklevel=4,
                )
            return
        self._bar = tqdm(total=total, unit=unit, desc=description)

    def update(self, count: int) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


class _Plays:
    """Where the chunks of one call are played and what came back."""

    def __init__(self, runs: list[RunPlan], chunksize: int | None, workers: int, bar: Progress) -> None:
        self.runs = runs
        self.bar = bar
        self.rows: list[list[Row | None]] = [[None] * len(run.deals) for run in runs]
        self.chunks: deque[_Chunk] = deque()
        # Chunks shrink as the deals left dwindle, so that at the end no worker idles long
        # while another plays a big last chunk.
        left = sum(len(run.deals) for run in runs)
        for index, run in enumerate(runs):
            first = 0
            while first < len(run.deals):
                size = chunksize or max(1, min(_MAX_CHUNK, math.ceil(left / (workers * _CHUNKS_PER_WORKER))))
                self.chunks.append(_Chunk(index, first, run.deals[first : first + size]))
                first += size
                left -= len(self.chunks[-1].deals)
        self.unplayed: list[tuple[int, int, str, int]] = []  # run, place in it, game, seed
        self.interrupted = False

    def keep(self, chunk: _Chunk, rows: list[Row]) -> None:
        self.rows[chunk.run][chunk.first : chunk.first + len(rows)] = rows
        self.bar.update(len(rows))

    def fail(self, chunk: _Chunk, reason: str) -> None:
        """The chunk's deals were not played (a dead worker, a broken executor): error rows."""
        game = self.runs[chunk.run].game
        self.keep(
            chunk, [make_row(game, seed, options, RunEnd.ERROR, reason) for seed, options in chunk.deals]
        )
        self.unplayed += [
            (chunk.run, chunk.first + number, game, seed) for number, (seed, _) in enumerate(chunk.deals)
        ]

    def results(self) -> list[list[Row]]:
        if self.unplayed:
            seeds = ", ".join(f"{game} {seed}" for _, _, game, seed in sorted(self.unplayed)[:_SHOWN_SEEDS])
            more = len(self.unplayed) - _SHOWN_SEEDS
            warnings.warn(
                f"{len(self.unplayed)} deals were not played, their worker process died or the "
                f"executor failed: {seeds}{f' and {more} more' if more > 0 else ''}; "
                "their rows have end == 'error' and say why in 'error'",
                SimulationWarning,
                stacklevel=4,
            )
        finished = [[row for row in rows if row is not None] for rows in self.rows]
        if self.interrupted:
            done = sum(map(len, finished))
            total = sum(map(len, self.rows))
            warnings.warn(
                f"interrupted: {done} of {total} deals were played; returning their rows",
                SimulationWarning,
                stacklevel=4,
            )
        return finished


def _play_serially(plays: _Plays) -> None:
    try:
        for index, run in enumerate(plays.runs):
            runner = DealRunner(run.game, run.strategy, run.max_moves, run.time_limit)
            try:
                for number, (seed, options) in enumerate(run.deals):
                    plays.rows[index][number] = runner.play(seed, options)
                    plays.bar.update(1)
            finally:
                runner.close()
    except KeyboardInterrupt:
        plays.interrupted = True


class _Feeder:
    """Sends the chunks to an executor and takes back what they give, a few at a time on a
    pool of the package's own (so that when a worker dies only the chunks in flight are
    lost, and a new pool plays the rest), all at once on an executor of the caller's."""

    def __init__(
        self, plays: _Plays, sent: list[Strategy | bytes], executor: concurrent.futures.Executor | None
    ):
        self.plays = plays
        self.sent = sent
        self.own = executor is None
        self.workers = worker_count()
        self.pool = executor or new_pool(self.workers, play_chunk.__module__)
        self.window = 2 * self.workers if self.own else len(plays.chunks)
        self.in_flight: dict[concurrent.futures.Future[list[Row]], _Chunk] = {}

    def submit(self) -> None:
        plays = self.plays
        while plays.chunks and len(self.in_flight) < self.window:
            chunk = plays.chunks.popleft()
            run = plays.runs[chunk.run]
            try:
                future = self.pool.submit(
                    play_chunk, self.sent[chunk.run], run.game, chunk.deals, run.max_moves, run.time_limit
                )
            except (concurrent.futures.BrokenExecutor, RuntimeError) as error:
                plays.fail(chunk, f"the executor refused it ({type(error).__name__}: {error})")
                continue
            self.in_flight[future] = chunk

    def collect(self) -> None:
        """Wait for a chunk to come back; keep what came back. A broken pool of our own is
        replaced, its chunks in flight lost with it."""
        done, _ = concurrent.futures.wait(self.in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
        broken = False
        for future in done:
            chunk = self.in_flight.pop(future)
            try:
                self.plays.keep(chunk, future.result())
            except concurrent.futures.BrokenExecutor as error:
                broken = True
                self.plays.fail(chunk, f"a worker process died ({type(error).__name__})")
            except Exception as error:  # e.g. Dask's KilledWorker, a pickling failure
                self.plays.fail(chunk, f"{type(error).__name__}: {error}")
        if broken and self.own:
            for chunk in self.in_flight.values():
                self.plays.fail(chunk, "a worker process died (BrokenProcessPool)")
            self.in_flight.clear()
            self.pool.shutdown(wait=True, cancel_futures=True)
            self.pool = new_pool(self.workers, play_chunk.__module__)

    def run(self) -> None:
        before = set(multiprocessing.active_children())
        try:
            while self.plays.chunks or self.in_flight:
                self.submit()
                if not self.in_flight:
                    break
                self.collect()
        except KeyboardInterrupt:
            self.plays.interrupted = True
            for future in self.in_flight:
                future.cancel()
            if self.own:
                stop_own_workers(before)
        finally:
            if self.own:
                self.pool.shutdown(wait=True, cancel_futures=True)


def _shipped(runs: list[RunPlan], executor: Executor) -> tuple[list[Strategy | bytes], Executor]:
    """What each run sends its workers (its strategy pickled, or as it is where memory is
    shared), and where to play: ``"serial"`` when a strategy cannot go to the package's own
    pool, with a warning that says why."""
    if executor == "serial" or isinstance(executor, concurrent.futures.ThreadPoolExecutor):
        return [run.strategy for run in runs], executor
    packed = [pack(run.strategy) for run in runs]
    cannot = [payload for payload in packed if isinstance(payload, str)]
    if executor is None and cannot:
        warnings.warn(
            f"playing in this process, not on worker processes: {cannot[0]}", SimulationWarning, stacklevel=4
        )
        return [run.strategy for run in runs], "serial"
    # An executor of the caller's that may pickle a strategy its own way gets it as it is.
    return [
        payload if isinstance(payload, bytes) else run.strategy
        for payload, run in zip(packed, runs, strict=True)
    ], executor


def play_runs(
    runs: list[RunPlan], executor: Executor, progress: bool, chunksize: int | None, description: str
) -> list[list[Row]]:
    """Play every run's deals together (one progress bar, one pool); rows per run, in order."""
    check_whole_number("chunksize", chunksize, "deals", 1, none_ok=True)
    check_executor(executor)
    sent, executor = _shipped(runs, where_to_run(executor))
    bar = Progress(sum(len(run.deals) for run in runs), progress, description)
    plays = _Plays(runs, chunksize, 1 if executor == "serial" else worker_count(), bar)
    try:
        if executor == "serial":
            _play_serially(plays)
        else:
            _Feeder(plays, sent, executor).run()
    finally:
        bar.close()
    return plays.results()
