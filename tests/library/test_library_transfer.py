"""Export and import: a library moves to another file whole, a game already there is not
added twice, a line that is not a game stops the import before anything is added, and a
game whose record is refused (an illegal move, a newer format) is left out, named by its
line, while the rest come in."""

from __future__ import annotations

import json
from datetime import datetime, timedelta, timezone

import pandas
import pytest
from library_games import played

import solitaire_widget as sw


def same_rows_but_ids(lib, other) -> None:
    pandas.testing.assert_frame_equal(lib.games().drop(columns="id"), other.games().drop(columns="id"))


@pytest.fixture
def filled(lib):
    start = datetime(2026, 3, 1, tzinfo=timezone.utc)
    commented = played(sw.Game.new("klondike", seed=9), 6)
    commented.annotate(2, "A quiet start.")
    lib.save(commented, started_at=start, seconds=12.25, hints=1, result="abandoned")
    lib.save(played(sw.Game.new("father", seed=2), 4), started_at=start + timedelta(hours=1), demo=True)
    lib.save(sw.Game.new("following", seed=3), started_at=start + timedelta(hours=2), scoring="vegas")
    return lib


def test_a_library_moves_whole_to_another_file(filled, tmp_path):
    path = tmp_path / "games.jsonl"
    assert filled.export(path) == 3
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    assert [line["game"] for line in lines] == ["klondike", "father", "following"]
    assert lines[0]["started_at"] == "2026-03-01T00:00:00+00:00" and lines[0]["record"]["format"]
    with sw.Library(tmp_path / "other.sqlite3") as other:
        assert other.import_(path) == 3
        same_rows_but_ids(other, filled)
        for mine, theirs in zip(filled.games()["id"], other.games()["id"], strict=True):
            assert other.load(int(theirs)).to_record() == filled.load(int(mine)).to_record()


def test_a_game_already_there_is_not_added_twice(filled, tmp_path):
    path = tmp_path / "games.jsonl"
    filled.export(path)
    assert filled.import_(path) == 0 and len(filled.games()) == 3
    doubled = tmp_path / "doubled.jsonl"
    doubled.write_text(path.read_text() * 2)
    with sw.Library(tmp_path / "other.sqlite3") as other:
        assert other.import_(doubled) == 3


@pytest.mark.parametrize(
    ("bad_line", "error"),
    [
        ("{not json", "line 2: not a game of a library export"),
        ("[1, 2]", "line 2: .*a line is a JSON object"),
        ('{"result": "won"}', "line 2: .*no 'started_at'"),
        (
            '{"started_at": "2026-01-01T00:00:00+00:00", "result": "won", "colour": 1, "record": {}}',
            "unknown key",
        ),
    ],
)
def test_a_line_that_is_not_a_game_stops_the_import_before_anything_is_added(
    filled, tmp_path, bad_line, error
):
    path = tmp_path / "games.jsonl"
    filled.export(path)
    lines = path.read_text().splitlines()
    path.write_text("\n".join([lines[0], bad_line, *lines[1:]]) + "\n")
    with sw.Library(tmp_path / "other.sqlite3") as other:
        with pytest.raises(sw.LibraryError, match=error):
            other.import_(path)
        assert len(other.games()) == 0


def test_a_refused_record_is_left_out_by_its_line_and_the_rest_come_in(filled, tmp_path):
    path = tmp_path / "games.jsonl"
    filled.export(path)
    lines = [json.loads(line) for line in path.read_text().splitlines()]
    lines[0]["record"]["tree"][1]["move"] = "t0>f3"  # not legal there
    lines[2]["record"]["version"] = 99
    path.write_text("".join(json.dumps(line) + "\n" for line in lines))
    with sw.Library(tmp_path / "other.sqlite3") as other:
        with pytest.warns(UserWarning) as refused:
            assert other.import_(path) == 1
        assert [str(warning.message).split(": game not imported")[0] for warning in refused] == [
            f"{path}, line 1",
            f"{path}, line 3",
        ]
        assert "not legal there" in str(refused[0].message) and "newer" in str(refused[1].message)
        assert list(other.games()["game"]) == ["father"]
