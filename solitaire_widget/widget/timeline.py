"""What the views know of a game's move tree, and the messages that keep them up to date.

Each node gets an id for the life of the game; a row (see ``protocol.md``, Timeline) says what
a view shows of it. After every change the rows are compared with those last sent, and only
the difference goes out: playing a move costs one row however long the game is.
"""

from __future__ import annotations

from typing import Any

from ..engine import explain
from ..game import Game
from ..records.tree import Node

Row = dict[str, Any]
START_SENTENCE = "the deal"


def drawn_on(node: Node) -> dict[str, list[Any]]:
    """The node's marks and arrows as the views get them: a green mark as its end, another as
    ``[end, colour]``; an arrow as ``[from, to, colour]``."""
    return {
        "marks": [mark if isinstance(mark, str) else list(mark) for mark in node.marks],
        "arrows": [list(arrow) for arrow in node.arrows],
    }


class TimelineSync:
    """The rows of one game's tree as its views have them."""

    def __init__(self, game: Game, version: int = 0) -> None:
        self.game = game
        self.version = version
        self._ids: dict[Node, int] = {}
        self._nodes: dict[int, Node] = {}
        self._sentences: dict[Node, str] = {}
        self._sent: dict[int, Row] = {}

    def id_of(self, node: Node) -> int:
        """The node's id, given on first sight."""
        known = self._ids.get(node)
        if known is None:
            known = self._ids[node] = len(self._ids)
            self._nodes[known] = node
        return known

    def node(self, node_id: object) -> Node | None:
        """The node with ``node_id`` while it is still in the tree, else None."""
        if isinstance(node_id, bool) or not isinstance(node_id, int):
            return None
        node = self._nodes.get(node_id)
        return node if node is not None and node_id in self._sent else None

    def rows(self) -> dict[int, Row]:
        """Every node's row, by id."""
        self._learn_sentences()
        rows = {}
        for node in self.game.root.walk():
            parent = node.parent
            rows[self.id_of(node)] = {
                "id": self.id_of(node),
                "parent": None if parent is None else self.id_of(parent),
                "index": 0 if parent is None else parent.variations.index(node),
                "ply": node.ply,
                "move": None if node.move is None else str(node.move),
                "sentence": self._sentences[node],
                "comment": node.comment,
                "glyph": node.glyph,
                **drawn_on(node),
            }
        return rows

    def _learn_sentences(self) -> None:
        """Say every node's move in words once; the position before a move never changes."""
        root = self.game.root
        if all(node in self._sentences for node in root.walk()):
            return
        position = self.game.start
        self._sentences[root] = START_SENTENCE
        stack: list[tuple[Node, bool]] = [(child, True) for child in reversed(root.variations)]
        while stack:
            node, arriving = stack.pop()
            assert node.move is not None
            if not arriving:
                position.pop()
                continue
            if node not in self._sentences:
                self._sentences[node] = explain.sentence(position, node.move)
            position.push(node.move)
            stack.append((node, False))
            stack.extend((child, True) for child in reversed(node.variations))

    def changes(self) -> dict[str, Any] | None:
        """The message that brings views up to date, or None when nothing changed."""
        rows = self.rows()
        changed = [row for row_id, row in rows.items() if self._sent.get(row_id) != row]
        removed = [row_id for row_id in self._sent if row_id not in rows]
        if not changed and not removed:
            return None
        self._sent = rows
        self.version += 1
        return {
            "kind": "timeline",
            "version": self.version,
            "reset": False,
            "rows": changed,
            "removed": removed,
        }

    def reset(self) -> dict[str, Any]:
        """The message that gives a view the whole timeline."""
        self._sent = self.rows()
        return {
            "kind": "timeline",
            "version": self.version,
            "reset": True,
            "rows": list(self._sent.values()),
            "removed": [],
        }

    def state_fields(self) -> dict[str, Any]:
        """The fields of the widget's state that say where the game stands in the timeline."""
        game = self.game
        here = game.node
        standing = here.move
        return {
            "ply": game.ply,
            "line_length": len(game.line),
            "line_end": self.id_of(game.node_at(len(game.line))),
            "standing": None
            if standing is None
            else {"source": standing.source, "target": standing.target, "count": standing.count},
            **drawn_on(here),
            "timeline_version": self.version,
        }
