"""Father: one test per rule of Father in docs/rules.md, then one per Father ruling there.

Foundations 0-3 are the Ace foundations (built up), 4-7 the King foundations (built down).
"""

from __future__ import annotations

import pytest
from engine_helpers import (
    ALL_CARDS,
    FATHER_BLOCKED,
    assert_plays,
    assert_refused,
    make,
    piles,
    suit_run,
    tops,
)

import solitaire_widget as sw
from solitaire_widget.engine.deal import shuffled_deck

SEEDS = (0, 1, 42, 2**52 + 1)


def foundation_targets(g: sw.Game, source: str) -> list[str]:
    """The foundations that take the top card of ``source`` now, by the legal moves."""
    return [m.target for m in g.legal_moves() if m.source == source and m.target.startswith("foundation/")]


def test_the_goal_is_to_move_all_cards_onto_the_foundations_up_from_ace_or_down_from_king_by_suit():
    g = make(
        "father",
        waste="7C",
        foundations=[
            suit_run("C", 1, 6),
            suit_run("D", 1, 13),
            "",
            "",
            suit_run("C", 13, 8),
            "",
            suit_run("H", 13, 1),
            suit_run("S", 13, 1),
        ],
        stock="",
    )
    assert not g.is_won
    assert_refused(g, "w>f1", "this foundation is complete")
    assert_plays(g, "w>f4")
    assert g.is_won
    assert (g.outcome and g.outcome.words) == "won"


# ---------------------------------------------------------------- setup & layout


@pytest.mark.parametrize("seed", SEEDS)
def test_the_deck_is_a_standard_52_card_deck(seed):
    data = sw.Game.new("father", seed=seed).to_dict()
    cards = data["stock"] + data["waste"] + [c for pile in data["tableau"] for c in pile["up"]]
    assert sorted(cards) == sorted(ALL_CARDS)


def test_four_ace_foundations_are_built_up_by_suit_and_four_king_foundations_down_by_suit():
    g = make("father", tableau=["AH", "KH", "2H", "QH"])
    assert foundation_targets(g, "tableau/0") == [f"foundation/{i}" for i in range(4)]
    assert foundation_targets(g, "tableau/1") == [f"foundation/{i}" for i in range(4, 8)]
    assert_refused(g, "t0>f4", "foundations 5 to 8 are King foundations: a king starts one")
    assert_refused(g, "t1>f0", "foundations 1 to 4 are Ace foundations: an ace starts one")
    assert_plays(g, "t0>f0")
    assert_plays(g, "t1>f4")
    assert_refused(g, "t3>f0", "build up by suit", "two of hearts next")
    assert_refused(g, "t2>f4", "build down by suit", "queen of hearts next")
    assert_plays(g, "t2>f0")
    assert_plays(g, "t3>f4")
    assert g.to_dict()["foundations"][0] == ["AH", "2H"]
    assert g.to_dict()["foundations"][4] == ["KH", "QH"]


@pytest.mark.parametrize("seed", SEEDS)
def test_twelve_tableau_piles_are_dealt_with_one_face_up_card_each(seed):
    tableau = sw.Game.new("father", seed=seed).to_dict()["tableau"]
    deck = [ALL_CARDS[card] for card in shuffled_deck(seed)]
    assert tableau == [{"down": [], "up": [card]} for card in deck[:12]]


@pytest.mark.parametrize("seed", SEEDS)
def test_the_remaining_40_cards_form_the_stock_face_down(seed):
    stock = sw.Game.new("father", seed=seed).to_dict()["stock"]
    deck = [ALL_CARDS[card] for card in shuffled_deck(seed)]
    assert len(stock) == 40
    assert stock[::-1] == deck[12:]


def test_the_wastepile_is_created_as_cards_are_drawn_from_the_stock():
    g = sw.Game.new("father", seed=5)
    assert g.to_dict()["waste"] == []
    next_card = g.to_dict()["stock"][-1]
    assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == [next_card]


def test_the_wastepile_receives_drawn_cards_even_when_they_could_be_played():
    g = make("father", tableau=["9D"], stock="KD AS", rest_under=0)
    assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == ["AS"]
    assert g.to_dict()["foundations"] == [[]] * 8
    assert sw.Move("waste", "foundation/0") in g.legal_moves()


# ---------------------------------------------------------------- card movement


