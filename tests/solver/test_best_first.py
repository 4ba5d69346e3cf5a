"""The best-first search between the depth-first runs (issue 18): the cards each card needs
home first, its estimate of the moves left, a win it finds where the depth-first order does
not (in Python and, node for node, in C), the position left as it was, and its bound on the
positions it keeps."""

from __future__ import annotations

import time

import pytest
from engine_helpers import LOSABLE_KLONDIKE, suit_run
from solver_paths import native_or_skip
from test_python_restarts import c_search, piles, python_search, replays_to_win

import solitaire_widget as sw
from solitaire_widget.engine.cards import DECK, card_set, rank_of, suit_of
from solitaire_widget.solver import best_first
from solitaire_widget.solver.best_first import BestFirst, cards_needed_first, moves_left
from solitaire_widget.solver.depth_first import DepthFirstSearch

FOUND_BY_BEST_FIRST = ("klondike", {"draw": 3}, 24)
"""A deal that neither the fixed order nor the depth-first runs of 1,000 positions win within
15,000 positions, and whose best-first search, in turns between those runs, does."""

FOUND_ALONE = ("klondike", {"draw": 3, "deal_to_waste": False}, 21)
"""A deal whose best-first search, on its own, wins within 10,000 positions."""


def search_of(game: str, options: dict[str, object], seed: int) -> DepthFirstSearch:
    return DepthFirstSearch(
        sw.Game.new(game, seed=seed, **options).position, None, None, time.perf_counter(), 0
    )


def test_a_klondike_card_needs_the_lower_cards_of_its_suit_home_first():
    needs = cards_needed_first(sw.Game.new("klondike", seed=0).position.rules)
    for card in DECK:
        lower = [other for other in DECK if suit_of(other) == suit_of(card)]
        lower = [other for other in lower if rank_of(other) < rank_of(card)]
        assert needs[card] == card_set(lower), card


def test_no_father_card_needs_a_named_card_first():
    """A Father card goes up on an Ace foundation or down on a King one (an ace or a king
    also starts one): no card comes in one order only."""
    assert not any(cards_needed_first(sw.Game.new("father", seed=0).position.rules))


def with_piles(**changes: object) -> sw.Position:
    return sw.Game.from_dict({**LOSABLE_KLONDIKE, **changes}).position


def test_moves_left_counts_cards_not_home_face_down_cards_the_talon_and_cards_in_the_way():
    p = with_piles()
    needs = cards_needed_first(p.rules)
    # 9 cards not home; 2 in the stock and 2 draws; 6 face-up tableau cards; one face-down
    # card counted twice; the king face down under the queen is not in her way.
    assert moves_left(p, needs) == 9 + 4 + 6 + 2
    tableau = [*LOSABLE_KLONDIKE["tableau"][:5], {"down": ["QS"], "up": ["KS"]}, {"down": [], "up": []}]
    assert moves_left(with_piles(tableau=tableau), needs) == 9 + 4 + 6 + 2 + 1  # the king is
    assert moves_left(with_piles(stock=[], waste=["TS", "JS"]), needs) == 9 + 2 + 6 + 2 + 1
    assert moves_left(with_piles(stock=[], waste=["JS", "TS"]), needs) == 9 + 2 + 6 + 2


def test_a_won_position_needs_no_move():
    won = sw.Game.from_dict(
        {
            "game": "klondike",
            "stock": [],
            "waste": [],
            "foundations": [suit_run(suit, 1, 13).split() for suit in "DHCS"],
            "tableau": [{"down": [], "up": []} for _ in range(7)],
        }
    ).position
    assert moves_left(won, cards_needed_first(won.rules)) == 0


def test_the_best_first_search_on_its_own_wins_and_leaves_the_position_as_it_was():
    search = search_of(*FOUND_ALONE)
    before = piles(search.position)
    line = BestFirst(search).go_on(10_000)
    assert line is not None and piles(search.position) == before
    assert replays_to_win(sw.Game.new(FOUND_ALONE[0], seed=FOUND_ALONE[2], **FOUND_ALONE[1]), line)


@pytest.mark.slow
def test_the_best_first_search_finds_a_win_the_depth_first_runs_miss(monkeypatch):
    game, options, seed = FOUND_BY_BEST_FIRST
    g = sw.Game.new(game, seed=seed, **options)
    assert python_search(g, 15_000, 0)[0] == "unknown"  # the fixed order alone
    found = []
    go_on = BestFirst.go_on

    def noted(self: BestFirst, share: int) -> list[sw.Move] | None:
        found.append(go_on(self, share))
        return found[-1]

    monkeypatch.setattr(BestFirst, "go_on", noted)
    verdict, line, _ = python_search(g, 15_000, 1_000)
    assert verdict == "winnable" and found[-1] == line and replays_to_win(g, line)


def test_c_searches_the_same_positions_as_python_with_the_best_first_search(monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "1")
    native_or_skip()
    game, options, seed = FOUND_BY_BEST_FIRST
    python = python_search(sw.Game.new(game, seed=seed, **options), 15_000, 1_000)
    assert python == c_search(sw.Game.new(game, seed=seed, **options), 15_000, 1_000)


@pytest.mark.slow
def test_a_c_search_finds_a_win_its_depth_first_runs_missed_within_millions(monkeypatch):
    """Klondike draw three, seed 256 with no card to the waste: the fixed order does not win it
    within a million positions; after the first run's 300,000, the first turn of the
    best-first search wins in under 10,000."""
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "1")
    native_or_skip()
    g = sw.Game.new("klondike", seed=256, draw=3, deal_to_waste=False)
    assert c_search(g, 1_000_000, 0)[0] == "unknown"
    verdict, line, nodes = c_search(g, 1_000_000, 300_000)
    assert verdict == "winnable" and 300_000 < nodes < 340_000
    assert replays_to_win(g, line)


def test_the_search_stops_keeping_positions_at_its_bound(monkeypatch):
    monkeypatch.setattr(best_first, "BEST_MOST_NODES", 50)
    search = search_of(*FOUND_ALONE)
    found = BestFirst(search)
    assert found.go_on(10_000) is None
    assert 50 <= len(found.parents) < 50 + best_first.BEST_CHILDREN
    nodes = search.nodes
    assert found.go_on(10_000) is None and search.nodes == nodes  # it tries nothing more


@pytest.mark.parametrize("share", [1, 500])
@pytest.mark.slow
def test_turns_of_any_share_go_on_where_the_last_stopped(share):
    """Many short turns search the same positions, in the same order, as one long one."""
    lines = []
    for turn in (share, 10_000):
        found = BestFirst(search_of(*FOUND_ALONE))
        line = None
        while line is None and found.heap:
            line = found.go_on(turn)
        lines.append((line, len(found.parents)))
    assert lines[0] == lines[1]
