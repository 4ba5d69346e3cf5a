"""Where a game stands in its move tree: the current line and how many of its moves are played.

The line is the nodes from the root to the line's end; ``ply`` counts the moves played, so
``nodes[ply]`` is where the game stands and the nodes after it are the moves ``redo`` plays.
``Game`` keeps one ``Line`` beside its ``Position`` and keeps the two in step: each change
of place here returns a ``Route`` (moves to take back, moves to play), and the game walks it.

>>> from solitaire_widget import Move
>>> line = Line([Node(None, None)])
>>> line.advance(Move("stock", "waste"), played_at=None)
>>> line.advance(Move("waste", "tableau/3"), played_at=None)
>>> line.move_to(line.nodes, 0)
Route(back=2, forward=())
>>> [str(move) for move in line.future], line.ply
(['s>w', 'w>t3'], 0)
"""

from __future__ import annotations

from typing import NamedTuple

from ..engine.moves import Move
from ..engine.position import Position
from .tree import Node, Row, flatten, rebuild


class Route(NamedTuple):
    """How a position follows its game to another place in the tree: pop ``back`` moves,
    then push the moves ``forward``."""

    back: int
    forward: tuple[Move, ...]

    def walk(self, position: Position) -> None:
        """Take ``position`` along the route."""
        for _ in range(self.back):
            position.pop()
        for move in self.forward:
            position.push(move)


class Line:
    """The current line of a move tree (``nodes``, the root first) and the ply stood at."""

    __slots__ = ("nodes", "ply")

    def __init__(self, nodes: list[Node], ply: int = 0) -> None:
        self.nodes = nodes
        self.ply = ply

    @classmethod
    def rebuilt(cls, rows: list[Row], end: int, ply: int) -> Line:
        """The line ending at row ``end`` of a tree written flat (see ``flat``), at ``ply``."""
        return cls(rebuild(rows)[end].path(), ply)

    def flat(self) -> tuple[list[Row], int, int]:
        """The whole tree as rows (``records.tree.flatten``), the row the line ends at, and the ply."""
        rows, ends = flatten(self.nodes[0], self.nodes[-1])
        return rows, ends[0], self.ply

    @property
    def root(self) -> Node:
        """The start of the tree."""
        return self.nodes[0]

    @property
    def node(self) -> Node:
        """The node stood on."""
        return self.nodes[self.ply]

    @property
    def moves(self) -> tuple[Move, ...]:
        """Every move of the line."""
        return tuple(node.move for node in self.nodes[1:])  # type: ignore[misc]

    @property
    def history(self) -> tuple[Move, ...]:
        """The moves played, oldest first."""
        return tuple(node.move for node in self.nodes[1 : self.ply + 1])  # type: ignore[misc]

    @property
    def future(self) -> tuple[Move, ...]:
        """The moves ahead, next first."""
        return tuple(node.move for node in self.nodes[self.ply + 1 :])  # type: ignore[misc]

    def checked_ply(self, ply: object) -> int:
        """``ply`` when the line has it (0 = the start); ``TypeError`` or ``IndexError`` if not."""
        if isinstance(ply, bool) or not isinstance(ply, int):
            raise TypeError(f"a ply is a whole number, not {ply!r}")
        if not 0 <= ply < len(self.nodes):
            raise IndexError(f"no ply {ply}: this line runs from 0 (the start) to {len(self.nodes) - 1}")
        return ply

    def check_own(self, node: object) -> Node:
        """``node`` when it is in this line's tree; ``TypeError`` or ``ValueError`` if not."""
        if not isinstance(node, Node):
            raise TypeError(f"expected a Node of this game's tree, not {node!r}")
        root = node
        while root.parent is not None:
            root = root.parent
        if root is not self.nodes[0]:
            raise ValueError(f"{node!r} is not in this game's tree")
        return node

    def advance(self, move: Move, played_at: float | None) -> None:
        """Step forward by ``move`` (checked legal by the caller). The line's next move keeps
        the moves after it; another move goes on along its variation here when it was tried
        before, or else is added to the tree as the last variation here (never the main
        continuation, when there is one) and ends the line."""
        here = self.nodes[self.ply]
        ahead = self.nodes[self.ply + 1] if self.ply + 1 < len(self.nodes) else None
        if ahead is None or ahead.move != move:
            known = here.variation(move)
            if known is None:
                self.nodes[self.ply + 1 :] = [here.add(move, played_at)]
            else:
                self.nodes[self.ply + 1 :] = [known, *known.main_continuation()]
        self.ply += 1

    def move_to(self, nodes: list[Node], ply: int) -> Route:
        """Stand at ``ply`` of ``nodes`` (a line of this tree), and the route there: only the
        moves between the old place and the new are taken back and played."""
        shared = 0
        limit = min(self.ply, ply)
        while shared < limit and self.nodes[shared + 1] is nodes[shared + 1]:
            shared += 1
        forward = tuple(node.move for node in nodes[shared + 1 : ply + 1])
        route = Route(self.ply - shared, forward)  # type: ignore[arg-type]
        self.nodes, self.ply = list(nodes), ply
        return route

    def enter(self, node: Node) -> Route:
        """Stand on ``node``: its line, continued by its main continuation, becomes the line."""
        return self.move_to([*node.path(), *node.main_continuation()], node.ply)

    def delete(self, node: Node) -> Route | None:
        """Remove ``node`` and the moves after it from the tree. When the line stood on them it
        steps back to the move before ``node`` (the route there is returned, else None); the
        line then ends there, or follows the main continuation where it branched."""
        parent = node.parent
        if parent is None:
            raise ValueError("the start cannot be deleted (take back moves with goto(0))")
        on_line = node.ply < len(self.nodes) and self.nodes[node.ply] is node
        route = self.move_to(self.nodes, node.ply - 1) if on_line and self.ply >= node.ply else None
        parent.variations.remove(node)
        if on_line:
            self.nodes[node.ply :] = list(parent.main_continuation())
        return route

    def before(self, position: Position, ply: int) -> tuple[Position, Move]:
        """The position before move ``ply`` (1 = the first), made from ``position`` (where the
        line stands, with the moves pushed to get there), and that move."""
        if self.checked_ply(ply) == 0:
            raise IndexError("ply 0 is the start, before any move: moves are 1 to the line's length")
        earlier = position.copy(stack=True)
        Route(max(self.ply - ply + 1, 0), self.future[: max(ply - 1 - self.ply, 0)]).walk(earlier)
        move = self.nodes[ply].move
        assert move is not None
        return earlier, move

    @property
    def annotations(self) -> dict[int, str]:
        """The comments on the line, by ply (0 = the start)."""
        return {ply: node.comment for ply, node in enumerate(self.nodes) if node.comment}
