"""Hints that can be followed: a player who plays the hint's move, again and again from the
deal, never comes back to a position already played, and the solver's hint wins the deals
the solver proves winnable. The next hint follows the line of the last one (no new search);
a new search does not take back the move just played while another line wins; the fair hint
chooses as ``strategies.fair`` does, and judges a position the same way however it was
reached."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.aids import hints
from solitaire_widget.aids.plan import Plan, first_revisit, keys_along
from solitaire_widget.engine.knowledge import as_seen, shown
from solitaire_widget.scripting.strategies import GameView

FAIR = {"samples": 6, "node_limit": 800}
"""Fair hints cheap enough for the suite: the same machinery as the defaults, fewer samples."""


def follow(game: sw.Game, most: int = 600, **hint: object) -> int:
    """Play the hint's move until the game is over or the hint has none; the positions
    repeated: exactly (the solver's hint) or seen alike with nothing new seen (the fair one)."""
    fair = bool(hint.get("fair"))
    known = shown(game.position)

    def looks(position: sw.Position) -> object:
        return as_seen(position, known) if fair else position.key()

    stood = {looks(game.position)}
    repeats = 0
    while not game.is_over and game.ply < most:
        move = game.hint(**hint).move  # type: ignore[arg-type]
        if move is None:
            break
        game.play(move)
        known |= shown(game.position)
        repeats += looks(game.position) in stood
        stood.add(looks(game.position))
    return repeats


@pytest.mark.parametrize(
    ("name", "seed", "options"),
    [
        ("following", 0, {}),
        ("following", 2, {}),
        ("following", 5, {}),
        ("klondike", 0, {}),
        ("klondike", 3, {}),
        ("klondike", 0, {"draw": 3}),
        ("father", 1, {}),
    ],
)
def test_following_the_solvers_hint_wins_and_never_comes_back(name, seed, options):
    game = sw.Game.new(name, seed, **options)
    assert sw.solve(game, time_limit=10).verdict == "winnable"
    assert follow(game, time_limit=10) == 0  # a generous budget: a busy machine finds the line too
    assert game.is_won


def test_the_next_hints_follow_the_line_without_a_new_search(monkeypatch):
    game = sw.Game.new("klondike", 3)
    first = game.hint()
    assert first.source is sw.HintSource.SOLVER and first.line[0] == first.move
    searches = []
    monkeypatch.setattr(hints, "solve", lambda *args, **kwargs: searches.append(args))
    assert game.hint() == first  # asked again where it was asked: the same hint
    for planned in first.line[:20]:
        hint = game.hint()
        assert hint.move == planned
        game.play(hint.move)
    assert "the next move of the winning line" in game.hint().sentence
    game.undo()  # back along the line: still on it
    assert game.hint().move == first.line[19]
    assert searches == []


def test_a_new_search_does_not_take_back_the_move_just_played_while_another_line_wins():
    """Following seed 1 after 18 moves of a winning line: with a card moved from column 1
    onto column 2, a search on its own takes it back, but another line wins without it."""
    game = sw.Game.new("following", 1)
    for move in sw.solve(game, time_limit=None, node_limit=100_000).moves[:18]:
        game.play(move)
    game.play("t0>t1")
    taken_back = sw.Move("tableau/1", "tableau/0")
    assert hints.hint(game.position).move == taken_back
    hint = game.hint()
    assert hint.source is sw.HintSource.SOLVER and hint.move != taken_back
    *played_through, _ = keys_along(game.start, game.history)
    assert first_revisit(game.position, hint.line, played_through) is None


def test_the_heuristics_move_goes_somewhere_new_while_it_can():
    position = sw.Game.new("klondike", 42).position
    listed = hints.best_move(position)
    assert listed == sw.Move("waste", "tableau/5")
    there = position.copy()
    there.push(listed)
    assert hints.best_move(position, {there.key()}) == sw.Move("stock", "waste")


def test_a_plan_is_followed_from_its_last_visit_of_a_position():
    """A line that moves the king of spades to an empty column and back before sending it
    home is followed from the start by the move home."""
    everything_but = [[f"{rank}{suit}" for rank in "A23456789TJQK"] for suit in "CDH"]
    game = sw.Game.from_dict(
        {
            "game": "klondike",
            "stock": [],
            "waste": [],
            "foundations": [*everything_but, [f"{rank}S" for rank in "A23456789TJQ"]],
            "tableau": [{"down": [], "up": ["KS"]}] + [{"down": [], "up": []} for _ in range(6)],
        }
    )
    out, back, home = (
        sw.Move("tableau/0", "tableau/1"),
        sw.Move("tableau/1", "tableau/0"),
        sw.Move("tableau/0", "foundation/3"),
    )
    plan = Plan(game.position, [out, back, home])
    assert plan.rest(game.position) == (home,)
    game.play(home)
    assert plan.rest(game.position) is None  # the end of the line is not on it


@pytest.mark.slow
def test_following_the_fair_hint_plays_as_the_fair_strategy_and_never_comes_back():
    for seed in (0, 1):
        by_hint = sw.Game.new("klondike", seed, draw=3, deal_to_waste=False)
        assert follow(by_hint, fair=True, **FAIR) == 0
        by_strategy = sw.Game.new("klondike", seed, draw=3, deal_to_waste=False)
        strategy = sw.strategies.FairStrategy(**FAIR).for_run()
        while not by_strategy.is_over:
            move = strategy(GameView(by_strategy))
            if move is None:
                break
            by_strategy.play(move)
        assert by_hint.history == by_strategy.history


def test_the_fair_hint_judges_a_position_the_same_however_it_was_reached():
    """Two moves played in either order reach the same position, seen alike: the samples,
    so the chance, are the same (they are drawn from what is seen, not from the ply)."""
    orders = []
    for first, second in (("t5>t2", "s>w"), ("s>w", "t5>t2")):
        game = sw.Game.new("klondike", 10)
        game.play(first)
        game.play(second)
        orders.append(game)
    one, other = (game.hint(fair=True, **FAIR) for game in orders)
    assert orders[0].position == orders[1].position
    assert (one.move, one.sentence) == (other.move, other.sentence)
