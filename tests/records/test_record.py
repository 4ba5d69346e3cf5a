"""Game records: save and load every line, comment, mark and where the game stood; refuse
records that are corrupt, truncated, hand-edited wrongly, newer or of an unknown game."""

from __future__ import annotations

import json
import re
from pathlib import Path

import jsonschema
import pytest
from engine_helpers import piles

import solitaire_widget as sw
from solitaire_widget.records import record

SCHEMA = json.loads((Path(record.__file__).parent / "record.schema.json").read_text())


def taught(name: str = "father", seed: int = 7, **options: object) -> sw.Game:
    """A game with a main line, a variation, comments, marks, standing mid-line."""
    g = sw.Game.new(name, seed=seed, **options)
    for step in range(20):
        legal = g.legal_moves()
        g.play(legal[(step * 3 + 1) % len(legal)])
    g.annotate(0, "The deal: look for aces.", marks=["tableau/0"])
    g.annotate(4, "Line one\nline two <b>not bold</b>")
    g.goto(6)
    g.play(next(m for m in g.legal_moves() if m != g.future[0]))
    g.annotate(7, "A variation.", marks=["waste", "KH"])
    g.goto(5)
    g.enter(g.node_at(5).variations[0])
    g.goto(12)
    return g


@pytest.mark.parametrize(
    ("name", "options"), [("father", {}), ("following", {"redeals": 0}), ("klondike", {"draw": 3})]
)
def test_a_record_round_trips_the_tree_comments_marks_and_where_the_game_stood(name, options, tmp_path):
    g = taught(name, **options)
    path = tmp_path / "game.json"
    g.save(path)
    back = sw.Game.load(path)
    assert back == g and back.ply == 12 and piles(back) == piles(g)
    assert back.annotations == g.annotations and back.root.marks == ("tableau/0",)
    assert back.to_record() == g.to_record()
    branch = back.node_at(6)
    assert [node.move for node in branch.variations] == [node.move for node in g.node_at(6).variations]
    assert branch.variations[1].comment == "A variation." and branch.variations[1].marks == ("waste", "KH")


def test_records_follow_the_shipped_json_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    hand_made = sw.Game.from_dict(sw.Game.new("klondike", seed=3).to_dict() | {"seed": None, "history": None})
    hand_made.play(hand_made.legal_moves()[0])
    for g in (taught(), taught("klondike", draw=3), hand_made):
        jsonschema.validate(g.to_record(), SCHEMA)
    assert hand_made.to_record()["seed"] is None and hand_made.to_record()["start"]["game"] == "klondike"
    assert sw.Game.from_record(hand_made.to_record()) == hand_made


def test_the_saved_file_has_one_tree_entry_a_line_and_is_utf8(tmp_path):
    g = taught()
    g.save(tmp_path / "game.json")
    text = (tmp_path / "game.json").read_text(encoding="utf-8")
    assert json.loads(text) == g.to_record()
    assert len([line for line in text.splitlines() if line.startswith("    {")]) == len(g.to_record()["tree"])


def test_the_text_handout_numbers_moves_with_sentences_comments_and_variations():
    g = taught()
    handout = g.to_text()
    lines = handout.splitlines()
    assert lines[0] == "Father · seed 7 · 1 redeal"
    assert "The deal: look for aces." in lines[1] and "marks: tableau/0" in lines[2]
    first = g.line[0]
    assert lines[3].split()[:2] == ["1.", str(first)] and g.sentence(1) in lines[3]
    assert "variation:" in handout and "A variation." in handout
    assert "line two <b>not bold</b>" in handout


# ---------------------------------------------------------------- bad records


def spoiled(change) -> dict:
    data = json.loads(json.dumps(taught().to_record()))
    change(data)
    return data


def set_key(key, value):
    return lambda data: data.__setitem__(key, value)


def set_entry(index, key, value):
    return lambda data: data["tree"][index].__setitem__(key, value)


@pytest.mark.parametrize(
    ("change", "message"),
    [
        (set_key("format", "pgn"), "not a solitaire_widget record"),
        (set_key("version", 4), "format version 4, newer than this solitaire_widget reads"),
        (set_key("version", "1"), "'version' must be a whole number"),
        (set_key("game", "spider"), "unknown game 'spider'"),
        (set_key("options", {"draw": 3}), "Father has no option 'draw'"),
        (set_key("seed", 2**60), "a seed is a whole number"),
        (set_key("start", {"stock": []}), "either the 'seed' of its deal or its 'start'"),
        (set_key("comment", "hi"), "unknown key 'comment'"),
        (set_key("tree", []), "'tree' must be a list"),
        (set_key("line", 999), "'line' must be an entry of the tree"),
        (set_key("ply", 99), "'ply' must be a whole number from 0 to"),
        (set_entry(0, "move", "s>w"), "tree[0] is the start"),
        (set_entry(3, "parent", 3), "tree[3]: 'parent' must be an earlier entry"),
        (set_entry(3, "move", "t1>>t2"), "tree[3] (move 3): cannot read move"),
        (set_entry(5, "move", "t0>f4"), "tree[5] (move 5): t0>f4 is not legal there"),
        (set_entry(2, "comment", 7), "tree[2]: a comment is text"),
        (set_entry(2, "comment", "x" * 10_001), "at most 10,000 characters"),
        (set_entry(2, "marks", ["tableau/12"]), "mark 1: 'tableau/12' is neither a pile of this Father game"),
        (set_entry(2, "played_at", "noon"), "'played_at' must be a number"),
        (set_entry(2, "colour", "red"), "tree[2] has an unknown key 'colour'"),
    ],
)
def test_a_bad_record_is_refused_naming_the_problem_and_where(change, message):
    with pytest.raises(sw.RecordError, match=re.escape(message)):
        sw.Game.from_record(spoiled(change))


def test_a_record_error_is_a_value_error():
    assert issubclass(sw.RecordError, ValueError)


@pytest.mark.parametrize("cut", [1, 40, 200, -3])
def test_a_truncated_or_corrupt_file_is_refused(cut, tmp_path):
    path = tmp_path / "game.json"
    taught().save(path)
    path.write_text(path.read_text()[:cut])
    with pytest.raises(sw.RecordError, match="not valid JSON"):
        sw.Game.load(path)
    path.write_bytes(b"\xff\xfe\x00garbage")
    with pytest.raises(sw.RecordError, match="not a text file"):
        sw.Game.load(path)
    path.write_text("[1, 2]")
    with pytest.raises(sw.RecordError, match="a record is a JSON object"):
        sw.Game.load(path)


def test_a_move_that_is_illegal_in_a_variation_is_found_where_it_is():
    data = json.loads(json.dumps(taught().to_record()))
    variation = next(i for i, entry in enumerate(data["tree"]) if entry.get("comment") == "A variation.")
    data["tree"][variation]["move"] = "w>f0"
    with pytest.raises(sw.RecordError, match=rf"tree\[{variation}\] \(move 7\): w>f0 is not legal there"):
        sw.Game.from_record(data)


def test_a_missing_file_is_an_os_error(tmp_path):
    with pytest.raises(OSError):
        sw.Game.load(tmp_path / "nowhere.json")
