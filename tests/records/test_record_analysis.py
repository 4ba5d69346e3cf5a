"""Records version 2: an analysed game saves and loads analysed, a game without analysis still
writes version 1, version-1 records load, and a wrong or newer analysis is a ``RecordError``
naming the entry, leaving nothing half loaded."""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import jsonschema
import pytest

import solitaire_widget as sw
from solitaire_widget.records import record

SCHEMA = json.loads((Path(record.__file__).parent / "record.schema.json").read_text())

VERSION_1 = {
    "format": "solitaire-widget record",
    "version": 1,
    "game": "klondike",
    "options": {"draw": 1, "redeals": None, "foundation_to_tableau": True},
    "seed": 3,
    "start": None,
    "tree": [
        {"comment": "A version-1 record, as the package wrote them."},
        {"parent": 0, "move": "t3>t1", "comment": "Free the pile.", "played_at": 1795000000.5},
        {"parent": 1, "move": "s>w"},
        {"parent": 0, "move": "s>w", "comment": "Or draw first."},
    ],
    "line": 2,
    "ply": 1,
}


@pytest.fixture(scope="module")
def analysed_record() -> dict:
    g = sw.Game.new("klondike", seed=3)
    for move in ("t3>t1", "s>w", "s>w", "t4>f0"):
        g.play(move)
    end = g.node
    g.goto(1)
    g.play(next(move for move in g.legal_moves() if move != g.future[0]))  # a variation
    g.enter(end)  # the analysis is of the main line; the record keeps the variation too
    sw.analyse(g, 6, node_limit=1_500, executor="serial", progress=False)
    data = g.to_record()
    assert len(data["tree"]) == 6
    return data


def test_a_version_1_record_still_loads_and_writes_version_1_again():
    g = sw.Game.from_record(copy.deepcopy(VERSION_1))
    assert [str(move) for move in g.line] == ["t3>t1", "s>w"] and g.ply == 1
    assert g.annotations[2 - 1] == "Free the pile." and g.analysis is None
    assert g.to_record()["version"] == 1 and "analysis" not in g.to_record()
    jsonschema.validate(g.to_record(), SCHEMA)


def test_an_analysed_game_saves_and_loads_analysed(analysed_record, tmp_path):
    g = sw.Game.from_record(analysed_record)
    assert analysed_record["version"] == 2 and len(analysed_record["analysis"]["plies"]) == 4
    jsonschema.validate(analysed_record, SCHEMA)
    path = tmp_path / "analysed.json"
    g.save(path)
    back = sw.Game.load(path)
    assert back.analysis == g.analysis and back.analysis.to_record() == analysed_record["analysis"]
    assert back.to_record() == analysed_record
    text = path.read_text()
    assert text.count("\n") > len(analysed_record["tree"]) + 4  # one analysed ply per line
    assert record.loads(text) == analysed_record


def test_a_known_stock_analysis_saves_and_loads_in_its_model():
    g = sw.Game.new("klondike", seed=3, draw=3, deal_to_waste=False)
    for move in ("sx3>w", "sx3>w"):
        g.play(move)
    sw.analyse(g, 4, node_limit=1_000, knows_stock=True, executor="serial", progress=False)
    data = g.to_record()
    jsonschema.validate(data, SCHEMA)
    assert data["analysis"]["knows_stock"] is True
    back = sw.Game.from_record(data)
    assert back.analysis.settings.knows_stock and back.to_record() == data


def test_an_analysis_of_version_1_with_every_legal_move_apart_still_reads(analysed_record):
    """Version 1 gave each of the moves that are one choice (the ace to each empty
    foundation) on its own: they read as the one choice."""
    old = copy.deepcopy(analysed_record)
    old["analysis"]["version"] = 1
    ace_home = old["analysis"]["plies"][3]["moves"]
    assert next(iter(ace_home)) == "t4>f0" and "t4>f1" not in ace_home
    for other in ("t4>f1", "t4>f2", "t4>f3"):
        ace_home[other] = ace_home["t4>f0"]
    g = sw.Game.from_record(old)
    assert g.analysis == sw.Game.from_record(analysed_record).analysis


def test_the_analysis_written_is_what_is_left_of_its_line_in_the_tree(analysed_record):
    g = sw.Game.from_record(analysed_record)
    g.delete(g.node_at(3))  # the analysed line loses its last two moves
    written = g.to_record()
    assert [ply["move"] for ply in written["analysis"]["plies"]] == ["t3>t1", "s>w"]
    g.delete(g.root.variations[0])
    assert "analysis" not in g.to_record() and g.to_record()["version"] == 1


