"""The free-talon game (``solver.relaxation``) and how ``solve`` searches it."""

from __future__ import annotations

import random

import pytest

import solitaire_widget as sw
from solitaire_widget.solver import solve
from solitaire_widget.solver.relaxation import free_talon
from solitaire_widget.solver.search import QUICK_LOOK, search

LOST_FOR_ITS_TABLEAU = 3632
"""Drawing three with no card to the waste, lost drawing one too: the free-talon game is
proved lost in 883 positions, the deal itself in 110,931 (``benchmarks/winnability.py``)."""


def klondike(seed: int, **options: object) -> sw.Game:
    return sw.Game.new("klondike", seed=seed, deal_to_waste=False, **options)


@pytest.mark.parametrize(
    "game",
    [klondike(1), klondike(1, draw=1, redeals=None), sw.Game.new("father"), sw.Game.new("following")],
    ids=["klondike draw 1", "unlimited redeals named", "father", "following"],
)
def test_no_free_talon_game_where_the_talon_is_free_or_nothing_lies_face_down(game):
    assert free_talon(game.position) is None


@pytest.mark.parametrize("options", [{"draw": 3}, {"draw": 1, "redeals": 0}, {"draw": 3, "redeals": 2}])
def test_the_free_talon_game_has_the_same_cards_drawn_one_at_a_time_without_a_limit(options):
    g = klondike(7, **options)
    g.play(next(move for move in g.legal_moves() if move.source == "stock"))
    relaxed = free_talon(g.position)
    assert relaxed is not None
    assert (relaxed.draw, relaxed.redeals_left) == (1, None)
    assert relaxed.options == {**g.position.options, "draw": 1, "redeals": None}
    for pile in ("stock", "waste", "tableau/0", "tableau/6", "foundation/0"):
        assert relaxed.cards(pile) == g.position.cards(pile)
    assert relaxed.down == g.position.down
    assert g.position.draw == options["draw"]  # the position itself is left as it was


def test_a_loss_of_the_free_talon_game_is_a_loss_of_the_deal(solver_path):
    """Within the same positions, the search alone cannot decide this deal; the free-talon
    game proves it lost."""
    g = klondike(LOST_FOR_ITS_TABLEAU, draw=3)
    relaxed = free_talon(g.position)
    assert relaxed is not None
    assert search(relaxed, None, 5_000)[:3] == ("unwinnable", [], 883)
    assert search(g.position.copy(), None, 5_000)[0] == "unknown"
    result = solve(g, time_limit=None, node_limit=5_000)
    assert result.verdict == "unwinnable"
    assert result.nodes == 50 + 883  # the quick look's share, then the free-talon game


def test_where_the_quick_look_decides_nothing_else_is_searched(solver_path):
    g = klondike(8, draw=3)
    alone = search(g.position.copy(), None, 100_000)
    assert alone[0] == "unwinnable" and alone[2] <= QUICK_LOOK * 1_000_000
    result = solve(g, time_limit=None, node_limit=1_000_000)
    assert (result.verdict, result.nodes) == ("unwinnable", alone[2])


@pytest.mark.slow
def test_a_win_of_the_free_talon_game_proves_nothing_and_the_deal_is_searched_again(solver_path):
    """A deal won drawing three but not within its quick look: the free-talon game is won,
    and the deal's own search finds the line that ``solve`` returns."""
    for seed in range(200):
        g = klondike(seed, draw=3)
        alone = search(g.position.copy(), None, 20_000)
        if alone[0] == "winnable" and alone[2] > 200:
            break
    else:
        pytest.fail("no deal of the first 200 is won drawing three in 200 to 20,000 positions")
    result = solve(g, time_limit=None, node_limit=20_000)
    assert result.verdict == "winnable"
    assert result.nodes > alone[2] + 200  # the quick look and the free-talon game came first
    for move in result.moves:
        g.play(move)
    assert g.is_won


@pytest.mark.slow
def test_the_free_talon_game_never_loses_a_position_the_search_wins(solver_path):
    """Deals drawing three, and positions a few random moves into them: where both searches
    decide, a won position never has a lost free-talon game (nor is a lost free-talon game's
    position won)."""
    rng = random.Random(5)
    decided = lost = 0
    for seed in range(80):
        g = klondike(seed, draw=3)
        for _ in range(rng.randrange(12)):
            g.play(rng.choice(g.legal_moves()))
        relaxed = free_talon(g.position)
        assert relaxed is not None
        own, free = search(g.position.copy(), None, 3_000)[0], search(relaxed, None, 3_000)[0]
        if "unknown" not in (own, free):
            decided += 1
            lost += free == "unwinnable"
            assert (own, free) != ("winnable", "unwinnable"), seed
    assert decided >= 50 and lost >= 5  # 60 and 5 when written
