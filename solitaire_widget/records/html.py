"""A game or a study as a printable, standalone HTML handout (``g.to_html()``, ``study.to_html()``).

The page needs nothing outside itself: its style is inline, its diagrams are SVG pictures
(``notation.svg``) kept in the page as data. A game is its facts, then its moves in
notation with their sentences and comments, variations indented after the move they are
an alternative to, and a diagram of the board after every move that has a comment or
marks. In an exercise the moves asked for are questions: the board before the move, the
author's hint, and the answers at the end of the chapter. Every text (comments, titles,
hints) is escaped: comments are plain text, never markup. Printed, each diagram stays
whole on its page.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=7)
>>> g.annotate(0, "<b>not bold</b>")
>>> text = page("A deal", [game_section(g.start, g.seed, g.root, "")])
>>> "&lt;b&gt;not bold&lt;/b&gt;" in text, "<b>" in text
(True, False)
"""

from __future__ import annotations

import base64
from collections.abc import Mapping, Sequence
from html import escape

from ..engine import explain
from ..engine.position import Position
from ..notation.diagram import game_facts
from ..notation.drawing import Arrow, Mark, arrow_words, mark_words
from ..notation.svg import board_svg
from .tree import Node

DIAGRAM_WIDTH = 360
"""How wide a diagram prints, in pixels: cards stay readable, two fit side by side on A4."""

STYLE = """
body { font-family: "DejaVu Sans", Arial, Helvetica, sans-serif; max-width: 48em; margin: 2em auto;
       padding: 0 1em; color: #1a1a1a; line-height: 1.45; }
h1 { font-size: 1.8em; margin-bottom: 0.2em; }
h2 { font-size: 1.35em; margin-top: 2em; border-bottom: 1px solid #bbb; }
.facts { color: #555; margin-top: 0; }
ol.moves { padding-left: 3em; }
ol.moves li { margin: 0.35em 0; }
.notation { font-family: "DejaVu Sans Mono", Menlo, Consolas, monospace; font-weight: bold;
            margin-right: 0.6em; }
.comment { white-space: pre-wrap; margin: 0.25em 0; font-style: italic; }
.marks { color: #555; font-size: 0.9em; }
li.variation { list-style: none; }
.variation { border-left: 3px solid #ccc; padding-left: 0.8em; margin: 0.4em 0; }
.question { background: #f3f6fb; border-left: 4px solid #1a56b8; padding: 0.3em 0.6em; }
figure { margin: 0.5em 0; }
figure img { max-width: 100%; height: auto; }
@media print {
  body { max-width: none; margin: 0; font-size: 11pt; }
  figure, .question { break-inside: avoid; page-break-inside: avoid; }
  h2 { break-before: page; break-after: avoid; }
  h2:first-of-type { break-before: auto; }
  nav { display: none; }
}
"""


def page(title: str, sections: Sequence[str], contents: Sequence[str] = ()) -> str:
    """A whole HTML document titled ``title`` with ``sections`` (from ``game_section``) and,
    when given, a list of ``contents`` (the sections' titles)."""
    parts = [
        "<!DOCTYPE html>",
        '<html lang="en">',
        '<head><meta charset="utf-8">',
        f"<title>{escape(title)}</title>",
        f"<style>{STYLE}</style>",
        "</head>",
        "<body>",
        f"<h1>{escape(title)}</h1>",
    ]
    if contents:
        parts.append("<nav><ol>")
        parts += [f'<li><a href="#chapter-{i}">{escape(name)}</a></li>' for i, name in enumerate(contents, 1)]
        parts.append("</ol></nav>")
    for i, section in enumerate(sections, 1):
        parts.append(f'<section id="chapter-{i}">{section}</section>')
    parts += ["</body>", "</html>"]
    return "\n".join(parts) + "\n"


