"""``sw.analyse``: the same analysis in this process and on worker processes, the same again
for the same seed and limit, kept in the game (and what becomes of it as the line changes),
bad arguments refused by name, and a run stopped by ``on_progress`` or Ctrl-C that leaves
the game as it was."""

from __future__ import annotations

import multiprocessing
import os
import pickle
import signal
import sys
import threading
from pathlib import Path

import engine_helpers  # noqa: F401  (it gives SIGINT Python's handler, for the Ctrl-C tests)
import pytest
import test_simulate

import solitaire_widget as sw
from solitaire_widget.judgement.analysis import AnalysisStopped
from solitaire_widget.scripting import SimulationWarning, executors

dask_executor = test_simulate.dask_executor  # the fixture: a local Dask cluster of two workers
pool = test_simulate.pool  # the fixture: a process pool of the test's own

FAST = {"samples": 8, "node_limit": 2_000, "progress": False}


def played(moves: int, seed: int = 5) -> sw.Game:
    """A draw-three Klondike game with ``moves`` moves of the greedy strategy."""
    g = sw.Game.new("klondike", seed=seed, draw=3)
    for _ in range(moves):
        g.play(sw.strategies.greedy(g))
    return g


def stable(analysis: sw.Analysis) -> list[dict]:
    rows = analysis.rows
    return rows.to_dict("records") if hasattr(rows, "to_dict") else rows


def test_the_analysis_is_the_same_serially_and_on_two_processes(pool):
    g = played(8)
    serial = sw.analyse(g, **FAST, executor="serial")
    assert g.analysis is serial
    on_pool = sw.analyse(g, **FAST, executor=pool)
    own = sw.analyse(g, **FAST)
    assert stable(serial) == stable(on_pool) == stable(own)
    assert serial.to_record() == on_pool.to_record() == own.to_record()
    assert [row["ply"] for row in stable(serial)] == list(range(1, 9))


def test_a_dask_cluster_gives_the_same_analysis_too(dask_executor):
    g = played(5)
    assert stable(sw.analyse(g, **FAST, executor=dask_executor)) == stable(
        sw.analyse(g.copy(), **FAST, executor="serial")
    )


def test_the_same_seed_and_limit_give_the_same_analysis_and_another_seed_other_samples():
    g = played(6)
    first = sw.analyse(g, **FAST, seed=7, executor="serial")
    again = sw.analyse(g.copy(), **FAST, seed=7, executor="serial")
    other = sw.analyse(g.copy(), **FAST, seed=8, executor="serial")
    assert first.to_record() == again.to_record()
    assert first.to_record()["plies"] != other.to_record()["plies"]
    assert first.settings == sw.judgement.analysis.Settings(8, 7, 2_000, None)


def test_the_whole_line_is_analysed_also_the_moves_ahead():
    g = played(6)
    g.goto(2)
    analysis = sw.analyse(g, **FAST, executor="serial")
    assert analysis.line == g.line and len(analysis.moves) == 6 and g.ply == 2


def test_the_analysis_kept_follows_the_line_as_far_as_they_agree():
    g = played(6)
    analysis = sw.analyse(g, **FAST, executor="serial")
    g.play(sw.strategies.greedy(g))  # a move after the analysed ones: not judged, the rest stays
    assert g.analysis is analysis
    g.goto(3)
    g.play(next(move for move in g.legal_moves() if move != g.future[0]))
    assert g.analysis.line == g.line[:3] and len(g.analysis.moves) == 3
    g.enter(g.node_at(2).variations[0])  # back on the analysed line: the whole of it again
    assert g.analysis is analysis
    g.goto(0)
    g.play(next(move for move in g.legal_moves() if move != g.future[0]))
    assert g.analysis is None


def test_keeping_an_analysis_tells_the_listeners_and_copies_and_pickles_keep_it():
    g = played(4)
    heard = []
    g.add_listener(lambda game, action, move: heard.append((action, move, game.analysis is not None)))
    analysis = sw.analyse(g, **FAST, executor="serial")
    assert heard == [("edit", None, True)]
    assert g.copy().analysis == analysis and pickle.loads(pickle.dumps(g)).analysis == analysis
    snapshot = g.copy()
    g.set_analysis(None)
    assert g.analysis is None and heard[-1] == ("edit", None, False)
    g.restore(snapshot)
    assert g.analysis == analysis


