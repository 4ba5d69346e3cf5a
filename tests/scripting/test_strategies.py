"""The built-in strategies: legal moves or None on any position, greedy's priority lists,
random's seeding, lookahead's progress, the solver strategy's plan, and the read-only view."""

from __future__ import annotations

import pickle

import pytest
from engine_helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.scripting import strategies
from solitaire_widget.scripting.strategies import GREEDY_PRIORITIES, GameView, _best_within, _progress
from solitaire_widget.solver import SolveResult

GAMES = ("klondike", "father", "following")


positions = st.builds(played, st.sampled_from(GAMES), st.integers(0, 2**32), st.integers(0, 80))


@settings(max_examples=60, deadline=None)
@given(positions)
def test_every_built_in_strategy_returns_a_legal_move_or_resigns(game):
    legal = game.legal_moves()
    for strategy in (strategies.random, strategies.greedy, strategies.lookahead):
        choice = strategy(GameView(game))
        assert choice is None or game.parse_move(choice) in legal


@settings(max_examples=60, deadline=None)
@given(positions)
def test_greedy_plays_a_move_of_the_first_priority_any_legal_move_has(game):
    position = game.position
    legal = position.legal_moves()
    choice = strategies.greedy(GameView(game))
    wanted = [rule for _, rule, _ in GREEDY_PRIORITIES[game.name] if any(rule(position, m) for m in legal)]
    if choice is None:
        # It resigns only when nothing is listed, or to stop turning a fruitless stock.
        assert not wanted or all(
            move.source == "stock" or move.target == "stock" for move in legal if wanted[0](position, move)
        )
    else:
        assert wanted[0](position, choice)


def test_greedy_and_lookahead_end_every_deal_well_before_the_move_limit():
    for name in GAMES:
        rows = sw.simulate(name, strategies.greedy, 15, executor="serial", progress=False)
        assert max(rows["moves"]) < 400
        assert set(rows["end"]) <= {"won", "no_moves", "no_useful_moves", "resigned"}


def test_greedy_priorities_are_written_out_for_every_game():
    assert set(GREEDY_PRIORITIES) == set(sw.GAMES)
    for priorities in GREEDY_PRIORITIES.values():
        assert priorities[0][0].startswith("a card to a foundation")
        assert priorities[-1][0] == "draw from the stock, or redeal"


def test_the_random_strategy_depends_on_its_seed_the_deal_and_the_move_number_alone():
    game = played("klondike", 5, 10)
    twin = pickle.loads(pickle.dumps(strategies.RandomStrategy(7)))
    assert strategies.RandomStrategy(7)(GameView(game)) == twin(GameView(game.copy()))
    choices = {strategies.RandomStrategy(seed)(GameView(game)) for seed in range(30)}
    assert len(choices) > 1


@settings(max_examples=60, deadline=None)
@given(positions)
def test_lookahead_plays_greedy_unless_it_sees_progress_within_two_moves(game):
    choice = strategies.lookahead(GameView(game))
    if choice != strategies.greedy(GameView(game)):
        after = game.position
        after.push(game.parse_move(choice))
        assert _best_within(after, 1)[:2] > _progress(game.position)


def test_lookahead_wins_at_least_as_often_as_greedy_and_sends_more_cards_home():
    greedy = sw.simulate("klondike", strategies.greedy, 20, executor="serial", progress=False)
    lookahead = sw.simulate("klondike", strategies.lookahead, 20, executor="serial", progress=False)
    assert lookahead["won"].sum() >= greedy["won"].sum()
    assert lookahead["foundation_cards"].sum() > greedy["foundation_cards"].sum()
    with pytest.raises(ValueError, match="depth must be a whole number of moves from 1, not 0"):
        strategies.Lookahead(0)


def test_the_solver_strategy_solves_once_per_deal_and_replays_the_line():
    calls = []

    def counting_solve(game, **limits):
        calls.append(game.ply)
        return sw.solve(game, **limits)

    player = strategies.SolverStrategy(node_limit=50_000, solve_with=counting_solve)
    rows = sw.simulate("following", player, 3, executor="serial", progress=False)
    assert list(rows["won"]) == [True, True, True]
    assert calls == [0, 0, 0]

    # Leaving the line (a move the line does not play) makes it solve again from there.
    game = sw.Game.new("following", seed=0)
    while not (others := [move for move in game.legal_moves() if move != player(GameView(game))]):
        game.play(player(GameView(game)))
    game.play(others[0])
    player(GameView(game))
    assert calls[3:] == [0, game.ply]


def test_the_solver_strategy_resigns_lost_deals_and_falls_back_when_the_solver_cannot_say():
    game = sw.Game.new("klondike", seed=4)
    verdicts = iter(["unwinnable", "unknown", "unknown"])

    def says(g, **limits):
        return SolveResult(next(verdicts), (), 1, 0.0)

    lost = strategies.SolverStrategy(solve_with=says)
    assert lost(GameView(game)) is None and lost.why_resigned == "the solver proves this position lost"
    fallback = strategies.SolverStrategy(solve_with=says)
    assert fallback(GameView(game)) == strategies.greedy(GameView(game))
    game.play(strategies.greedy(GameView(game)))
    assert fallback(GameView(game)) == strategies.greedy(GameView(game))  # no second solve
    assert fallback.why_resigned is None
    giving_up = strategies.SolverStrategy(None, 2, fallback=lambda g: None, solve_with=says)
    assert giving_up(GameView(game)) is None
    assert giving_up.why_resigned == "the solver found no winning line within its limits (2 s)"


@pytest.mark.parametrize(
    ("limits", "message"),
    [
        ({"node_limit": 0}, "node_limit must be a whole number from 1"),
        ({"time_limit": float("nan")}, "time_limit must be a finite number"),
        ({"node_limit": None, "time_limit": None}, "needs a node_limit"),
    ],
)
def test_the_solver_strategy_refuses_bad_limits_as_solve_does(limits, message):
    with pytest.raises(ValueError, match=message):
        strategies.SolverStrategy(**limits)


def test_a_strategy_sees_the_game_read_only():
    game = sw.Game.new("klondike", seed=42)
    view = GameView(game)
    with pytest.raises(AttributeError, match=r"read-only.*return the move"):
        view.play("w>t5")
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        view.nonsense  # noqa: B018
    view.position.push(view.legal_moves()[0])
    view.copy().play(view.legal_moves()[0])
    view.legal_moves().clear()
    assert game.ply == 0 and game.legal_moves() and view.ply == 0
    assert view.name == "klondike" and view.seed == 42 and view.options == game.options
    assert view.history == () and not view.is_over and view.outcome is None and not view.is_won
    assert str(view) == str(game) and "GameView" in repr(view)


def test_built_in_strategies_pickle_for_worker_processes():
    for strategy in strategies.BUILT_IN.values():
        assert repr(pickle.loads(pickle.dumps(strategy))) == repr(strategy)
    assert sw.strategies.greedy is strategies.greedy
