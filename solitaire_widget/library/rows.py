"""What the library writes for one game: the fields of its row, checked, and its record,
compressed; and rows read back as dicts.

A game is read once, holding its lock, and everything else (checks, JSON, compression)
happens outside it, so a board is not held up by the library.
"""

from __future__ import annotations

import hashlib
import json
import math
import zlib
from dataclasses import dataclass
from datetime import datetime, timezone
from typing import Any

from ..game import Game
from .scores import Scoring, cards_home, checked_scoring, score
from .statistics import RESULTS
from .store import LibraryError

COLUMNS = (
    "id",
    "game",
    "options",
    "seed",
    "started_at",
    "finished_at",
    "seconds",
    "moves",
    "result",
    "score",
    "hints",
    "undos",
    "demo",
    "scoring",
)
"""The columns of ``Library.games``, in order: the issue's twelve, then ``demo`` and ``scoring``."""
COMPRESSION = 6
"""zlib's level for records: level 9 saves little more on JSON of this size and costs more."""


@dataclass(frozen=True)
class Entry:
    """One game as the library writes it: the row's fields, the record compressed, and the
    text the fingerprint is made from (see ``fingerprint``)."""

    game: str
    options: str
    seed: int | None
    moves: int
    result: str
    score: int
    cards_home: int
    hints: int
    undos: int
    demo: bool
    scoring: Scoring
    seconds: float | None
    started_at: datetime | None
    finished_at: datetime | None
    record_text: str

    @property
    def record(self) -> bytes:
        """The record as stored: its JSON, compressed."""
        return zlib.compress(self.record_text.encode("utf-8"), COMPRESSION)

    def fingerprint(self, started_at: datetime) -> str:
        """What tells two copies of the same game apart from two games: the time it started
        and its whole record (every move with the time it was played, every comment, the
        analysis). An import skips a game whose fingerprint the library already holds."""
        text = f"{started_at.isoformat()}\n{self.record_text}"
        return hashlib.sha256(text.encode("utf-8")).hexdigest()


def entry_of(
    game: Game,
    *,
    result: str | None,
    started_at: datetime | None,
    finished_at: datetime | None,
    seconds: float | None,
    hints: int,
    undos: int,
    demo: bool,
    scoring: str,
) -> Entry:
    """``game`` as the library writes it, every argument checked first (``LibraryError``
    saying which is wrong; ``TypeError`` when ``game`` is not a ``Game``)."""
    if not isinstance(game, Game):
        raise TypeError(f"the library saves a Game, not {type(game).__name__}")
    if result is not None and result not in RESULTS:
        raise LibraryError(f"result is one of {', '.join(RESULTS)} (or None: from the game), not {result!r}")
    try:
        scoring_checked = checked_scoring(scoring)
    except ValueError as error:
        raise LibraryError(str(error)) from None
    _check_counts_and_times(hints, undos, demo, seconds, started_at, finished_at)
    with game.lock:
        record = game.to_record()
        start, history, end = game.start, game.history, game.position
        outcome = game.outcome
    if result is None:
        result = "playing" if outcome is None else "won" if end.is_won else "lost"
    elif (result == "won") != end.is_won:
        state = "is won" if end.is_won else "is not won"
        raise LibraryError(f"the result cannot be {result!r}: the game {state}")
    return Entry(
        game=end.rules.name,
        options=json.dumps(end.options, sort_keys=True),
        seed=game.seed,
        moves=len(history),
        result=result,
        score=score(start, history, scoring_checked),
        cards_home=cards_home(end),
        hints=hints,
        undos=undos,
        demo=demo,
        scoring=scoring_checked,
        seconds=None if seconds is None else float(seconds),
        started_at=utc(started_at),
        finished_at=utc(finished_at),
        record_text=json.dumps(record, ensure_ascii=False, separators=(",", ":")),
    )


def _check_counts_and_times(
    hints: object,
    undos: object,
    demo: object,
    seconds: object,
    started_at: object,
    finished_at: object,
) -> None:
    """``LibraryError`` naming the first of ``save``'s counts and times that is not right."""
    for name, count in (("hints", hints), ("undos", undos)):
        if isinstance(count, bool) or not isinstance(count, int) or count < 0:
            raise LibraryError(f"{name} is a whole number from 0, not {count!r}")
    if not isinstance(demo, bool):
        raise LibraryError(f"demo is True or False, not {demo!r}")
    if seconds is not None and (
        isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0 <= seconds < math.inf
    ):
        raise LibraryError(f"seconds is a number of seconds from 0 (or None), not {seconds!r}")
    for name, moment in (("started_at", started_at), ("finished_at", finished_at)):
        if moment is not None and (not isinstance(moment, datetime) or moment.utcoffset() is None):
            raise LibraryError(f"{name} is a datetime with a time zone (or None), not {moment!r}")


def utc(moment: datetime | None) -> datetime | None:
    """``moment`` in UTC, to the microsecond (what a timestamp keeps exactly)."""
    return None if moment is None else moment.astimezone(timezone.utc)


def timestamp(moment: datetime | None) -> float | None:
    """``moment`` as the library stores it: seconds since the epoch."""
    return None if moment is None else moment.timestamp()


def moment(seconds: float | None) -> datetime | None:
    """A stored time back as an aware UTC datetime."""
    return None if seconds is None else datetime.fromtimestamp(seconds, timezone.utc)


def record_of(blob: bytes) -> dict[str, Any]:
    """A stored record back as a dict."""
    data: dict[str, Any] = json.loads(zlib.decompress(blob).decode("utf-8"))
    return data


def row_of(values: tuple[Any, ...]) -> dict[str, Any]:
    """A stored row (the columns of ``COLUMNS``, in order) as the dict ``Library.games`` gives."""
    row = dict(zip(COLUMNS, values, strict=True))
    row["options"] = json.loads(row["options"])
    row["started_at"] = moment(row["started_at"])
    row["finished_at"] = moment(row["finished_at"])
    row["demo"] = bool(row["demo"])
    return row
