"""The board as a standalone SVG picture: what ``sw.svg`` draws, what ``Game`` and
``Position`` show where a notebook or a page renders SVG (``_repr_svg_``), and what a board
widget leaves in a saved notebook for viewers that run no JavaScript.

The picture needs nothing outside itself: no font file, no image, no script (its text uses
the reader's sans-serif font). Every card of the position is drawn where the board has it:
the face-down ones as backs (the stock's with their count), the face-up ones with their rank
and suit. Arrows and marks are drawn over it, each end a pile id (``"tableau/3"``) or a card
code (``"7H"``), in one of ``COLOURS``, as a teacher points at a board (the vocabulary and
its checks are ``drawing``'s, which the move tree and records share).
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from xml.sax.saxutils import escape

from ..engine.cards import SUIT_SYMBOLS, card_code, card_label, is_red, parse_card, rank_of, suit_of
from ..engine.position import Position
from .diagram import game_facts
from .drawing import COLOURS, checked_arrow, checked_mark, mark_colour, mark_end

CARD_WIDTH = 50
CARD_HEIGHT = 70
GAP = 10
MARGIN = 10
DOWN_STEP = 7
"""How far a face-down card below another shows."""
UP_STEP = 19
"""How far a face-up card below another shows: enough for its rank and suit."""
WASTE_STEP = 14
"""How far apart the waste's cards on show lie (three at a time when drawing three)."""


_LETTERS = {1: "A", 11: "J", 12: "Q", 13: "K"}
"""The big sign of an ace or a court card (the others show their suit)."""
FELT = "#1d6b3a"
_RED_INK = "#c62828"
_BLACK_INK = "#1a1a1a"


class Svg(str):
    """An SVG document as text, which a notebook shows as the picture (``_repr_svg_``)."""

    def _repr_svg_(self) -> str:
        return str(self)


@dataclass(frozen=True)
class _Place:
    """Where something is drawn: its box, and the point an arrow meets."""

    x: float
    y: float
    width: float
    height: float
    anchor_y: float

    @property
    def centre(self) -> tuple[float, float]:
        return self.x + self.width / 2, self.anchor_y


def svg(
    source: object,
    *,
    arrows: Iterable[Sequence[str]] = (),
    marks: Iterable[str | Sequence[str]] = (),
    size: int | None = None,
) -> Svg:
    """The board of ``source`` (a ``Game``, a ``Position``, or anything with a ``position``,
    such as a strategy's view of a game) as a standalone SVG picture, ``size`` pixels wide,
    with ``arrows`` and ``marks`` over it (see ``board_svg``). A notebook shows the result as
    the picture; ``str()`` of it is the SVG text.

    >>> import solitaire_widget as sw
    >>> picture = sw.svg(sw.Game.new("klondike", seed=3), arrows=[("tableau/4", "foundation/0")])
    >>> picture.startswith("<svg"), picture.count('data-card="')  # the face-up cards on show
    (True, 8)
    """
    position = source if isinstance(source, Position) else getattr(source, "position", None)
    if not isinstance(position, Position):
        raise TypeError(f"svg draws a Game or a Position, not {type(source).__name__}")
    seed = getattr(source, "seed", None)
    return board_svg(
        position, arrows=arrows, marks=marks, size=size, seed=seed if isinstance(seed, int) else None
    )


def board_svg(
    position: Position,
    *,
    arrows: Iterable[Sequence[str]] = (),
    marks: Iterable[str | Sequence[str]] = (),
    size: int | None = None,
    seed: int | None = None,
) -> Svg:
    """``position`` drawn as SVG, ``size`` pixels wide (None: one pixel a unit, about 430
    for Klondike), with ``arrows`` (``(from, to)`` or ``(from, to, colour)``) and ``marks``
    (an end, or ``(end, colour)``) over it. ``ValueError`` naming an entry whose end is
    neither a pile of this game nor a card, or whose colour is not one of ``COLOURS``."""
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise ValueError(f"size must be a whole number of pixels from 1, or None, not {size!r}")
    drawn = drawing(position, arrows=arrows, marks=marks)
    width, height = drawn.width, drawn.height
    shown = f' width="{size}" height="{round(size * height / width)}"' if size else ""
    title = " · ".join(game_facts(position, seed))
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width} {height}"{shown} '
        f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" role="img">',
        f"<title>{escape(title)}</title>",
        DEFINITIONS,
        f'<rect width="{width}" height="{height}" rx="8" fill="{FELT}"/>',
        *drawn.parts,
        "</svg>",
    ]
    return Svg("\n".join(parts))


