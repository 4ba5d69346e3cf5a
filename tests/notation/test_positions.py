"""Positions: to_dict/from_dict round trips, defaults, validation errors that name the
problem, independent copies and the text board."""

from __future__ import annotations

import copy
import json

import pytest
from engine_helpers import following_run, make, piles, position, suit_run

import solitaire_widget as sw

GAMES = ("klondike", "father", "following")


def played(name: str, seed: int, moves: int, **options: object) -> sw.Game:
    """A game after ``moves`` deterministic legal moves (cycling through the choices)."""
    g = sw.Game.new(name, seed=seed, **options)
    for step in range(moves):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(legal[(step * 7) % len(legal)])
    return g


def refused(data: object) -> str:
    """The message of the ValueError ``from_dict(data)`` raises."""
    with pytest.raises(ValueError) as caught:
        sw.Game.from_dict(data)
    return str(caught.value)


# ---------------------------------------------------------------- round trips


@pytest.mark.parametrize("name", GAMES)
@pytest.mark.parametrize("moves", [0, 1, 25, 80])
def test_from_dict_of_to_dict_gives_the_same_position_history_and_undo(name, moves):
    g = played(name, seed=31, moves=moves)
    data = g.to_dict()
    again = sw.Game.from_dict(data)
    assert again.to_dict() == data
    assert again.history == g.history
    assert again.seed == g.seed
    if g.history:
        assert again.undo() == g.undo()
        assert again.to_dict() == g.to_dict()


@pytest.mark.parametrize("name", GAMES)
def test_a_position_survives_json(name):
    g = played(name, seed=12, moves=40)
    data = json.loads(json.dumps(g.to_dict()))
    assert sw.Game.from_dict(data).to_dict() == g.to_dict()


def test_a_history_that_does_not_lead_to_the_position_is_dropped_with_the_seed():
    g = played("klondike", seed=12, moves=10)
    data = g.to_dict()
    data["history"] = data["history"][:-1]
    again = sw.Game.from_dict(data)
    assert piles(again) == piles(g)
    assert (again.history, again.seed) == ((), None)
    with pytest.raises(IndexError):
        again.undo()


def test_a_hand_made_position_round_trips_its_piles():
    g = make("klondike", tableau=["2C | KH QS", "", "5D"], waste="7H 6S", foundations=["AH 2H"])
    assert piles(sw.Game.from_dict(g.to_dict())) == piles(g)
    assert (g.seed, g.history) == (None, ())


def test_to_dict_is_a_fresh_copy_and_from_dict_keeps_none_of_its_input():
    data = position("klondike", tableau=["KH"], waste="7H")
    g = sw.Game.from_dict(data)
    kept = copy.deepcopy(g.to_dict())
    data["waste"].append("ZZ")
    data["tableau"][0]["up"].clear()
    out = g.to_dict()
    out["stock"].clear()
    out["options"]["draw"] = 3
    assert g.to_dict() == kept
    assert g.options["draw"] == 1


# ---------------------------------------------------------------- defaults


@pytest.mark.parametrize(
    ("name", "defaults"),
    [
        ("klondike", {"draw": 1, "redeals": None, "foundation_to_tableau": True, "deal_to_waste": True}),
        ("father", {"redeals": 1}),
        ("following", {"redeals": 1}),
    ],
)
def test_options_and_redeals_left_may_be_left_out(name, defaults):
    data = position(name)
    assert "options" not in data and "redeals_left" not in data
    g = sw.Game.from_dict(data)
    assert g.options == defaults
    assert g.redeals_left == defaults["redeals"]


def test_redeals_left_defaults_to_the_options_full_number():
    g = make("klondike", options={"redeals": 3, "draw": 3})
    assert (g.redeals_left, g.options["draw"], g.options["foundation_to_tableau"]) == (3, 3, True)
    assert make("klondike", options={"redeals": 3}, redeals_left=1).redeals_left == 1


@pytest.mark.parametrize("spelling", ["10H", "10h", "th", " TH "])
def test_ten_may_be_written_10_and_codes_in_any_case(spelling):
    data = position("klondike", waste="TH")
    data["waste"] = [spelling]
    assert sw.Game.from_dict(data).to_dict()["waste"] == ["TH"]


