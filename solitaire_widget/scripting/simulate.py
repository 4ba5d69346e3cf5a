"""``simulate``: a strategy played on many deals, on every core, any executor or a Dask
cluster, one row per deal.

How a run goes
==============

The deals are chosen by seed (``n=1000`` plays seeds 0 to 999), so a run is reproducible:
every column but ``seconds`` is the same whatever the executor, chunk size or order in
which the deals finish. Deals travel to workers as seeds and options, never as pickled
games, in chunks (``chunksize`` deals per task) so the cost of sending work stays small;
the strategy is pickled once per run and sent with each chunk (cloudpickle, when installed,
sends lambdas and functions defined in a notebook cell by value).

- ``executor=None`` (the default): a process pool of this package's own with a worker
  per core. A strategy that cannot go to it (a lambda without cloudpickle) is played in
  this process instead, with a warning that says why.
- ``executor="serial"``: every deal in this process, one after the other (no pickling).
- any ``concurrent.futures.Executor``: a ``ProcessPoolExecutor`` or ``ThreadPoolExecutor``
  of your own, or a Dask cluster's ``client.get_executor()``. It is used as it is and left
  running.

Each deal is played from ``Game.new(game, seed, **options)``: the strategy is asked for a
move (given a read-only ``GameView``), the move is played, until the game is over (won, no
moves, no useful moves), the strategy resigns (returns None), ``max_moves`` moves are
played or ``time_limit`` seconds have passed.

Bad input, and what becomes of it
=================================

- A strategy that raises, returns something that is not a move, or returns an illegal
  move: that deal's row has ``end == "error"`` and the message in ``error`` (with the
  seed and the move number); the run carries on.
- A strategy that never returns: the deal is stopped once its ``time_limit`` has passed
  (an exception raised in the thread playing it, as Ctrl-C would be), and its row has
  ``end == "time_limit"``. A strategy stuck inside one long call that does not return to
  Python (a sleep, a blocking read) is stopped when that call returns.
- A worker process that dies: its deals come back as rows with ``end == "lost"``, and a
  warning names their seeds. A pool of this package's own is then replaced and the run
  carries on; a broken executor of your own loses the deals still to come.
- Ctrl-C (a keyboard interrupt, or the notebook's interrupt button): the run stops at
  once (the package's own workers are terminated; deals queued on an executor of your own
  are cancelled) and the rows finished so far are returned, with a warning.
"""

from __future__ import annotations

import concurrent.futures
import ctypes
import io
import math
import multiprocessing
import os
import pickle
import threading
import time
import warnings
from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Literal, TypeAlias

from ..engine import Move
from ..game import Game
from .strategies import GameView, Strategy

if TYPE_CHECKING:
    import pandas

Row = dict[str, Any]
"""One deal's result: see ``COLUMNS``."""
Table: TypeAlias = "pandas.DataFrame | list[Row]"
"""A pandas DataFrame when pandas is installed, else a list of dicts (one per row)."""
Deal = tuple[int, dict[str, object]]

COLUMNS = ("game", "seed", "options", "won", "moves", "foundation_cards", "end", "seconds", "error")
"""The columns of ``simulate``'s rows:

- ``game``, ``seed``, ``options``: the deal (``Game.new(game, seed, **options)`` deals it again)
- ``won``: True when all 52 cards reached the foundations
- ``moves``: the moves played
- ``foundation_cards``: the cards on the foundations at the end (0 to 52)
- ``end``: how the deal ended: ``"won"``, ``"no_moves"``, ``"no_useful_moves"`` (the game's
  own endings), ``"resigned"`` (the strategy returned None), ``"max_moves"``,
  ``"time_limit"``, ``"error"`` (the strategy failed) or ``"lost"`` (its worker died)
- ``seconds``: the time the deal took (the only column that differs between runs)
- ``error``: None, or what went wrong, in words
"""

MAX_MOVES = 1000
TIME_LIMIT = 60.0
_CHUNKS_PER_WORKER = 4
_MAX_CHUNK = 32


class SimulationWarning(UserWarning):
    """A run that did not play every deal, or played them another way than asked."""


class _TimeUp(BaseException):
    """Raised in a deal's thread when its time is up. A BaseException, so that a strategy's
    ``except Exception`` does not swallow it."""


class _StrategyFailed(Exception):
    """The strategy raised or returned something it should not have; the message says so."""


# ---------------------------------------------------------------------------- one deal
def _raise_in_thread(thread_id: int, exception: type[BaseException] | None) -> None:
    # CPython's way to stop a thread that is running Python code: the exception is raised
    # in it at its next bytecode. None takes back one not raised yet.
    ctypes.pythonapi.PyThreadState_SetAsyncExc(
        ctypes.c_ulong(thread_id), None if exception is None else ctypes.py_object(exception)
    )


