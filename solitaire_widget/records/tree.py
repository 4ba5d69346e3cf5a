"""The move tree: every line played in a game, with comments, glyphs, marks and arrows.

The root stands for the start (ply 0); each other node is one move, played from its
parent's position. A node's ``variations`` are the moves tried from there, the main
continuation first. A game stands on one line of the tree at a time: the path from the root
to a node, continued by the first variation of each node after it.

>>> from solitaire_widget import Move
>>> root = Node(None, None)
>>> first = root.add(Move("stock", "waste"))
>>> other = root.add(Move("waste", "tableau/3"))
>>> [str(node.move) for node in root.variations], other.is_main
(['s>w', 'w>t3'], False)
"""

from __future__ import annotations

from collections.abc import Iterator

from ..engine.moves import Move
from ..notation.drawing import Arrow, Mark

GLYPHS = ("!!", "!", "!?", "?!", "?", "??")
"""The glyphs a move may carry, best first: brilliant, good, interesting, dubious, a mistake,
a blunder (as chess annotators write them)."""


class Node:
    """One move of the tree (``move`` is None at the root), with what was said about it."""

    __slots__ = ("arrows", "comment", "glyph", "marks", "move", "parent", "played_at", "ply", "variations")

    def __init__(self, move: Move | None, parent: Node | None, played_at: float | None = None) -> None:
        self.move = move
        self.parent = parent
        self.ply: int = 0 if parent is None else parent.ply + 1
        """How many moves lead here from the start."""
        self.variations: list[Node] = []
        """The moves tried from here, the main continuation first."""
        self.comment = ""
        self.glyph = ""
        """The move's glyph, one of ``GLYPHS``, or "" for none."""
        self.marks: tuple[Mark, ...] = ()
        """Piles and cards to highlight when the game stands here (see ``notation.drawing``)."""
        self.arrows: tuple[Arrow, ...] = ()
        """Arrows to draw when the game stands here: (from, to, colour), see ``notation.drawing``."""
        self.played_at = played_at
        """When the move was first played (seconds since the epoch), if known."""

    def __repr__(self) -> str:
        return f"<Node ply={self.ply} {self.move if self.move is not None else 'start'}>"

    def add(self, move: Move, played_at: float | None = None) -> Node:
        """A new variation from here, after the ones there are."""
        node = Node(move, self, played_at)
        self.variations.append(node)
        return node

    def variation(self, move: Move) -> Node | None:
        """The variation from here that plays ``move``, if there is one."""
        for node in self.variations:  # a loop, not next(generator): every play asks, mostly of none
            if node.move == move:
                return node
        return None

    def promote(self) -> None:
        """Make this node its parent's main continuation (the first of its variations)."""
        if self.parent is None:
            raise ValueError("the start is not a variation: it cannot be promoted")
        self.parent.variations.remove(self)
        self.parent.variations.insert(0, self)

    @property
    def is_main(self) -> bool:
        """True when every node from the root to here is its parent's main continuation."""
        node: Node = self
        while node.parent is not None:
            if node.parent.variations[0] is not node:
                return False
            node = node.parent
        return True

    def path(self) -> list[Node]:
        """The nodes from the root to here, root first."""
        nodes = []
        node: Node | None = self
        while node is not None:
            nodes.append(node)
            node = node.parent
        return nodes[::-1]

    def main_continuation(self) -> Iterator[Node]:
        """The nodes after this one that its first variations lead through."""
        node = self
        while node.variations:
            node = node.variations[0]
            yield node

    def walk(self) -> Iterator[Node]:
        """This node and all below it, depth first, main continuations before variations."""
        stack = [self]
        while stack:
            node = stack.pop()
            yield node
            stack.extend(reversed(node.variations))


Row = tuple[int, Move | None, str, str, tuple[Mark, ...], tuple[Arrow, ...], float | None]
"""A node written flat: its parent's index (-1 for the root), move, comment, glyph, marks,
arrows, time."""


def flatten(root: Node, *ends: Node) -> tuple[list[Row], list[int]]:
    """The tree under ``root`` as rows, parents before children and variations in order, and
    the row index of each node in ``ends``. A flat form copies and pickles however deep a
    line runs."""
    order = list(root.walk())
    index = {id(node): i for i, node in enumerate(order)}
    rows = [
        (
            -1 if node.parent is None else index[id(node.parent)],
            node.move,
            node.comment,
            node.glyph,
            node.marks,
            node.arrows,
            node.played_at,
        )
        for node in order
    ]
    return rows, [index[id(end)] for end in ends]


def rebuild(rows: list[Row]) -> list[Node]:
    """The nodes of ``flatten``'s rows, in the same order (the root first)."""
    nodes: list[Node] = []
    for parent, move, comment, glyph, marks, arrows, played_at in rows:
        if parent < 0 or move is None:
            node = Node(None, None, played_at)
        else:
            node = nodes[parent].add(move, played_at)
        node.comment, node.glyph, node.marks, node.arrows = comment, glyph, marks, arrows
        nodes.append(node)
    return nodes
