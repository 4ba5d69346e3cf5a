"""The board's memory: the game on show recorded into the game library as it is played,
its score, and what the Statistics panel and the History list show.

A row is made at the game's first move played on the board (a deal nobody touched is not a
game) and replaced after every change that follows (a move, undo, redo, goto, a comment, an
analysis), so a kernel that dies loses at most the change being made. A game taken back to
its deal (undone, or stepped back to the start, to no move played) is no game either: its
row is removed, and the next move played makes it again, so the library never holds a game
of no moves. Its result is the
library's reading of the game's outcome (``won``, ``lost``, ``playing``), or ``abandoned``
when another game replaces it or the board is closed (``w.close()``) before its end. A
view going away is not an end: a cell's output is drawn again and again, and the kernel
cannot tell that from a tab closed for good (a widget collected or closed at Python's exit
leaves its row "playing", as a kernel that died does). Counted in the row: the hints asked (either
kind), the undos, and whether a strategy or the demo played a move (``demo``: a game the
demo finished is not the player's win). Its time runs from the first move (the board's
clock, ``Clock.first_move_at``) to the end, or to now while it is played.

A game opened from the library (``open_game``), loaded from a file or taken from a lesson is
shown without a row of its own; the first move played on it makes a new row, so a past
row is never changed. Lessons are not recorded: their moves are the lesson's, not the
player's.

Saving is done on the thread that made the change, holding the game's lock, as the state is
published: over a game of 150 moves a save costs 0.54 ms median (tens of ms at most, when the
file is checkpointed), and ``w.play`` 1.2 ms median against 0.5 ms without a library, so it
stays on that path (the library promises under 2 ms).

Recording must never break play: the first library error (a full or read-only disk, a
locked or corrupt file) stops the recording of this board, and ``recording`` says so in
words, once; the game plays on.

Scores (``scoring``, a setting of ``intents.SETTINGS``): with "standard" or "vegas" the state
carries the current line's score (see ``score_state``); Vegas is Klondike's only, and its
figure on the board is the balance over every game of the same options in the library plus
this one.
"""

from __future__ import annotations

import logging
import os
import sqlite3
import sys
from collections.abc import Callable
from datetime import datetime, timezone
from typing import Any

from ..game import Game
from ..library import Library, LibraryError, library_from_setting
from ..library.scores import Scoring, score_of
from ..library.store import ENVIRONMENT, OFF
from .state import Clock, now_ms

HISTORY_PAGE = 50
"""The History list shows the latest games of the kind on show, this many at most."""

SCORINGS_OF_GAMES = {"klondike": ("off", "standard", "vegas")}
"""The scorings each game takes; a game not named here takes "off" and "standard" only."""

_log = logging.getLogger("solitaire_widget")

# What the library may raise when its file or disk fails (locked, full, corrupt, read-only).
_LIBRARY_FAILURES = (LibraryError, sqlite3.Error, OSError, ValueError)


LibrarySetting = Library | str | os.PathLike[str] | bool | None
"""What a board's ``library=`` takes (see ``library_from_setting``)."""


def _names_a_file(setting: LibrarySetting) -> bool:
    """True when ``setting`` is a library file to open: a path, or None while
    ``SOLITAIRE_WIDGET_LIBRARY`` is not off (its path, or the default file)."""
    if isinstance(setting, str | os.PathLike):
        return True
    return setting is None and os.environ.get(ENVIRONMENT, "").strip().lower() != OFF


def scorings_for(name: str) -> tuple[str, ...]:
    """The ``scoring`` choices a game takes: "vegas" only for Klondike.

    >>> scorings_for("father")
    ('off', 'standard')
    """
    return SCORINGS_OF_GAMES.get(name, ("off", "standard"))


def _moment(ms: int | None) -> datetime | None:
    """A clock's time (ms since the epoch) as the library keeps it."""
    return None if ms is None else datetime.fromtimestamp(ms / 1000, timezone.utc)


def _seconds_played(clock: Clock) -> float | None:
    """Seconds from the first move to the end, or to now while the game goes on."""
    if clock.first_move_at is None:
        return None
    end = now_ms() if clock.finished_at is None else clock.finished_at
    return (end - clock.first_move_at) / 1000


