"""``simulate``: a strategy played on many deals, on every core, any executor or a Dask
cluster, one row per deal.

How a run goes
==============

The deals are chosen by seed (``n=1000`` plays seeds 0 to 999), so a run is reproducible:
every column but ``seconds`` is the same whatever the executor, chunk size or order in
which the deals finish. Deals travel to workers as seeds and options, never as pickled
games, in chunks (``chunksize`` deals per task) so the cost of sending work stays small;
the strategy is pickled once per run and sent with each chunk (cloudpickle, when installed,
sends lambdas and functions defined in a notebook cell by value; see ``shipping``). A
``ThreadPoolExecutor`` shares this process's memory, so it gets the strategy as it is.
Each deal asks its own ``for_run(strategy)`` (see ``strategies``), so a strategy with
state, shared by threads, keeps each deal's plan apart.

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
played or ``time_limit`` seconds have passed. How it ended is a ``RunEnd`` (the row's
``end`` holds its value, a plain string).

The parts: ``runner`` plays deals and writes rows (shared with ``compare``),
``watchdog`` enforces the time limit, ``shipping`` sends strategies to worker processes
and ``executors`` runs the chunks on a pool or an executor.

Bad input, and what becomes of it
=================================

- A strategy that raises, returns something that is not a move, or returns an illegal
  move: that deal's row has ``end == "error"`` and the message in ``error`` (with the
  seed and the move number); the run carries on. (One step of a run is
  ``step.next_move``, the same for the board's runs.)
- A strategy that never returns: the deal is stopped once its ``time_limit`` has passed
  (an exception raised in the thread playing it, as Ctrl-C would be), and its row has
  ``end == "time_limit"``. A strategy stuck inside one long call that does not return to
  Python (a sleep, a blocking read) is stopped when that call returns.
- A worker process that dies: its deals come back as rows with ``end == "error"`` and
  ``error`` saying the worker process died, and a warning names their seeds. A pool of
  this package's own is then replaced and the run carries on; a broken executor of your
  own fails the deals still to come the same way.
- Ctrl-C (a keyboard interrupt, or the notebook's interrupt button): the run stops at
  once (the package's own workers are terminated; deals queued on an executor of your own
  are cancelled) and the rows finished so far are returned, with a warning.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from .executors import Executor, SimulationWarning, play_runs
from .runner import COLUMNS, MAX_MOVES, TIME_LIMIT, Row, Table, make_run, table
from .shipping import name_of
from .strategies import Strategy

__all__ = ["COLUMNS", "MAX_MOVES", "TIME_LIMIT", "Row", "SimulationWarning", "Table", "simulate"]


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
    (rows,) = play_runs([run], executor, progress, chunksize, f"{game}, {name_of(strategy)}")
    return table(rows, COLUMNS)
