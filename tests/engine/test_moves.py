"""Move notation: every kind of move round-trips; bad text and bad piles are refused
with the bad value named, and a refused input never changes the game."""

from __future__ import annotations

import pytest
from engine_helpers import assert_plays, make

import solitaire_widget as sw

NOTATION = [
    ("w>t3", sw.Move("waste", "tableau/3")),
    ("w>f2", sw.Move("waste", "foundation/2")),
    ("t2>f0", sw.Move("tableau/2", "foundation/0")),
    ("t6>t0", sw.Move("tableau/6", "tableau/0")),
    ("t1x3>t5", sw.Move("tableau/1", "tableau/5", 3)),
    ("t11x12>t10", sw.Move("tableau/11", "tableau/10", 12)),
    ("f7>t11", sw.Move("foundation/7", "tableau/11")),
    ("s>w", sw.Move("stock", "waste")),
    ("sx3>w", sw.Move("stock", "waste", 3)),
    ("sx2>w", sw.Move("stock", "waste", 2)),
    ("w>s", sw.Move("waste", "stock")),
    ("wx24>s", sw.Move("waste", "stock", 24)),
]

MALFORMED = [
    "",
    "   ",
    "w",
    "w>",
    ">t3",
    "w>>t3",
    "x>t3",
    "wt3",
    "t1x>t5",
    "t1x-1>t5",
    "w>t3>t4",
    "t-1>t3",
    "w->t3",
    "ww>t3",
    "s>w x3",
    "foundation>t1",
    "tableau>t1",
    "w>t3 please",
]


@pytest.mark.parametrize(("text", "move"), NOTATION, ids=[text for text, _ in NOTATION])
def test_every_kind_of_move_round_trips_through_its_notation(text, move):
    assert str(move) == text
    assert sw.Move.parse(text) == move
    assert sw.Move.parse(str(move)) == move
    assert isinstance(sw.Move.parse(text), sw.Move)


def test_a_move_is_a_named_tuple_with_count_one_by_default():
    move = sw.Move(source="waste", target="tableau/3")
    assert (move.source, move.target, move.count) == ("waste", "tableau/3", 1)
    assert move == ("waste", "tableau/3", 1)
    assert sw.Move("waste", "tableau/3", 1) == move
    assert sw.Move("waste", "tableau/3", 2) != move


@pytest.mark.parametrize(
    ("text", "move"),
    [
        ("waste>tableau/3", sw.Move("waste", "tableau/3")),
        ("tableau/1x3>tableau/5", sw.Move("tableau/1", "tableau/5", 3)),
        ("stockx3>waste", sw.Move("stock", "waste", 3)),
        ("foundation/2>t4", sw.Move("foundation/2", "tableau/4")),
        ("waste>s", sw.Move("waste", "stock")),
        ("W>T3", sw.Move("waste", "tableau/3")),
        (" t1 x 3 > t5 ", sw.Move("tableau/1", "tableau/5", 3)),
    ],
)
def test_full_pile_ids_any_letter_case_and_spaces_are_read(text, move):
    assert sw.Move.parse(text) == move


@pytest.mark.parametrize("text", MALFORMED, ids=repr)
def test_malformed_text_is_refused_naming_it(text):
    with pytest.raises(ValueError) as caught:
        sw.Move.parse(text)
    assert repr(text) in str(caught.value)
    assert "SOURCE>TARGET" in str(caught.value)


