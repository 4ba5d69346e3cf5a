"""Klondike: one test per rule of Klondike in docs/rules.md, then one per Klondike ruling there.

Each test sets up a small position, plays the move the rule allows and tries the one it
forbids: the forbidden move must raise ``IllegalMove`` naming the rule and change nothing.
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    ALL_CARDS,
    assert_plays,
    assert_refused,
    make,
    piles,
    suit_run,
    tops,
)

import solitaire_widget as sw
from solitaire_widget.engine.deal import shuffled_deck

SEEDS = (0, 1, 42, 2024, 2**53 - 1)
ALL_FOUNDATIONS_BUT_KS = [
    suit_run("C", 1, 13),
    suit_run("D", 1, 13),
    suit_run("H", 1, 13),
    suit_run("S", 1, 12),
]


def dealt(seed: int) -> list[str]:
    """The shuffled deck of ``seed`` as codes, first dealt first."""
    return [ALL_CARDS[card] for card in shuffled_deck(seed)]


# ---------------------------------------------------------------- objective


def test_the_objective_is_to_move_all_of_the_cards_to_the_foundation():
    g = make("klondike", waste="KS", foundations=ALL_FOUNDATIONS_BUT_KS, stock="")
    assert not g.is_won
    assert (g.outcome and g.outcome.words) is None
    assert_refused(g, "w>f0", "complete")
    assert_plays(g, "w>f3")
    assert g.is_won
    assert sum(len(pile) for pile in g.to_dict()["foundations"]) == 52


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", SEEDS)
def test_cards_are_dealt_to_seven_columns_with_one_to_seven_cards(seed):
    columns = sw.Game.new("klondike", seed=seed).to_dict()["tableau"]
    assert [len(c["down"]) + len(c["up"]) for c in columns] == [1, 2, 3, 4, 5, 6, 7]
    assert [len(c["down"]) for c in columns] == [0, 1, 2, 3, 4, 5, 6]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_topmost_card_in_each_column_is_always_turned_face_up(seed):
    g = sw.Game.new("klondike", seed=seed)
    assert all(len(column["up"]) == 1 for column in g.to_dict()["tableau"])
    g = make("klondike", tableau=["3C 4S | 8H", "9S"])
    assert_plays(g, "t0>t1")
    assert g.to_dict()["tableau"][0] == {"down": ["3C"], "up": ["4S"]}
    # A column may not show only face-down cards.
    broken = g.to_dict()
    broken["tableau"][0] = {"down": ["3C", "4S"], "up": []}
    with pytest.raises(ValueError, match="tableau/0 has face-down cards but no face-up card"):
        sw.Game.from_dict(broken)


@pytest.mark.parametrize("seed", SEEDS)
def test_a_single_card_is_dealt_face_up_to_the_waste_pile(seed):
    waste = sw.Game.new("klondike", seed=seed).to_dict()["waste"]
    assert waste == [dealt(seed)[28]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_remaining_cards_are_placed_face_down_onto_the_stock(seed):
    g = sw.Game.new("klondike", seed=seed)
    stock = g.to_dict()["stock"]
    assert len(stock) == 23
    # The stock's last card is drawn first: the deal goes on where the waste card left off.
    assert stock[::-1] == dealt(seed)[29:]


# ---------------------------------------------------------------- moves


def test_a_card_taken_from_the_stock_is_placed_face_up_onto_the_waste_pile():
    g = make("klondike", waste="7H", stock="2C 9D", tableau=["| 2D"], rest_under=0)
    assert_refused(g, "s>t0", "cards from the stock are turned onto the waste")
    assert_refused(g, "sx2>w", "drawing turns one card", "not 2")
    assert_plays(g, "s>w")
    assert g.to_dict()["stock"] == ["2C"]
    assert g.to_dict()["waste"] == ["7H", "9D"]


def test_when_the_stock_is_depleted_it_is_replenished_with_all_of_the_waste_pile_cards():
    g = make("klondike", waste="7H 9D", stock="2C", tableau=["| 2D"], rest_under=0)
    assert_refused(g, "wx2>s", "a redeal is allowed only when the stock is empty")
    assert_plays(g, "s>w")
    assert_refused(g, "s>w", "the stock is empty: turn the waste over to redeal (w>s)")
    assert_refused(g, "wx2>s", "a redeal turns over the whole waste: 3 cards, not 2")
    assert_plays(g, "wx3>s")
    assert g.to_dict()["stock"] == ["2C", "9D", "7H"]
    assert g.to_dict()["waste"] == []


def test_each_foundation_pile_is_built_up_in_one_suit_from_ace_to_king():
    g = make("klondike", tableau=["3S", "4H", "2C", "3H"], foundations=["AH 2H"])
    assert_refused(g, "t0>f0", "build up by suit", "three of hearts next")
    assert_refused(g, "t1>f0", "build up by suit", "three of hearts next")
    assert_refused(g, "t2>f1", "a foundation starts with an ace")
    assert_plays(g, "t3>f0")
    assert_plays(g, "t1>f0")
    assert g.to_dict()["foundations"][0] == ["AH", "2H", "3H", "4H"]
    complete = make("klondike", waste="AS", foundations=[suit_run("C", 1, 13)])
    assert_refused(complete, "w>f0", "this foundation is complete")


def test_tableau_columns_are_built_down_from_king_to_ace_in_alternating_colours():
    g = make("klondike", tableau=["KS", "QH", "QC", "JH"])
    assert_refused(g, "t2>t0", "Q♣ cannot go on K♠", "alternating colours", "needs a red king")
    assert_refused(g, "t3>t1", "J♥ cannot go on Q♥", "alternating colours", "needs a black queen")
    assert_refused(g, "t3>t0", "J♥ cannot go on K♠", "alternating colours", "needs a black queen")
    assert_plays(g, "t1>t0")
    assert_plays(g, "t3>t2")
    assert tops(g)[:4] == ["QH", None, "JH", None]
    ace = make("klondike", tableau=["2C", "AH", "AS"])
    assert_refused(ace, "t2>t0", "A♠ cannot go on 2♣", "needs a red two")
    assert_plays(ace, "t1>t0")


def test_any_single_upturned_card_moves_onto_a_column_if_it_is_the_next_lower_card_of_alternate_colour():
    g = make(
        "klondike",
        tableau=["8H", "8D", "7D", "4H | 7S"],
        waste="7C",
        foundations=[suit_run("S", 1, 6)],
    )
    assert_refused(g, "w>t2", "needs a red eight")
    assert_refused(g, "t3x2>t1", "column 4 has only 1 face-up card")
    assert_plays(g, "w>t0")  # the waste top
    assert_plays(g, "t3>t1")  # a column's top; the card under it turns up
    assert_plays(g, "f0>t2")  # a foundation's top
    assert tops(g)[:4] == ["7C", "7S", "6S", "4H"]


def test_only_kings_and_runs_starting_with_king_can_be_placed_on_empty_columns():
    g = make("klondike", tableau=["", "5D | QS", "2C | KH QC"], waste="KD")
    assert_refused(g, "t1>t0", "only a king, or a run headed by a king, may fill an empty column")
    assert_refused(g, "t2>t0", "only a king, or a run headed by a king")
    assert_plays(g, "w>t0")
    assert_plays(g, "t1>t0")
    assert_plays(g, "t2x2>t3")
    assert g.to_dict()["tableau"][:4] == [
        {"down": [], "up": ["KD", "QS"]},
        {"down": [], "up": ["5D"]},
        {"down": [], "up": ["2C"]},
        {"down": [], "up": ["KH", "QC"]},
    ]


def test_a_run_ending_in_the_topmost_card_of_a_column_can_be_moved_to_another_column():
    g = make("klondike", tableau=["3D | 9C 8H 7S", "9S", "9H", "TD", "4S | 9D 7C"])
    assert_refused(g, "t0x2>t2", "8♥ cannot go on 9♥", "alternating colours")
    assert_refused(g, "t4x2>t3", "do not form a run", "7♣ on 9♦")
    assert_refused(g, "t0x4>t3", "column 1 has only 3 face-up cards")
    assert_plays(g, "t0x2>t1")
    assert g.to_dict()["tableau"][1]["up"] == ["9S", "8H", "7S"]
    assert_plays(g, "t0>t3")
    assert g.to_dict()["tableau"][0] == {"down": [], "up": ["3D"]}


def test_an_empty_column_can_be_filled_with_a_run_of_cards_as_long_as_the_run_starts_with_king():
    g = make("klondike", tableau=["", "5D | KH QS JD", "QH JS"])
    assert_refused(g, "t2x2>t0", "only a king, or a run headed by a king")
    assert_refused(g, "t1x2>t0", "only a king, or a run headed by a king")
    assert_plays(g, "t1x3>t0")
    assert g.to_dict()["tableau"][:2] == [
        {"down": [], "up": ["KH", "QS", "JD"]},
        {"down": [], "up": ["5D"]},
    ]


# ---------------------------------------------------------------- winning


def test_you_win_the_game_when_all_cards_have_been_moved_to_the_foundation():
    g = make(
        "klondike",
        tableau=["KS | QS"],
        foundations=ALL_FOUNDATIONS_BUT_KS[:3] + [suit_run("S", 1, 11)],
        stock="",
    )
    assert_plays(g, "t0>f3")
    assert (g.is_won, g.is_over, (g.outcome and g.outcome.words)) == (False, False, None)
    assert_plays(g, "t0>f3")
    assert (g.is_won, g.is_over, (g.outcome and g.outcome.words)) == (True, True, "won")
    g.undo()
    assert (g.is_won, g.is_over) == (False, False)


def test_there_is_no_scoring_only_the_time_and_the_number_of_moves():
    g = sw.Game.new("klondike", seed=3)
    assert "0 moves" in str(g)
    g.play("s>w")
    assert str(g).splitlines()[0].endswith("· 1 move")
    g.play("s>w")
    assert "2 moves" in str(g)
    assert len(g.history) == 2
    assert not any("score" in key for key in g.to_dict())
    assert "score" not in str(g).lower()


# ---------------------------------------------------------------- strategy and hints


def test_the_stock_and_waste_pile_are_infinitely_recyclable():
    g = make("klondike", waste="2C 9D 7H", stock="", tableau=["| 2D"], rest_under=0)
    assert g.options["redeals"] is None and g.redeals_left is None
    for _ in range(5):
        assert_plays(g, "wx3>s")
        for _ in range(3):
            assert_plays(g, "s>w")
        assert g.to_dict()["waste"] == ["2C", "9D", "7H"]
    assert g.redeals_left is None
    assert len(g.history) == 20


def test_hint_play_the_five_of_hearts_then_move_the_run_headed_by_the_five_of_diamonds_where_it_was():
    g = make("klondike", tableau=["2S | 5D 4C", "6S 5H"], foundations=[suit_run("H", 1, 4)])
    assert_refused(g, "t0x2>t1", "5♦ cannot go on 5♥")
    assert_plays(g, "t1>f0")
    assert_plays(g, "t0x2>t1")
    assert g.to_dict()["tableau"][:2] == [
        {"down": [], "up": ["2S"]},
        {"down": [], "up": ["6S", "5D", "4C"]},
    ]


# ---------------------------------------------------------------- rulings (docs/rules.md, Klondike)


def test_ruling_setup_28_cards_to_the_columns_one_to_the_waste_and_23_to_the_stock():
    data = sw.Game.new("klondike", seed=7).to_dict()
    assert sum(len(c["down"]) + len(c["up"]) for c in data["tableau"]) == 28
    assert (len(data["waste"]), len(data["stock"])) == (1, 23)
    assert data["foundations"] == [[], [], [], []]


def test_ruling_a_face_down_card_turns_up_as_part_of_the_move_and_undo_turns_it_back():
    g = make("klondike", tableau=["2H 3C | QD", "KS"])
    before = piles(g)
    assert_plays(g, "t0>t1")
    assert g.history == (sw.Move("tableau/0", "tableau/1"),)
    assert g.to_dict()["tableau"][0] == {"down": ["2H"], "up": ["3C"]}
    g.undo()
    assert piles(g) == before
    g.redo()
    assert g.to_dict()["tableau"][0] == {"down": ["2H"], "up": ["3C"]}


def test_ruling_draw_one_card_at_a_time_by_default():
    g = make("klondike", stock="2C 9D 7H", tableau=["| 2D"], rest_under=0)
    assert g.options["draw"] == 1
    assert_refused(g, "sx3>w", "drawing turns one card: 1 here, not 3")
    assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == ["7H"]


def test_ruling_draw_three_option_turns_three_cards_or_all_that_are_left():
    g = make("klondike", stock="2C 9D 7H 5S 4D", tableau=["| 2D"], rest_under=0, options={"draw": 3})
    assert_refused(g, "s>w", "draw three turns three cards, or all that are left: 3 here, not 1")
    assert_plays(g, "sx3>w")
    assert g.to_dict()["waste"] == ["4D", "5S", "7H"]
    assert_refused(g, "sx3>w", "2 here, not 3")
    assert_plays(g, "sx2>w")
    assert g.to_dict()["waste"] == ["4D", "5S", "7H", "9D", "2C"]
    assert g.to_dict()["stock"] == []


def test_ruling_unlimited_redeals_by_default():
    g = make("klondike", waste="2C 9D", stock="", tableau=["| 3H"], rest_under=0)
    assert g.options["redeals"] is None and g.redeals_left is None
    assert "unlimited redeals" in str(g)
    for _ in range(3):
        assert_plays(g, "wx2>s")
        assert_plays(g, "s>w")
        assert_plays(g, "s>w")
    assert g.redeals_left is None
    assert g.to_dict()["waste"] == ["2C", "9D"]


def test_ruling_redeals_option_sets_a_limit():
    g = make("klondike", waste="2C 9D", stock="", tableau=["| 3H"], rest_under=0, options={"redeals": 1})
    assert g.redeals_left == 1
    assert_plays(g, "wx2>s")
    assert g.redeals_left == 0
    assert_plays(g, "s>w")
    assert_plays(g, "s>w")
    assert_refused(g, "wx2>s", "no redeal is left: this game allows 1 redeal")
    assert_refused(g, "s>w", "the stock is empty and no redeal is left")
    assert sw.Move("waste", "stock", 2) not in g.legal_moves()
    g.undo()
    g.undo()
    g.undo()
    assert g.redeals_left == 1
    none = make("klondike", waste="2C", stock="", tableau=["| 3H"], rest_under=0, options={"redeals": 0})
    assert_refused(none, "w>s", "no redeal is left: this game allows 0 redeals")


def test_ruling_an_ace_may_start_any_empty_foundation():
    g = make("klondike", tableau=["AD"], foundations=["AH 2H"])
    legal_targets = [m.target for m in g.legal_moves() if m.source == "tableau/0"]
    assert legal_targets == ["foundation/1", "foundation/2", "foundation/3"]
    assert_refused(g, "t0>f0", "this one takes the three of hearts next")
    assert_plays(g, "t0>f3")
    assert g.to_dict()["foundations"][3] == ["AD"]


def test_ruling_any_run_in_sequence_moves_as_a_unit_from_any_of_its_cards():
    g = make("klondike", tableau=["KC QD JS TH 9C", "QH", "TS"])
    assert_refused(g, "t0x2>t2", "10♥ cannot go on 10♠", "needs a black jack")
    assert_plays(g, "t0x3>t1")
    assert g.to_dict()["tableau"][:2] == [
        {"down": [], "up": ["KC", "QD"]},
        {"down": [], "up": ["QH", "JS", "TH", "9C"]},
    ]
    assert_plays(g, "t1x3>t0")
    assert g.to_dict()["tableau"][0]["up"] == ["KC", "QD", "JS", "TH", "9C"]


def test_ruling_a_foundation_top_card_may_move_back_to_the_tableau_where_it_fits():
    g = make("klondike", tableau=["9S", "", "8C"], foundations=["AH 2H 3H 4H 5H 6H 7H 8H", "AS"])
    assert_refused(g, "f0>t2", "needs a black nine")
    assert_refused(g, "f1>t0", "needs a red two")
    assert_refused(g, "f0x2>t0", "only the top card of the foundation is available")
    assert_refused(g, "f0>f1", "a foundation card may only move back to the tableau")
    assert_plays(g, "f0>t0")
    assert g.to_dict()["foundations"][0] == suit_run("H", 1, 7).split()
    assert g.to_dict()["tableau"][0]["up"] == ["9S", "8H"]


def test_ruling_a_king_from_a_foundation_may_fill_an_empty_column():
    g = make("klondike", tableau=["", "QS"], foundations=[suit_run("H", 1, 13), suit_run("C", 1, 11)])
    assert_refused(g, "f1>t0", "only a king, or a run headed by a king")
    assert_plays(g, "f0>t0")
    assert_plays(g, "t1>t0")
    assert g.to_dict()["tableau"][0]["up"] == ["KH", "QS"]


def test_ruling_foundation_to_tableau_option_forbids_moving_foundation_cards_back():
    g = make(
        "klondike",
        tableau=["9S"],
        foundations=[suit_run("H", 1, 8)],
        options={"foundation_to_tableau": False},
    )
    assert not any(m.source.startswith("foundation/") for m in g.legal_moves())
    assert_refused(g, "f0>t0", "cards on a foundation stay there", "foundation_to_tableau is off")


def test_ruling_only_the_top_card_of_the_waste_is_available():
    g = make("klondike", tableau=["9S", "9C"], waste="8D 8H")
    assert_refused(g, "wx2>t0", "only the top card of the waste is available")
    assert_refused(g, "w>t2", "only a king")
    assert [m for m in g.legal_moves() if m.source == "waste"] == [
        sw.Move("waste", "tableau/0"),
        sw.Move("waste", "tableau/1"),
    ]
    assert_plays(g, "w>t1")
    assert_plays(g, "w>t0")
    assert tops(g)[:2] == ["8D", "8H"]