class Recorder:
    """Records one board's games into the library its ``library=`` setting names.

    ``tell(status)`` publishes the widget's ``recording`` trait. Every method is called
    holding the lock of the game on show.
    """

    def __init__(self, setting: LibrarySetting, tell: Callable[[dict[str, Any]], None]) -> None:
        """``setting`` as ``library_from_setting`` takes it. A file is opened when a game is
        first recorded or the library first looked at, so a board nobody plays leaves no file
        behind; a bad kind of setting is a ``TypeError`` at once."""
        self._tell = tell
        self._failure: str | None = None
        self._setting = setting
        self._unopened = _names_a_file(setting)
        self._library = None if self._unopened else library_from_setting(setting)
        self._game: Game | None = None
        self._row: int | None = None
        self._played = False
        self._hints = 0
        self._undos = 0
        self._demo = False
        self._vegas_before: int | None = None

    @property
    def library(self) -> Library | None:
        """The library this board records into (opened now if it was not yet), None when
        recording is off or failed. A library that cannot be opened (a foreign or corrupt
        file, a newer schema, no room) is not an error of the board's: ``status()`` says why."""
        if self._unopened:
            self._unopened = False
            try:
                self._library = library_from_setting(self._setting)
            except _LIBRARY_FAILURES as error:
                self._fail(error)
            else:
                self._tell(self.status())
        return None if self._failure is not None else self._library

    @property
    def row(self) -> int | None:
        """The library id of the row of the game on show, None before its first move."""
        return self._row

    def status(self) -> dict[str, Any]:
        """The ``recording`` trait: ``{"status": "on" | "off" | "failed", "said": words}``."""
        if self._failure is not None:
            return {"status": "failed", "said": f"Games are not recorded: {self._failure}"}
        if self._unopened:
            return {"status": "on", "said": "Games are recorded from their first move."}
        if self._library is None:
            said = "the board was made with library=False, or SOLITAIRE_WIDGET_LIBRARY is off"
            return {"status": "off", "said": f"Games are not recorded: {said}."}
        return {"status": "on", "said": f"Games are recorded in {self._library.path}."}

    # ------------------------------------------------------------------ what happens on the board
    def showing(self, game: Game) -> None:
        """``game`` comes on show: it has no row until a move is played on it."""
        self._game, self._row, self._played = game, None, False
        self._hints = self._undos = 0
        self._demo = False
        self._vegas_before = None

    def noticed(self, action: str, *, by_run: bool) -> None:
        """An engine action on the game on show (``Game.add_listener``'s ``action``)."""
        if action == "play":
            self._played = True
            self._demo = self._demo or by_run
        elif action == "undo":
            self._undos += 1

    def hint_asked(self) -> None:
        self._hints += 1

    def record(self, game: Game, clock: Clock, scoring: str, *, lesson: bool) -> None:
        """Make or replace the row of ``game`` after a change (nothing before its first move)."""
        if lesson or not self._played or game is not self._game:
            return
        self._save(game, clock, scoring, None)

    def abandon(self, game: Game, clock: Clock, scoring: str) -> None:
        """``game`` leaves the board: its row, if it has one and it is not over, is abandoned.
        Not while Python shuts down (a widget is closed as it is collected): a kernel's end
        is not the player's, and its row stays "playing", as after a kernel that died."""
        if sys.is_finalizing():
            return
        if self._row is not None and game is self._game and game.outcome is None:
            self._save(game, clock, scoring, "abandoned")
        self._game = None

    def _save(self, game: Game, clock: Clock, scoring: str, result: str | None) -> None:
        library = self.library
        if library is None:
            return
        try:
            if game.ply == 0:
                self._forget_row(library)
                return
            self._row = library.save(
                game,
                game_id=self._row,
                result=result,
                started_at=_moment(clock.first_move_at),
                finished_at=_moment(clock.finished_at),
                seconds=_seconds_played(clock),
                hints=self._hints,
                undos=self._undos,
                demo=self._demo,
                scoring="standard" if scoring == "off" else scoring,
            )
        except Exception as error:  # whatever it is, the game goes on (see the module's docstring)
            self._fail(error)

    def _forget_row(self, library: Library) -> None:
        """Remove the row of a game back at its deal (see the module's docstring)."""
        if self._row is not None:
            row, self._row = self._row, None
            library.delete(row)

    def _fail(self, error: Exception) -> None:
        self._failure = f"{error} (the game goes on)"
        _log.warning("SolitaireWidget: recording stopped: %s", error)
        self._tell(self.status())

    # ------------------------------------------------------------------ scores
    def score_state(self, game: Game, scoring: str) -> dict[str, Any] | None:
        """The state's ``score``: None with scoring off, else ``{"scoring", "game": this
        line's score, "total": the figure shown}``; in Vegas the total is the balance of the
        library's earlier games of these options plus this one's (this one's alone without
        a library)."""
        if scoring == "off":
            return None
        counted: Scoring = (
            "vegas" if scoring == "vegas" and scoring in scorings_for(game.name) else "standard"
        )
        points = score_of(game, counted)
        total = points
        if counted == "vegas":
            total += self._vegas_balance(game)
        return {"scoring": counted, "game": points, "total": total}

    def _vegas_balance(self, game: Game) -> int:
        """The Vegas balance of the games before this one (asked once per game on show)."""
        if self._vegas_before is None:
            self._vegas_before = 0
            if self.library is not None:
                try:
                    before = self.library.statistics(game.name, **game.options)
                    self._vegas_before = before.vegas_total - self._own_vegas_share(game)
                except _LIBRARY_FAILURES as error:
                    self._fail(error)
        return self._vegas_before

    def _own_vegas_share(self, game: Game) -> int:
        """What this game's own row adds to the library's Vegas total: the library counts a
        row once its game is over, with the cards home it was saved with (this game's own,
        as every change is saved)."""
        if self._row is None or game.outcome is None:
            return 0
        return score_of(game, "vegas")

    # ------------------------------------------------------------------ the panel's figures
    def panel(self, game: Game) -> dict[str, Any]:
        """The Statistics panel and History list of games of ``game``'s name and options:
        ``{"recording", "statistics": Statistics.to_dict() | None, "history": [row, ...]}``,
        rows newest first (at most ``HISTORY_PAGE``), each ``{"id", "started_at",
        "result", "moves", "seconds", "score", "demo", "current"}``."""
        answer: dict[str, Any] = {"game": game.name, "title": game.title, "options": game.options}
        library = self.library
        statistics: dict[str, Any] | None = None
        history: list[dict[str, Any]] = []
        if library is not None:
            try:
                statistics = library.statistics(game.name, **game.options).to_dict()
                history = [self._history_row(row) for row in _rows(library, game)]
            except _LIBRARY_FAILURES as error:
                self._fail(error)
                statistics, history = None, []
        return {**answer, "recording": self.status(), "statistics": statistics, "history": history}

    def _history_row(self, row: dict[str, Any]) -> dict[str, Any]:
        fields = ("id", "started_at", "result", "moves", "seconds", "score")
        return {
            **{name: _plain(row.get(name)) for name in fields},
            "demo": bool(row.get("demo", False)),
            "current": row.get("id") == self._row,
        }

    def past_game(self, game_id: int) -> tuple[Game, float | None]:
        """The game of row ``game_id`` to show on the board, and its time played in ms (None
        when none was recorded); ``LookupError`` saying why not."""
        library = self.library
        if library is None:
            raise LookupError("games are not recorded on this board: there is no library to open one from")
        if game_id == self._row:
            raise LookupError("that is the game on the board")
        try:
            seconds = library.row(game_id)["seconds"]
            game = library.load(game_id)
        except _LIBRARY_FAILURES as error:
            raise LookupError(str(error)) from None
        return game, None if seconds is None else float(seconds) * 1000


def _rows(library: Library, game: Game) -> list[dict[str, Any]]:
    rows = library.games(game.name, limit=HISTORY_PAGE, **game.options)
    if isinstance(rows, list):
        return rows
    records: list[dict[str, Any]] = rows.to_dict("records")
    return records


def _plain(value: object) -> object:
    """A value of a library row as JSON takes it (a DataFrame gives numpy numbers and NaN)."""
    if value is None or isinstance(value, str | bool):
        return value
    if value != value:  # NaN or NaT: a missing value in a DataFrame
        return None
    if hasattr(value, "isoformat"):  # a datetime, or pandas' Timestamp
        return value.isoformat()
    if hasattr(value, "item"):  # a numpy number
        return _plain(value.item())
    return value
