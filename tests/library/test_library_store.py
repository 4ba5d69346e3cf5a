"""The library file: migrations from an empty (version 0) or older file, a newer schema, a
corrupt file and another program's database refused with the path named and the file left
byte for byte, a locked database, and where the file is (argument, environment, default)."""

from __future__ import annotations

import sqlite3
import sys

import pytest

import solitaire_widget as sw
from solitaire_widget.library import library_from_setting, store


def raw(path, *statements) -> None:
    connection = sqlite3.connect(path, isolation_level=None)
    for statement in statements:
        connection.execute(statement)
    connection.close()


def test_an_empty_version_0_file_gets_the_whole_schema(tmp_path):
    path = tmp_path / "empty.sqlite3"
    raw(path, "PRAGMA user_version = 0", "VACUUM")
    lib = sw.Library(path)
    lib.save(sw.Game.new(seed=1))
    assert len(lib.games()) == 1
    lib.close()
    raw_version = sqlite3.connect(path).execute("PRAGMA user_version").fetchone()[0]
    assert raw_version == len(store.MIGRATIONS)


def test_an_older_file_is_migrated_in_order_keeping_its_games(tmp_path, monkeypatch):
    path = tmp_path / "older.sqlite3"
    with sw.Library(path) as lib:
        kept = lib.save(sw.Game.new(seed=1))
    newer = (
        *store.MIGRATIONS,
        ("ALTER TABLE games ADD COLUMN note TEXT", "UPDATE games SET note = 'migrated'"),
    )
    monkeypatch.setattr(store, "MIGRATIONS", newer)
    with sw.Library(path) as lib:
        assert lib.load(kept) == sw.Game.new(seed=1)
    connection = sqlite3.connect(path)
    assert connection.execute("PRAGMA user_version").fetchone()[0] == len(newer)
    assert connection.execute("SELECT note FROM games").fetchall() == [("migrated",)]
    connection.close()


def test_a_newer_schema_is_refused_and_the_file_left_as_it_is(tmp_path):
    path = tmp_path / "newer.sqlite3"
    sw.Library(path).close()
    raw(path, f"PRAGMA user_version = {len(store.MIGRATIONS) + 1}")
    before = path.read_bytes()
    with pytest.raises(sw.LibraryError, match=f"{path}.*newer than this solitaire_widget knows"):
        sw.Library(path)
    assert path.read_bytes() == before


@pytest.mark.parametrize(
    ("content", "error"),
    [
        (b"These are my notes, not a database.\n" * 200, "not a game library"),
        (b"SQLite format 3\x00" + b"\xff" * 4000, "not a game library"),
    ],
)
def test_a_corrupt_file_is_refused_and_never_overwritten(tmp_path, content, error):
    path = tmp_path / "corrupt.sqlite3"
    path.write_bytes(content)
    with pytest.raises(sw.LibraryError, match=f"{path} is {error}"):
        sw.Library(path)
    assert path.read_bytes() == content


def test_another_programs_database_is_refused(tmp_path):
    path = tmp_path / "foreign.sqlite3"
    raw(path, "CREATE TABLE cards (name TEXT)", "INSERT INTO cards VALUES ('seven of hearts')")
    before = path.read_bytes()
    with pytest.raises(sw.LibraryError, match="SQLite database of another program"):
        sw.Library(path)
    assert path.read_bytes() == before


def test_a_folder_or_a_missing_folder_is_no_library_file(tmp_path):
    with pytest.raises(sw.LibraryError, match="is a folder"):
        sw.Library(tmp_path)
    with pytest.raises(sw.LibraryError, match="does not exist"):
        sw.Library(tmp_path / "missing" / "games.sqlite3")


def test_a_locked_library_says_so_and_loses_nothing(tmp_path, monkeypatch):
    monkeypatch.setattr(store, "BUSY_SECONDS", 0.05)
    path = tmp_path / "locked.sqlite3"
    lib = sw.Library(path)
    kept = lib.save(sw.Game.new(seed=1))
    other = sqlite3.connect(path, isolation_level=None)
    other.execute("BEGIN IMMEDIATE")
    with pytest.raises(sw.LibraryError, match=f"cannot write the library {path}: database is locked"):
        lib.save(sw.Game.new(seed=2))
    other.execute("ROLLBACK")
    other.close()
    assert [row["id"] for row in lib.games().to_dict("records")] == [kept]
    lib.save(sw.Game.new(seed=2))
    assert len(lib.games()) == 2


def test_the_environment_names_the_file_or_turns_the_library_off(tmp_path, monkeypatch):
    path = tmp_path / "elsewhere.sqlite3"
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(path))
    assert sw.Library().path == path and library_from_setting(None).path == path
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
    assert library_from_setting(None) is None
    with pytest.raises(sw.LibraryError, match="SOLITAIRE_WIDGET_LIBRARY=off turns the game library off"):
        sw.Library()


def test_library_settings(tmp_path):
    lib = sw.Library(tmp_path / "a.sqlite3")
    assert library_from_setting(lib) is lib and library_from_setting(False) is None
    assert library_from_setting(str(tmp_path / "b.sqlite3")).path == tmp_path / "b.sqlite3"
    assert library_from_setting(tmp_path / "c.sqlite3").path == tmp_path / "c.sqlite3"
    with pytest.raises(sw.LibraryError, match="'off' is not a library file"):
        library_from_setting("off")
    with pytest.raises(TypeError, match="a Library, a path, False or None, not True"):
        library_from_setting(True)


@pytest.mark.skipif(sys.platform in ("win32", "darwin"), reason="the XDG folders are Linux's")
def test_the_default_file_is_in_the_users_data_folder(tmp_path, monkeypatch):
    monkeypatch.delenv("SOLITAIRE_WIDGET_LIBRARY")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    with sw.Library() as lib:
        assert lib.path == tmp_path / "data" / "solitaire_widget" / "library.sqlite3"
        assert lib.path.exists()
    monkeypatch.delenv("XDG_DATA_HOME")
    monkeypatch.setenv("HOME", str(tmp_path))
    assert store.default_path() == tmp_path / ".local" / "share" / "solitaire_widget" / "library.sqlite3"