class _Watchdog:
    """Stops a deal that runs past its time limit, even inside a strategy that never returns."""

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
                    _raise_in_thread(self._thread_id, _TimeUp)
                else:
                    self._condition.wait(self._deadline - time.monotonic())


def _describe(value: object) -> str:
    text = repr(value)
    return text if len(text) <= 60 else f"{text[:57]}..."


def _name_of(strategy: object) -> str:
    """A strategy's name for people: a function's name, else its repr (``Lookahead(depth=2)``)."""
    name = getattr(strategy, "__qualname__", None)
    return name if isinstance(name, str) else _describe(strategy)


class _DealPlayer:
    """Plays deals of one game with one strategy, in the thread that calls ``play``."""

    def __init__(
        self, game: str, strategy: Strategy, max_moves: int | None, time_limit: float | None
    ) -> None:
        self.game = game
        self.strategy = strategy
        self.max_moves = max_moves
        self.time_limit = time_limit
        self._watchdog = _Watchdog() if time_limit is not None else None

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.close()

    def play(self, seed: int, options: dict[str, object]) -> Row:
        row: Row = {
            "game": self.game,
            "seed": seed,
            "options": dict(options),
            "won": False,
            "moves": 0,
            "foundation_cards": 0,
            "end": "error",
            "seconds": 0.0,
            "error": None,
        }
        start = time.perf_counter()
        try:
            if self._watchdog is not None and self.time_limit is not None:
                with self._watchdog.armed(self.time_limit):
                    row["end"] = self._play_out(row, start)
            else:
                row["end"] = self._play_out(row, start)
        except _TimeUp:
            row["end"] = "time_limit"
            row["error"] = (
                f"seed {seed}: not over within the time limit of {self.time_limit:g} s "
                f"(stopped at move {row['moves'] + 1})"
            )
        except _StrategyFailed as failure:
            row["error"] = str(failure)
        except Exception as error:  # a bad seed or option for this one deal
            row["error"] = f"seed {seed}: {type(error).__name__}: {error}"
        row["won"] = row["end"] == "won"
        row["seconds"] = time.perf_counter() - start
        return row

    def _play_out(self, row: Row, start: float) -> str:
        """Play the deal of ``row`` to its end; return how it ended. ``row`` keeps the moves
        and foundation cards up to date, so a deal stopped midway still reports them."""
        game = Game.new(self.game, seed=row["seed"], **row["options"])
        view = GameView(game)
        seed, max_moves, time_limit = row["seed"], self.max_moves, self.time_limit
        while True:
            outcome = game.outcome
            if outcome is not None:
                return outcome.termination.value
            if max_moves is not None and row["moves"] >= max_moves:
                return "max_moves"
            if time_limit is not None and time.perf_counter() - start > time_limit:
                raise _TimeUp
            number = row["moves"] + 1
            try:
                choice = self.strategy(view)
            except Exception as error:
                raise _StrategyFailed(
                    f"seed {seed}, move {number}: the strategy raised {type(error).__name__}: {error}"
                ) from None
            if choice is None:
                return "resigned"
            if not isinstance(choice, (Move, str)):
                raise _StrategyFailed(
                    f"seed {seed}, move {number}: the strategy returned {_describe(choice)}, "
                    "not a move (a Move or its notation) or None"
                )
            try:
                move = game.play(choice)
            except ValueError as refused:  # IllegalMove, or notation that does not parse
                raise _StrategyFailed(
                    f"seed {seed}, move {number}: the strategy returned {str(choice)!r}, "
                    f"which is not legal here: {refused}"
                ) from None
            row["moves"] = number
            if move.target.startswith("foundation/"):
                row["foundation_cards"] += 0 if move.source.startswith("foundation/") else 1
            elif move.source.startswith("foundation/"):
                row["foundation_cards"] -= 1


def _play_chunk(
    strategy: Strategy | bytes,
    game: str,
    deals: Sequence[Deal],
    max_moves: int | None,
    time_limit: float | None,
) -> list[Row]:
    """Play ``deals`` (seeds and options): the task a worker runs. ``strategy`` comes
    pickled (bytes) or as it is (for executors that pickle it themselves, or none)."""
    if isinstance(strategy, bytes):
        try:
            strategy = pickle.loads(strategy)
        except Exception as error:
            reason = (
                f"the worker could not load the strategy ({type(error).__name__}: {error}); define it "
                "in a module, or install cloudpickle (pip install solitaire-widget[sim]) to send it by value"
            )
            return [_failed_row(game, seed, options, "error", reason) for seed, options in deals]
    assert callable(strategy)
    player = _DealPlayer(game, strategy, max_moves, time_limit)
    try:
        return [player.play(seed, options) for seed, options in deals]
    finally:
        player.close()


