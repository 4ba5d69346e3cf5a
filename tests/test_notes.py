"""What a teacher adds to moves (game/notes.py, notation/drawing.py): arrows, coloured marks
and glyphs, checked, kept in the tree, copies and records (format version 3, versions 1
and 2 still read); and the variation rule: a move played before the end of the line is a
variation, and the main line stays main until promoted."""

from __future__ import annotations

import json
import pickle
from pathlib import Path

import pytest

import solitaire_widget as sw
from solitaire_widget.records import record

SCHEMA = Path(sw.__file__).parent / "records" / "record.schema.json"


def played(count: int = 6, seed: int = 3) -> sw.Game:
    g = sw.Game.new("klondike", seed=seed)
    for _ in range(count):
        g.play(g.legal_moves()[0])
    return g


def another_move(g: sw.Game) -> sw.Move:
    ahead = g.line[g.ply] if g.future else None
    return next(move for move in g.legal_moves() if move != ahead)


def test_arrows_are_checked_and_kept_on_their_move():
    g = played()
    g.annotate(2, "Look here.", marks=["waste", ("7h", "blue")], arrows=[("tableau/1", "foundation/0")])
    g.annotate(
        3, "", arrows=[("AS", "foundation/0"), ("waste", "tableau/2", "red"), ("10H", "tableau/6", "yellow")]
    )
    assert g.node_at(2).arrows == (("tableau/1", "foundation/0", "green"),)
    assert g.node_at(2).marks == ("waste", ("7H", "blue"))
    assert g.node_at(3).arrows == (
        ("AS", "foundation/0", "green"),
        ("waste", "tableau/2", "red"),
        ("TH", "tableau/6", "yellow"),
    )
    assert g.annotations == {2: "Look here."}
    g.annotate(3, "")
    assert g.node_at(3).arrows == () and g.node_at(2).arrows != ()


@pytest.mark.parametrize(
    ("arrows", "message"),
    [
        ([("tableau/7", "waste")], "arrow 1: 'tableau/7' is neither a pile of this Klondike game"),
        ([("waste", "tableau/0"), ("XX", "waste")], "arrow 2: 'XX' is neither"),
        (
            [("waste", "tableau/0", "purple")],
            "arrow 1: the colour is one of green, red, blue, yellow, not 'purple'",
        ),
        (["waste"], r"arrow 1 is \(from, to\) or \(from, to, colour\)"),
        ([("waste",)], r"arrow 1 is \(from, to\)"),
        ("waste", "arrows are a list"),
        ([("waste", "tableau/0")] * 65, "at most 64 arrows"),
    ],
)
def test_a_bad_arrow_is_refused_by_name_and_nothing_changes(arrows, message):
    g = played()
    g.annotate(2, "kept", marks=["stock"], arrows=[("waste", "tableau/1")])
    before = g.to_record()
    with pytest.raises(ValueError, match=message):
        g.annotate(2, "new words", marks=["waste"], arrows=arrows)
    assert g.to_record() == before


def test_glyphs_are_set_cleared_and_checked():
    g = played()
    g.set_glyph(2, "!?")
    g.set_glyph(4, "??")
    assert g.glyphs == {2: "!?", 4: "??"}
    g.annotate(2, "a comment keeps the glyph")
    assert g.node_at(2).glyph == "!?"
    g.set_glyph(4, "")
    g.set_glyph(2, None)
    assert g.glyphs == {}
    with pytest.raises(ValueError, match=r"a glyph is one of !! ! !\? \?! \? \?\? \(or none\), not '!!!'"):
        g.set_glyph(2, "!!!")
    with pytest.raises(IndexError, match="ply 0 is the start"):
        g.set_glyph(0, "!")
    with pytest.raises(IndexError):
        g.set_glyph(99, "!")
    assert g.glyphs == {}


def test_notes_travel_with_copies_pickles_and_records(tmp_path):
    g = played()
    g.annotate(0, "The deal.", arrows=[("stock", "waste", "blue")])
    g.annotate(3, "Three.", marks=[("tableau/2", "red"), "AS"], arrows=[("AS", "foundation/0")])
    g.set_glyph(3, "!")
    g.save(tmp_path / "game.json")
    loaded = sw.Game.load(tmp_path / "game.json")
    for twin in (g.copy(), pickle.loads(pickle.dumps(g)), loaded):
        for ply in (0, 3):
            assert (twin.node_at(ply).arrows, twin.node_at(ply).marks) == (
                g.node_at(ply).arrows,
                g.node_at(ply).marks,
            )
        assert twin.glyphs == {3: "!"} and twin.annotations == g.annotations
    written = g.to_record()
    assert written["version"] == 3
    assert written["tree"][3] == {
        "parent": 2,
        "move": str(g.line[2]),
        "comment": "Three.",
        "glyph": "!",
        "marks": [["tableau/2", "red"], "AS"],
        "arrows": [["AS", "foundation/0", "green"]],
        "played_at": g.node_at(3).played_at,
    }
    assert "arrows: AS -> foundation/0" in g.to_text() and f"{g.line[2]}!" in g.to_text()