def test_only_the_top_card_of_each_tableau_pile_and_of_the_wastepile_are_available():
    g = make("father", tableau=["AH 5C", "9D"], waste="AS 9S")
    assert_refused(g, "t0>f0", "5♣ cannot go on foundation 1", "an ace starts one")
    assert_refused(g, "wx2>f0", "only the top card of the waste is available")
    assert_refused(g, "t0x2>t5", "one card at a time")
    assert not any(m.source == "tableau/0" and m.target.startswith("foundation/") for m in g.legal_moves())
    assert_plays(g, "w>t0")
    assert_plays(g, "w>f0")
    assert g.to_dict()["foundations"][0] == ["AS"]


def test_cards_move_from_the_tableau_or_the_wastepile_to_the_foundations_if_they_fit():
    g = make("father", tableau=["2H", "4H"], waste="3H", foundations=["AH"])
    assert_refused(g, "t1>f0", "4♥ cannot go on foundation 1", "two of hearts next")
    assert_refused(g, "w>f0", "3♥ cannot go on foundation 1", "two of hearts next")
    assert_plays(g, "t0>f0")
    assert_plays(g, "w>f0")
    assert_plays(g, "t1>f0")
    assert g.to_dict()["foundations"][0] == suit_run("H", 1, 4).split()


def test_cards_from_the_wastepile_may_be_added_to_the_tableau_regardless_of_suit_or_value():
    g = make("father", tableau=["5H", "QH", "2C"], waste="KD 2S 9H")
    from_waste = [
        m.target for m in g.legal_moves() if m.source == "waste" and m.target.startswith("tableau/")
    ]
    assert from_waste == [f"tableau/{i}" for i in range(12)]
    assert_refused(g, "wx2>t0", "only the top card of the waste is available")
    assert_plays(g, "w>t0")  # a nine on a five of the same suit
    assert_plays(g, "w>t1")  # a two on a queen
    assert_plays(g, "w>t2")  # a king on a two of another suit
    assert [pile["up"] for pile in g.to_dict()["tableau"][:3]] == [["5H", "9H"], ["QH", "2S"], ["2C", "KD"]]


# ---------------------------------------------------------------- building sequences


def test_four_foundations_are_built_up_by_suit_from_ace_to_king():
    g = make("father", tableau=["QS", "KS", "JD"], foundations=[suit_run("S", 1, 11), "", "", "", "KD"])
    assert_refused(g, "t1>f0", "build up by suit", "queen of spades next")
    assert_refused(g, "t2>f0", "build up by suit", "queen of spades next")
    assert_plays(g, "t0>f0")
    assert_plays(g, "t1>f0")
    assert g.to_dict()["foundations"][0] == suit_run("S", 1, 13).split()
    assert_refused(g, "t2>f0", "this foundation is complete")


def test_four_foundations_are_built_down_by_suit_from_king_to_ace():
    g = make("father", tableau=["2S", "AS", "2D"], foundations=["", "", "", "", suit_run("S", 13, 3)])
    assert_refused(g, "t1>f4", "build down by suit", "two of spades next")
    assert_refused(g, "t2>f4", "build down by suit", "two of spades next")
    assert_plays(g, "t0>f4")
    assert_plays(g, "t1>f4")
    assert g.to_dict()["foundations"][4] == suit_run("S", 13, 1).split()


def test_building_within_the_tableau_is_not_permitted():
    g = make("father", tableau=["6S", "5H", "6H", "4H"])
    assert_refused(g, "t1>t0", "no building on the tableau")
    assert_refused(g, "t3>t1", "no building on the tableau")
    assert_refused(g, "t1>t2", "no building on the tableau")
    assert not any(
        m.source.startswith("tableau/") and m.target in ("tableau/0", "tableau/1", "tableau/2", "tableau/3")
        for m in g.legal_moves()
    )
    assert_plays(g, "t1>t4")  # only an empty pile takes a tableau card


def test_only_one_card_may_be_moved_at_a_time():
    g = make("father", tableau=["QD 7C"], waste="3S 4S")
    assert_refused(g, "t0x2>t1", "one card at a time")
    assert_refused(g, "wx2>t1", "only the top card of the waste is available")
    assert not any(m.count != 1 for m in g.legal_moves() if m.source != "stock")
    assert_plays(g, "t0>t1")
    assert_plays(g, "t0>t2")
    assert tops(g)[:3] == [None, "7C", "QD"]


FULL_ROW = ["2H", "3C 9D", "KS 4D", "5S", "6S", "7S", "8S", "9S", "TS", "JS", "QS", "6D"]
"""Twelve piles, none empty; tableau/0 holds a card the first Ace foundation takes."""


