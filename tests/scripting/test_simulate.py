"""``simulate``: the same rows serially, on a process pool and on a local Dask cluster; bad
strategies become error rows; time limits, dead workers and Ctrl-C; the optional libraries
hidden."""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import os
import sys
import warnings

import pytest
import scripting_helpers as bots
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.engine.outcome import RunEnd
from solitaire_widget.scripting import COLUMNS, SimulationWarning, executors, strategies

STABLE = [column for column in COLUMNS if column != "seconds"]


def stable(rows):
    """The rows without their times, as plain dicts (from a DataFrame or a list)."""
    records = rows.to_dict("records") if hasattr(rows, "to_dict") else rows
    return [
        {column: record[column] if record[column] == record[column] else None for column in STABLE}
        for record in records
    ]


@pytest.fixture(scope="module")
def pool():
    """A process pool of the test's own, as a user would pass one."""
    with concurrent.futures.ProcessPoolExecutor(
        2, mp_context=multiprocessing.get_context("forkserver")
    ) as pool:
        yield pool


@pytest.fixture(scope="module")
def dask_executor():
    """A local Dask cluster of two worker processes, and its client's executor."""
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client.get_executor()


@pytest.mark.slow
def test_rows_are_the_same_serially_on_a_process_pool_and_on_a_dask_cluster(pool, dask_executor):
    def run(executor):
        return sw.simulate("klondike", strategies.greedy, 24, executor=executor, progress=False)

    serial = run("serial")
    assert list(serial.columns) == list(COLUMNS)
    assert list(serial["seed"]) == list(range(24))
    assert serial["won"].any() and not serial["won"].all()
    assert (serial["seconds"] > 0).all() and serial["error"].isna().all()
    assert {type(end) for end in serial["end"]} == {str}  # plain words, each a RunEnd's value
    assert set(serial["end"]) <= {end.value for end in RunEnd}
    assert list(serial["won"]) == [end == RunEnd.WON for end in serial["end"]]
    for rows in (run(None), run(pool), run(dask_executor)):
        assert stable(rows) == stable(serial)


def test_a_lambda_written_in_a_cell_goes_to_worker_processes_and_to_dask(dask_executor):
    serial = sw.simulate("father", strategies.greedy, 6, executor="serial", progress=False)
    bot = lambda game: strategies.greedy(game)  # noqa: E731
    for executor in (None, dask_executor):
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            rows = sw.simulate("father", bot, 6, executor=executor, progress=False)
        assert stable(rows) == stable(serial)


@settings(max_examples=10, deadline=None)
@given(
    strategy=st.sampled_from([strategies.greedy, strategies.lookahead, strategies.RandomStrategy(3)]),
    game=st.sampled_from(["klondike", "father", "following"]),
    seeds=st.lists(st.integers(0, 2**40), min_size=1, max_size=8),
    chunksize=st.none() | st.integers(1, 5),
    draw=st.sampled_from([1, 3]),
)
@pytest.mark.slow
def test_rows_do_not_depend_on_the_executor_or_the_chunks(pool, strategy, game, seeds, chunksize, draw):
    options = {"draw": draw} if game == "klondike" else {}

    def run(executor):
        return sw.simulate(
            game,
            strategy,
            seeds=seeds,
            options=options,
            executor=executor,
            progress=False,
            chunksize=chunksize,
        )

    serial = run("serial")
    assert [row["seed"] for row in stable(serial)] == seeds
    assert all(row["options"] == options for row in stable(serial))
    with concurrent.futures.ThreadPoolExecutor(3) as threads:
        assert stable(run(threads)) == stable(serial)
    assert stable(run(pool)) == stable(serial)


def test_the_random_player_gives_the_same_rows_in_every_process(pool):
    serial = sw.simulate("following", strategies.random, 8, executor="serial", progress=False)
    assert stable(sw.simulate("following", strategies.random, 8, executor=pool, progress=False)) == stable(
        serial
    )


