"""Shorter winning lines (``solver.shorten``): what it gives back still wins from the same
position and is never longer; known detours and needless trips through the stock are cut;
a line with nothing to cut stays as it is; the hint and the solver strategy use it."""

from __future__ import annotations

import pytest
from engine_helpers import make, suit_run
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.scripting.strategies import SolverStrategy
from solitaire_widget.scripting.view import GameView
from solitaire_widget.solver.shorten import shorten

GAME_SETS = [("klondike", {"draw": 1}), ("klondike", {"draw": 3}), ("father", {}), ("following", {})]


def moves(text: str) -> list[sw.Move]:
    return [sw.Move.parse(word) for word in text.split()]


def replays_to_a_win(g: sw.Game, line: tuple[sw.Move, ...]) -> bool:
    g = g.copy()
    for move in line:
        g.play(move)
    return g.is_won


@settings(max_examples=12, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.sampled_from(GAME_SETS), st.integers(0, 10_000), st.integers(0, 30))
def test_a_shortened_line_wins_from_the_same_position_and_is_never_longer(game_set, seed, played):
    """Solver lines from deals and from games some way in (the first moves of a greedy game)."""
    name, options = game_set
    g = sw.Game.new(name, seed=seed, **options)
    for _ in range(played):
        move = sw.strategies.greedy(GameView(g))
        if move is None:
            break
        g.play(move)
    result = sw.solve(g, time_limit=None, node_limit=20_000)
    if result.verdict != "winnable":
        return
    before = g.to_dict()
    short = shorten(g.position, result.moves)
    assert g.to_dict() == before
    assert len(short) <= len(result.moves)
    assert replays_to_a_win(g, short)


@pytest.mark.parametrize(("name", "options"), GAME_SETS, ids=[f"{n}{o}" for n, o in GAME_SETS])
def test_solver_lines_of_each_game_get_shorter_or_stay(name, options):
    cut = 0
    for seed in range(6):
        g = sw.Game.new(name, seed=seed, **options)
        result = sw.solve(g, time_limit=None, node_limit=50_000)
        if result.verdict == "winnable":
            short = shorten(g.position, result.moves)
            assert replays_to_a_win(g, short) and len(short) <= len(result.moves)
            cut += len(result.moves) - len(short)
    if name == "klondike" and options["draw"] == 1:
        assert cut > 0


def endgame() -> sw.Game:
    """Klondike with three cards out: the king of clubs in column 0, the king of hearts in
    column 1 and the queen of clubs in column 2."""
    return make(
        "klondike",
        tableau=["KC", "KH", "QC"],
        foundations=[suit_run("C", 1, 11), suit_run("D", 1, 13), suit_run("H", 1, 12), suit_run("S", 1, 13)],
        stock="",
    )


def test_a_card_moved_aside_and_then_home_goes_home_at_once():
    g = endgame()
    detour = moves("t2>t1 t1>f0 t0>f0 t1>f2")
    assert replays_to_a_win(g, tuple(detour))
    assert shorten(g.position, detour) == tuple(moves("t2>f0 t0>f0 t1>f2"))


def test_a_line_with_nothing_to_cut_stays_the_same():
    g = endgame()
    line = tuple(moves("t2>f0 t0>f0 t1>f2"))
    assert shorten(g.position, line) == line


def test_a_needless_trip_through_the_stock_is_cut_and_draws_merged():
    # The queen of clubs is drawn first, then the king of diamonds, then the king of clubs.
    g = make(
        "klondike",
        foundations=[suit_run("C", 1, 11), suit_run("D", 1, 12), suit_run("H", 1, 13), suit_run("S", 1, 13)],
        stock="KC KD QC",
    )
    wandering = moves("s>w s>w s>w wx3>s s>w w>f0 s>w s>w w>f0 w>f1")
    assert replays_to_a_win(g, tuple(wandering))
    short = shorten(g.position, wandering)
    assert short == tuple(moves("s>w w>f0 s>w s>w w>f0 w>f1"))


def test_draw_three_lines_draw_as_the_grouping_allows():
    # Three at a time: the king of clubs comes up only with the third draw of a pass.
    g = make(
        "klondike",
        foundations=[suit_run("C", 1, 12), suit_run("D", 1, 13), suit_run("H", 1, 13), suit_run("S", 1, 13)],
        stock="KC",
        options={"draw": 3},
    )
    line = tuple(moves("s>w w>f0"))
    assert shorten(g.position, line) == line


def test_a_line_that_does_not_win_or_a_bad_effort_is_refused_and_changes_nothing():
    g = endgame()
    before = g.to_dict()
    with pytest.raises(ValueError, match="does not win"):
        shorten(g.position, moves("t2>f0"))
    with pytest.raises(ValueError, match="not legal"):
        shorten(g.position, moves("t0>f0"))
    with pytest.raises(ValueError, match="effort"):
        shorten(g.position, moves("t2>f0 t0>f0 t1>f2"), effort=-1)
    with pytest.raises(TypeError, match="takes a Position"):
        shorten(g, moves("t2>f0 t0>f0 t1>f2"))
    assert g.to_dict() == before


def test_the_hint_counts_the_moves_of_the_shortened_line():
    g = sw.Game.new("klondike", seed=1)
    raw = sw.solve(g, time_limit=30.0).moves
    short = shorten(g.position, raw)
    assert len(short) < len(raw)
    hint = g.hint(time_limit=30.0)
    assert hint.source is sw.HintSource.SOLVER
    assert hint.move == short[0]
    assert f"({len(short)} moves to a win)" in hint.sentence


def test_the_solver_strategy_plays_the_shortened_line():
    g = sw.Game.new("klondike", seed=1)
    result = sw.solve(g, time_limit=None, node_limit=50_000)
    short = shorten(g.position, result.moves)
    strategy = SolverStrategy(node_limit=50_000, time_limit=None)
    played = []
    while not g.is_won:
        played.append(g.play(strategy(GameView(g))))
    assert tuple(played) == short
