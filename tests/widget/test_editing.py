"""The teacher's intents (widget/editing.py): arrows and highlights drawn on the board,
comments and glyphs written in the move list, variations promoted and deleted; forged and
stale ones refused with a reason, nothing changed."""

from __future__ import annotations

import pytest
from test_teaching import synced, walked
from test_widget import View

import solitaire_widget as sw


def board(count: int = 6) -> tuple[sw.Game, sw.SolitaireWidget, View]:
    g = walked("klondike", seed=3, count=count)
    w = sw.SolitaireWidget(g)
    return g, w, View(w)


def refusal(view: View) -> str:
    assert view.sent and view.sent[-1]["kind"] == "refused", view.sent
    return view.sent[-1]["reason"]


def test_an_arrow_is_drawn_recoloured_and_taken_away_keeping_the_comment():
    g, w, view = board()
    g.annotate(6, "Watch this.", marks=["waste"])
    view.send_intent("arrow", **{"from": "tableau/1", "to": "7h", "colour": "green"})
    assert g.node.arrows == (("tableau/1", "7H", "green"),) and g.node.comment == "Watch this."
    assert w.state["arrows"] == [["tableau/1", "7H", "green"]] and w.state["marks"] == ["waste"]
    view.send_intent("arrow", **{"from": "tableau/1", "to": "7H", "colour": "red"})
    assert g.node.arrows == (("tableau/1", "7H", "red"),)
    view.send_intent("arrow", **{"from": "tableau/1", "to": "7H", "colour": "red"})
    assert g.node.arrows == () and w.state["arrows"] == []
    assert g.node.comment == "Watch this." and view.sent == []


def test_a_highlight_toggles_on_the_move_on_show_and_reaches_the_rows():
    g, w, view = board()
    g.goto(2)
    view.send_intent("highlight", end="tableau/3", colour="blue")
    view.send_intent("highlight", end="AS", colour="green")
    assert g.node_at(2).marks == (("tableau/3", "blue"), "AS")
    assert w.state["marks"] == [["tableau/3", "blue"], "AS"]
    rows = synced(view)
    assert [row["marks"] for row in rows.values() if row["ply"] == 2] == [[["tableau/3", "blue"], "AS"]]
    view.send_intent("highlight", end="tableau/3", colour="blue")
    assert g.node_at(2).marks == ("AS",)


@pytest.mark.parametrize(
    ("kind", "fields", "reason"),
    [
        (
            "arrow",
            {"from": "tableau/9", "to": "waste", "colour": "green"},
            "the arrow: 'tableau/9' is neither a pile",
        ),
        ("arrow", {"from": "down", "to": "waste", "colour": "green"}, "'down' is neither"),
        (
            "arrow",
            {"from": "waste", "to": "stock", "colour": "pink"},
            "the colour is one of green, red, blue, yellow",
        ),
        (
            "arrow",
            {"from": "waste", "to": "waste", "colour": "green"},
            "an arrow goes from one pile or card to another",
        ),
        ("arrow", {"from": ["waste"], "to": {"a": 1}, "colour": None}, "the arrow"),
        ("highlight", {"end": "<b>", "colour": "green"}, "the highlight: '<b>' is neither"),
        ("highlight", {"end": "waste", "colour": 3}, "the colour is one of"),
        ("arrow", {"from": "waste", "to": "stock"}, "an arrow intent needs colour"),
        ("highlight", {"end": "waste", "colour": "red", "size": 3}, "a highlight intent has no field 'size'"),
        ("comment", {"node": 999, "text": "x"}, "there is no move 999 in this game's timeline"),
        ("comment", {"node": 2, "text": 42}, "a comment is text, not int"),
        ("comment", {"node": 2, "text": "x" * 10_001}, "at most 10,000 characters"),
        ("comment", {"node": "2", "text": "x"}, "node must be a whole number"),
        ("glyph", {"node": 2, "glyph": "!!!"}, "a glyph is one of"),
        ("glyph", {"node": "ply 0", "glyph": "!"}, "the start is not a move"),
        ("promote", {"node": "ply 3"}, "already the main continuation"),
        ("promote", {"node": "ply 0"}, "already the main continuation"),
        ("delete", {"node": "ply 3"}, "a move of the main line is not deleted from the board"),
    ],
)
def test_a_bad_or_forged_edit_is_refused_and_nothing_changes(kind, fields, reason):
    g, w, view = board()
    by_ply = {row["ply"]: row["id"] for row in synced(view).values()}
    if str(fields.get("node")).startswith("ply "):
        fields = {**fields, "node": by_ply[int(fields["node"][4:])]}
    before, version = g.to_record(), w.state["version"]
    view.send_intent(kind, **fields)
    assert reason in refusal(view)
    assert g.to_record() == before and w.state["version"] == version