@dataclass(frozen=True)
class Drawing:
    """A position drawn: its size in the picture's units and its SVG elements (the piles,
    then the marks, then the arrows), to place in an ``<svg>`` that has ``DEFINITIONS``."""

    width: float
    height: float
    parts: tuple[str, ...]


def drawing(
    position: Position, *, arrows: Iterable[Sequence[str]] = (), marks: Iterable[str | Sequence[str]] = ()
) -> Drawing:
    """``position`` with ``arrows`` and ``marks`` drawn, as ``board_svg`` checks and draws them."""
    board = _Board(position)
    drawn_arrows = [board.arrow(index, entry) for index, entry in enumerate(arrows, 1)]
    drawn_marks = [board.mark(index, entry) for index, entry in enumerate(marks, 1)]
    return Drawing(board.width, board.height, (*board.piles, *drawn_marks, *drawn_arrows))


DEFINITIONS = (
    "<defs>"
    '<pattern id="back" width="6" height="6" patternUnits="userSpaceOnUse" patternTransform="rotate(45)">'
    '<rect width="6" height="6" fill="#2f4f9e"/><rect width="3" height="6" fill="#3d61b8"/></pattern>'
    + "".join(
        f'<marker id="head-{name}" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="3.2" '
        'markerHeight="3.2" orient="auto-start-reverse">'
        f'<path d="M0,0 L10,5 L0,10 z" fill="{colour}"/></marker>'
        for name, colour in COLOURS.items()
    )
    + "</defs>"
)
"""The card back's pattern and the arrowheads, which every drawing refers to by id."""


class _Board:
    """The piles of one position laid out, drawn, and the places arrows and marks meet."""

    def __init__(self, position: Position) -> None:
        self.position = position
        foundations = len(position.foundations)
        columns = len(position.up)
        top_slots = 2 + 1 + foundations  # stock, waste, a gap, the foundations
        self.slots = max(columns, top_slots)
        self.width = MARGIN * 2 + self.slots * CARD_WIDTH + (self.slots - 1) * GAP
        self.tableau_y = MARGIN + CARD_HEIGHT + 2 * GAP
        tallest = max(
            (
                len(down) * DOWN_STEP + max(len(up) - 1, 0) * UP_STEP
                for down, up in zip(position.down, position.up, strict=True)
            )
        )
        self.height = self.tableau_y + tallest + CARD_HEIGHT + MARGIN
        self.piles: list[str] = []
        self.pile_places: dict[str, _Place] = {}
        self.card_places: dict[int, _Place] = {}
        self._draw_talon()
        for index, pile in enumerate(position.foundations):
            self._draw_foundation(index, pile, self.slots - foundations + index)
        for index, (down, up) in enumerate(zip(position.down, position.up, strict=True)):
            self._draw_column(index, down, up)

    def _x(self, slot: int) -> float:
        return MARGIN + slot * (CARD_WIDTH + GAP)

    # ------------------------------------------------------------------ the piles
    def _draw_talon(self) -> None:
        position = self.position
        x, y = self._x(0), MARGIN
        stock = position.stock
        if stock:
            for card in stock:
                self.card_places[card] = _Place(x, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)
            self.piles.append(_back(x, y))
            self.piles.append(_text(x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 5, str(len(stock)), 15, "#fff"))
        else:
            redeal = position.redeals_left is None or position.redeals_left > 0
            self.piles.append(_empty(x, y, "\u21bb" if redeal and position.waste else "\u00d7"))
        self.pile_places["stock"] = _Place(x, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)
        x = self._x(1)
        waste = position.waste
        shown = waste[-position.draw :] if waste else ()
        for card in waste[: len(waste) - len(shown)]:
            self.card_places[card] = _Place(x, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)
        if not waste:
            self.piles.append(_empty(x, y, ""))
        for offset, card in enumerate(shown):
            left = x + offset * WASTE_STEP
            self.piles.append(_face(card, left, y, whole=offset == len(shown) - 1))
            self.card_places[card] = _Place(left, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)
        end = x + max(len(shown) - 1, 0) * WASTE_STEP
        self.pile_places["waste"] = _Place(end, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)

    def _draw_foundation(self, index: int, pile: Sequence[int], slot: int) -> None:
        x, y = self._x(slot), MARGIN
        if pile:
            self.piles.append(_face(pile[-1], x, y, whole=True))
        else:
            self.piles.append(_empty(x, y, ""))
        for card in pile:
            self.card_places[card] = _Place(x, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)
        self.pile_places[f"foundation/{index}"] = _Place(x, y, CARD_WIDTH, CARD_HEIGHT, y + CARD_HEIGHT / 2)

    def _draw_column(self, index: int, down: Sequence[int], up: Sequence[int]) -> None:
        x, y = self._x(index), self.tableau_y
        if not down and not up:
            self.piles.append(_empty(x, y, ""))
        for card in down:
            self.piles.append(_back(x, y))
            self.card_places[card] = _Place(x, y, CARD_WIDTH, DOWN_STEP, y + DOWN_STEP / 2)
            y += DOWN_STEP
        for place, card in enumerate(up):
            last = place == len(up) - 1
            self.piles.append(_face(card, x, y, whole=last))
            shows = CARD_HEIGHT if last else UP_STEP
            self.card_places[card] = _Place(x, y, CARD_WIDTH, shows, y + shows / 2)
            if not last:
                y += UP_STEP
        height = y + CARD_HEIGHT - self.tableau_y
        self.pile_places[f"tableau/{index}"] = _Place(
            x, self.tableau_y, CARD_WIDTH, height, y + CARD_HEIGHT / 2
        )

    # ------------------------------------------------------------------ arrows and marks
    def _place_of(self, end: str) -> _Place:
        """Where a checked end (a pile id of this game, or a card code) is drawn."""
        return self.pile_places.get(end) or self.card_places[parse_card(end)]

    def arrow(self, index: int, entry: Sequence[str]) -> str:
        start, end, colour = checked_arrow(self.position, entry, f"arrow {index}")
        (x1, y1), (x2, y2) = self._place_of(start).centre, self._place_of(end).centre
        return (
            f'<line x1="{x1:g}" y1="{y1:g}" x2="{x2:g}" y2="{y2:g}" stroke="{COLOURS[colour]}" '
            f'stroke-width="6" stroke-linecap="round" opacity="0.85" marker-end="url(#head-{colour})"/>'
        )

    def mark(self, index: int, entry: str | Sequence[str]) -> str:
        checked = checked_mark(self.position, entry, f"mark {index}")
        place, colour = self._place_of(mark_end(checked)), mark_colour(checked)
        return (
            f'<rect x="{place.x - 3:g}" y="{place.y - 3:g}" width="{place.width + 6:g}" '
            f'height="{place.height + 6:g}" rx="7" fill="none" stroke="{COLOURS[colour]}" stroke-width="4"/>'
        )