@pytest.mark.parametrize("key", ["redeal_left", "note", "Stock", "version"])
def test_an_unknown_key_is_refused_naming_it(key):
    data = dict(position("father"), **{key: 0})
    assert refused(data).startswith(f"the position has an unknown key {key!r}")


def test_a_typo_in_redeals_left_does_not_quietly_give_the_full_redeals():
    data = dict(position("father"), redeal_left=0)
    data.pop("redeals_left", None)
    with pytest.raises(ValueError, match="'redeal_left'"):
        sw.Game.from_dict(data)


def test_the_keys_to_dict_writes_are_read_back():
    g = sw.Game.new("following", seed=5)
    g.play(g.legal_moves()[0])
    assert sw.Game.from_dict(g.to_dict()) == g


# ---------------------------------------------------------------- validation


def test_a_missing_card_is_refused_naming_the_count_and_the_card():
    data = position("klondike")
    data["stock"].remove("QD")
    assert refused(data) == "a position holds all 52 cards; it has 51, missing QD"


def test_a_duplicate_card_is_refused_naming_it_and_both_piles():
    data = position("klondike", waste="7H")
    data["tableau"][2]["up"] = ["7H"]
    assert refused(data) == "card 7H appears twice (in waste and tableau/2)"


def test_a_53rd_card_is_refused_as_a_duplicate():
    data = position("following")
    data["stock"].append(data["stock"][0])
    assert "appears twice" in refused(data)


@pytest.mark.parametrize("code", ["1H", "ZZ", "", "7X", "AHH", "11C"], ids=repr)
def test_an_unknown_card_is_refused_naming_it_and_where_it_is(code):
    data = position("klondike")
    data["stock"][5] = code
    message = refused(data)
    assert message.startswith(f"stock: unknown card {code!r}")


@pytest.mark.parametrize("code", [7, None, ["AH"]], ids=repr)
def test_a_card_that_is_not_text_is_refused(code):
    data = position("father")
    data["waste"] = [code]
    assert refused(data) == f"waste: a card must be a code such as '7H', not {code!r}"


@pytest.mark.parametrize(
    ("name", "key", "count", "message"),
    [
        ("klondike", "foundations", 3, "Klondike has 4 foundation piles, but the position gives 3"),
        ("father", "foundations", 4, "Father has 8 foundation piles, but the position gives 4"),
        ("klondike", "tableau", 8, "Klondike has 7 tableau piles, but the position gives 8"),
        ("father", "tableau", 11, "Father has 12 tableau piles, but the position gives 11"),
        ("following", "tableau", 7, "Following has 6 tableau piles, but the position gives 7"),
    ],
)
def test_a_wrong_number_of_piles_is_refused_naming_both_numbers(name, key, count, message):
    data = position(name)  # every card in the stock, every other pile empty
    empty = {"down": [], "up": []} if key == "tableau" else []
    data[key] = (data[key] + [copy.deepcopy(empty) for _ in range(count)])[:count]
    assert refused(data) == message


@pytest.mark.parametrize("name", ["father", "following"])
def test_face_down_cards_are_refused_in_father_and_following(name):
    data = position(name, tableau=["5H", "AS 9C"])
    data["tableau"][1] = {"down": ["AS"], "up": ["9C"]}
    assert refused(data) == f"{name.title()} has no face-down cards, but tableau/1 has 1"


def test_a_klondike_column_with_face_down_cards_needs_a_face_up_top():
    data = position("klondike", tableau=["", "AS 9C |"])
    assert refused(data) == "tableau/1 has face-down cards but no face-up card on top"


