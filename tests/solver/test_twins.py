"""Twins (``solver.twins``): which cards are twins, how the key places a run on them, that a
twin move never changes the key, and that the search's verdicts are those it gives without
twins."""

from __future__ import annotations

import time

import pytest
from engine_helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.engine.cards import is_red, parse_card, rank_of
from solitaire_widget.solver import depth_first, twins
from solitaire_widget.solver.depth_first import DepthFirstSearch, _key_function


def cards(*codes: str) -> list[int]:
    return [parse_card(code) for code in codes]


def klondike_parents() -> tuple[frozenset[int], ...]:
    return sw.Game.new("klondike", seed=0).position.rules.parents["tableau"]


def test_klondike_twins_are_the_two_cards_of_each_rank_and_colour_above_the_ace():
    pairs = twins.twin_pairs(sw.Game.new("klondike", seed=0).position.rules)
    assert len(pairs) == 24
    for lower, higher in pairs:
        assert lower < higher and rank_of(lower) == rank_of(higher) > 1 and is_red(lower) == is_red(higher)


@pytest.mark.parametrize("game", ["father", "following"])
def test_father_and_following_have_no_twins(game):
    assert twins.twin_pairs(sw.Game.new(game, seed=0).position.rules) == ()


def test_a_run_on_the_higher_twin_goes_on_the_lower_when_the_lower_is_a_top():
    spades, clubs = parse_card("8S"), parse_card("8C")
    lower, higher = sorted((spades, clubs))
    pairs, parents = [(lower, higher)], klondike_parents()
    run = cards("7H", "6S")
    assert twins.canonical_up([[higher, *run], [lower]], pairs, parents) == [[higher], [lower, *run]]
    assert twins.canonical_up([[higher], [lower, *run]], pairs, parents) == [[higher], [lower, *run]]


def test_a_pair_with_both_twins_covered_or_both_tops_is_left_as_it_is():
    lower, higher = sorted(cards("8S", "8C"))
    pairs, parents = [(lower, higher)], klondike_parents()
    both_covered = [[higher, parse_card("7H")], [lower, parse_card("7D")]]
    assert twins.canonical_up(both_covered, pairs, parents) == both_covered
    assert twins.canonical_up([[higher], [lower]], pairs, parents) == [[higher], [lower]]


def test_what_lies_on_the_higher_twin_moves_only_as_a_run():
    lower, higher = sorted(cards("8S", "8C"))
    not_a_run = [[higher, *cards("7H", "2C")], [lower]]
    assert twins.canonical_up(not_a_run, [(lower, higher)], klondike_parents()) == not_a_run


def twin_moves(position: sw.Position) -> list[sw.Move]:
    """The legal moves of a whole run from one twin onto the other."""
    pairs = twins.twin_pairs(position.rules)
    twin_of = {a: b for pair in pairs for a, b in (pair, pair[::-1])}
    up = position.up
    found = []
    for move in position.legal_moves():
        source, target, count = move
        if source.startswith("tableau/") and target.startswith("tableau/"):
            pile, onto = up[int(source[8:])], up[int(target[8:])]
            if count < len(pile) and onto and twin_of.get(pile[-count - 1]) == onto[-1]:
                found.append(move)
    return found


def played_at_random(seed: int, moves: int) -> sw.Position:
    """A Klondike position some random legal moves into deal ``seed``."""
    return played("klondike", seed, moves).position.copy()


@settings(max_examples=60, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(20, 120))
def test_a_twin_move_keeps_the_key(seed, moves):
    position = played_at_random(seed, moves)
    key = _key_function(position)
    for move in twin_moves(position):
        before = key(position)
        position.push(move)
        assert key(position) == before
        position.pop()


def test_random_play_reaches_twin_moves():
    """The property above is not empty: random play often leaves a run on a twin."""
    assert sum(bool(twin_moves(played_at_random(seed, 80))) for seed in range(40)) >= 5


def verdict(position: sw.Position, node_limit: int) -> str:
    search = DepthFirstSearch(position.copy(), None, node_limit, time.perf_counter(), restart_nodes=0)
    try:
        return "unwinnable" if search.run() is None else "winnable"
    except depth_first.Stop:
        return "unknown"


@settings(max_examples=12, deadline=None)
@given(seed=st.integers(0, 10_000), moves=st.integers(10, 60))
def test_verdicts_with_twins_are_those_without(seed, moves):
    position = played_at_random(seed, moves)
    with_twins = verdict(position, 4_000)
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(depth_first, "twin_pairs", lambda rules: ())
        without = verdict(position, 40_000)
    if "unknown" not in (with_twins, without):
        assert with_twins == without
