"""Arrangements (``solver.arrangements``): which rules let the key leave the face-up cards'
arrangement out, that a move that only rearranges them keeps the key, that positions with
the same key are won or lost together (searched with the full key), and that the search's
verdicts are those it gives with the full key."""

from __future__ import annotations

import time
from collections.abc import Iterator

import pytest
from engine_helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.engine.cards import DECK
from solitaire_widget.solver import arrangements, depth_first, keys
from solitaire_widget.solver.depth_first import DepthFirstSearch
from solitaire_widget.solver.keys import key_function


@pytest.mark.parametrize(
    "game, options, free",
    [
        ("klondike", {}, True),
        ("klondike", {"draw": 3, "redeals": 2}, True),
        ("klondike", {"foundation_to_tableau": False}, True),
        ("following", {}, True),
        ("father", {}, False),
    ],
)
def test_which_rules_leave_the_arrangement_out(game, options, free):
    assert arrangements.arrangement_free(sw.Game.new(game, seed=0, **options).position.rules) is free


class Relation:
    """Rules reduced to a parent relation, the same from every kind of pile."""

    def __init__(self, parents: dict[int, set[int]]) -> None:
        table = tuple(frozenset(parents.get(card, ())) for card in DECK)
        self.parents = {"tableau": table, "waste": table, "foundation": table}


def test_parents_that_take_different_children_are_not_a_block():
    # 0 may go on 10 or 11, but 1 only on 10: 10 and 11 take different children
    assert not arrangements.arrangement_free(Relation({0: {10, 11}, 1: {10}}))
    assert arrangements.arrangement_free(Relation({0: {10, 11}, 1: {10, 11}}))


def test_a_cycle_of_parents_is_refused():
    assert not arrangements.arrangement_free(Relation({0: {1}, 1: {2}, 2: {0}}))


def rearrangements(position: sw.Position) -> Iterator[sw.Move]:
    """The legal moves that keep the face-up cards and each pile's lowest one: a run that
    does not start at a pile's lowest face-up card, onto another card."""
    up = position.up
    for move in position.legal_moves():
        source, target, count = move
        if not (source.startswith("tableau/") and target.startswith("tableau/")):
            continue
        if count < len(up[int(source[8:])]) and up[int(target[8:])]:
            yield move


def played_at_random(seed: int, moves: int) -> sw.Game:
    return played("klondike", seed, moves)


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(20, 120))
def test_a_rearrangement_keeps_the_key(seed, moves):
    position = played_at_random(seed, moves).position.copy()
    key = key_function(position)
    for move in list(rearrangements(position)):
        before = key(position)
        position.push(move)
        assert key(position) == before
        position.pop()


def swapped_runs(g: sw.Game) -> sw.Game | None:
    """A game at ``g``'s position but for the runs on two cards that take the same cards,
    each holding one, swapped: the same key, and as a rule not reachable from ``g`` (no top
    is free to swap them through). None when no two such cards hold runs."""
    parents = g.position.rules.parents["tableau"]
    data = g.to_dict()
    piles = [pile["up"] for pile in data["tableau"]]
    holders = {}  # a card holding another: (pile, place, the cards the one it holds may go on)
    for index, up in enumerate(g.position.up):
        for at in range(len(up) - 1):
            holders[up[at]] = (index, at, parents[up[at + 1]])
    for card, (i, a, block) in holders.items():
        for other, (j, b, _) in holders.items():
            if other > card and other in block and i != j:
                low, high = piles[i][a + 1 :], piles[j][b + 1 :]
                piles[i], piles[j] = piles[i][: a + 1] + high, piles[j][: b + 1] + low
                for pile, up in zip(data["tableau"], piles, strict=True):
                    pile["up"] = up
                data.pop("seed", None)
                data.pop("history", None)
                return sw.Game.from_dict(data)
    return None


def full_key_verdict(position: sw.Position, node_limit: int) -> str:
    """The Python search's verdict with the key that keeps the arrangement."""
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(keys, "arrangement_free", lambda rules: False)
        return verdict(position, node_limit)


def verdict(position: sw.Position, node_limit: int) -> str:
    search = DepthFirstSearch(position.copy(), None, node_limit, time.perf_counter(), restart_nodes=0)
    try:
        return "unwinnable" if search.run() is None else "winnable"
    except depth_first.Stop:
        return "unknown"


def test_random_play_holds_runs_to_swap():
    """The property below is not empty: random play often leaves two runs to swap."""
    assert sum(swapped_runs(played_at_random(seed, 80)) is not None for seed in range(40)) >= 5


@settings(max_examples=10, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(40, 120))
def test_positions_with_the_same_key_are_won_or_lost_together(seed, moves):
    g = played_at_random(seed, moves)
    other = swapped_runs(g)
    if other is None:
        return
    key = key_function(g.position)
    assert key(other.position) == key(g.position) and other.position.up != g.position.up
    pair = [full_key_verdict(x.position, 20_000) for x in (g, other)]
    if "unknown" not in pair:
        assert pair[0] == pair[1]


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(10, 60))
@pytest.mark.slow
def test_verdicts_without_the_arrangement_are_those_with_it(seed, moves):
    position = played_at_random(seed, moves).position
    without = verdict(position, 4_000)
    with_it = full_key_verdict(position, 40_000)
    if "unknown" not in (without, with_it):
        assert without == with_it