@pytest.mark.parametrize(
    ("name", "foundations", "words"),
    [
        (
            "klondike",
            ["2H"],
            "foundation/0 is not built by Klondike's rules (2♥ first): in Klondike a foundation "
            "starts with an ace",
        ),
        ("klondike", ["", "AH 3H"], "foundation/1 is not built by Klondike's rules (3♥ on A♥)"),
        ("klondike", ["AH 2S"], "(2♠ on A♥): in Klondike foundations build up by suit"),
        ("father", ["KH"], "foundation/0 is not built by Father's rules (K♥ first)"),
        ("father", ["", "", "", "", "AH"], "(A♥ first): in Father foundations 5 to 8 are King foundations"),
        ("father", ["", "", "", "", "KH JH"], "(J♥ on K♥): in Father foundations build down by suit"),
        ("father", ["AS 2S 4S"], "(4♠ on 2♠): in Father foundations build up by suit"),
        (
            "following",
            ["AH 2H"],
            "foundation/0 is not built by Following's rules (2♥ on A♥): in Following a club goes on a heart",
        ),
        ("following", [following_run("S", 4) + " 5H"], "(5♥ on 4♦): in Following a spade goes on a diamond"),
        ("following", ["AC 2D 4S"], "(4♠ on 2♦): in Following foundations build up one rank at a time"),
        ("following", ["5H"], "in Following a foundation starts with an ace"),
    ],
)
def test_foundations_not_built_by_the_games_rules_are_refused(name, foundations, words):
    assert words in refused(position(name, foundations=foundations))


@pytest.mark.parametrize("name", GAMES)
def test_complete_foundations_are_accepted(name):
    if name == "klondike":
        foundations = [suit_run(suit, 1, 13) for suit in "SHDC"]
    elif name == "father":
        foundations = [
            suit_run("C", 1, 13),
            "",
            suit_run("H", 1, 4),
            "",
            "",
            suit_run("H", 13, 5),
            suit_run("D", 13, 1),
            suit_run("S", 13, 1),
        ]
    else:
        foundations = [following_run(suit, 13) for suit in "DSHC"]
    assert make(name, foundations=foundations, stock="").is_won


@pytest.mark.parametrize(
    ("name", "options", "redeals_left", "words"),
    [
        ("klondike", None, 2, "redeals_left must be null when redeals are unlimited, not 2"),
        ("klondike", {"redeals": 2}, 3, "redeals_left must be a whole number from 0 to 2, not 3"),
        ("klondike", {"redeals": 2}, None, "from 0 to 2, not None"),
        ("father", None, 2, "redeals_left must be a whole number from 0 to 1, not 2"),
        ("following", None, -1, "from 0 to 1, not -1"),
        ("following", None, "1", "from 0 to 1, not '1'"),
        ("father", None, True, "from 0 to 1, not True"),
    ],
)
def test_redeals_left_the_options_do_not_allow_is_refused(name, options, redeals_left, words):
    assert words in refused(position(name, options=options, redeals_left=redeals_left))


@pytest.mark.parametrize(
    ("name", "options", "words"),
    [
        (
            "klondike",
            {"shuffle": True},
            "Klondike has no option 'shuffle' "
            "(its options: draw, redeals, foundation_to_tableau, deal_to_waste)",
        ),
        ("klondike", {"draw": 2}, "draw must be 1 or 3, not 2"),
        ("klondike", {"draw": True}, "draw must be 1 or 3, not True"),
        ("klondike", {"redeals": -1}, "redeals must be None (unlimited) or a whole number from 0, not -1"),
        (
            "klondike",
            {"foundation_to_tableau": "yes"},
            "foundation_to_tableau must be True or False, not 'yes'",
        ),
        ("father", {"draw": 1}, "Father has no option 'draw'"),
        ("following", {"redeals": None, "foundation_to_tableau": False}, "Following has no option"),
        ("klondike", [("draw", 3)], "options must be a dict"),
        ("father", None, "options must be a dict, not None"),
    ],
)
def test_bad_options_are_refused_naming_the_problem(name, options, words):
    data = position(name)
    data["options"] = options
    assert words in refused(data)


@pytest.mark.parametrize("data", [[], None, "klondike", 42, ("game", "klondike")], ids=repr)
def test_input_that_is_not_a_dict_is_refused(data):
    assert refused(data) == f"a position is a dict, not {type(data).__name__}"