def test_a_stale_edit_is_refused():
    g, _w, view = board()
    content = view.intent("arrow", **{"from": "waste", "to": "tableau/1", "colour": "green"})
    g.undo()
    view.deliver(content)
    assert refusal(view) == "the board changed before this arrived"
    assert all(node.arrows == () for node in g.root.walk())


def test_edits_are_refused_in_a_lesson():
    g, w, view = board()
    w.lesson(g.copy())
    view.send_intent("highlight", end="waste", colour="green")
    assert refusal(view).startswith("not during a lesson")


def test_a_comment_and_a_glyph_go_on_a_move_of_the_line_on_show():
    g, _w, view = board()
    rows = synced(view)
    third = next(row["id"] for row in rows.values() if row["ply"] == 3)
    g.annotate(3, "", marks=["waste"], arrows=[("waste", "tableau/2")])
    view.send_intent("comment", node=third, text="<script>x</script> plain")
    view.send_intent("glyph", node=third, glyph="?!")
    assert g.annotations == {3: "<script>x</script> plain"} and g.glyphs == {3: "?!"}
    assert g.node_at(3).marks == ("waste",) and g.node_at(3).arrows == (("waste", "tableau/2", "green"),)
    row = synced(view)[third]
    assert (row["comment"], row["glyph"]) == ("<script>x</script> plain", "?!")
    view.send_intent("glyph", node=third, glyph="")
    assert g.glyphs == {}
    # A move off the line on show is not commented from the board.
    g.goto(2)
    g.play(next(m for m in g.legal_moves() if m != g.line[2]))
    view.send_intent("comment", node=third, text="elsewhere")
    assert "not on the line on show" in refusal(view)


def test_a_move_played_on_the_board_before_the_end_is_a_variation_promoted_then_deleted():
    g, w, view = board(count=8)
    main = g.line
    g.goto(4)
    view.move(next(m for m in g.legal_moves() if m != main[4]))
    assert [n.move for n in g.root.main_continuation()] == list(main), "the main line stays main"
    rows = synced(view)
    new = next(row for row in rows.values() if row["ply"] == 5 and row["index"] == 1)
    assert w.state["line_end"] == new["id"]
    view.send_intent("promote", node=new["id"])
    assert g.node.is_main and g.line[:4] == main[:4] and view.sent == []
    old = next(row for row in synced(view).values() if row["ply"] == 5 and row["index"] == 1)
    assert old["move"] == str(main[4])
    view.send_intent("delete", node=old["id"])
    assert len(g.node_at(4).variations) == 1 and g.node.is_main and view.sent == []
    assert old["id"] in view.timeline[-1]["removed"] or old["id"] not in synced(view)


def test_deleting_the_variation_the_game_stands_on_steps_back_to_the_main_line():
    g, _w, view = board(count=8)
    g.goto(4)
    view.move(next(m for m in g.legal_moves() if m != g.line[4]))
    view.move(g.legal_moves()[0])
    rows = synced(view)
    branch = next(row for row in rows.values() if row["ply"] == 5 and row["index"] == 1)
    view.send_intent("delete", node=branch["id"])
    assert g.ply == 4 and len(g.line) == 8 and all(n.is_main for n in g.root.walk())
