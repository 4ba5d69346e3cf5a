"""Scores, one rule at a time on hand-built Klondike positions (standard: each kind of move,
a card turned up, the waste turned back in draw one and draw three, never below 0; Vegas:
the stake, cards home and taken back), and cards home for Father and Following."""

from __future__ import annotations

import pytest

import solitaire_widget as sw
from solitaire_widget.library.scores import SCORINGS, score, score_of

DECK = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK"]
HEARTS_DOWN = [f"{rank}H" for rank in "KQJT98765432A"]


def klondike(*, waste=(), foundations=((), (), (), ()), tableau=(), draw=1) -> sw.Game:
    """A Klondike game with the given piles (tableau as ``(down, up)`` pairs, up to seven)
    and every other card in the stock."""
    piles = [{"down": list(down), "up": list(up)} for down, up in tableau]
    piles += [{"down": [], "up": []}] * (7 - len(piles))
    placed = {*waste, *(card for f in foundations for card in f)}
    placed |= {card for pile in piles for card in pile["down"] + pile["up"]}
    return sw.Game.from_dict(
        {
            "game": "klondike",
            "options": {"draw": draw, "redeals": None, "foundation_to_tableau": True},
            "stock": [card for card in DECK if card not in placed],
            "waste": list(waste),
            "foundations": [list(f) for f in foundations],
            "tableau": piles,
        }
    )


def standard(game: sw.Game, *moves: str) -> int:
    for move in moves:
        game.play(move)
    return score_of(game)


def test_a_card_from_the_waste_to_the_tableau_scores_5():
    assert standard(klondike(waste=["7H"], tableau=[((), ["8S"])]), "w>t0") == 5


def test_a_card_from_the_waste_to_a_foundation_scores_10():
    assert standard(klondike(waste=["AH"]), "w>f0") == 10


def test_a_card_from_the_tableau_to_a_foundation_scores_10():
    assert standard(klondike(tableau=[((), ["AH"])]), "t0>f0") == 10


def test_a_tableau_card_turned_face_up_scores_5_more():
    assert standard(klondike(tableau=[(["KC"], ["7H"]), ((), ["8S"])]), "t0>t1") == 5
    assert standard(klondike(tableau=[(["KC"], ["AH"])]), "t0>f0") == 15


def test_a_card_taken_back_from_a_foundation_costs_15():
    game = klondike(
        foundations=[["AH", "2H"], [], [], []], tableau=[((), ["3S"]), ((), ["AS"]), ((), ["AD"])]
    )
    assert standard(game, "t1>f1", "t2>f2", "f0>t0") == 20 - 15


@pytest.mark.parametrize(("draw", "cost"), [(1, 100), (3, 20)])
def test_turning_the_waste_back_costs_100_in_draw_one_and_20_in_draw_three(draw, cost):
    game = klondike(waste=["5C", *HEARTS_DOWN], draw=draw, tableau=[((), [card]) for card in DECK[13:19]])
    standard(game, *["w>f0"] * 13)
    while game.position.stock:
        game.play(next(move for move in game.legal_moves() if move.source == "stock"))
    recycle = next(move for move in game.legal_moves() if move.target == "stock")
    assert score_of(game) == 130 and standard(game, str(recycle)) == 130 - cost


def test_the_standard_score_never_falls_below_0():
    game = klondike(foundations=[["AH"], [], [], []], tableau=[((), ["2S"])])
    assert standard(game, "f0>t0") == 0
    assert standard(game, "t0>f0") == 10  # from 0, not from -15


def test_vegas_stakes_52_and_scores_5_a_card_home_less_5_a_card_taken_back():
    game = klondike(waste=["AH"], tableau=[((), ["2S"])])
    assert score_of(game, "vegas") == -52
    game.play("w>f0")
    assert score_of(game, "vegas") == -52 + 5
    game.play("f0>t0")
    assert score_of(game, "vegas") == -52


@pytest.mark.parametrize("name", ["father", "following"])
def test_father_and_following_score_a_point_a_card_home_under_either_scoring(name):
    game = sw.Game.new(name, seed=7)
    for _ in range(80):
        moves = game.legal_moves()
        if not moves:
            break
        game.play(next((move for move in moves if move.target.startswith("foundation")), moves[-1]))
    home = sum(map(len, game.position.foundations))
    assert home > 0
    assert [score_of(game, scoring) for scoring in SCORINGS] == [home, home]


def test_score_leaves_its_start_alone_and_refuses_an_unknown_scoring():
    game = klondike(waste=["AH"])
    game.play("w>f0")
    start = game.start
    assert score(start, game.history) == 10 and start == game.start
    with pytest.raises(ValueError, match="scoring is one of 'standard', 'vegas', not 'golf'"):
        score(start, game.history, "golf")  # type: ignore[arg-type]
