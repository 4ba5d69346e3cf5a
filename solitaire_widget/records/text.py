"""A game as readable text, for handouts and diffs (``Game.to_text()``).

::

    Klondike · seed 42 · draw 1
         A quiet deal.
      1. w>t5       8♦ from the waste onto 9♣ in column 6
                    Free a column first.
      2. s>w        turn one card from the stock
         variation:
          2. t1>t3      7♦ from column 2 onto 8♠ in column 4
          3. s>w        turn one card from the stock

Moves are numbered from 1 and written in the move notation (with their glyph) and their
sentence; comments, marks and arrows follow their move; a variation follows the move it is an alternative to,
indented one step more.
"""

from __future__ import annotations

from ..engine import explain
from ..engine.position import Position
from ..notation.diagram import game_facts
from ..notation.drawing import arrow_words, mark_words
from .tree import Node

INDENT = "    "
NOTE_COLUMN = 20


def handout(start: Position, seed: int | None, root: Node) -> str:
    """The moves of the tree under ``root``, played from ``start``, as text."""
    facts = game_facts(start, seed)
    redeals = start.rules.redeals(start.options)
    facts.append("unlimited redeals" if redeals is None else f"{redeals} redeal{'s' if redeals != 1 else ''}")
    lines = [" · ".join(facts)]
    _notes(lines, root, "")
    _line(lines, start.copy(), root, "")
    return "\n".join(lines) + "\n"


def _line(lines: list[str], position: Position, node: Node, pad: str) -> None:
    """The main continuation after ``node``, each move followed by its alternatives."""
    pushed = 0
    while node.variations:
        main, *others = node.variations
        _entry(lines, position, main, pad)
        for other in others:
            lines.append(f"{pad}{' ' * 5}variation:")
            _entry(lines, position, other, pad + INDENT)
            assert other.move is not None
            position.push(other.move)
            _line(lines, position, other, pad + INDENT)
            position.pop()
        assert main.move is not None
        position.push(main.move)
        pushed += 1
        node = main
    for _ in range(pushed):
        position.pop()


def _entry(lines: list[str], position: Position, node: Node, pad: str) -> None:
    assert node.move is not None
    head = f"{pad}{node.ply:>3}. {node.move}{node.glyph}"
    lines.append(f"{head:<{len(pad) + NOTE_COLUMN}}{explain.sentence(position, node.move)}")
    _notes(lines, node, pad)


def _notes(lines: list[str], node: Node, pad: str) -> None:
    column = " " * (len(pad) + NOTE_COLUMN) if node.move is not None else pad + " " * 5
    lines.extend(f"{column}{text}" for text in node.comment.splitlines())
    if node.marks:
        lines.append(f"{column}marks: {', '.join(map(mark_words, node.marks))}")
    if node.arrows:
        lines.append(f"{column}arrows: {', '.join(map(arrow_words, node.arrows))}")
