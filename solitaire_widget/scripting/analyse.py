"""``analyse``: every move of a game's line judged from what the player could see, on every
core, any ``concurrent.futures`` executor or a Dask cluster, as ``simulate`` plays its deals.

How a run goes
==============

The line is the game's current line, all of it (``g.line``: also the moves ahead of where
the game stands, after an undo or a ``goto``), up to the move that wins the game if one
does. Each move is one task (``judgement.analysis.tasks``): the position it was played from,
the cards the player knew there and the sampling settings; the tasks are independent, so
they go to the workers one each, and the answers are put back in the order of the line.
Every sample is drawn from ``seed`` (``chances.win_chance`` says how), so with a
``node_limit`` (or neither limit) the analysis is the same whatever the executor, the order
in which the tasks finish or the machine. The searches run without holding the game's
lock; the game is read once, at the start, and changed once, at the end, when the analysis
is kept in it (``g.set_analysis``; its listeners are told ``"edit"``).

- ``executor=None`` (the default): a process pool of this package's own, a worker per core.
- ``executor="serial"``: every move in this process, one after the other.
- any ``concurrent.futures.Executor``: a pool of your own or a Dask cluster's
  ``client.get_executor()``, used as it is and left running.

Stopping
========

Ctrl-C (a keyboard interrupt, or the notebook's interrupt button) stops the run at once:
the tasks still waiting are cancelled, the package's own workers are terminated (an
executor of your own finishes the tasks it has begun), and the ``KeyboardInterrupt`` goes
on up. ``on_progress(done, total)`` is called in the calling thread as each move's answer
arrives; when it returns False the run stops the same way and ``AnalysisStopped`` is
raised. A task that fails (a worker process that dies) stops the run too, with its error.
In every case the game is left as it was: nothing is kept.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
from collections.abc import Callable, Sequence

from ..game import Game
from ..judgement.analysis import Analysis, AnalysisStopped, MoveAnalysis, Settings, Task, chances_for, tasks
from ..judgement.chances import DEFAULT_SAMPLES, WinChance
from .executors import (
    Executor,
    Progress,
    check_executor,
    new_pool,
    stop_own_workers,
    where_to_run,
    worker_count,
)
from .step import describe

__all__ = ["AnalysisStopped", "analyse"]

OnProgress = Callable[[int, int], "bool | None"]
"""``on_progress(done, total)``: told of each move analysed; False stops the run."""


def analyse(
    game: Game,
    samples: int = DEFAULT_SAMPLES,
    *,
    seed: int = 0,
    node_limit: int | None = None,
    time_limit: float | None = None,
    knows_stock: bool = False,
    executor: Executor = None,
    progress: bool = True,
    on_progress: OnProgress | None = None,
) -> Analysis:
    """Judge every move of ``game``'s current line from what the player could see when they
    played it, keep the analysis in the game (``g.analysis``) and return it.

    ``samples``, ``seed``, ``node_limit``, ``time_limit`` and ``knows_stock`` (the known-stock
    model) are ``win_chance``'s, for each move (a bad value raises ``ValueError`` naming it).
    ``executor``: None for a process pool with a worker per core, ``"serial"`` for this
    process, or any ``concurrent.futures.Executor``. ``progress`` shows a progress bar (with tqdm);
    ``on_progress(done, total)`` is called as each move is done, and stops the run by
    returning False (``AnalysisStopped``). See the module docstring for the line analysed,
    Ctrl-C and failures: a run that does not finish leaves the game as it was.

    >>> import solitaire_widget as sw
    >>> g = sw.Game.new("klondike", seed=3)
    >>> for move in ("t3>t1", "s>w", "s>w"):
    ...     _ = g.play(move)
    >>> a = analyse(g, 8, node_limit=2_000, executor="serial", progress=False)
    >>> g.analysis is a, [m.ply for m in a.moves], a.summary["moves"]
    (True, [1, 2, 3], 3)
    """
    settings = Settings.checked(samples, seed, node_limit, time_limit, knows_stock)
    check_executor(executor)
    if not isinstance(progress, bool):
        raise ValueError(f"progress must be True or False, not {progress!r}")
    if on_progress is not None and not callable(on_progress):
        raise TypeError(
            f"on_progress is a callable (done, total) -> bool | None, not {describe(on_progress)}"
        )
    if not isinstance(game, Game):
        raise TypeError(f"analyse takes a Game (Game.new, Game.load, ...), not {describe(game)}")
    with game.lock:
        start, line = game.start, game.line
    if not line:
        raise ValueError("nothing to analyse: the game's line has no move yet")
    work = tasks(
        start,
        line,
        samples=settings.samples,
        seed=settings.seed,
        limits=settings.limits,
        knows_stock=settings.knows_stock,
    )
    description = f"analysing {game.title}" + ("" if game.seed is None else f" {game.seed}")
    found = _chances(work, executor, progress, description, on_progress)
    analysis = Analysis(
        settings, [MoveAnalysis.of(task, chances) for task, chances in zip(work, found, strict=True)]
    )
    game.set_analysis(analysis)
    return analysis


class _Tally:
    """The progress of a run: the bar, and the caller's ``on_progress``, which may stop it."""

    def __init__(self, total: int, bar: Progress, on_progress: OnProgress | None) -> None:
        self.total, self.done = total, 0
        self.bar, self.on_progress = bar, on_progress

    def one_more(self) -> None:
        self.done += 1
        self.bar.update(1)
        if self.on_progress is not None and self.on_progress(self.done, self.total) is False:
            raise AnalysisStopped(
                f"on_progress stopped the analysis after {self.done} of {self.total} moves; nothing was kept"
            )


def _chances(
    work: Sequence[Task], executor: Executor, progress: bool, description: str, on_progress: OnProgress | None
) -> list[WinChance]:
    """The chances of every task, in order (see the module docstring for where and how)."""
    bar = Progress(len(work), progress, description, "move")  # made here: its warning names analyse's caller
    tally = _Tally(len(work), bar, on_progress)
    chosen = where_to_run(executor)
    try:
        if chosen == "serial":
            found = []
            for task in work:
                found.append(chances_for(task))
                tally.one_more()
            return found
        return _on_executor(work, chosen, tally)
    finally:
        bar.close()


def _on_executor(
    work: Sequence[Task], executor: concurrent.futures.Executor | None, tally: _Tally
) -> list[WinChance]:
    own = executor is None
    before = set(multiprocessing.active_children())
    pool = executor or new_pool(min(worker_count(), len(work)), chances_for.__module__)
    futures: dict[concurrent.futures.Future[WinChance], int] = {}
    found: list[WinChance | None] = [None] * len(work)
    try:
        for index, task in enumerate(work):
            futures[pool.submit(chances_for, task)] = index
        for future in concurrent.futures.as_completed(futures):
            found[futures[future]] = future.result()
            tally.one_more()
    except BaseException:  # Ctrl-C, a stop asked for, a failed task: nothing more is wanted
        for future in futures:
            future.cancel()
        if own:
            stop_own_workers(before)
        raise
    finally:
        if own:
            pool.shutdown(wait=True, cancel_futures=True)
    return [chances for chances in found if chances is not None]
