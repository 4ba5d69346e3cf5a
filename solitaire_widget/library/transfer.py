"""Export files: a library's games as text, one JSON object per line, so a library moves to
another machine (``Library.export``, ``Library.import_``).

Each line is one game: the fields of its row as ``Library.games`` gives them (without the
``id``, which belongs to one library; times as ISO 8601 text with their offset) and its
``record`` (``Game.to_record()``)::

    {"game": "klondike", "options": {"draw": 1, ...}, "seed": 42,
     "started_at": "2026-12-01T15:00:00.123456+00:00", "finished_at": null, "seconds": 61.5,
     "moves": 1, "result": "abandoned", "score": 5, "hints": 0, "undos": 0, "demo": false,
     "scoring": "standard", "record": {"format": "solitaire-widget record", ...}}

On import the record is what counts: ``game``, ``options``, ``seed``, ``moves`` and
``score`` are worked out from it again (under the line's ``scoring``).
"""

from __future__ import annotations

import json
import os
import warnings
from collections.abc import Iterable
from datetime import datetime
from typing import Any

from ..game import Game
from ..records.record import RecordError
from .rows import COLUMNS, Entry, entry_of
from .store import LibraryError

FIELDS = (*COLUMNS[1:], "record")
"""The keys of a line (``started_at``, ``result`` and ``record`` are needed, the rest may be left out)."""
NEEDED = ("started_at", "result", "record")


def write(path: str | os.PathLike[str], games: Iterable[tuple[dict[str, Any], dict[str, Any]]]) -> int:
    """Write each ``(row, record)`` of ``games`` to ``path`` as one line; how many."""
    count = 0
    with open(path, "w", encoding="utf-8") as file:
        for row, record in games:
            line = {key: row[key] for key in FIELDS if key != "record"}
            for key in ("started_at", "finished_at"):
                line[key] = None if line[key] is None else line[key].isoformat()
            line["record"] = record
            file.write(json.dumps(line, ensure_ascii=False, separators=(",", ":")) + "\n")
            count += 1
    return count


def read(path: str | os.PathLike[str]) -> list[Entry]:
    """The games of the export file ``path``, each checked, in the order of its lines.

    A line that is not a game of an export (not JSON, not an object, a missing or unknown
    key, a bad value) is ``LibraryError`` naming the line; a game whose record is refused
    (``RecordError``: an illegal move, a newer format) is left out, with a warning naming
    its line.
    """
    try:
        with open(path, encoding="utf-8") as file:
            lines = file.readlines()
    except (OSError, UnicodeDecodeError) as error:
        raise LibraryError(f"cannot read the export file {path}: {error}") from None
    entries = []
    for number, text in enumerate(lines, 1):
        if not text.strip():
            continue
        try:
            entry = _entry(text)
        except RecordError as error:
            warnings.warn(f"{path}, line {number}: game not imported: {error}", stacklevel=3)
            continue
        except (ValueError, TypeError) as error:
            raise LibraryError(f"{path}, line {number}: not a game of a library export: {error}") from None
        entries.append(entry)
    return entries


def _entry(text: str) -> Entry:
    """The game of one line; ``RecordError`` when its record is refused, another
    ``ValueError`` or ``TypeError`` when the line is not right."""
    line = json.loads(text)
    if not isinstance(line, dict):
        raise ValueError(f"a line is a JSON object, not {type(line).__name__}")
    unknown = [key for key in line if key not in FIELDS]
    if unknown:
        raise ValueError(f"unknown key {unknown[0]!r} (a line has {', '.join(FIELDS)})")
    missing = [key for key in NEEDED if key not in line]
    if missing:
        raise ValueError(f"no {missing[0]!r}")
    if not isinstance(line["record"], dict):
        raise ValueError(f"'record' is a JSON object, not {type(line['record']).__name__}")
    game = Game.from_record(line["record"])
    return entry_of(
        game,
        result=line["result"],
        started_at=_moment(line, "started_at"),
        finished_at=_moment(line, "finished_at"),
        seconds=line.get("seconds"),
        hints=line.get("hints", 0),
        undos=line.get("undos", 0),
        demo=line.get("demo", False),
        scoring=line.get("scoring", "standard"),
    )


def _moment(line: dict[str, Any], key: str) -> datetime | None:
    value = line.get(key)
    if value is None and key == "started_at":
        raise ValueError("'started_at' is needed")
    if value is None:
        return None
    if not isinstance(value, str):
        raise ValueError(f"{key!r} is ISO 8601 text, not {value!r}")
    moment = datetime.fromisoformat(value)
    if moment.utcoffset() is None:
        raise ValueError(f"{key!r} needs a time zone offset: {value!r}")
    return moment