@pytest.mark.parametrize(
    ("strategy", "message"),
    [
        (bots.Raises(), "seed 2, move 4: the strategy raised ValueError: no idea what to play"),
        (
            bots.NotAMove(),
            "seed 2, move 1: the strategy returned 42, not a move (a Move or its notation) or None",
        ),
        (bots.Illegal(), "seed 2, move 3: the strategy returned 't"),
    ],
    ids=["raises", "not-a-move", "illegal"],
)
@pytest.mark.parametrize("executor", ["serial", None])
def test_a_strategy_that_misbehaves_makes_an_error_row_and_the_run_carries_on(strategy, message, executor):
    rows = stable(sw.simulate("klondike", strategy, 5, executor=executor, progress=False))
    expected = stable(sw.simulate("klondike", strategies.greedy, 5, executor="serial", progress=False))
    bad = rows.pop(bots.BAD_SEED)
    expected.pop(bots.BAD_SEED)
    assert rows == expected
    assert bad["end"] == "error" and not bad["won"]
    assert bad["error"].startswith(message)
    if isinstance(strategy, bots.Illegal):
        assert "which is not legal here: illegal move" in bad["error"]


@pytest.mark.parametrize("executor", ["serial", None, "dask"])
@pytest.mark.slow
def test_a_strategy_that_never_returns_is_stopped_by_the_time_limit(executor, request):
    if executor == "dask":
        executor = request.getfixturevalue("dask_executor")
    # NeverReturns spins for good: that the call returns at all is the watchdog's doing (how
    # soon it does is a figure of benchmarks/simulate.py, not an assertion here).
    rows = stable(
        sw.simulate("klondike", bots.NeverReturns(), 4, time_limit=1, executor=executor, progress=False)
    )
    assert rows[bots.BAD_SEED]["end"] == "time_limit"
    assert rows[bots.BAD_SEED]["error"] == "seed 2: not over within the time limit of 1 s (stopped at move 1)"
    assert [row["end"] for row in rows].count("time_limit") == 1


def test_a_worker_that_dies_makes_error_rows_of_its_deals_and_the_run_returns_the_rest():
    with pytest.warns(
        SimulationWarning,
        match=r"deals were not played, their worker process died.*: (klondike \d+, )*klondike 2\b.*"
        r"end == 'error'",
    ):
        rows = stable(sw.simulate("klondike", bots.KillsItsWorker(), 12, chunksize=1, progress=False))
    assert [row["seed"] for row in rows] == list(range(12))
    lost = [row for row in rows if row["end"] == "error"]
    assert bots.BAD_SEED in [row["seed"] for row in lost]
    assert all(row["error"].startswith("a worker process died") and not row["won"] for row in lost)
    expected = stable(sw.simulate("klondike", strategies.greedy, 12, executor="serial", progress=False))
    kept = [row for row in rows if row["end"] != "error"]
    assert kept and kept == [row for row in expected if row["seed"] in {r["seed"] for r in kept}]


@pytest.mark.parametrize("executor", ["serial", None])
def test_ctrl_c_stops_the_run_at_once_and_returns_the_rows_finished(executor):
    children = set(multiprocessing.active_children())
    with pytest.warns(SimulationWarning, match=r"interrupted: \d+ of 30 deals were played"):
        rows = stable(
            sw.simulate(
                "klondike",
                bots.InterruptsTheRun(os.getpid()),
                30,
                chunksize=1,
                executor=executor,
                progress=False,
            )
        )
    seeds = [row["seed"] for row in rows]
    assert bots.BAD_SEED not in seeds and seeds == sorted(seeds)
    if executor == "serial":
        assert seeds == [0, 1]
    assert set(multiprocessing.active_children()) <= children  # the run's workers are gone


def test_the_deals_are_chosen_by_n_seeds_and_options():
    def seeds_of(**chosen):
        return [
            row["seed"]
            for row in sw.simulate(
                "following", strategies.greedy, executor="serial", progress=False, **chosen
            ).to_dict("records")
        ]

    assert seeds_of(n=3) == [0, 1, 2]
    assert seeds_of(seeds=[9, 4, 9]) == [9, 4, 9]
    assert seeds_of(n=2, seeds=iter(range(100, 10**9))) == [100, 101]
    rows = sw.simulate(
        "klondike", strategies.greedy, 2, options={"draw": 3}, max_moves=5, executor="serial", progress=False
    )
    assert list(rows["options"]) == [{"draw": 3}] * 2
    assert list(rows["moves"]) == [5, 5] and list(rows["end"]) == ["max_moves"] * 2


