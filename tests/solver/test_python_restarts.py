"""The pure-Python search's restarts (issue 18): a run past its share of positions starts
again in the random order of its number, keeping only the positions lost for good, exactly
as the C search does: both search the same positions, restarts included (same verdicts,
node counts and lines); an unwinnable proof is not searched again run by run; a table
cleared when full keeps the verdicts; and the bookkeeping of open positions tells losses for
good from losses that lean on a position still open."""

from __future__ import annotations

import time

import pytest
from solver_paths import native_or_skip

import solitaire_widget as sw
from solitaire_widget.solver import native, restarts
from solitaire_widget.solver.depth_first import DepthFirstSearch, Stop
from solitaire_widget.solver.keys import foundation_split
from solitaire_widget.solver.restarts import OpenPositions, RandomOrder

SHARE = 1_000
"""A share of positions per run small enough for the Python search to restart in a test."""


def python_search(g: sw.Game, node_limit: int, restart_nodes: int) -> tuple[str, list[sw.Move], int]:
    depth_first = DepthFirstSearch(g.position, None, node_limit, time.perf_counter(), restart_nodes)
    try:
        line = depth_first.run()
    except Stop:
        return "unknown", [], depth_first.nodes
    return ("unwinnable", [], depth_first.nodes) if line is None else ("winnable", line, depth_first.nodes)


def c_search(g: sw.Game, node_limit: int, restart_nodes: int) -> tuple[str, list[sw.Move], int]:
    native_or_skip()
    found = native.search(
        g.position,
        time_limit=None,
        node_limit=node_limit,
        foundation_split=foundation_split(g.position),
        restart_nodes=restart_nodes,
    )
    assert found is not None
    verdict, line, nodes, _ = found
    return verdict, line, nodes


def piles(position: sw.Position) -> tuple[object, ...]:
    p = position
    return tuple(map(repr, (p.stock, p.waste, p.up, p.down, p.foundations)))


def replays_to_win(g: sw.Game, line: list[sw.Move]) -> bool:
    """``line``, played with the checks of ``Game.play`` on a copy, wins."""
    replay = g.copy()
    for move in line:
        replay.play(move)
    return replay.is_won


RESTARTING = [
    ("klondike", {"draw": 3}, 12),
    ("klondike", {}, 59),
    ("klondike", {"draw": 3}, 167),
    ("klondike", {"draw": 3}, 2),
    ("following", {}, 1),
]
"""Deals whose search goes past ``SHARE`` positions: wins and a loss found after restarts,
and a search stopped by its node limit."""


@pytest.mark.parametrize(("game", "options", "seed"), RESTARTING)
def test_python_and_c_search_the_same_positions_across_restarts(monkeypatch, game, options, seed):
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "1")
    python = python_search(sw.Game.new(game, seed=seed, **options), 12_000, SHARE)
    assert python[2] > SHARE  # it restarted
    assert python == c_search(sw.Game.new(game, seed=seed, **options), 12_000, SHARE)


def test_a_restarted_win_replays_and_the_search_leaves_the_position_as_it_was():
    g = sw.Game.new("klondike", seed=12, draw=3)
    before = piles(g.position)
    verdict, line, nodes = python_search(g, 60_000, SHARE)
    assert verdict == "winnable" and nodes > SHARE
    assert piles(g.position) == before
    assert replays_to_win(g, line)


@pytest.mark.slow
def test_an_unwinnable_proof_is_not_searched_again_run_by_run():
    """Klondike seed 528: 6,531 positions to prove lost in the fixed order. Runs of 1,000
    that dropped every loss would never end; keeping the losses for good, the runs together
    cost about what the fixed order does, and the best-first search's turns between them
    (1,000 positions each) at most as much again."""
    fixed = python_search(sw.Game.new("klondike", seed=528), 100_000, 0)
    restarted = python_search(sw.Game.new("klondike", seed=528), 100_000, SHARE)
    assert fixed[0] == restarted[0] == "unwinnable"
    assert fixed[2] > 4 * SHARE
    assert restarted[2] < 2 * fixed[2]


@pytest.mark.slow
def test_a_table_cleared_when_full_keeps_the_verdicts(monkeypatch):
    """Klondike seed 528 again, with room for fewer keys than its proof visits (3,717): the
    runs clear the table (repeated work: more positions than the proof's 6,531) and still
    prove it."""
    monkeypatch.setattr(restarts, "MAX_VISITED", 2_000)
    verdict, _, nodes = python_search(sw.Game.new("klondike", seed=528), 100_000, SHARE)
    assert verdict == "unwinnable" and nodes > 6_531


def test_a_loss_that_leans_on_an_open_position_is_dropped_and_one_that_closes_it_is_kept():
    lost: set[str] = set()
    visited: OpenPositions[str] = OpenPositions(lost)
    visited.open("root")
    visited.open("a")
    visited.open("b")
    assert visited.seen("a")  # b's search leads back to a, still on the line
    visited.close()  # b: lost while a is open
    assert lost == set() and visited.seen("b")
    visited.open("c")
    visited.close()  # c leans on nothing: lost for good
    assert lost == {"c"}
    visited.close()  # a: b leaned on it alone, so both are lost for good
    assert lost == {"a", "b", "c"}
    visited.open("d")
    assert visited.seen("root")
    visited.close()
    assert "d" not in lost  # it leans on the root, still on the line: a restart drops it
    assert not OpenPositions(lost).seen("d") and OpenPositions(lost).seen("a")


def test_a_run_number_gives_the_same_random_order_and_another_number_another():
    ranked = [(rank, f"step {index}") for index, rank in enumerate([0, 10, 10, 30, 100, 120, 200, 300])]
    first = RandomOrder(1).sorted(ranked)
    assert first == RandomOrder(1).sorted(ranked)
    assert sorted(first) == sorted(entry for _, entry in ranked)
    assert RandomOrder(2).sorted(ranked) != first


def test_a_search_with_a_node_limit_restarts_at_cs_share_and_one_bounded_by_time_alone_sooner():
    """With a node limit the answer must be the C search's on every machine; bounded by time
    alone it depends on the machine anyway, and the Python search is too slow to reach C's
    share within seconds."""
    position = sw.Game.new("klondike", seed=0).position
    start = time.perf_counter()
    assert DepthFirstSearch(position, None, 50_000, start).restart_nodes == native.RESTART_NODES
    assert DepthFirstSearch(position, 10.0, 50_000, start).restart_nodes == native.RESTART_NODES
    assert DepthFirstSearch(position, 10.0, None, start).restart_nodes == restarts.TIMED_RESTART_NODES
    assert restarts.TIMED_RESTART_NODES < native.RESTART_NODES