def test_an_analysis_of_another_game_is_not_kept():
    analysis = sw.analyse(played(4, seed=5), **FAST, executor="serial")
    other = played(4, seed=6)
    with pytest.raises(ValueError, match="another line"):
        other.set_analysis(analysis)
    with pytest.raises(TypeError, match="an Analysis"):
        other.set_analysis(analysis.rows)
    with pytest.raises(ValueError, match="an analysis of no move"):
        other.set_analysis(analysis.cut(0))
    assert other.analysis is None


@pytest.mark.parametrize(
    ("arguments", "error", "named"),
    [
        ({"samples": 0}, ValueError, "samples must be"),
        ({"samples": 1.5}, ValueError, "samples must be"),
        ({"seed": -1}, ValueError, "seed"),
        ({"node_limit": 0}, ValueError, "node_limit must be"),
        ({"time_limit": -1}, ValueError, "time_limit must be"),
        ({"samples": 10_001}, ValueError, "samples must be"),
        ({"seed": 2**53}, ValueError, "seed"),
        ({"knows_stock": "no"}, ValueError, "knows_stock must be True or False"),
        ({"executor": "threads"}, TypeError, "executor is None, 'serial' or a concurrent.futures.Executor"),
        ({"progress": "yes"}, ValueError, "progress must be True or False"),
        ({"on_progress": 3}, TypeError, "on_progress is a callable"),
    ],
)
def test_bad_arguments_are_refused_by_name_and_change_nothing(arguments, error, named):
    g = played(3)
    before = g.to_record()
    with pytest.raises(error, match=named):
        sw.analyse(g, **{**FAST, **arguments})
    assert g.to_record() == before and g.analysis is None


def test_only_a_game_with_moves_is_analysed():
    with pytest.raises(TypeError, match="analyse takes a Game"):
        sw.analyse("klondike", **FAST)
    with pytest.raises(ValueError, match="nothing to analyse"):
        sw.analyse(sw.Game.new("klondike", seed=1), **FAST)


@pytest.mark.parametrize("executor", ["serial", None])
def test_on_progress_is_told_of_each_move_and_may_stop_the_run_keeping_nothing(executor):
    g = played(6)
    heard = []
    told = []
    g.add_listener(lambda *change: heard.append(change))
    analysis = sw.analyse(
        g, **FAST, executor="serial", on_progress=lambda done, total: told.append((done, total))
    )
    assert told == [(done, 6) for done in range(1, 7)] and g.analysis is analysis
    g.set_analysis(None)
    heard.clear()
    before = g.to_record()
    children = set(multiprocessing.active_children())
    with pytest.raises(AnalysisStopped, match="after 2 of 6 moves; nothing was kept"):
        sw.analyse(g, **FAST, executor=executor, on_progress=lambda done, total: done < 2)
    assert g.analysis is None and g.to_record() == before and heard == []
    assert set(multiprocessing.active_children()) <= children  # the run's workers are gone


@pytest.mark.parametrize("executor", ["serial", None])
def test_ctrl_c_stops_the_run_keeps_nothing_and_goes_on_up(executor):
    g = played(12)
    before = g.to_record()
    children = set(multiprocessing.active_children())
    interrupted = threading.Event()

    def interrupt_once(done, total):
        if not interrupted.is_set():
            interrupted.set()
            os.kill(os.getpid(), signal.SIGINT)  # Ctrl-C, delivered while the run goes on

    with pytest.raises(KeyboardInterrupt):
        sw.analyse(g, **FAST, executor=executor, on_progress=interrupt_once)
    assert interrupted.is_set()
    assert g.analysis is None and g.to_record() == before
    assert set(multiprocessing.active_children()) <= children


def test_without_tqdm_it_says_so_where_analyse_was_called(monkeypatch):
    monkeypatch.setitem(sys.modules, "tqdm", None)
    monkeypatch.setitem(sys.modules, "tqdm.auto", None)
    monkeypatch.setattr(executors.Progress, "_said_missing", False)
    with pytest.warns(SimulationWarning, match="no progress bar: tqdm is not installed") as said:
        sw.analyse(played(2), 4, node_limit=500, executor="serial")
    assert [Path(warning.filename).name for warning in said] == ["test_analyse.py"]