def test_a_tableau_pile_that_becomes_empty_may_be_filled_with_any_card_from_the_tableau_or_the_wastepile():
    g = make("father", tableau=FULL_ROW, waste="5C", foundations=["AH"])
    assert not any(m.target == "tableau/0" for m in g.legal_moves() if m.source != "waste")
    assert_plays(g, "t0>f0")
    fills = [m for m in g.legal_moves() if m.target == "tableau/0"]
    assert fills == [sw.Move(f"tableau/{i}", "tableau/0") for i in range(1, 12)] + [
        sw.Move("waste", "tableau/0")
    ]
    assert_plays(g, "t1>t0")
    assert g.to_dict()["tableau"][:2] == [{"down": [], "up": ["9D"]}, {"down": [], "up": ["3C"]}]


# ---------------------------------------------------------------- gameplay


def test_cards_go_to_the_foundations_only_following_suit_and_direction():
    g = make("father", tableau=["4H", "TH", "4S", "JS"], foundations=["AH 2H 3H", "", "", "", "KH QH JH"])
    assert_refused(g, "t0>f4", "build down by suit", "ten of hearts next")
    assert_refused(g, "t1>f0", "build up by suit", "four of hearts next")
    assert_refused(g, "t2>f0", "build up by suit", "four of hearts next")
    assert_refused(g, "t3>f4", "build down by suit", "ten of hearts next")
    assert_plays(g, "t0>f0")
    assert_plays(g, "t1>f4")
    assert g.to_dict()["foundations"][0][-1] == "4H"
    assert g.to_dict()["foundations"][4][-1] == "TH"


def test_an_empty_tableau_space_stays_empty_until_the_player_fills_it():
    g = make("father", tableau=["2H"], waste="5C", foundations=["AH"])
    before = piles(g)
    assert_plays(g, "t0>f0")
    after = piles(g)
    assert after["tableau"][0] == {"down": [], "up": []}
    assert (after["waste"], after["stock"]) == (before["waste"], before["stock"])
    assert_plays(g, "w>t0")
    assert tops(g)[0] == "5C"


def test_cards_are_drawn_one_at_a_time_from_the_stock_to_the_wastepile_whose_top_is_available():
    g = make("father", tableau=["9D"], stock="2C AS", rest_under=0)
    assert_refused(g, "sx2>w", "drawing turns one card: 1 here, not 2")
    assert_plays(g, "s>w")
    assert g.to_dict()["stock"] == ["2C"]
    assert g.to_dict()["waste"] == ["AS"]
    assert_plays(g, "w>f2")
    assert g.to_dict()["foundations"][2] == ["AS"]


def test_once_the_stock_is_exhausted_the_wastepile_is_turned_over_to_form_a_new_stock():
    g = make("father", tableau=["9D"], stock="7H 2C AS", rest_under=0)
    assert_refused(g, "w>s", "a redeal is allowed only when the stock is empty")
    for _ in range(2):
        assert_plays(g, "s>w")
    assert_refused(g, "wx2>s", "a redeal is allowed only when the stock is empty")
    assert_plays(g, "s>w")
    first_pass = g.to_dict()["waste"]
    assert first_pass == ["AS", "2C", "7H"]
    assert_plays(g, "wx3>s")
    assert g.to_dict()["stock"] == ["7H", "2C", "AS"]
    for _ in range(3):
        assert_plays(g, "s>w")
    assert g.to_dict()["waste"] == first_pass


def test_gameplay_ends_when_no_legal_moves_remain_and_the_stock_has_been_recycled():
    g = make("father", redeals_left=0, **FATHER_BLOCKED)
    assert g.legal_moves() == []
    assert (g.is_over, g.is_won, (g.outcome and g.outcome.words)) == (True, False, "no moves left")
    assert_refused(g, "s>w", "the stock is empty")
    assert_refused(g, "t8>t9", "no building on the tableau")


# ---------------------------------------------------------------- winning & losing


def test_the_game_is_won_when_all_52_cards_are_built_onto_the_foundations():
    g = make(
        "father",
        tableau=["7H"],
        foundations=[
            suit_run("C", 1, 13),
            suit_run("D", 1, 5),
            suit_run("H", 1, 6),
            "",
            "",
            suit_run("D", 13, 6),
            suit_run("H", 13, 8),
            suit_run("S", 13, 1),
        ],
        stock="",
    )
    assert not g.is_won
    assert_plays(g, "t0>f6")
    assert (g.is_won, g.is_over, (g.outcome and g.outcome.words)) == (True, True, "won")


