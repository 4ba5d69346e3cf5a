"""The timeline: the current line, stepping along it, variations, words and comments."""

from __future__ import annotations

import pickle

import pytest
from engine_helpers import piles

import solitaire_widget as sw

GAMES = ("klondike", "father", "following")


def played(name: str = "klondike", seed: int = 3, count: int = 12) -> sw.Game:
    g = sw.Game.new(name, seed=seed)
    for step in range(count):
        legal = g.legal_moves()
        g.play(legal[(step * 5 + 3) % len(legal)])
    return g


def another_move(g: sw.Game) -> sw.Move:
    """A legal move other than the line's next one."""
    return next(m for m in g.legal_moves() if not g.future or m != g.future[0])


@pytest.mark.parametrize("name", GAMES)
def test_the_line_holds_the_moves_ahead_after_undo(name):
    g = played(name)
    line = g.line
    assert g.ply == len(line) == 12 and g.history == line and g.future == ()
    g.undo()
    g.undo()
    assert (g.ply, g.line, g.history, g.future) == (10, line, line[:10], line[10:])


@pytest.mark.parametrize("name", GAMES)
def test_goto_jumps_to_any_ply_in_one_call_and_equals_replaying(name):
    g = played(name, count=30)
    line = g.line
    for ply in (0, 30, 7, 19, 19, 1, 30):
        g.goto(ply)
        replay = sw.Game.new(name, seed=3)
        for move in line[:ply]:
            replay.play(move)
        assert g.ply == ply and piles(g) == piles(replay) and g.line == line


def test_goto_out_of_range_raises_and_changes_nothing():
    g = played()
    before = (piles(g), g.ply, g.line)
    for bad in (-1, 13, 400):
        with pytest.raises(IndexError, match=f"no ply {bad}: this line runs from 0"):
            g.goto(bad)
    for bad in ("3", 1.0, True, None):
        with pytest.raises(TypeError):
            g.goto(bad)
    assert (piles(g), g.ply, g.line) == before


def test_listeners_hear_a_goto_once_with_the_move_it_stands_after():
    g = played()
    heard = []
    g.add_listener(lambda game, action, move: heard.append((action, move, game.ply)))
    g.goto(4)
    g.goto(0)
    assert heard == [("goto", g.line[3], 4), ("goto", None, 0)]


def test_playing_the_lines_next_move_keeps_the_moves_after_it():
    g = played()
    line = g.line
    g.goto(5)
    g.play(line[5])
    assert (g.ply, g.line) == (6, line)


def test_another_move_at_a_past_point_starts_a_new_line_and_keeps_the_old_as_a_variation():
    g = played()
    line = g.line
    g.goto(5)
    branch_point = g.node
    new = another_move(g)
    g.play(new)
    assert g.line == (*line[:5], new) and g.future == ()
    assert [node.move for node in branch_point.variations] == [line[5], new]
    old = branch_point.variations[0]
    assert [node.move for node in [old, *old.main_continuation()]] == list(line[5:])
    with pytest.raises(IndexError, match="nothing to redo"):
        g.redo()


def test_replaying_a_variations_first_move_enters_it_with_its_continuation():
    g = played()
    line = g.line
    g.goto(5)
    g.play(another_move(g))
    g.goto(5)
    g.play(line[5])
    assert g.line == line and g.ply == 6


def test_enter_promote_and_delete_variations():
    g = played()
    line = g.line
    g.goto(5)
    g.play(another_move(g))
    g.play(g.legal_moves()[0])
    branch = g.node_at(5)
    old, new = branch.variations
    assert old.is_main and not new.is_main

    g.enter(old)
    assert g.ply == 6 and g.line == line
    g.promote(new)
    assert branch.variations == [new, old] and new.is_main and not old.is_main
    assert g.line == line  # promoting changes the order of variations, not where the game stands

    g.enter(new.variations[0])
    assert g.ply == 7 and g.line[:5] == line[:5]
    g.delete(old)
    assert branch.variations == [new]
    g.delete(new)
    assert branch.variations == [] and g.ply == 5 and g.line == line[:5]
    with pytest.raises(ValueError, match="start cannot be deleted"):
        g.delete(g.root)
    with pytest.raises(ValueError, match="not in this game's tree"):
        g.enter(played().node)