@pytest.mark.parametrize(
    ("arguments", "error", "message"),
    [
        ({}, TypeError, "n=1000"),
        ({"n": -1}, ValueError, "n must be a whole number of deals from 0 or None, not -1"),
        ({"n": 2, "game": "spider"}, ValueError, "spider"),
        ({"n": 2, "options": {"draw": 2}}, ValueError, "draw"),
        ({"n": 2, "options": [("draw", 3)]}, TypeError, "options"),
        ({"seeds": [1, "2"]}, ValueError, "a seed must be a whole number, not '2'"),
        ({"n": 2, "strategy": "greedy"}, TypeError, "callable"),
        ({"n": 2, "max_moves": -1}, ValueError, "max_moves"),
        ({"n": 2, "time_limit": 0}, ValueError, "time_limit"),
        ({"n": 2, "executor": "threads"}, TypeError, "executor"),
        ({"n": 2, "chunksize": 0}, ValueError, "chunksize"),
    ],
)
def test_bad_arguments_are_refused_before_any_deal_is_played(arguments, error, message):
    call = {"game": "klondike", "strategy": strategies.greedy, "progress": False, **arguments}
    with pytest.raises(error, match=message):
        sw.simulate(call.pop("game"), call.pop("strategy"), **call)


def test_a_bad_seed_makes_an_error_row():
    rows = stable(
        sw.simulate("klondike", strategies.greedy, seeds=[1, -1], executor="serial", progress=False)
    )
    assert rows[0]["error"] is None
    assert rows[1]["end"] == "error" and rows[1]["error"].startswith("seed -1: ValueError")


def test_the_progress_bar_counts_the_deals(capsys):
    sw.simulate("following", strategies.greedy, 6, executor="serial")
    assert "6/6" in capsys.readouterr().err


# ---------------------------------------------------------------------------- without the extras
def hide(monkeypatch, *modules):
    """Make ``import module`` fail, as if the library were not installed."""
    for module in modules:
        monkeypatch.setitem(sys.modules, module, None)


def test_without_pandas_the_rows_are_a_list_of_dicts(monkeypatch):
    hide(monkeypatch, "pandas")
    rows = sw.simulate("following", strategies.greedy, 3, executor="serial", progress=False)
    assert isinstance(rows, list) and [row["seed"] for row in rows] == [0, 1, 2]
    assert list(rows[0]) == list(COLUMNS)


def test_without_tqdm_it_says_so_once_and_only_when_a_bar_was_asked_for(monkeypatch):
    hide(monkeypatch, "tqdm", "tqdm.auto")
    monkeypatch.setattr(executors.Progress, "_said_missing", False)
    with warnings.catch_warnings(record=True) as said:
        warnings.simplefilter("always")
        sw.simulate("following", strategies.greedy, 2, executor="serial", progress=False)
        sw.simulate("following", strategies.greedy, 2, executor="serial")
        sw.simulate("following", strategies.greedy, 2, executor="serial")
    assert [str(warning.message) for warning in said] == [
        "no progress bar: tqdm is not installed (pip install solitaire-widget[sim]); "
        "progress=False hides this note"
    ]


def test_without_cloudpickle_a_lambda_is_played_in_this_process_with_a_warning(monkeypatch):
    hide(monkeypatch, "cloudpickle")
    with pytest.warns(SimulationWarning, match="playing in this process.*cannot be pickled.*cloudpickle"):
        rows = sw.simulate("father", lambda game: strategies.greedy(game), 3, progress=False)
    assert stable(rows) == stable(
        sw.simulate("father", strategies.greedy, 3, executor="serial", progress=False)
    )


def test_without_cloudpickle_a_function_of_the_notebook_is_played_in_this_process(monkeypatch):
    hide(monkeypatch, "cloudpickle")

    def cell_bot(game):
        return strategies.greedy(game)

    cell_bot.__module__, cell_bot.__qualname__ = "__main__", "cell_bot"
    monkeypatch.setattr(sys.modules["__main__"], "cell_bot", cell_bot, raising=False)
    with pytest.warns(SimulationWarning, match=r"defined in the notebook or script itself \(__main__\)"):
        rows = sw.simulate("father", cell_bot, 2, progress=False)
    assert list(rows["end"]) == ["won", "won"]
