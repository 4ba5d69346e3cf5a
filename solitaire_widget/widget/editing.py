"""The teacher's edits on the board (``BoardEditor``): arrows and highlights drawn over
it, comments and glyphs written in the move list, variations promoted and deleted. Each is
an intent (``protocol.md``, The teacher's edits) carried out by ``Game``'s own methods
(``annotate``, ``set_glyph``, ``promote``, ``delete``), so the board and Python edit the
tree alike."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, Protocol, TypeVar

from ..game import Game
from ..notation.drawing import Arrow, Mark, checked_arrow, checked_mark, mark_colour, mark_end
from ..records.tree import Node
from .intents import IntentFields, Refusal, fields, named_node
from .timeline import TimelineSync

_T = TypeVar("_T")


def _refused_value_error(action: Callable[[], _T]) -> _T:
    """``action()``, with a ``ValueError`` (bad input, named by ``Game``) turned into a refusal."""
    try:
        return action()
    except ValueError as error:
        raise Refusal(str(error)) from None


def toggled_arrow(arrows: tuple[Arrow, ...], arrow: Arrow) -> list[Arrow]:
    """``arrows`` after ``arrow`` is drawn again: the same arrow in the same colour goes, in
    another colour it changes colour, a new one is added.

    >>> toggled_arrow((("waste", "tableau/1", "green"),), ("waste", "tableau/1", "green"))
    []
    >>> toggled_arrow((("waste", "tableau/1", "green"),), ("waste", "tableau/1", "red"))
    [('waste', 'tableau/1', 'red')]
    """
    kept = [old for old in arrows if old[:2] != arrow[:2]]
    if arrow not in arrows:
        kept.append(arrow)
    return kept


def toggled_mark(marks: tuple[Mark, ...], mark: Mark) -> list[Mark]:
    """``marks`` after ``mark`` is drawn again (as ``toggled_arrow``, by its end)."""
    same = [old for old in marks if mark_end(old) == mark_end(mark)]
    kept = [old for old in marks if mark_end(old) != mark_end(mark)]
    if not same or mark_colour(same[0]) != mark_colour(mark):
        kept.append(mark)
    return kept


class OnShow(Protocol):
    """What the editor edits: the game on show, and its timeline (whose ids the views name)."""

    @property
    def game(self) -> Game: ...

    @property
    def timeline(self) -> TimelineSync: ...


class BoardEditor:
    """The handlers of the teacher's intents, on the game ``shown`` shows (called holding its lock)."""

    def __init__(self, shown: OnShow) -> None:
        self._shown = shown

    def _node_of(self, intent: dict[str, Any], *, on_line: bool) -> Node:
        node = named_node(self._shown.timeline, intent["node"])
        game = self._shown.game
        if on_line and (node.ply > len(game.line) or game.node_at(node.ply) is not node):
            raise Refusal("that move is not on the line on show: go to it first")
        return node

    def _arrow(self, intent: dict[str, Any]) -> None:
        game = self._shown.game
        if intent["from"] == intent["to"]:
            raise Refusal("an arrow goes from one pile or card to another: highlight a single one instead")
        entry = (intent["from"], intent["to"], intent["colour"])
        arrow = _refused_value_error(lambda: checked_arrow(game.position, entry, "the arrow"))
        node = game.node
        game.annotate(game.ply, node.comment, node.marks, toggled_arrow(node.arrows, arrow))

    def _highlight(self, intent: dict[str, Any]) -> None:
        game = self._shown.game
        entry = (intent["end"], intent["colour"])
        mark = _refused_value_error(lambda: checked_mark(game.position, entry, "the highlight"))
        node = game.node
        game.annotate(game.ply, node.comment, toggled_mark(node.marks, mark), node.arrows)

    def _comment(self, intent: dict[str, Any]) -> None:
        node = self._node_of(intent, on_line=True)
        text = intent["text"]
        _refused_value_error(lambda: self._shown.game.annotate(node.ply, text, node.marks, node.arrows))

    def _glyph(self, intent: dict[str, Any]) -> None:
        node = self._node_of(intent, on_line=True)
        if node.parent is None:
            raise Refusal("the start is not a move: a glyph goes on a move")
        _refused_value_error(lambda: self._shown.game.set_glyph(node.ply, intent["glyph"]))

    def _promote(self, intent: dict[str, Any]) -> None:
        node = self._node_of(intent, on_line=False)
        if node.parent is None or node.parent.variations[0] is node:
            raise Refusal("that move is already the main continuation where it is played")
        self._shown.game.promote(node)

    def _delete(self, intent: dict[str, Any]) -> None:
        node = self._node_of(intent, on_line=False)
        if node.is_main:
            raise Refusal(
                "a move of the main line is not deleted from the board: promote another line first "
                "(or use Game.delete in Python)"
            )
        self._shown.game.delete(node)


EDITS: dict[str, tuple[IntentFields, Callable[[BoardEditor, dict[str, Any]], None]]] = {
    "arrow": (fields("from", "to", "colour"), BoardEditor._arrow),
    "highlight": (fields("end", "colour"), BoardEditor._highlight),
    "comment": (fields("node", "text"), BoardEditor._comment),
    "glyph": (fields("node", "glyph"), BoardEditor._glyph),
    "promote": (fields("node"), BoardEditor._promote),
    "delete": (fields("node"), BoardEditor._delete),
}
"""The teacher's intents, their fields and handlers (``handling.INTENTS`` takes them in)."""