def test_deleting_the_line_ahead_keeps_the_game_where_it_stands():
    g = played()
    line = g.line
    g.goto(4)
    g.delete(g.node_at(8))
    assert g.ply == 4 and g.line == line[:7]


def test_every_move_has_a_sentence_and_the_rule_that_allows_it():
    g = sw.Game.new("klondike", seed=42)
    g.play("w>t5")
    g.play("s>w")
    g.goto(0)
    assert g.sentences() == ["8♦ from the waste onto 9♣ in column 6", "turn one card from the stock"]
    assert g.sentence(1) == "8♦ from the waste onto 9♣ in column 6"
    assert g.rule(1) == "in Klondike columns build down in alternating colours"
    assert g.rule(2) == "the stock turns one card at a time onto the waste"
    g.goto(2)
    assert g.sentence(1) == "8♦ from the waste onto 9♣ in column 6" and g.ply == 2
    with pytest.raises(IndexError, match="ply 0 is the start"):
        g.sentence(0)


def test_sentences_cover_draw_three_and_redeals():
    g = sw.Game.new("following", seed=2)
    while g.position.stock:
        g.play("s>w")
    g.play(next(m for m in g.legal_moves() if m.target == "stock"))
    assert g.sentence(1) == "turn one card from the stock"
    assert g.sentence(g.ply) == f"redeal: {g.line[-1].count} cards back to the stock"
    three = sw.Game.new("klondike", seed=2, draw=3)
    three.play("sx3>w")
    assert three.sentence(1) == "turn three cards from the stock"


def test_annotate_puts_comments_and_marks_on_the_current_line():
    g = played()
    g.annotate(0, "A quiet deal.")
    g.annotate(3, "Free the ace.", marks=["tableau/2", "as", "10H"])
    assert g.annotations == {0: "A quiet deal.", 3: "Free the ace."}
    assert g.node_at(3).marks == ("tableau/2", "AS", "TH")
    g.annotate(3, "")
    assert g.annotations == {0: "A quiet deal."}
    g.goto(1)
    assert g.annotations == {0: "A quiet deal."}  # comments belong to moves, not to where we stand


@pytest.mark.parametrize(
    ("marks", "message"),
    [
        (["tableau/7"], "mark 1: 'tableau/7' is neither a pile of this Klondike game"),
        (["XX"], "'XX' is neither"),
        (["t3"], "'t3' is neither"),
    ],
)
def test_a_bad_mark_is_refused_and_nothing_changes(marks, message):
    g = played()
    with pytest.raises(ValueError, match=message):
        g.annotate(2, "note", marks=marks)
    assert g.annotations == {} and g.node_at(2).marks == ()


def test_a_comment_over_the_limit_is_refused_and_markup_is_kept_as_text():
    g = played()
    with pytest.raises(ValueError, match="at most 10,000 characters"):
        g.annotate(1, "x" * 1_000_000)
    g.annotate(1, "<script>alert(1)</script> & <b>bold</b>")
    assert g.annotations == {1: "<script>alert(1)</script> & <b>bold</b>"}
    with pytest.raises(IndexError):
        g.annotate(99, "too far")


def test_copies_and_pickles_keep_the_tree_comments_and_where_the_game_stands():
    g = played()
    g.goto(5)
    g.play(another_move(g))
    g.annotate(2, "two", marks=["waste"])
    g.goto(3)
    for twin in (g.copy(), pickle.loads(pickle.dumps(g))):
        assert twin == g and twin.ply == 3 and twin.line == g.line
        assert twin.annotations == g.annotations and twin.node_at(2).marks == ("waste",)
        assert [n.move for n in twin.node_at(5).variations] == [n.move for n in g.node_at(5).variations]
        twin.goto(0)
        assert g.ply == 3


def test_a_long_line_pickles_without_deep_recursion():
    g = sw.Game.new("klondike", seed=1)
    for _ in range(3000):
        moves = g.legal_moves()
        g.play(moves[-1])  # drawing and redealing go on for ever
    assert pickle.loads(pickle.dumps(g)) == g
