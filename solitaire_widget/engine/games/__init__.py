"""The games, by name. Adding a game is one module here, one line in ``GAMES`` and its
section in ``rules.md``.

``rules.md`` is the rules for people, in Markdown: docs/rules.md shows it whole, and the
board's Rules panel shows a game's part of it (``rules_text``).
"""

from __future__ import annotations

import functools
from pathlib import Path

from ..rules import Rules
from .father import Father
from .following import Following
from .klondike import Klondike

GAMES: dict[str, Rules] = {rules.name: rules for rules in (Klondike(), Father(), Following())}

RULES_TEXT = Path(__file__).with_name("rules.md")


def rules_for(name: object) -> Rules:
    """The rules of game ``name``; ``ValueError`` naming the choices when it is unknown."""
    if isinstance(name, str) and name.lower() in GAMES:
        return GAMES[name.lower()]
    raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}")


def _sections(text: str) -> list[str]:
    """The ``## `` sections of ``text``, each from its heading on; the page's title and
    opening before the first one are the page's own."""
    parts = ("\n" + text).split("\n## ")[1:]
    return ["## " + part.strip() + "\n" for part in parts]


@functools.cache
def rules_text(name: str) -> str:
    """The rules of game ``name`` as its Rules panel shows them, in Markdown: the sections
    of ``rules.md`` but the other games', with the game's own after the first (which says
    what the labels mean), so a player reads the game before what all games share.

    >>> text = rules_text("father")
    >>> text.splitlines()[0], "## Father" in text, "## Klondike" in text
    ('## Rulings and options', True, False)
    """
    title = rules_for(name).title
    titles = {f"## {rules.title}" for rules in GAMES.values()}
    sections = _sections(RULES_TEXT.read_text(encoding="utf-8"))
    own = [section for section in sections if section.startswith(f"## {title}\n")]
    shared = [section for section in sections if section.split("\n", 1)[0] not in titles]
    return "\n".join(shared[:1] + own + shared[1:])