def _failed_row(game: str, seed: int, options: dict[str, object], end: str, reason: str) -> Row:
    return {
        "game": game,
        "seed": seed,
        "options": dict(options),
        "won": False,
        "moves": 0,
        "foundation_cards": 0,
        "end": end,
        "seconds": 0.0,
        "error": reason,
    }


# ---------------------------------------------------------------------------- many deals
@dataclass(frozen=True)
class Run:
    """One strategy on many deals of one game (made and checked by ``make_run``)."""

    game: str
    strategy: Strategy
    deals: list[Deal]
    max_moves: int | None
    time_limit: float | None


@dataclass
class _Chunk:
    run: int
    first: int
    deals: list[Deal]


def _pack(strategy: Strategy) -> bytes | str:
    """The strategy pickled for worker processes, or why it cannot be."""
    try:
        import cloudpickle
    except ImportError:
        try:
            payload = pickle.dumps(strategy)
        except Exception as error:
            return (
                f"{_name_of(strategy)} cannot be pickled ({type(error).__name__}: {error}); "
                "a lambda or a function made inside another needs cloudpickle "
                "(pip install solitaire-widget[sim])"
            )
        try:
            _NoMain(io.BytesIO(payload)).load()
        except _NeedsMain:
            return (
                f"{_name_of(strategy)} is defined in the notebook or script itself (__main__), which "
                "worker processes cannot import; install cloudpickle (pip install solitaire-widget[sim]) "
                "to send it by value, or define it in a module"
            )
        return payload
    try:
        payload = cloudpickle.dumps(strategy)
    except Exception as error:
        return f"{_name_of(strategy)} cannot be pickled ({type(error).__name__}: {error})"
    return bytes(payload)


class _NeedsMain(Exception):
    pass


class _NoMain(pickle.Unpickler):
    """Unpickles, refusing anything that only ``__main__`` defines (which a worker started
    afresh does not have)."""

    def find_class(self, module: str, name: str) -> Any:
        if module == "__main__":
            raise _NeedsMain(name)
        return super().find_class(module, name)


def _worker_count() -> int:
    try:
        return len(os.sched_getaffinity(0))
    except AttributeError:  # not on every platform
        return os.cpu_count() or 1


def _new_pool(workers: int) -> concurrent.futures.ProcessPoolExecutor:
    # Fork is unsafe in a process with threads (a Jupyter kernel has several); forkserver
    # forks workers from a clean process, and loads this module there once.
    if "forkserver" in multiprocessing.get_all_start_methods():
        forkserver = multiprocessing.get_context("forkserver")
        forkserver.set_forkserver_preload([__name__])
        return concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=forkserver)
    spawn = multiprocessing.get_context("spawn")
    return concurrent.futures.ProcessPoolExecutor(max_workers=workers, mp_context=spawn)


class _Progress:
    """A tqdm bar (the notebook's bar in Jupyter, text in a terminal), or nothing."""

    _said_missing = False

    def __init__(self, total: int, enabled: bool, description: str) -> None:
        self._bar: Any = None
        if not enabled:
            return
        try:
            from tqdm.auto import tqdm
        except ImportError:
            if not _Progress._said_missing:
                _Progress._said_missing = True
                warnings.warn(
                    "no progress bar: tqdm is not installed (pip install solitaire-widget[sim]); "
                    "progress=False hides this note",
                    SimulationWarning,
                    stacklevel=4,
                )
            return
        self._bar = tqdm(total=total, unit="deal", desc=description)

    def update(self, count: int) -> None:
        if self._bar is not None:
            self._bar.update(count)

    def close(self) -> None:
        if self._bar is not None:
            self._bar.close()


