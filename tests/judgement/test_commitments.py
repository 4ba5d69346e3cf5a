"""Commitments (``judgement.commitments``): which moves commit a player who cannot see every
card, the set-ups that lead to them, and how they fare over samples of the unseen cards."""

from __future__ import annotations

import pytest
from engine_helpers import played, twin_games
from solver_paths import native_or_skip

import solitaire_widget as sw
from solitaire_widget.engine import Position
from solitaire_widget.engine.cards import parse_card
from solitaire_widget.judgement.commitments import commitment_chances, commitments, is_quiet
from solitaire_widget.solver.search import Limit

DECKS = [
    ("klondike", {"draw": 3, "deal_to_waste": False}),
    ("klondike", {"redeals": 1}),
    ("klondike", {"foundation_to_tableau": False}),
    ("father", {}),
    ("following", {}),
]
ALONG = [(seed, moves) for seed in range(4) for moves in (0, 15, 40)]


def talon(position: Position) -> int:
    return len(position.stock) + len(position.waste)


def face_down(position: Position) -> int:
    return sum(map(len, position.down))


def seen(game) -> set[int]:
    return {parse_card(code) for code in game.known_cards()}


@pytest.mark.parametrize(("name", "options"), DECKS)
def test_a_quiet_move_turns_no_card_and_keeps_the_talon_and_the_others_commit(name, options):
    for seed, moves in ALONG:
        game = played(name, seed, moves, **options)
        position, known = game.position, seen(game)
        for move in position.legal_moves():
            before = (face_down(position), talon(position))
            quiet = is_quiet(position, move, known)
            position.push(move)
            after = (face_down(position), talon(position))
            position.pop()
            if quiet:
                assert after == before, move
                assert move.source != "stock" or set(position.stock[-move.count :]) <= known
                continue
            drawn = move.source in ("stock", "waste") and move.target in ("stock", "waste")
            home = move.target.startswith("foundation/")
            assert after != before or drawn or home, move
            shows_unseen = move.source == "stock" and not set(position.stock[-move.count :]) <= known
            assert not drawn or position.redeals_left is not None or shows_unseen
            assert not (home and after == before) or not position.foundation_to_tableau


@pytest.mark.parametrize(("name", "options"), DECKS)
def test_commitments_are_set_up_by_quiet_moves_alone_shortest_first(name, options):
    set_up = 0
    for seed, moves in ALONG:
        game = played(name, seed, moves, **options)
        position, known = game.position, seen(game)
        key = position.key()
        found = commitments(position, known)
        assert position.key() == key
        assert [len(each.setup) for each in found] == sorted(len(each.setup) for each in found)
        assert len({each.line for each in found}) == len(found)
        root = {move for move in position.legal_moves() if not is_quiet(position, move, known)}
        assert {each.move for each in found if not each.setup} <= root
        if root:
            assert any(not each.setup for each in found)
        for each in found:
            walker = position.copy()
            for move in each.setup:
                assert walker.is_legal(move) and is_quiet(walker, move, known)
                walker.push(move)
            assert walker.is_legal(each.move) and not is_quiet(walker, each.move, known)
            set_up += bool(each.setup)
    if name == "klondike":
        assert set_up  # some commitment needs quiet moves first: the walk is exercised


def judged(game, seed: int, node_limit: int = 1_500):
    position, known = game.position, seen(game)
    choices = commitments(position, known)
    return choices, commitment_chances(position, known, choices, 6, seed, Limit(nodes=node_limit))


@pytest.mark.parametrize(("name", "options"), [DECKS[0], DECKS[3], DECKS[4]])
def test_games_that_show_the_same_but_hide_other_cards_get_the_same_commitments_and_chances(name, options):
    compared = 0
    for seed in range(4):
        game = played(name, seed, 4 * seed, **options)
        if not game.unseen().cards or game.is_over:
            continue
        one, other = twin_games(game, seed)
        mine, theirs = judged(one, seed), judged(other, seed)
        assert mine == theirs
        compared += 1
    assert compared >= 2


def test_a_sample_won_counts_every_card_lost_none_and_undecided_the_solvers_reach():
    game = played("klondike", 5, 30, draw=3, deal_to_waste=False)
    choices, chances = judged(game, 5, node_limit=300)
    assert choices
    for reach, won, undecided in zip(chances.reach, chances.won, chances.undecided, strict=True):
        assert won + undecided <= 6
        assert won * 52 <= reach <= (won + undecided) * 52
    assert len(set(chances.reach)) > 1  # it tells the commitments apart


def test_the_commitment_the_solvers_winning_line_makes_first_wins_every_sample_of_a_known_deal():
    game = played("klondike", 4, 0, draw=1)
    position = game.position
    every_card = set(range(52))
    choices = commitments(position, every_card)
    chances = commitment_chances(position, every_card, choices, 3, 0, Limit(nodes=50_000))
    assert max(chances.won) == 3  # every sample is the deal itself, and it is won


# Klondike draw 3, deal 15 after 107 moves of the fair strategy with a walk of 200 quiet
# positions: three cards face down, and the one commitment that wins lies beyond 200 positions
# of quiet moves (the stock turned, the long runs moved, cards taken back from a foundation).
FAR_COMMITMENT = {
    "game": "klondike",
    "options": {"draw": 3, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": False},
    "stock": ["6H", "8S", "TS", "2H", "5C"],
    "waste": ["2S", "JH", "QC", "3S"],
    "foundations": [["AS"], ["AH"], ["AD", "2D", "3D", "4D"], ["AC", "2C", "3C", "4C"]],
    "tableau": [
        {"down": [], "up": ["KS", "QH", "JS", "TD"]},
        {"down": [], "up": ["KH", "QS", "JD", "TC", "9H", "8C", "7D", "6C", "5D", "4S", "3H"]},
        {"down": [], "up": ["KC", "QD", "JC", "TH", "9C", "8D", "7S", "6D", "5S", "4H"]},
        {"down": [], "up": []},
        {"down": ["9S", "KD"], "up": ["7H", "6S", "5H"]},
        {"down": [], "up": ["8H"]},
        {"down": ["7C"], "up": ["9D"]},
    ],
    "redeals_left": None,
}


def test_the_walk_reaches_a_commitment_that_wins_far_beyond_the_first_quiet_positions():
    position = sw.Game.from_dict(FAR_COMMITMENT).position
    known = set(range(52)) - {card for pile in position.down for card in pile}
    choices = commitments(position, known)
    chances = commitment_chances(position, known, choices, 6, 0, Limit(nodes=20_000))
    assert max(chances.won) == 6  # every way the three cards can lie is won after it


def test_the_c_and_the_python_search_judge_commitments_alike(monkeypatch):
    native_or_skip()
    game = played("klondike", 2, 10, draw=3)
    in_c = judged(game, 0)
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    assert judged(game, 0) == in_c