def test_the_game_is_lost_when_no_legal_move_is_left_after_the_stock_and_wastepile_are_exhausted():
    lost = make("father", redeals_left=0, **FATHER_BLOCKED)
    assert (lost.is_over, lost.is_won, (lost.outcome and lost.outcome.words)) == (
        True,
        False,
        "no moves left",
    )
    spades_to_three = (
        FATHER_BLOCKED["foundations"][:3] + [suit_run("S", 1, 3)] + FATHER_BLOCKED["foundations"][4:]
    )
    for pile in ("waste", "stock"):
        waiting = make(
            "father", redeals_left=0, **dict(FATHER_BLOCKED, foundations=spades_to_three, **{pile: "4S"})
        )
        assert (waiting.is_over, (waiting.outcome and waiting.outcome.words)) == (False, None), pile


# ---------------------------------------------------------------- special rules & edge cases


def test_any_card_may_fill_an_empty_tableau_pile_from_the_tableau_or_the_top_of_the_wastepile():
    for card in ("AC", "7D", "KH"):
        from_waste = make("father", tableau=FULL_ROW[1:], waste=card)
        assert_plays(from_waste, "w>t11")
        assert tops(from_waste)[11] == card
        from_tableau = make("father", tableau=FULL_ROW[1:3] + [card] + FULL_ROW[4:], waste="2H")
        assert_plays(from_tableau, "t2>t11")
        assert tops(from_tableau)[11] == card


def test_the_wastepile_can_be_recycled_into_the_stock_only_once_per_game():
    g = make("father", tableau=["9D"], waste="7H 2C", stock="", rest_under=0)
    assert g.options == {"redeals": 1} and g.redeals_left == 1
    assert_plays(g, "wx2>s")
    assert g.redeals_left == 0
    assert_plays(g, "s>w")
    assert_plays(g, "s>w")
    assert sw.Move("waste", "stock", 2) not in g.legal_moves()
    assert_refused(g, "wx2>s", "no redeal is left: this game allows 1 redeal")
    assert "0 redeals left" in str(g)


def test_a_card_may_go_on_either_the_ace_or_the_king_foundation_of_its_suit():
    g = make(
        "father", tableau=["7H"], foundations=["", "", suit_run("H", 1, 6), "", "", "", suit_run("H", 13, 8)]
    )
    assert foundation_targets(g, "tableau/0") == ["foundation/2", "foundation/6"]
    for index in (2, 6):
        twin = g.copy()
        assert_plays(twin, f"t0>f{index}")
        assert twin.to_dict()["foundations"][index][-1] == "7H"
    assert_refused(g, "t0>f3", "an ace starts one")


def test_no_sequences_are_built_within_the_tableau():
    g = make("father", tableau=["6S 5H", "", "6D", "7C"], waste="4C")
    assert_refused(g, "t0x2>t1", "no building on the tableau", "one card at a time")
    assert_refused(g, "t0x2>t3", "no building on the tableau")
    assert_refused(g, "t2>t3", "no building on the tableau")
    assert_plays(g, "w>t0")  # the waste may land anywhere, but what lands there is no run
    assert_refused(g, "t0x2>t1", "no building on the tableau")
    assert_plays(g, "t0>t1")
    assert [pile["up"] for pile in g.to_dict()["tableau"][:2]] == [["6S", "5H"], ["4C"]]


def test_foundations_always_follow_suit_and_their_own_direction():
    g = make("father", tableau=["2S", "QH", "2H", "QS"], foundations=["AH", "", "", "", "KS"])
    assert_refused(g, "t0>f0", "build up by suit", "two of hearts next")
    assert_refused(g, "t1>f4", "build down by suit", "queen of spades next")
    assert_plays(g, "t2>f0")
    assert_plays(g, "t3>f4")
    assert [g.to_dict()["foundations"][i] for i in (0, 4)] == [["AH", "2H"], ["KS", "QS"]]


# ---------------------------------------------------------------- rulings (docs/rules.md, Father)


def test_ruling_setup_twelve_piles_of_one_face_up_card_and_40_cards_in_the_stock():
    data = sw.Game.new("father", seed=9).to_dict()
    assert [len(pile["up"]) for pile in data["tableau"]] == [1] * 12
    assert all(pile["down"] == [] for pile in data["tableau"])
    assert (len(data["stock"]), data["waste"], data["foundations"]) == (40, [], [[]] * 8)