class _Plays:
    """Where the chunks of one call are played and what came back."""

    def __init__(self, runs: list[Run], chunksize: int | None, workers: int) -> None:
        self.runs = runs
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
        self.lost: list[tuple[int, int, str, int]] = []  # run, place in it, game, seed
        self.interrupted = False

    def keep(self, chunk: _Chunk, rows: list[Row]) -> None:
        self.rows[chunk.run][chunk.first : chunk.first + len(rows)] = rows

    def lose(self, chunk: _Chunk, reason: str) -> None:
        game = self.runs[chunk.run].game
        self.keep(chunk, [_failed_row(game, seed, options, "lost", reason) for seed, options in chunk.deals])
        self.lost += [
            (chunk.run, chunk.first + number, game, seed) for number, (seed, _) in enumerate(chunk.deals)
        ]

    def results(self) -> list[list[Row]]:
        if self.lost:
            seeds = ", ".join(f"{game} {seed}" for _, _, game, seed in sorted(self.lost)[:20])
            more = f" and {len(self.lost) - 20} more" if len(self.lost) > 20 else ""
            warnings.warn(
                f"{len(self.lost)} deals were lost with their worker: {seeds}{more}; "
                "their rows have end == 'lost'",
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


def _play_serially(plays: _Plays, bar: _Progress) -> None:
    try:
        for index, run in enumerate(plays.runs):
            player = _DealPlayer(run.game, run.strategy, run.max_moves, run.time_limit)
            try:
                for number, (seed, options) in enumerate(run.deals):
                    plays.rows[index][number] = player.play(seed, options)
                    bar.update(1)
            finally:
                player.close()
    except KeyboardInterrupt:
        plays.interrupted = True


def _play_on(
    plays: _Plays, payloads: list[bytes | str], executor: concurrent.futures.Executor | None, bar: _Progress
) -> None:
    """Play every chunk on ``executor``, or on pools of this package's own when None.
    ``payloads`` are the runs' strategies pickled, or why they cannot be."""
    own = executor is None
    workers = _worker_count()
    pool = executor or _new_pool(workers)
    # Our own pool is fed a few chunks per worker at a time, so that when a worker dies
    # only the chunks in flight are lost and a new pool plays the rest.
    window = 2 * workers if own else len(plays.chunks)
    before = set(multiprocessing.active_children())
    in_flight: dict[concurrent.futures.Future[list[Row]], _Chunk] = {}
    try:
        while plays.chunks or in_flight:
            while plays.chunks and len(in_flight) < window:
                chunk = plays.chunks.popleft()
                run, payload = plays.runs[chunk.run], payloads[chunk.run]
                strategy = payload if isinstance(payload, bytes) else run.strategy
                try:
                    future = pool.submit(
                        _play_chunk, strategy, run.game, chunk.deals, run.max_moves, run.time_limit
                    )
                except (concurrent.futures.BrokenExecutor, RuntimeError) as error:
                    plays.lose(chunk, f"the executor refused it ({type(error).__name__}: {error})")
                    bar.update(len(chunk.deals))
                    continue
                in_flight[future] = chunk
            if not in_flight:
                break
            done, _ = concurrent.futures.wait(in_flight, return_when=concurrent.futures.FIRST_COMPLETED)
            broken = False
            for future in done:
                chunk = in_flight.pop(future)
                try:
                    plays.keep(chunk, future.result())
                except concurrent.futures.BrokenExecutor as error:
                    broken = True
                    plays.lose(chunk, f"a worker process died ({type(error).__name__})")
                except Exception as error:  # e.g. Dask's KilledWorker, a pickling failure
                    plays.lose(chunk, f"{type(error).__name__}: {error}")
                bar.update(len(chunk.deals))
            if broken and own:
                # Every chunk the broken pool still held is lost with it; a new pool plays on.
                for chunk in in_flight.values():
                    plays.lose(chunk, "a worker process died (BrokenProcessPool)")
                    bar.update(len(chunk.deals))
                in_flight.clear()
                pool.shutdown(wait=True, cancel_futures=True)
                pool = _new_pool(workers)
    except KeyboardInterrupt:
        plays.interrupted = True
        for future in in_flight:
            future.cancel()
        if own:
            for child in set(multiprocessing.active_children()) - before:
                child.terminate()
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)


def _deals(n: int | None, seeds: Iterable[int] | None, options: Mapping[str, object] | None) -> list[Deal]:
    if n is not None and (isinstance(n, bool) or not isinstance(n, int) or n < 0):
        raise ValueError(f"n is a number of deals from 0, not {n!r}")
    if seeds is None:
        if n is None:
            raise TypeError("say which deals to play: n=1000 (seeds 0 to 999) or seeds=[...]")
        chosen: list[int] = list(range(n))
    else:
        chosen = []
        for seed in seeds:
            if n is not None and len(chosen) == n:
                break
            if isinstance(seed, bool) or not isinstance(seed, int):
                raise TypeError(f"a seed is a whole number, not {seed!r}")
            chosen.append(seed)
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options is a dict of the game's options, such as {{'draw': 3}}, not {options!r}")
    given = dict(options or {})
    return [(seed, given) for seed in chosen]


