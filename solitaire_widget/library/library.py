"""``Library``: the games kept in one SQLite file, their rows and statistics.

>>> import tempfile, pathlib
>>> from solitaire_widget import Game
>>> folder = tempfile.TemporaryDirectory()
>>> lib = Library(pathlib.Path(folder.name) / "games.sqlite3")
>>> g = Game.new("klondike", seed=42)
>>> g.play("w>t5")
Move(source='waste', target='tableau/5', count=1)
>>> game_id = lib.save(g, result="abandoned")
>>> lib.load(game_id) == g
True
>>> lib.statistics("klondike").played
1
>>> lib.load(99)
Traceback (most recent call last):
...
solitaire_widget.library.store.LibraryError: the library holds no game 99
>>> lib.close(); folder.cleanup()
"""

from __future__ import annotations

import json
import os
import sqlite3
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import datetime, timezone
from pathlib import Path
from typing import TYPE_CHECKING, Any, TypeAlias

from ..atomic import Atomic, atomic_members
from ..engine.games import GAMES, rules_for
from ..game import Game
from . import transfer
from .rows import COLUMNS, Entry, entry_of, record_of, row_of, timestamp
from .scores import VEGAS_CARD, VEGAS_STAKE
from .statistics import ABANDONED, LOST, WON, Statistics, statistics_of
from .store import LibraryError, chosen_path, connect

if TYPE_CHECKING:
    import pandas
    from matplotlib.axes import Axes

Table: TypeAlias = "pandas.DataFrame | list[dict[str, Any]]"
"""A pandas DataFrame when pandas is installed, else a list of dicts (one per row)."""

UNLOCKED = {
    "save": "it reads the game under the game's lock first and takes the library's only to write, "
    "so a board's listener (holding its game's lock) and a cell saving the same game cannot deadlock",
    "plot": "it holds the lock to read the rows, then draws without it",
}


