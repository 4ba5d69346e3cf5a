"""``Position``: reading, keys, unchecked push/pop, copies and pickles."""

from __future__ import annotations

import pickle

import pytest
from engine_helpers import piles
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw

GAMES = ("klondike", "father", "following")
OPTION_SETS = [
    ("klondike", {}),
    ("klondike", {"draw": 3, "redeals": 2, "foundation_to_tableau": False}),
    ("father", {}),
    ("following", {"redeals": 0}),
]


def walk(position: sw.Position, steps: int, pick: int = 5) -> list[sw.Move]:
    """Push ``steps`` deterministic legal moves (fewer when none is left); return them."""
    pushed = []
    for step in range(steps):
        moves = position.legal_moves()
        if not moves:
            break
        position.push(moves[(step * pick + 3) % len(moves)])
        pushed.append(position.move_stack[-1])
    return pushed


@pytest.mark.parametrize("name", GAMES)
def test_a_games_position_is_a_copy_the_game_does_not_share(name):
    g = sw.Game.new(name, seed=11)
    before = piles(g)
    p = g.position
    walk(p, 30)
    assert piles(g) == before and g.history == ()
    assert g.position == sw.Game.new(name, seed=11).position
    assert g.position is not g.position


def test_reading_a_position_gives_its_piles_in_the_dicts_order():
    g = sw.Game.new("klondike", seed=42)
    p, data = g.position, g.to_dict()
    code = sw.engine.cards.card_code
    assert [code(c) for c in p.stock] == data["stock"]
    assert [code(c) for c in p.waste] == data["waste"]
    assert [[code(c) for c in pile] for pile in p.up] == [pile["up"] for pile in data["tableau"]]
    assert [[code(c) for c in pile] for pile in p.down] == [pile["down"] for pile in data["tableau"]]
    assert p.foundations == ((),) * 4 and p.redeals_left is None and p.draw == 1
    assert p.cards("tableau/6") == p.up[6] and p.cards("waste") == p.waste
    assert p.place("tableau/6") == ("tableau", 6) and p.place("tableau/7") is None
    assert p.pile_ids == g.pile_ids and p.rules is g.rules and p.options == g.options


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_push_plays_as_game_play_does_and_pop_takes_it_back(name, options):
    g = sw.Game.new(name, seed=5, **options)
    p = g.position
    keys = [p.key()]
    for move in walk(g.position, 150, pick=7):
        p.push(move)
        g.play(move)
        assert p == g.position and p.legal_moves() == g.legal_moves()
        keys.append(p.key())
    assert p.move_stack == g.history
    while p.move_stack:
        keys.pop()
        p.pop()
        assert p.key() == keys[-1]
    with pytest.raises(IndexError, match="nothing to pop"):
        p.pop()


def test_the_key_is_the_same_for_the_same_position_reached_by_other_moves():
    # Klondike, unlimited redeals: going through the stock and turning it back reaches the
    # same piles whether the waste's first card was drawn in the first pass or not.
    first = sw.Game.new("klondike", seed=3).position
    second = first.copy()
    for position in (first, second):
        while position.stock:
            position.push(sw.Move("stock", "waste"))
        position.push(sw.Move("waste", "stock", len(position.waste)))
    for _ in range(len(second.stock)):
        second.push(sw.Move("stock", "waste"))
    second.push(sw.Move("waste", "stock", len(second.waste)))
    assert first.move_stack != second.move_stack
    assert first.key() == second.key() and first == second
    assert len({first.key(), second.key()}) == 1


def test_the_key_tells_apart_positions_that_differ_in_any_pile_or_in_redeals_left():
    start = sw.Game.new("following", seed=8).position
    seen = {start.key()}
    p = start.copy()
    while p.stock:
        p.push(sw.Move("stock", "waste"))
        seen.add(p.key())
    p.push(sw.Move("waste", "stock", len(p.waste)))
    # the same piles as the deal, but the one redeal is spent
    assert (p.stock, p.waste, p.up) == (start.stock, start.waste, start.up)
    assert p.key() not in seen and p != start
    moved = start.copy()
    moved.push(next(m for m in moved.legal_moves() if m.source.startswith("tableau/")))
    assert moved.key() not in seen


def test_positions_of_other_games_or_options_are_not_equal():
    assert sw.Game.new("klondike", seed=1).position != sw.Game.new("klondike", seed=1, draw=3).position
    assert sw.Game.new("father", seed=1).position != sw.Game.new("following", seed=1).position
    assert sw.Game.new("father", seed=1).position != "father"
    with pytest.raises(TypeError):
        hash(sw.Game.new("father", seed=1).position)


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_starts_with_an_empty_move_stack_and_shares_nothing(name):
    p = sw.Game.new(name, seed=2).position
    walk(p, 40)
    twin = p.copy()
    assert twin == p and twin.move_stack == () and len(p.move_stack) == 40
    twin.push(twin.legal_moves()[0])
    assert twin != p and len(p.move_stack) == 40
    full = p.copy(stack=True)
    assert full.move_stack == p.move_stack
    full.pop()
    assert len(full.move_stack) == len(p.move_stack) - 1


@pytest.mark.parametrize(("name", "options"), OPTION_SETS)
def test_a_position_pickles_with_its_move_stack(name, options):
    p = sw.Game.new(name, seed=9, **options).position
    walk(p, 40)
    back = pickle.loads(pickle.dumps(p))
    assert back == p and back.move_stack == p.move_stack and back.legal_moves() == p.legal_moves()
    while back.move_stack:
        back.pop()
    assert back == sw.Game.new(name, seed=9, **options).position


def test_pushing_an_illegal_move_spoils_only_that_position():
    g = sw.Game.new("klondike", seed=4)
    before = piles(g)
    p = g.position
    other = p.copy()
    p.push(sw.Move("tableau/0", "foundation/3", 5))  # unchecked: not legal here
    assert piles(g) == before and other == g.position
    with pytest.raises(KeyError):
        p.push(sw.Move("tableau/9", "waste"))  # a pile Klondike does not have
    assert piles(g) == before and other == g.position


@settings(max_examples=40, deadline=None)
@given(
    name=st.sampled_from(GAMES),
    seed=st.integers(0, 2**53 - 1),
    picks=st.lists(st.integers(0, 99), max_size=80),
)
def test_any_pushes_popped_in_reverse_order_give_back_the_position(name, seed, picks):
    p = sw.Game.new(name, seed=seed).position
    start, keys = p.copy(), []
    for pick in picks:
        moves = p.legal_moves()
        if not moves:
            break
        keys.append(p.key())
        p.push(moves[pick % len(moves)])
    while keys:
        p.pop()
        assert p.key() == keys.pop()
    assert p == start and p.legal_moves() == start.legal_moves()
