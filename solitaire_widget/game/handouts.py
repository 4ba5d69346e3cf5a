"""``Handouts``: the part of ``Game`` that writes the game out for people to read: as text
(``records.text``) and as a printable HTML page with diagrams (``records.html``)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from ..atomic import Atomic, atomic_members
from ..notation.diagram import game_facts
from ..records import html, text

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..records.tree import Node


@atomic_members(unlocked={})
class Handouts(Atomic):
    """Handouts of the whole game, for ``Game`` (read through its public members)."""

    if TYPE_CHECKING:

        @property
        def start(self) -> Position: ...
        @property
        def seed(self) -> int | None: ...
        @property
        def root(self) -> Node: ...

    def to_text(self) -> str:
        """The game as text for handouts and diffs: numbered moves in notation with their
        sentences, comments under their moves, and variations indented where they branch."""
        return text.handout(self.start, self.seed, self.root)

    def to_html(self, title: str | None = None, *, size: int = html.DIAGRAM_WIDTH) -> str:
        """The game as a printable, standalone HTML page titled ``title`` (the game's facts
        when None): the moves in notation with their sentences, the comments (plain text,
        escaped), variations indented, and a diagram ``size`` pixels wide of the board after
        every move with a comment or marks (see ``records.html``)."""
        if title is not None and not isinstance(title, str):
            raise ValueError(f"title is text or None, not {type(title).__name__}")
        if isinstance(size, bool) or not isinstance(size, int) or not 50 <= size <= 2000:
            raise ValueError(f"size must be a whole number of pixels from 50 to 2,000, not {size!r}")
        section = html.game_section(self.start, self.seed, self.root, "", size=size)
        heading = title if title is not None else " · ".join(game_facts(self.start, self.seed))
        return html.page(heading, [section])
