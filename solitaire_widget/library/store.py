"""The library's SQLite file: where it lives, opening it safely, its schema and migrations.

A library file is an SQLite database in WAL mode (readers never wait for a writer, and two
processes may write one after the other), with a busy timeout so a writer waits for another
instead of failing. Its ``PRAGMA application_id`` marks it as a solitaire_widget library and
its ``PRAGMA user_version`` is the schema version: opening a file applies the migrations it
has not had yet, in order, in one transaction. A file that is not an SQLite database, an
SQLite database of another program, or a library of a newer schema than this package knows
is refused with ``LibraryError`` naming the path, and left exactly as it was.
"""

from __future__ import annotations

import os
import sqlite3
import sys
import time
from collections.abc import Sequence
from pathlib import Path

ENVIRONMENT = "SOLITAIRE_WIDGET_LIBRARY"
"""The environment variable that names the library file, or turns recording off (``off``)."""
OFF = "off"
APPLICATION_ID = 0x536F6C57
"""``PRAGMA application_id`` of a library file ("SolW")."""
BUSY_SECONDS = 5.0
"""How long a writer waits for another process's transaction before giving up."""

COUNTED = "result, demo, seconds, moves, cards_home"
"""The columns ``Library.statistics`` reads besides the game, options and order."""

MIGRATIONS: Sequence[Sequence[str]] = (
    (
        """CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            game TEXT NOT NULL,
            options TEXT NOT NULL,
            seed INTEGER,
            started_at REAL NOT NULL,
            finished_at REAL,
            seconds REAL,
            moves INTEGER NOT NULL,
            result TEXT NOT NULL CHECK (result IN ('won', 'lost', 'abandoned', 'playing')),
            score INTEGER NOT NULL,
            hints INTEGER NOT NULL,
            undos INTEGER NOT NULL,
            demo INTEGER NOT NULL,
            scoring TEXT NOT NULL,
            cards_home INTEGER NOT NULL,
            fingerprint TEXT NOT NULL
        )""",
        "CREATE TABLE records (id INTEGER PRIMARY KEY, record BLOB NOT NULL)",
        """CREATE TABLE kinds (
            game TEXT NOT NULL, options TEXT NOT NULL, PRIMARY KEY (game, options)
        ) WITHOUT ROWID""",
        f"CREATE INDEX games_by_kind ON games (game, options, started_at, id, {COUNTED})",
        f"CREATE INDEX games_by_start ON games (started_at, id, game, {COUNTED})",
        "CREATE INDEX games_by_fingerprint ON games (fingerprint)",
    ),
)
"""The schema, as the steps from each version to the next: ``MIGRATIONS[v]`` takes a file
from version ``v`` to ``v + 1`` (version 0 is an empty file). ``games`` holds one narrow row
per game; ``records`` holds each game's record (zlib-compressed JSON) under the same id;
``kinds`` every game name and options a game was saved with, so a filter on some options
finds the option sets that match without reading every row. The two indexes of ``games``
hold, in the order statistics take the games, every column statistics read: the statistics
of one kind of game, or of all, read one index and nothing else. A change of schema is a
new step at the end, never an edit."""


class LibraryError(ValueError):
    """The game library cannot do what was asked: a file it cannot use (named), a game id it
    does not hold, a bad argument. Nothing was changed."""


def default_path() -> Path:
    """Where the library lives when no path is given: the per-user data folder
    (``$XDG_DATA_HOME`` or ``~/.local/share`` on Linux, ``~/Library/Application Support`` on
    macOS, ``%LOCALAPPDATA%`` on Windows), then ``solitaire_widget/library.sqlite3``."""
    if sys.platform == "win32":
        base = Path(os.environ.get("LOCALAPPDATA") or Path.home() / "AppData" / "Local")
    elif sys.platform == "darwin":
        base = Path.home() / "Library" / "Application Support"
    else:
        base = Path(os.environ.get("XDG_DATA_HOME") or Path.home() / ".local" / "share")
    return base / "solitaire_widget" / "library.sqlite3"


