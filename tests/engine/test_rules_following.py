"""Following: one test per rule of Following in docs/rules.md, then one per Following ruling there.

Foundations build up from an ace with the suit rotating hearts -> clubs -> diamonds ->
spades -> hearts; the tableau builds down in the reverse rotation.
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    ALL_CARDS,
    FOLLOWING_BLOCKED,
    assert_plays,
    assert_refused,
    following_run,
    make,
    piles,
    tops,
)

import solitaire_widget as sw
from solitaire_widget.engine.deal import shuffled_deck

SEEDS = (0, 1, 42, 10**12)

PICTURED = ["AH", "2C", "3D", "4S", "5H", "6C", "7D", "8S", "9H", "TC", "JD", "QS", "KH"]
"""The completed ace of hearts foundation, the example docs/rules.md gives for Following."""


def foundation_targets(g: sw.Game, source: str) -> list[str]:
    """The foundations that take the top card of ``source`` now, by the legal moves."""
    return [m.target for m in g.legal_moves() if m.source == source and m.target.startswith("foundation/")]


# ---------------------------------------------------------------- objective


def test_the_objective_is_to_build_the_four_foundations_from_ace_to_king_in_rotating_suits():
    g = make(
        "following",
        waste="KH",
        stock="",
        foundations=[following_run("H", 12)] + [following_run(suit, 13) for suit in "CDS"],
    )
    assert not g.is_won
    assert_refused(g, "w>f1", "this foundation is complete")
    assert_plays(g, "w>f0")
    assert (g.is_won, (g.outcome and g.outcome.words)) == (True, "won")
    assert g.to_dict()["foundations"][0] == PICTURED


def test_suits_rotate_a_club_on_a_heart_a_diamond_on_a_club_a_spade_on_a_diamond_a_heart_on_a_spade():
    g = make("following", tableau=["2C", "2D", "2S", "2H"], foundations=["AH", "AC", "AD", "AS"])
    assert_refused(g, "t1>f0", "in Following a club goes on a heart")
    assert_refused(g, "t2>f1", "in Following a diamond goes on a club")
    assert_refused(g, "t3>f2", "in Following a spade goes on a diamond")
    assert_refused(g, "t0>f3", "in Following a heart goes on a spade")
    for move in ("t0>f0", "t1>f1", "t2>f2", "t3>f3"):
        assert_plays(g, move)
    assert g.to_dict()["foundations"] == [["AH", "2C"], ["AC", "2D"], ["AD", "2S"], ["AS", "2H"]]


# ---------------------------------------------------------------- setup


@pytest.mark.parametrize("seed", SEEDS)
def test_a_row_of_six_face_up_cards_forms_the_six_tableau_piles(seed):
    tableau = sw.Game.new("following", seed=seed).to_dict()["tableau"]
    deck = [ALL_CARDS[card] for card in shuffled_deck(seed)]
    assert tableau == [{"down": [], "up": [card]} for card in deck[:6]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_remaining_deck_is_placed_face_down_to_form_the_stock(seed):
    stock = sw.Game.new("following", seed=seed).to_dict()["stock"]
    deck = [ALL_CARDS[card] for card in shuffled_deck(seed)]
    assert len(stock) == 46
    assert stock[::-1] == deck[6:]


def test_there_is_room_for_four_foundation_piles_above_the_tableau():
    g = sw.Game.new("following", seed=3)
    assert g.to_dict()["foundations"] == [[], [], [], []]
    assert [pile for pile in g.pile_ids if pile.startswith("foundation/")] == [
        f"foundation/{i}" for i in range(4)
    ]
    assert_refused(g, "t0>f4", "Following has no pile 'foundation/4'")


# ---------------------------------------------------------------- game play


def test_an_ace_that_becomes_available_is_placed_above_the_tableau_to_form_a_foundation_pile():
    g = make("following", tableau=["AD 5S", "6H", "2H"])
    assert foundation_targets(g, "tableau/0") == []
    assert_refused(g, "t2>f0", "2♥ cannot go on foundation 1", "a foundation starts with an ace")
    assert_plays(g, "t0>t1")
    assert foundation_targets(g, "tableau/0") == [f"foundation/{i}" for i in range(4)]
    assert_plays(g, "t0>f2")
    assert g.to_dict()["foundations"] == [[], [], ["AD"], []]


def test_foundations_are_built_from_the_ace_in_ascending_order_to_the_king_with_suits_rotating_each_card():
    g = make("following", tableau=["3C", "4D", "3D"], foundations=["AH 2C"])
    assert_refused(g, "t0>f0", "a diamond goes on a club")
    assert_refused(g, "t1>f0", "build up one rank at a time", "three of diamonds next")
    assert_plays(g, "t2>f0")
    assert_refused(g, "t1>f0", "a spade goes on a diamond")
    assert g.foundation_takes(0) == ["4S"]
    assert g.to_dict()["foundations"][0] == ["AH", "2C", "3D"]


def test_the_pictured_ace_of_hearts_foundation_runs_ah_2c_3d_4s_5h_6c_7d_8s_9h_tc_jd_qs_kh():
    g = make("following", tableau=[" ".join(reversed(PICTURED))])
    for count in range(1, 14):
        assert_plays(g, "t0>f0")
        assert g.to_dict()["foundations"][0] == PICTURED[:count]
        assert g.foundation_takes(0) == PICTURED[count : count + 1]
    assert_refused(g, "t1>f0", "column 2 is empty")


@pytest.mark.parametrize("seed", SEEDS)
def test_no_foundation_pile_is_formed_before_the_game_starts(seed):
    g = sw.Game.new("following", seed=seed)
    assert g.to_dict()["foundations"] == [[], [], [], []]
    assert g.history == ()


def test_the_top_cards_of_the_tableau_piles_and_of_the_waste_pile_may_be_played_onto_a_foundation():
    g = make("following", tableau=["9S 2D", "3C 7H"], waste="2H 2C", foundations=["AH", "AC"])
    assert_refused(g, "wx2>f3", "only the top card of the waste is available")
    assert_refused(g, "t1>f0", "7♥ cannot go on foundation 1", "a club goes on a heart")
    assert_plays(g, "w>f0")
    assert_plays(g, "t0>f1")
    assert g.to_dict()["foundations"][:2] == [["AH", "2C"], ["AC", "2D"]]


def test_example_the_ace_of_hearts_forms_the_first_foundation_then_the_two_of_clubs_goes_on_it():
    g = make("following", tableau=["AH", "2C"])
    assert_refused(g, "t1>f0", "a foundation starts with an ace")
    assert_plays(g, "t0>f0")
    assert_plays(g, "t1>f0")
    assert g.to_dict()["foundations"][0] == ["AH", "2C"]


def test_the_top_cards_of_the_tableau_piles_and_of_the_waste_pile_may_also_be_played_onto_a_tableau_pile():
    g = make("following", tableau=["KC", "QH", "9H"], waste="TD 8S")
    assert_refused(g, "wx2>t2", "only the top card of the waste is available")
    assert_plays(g, "t1>t0")
    assert_plays(g, "w>t2")
    assert [pile["up"] for pile in g.to_dict()["tableau"][:3]] == [["KC", "QH"], [], ["9H", "8S"]]


def test_tableau_piles_build_down_heart_on_club_club_on_diamond_diamond_on_spade_spade_on_heart():
    g = make("following", tableau=["9C", "9D", "9S", "9H", "8H", "8C"], waste="8S 8D")
    assert_refused(g, "t4>t1", "8♥ cannot go on 9♦", "a heart goes on a club")
    assert_refused(g, "t5>t0", "8♣ cannot go on 9♣", "a club goes on a diamond")
    assert_refused(g, "w>t3", "8♦ cannot go on 9♥", "a diamond goes on a spade")
    assert_plays(g, "t4>t0")
    assert_plays(g, "t5>t1")
    assert_plays(g, "w>t2")
    assert_refused(g, "w>t1", "a spade goes on a heart")
    assert_plays(g, "w>t3")
    assert [pile["up"] for pile in g.to_dict()["tableau"][:4]] == [
        ["9C", "8H"],
        ["9D", "8C"],
        ["9S", "8D"],
        ["9H", "8S"],
    ]


def test_a_card_added_to_a_tableau_pile_must_be_one_rank_lower_in_the_tableau_suit_sequence():
    g = make("following", tableau=["9C", "7H", "8H", "QH", "KS"])
    assert_refused(g, "t1>t0", "7♥ cannot go on 9♣", "build down one rank at a time", "eight of clubs")
    assert_refused(g, "t4>t3", "a king goes only on an empty pile")
    assert_plays(g, "t2>t0")
    assert_refused(g, "t1>t0", "a heart goes on a club")
    assert tops(g)[:2] == ["8H", "7H"]


def test_example_the_ten_of_diamonds_could_be_moved_onto_the_jack_of_spades():
    g = make("following", tableau=["JS", "TD"])
    assert_refused(g, "t0>t1", "J♠ cannot go on 10♦", "a spade goes on a heart")
    assert_plays(g, "t1>t0")
    assert g.to_dict()["tableau"][0]["up"] == ["JS", "TD"]


def test_a_group_of_cards_in_proper_sequence_may_move_to_another_pile_if_the_sequence_continues():
    g = make("following", tableau=["JS TD", "QH", "KC", "KD", "5H 9S 8D"])
    assert_refused(g, "t0x2>t3", "J♠ cannot go on K♦", "a spade goes on a heart")
    assert_refused(g, "t4x3>t1", "do not form a run", "9♠ on 5♥")
    assert_plays(g, "t0x2>t1")
    assert_plays(g, "t1x3>t2")
    assert g.to_dict()["tableau"][2]["up"] == ["KC", "QH", "JS", "TD"]
    assert sw.Move("tableau/4", "tableau/0", 2) in g.legal_moves()


def test_example_the_jack_of_spades_and_the_ten_of_diamonds_could_be_moved_onto_the_queen_of_hearts():
    g = make("following", tableau=["QH", "JS TD"])
    assert_refused(g, "t1>t0", "10♦ cannot go on Q♥")
    assert_plays(g, "t1x2>t0")
    assert g.to_dict()["tableau"][:2] == [{"down": [], "up": ["QH", "JS", "TD"]}, {"down": [], "up": []}]


def test_an_empty_pile_may_be_filled_with_the_waste_top_a_tableau_top_or_a_sequence_in_suit_order():
    g = make("following", tableau=["", "5C QH JS", "9D"], waste="3S")
    fills = [m for m in g.legal_moves() if m.target == "tableau/0"]
    assert fills == [
        sw.Move("tableau/1", "tableau/0", 1),
        sw.Move("tableau/1", "tableau/0", 2),
        sw.Move("tableau/2", "tableau/0", 1),
        sw.Move("waste", "tableau/0", 1),
    ]
    assert_refused(g, "t1x3>t0", "do not form a run", "Q♥ on 5♣")
    for move in ("w>t0", "t2>t0", "t1>t0"):
        twin = g.copy()
        assert_plays(twin, move)
    assert_plays(g, "t1x2>t0")
    assert [pile["up"] for pile in g.to_dict()["tableau"][:2]] == [["QH", "JS"], ["5C"]]


def test_the_top_card_of_the_stock_is_flipped_over_to_form_or_add_to_the_waste_pile():
    g = make("following", tableau=["9D"], stock="2C 7H", rest_under=0)
    assert g.to_dict()["waste"] == []
    assert_refused(g, "sx2>w", "drawing turns one card: 1 here, not 2")
    assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == ["7H"]
    assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == ["7H", "2C"]


def test_the_waste_top_is_always_available_onto_a_foundation_or_a_tableau_pile_by_the_rules():
    g = make("following", tableau=["TS", "TH"], waste="AH 9D")
    assert_refused(g, "w>t1", "9♦ cannot go on 10♥", "a diamond goes on a spade")
    assert_refused(g, "w>f0", "9♦ cannot go on foundation 1", "a foundation starts with an ace")
    assert_plays(g, "w>t0")
    assert_plays(g, "w>f0")
    assert g.to_dict()["foundations"][0] == ["AH"]


def test_when_the_stock_is_depleted_you_may_redeal():
    g = make("following", tableau=["9D"], waste="7H", stock="5C", rest_under=0)
    assert_refused(g, "w>s", "a redeal is allowed only when the stock is empty")
    assert sw.Move("waste", "stock", 1) not in g.legal_moves()
    assert_plays(g, "s>w")
    assert_plays(g, "wx2>s")
    assert g.to_dict()["stock"] == ["5C", "7H"]


def test_to_redeal_the_waste_pile_is_flipped_over_to_reform_the_stock():
    g = make("following", tableau=["9D"], stock="7H 2C AS", rest_under=0)
    for _ in range(3):
        assert_plays(g, "s>w")
    first_pass = g.to_dict()["waste"]
    assert_plays(g, "wx3>s")
    assert g.to_dict()["stock"] == ["7H", "2C", "AS"]
    assert g.to_dict()["waste"] == []
    for _ in range(3):
        assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == first_pass == ["AS", "2C", "7H"]


def test_you_may_only_redeal_once_per_game():
    g = make("following", tableau=["9D"], waste="7H 2C", stock="", rest_under=0)
    assert (g.options, g.redeals_left) == ({"redeals": 1}, 1)
    assert_plays(g, "wx2>s")
    assert_plays(g, "s>w")
    assert_plays(g, "s>w")
    assert g.redeals_left == 0
    assert_refused(g, "wx2>s", "no redeal is left: this game allows 1 redeal")
    assert not any(m.target == "stock" for m in g.legal_moves())


def test_when_the_stock_is_depleted_twice_and_there_are_no_more_moves_the_game_is_over():
    after_two_passes = dict(
        FOLLOWING_BLOCKED, tableau=FOLLOWING_BLOCKED["tableau"][:5] + ["TH JC"], waste="QD KS"
    )
    g = make("following", redeals_left=0, **after_two_passes)
    assert g.legal_moves() == []
    assert (g.is_over, g.is_won, (g.outcome and g.outcome.words)) == (True, False, "no moves left")
    assert_refused(g, "w>s", "no redeal is left")
    assert_refused(g, "w>t5", "K♠ cannot go on J♣", "a spade goes on a heart")


# ---------------------------------------------------------------- to win


def test_following_is_won_when_all_four_foundations_are_built_from_ace_to_king_in_the_suit_rotation():
    g = make("following", foundations=[following_run(suit, 13) for suit in "SDCH"], stock="")
    assert (g.is_won, g.is_over, (g.outcome and g.outcome.words)) == (True, True, "won")
    assert g.legal_moves() == []
    almost = make(
        "following",
        tableau=["KS"],
        stock="",
        foundations=[following_run(suit, 13) for suit in "HCD"] + [following_run("S", 12)],
    )
    assert not almost.is_won
    assert_plays(almost, "t0>f3")
    assert almost.is_won


def test_the_game_is_lost_when_no_moves_remain_after_the_stock_is_depleted_twice():
    lost = make("following", redeals_left=0, **FOLLOWING_BLOCKED)
    assert (lost.is_over, lost.is_won, (lost.outcome and lost.outcome.words)) == (
        True,
        False,
        "no moves left",
    )
    seven_still_to_come = dict(
        FOLLOWING_BLOCKED, tableau=FOLLOWING_BLOCKED["tableau"][:4] + ["8D 9S", "TH JC QD KS"], stock="7C"
    )
    waiting = make("following", redeals_left=0, **seven_still_to_come)
    assert (waiting.is_over, (waiting.outcome and waiting.outcome.words)) == (False, None)
    assert_plays(waiting, "s>w")
    assert_plays(waiting, "w>f3")


# ---------------------------------------------------------------- rulings (docs/rules.md, Following)


def test_ruling_setup_six_face_up_cards_46_in_the_stock_and_nothing_on_the_waste():
    data = sw.Game.new("following", seed=11).to_dict()
    assert [len(pile["up"]) for pile in data["tableau"]] == [1] * 6
    assert (len(data["stock"]), data["waste"]) == (46, [])


def test_ruling_any_available_ace_may_start_any_empty_foundation_slot():
    g = make("following", tableau=["AS"], foundations=["AH", "", "AC"])
    assert foundation_targets(g, "tableau/0") == ["foundation/1", "foundation/3"]
    assert_refused(g, "t0>f0", "a club goes on a heart")
    assert_plays(g, "t0>f3")


def test_ruling_foundations_follow_the_rotation_hearts_clubs_diamonds_spades_from_any_ace():
    assert following_run("H", 13).split() == PICTURED
    g = make("following", foundations=[following_run("S", 5)])
    assert g.to_dict()["foundations"][0] == ["AS", "2H", "3C", "4D", "5S"]
    assert g.foundation_takes(0) == ["6H"]
    with pytest.raises(ValueError, match="a diamond goes on a club"):
        make("following", foundations=["AH 2C 3H"])


def test_ruling_tableau_examples_ten_of_diamonds_on_jack_of_spades_on_queen_of_hearts_on_king_of_clubs():
    g = make("following", tableau=["KC", "QH", "JS", "TD"])
    assert_plays(g, "t3>t2")
    assert_plays(g, "t2x2>t1")
    assert_plays(g, "t1x3>t0")
    assert g.to_dict()["tableau"][0]["up"] == ["KC", "QH", "JS", "TD"]


def test_ruling_read_upward_from_its_top_card_a_tableau_run_is_a_foundation_run():
    g = make("following", tableau=["KC QH JS TD"], foundations=[following_run("C", 9)])
    for _ in range(4):
        assert_plays(g, "t0>f0")
    assert g.to_dict()["foundations"][0] == following_run("C", 13).split()


def test_ruling_a_run_moves_as_a_unit_onto_a_pile_where_its_bottom_card_fits_or_into_an_empty_pile():
    g = make("following", tableau=["QH JS TD", "KC", "", "KH"])
    assert [m for m in g.legal_moves() if m.source == "tableau/0" and m.count == 3] == [
        sw.Move("tableau/0", "tableau/1", 3),
        sw.Move("tableau/0", "tableau/2", 3),
        sw.Move("tableau/0", "tableau/4", 3),
        sw.Move("tableau/0", "tableau/5", 3),
    ]
    assert_refused(g, "t0x3>t3", "Q♥ cannot go on K♥", "a heart goes on a club")
    assert_plays(g, "t0x3>t2")
    assert_plays(g, "t2x3>t1")
    assert g.to_dict()["tableau"][1]["up"] == ["KC", "QH", "JS", "TD"]


def test_ruling_filling_an_empty_pile_is_never_automatic():
    g = make("following", tableau=["AH", "2C"], waste="9S")
    before = piles(g)
    assert_plays(g, "t0>f0")
    after = piles(g)
    assert after["tableau"][0] == {"down": [], "up": []}
    assert (after["waste"], after["stock"]) == (before["waste"], before["stock"])
    assert tops(g)[:2] == [None, "2C"]


def test_ruling_draw_one_card_at_a_time_and_one_redeal_which_an_option_may_change():
    assert sw.Game.new("following", seed=2).options == {"redeals": 1}
    with pytest.raises(ValueError, match="Following has no option 'draw'"):
        sw.Game.new("following", seed=2, draw=3)
    g = make("following", tableau=["9D"], waste="7H 2C", stock="", rest_under=0, options={"redeals": 0})
    assert sw.Move("waste", "stock", 2) not in g.legal_moves()
    assert_refused(g, "wx2>s", "no redeal is left: this game allows 0 redeals")


def test_ruling_foundation_cards_are_never_available():
    g = make("following", tableau=["", "3S"], foundations=["AH 2C"])
    assert not any(m.source.startswith("foundation/") for m in g.legal_moves())
    assert_refused(g, "f0>t0", "in Following cards on a foundation stay there")
    assert_refused(g, "f0>t1", "cards on a foundation stay there")