def test_a_record_is_written_in_the_lowest_version_that_holds_it():
    g = played()
    g.annotate(2, "words only", marks=["waste"])
    assert g.to_record()["version"] == 1
    g.annotate(2, "words only", marks=[("waste", "green")])
    assert g.to_record()["version"] == 1, "a green mark is written as before colours existed"
    g.annotate(2, "words only", marks=[("waste", "red")])
    assert g.to_record()["version"] == 3


def test_records_of_versions_1_and_2_still_load():
    g = played()
    g.annotate(2, "An old note.", marks=["tableau/1", "AS"])
    old = g.to_record()
    assert old["version"] == 1
    loaded = sw.Game.from_record(old)
    assert loaded.node_at(2).marks == ("tableau/1", "AS") and loaded.node_at(2).arrows == ()
    assert sw.Game.from_record({**old, "version": 2}).annotations == {2: "An old note."}


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"arrows": [["AS", "foundation/0", "green"]]}, "format version 2, which has no glyphs, arrows"),
        ({"glyph": "!"}, "format version 2, which has no glyphs"),
        ({"marks": [["AS", "red"]]}, "format version 2, which has no glyphs, arrows or coloured marks"),
    ],
)
def test_an_old_record_with_new_notes_is_refused(entry, message):
    old = played().to_record()
    old["version"] = 2
    old["tree"][2].update(entry)
    with pytest.raises(sw.RecordError, match=f"tree\\[2\\]: the record is {message}"):
        sw.Game.from_record(old)


@pytest.mark.parametrize(
    ("entry", "message"),
    [
        ({"arrows": [["tableau/9", "waste"]]}, "tree[3]: arrow 1: 'tableau/9' is neither a pile"),
        ({"arrows": [["AS", "waste", "pink"]]}, "tree[3]: arrow 1: the colour is one of"),
        ({"glyph": "?!?"}, "tree[3]: a glyph is one of"),
        ({"marks": [["AS", "red", "big"]]}, "tree[3]: mark 1 is a pile or card, or (pile or card, colour)"),
    ],
)
def test_a_bad_note_in_a_record_is_refused_naming_the_entry(entry, message):
    data = played().to_record()
    data["version"] = 3
    data["tree"][3].update(entry)
    with pytest.raises(
        sw.RecordError, match=message.replace("(", r"\(").replace(")", r"\)").replace("[", r"\[")
    ):
        sw.Game.from_record(data)


def test_the_start_has_no_glyph_in_a_record():
    data = played().to_record()
    data["version"] = 3
    data["tree"][0]["glyph"] = "!"
    with pytest.raises(sw.RecordError, match="tree\\[0\\] is the start"):
        sw.Game.from_record(data)


def test_the_schema_takes_what_version_3_writes():
    jsonschema = pytest.importorskip("jsonschema")
    g = played()
    g.annotate(0, "", arrows=[("stock", "waste")])
    g.annotate(3, "x", marks=[("tableau/2", "red"), "AS"], arrows=[("AS", "foundation/0", "blue")])
    g.set_glyph(3, "?!")
    schema = json.loads(SCHEMA.read_text())
    jsonschema.validate(json.loads(record.dumps(g.to_record())), schema)
    bad = g.to_record()
    bad["tree"][3]["arrows"] = [["AS", "foundation/0", "purple"]]
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(bad, schema)


def test_a_move_played_before_the_end_of_the_line_is_a_variation_and_the_main_line_stays():
    g = played(count=8)
    g.annotate(8, "The end of the main line.")
    main = g.line
    g.goto(3)
    new = another_move(g)
    g.play(new)
    assert g.history == (*main[:3], new) and g.future == ()
    assert [node.move for node in g.root.main_continuation()] == list(main), "the main line is unchanged"
    assert not g.node.is_main and g.node_at(3).variations[1] is g.node
    # Undo goes back along the variation; redo follows it again; the main line's note stays.
    g.undo()
    assert g.future == (new,)
    g.redo()
    assert g.history[-1] == new
    g.goto(0)
    g.enter(g.root.variations[0])
    assert g.line == main and g.annotations == {8: "The end of the main line."}
    # Promoting the variation makes it the main continuation; the game stays where it stands.
    variation = g.node_at(3).variations[1]
    g.promote(variation)
    assert g.node_at(3).variations[0] is variation and variation.is_main and g.line == main