@pytest.mark.parametrize("text", ["w>t03", "tableau/01>waste", "s1>w", "t>t1", "w1>t2", "w>f03"], ids=repr)
def test_a_pile_written_wrong_is_refused_naming_the_pile(text):
    with pytest.raises(ValueError, match="unknown pile") as caught:
        sw.Move.parse(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("text", ["t1x0>t5", "sx0>w", "wx00>s"])
def test_a_count_of_zero_is_refused(text):
    with pytest.raises(ValueError, match="bad count") as caught:
        sw.Move.parse(text)
    assert repr(text) in str(caught.value)


@pytest.mark.parametrize("count", [0, -2, True, 1.0, "2", None], ids=repr)
def test_a_move_with_a_bad_count_is_refused_naming_the_count(count):
    with pytest.raises(ValueError, match=f"bad count {count!r}".replace("(", r"\(").replace(".", r"\.")):
        sw.Move("tableau/1", "tableau/5", count)


@pytest.mark.parametrize(
    ("source", "target", "bad"),
    [
        ("tableau/x", "waste", "source"),
        ("waste", "heap", "target"),
        (3, "waste", "source"),
        ("waste", "tableau/-1", "target"),
        ("Waste", "tableau/1", "source"),
        ("waste", "tableau/01", "target"),
    ],
)
def test_a_move_with_a_bad_pile_id_is_refused_naming_the_pile(source, target, bad):
    with pytest.raises(ValueError, match=f"bad {bad} pile") as caught:
        sw.Move(source, target)
    assert repr(source if bad == "source" else target) in str(caught.value)


def test_parse_refuses_a_bare_f_target_and_a_bare_f_source():
    with pytest.raises(ValueError, match="names no foundation"):
        sw.Move.parse("t2>f")
    with pytest.raises(ValueError, match="a move from a foundation must name it"):
        sw.Move.parse("f>t3")


def test_play_reads_a_bare_f_target_as_the_foundation_that_takes_the_card():
    g = make("klondike", tableau=["2S", "2H", "9C", "AD"], foundations=["AS", "AH"])
    assert g.play("t1>f") == sw.Move("tableau/1", "foundation/1")
    assert g.play("t0>f") == sw.Move("tableau/0", "foundation/0")
    assert g.play("t3>f") == sw.Move("tableau/3", "foundation/2")
    assert g.to_dict()["foundations"] == [["AS", "2S"], ["AH", "2H"], ["AD"], []]
    before = g.to_dict()
    with pytest.raises(sw.IllegalMove, match="no foundation takes that card now"):
        g.play("t2>f")
    assert g.to_dict() == before


@pytest.mark.parametrize(
    ("name", "text", "pile"),
    [
        ("klondike", "t9>t1", "tableau/9"),
        ("klondike", "t7>t1", "tableau/7"),
        ("klondike", "t1>f4", "foundation/4"),
        ("father", "t12>t0", "tableau/12"),
        ("father", "w>f8", "foundation/8"),
        ("following", "t6>t0", "tableau/6"),
        ("following", "f4>t0", "foundation/4"),
    ],
)
def test_a_pile_the_game_does_not_have_is_refused_naming_it_and_nothing_changes(name, text, pile):
    g = sw.Game.new(name, seed=8)
    before = g.to_dict()
    with pytest.raises(sw.IllegalMove) as caught:
        g.play(text)
    assert f"has no pile {pile!r}" in str(caught.value)
    assert g.explain(text) == caught.value.reason
    assert g.to_dict() == before


@pytest.mark.parametrize("name", ["klondike", "father", "following"])
def test_the_game_is_unchanged_after_any_refused_input(name):
    g = sw.Game.new(name, seed=21)
    g.play("s>w")
    before = g.to_dict()
    refused = MALFORMED + [
        "t1x0>t2",
        "f>t3",
        "w>t03",
        "t9>t1",
        "t1x99>t2",
        "t0>t0",
        "s>t1",
        "t0>w",
        "sx5>w",
        "t3>s",
        5,
        None,
        ("waste", "tableau/1", 1),
        b"w>t1",
    ]
    for text in refused:
        with pytest.raises(ValueError):
            g.play(text)
        assert g.to_dict() == before, text
    assert g.history == (sw.Move("stock", "waste"),)


@pytest.mark.parametrize(("name", "options"), [("chess", {}), ("Spider", {}), (5, {})])
def test_an_unknown_game_name_is_refused_naming_it(name, options):
    with pytest.raises(ValueError, match="unknown game") as caught:
        sw.Game.new(name, seed=1, **options)
    assert repr(name) in str(caught.value)
    assert "klondike, father, following" in str(caught.value)


@pytest.mark.parametrize(
    ("name", "options", "named"),
    [
        ("klondike", {"colour": "red"}, "'colour'"),
        ("klondike", {"draw": 2}, "draw must be 1 or 3, not 2"),
        ("klondike", {"redeals": -1}, "not -1"),
        ("klondike", {"foundation_to_tableau": "yes"}, "not 'yes'"),
        ("father", {"draw": 3}, "Father has no option 'draw'"),
        ("following", {"redeals": 1.5}, "not 1.5"),
        ("following", {"foundation_to_tableau": True}, "Following has no option 'foundation_to_tableau'"),
    ],
)
def test_an_unknown_or_bad_option_is_refused_naming_the_value(name, options, named):
    with pytest.raises(ValueError) as caught:
        sw.Game.new(name, seed=1, **options)
    assert named in str(caught.value)


def test_notation_of_every_legal_move_in_a_played_game_round_trips():
    g = sw.Game.new("klondike", seed=5, draw=3)
    seen = set()
    for _ in range(60):
        moves = g.legal_moves()
        if not moves:
            break
        for move in moves:
            assert sw.Move.parse(str(move)) == move
            seen.add((move.source.split("/")[0], move.target.split("/")[0], move.count > 1))
        assert_plays(g, moves[len(g.history) % len(moves)])
    assert ("stock", "waste", True) in seen