def _changed(data: dict, path: tuple, value: object) -> dict:
    changed = copy.deepcopy(data)
    target = changed
    for key in path[:-1]:
        target = target[key]
    if value is _DELETE:
        del target[path[-1]]
    else:
        target[path[-1]] = value
    return changed


_DELETE = object()
A = ("analysis",)
PLY_2 = ("analysis", "plies", 1)


@pytest.mark.parametrize(
    ("path", "value", "message"),
    [
        (("version",), 1, "format version 1, which has no 'analysis' (from version 2)"),
        (A, [], "analysis: must be an object, not list"),
        ((*A, "version"), 3, "analysis: the analysis is format version 3, newer than"),
        ((*A, "version"), "1", "analysis: 'version' must be a whole number"),
        ((*A, "colour"), "red", "analysis: the analysis has an unknown key 'colour'"),
        ((*A, "samples"), 0, "analysis: samples must be a whole number from 1"),
        ((*A, "node_limit"), -5, "analysis: node_limit must be"),
        ((*A, "plies"), {}, "analysis: 'plies' must be a list of at least one move"),
        ((*A, "plies"), [], "analysis: 'plies' must be a list of at least one move"),
        (PLY_2, "s>w", "analysis, ply 2: must be an object, not str"),
        ((*PLY_2, "unseen"), _DELETE, "analysis, ply 2: no 'unseen'"),
        ((*PLY_2, "extra"), 1, "analysis, ply 2: unknown key 'extra'"),
        ((*PLY_2, "move"), "t0>t6", "analysis, ply 2: 'move': t0>t6 is not a legal move there"),
        ((*PLY_2, "move"), "zz", "analysis, ply 2: 'move':"),
        ((*PLY_2, "preferred"), "w>t6", "analysis, ply 2: 'preferred': w>t6 is not a legal move there"),
        ((*PLY_2, "unseen"), 53, "analysis, ply 2: 'unseen' must be a number of cards from 0 to 52"),
        ((*PLY_2, "chance"), ["3f"], "analysis, ply 2: 'chance': a chance is two lowercase hexadecimal"),
        ((*PLY_2, "chance"), ["0x3f", "0"], "analysis, ply 2: 'chance': a chance is two lowercase"),
        ((*PLY_2, "chance"), ["ff", "0"], "analysis, ply 2: 'chance': a mask names a sample beyond the 6"),
        (
            (*PLY_2, "chance"),
            ["1", "1"],
            "analysis, ply 2: 'chance': a sample cannot be both won and undecided",
        ),
        ((*PLY_2, "moves"), [], "analysis, ply 2: 'moves' must be an object"),
        (
            (*PLY_2, "moves", "s>w"),
            _DELETE,
            "analysis, ply 2: 'moves' must give each choice's chance, and lacks s>w",
        ),
        ((*PLY_2, "moves", "t0>t6"), ["0", "0"], "analysis, ply 2: 'moves': t0>t6 is not a legal move there"),
        ((*PLY_2, "moves", "s>w"), "3f/0", "analysis, ply 2: s>w: a chance is two lowercase hexadecimal"),
    ],
)
def test_a_wrong_analysis_is_refused_naming_the_entry(analysed_record, path, value, message):
    bad = _changed(analysed_record, path, value)
    with pytest.raises(sw.RecordError, match=re.escape(message)):
        sw.Game.from_record(bad)


def test_an_analysis_of_a_line_the_tree_does_not_hold_is_refused(analysed_record):
    bad = copy.deepcopy(analysed_record)
    bad["tree"] = [entry for entry in bad["tree"] if entry.get("move") != "t4>f0"]
    bad["line"] = min(bad["line"], len(bad["tree"]) - 1)
    bad["ply"] = 0
    with pytest.raises(
        sw.RecordError, match=re.escape("analysis, ply 4: t4>f0 is not a move of the tree there")
    ):
        sw.Game.from_record(bad)


def test_the_game_that_was_open_is_not_touched_by_a_record_that_fails(analysed_record):
    g = sw.Game.from_record(analysed_record)
    before = g.to_record()
    bad = _changed(analysed_record, (*PLY_2, "unseen"), -1)
    with pytest.raises(sw.RecordError):
        g.restore(sw.Game.from_record(bad))
    assert g.to_record() == before