@atomic_members(unlocked=UNLOCKED)
class Library(Atomic):
    """The game library in the SQLite file at ``path``.

    ``path`` None means ``$SOLITAIRE_WIDGET_LIBRARY`` when it is set (to a path), else the
    per-user default (``store.default_path``). ``LibraryError`` names the path when the file
    cannot be used (not a database, another program's, a newer schema, a missing folder);
    the file is never overwritten. Several threads may share a library (one connection, each
    call one step under the library's lock), and several processes may write one file at once.
    """

    def __init__(self, path: str | os.PathLike[str] | None = None) -> None:
        super().__init__()
        self._path = chosen_path(path)
        self._connection: sqlite3.Connection | None = connect(self._path)

    @property
    def path(self) -> Path:
        """The library file."""
        return self._path

    def __repr__(self) -> str:
        return f"Library({str(self._path)!r})"

    def close(self) -> None:
        """Close the file; the library cannot be used after (closing twice is harmless).
        ``with Library(path) as lib: ...`` closes it at the end of the block."""
        if self._connection is not None:
            self._connection.close()
            self._connection = None

    def __enter__(self) -> Library:
        return self

    def __exit__(self, *exc_info: object) -> None:
        self.close()

    # ------------------------------------------------------------------ writing
    def save(
        self,
        game: Game,
        *,
        game_id: int | None = None,
        result: str | None = None,
        started_at: datetime | None = None,
        finished_at: datetime | None = None,
        seconds: float | None = None,
        hints: int = 0,
        undos: int = 0,
        demo: bool = False,
        scoring: str = "standard",
    ) -> int:
        """Keep ``game`` (its whole record: every line, comment and analysis) and return its id.

        With ``game_id`` None a new row is added; otherwise row ``game_id`` is replaced in
        place (``LibraryError`` when there is none), as a board does after every move.
        ``result`` None takes it from the game: ``"won"``, ``"lost"`` when it is over, else
        ``"playing"``; ``"abandoned"`` is only ever passed. ``demo=True`` says the demo (or a
        strategy) played moves in it: a ``"won"`` game with ``demo=True`` is not the player's
        win (``Statistics`` counts it as a loss). ``started_at`` None is now for a new row and
        kept for a replaced one; ``finished_at`` None is now when the game ends with this
        save, kept when it had already ended, None while it is ``"playing"``. ``seconds`` is
        the time played, ``hints`` and ``undos`` how many were used, and the score is taken
        under ``scoring`` (``scores``). Every argument is checked before anything is written.
        """
        entry = entry_of(
            game,
            result=result,
            started_at=started_at,
            finished_at=finished_at,
            seconds=seconds,
            hints=hints,
            undos=undos,
            demo=demo,
            scoring=scoring,
        )
        if game_id is not None:
            self._check_id(game_id)
        with self.lock, self._writing() as connection:
            return self._write(connection, entry, game_id)

    def _write(self, connection: sqlite3.Connection, entry: Entry, game_id: int | None) -> int:
        """Insert or replace one game inside a write transaction; its id."""
        now = datetime.now(timezone.utc)
        started, finished = entry.started_at, entry.finished_at
        if game_id is not None:
            stored = connection.execute(
                "SELECT started_at, finished_at FROM games WHERE id = ?", (game_id,)
            ).fetchone()
            if stored is None:
                raise LibraryError(f"the library holds no game {game_id}")
            started = started or datetime.fromtimestamp(stored[0], timezone.utc)
            if finished is None and stored[1] is not None:
                finished = datetime.fromtimestamp(stored[1], timezone.utc)
        started = started or now
        if entry.result == "playing":
            finished = None
        elif finished is None:
            finished = now
        fields = (
            entry.game,
            entry.options,
            entry.seed,
            timestamp(started),
            timestamp(finished),
            entry.seconds,
            entry.moves,
            entry.result,
            entry.score,
            entry.hints,
            entry.undos,
            entry.demo,
            entry.scoring,
            entry.cards_home,
            entry.fingerprint(started),
        )
        names = (*COLUMNS[1:], "cards_home", "fingerprint")
        if game_id is None:
            cursor = connection.execute(
                f"INSERT INTO games ({', '.join(names)}) VALUES ({', '.join('?' * len(names))})", fields
            )
            game_id = cursor.lastrowid
            assert game_id is not None
            connection.execute("INSERT INTO records (id, record) VALUES (?, ?)", (game_id, entry.record))
        else:
            assignments = ", ".join(f"{name} = ?" for name in names)
            connection.execute(f"UPDATE games SET {assignments} WHERE id = ?", (*fields, game_id))
            connection.execute("UPDATE records SET record = ? WHERE id = ?", (entry.record, game_id))
        connection.execute("INSERT OR IGNORE INTO kinds VALUES (?, ?)", (entry.game, entry.options))
        return game_id

    def delete(self, game_id: int) -> None:
        """Remove game ``game_id``; ``LibraryError`` when the library holds none."""
        self._check_id(game_id)
        with self._writing() as connection:
            if connection.execute("DELETE FROM games WHERE id = ?", (game_id,)).rowcount == 0:
                raise LibraryError(f"the library holds no game {game_id}")
            connection.execute("DELETE FROM records WHERE id = ?", (game_id,))

    # ------------------------------------------------------------------ reading
    def load(self, game_id: int) -> Game:
        """Game ``game_id`` as it was saved: its whole move tree, comments and analysis,
        standing where it stood; ``LibraryError`` when the library holds none."""
        self._check_id(game_id)
        found = self._query("SELECT record FROM records WHERE id = ?", (game_id,))
        if not found:
            raise LibraryError(f"the library holds no game {game_id}")
        return Game.from_record(record_of(found[0][0]))

    def row(self, game_id: int) -> dict[str, Any]:
        """The row of game ``game_id``, a dict with the columns ``games`` gives;
        ``LibraryError`` when the library holds none."""
        self._check_id(game_id)
        found = self._query(f"SELECT {', '.join(COLUMNS)} FROM games WHERE id = ?", (game_id,))
        if not found:
            raise LibraryError(f"the library holds no game {game_id}")
        return row_of(found[0])

    def games(self, game: str | None = None, *, limit: int | None = None, **options: object) -> Table:
        """The games kept, newest first: all of them, or those of ``game`` (a game name)
        whose options include ``options`` (e.g. ``draw=3``), at most ``limit``.

        Columns: id, game, options (a dict), seed, started_at, finished_at (aware UTC
        datetimes), seconds, moves, result, score, hints, undos, demo, scoring. A pandas
        DataFrame when pandas is installed, else a list of dicts.
        """
        if limit is not None and (isinstance(limit, bool) or not isinstance(limit, int) or limit < 0):
            raise LibraryError(f"limit is a whole number from 0 (or None), not {limit!r}")
        rows = self._rows(game, options, limit)
        try:
            import pandas
        except ImportError:
            return rows
        return pandas.DataFrame(rows, columns=list(COLUMNS))

    def statistics(self, game: str | None = None, **options: object) -> Statistics:
        """The statistics (``Statistics``) of the games of ``game`` whose options include
        ``options``, or of every game kept."""
        where, parameters = self._filter(game, options)
        where = f"{where} {'AND' if where else 'WHERE'} result != 'playing'"
        players_win = "result = 'won' AND NOT demo"
        # One pass over an index that holds every column read, in the order of the games.
        # SQLite hands an aggregate the rows of an ordered subquery in that order (the
        # test of statistics saves games out of order to hold it to that).
        ((codes, best_seconds, fewest_moves, average_moves, vegas),) = self._query(
            f"""SELECT group_concat(code, ''), min(win_seconds), min(win_moves), avg(win_moves), total(vegas)
            FROM (SELECT CASE WHEN {players_win} THEN '{WON}' WHEN result = 'abandoned' THEN '{ABANDONED}'
                    ELSE '{LOST}' END AS code,
                CASE WHEN {players_win} THEN seconds END AS win_seconds,
                CASE WHEN {players_win} THEN moves END AS win_moves,
                CASE WHEN game = 'klondike' THEN {VEGAS_CARD} * cards_home + {VEGAS_STAKE} END AS vegas
                FROM games {where} ORDER BY started_at, id)""",
            parameters,
        )
        return statistics_of(
            codes or "",
            best_seconds=best_seconds,
            fewest_moves=fewest_moves,
            average_moves_won=average_moves,
            vegas_total=int(vegas),
        )

    # ------------------------------------------------------------------ moving games
    def export(self, path: str | os.PathLike[str]) -> int:
        """Write every game to the file ``path``, one JSON object per line (``transfer``),
        oldest first; how many were written."""
        query = (
            f"SELECT {', '.join(f'games.{column}' for column in COLUMNS)}, records.record "
            "FROM games JOIN records ON records.id = games.id ORDER BY started_at, games.id"
        )
        return transfer.write(
            path, ((row_of(values[:-1]), record_of(values[-1])) for values in self._query(query))
        )

    def import_(self, path: str | os.PathLike[str]) -> int:
        """Add the games of an export file (``transfer``); how many were added.

        A game already in the library (the same start time and record) is skipped. A line
        that is not a game of an export is ``LibraryError`` naming the line, and nothing is
        added; a game whose record is refused (an illegal move, a newer format) is skipped
        with a warning naming its line, and the rest are added.
        """
        entries = transfer.read(path)
        with self._writing() as connection:
            known = {fingerprint for (fingerprint,) in connection.execute("SELECT fingerprint FROM games")}
            added = 0
            for entry in entries:
                assert entry.started_at is not None
                fingerprint = entry.fingerprint(entry.started_at)
                if fingerprint not in known:
                    known.add(fingerprint)
                    self._write(connection, entry, None)
                    added += 1
            return added

    def plot(self, game: str | None = None, **options: object) -> Axes:
        """A matplotlib chart of the results over time of the games ``games`` would list:
        the win rate so far after each game counted, and each result as a mark (needs
        matplotlib, in the ``sim`` extra)."""
        from .plot import results_over_time

        with self.lock:
            rows = self._rows(game, options, None)
        return results_over_time(rows, self._path.name if game is None else rules_for(game).title)

    # ------------------------------------------------------------------ helpers
    def _rows(self, game: str | None, options: dict[str, object], limit: int | None) -> list[dict[str, Any]]:
        """The rows ``games`` gives, as dicts."""
        where, parameters = self._filter(game, options)
        query = f"SELECT {', '.join(COLUMNS)} FROM games {where} ORDER BY started_at DESC, id DESC"
        if limit is not None:
            query += f" LIMIT {limit}"
        return [row_of(values) for values in self._query(query, parameters)]

    def _open(self) -> sqlite3.Connection:
        if self._connection is None:
            raise LibraryError(f"the library {self._path} is closed")
        return self._connection

    def _query(self, query: str, parameters: tuple[Any, ...] = ()) -> list[tuple[Any, ...]]:
        try:
            return self._open().execute(query, parameters).fetchall()
        except sqlite3.Error as error:
            raise LibraryError(f"cannot read the library {self._path}: {error}") from None

    @contextmanager
    def _writing(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken at once (``BEGIN IMMEDIATE``) so two processes queue for
        it instead of failing when a reader turns writer; rolled back on any error."""
        connection = self._open()
        try:
            connection.execute("BEGIN IMMEDIATE")
        except sqlite3.Error as error:
            raise LibraryError(f"cannot write the library {self._path}: {error}") from None
        try:
            yield connection
            connection.execute("COMMIT")
        except BaseException as error:
            if connection.in_transaction:  # SQLite rolls some failures back itself (a full disk)
                connection.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise LibraryError(f"cannot write the library {self._path}: {error}") from None
            raise

    @staticmethod
    def _check_id(game_id: object) -> None:
        if isinstance(game_id, bool) or not isinstance(game_id, int):
            raise LibraryError(f"a game id is a whole number (as save returns), not {game_id!r}")

    def _filter(self, game: str | None, options: dict[str, object]) -> tuple[str, tuple[Any, ...]]:
        """The WHERE clause (and its parameters) picking the games of ``game`` whose options
        include ``options``: the option sets kept are few, so they are matched here and the
        query names them, which its index serves."""
        if game is not None:
            rules = rules_for(game)
            checked = rules.check_options(options)
            options = {key: checked[key] for key in options}
        else:
            known = {key for rules in GAMES.values() for key in rules.options}
            unknown = [key for key in options if key not in known]
            if unknown:
                raise LibraryError(
                    f"no game has an option {unknown[0]!r} (their options: {', '.join(sorted(known))})"
                )
        clauses, parameters = [], []
        if game is not None:
            clauses.append("game = ?")
            parameters.append(rules.name)
        if options:
            kinds = {text: json.loads(text) for (text,) in self._query("SELECT DISTINCT options FROM kinds")}
            matching = [
                text
                for text, kind in kinds.items()
                if all(key in kind and kind[key] == value for key, value in options.items())
            ]
            clauses.append(f"options IN ({', '.join('?' * len(matching))})")
            parameters.extend(matching)
        return (f"WHERE {' AND '.join(clauses)}" if clauses else ""), tuple(parameters)