def game_section(
    start: Position,
    seed: int | None,
    root: Node,
    title: str,
    *,
    size: int = DIAGRAM_WIDTH,
    questions: Mapping[int, str] | None = None,
) -> str:
    """The moves of the tree under ``root``, played from ``start``, as HTML: a heading
    ``title`` (none when empty), the game's facts, then the moves (see the module
    docstring). ``questions`` maps the main line's plies asked in an exercise to their hints."""
    writer = _Writer(size, questions or {})
    if title:
        writer.out.append(f"<h2>{escape(title)}</h2>")
    writer.out.append(f'<p class="facts">{escape(" · ".join(game_facts(start, seed)))}</p>')
    writer.notes(root, start)
    writer.line(start.copy(), root, main=True)
    if writer.answers:
        writer.out.append("<h3>Answers</h3>")
        writer.out.append('<ol class="moves">')
        writer.out += writer.answers
        writer.out.append("</ol>")
    return "\n".join(writer.out)


class _Writer:
    """The HTML of one game, written move by move."""

    def __init__(self, size: int, questions: Mapping[int, str]) -> None:
        self.size = size
        self.questions = questions
        self.out: list[str] = []
        self.answers: list[str] = []

    def line(self, position: Position, node: Node, *, main: bool) -> None:
        """The continuation after ``node``, each move followed by its alternatives."""
        self.out.append('<ol class="moves">')
        pushed = 0
        while node.variations:
            first, *others = node.variations
            assert first.move is not None
            if main and first.ply in self.questions:
                self._question(position, first)
            else:
                self._entry(position, first)
            for other in others:
                assert other.move is not None
                self.out.append('<li class="variation">variation:')
                self.out.append('<ol class="moves">')
                self._entry(position, other)
                self.out.append("</ol>")
                position.push(other.move)
                self.line(position, other, main=False)
                position.pop()
                self.out.append("</li>")
            position.push(first.move)
            pushed += 1
            node = first
        for _ in range(pushed):
            position.pop()
        self.out.append("</ol>")

    def _entry(self, position: Position, node: Node) -> None:
        assert node.move is not None
        sentence = explain.sentence(position, node.move)
        self.out.append(
            f'<li value="{node.ply}"><span class="notation">{escape(str(node.move))}</span>'
            f'<span class="sentence">{escape(sentence)}</span>'
        )
        position.push(node.move)
        self.notes(node, position)
        position.pop()
        self.out.append("</li>")

    def _question(self, position: Position, node: Node) -> None:
        assert node.move is not None
        hint = self.questions[node.ply]
        self.out.append(f'<li value="{node.ply}" class="question"><strong>Find the move.</strong>')
        if hint:
            self.out.append(f'<p class="comment">Hint: {escape(hint)}</p>')
        self.out.append(self._diagram(position, (), f"The board before move {node.ply}"))
        self.out.append("</li>")
        sentence = explain.sentence(position, node.move)
        answer = f'{escape(str(node.move))}</span><span class="sentence">{escape(sentence)}</span>'
        comment = f'<p class="comment">{escape(node.comment)}</p>' if node.comment else ""
        self.answers.append(f'<li value="{node.ply}"><span class="notation">{answer}{comment}</li>')

    def notes(self, node: Node, position: Position) -> None:
        """The comment and marks of ``node``, with a diagram of ``position`` (the board after
        its move) when it has either."""
        if node.comment:
            self.out.append(f'<p class="comment">{escape(node.comment)}</p>')
        if node.marks:
            self.out.append(f'<p class="marks">marks: {escape(", ".join(map(mark_words, node.marks)))}</p>')
        if node.arrows:
            words = ", ".join(map(arrow_words, node.arrows))
            self.out.append(f'<p class="arrows">arrows: {escape(words)}</p>')
        if node.comment or node.marks or node.arrows:
            where = "the start" if node.move is None else f"move {node.ply}, {node.move}"
            self.out.append(self._diagram(position, node.marks, f"The board after {where}", node.arrows))

    def _diagram(
        self, position: Position, marks: Sequence[Mark], words: str, arrows: Sequence[Arrow] = ()
    ) -> str:
        picture = board_svg(position, marks=marks, arrows=arrows, size=self.size)
        data = base64.b64encode(str(picture).encode("utf-8")).decode("ascii")
        return (
            f'<figure><img class="diagram" src="data:image/svg+xml;base64,{data}" width="{self.size}" '
            f'alt="{escape(words)}"><figcaption>{escape(words)}</figcaption></figure>'
        )
