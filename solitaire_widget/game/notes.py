"""``Notes``: the part of ``Game`` that says and writes things about its moves: each move in
words, and what a teacher adds to a move: a comment, a glyph, marks and arrows (kept on the
move's node of the tree, ``records.tree``; their vocabulary is ``notation.drawing``'s).

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=42)
>>> _ = g.play(g.legal_moves()[0])
>>> g.annotate(1, "Free the ace.", arrows=[("AS", "foundation/0")], marks=[("tableau/0", "red")])
>>> g.set_glyph(1, "!")
>>> g.node.arrows, g.node.marks, g.glyphs
((('AS', 'foundation/0', 'green'),), (('tableau/0', 'red'),), {1: '!'})
>>> g.annotate(1, "", arrows=[("tableau/9", "waste")])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: arrow 1: 'tableau/9' is neither a pile of this Klondike game (...) nor a card code ...
>>> g.annotations  # a refused note changes nothing
{1: 'Free the ace.'}
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from ..atomic import Atomic, atomic_members
from ..engine import explain
from ..engine.moves import Move
from ..notation.drawing import checked_arrows, checked_marks
from ..records import record

if TYPE_CHECKING:
    from ..engine.position import Position
    from ..records.line import Line


@atomic_members(unlocked={})
class Notes(Atomic):
    """Sentences, comments, glyphs, marks and arrows, for ``Game`` (a mixin: the game gives
    its line, position and listeners)."""

    if TYPE_CHECKING:
        _line: Line
        _position: Position

        @property
        def start(self) -> Position: ...
        def _notify(self, action: str, move: Move | None) -> None: ...

    def sentence(self, ply: int) -> str:
        """What move ``ply`` of the current line does (1 = the first move), in a sentence."""
        return explain.sentence(*self._line.before(self._position, ply))

    def rule(self, ply: int) -> str:
        """The rule that allows move ``ply`` of the current line, in words (as ``explain`` says it)."""
        return explain.rule(*self._line.before(self._position, ply))

    def sentences(self) -> list[str]:
        """The sentence of every move of the current line, first move first."""
        return explain.sentences(self.start, self._line.moves)

    def annotate(
        self,
        ply: int,
        text: str,
        marks: Iterable[object] | str | None = None,
        arrows: Iterable[object] | None = None,
    ) -> None:
        """Comment on move ``ply`` of the current line (0 = the start), with piles or cards to
        highlight there (``marks``) and arrows to draw there (``arrows``), shown whenever the
        game stands at that move. The note replaces the move's comment, marks and arrows (its
        glyph stays: see ``set_glyph``); an empty text and no marks or arrows clear it.

        Each end of an arrow or a mark is a pile id (``"tableau/3"``) or a card code
        (``"7H"``); an arrow is ``(from, to)`` or ``(from, to, colour)`` and a mark an end or
        ``(end, colour)``, the colour one of green (the default), red, blue and yellow
        (``notation.drawing``, which ``sw.svg`` shares). ``ValueError`` naming the bad entry
        (``arrow 2``, ``mark 1``), or for a comment over 10,000 characters; ``IndexError``
        for a ply the line does not have. The game is then unchanged. Comments are plain
        text, never markup."""
        node = self._line.nodes[self._line.checked_ply(ply)]
        comment = record.checked_comment(text)
        highlighted = checked_marks(self._position, marks)
        pointed = checked_arrows(self._position, arrows)
        node.comment, node.marks, node.arrows = comment, highlighted, pointed
        self._notify("edit", None)

    @property
    def annotations(self) -> dict[int, str]:
        """The comments on the current line, by ply (0 = the start)."""
        return self._line.annotations

    def set_glyph(self, ply: int, glyph: str | None) -> None:
        """Give move ``ply`` of the current line (1 = the first move) the glyph ``glyph``, one
        of ``!!``, ``!``, ``!?``, ``?!``, ``?``, ``??`` (``records.tree.GLYPHS``); ``""`` or
        None clears it. ``ValueError`` for another glyph, ``IndexError`` for ply 0 (the start
        is not a move) or a ply the line does not have; the game is then unchanged."""
        if self._line.checked_ply(ply) == 0:
            raise IndexError("ply 0 is the start, not a move: a glyph goes on a move, 1 to the line's length")
        checked = record.checked_glyph(glyph)
        self._line.nodes[ply].glyph = checked
        self._notify("edit", None)

    @property
    def glyphs(self) -> dict[int, str]:
        """The glyphs on the current line, by ply."""
        return {ply: node.glyph for ply, node in enumerate(self._line.nodes) if node.glyph}