@pytest.mark.parametrize("index", range(8))
def test_ruling_foundations_0_to_3_are_ace_foundations_and_4_to_7_king_foundations(index):
    g = make("father", tableau=["AD", "KD"])
    ace_foundation = index < 4
    right, wrong = ("t0", "t1") if ace_foundation else ("t1", "t0")
    assert_refused(g, f"{wrong}>f{index}", "an ace starts one" if ace_foundation else "a king starts one")
    assert_plays(g, f"{right}>f{index}")


def test_ruling_an_ace_may_start_any_empty_ace_foundation_and_a_king_any_empty_king_foundation():
    g = make("father", tableau=["AS", "KS"], foundations=["AH", "", "", "", "", "KC"])
    assert foundation_targets(g, "tableau/0") == ["foundation/1", "foundation/2", "foundation/3"]
    assert foundation_targets(g, "tableau/1") == ["foundation/4", "foundation/6", "foundation/7"]
    assert_refused(g, "t1>f5", "build down by suit", "queen of clubs next")
    assert_plays(g, "t1>f7")


def test_ruling_the_waste_top_may_go_on_any_tableau_pile_empty_or_not():
    g = make("father", tableau=FULL_ROW[:11], waste="5C")
    assert [m.target for m in g.legal_moves() if m.source == "waste"] == [f"tableau/{i}" for i in range(12)]
    assert_plays(g, "w>t2")
    assert g.to_dict()["tableau"][2]["up"] == ["KS", "4D", "5C"]


def test_ruling_tableau_piles_stay_splayed_with_every_card_visible_and_only_the_top_available():
    g = make("father", tableau=["AH 7C 2D"])
    assert g.to_dict()["tableau"][0] == {"down": [], "up": ["AH", "7C", "2D"]}
    column = [line[:4].strip() for line in str(g).splitlines()[4:]]
    assert column == ["A♥", "7♣", "2♦"]
    assert_refused(g, "t0>f0", "2♦ cannot go on foundation 1", "an ace starts one")
    assert_refused(g, "t0x3>f0", "no building on the tableau")
    assert not any(m.source == "tableau/0" and m.target.startswith("foundation/") for m in g.legal_moves())


def test_ruling_a_tableau_top_card_moves_to_another_pile_only_if_that_pile_is_empty():
    g = make("father", tableau=["AH 7C", "8D"])
    assert [m.target for m in g.legal_moves() if m.source == "tableau/0"] == [
        f"tableau/{i}" for i in range(2, 12)
    ]
    assert_refused(g, "t0>t1", "7♣ cannot go on 8♦", "no building on the tableau")
    assert_plays(g, "t0>t2")
    assert tops(g)[:3] == ["AH", "8D", "7C"]


def test_ruling_one_card_is_drawn_at_a_time_and_there_is_one_redeal_which_an_option_may_change():
    assert sw.Game.new("father", seed=1).options == {"redeals": 1}
    with pytest.raises(ValueError, match="Father has no option 'draw'"):
        sw.Game.new("father", seed=1, draw=3)
    g = make("father", tableau=["9D"], waste="7H 2C", stock="", rest_under=0, options={"redeals": 2})
    for _ in range(2):
        assert_plays(g, "wx2>s")
        assert_plays(g, "s>w")
        assert_plays(g, "s>w")
    assert g.redeals_left == 0
    assert_refused(g, "wx2>s", "this game allows 2 redeals")


def test_ruling_won_when_all_52_cards_are_on_foundations_with_each_suit_split_anywhere():
    split = [("C", 0), ("D", 6), ("H", 12), ("S", 13)]
    ace = [suit_run(suit, 1, rank) if rank else "" for suit, rank in split]
    king = [suit_run(suit, 13, rank + 1) if rank < 13 else "" for suit, rank in split]
    g = make("father", foundations=ace + king, stock="")
    assert (g.is_won, (g.outcome and g.outcome.words), g.legal_moves()) == (True, "won", [])


def test_ruling_foundation_cards_never_move_back_to_the_tableau():
    g = make("father", tableau=["", "3C"], foundations=[suit_run("D", 1, 2)])
    assert not any(m.source.startswith("foundation/") for m in g.legal_moves())
    assert_refused(g, "f0>t0", "in Father cards on a foundation stay there")
    assert_refused(g, "f0>t1", "cards on a foundation stay there")
