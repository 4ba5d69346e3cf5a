"""The C search's restarts and its table of visited positions (issue 18): a search that runs
past ``native.RESTART_NODES`` starts again in a random order, keeping only the positions
lost for good, the same on every run of the same request; the table doubles in place without losing a key; and
``solve``'s ``table_megabytes`` caps it, a bad value refused by name."""

from __future__ import annotations

import pytest
from solver_paths import native_or_skip
from test_solve import replays_to_win

import solitaire_widget as sw
from solitaire_widget.solver import native, solve


@pytest.fixture(autouse=True)
def _native_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOLITAIRE_WIDGET_NATIVE", raising=False)
    native_or_skip()


def search(seed: int, node_limit: int, restart_nodes: int) -> tuple[str, list[sw.Move], int, int]:
    position = sw.Game.new("klondike", seed=seed).position
    found = native.search(
        position, time_limit=None, node_limit=node_limit, foundation_split=4, restart_nodes=restart_nodes
    )
    assert found is not None
    return found


STUCK_SEED = 298
"""A Klondike deal (draw one) whose fixed order searches millions of positions without a
win, while the first run in a random order wins within a thousand (after the first run and
a turn of the best-first search, which finds no win here)."""


@pytest.mark.slow
def test_a_restart_in_a_random_order_wins_where_the_fixed_order_is_stuck():
    assert search(STUCK_SEED, 1_500_000, restart_nodes=0)[0] == "unknown"
    verdict, line, nodes, _ = search(STUCK_SEED, 1_500_000, restart_nodes=native.RESTART_NODES)
    assert verdict == "winnable" and 2 * native.RESTART_NODES < nodes < 2 * native.RESTART_NODES + 1_000
    g = sw.Game.new("klondike", seed=STUCK_SEED)
    replays_to_win(g, sw.SolveResult(verdict, tuple(line), nodes, 0.0))


@pytest.mark.slow
def test_restarts_are_the_same_on_every_run_of_the_same_request():
    assert search(STUCK_SEED, 1_500_000, 50_000) == search(STUCK_SEED, 1_500_000, 50_000)
    assert search(18, 400_000, 50_000) == search(18, 400_000, 50_000)  # unknown, several restarts


@pytest.mark.parametrize(("seed", "verdict"), [(167, "unwinnable"), (448, "unwinnable"), (11, "winnable")])
def test_each_run_is_exact_so_restarts_keep_the_verdicts(seed, verdict):
    """Only losses for good are carried into the next run: with a restart every 5,000
    positions (dozens of runs) the verdicts stay those of the fixed order."""
    assert search(seed, 300_000, restart_nodes=0)[0] == verdict
    assert search(seed, 3_000_000, restart_nodes=5_000)[0] == verdict


def test_a_restart_keeps_the_losses_for_good_so_a_proof_is_not_searched_again():
    """The fixed order proves this deal unwinnable in 364,852 positions; restarted at 300,000,
    and after a turn of the best-first search (at most 300,000 more), the second run finds
    the first run's losses, and the whole search takes 390,659 (it would need 360,000 more
    if it started from nothing: the first share of 300,000 would not do)."""
    assert search(894, 1_000_000, restart_nodes=0)[::2] == ("unwinnable", 364_852)
    verdict, _, nodes, _ = search(894, 1_000_000, native.RESTART_NODES)
    assert verdict == "unwinnable" and nodes < 364_852 * 1.01 + native.RESTART_NODES


def test_a_search_within_the_first_run_is_the_fixed_order_node_for_node():
    assert search(448, 300_000, native.RESTART_NODES) == search(448, 300_000, 0)


@pytest.mark.parametrize(("seed", "nodes"), [(742, 126_775), (748, 273_364)])
def test_the_table_doubles_in_place_keeping_every_key(seed, nodes):
    """From 2**16 slots to 2**17 (and 2**18): the node counts are the pure-Python search's
    (which keeps every key in a set; measured once, it takes half a minute), so no key was
    lost or misplaced as the table grew."""
    assert solve(sw.Game.new("klondike", seed=seed), time_limit=None, node_limit=300_000).nodes == nodes


@pytest.mark.slow
def test_table_megabytes_caps_the_table_and_a_small_one_only_costs_time():
    """1 MB: 2**16 slots, cleared at 49,152 keys, work repeated; 4 MB (and 7, rounded down to
    a power of two) holds every key of this search of 126,775 positions."""
    g = sw.Game.new("klondike", seed=742)
    small = solve(g, time_limit=None, node_limit=3_000_000, table_megabytes=1)
    assert small.verdict == "unwinnable" and small.nodes > 126_775
    for megabytes in (4, 7):
        assert solve(g, time_limit=None, node_limit=300_000, table_megabytes=megabytes).nodes == 126_775


@pytest.mark.parametrize("bad", [0, -1, 2**14 + 1, 1.5, "512", True, None])
def test_a_bad_table_size_is_refused_by_name(bad):
    with pytest.raises(ValueError, match="table_megabytes must be a whole number of megabytes"):
        solve(sw.Game.new("klondike", seed=0), node_limit=10, table_megabytes=bad)