def make_run(
    game: str,
    strategy: Strategy,
    n: int | None,
    seeds: Iterable[int] | None,
    options: Mapping[str, object] | None,
    max_moves: int | None,
    time_limit: float | None,
) -> Run:
    """The run ``simulate`` was asked for, once its arguments are checked (``TypeError`` or
    ``ValueError`` naming what is wrong)."""
    deals = _deals(n, seeds, options)
    if not callable(strategy):
        raise TypeError(f"a strategy is a callable from a game to a move or None, not {_describe(strategy)}")
    Game.new(game, seed=0, **(deals[0][1] if deals else {}))  # a bad name or option says so now
    if max_moves is not None and (
        isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
    ):
        raise ValueError(f"max_moves is a number of moves from 0 or None, not {max_moves!r}")
    if time_limit is not None and (
        isinstance(time_limit, bool)
        or not isinstance(time_limit, (int, float))
        or not math.isfinite(time_limit)
        or time_limit <= 0
    ):
        raise ValueError(f"time_limit is a number of seconds above 0 or None, not {time_limit!r}")
    return Run(game, strategy, deals, max_moves, time_limit)


Executor = concurrent.futures.Executor | Literal["serial"] | None


def play_runs(
    runs: list[Run], executor: Executor, progress: bool, chunksize: int | None, description: str
) -> list[list[Row]]:
    """Play every run's deals together (one progress bar, one pool); rows per run, in order."""
    if chunksize is not None and (
        isinstance(chunksize, bool) or not isinstance(chunksize, int) or chunksize < 1
    ):
        raise ValueError(f"chunksize is a number of deals from 1 or None, not {chunksize!r}")
    if (
        executor is not None
        and executor != "serial"
        and not isinstance(executor, concurrent.futures.Executor)
    ):
        raise TypeError(
            f"executor is None, 'serial' or a concurrent.futures.Executor, not {_describe(executor)}"
        )
    payloads = [] if executor == "serial" else [_pack(run.strategy) for run in runs]
    cannot = [payload for payload in payloads if isinstance(payload, str)]
    if executor is None and cannot:
        warnings.warn(
            f"playing in this process, not on worker processes: {cannot[0]}", SimulationWarning, stacklevel=3
        )
        executor = "serial"
    plays = _Plays(runs, chunksize, 1 if executor == "serial" else _worker_count())
    bar = _Progress(sum(len(run.deals) for run in runs), progress, description)
    try:
        if executor == "serial":
            _play_serially(plays, bar)
        else:
            _play_on(plays, payloads, executor, bar)
    finally:
        bar.close()
    return plays.results()


def table(rows: list[Row], columns: Sequence[str]) -> Table:
    """``rows`` as a pandas DataFrame when pandas is installed, else the list itself."""
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(rows, columns=list(columns))


def simulate(
    game: str,
    strategy: Strategy,
    n: int | None = None,
    *,
    seeds: Iterable[int] | None = None,
    options: Mapping[str, object] | None = None,
    max_moves: int | None = MAX_MOVES,
    time_limit: float | None = TIME_LIMIT,
    executor: Executor = None,
    progress: bool = True,
    chunksize: int | None = None,
) -> Table:
    """Play ``strategy`` on many deals of ``game``; one row per deal (see ``COLUMNS``).

    ``n`` deals are seeds 0 to n-1; ``seeds`` names them instead (with ``n`` too, its first
    ``n``). ``options`` are the game's options for every deal, e.g. ``{"draw": 3}``. A deal
    stops after ``max_moves`` moves or ``time_limit`` seconds (None for no limit).
    ``executor``: None for a process pool with a worker per core, ``"serial"`` for this
    process, or any ``concurrent.futures.Executor`` (a Dask cluster's
    ``client.get_executor()`` included). ``progress`` shows a progress bar (with tqdm);
    ``chunksize`` is how many deals go to a worker at a time (by default up to 32, fewer as
    the deals left dwindle).

    Returns a pandas DataFrame when pandas is installed, else a list of dicts, in the order of
    the seeds. Every column but ``seconds`` is the same for the same call whatever the
    executor. See the module docstring for what becomes of failures and of Ctrl-C.

    >>> from solitaire_widget import strategies
    >>> rows = simulate("klondike", strategies.greedy, seeds=[3, 4], executor="serial", progress=False)
    >>> [(row.seed, row.won, row.moves, row.foundation_cards, row.end) for row in rows.itertuples()]
    [(3, False, 76, 6, 'resigned'), (4, True, 116, 52, 'won')]
    """
    run = make_run(game, strategy, n, seeds, options, max_moves, time_limit)
    (rows,) = play_runs([run], executor, progress, chunksize, f"{game}, {_name_of(strategy)}")
    return table(rows, COLUMNS)