def chosen_path(path: str | os.PathLike[str] | None) -> Path:
    """The library file for ``path``: itself, else ``$SOLITAIRE_WIDGET_LIBRARY``, else the
    default (whose folder is made when missing); ``LibraryError`` for ``"off"``."""
    if path is None:
        from_environment = os.environ.get(ENVIRONMENT, "")
        if from_environment.strip().lower() == OFF:
            raise LibraryError(
                f"{ENVIRONMENT}=off turns the game library off, so there is no library to open; "
                f"unset it or name a file"
            )
        if not from_environment:
            default = default_path()
            default.parent.mkdir(parents=True, exist_ok=True)
            return default
        path = from_environment
    if not isinstance(path, (str, os.PathLike)):
        raise TypeError(f"a library path is a str or a path, not {type(path).__name__}")
    if str(path).strip().lower() == OFF:
        raise LibraryError("'off' is not a library file: to record nothing, make no Library (library=False)")
    return Path(path).expanduser()


def connect(path: Path) -> sqlite3.Connection:
    """An open connection to the library file at ``path``, its schema brought up to date
    (a missing file is made); ``LibraryError`` naming ``path`` when the file cannot be used."""
    if path.is_dir():
        raise LibraryError(f"{path} is a folder, not a library file")
    if not path.parent.is_dir():
        raise LibraryError(f"cannot make the library file {path}: its folder {path.parent} does not exist")
    try:
        connection = sqlite3.connect(
            path, timeout=BUSY_SECONDS, isolation_level=None, check_same_thread=False
        )
    except sqlite3.Error as error:
        raise LibraryError(f"cannot open the library file {path}: {error}") from None
    try:
        _check_kind(connection, path)
        _write_ahead(connection)
        # NORMAL keeps every commit through a crash of the process; only a power cut may lose the last.
        connection.execute("PRAGMA synchronous = NORMAL")
        migrate(connection)
    except LibraryError:
        connection.close()
        raise
    except sqlite3.Error as error:
        connection.close()
        raise LibraryError(f"cannot use the library file {path}: {error}") from None
    return connection


def _check_kind(connection: sqlite3.Connection, path: Path) -> None:
    """Refuse a file that is not a library this package can open; reads only."""
    try:
        # One statement, so one snapshot: read one by one, another process making the same
        # new file could commit in between, and its tables would seem to be another program's.
        application, version, tables = connection.execute(
            "SELECT (SELECT application_id FROM pragma_application_id),"
            " (SELECT user_version FROM pragma_user_version),"
            " (SELECT count(*) FROM sqlite_master)"
        ).fetchone()
    except sqlite3.DatabaseError as error:
        raise LibraryError(
            f"{path} is not a game library (not an SQLite database, or a damaged one: {error}); "
            f"it is left as it is: move it away or choose another path"
        ) from None
    if application != APPLICATION_ID and (application or version or tables):
        raise LibraryError(
            f"{path} is an SQLite database of another program, not a game library; "
            f"it is left as it is: choose another path"
        )
    if version > len(MIGRATIONS):
        raise LibraryError(
            f"{path} is a game library of schema version {version}, newer than this "
            f"solitaire_widget knows (up to {len(MIGRATIONS)}): update solitaire_widget to use it; "
            f"the file is left as it is"
        )


def _write_ahead(connection: sqlite3.Connection) -> None:
    """Put the file in WAL mode, waiting up to ``BUSY_SECONDS`` for other connections.

    When several connections switch a new file at once, SQLite refuses some of them at once
    with "database is locked" rather than call the busy handler (waiting could deadlock
    them), so the refusal is retried here until one of them has switched the file."""
    deadline = time.monotonic() + BUSY_SECONDS
    while True:
        try:
            connection.execute("PRAGMA journal_mode = WAL")
            return
        except sqlite3.OperationalError as error:
            if "locked" not in str(error) or time.monotonic() > deadline:
                raise
            time.sleep(0.005)


def migrate(connection: sqlite3.Connection) -> None:
    """Apply the migrations the file has not had, in order, in one transaction (another
    process opening the same file at once waits, then finds nothing left to do)."""
    if connection.execute("PRAGMA user_version").fetchone()[0] == len(MIGRATIONS):
        return
    connection.execute("BEGIN IMMEDIATE")
    try:
        version = connection.execute("PRAGMA user_version").fetchone()[0]
        for steps in MIGRATIONS[version:]:
            for statement in steps:
                connection.execute(statement)
        connection.execute(f"PRAGMA application_id = {APPLICATION_ID}")
        connection.execute(f"PRAGMA user_version = {len(MIGRATIONS)}")
        connection.execute("COMMIT")
    except BaseException:
        if connection.in_transaction:
            connection.execute("ROLLBACK")
        raise