# ---------------------------------------------------------------------- one card
def _back(x: float, y: float) -> str:
    return (
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        'fill="url(#back)" stroke="#fff" stroke-width="1.5"/>'
    )


def _empty(x: float, y: float, sign: str) -> str:
    outline = (
        f'<rect x="{x + 1:g}" y="{y + 1:g}" width="{CARD_WIDTH - 2}" height="{CARD_HEIGHT - 2}" rx="5" '
        'fill="none" stroke="#ffffff" stroke-opacity="0.45" stroke-width="1.5" stroke-dasharray="4 3"/>'
    )
    if not sign:
        return outline
    return outline + _text(x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 8, sign, 24, "#ffffff", opacity=0.6)


def _face(card: int, x: float, y: float, *, whole: bool) -> str:
    """A face-up card: its corner (rank and suit) always, its big suit when nothing covers it."""
    ink = _RED_INK if is_red(card) else _BLACK_INK
    parts = [
        f'<g data-card="{card_code(card)}">',
        f'<rect x="{x:g}" y="{y:g}" width="{CARD_WIDTH}" height="{CARD_HEIGHT}" rx="5" '
        'fill="#fdfdf8" stroke="#555" stroke-width="1"/>',
        _text(x + 4, y + 15, escape(card_label(card)), 14, ink, anchor="start", bold=True),
    ]
    if whole:
        symbol = SUIT_SYMBOLS[suit_of(card)]
        big = _LETTERS.get(rank_of(card), symbol)
        parts.append(_text(x + CARD_WIDTH / 2, y + CARD_HEIGHT / 2 + 15, big, 30, ink))
        if big != symbol:
            parts.append(_text(x + CARD_WIDTH - 4, y + CARD_HEIGHT - 6, symbol, 13, ink, anchor="end"))
    parts.append("</g>")
    return "".join(parts)


def _text(
    x: float,
    y: float,
    text: str,
    size: int,
    fill: str,
    *,
    anchor: str = "middle",
    bold: bool = False,
    opacity: float = 1.0,
) -> str:
    weight = ' font-weight="bold"' if bold else ""
    faded = f' fill-opacity="{opacity:g}"' if opacity < 1 else ""
    return (
        f'<text x="{x:g}" y="{y:g}" font-size="{size}" fill="{fill}"{faded} '
        f'text-anchor="{anchor}"{weight}>{text}</text>'
    )