@pytest.mark.parametrize(
    ("change", "words"),
    [
        (lambda d: d.pop("game"), "the position names no game (key 'game')"),
        (lambda d: d.update(game="spider"), "unknown game 'spider'"),
        (lambda d: d.pop("stock"), "the position has no 'stock'"),
        (lambda d: d.update(stock="AH"), "stock must be a list of card codes, not 'AH'"),
        (lambda d: d.pop("tableau"), "the position needs 'tableau': a list of 7 piles"),
        (
            lambda d: d["tableau"].__setitem__(0, ["AH"]),
            "tableau/0 must be a dict with lists 'down' and 'up'",
        ),
        (lambda d: d["tableau"][0].update(extra=[]), "tableau/0 must be a dict with lists 'down' and 'up'"),
        (
            lambda d: d["foundations"].__setitem__(1, "AH"),
            "foundation/1 must be a list of card codes, not 'AH'",
        ),
        (lambda d: d.update(history="s>w", seed=1), "history must be a list of moves, not 's>w'"),
        (lambda d: d.update(history=["zz"], seed=1), "cannot read move 'zz'"),
    ],
)
def test_a_malformed_position_is_refused_naming_what_is_wrong(change, words):
    data = position("klondike")
    change(data)
    assert words in refused(data)


# ---------------------------------------------------------------- copies


@pytest.mark.parametrize("name", GAMES)
def test_a_copy_is_independent_of_its_original(name):
    g = played(name, seed=17, moves=12)
    g.undo()
    twin = g.copy()
    assert (twin.to_dict(), twin.history, twin.future) == (g.to_dict(), g.history, g.future)
    original, future = g.to_dict(), g.future
    twin.play(twin.legal_moves()[-1])
    twin.undo()
    twin.undo()
    assert (g.to_dict(), g.future) == (original, future)
    g.redo()
    assert twin.history == g.history[:-2]
    assert piles(twin) != piles(g)


# ---------------------------------------------------------------- the text board


def label(code: str) -> str:
    """A card as the board writes it: ``"TH"`` -> ``"10♥"``."""
    return ("10" if code[0] == "T" else code[0]) + "♣♦♥♠"["CDHS".index(code[1])]


def test_the_text_board_shows_suit_symbols_and_every_pile():
    g = make("klondike", tableau=["5D | KH QS", "", "AS 2C | 9D"], waste="7H 6S", foundations=["AC"])
    lines = str(g).splitlines()
    assert lines[0] == "Klondike · draw 1 · unlimited redeals · 0 moves"
    assert lines[1].split() == ["stock", "▒▒", "43", "waste", "6♠", "foundations", "A♣", "··", "··", "··"]
    assert lines[3].split() == [f"t{i}" for i in range(7)]
    cells = [[line[4 * i : 4 * i + 4].strip() for i in range(4)] for line in lines[4:]]
    assert cells == [["▒▒", "··", "▒▒", "··"], ["K♥", "", "▒▒", ""], ["Q♠", "", "9♦", ""]]
    assert all(symbol in str(g) for symbol in "♣♦♥♠")


@pytest.mark.parametrize(("name", "piles_shown"), [("klondike", 7), ("father", 12), ("following", 6)])
def test_the_text_board_names_every_tableau_pile_and_shows_each_top_card(name, piles_shown):
    g = sw.Game.new(name, seed=77)
    lines = str(g).splitlines()
    assert "seed 77" in lines[0]
    assert lines[3].split() == [f"t{i}" for i in range(piles_shown)]
    bottom_row = [
        lines[4 + len(pile["down"]) + len(pile["up"]) - 1][4 * i : 4 * i + 4].strip()
        for i, pile in enumerate(g.to_dict()["tableau"])
    ]
    assert bottom_row == [label(pile["up"][-1]) for pile in g.to_dict()["tableau"]]


def test_the_text_board_shows_three_waste_cards_in_draw_three_and_says_when_won():
    g = make("klondike", waste="4C 5D TH", options={"draw": 3})
    assert "waste 4♣ 5♦ 10♥" in str(g)
    won = make("klondike", foundations=[suit_run(s, 1, 13) for s in "CDHS"], stock="")
    assert str(won).splitlines()[0].endswith("· won")
