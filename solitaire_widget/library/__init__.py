"""The game library: every game kept in an SQLite file, with statistics and scores.

- ``store``: where the file lives (``SOLITAIRE_WIDGET_LIBRARY``), opening it safely, the
  schema and its migrations, ``LibraryError``.
- ``library``: ``Library`` (save, load, delete, games, statistics, export, import, plot).
- ``rows``: what is written for one game, and rows read back.
- ``statistics``: ``Statistics`` and the rules of streaks.
- ``scores``: Klondike's standard and Vegas scoring, cards home for Father and Following.
- ``transfer``: export files, one game per line.
- ``plot``: results over time (matplotlib).

``docs/library.md`` describes all of it for players.
"""

from __future__ import annotations

import os

from .library import Library
from .statistics import Statistics
from .store import ENVIRONMENT, OFF, LibraryError, default_path

__all__ = ["Library", "LibraryError", "Statistics", "default_path", "library_from_setting"]


def library_from_setting(setting: Library | str | os.PathLike[str] | bool | None) -> Library | None:
    """The library a board records into for its ``library=`` setting: a ``Library`` itself,
    a path (a library there), ``False`` (None: record nothing), or None: from
    ``$SOLITAIRE_WIDGET_LIBRARY`` (``off``: None; a path: a library there; unset: the default
    file). ``LibraryError`` when the file cannot be used; ``TypeError`` for anything else.

    >>> library_from_setting(False) is None
    True
    """
    if isinstance(setting, Library):
        return setting
    if setting is False:
        return None
    if setting is None:
        if os.environ.get(ENVIRONMENT, "").strip().lower() == OFF:
            return None
        return Library()
    if isinstance(setting, (str, os.PathLike)):
        return Library(setting)
    raise TypeError(f"library is a Library, a path, False or None, not {setting!r}")
