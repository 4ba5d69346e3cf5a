"""What a teacher draws over a board: arrows and marks, one vocabulary for the move tree,
records, the board widget and ``sw.svg``.

Each end is a pile id of the game (``"tableau/3"``) or a card code (``"7H"``; ``"7h"`` and
``"10H"`` are read too). An arrow is ``(from, to)`` or ``(from, to, colour)``; a mark is an
end, or ``(end, colour)``; the colour is one of ``COLOURS``, green when left out (as Lichess
offers them). Checked, an arrow is always ``(from, to, colour)``; a green mark is its end
alone (so marks written before colours existed read the same) and another one
``(end, colour)``.

>>> from solitaire_widget import Game
>>> position = Game.new("klondike", seed=3).position
>>> checked_arrows(position, [("t4", "foundation/0")])  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
ValueError: arrow 1: 't4' is neither a pile of this Klondike game (stock, waste, ...) nor a card code ...
>>> checked_arrows(position, [("tableau/4", "foundation/0"), ("7h", "tableau/1", "red")])
(('tableau/4', 'foundation/0', 'green'), ('7H', 'tableau/1', 'red'))
>>> checked_marks(position, ["stock", ("10H", "blue")])
('stock', ('TH', 'blue'))
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from ..engine.cards import card_code, parse_card
from ..engine.position import Position

COLOURS = {"green": "#15781b", "red": "#b3261e", "blue": "#1a56b8", "yellow": "#d98c00"}
"""The arrows' and marks' colours, by name, with the ink each is drawn in; green unless named."""
DEFAULT_COLOUR = "green"
MAX_ARROWS = 64
"""The most arrows one move may carry."""
MAX_MARKS = 64
"""The most marks one move may carry."""

Arrow = tuple[str, str, str]
"""A checked arrow: from, to (pile ids or card codes) and colour."""
Mark = str | tuple[str, str]
"""A checked mark: a pile id or card code (green), or ``(end, colour)`` for another colour."""


def checked_end(position: Position, end: object, what: str) -> str:
    """``end`` as a pile id of ``position``'s game or a card code; ``ValueError`` naming
    ``what`` (e.g. ``"arrow 2"``) when it is neither."""
    if isinstance(end, str) and position.place(end) is not None:
        return end
    try:
        return card_code(parse_card(end))
    except ValueError:
        piles = ", ".join(position.pile_ids[:3])
        raise ValueError(
            f"{what}: {end!r} is neither a pile of this {position.rules.title} game ({piles}, ...) "
            "nor a card code such as '7H'"
        ) from None


def checked_colour(name: object, what: str) -> str:
    """``name`` when it is one of ``COLOURS``; ``ValueError`` naming ``what`` otherwise."""
    if not isinstance(name, str) or name not in COLOURS:
        raise ValueError(f"{what}: the colour is one of {', '.join(COLOURS)}, not {name!r}")
    return name


def checked_arrow(position: Position, entry: object, what: str) -> Arrow:
    """One arrow, ``(from, to)`` or ``(from, to, colour)``, checked (see the module docstring)."""
    if isinstance(entry, (str, bytes)) or not isinstance(entry, Sequence) or len(entry) not in (2, 3):
        raise ValueError(f"{what} is (from, to) or (from, to, colour), not {entry!r}")
    colour = checked_colour(entry[2], what) if len(entry) == 3 else DEFAULT_COLOUR
    return checked_end(position, entry[0], what), checked_end(position, entry[1], what), colour


def checked_mark(position: Position, entry: object, what: str) -> Mark:
    """One mark, an end or ``(end, colour)``, checked (see the module docstring)."""
    if isinstance(entry, str):
        return checked_end(position, entry, what)
    if isinstance(entry, bytes) or not isinstance(entry, Sequence) or len(entry) != 2:
        raise ValueError(f"{what} is a pile or card, or (pile or card, colour), not {entry!r}")
    end, colour = checked_end(position, entry[0], what), checked_colour(entry[1], what)
    return end if colour == DEFAULT_COLOUR else (end, colour)


def checked_arrows(position: Position, arrows: Iterable[object] | None) -> tuple[Arrow, ...]:
    """Every arrow of ``arrows`` checked, each once, in order; ``ValueError`` naming the first
    bad one (``arrow 1`` is the first) or too many. None is no arrow."""
    if arrows is None:
        return ()
    if isinstance(arrows, (str, bytes)) or not isinstance(arrows, Iterable):
        raise ValueError(f"arrows are a list of (from, to) or (from, to, colour), not {arrows!r}")
    checked = [checked_arrow(position, entry, f"arrow {index}") for index, entry in enumerate(arrows, 1)]
    if len(checked) > MAX_ARROWS:
        raise ValueError(f"a move has at most {MAX_ARROWS} arrows, not {len(checked)}")
    return tuple(dict.fromkeys(checked))


def checked_marks(position: Position, marks: Iterable[object] | str | None) -> tuple[Mark, ...]:
    """Every mark of ``marks`` (one end alone is one mark) checked, each end once (the last
    colour given wins), in order; ``ValueError`` naming the first bad one or too many."""
    if marks is None:
        return ()
    if isinstance(marks, str) or not isinstance(marks, Iterable):
        marks = [marks]
    checked = [checked_mark(position, entry, f"mark {index}") for index, entry in enumerate(marks, 1)]
    if len(checked) > MAX_MARKS:
        raise ValueError(f"a move has at most {MAX_MARKS} marks, not {len(checked)}")
    by_end = {mark_end(mark): mark for mark in checked}
    return tuple(by_end.values())


def mark_end(mark: Mark) -> str:
    """The pile id or card code a checked mark names."""
    return mark if isinstance(mark, str) else mark[0]


def mark_colour(mark: Mark) -> str:
    """The colour of a checked mark."""
    return DEFAULT_COLOUR if isinstance(mark, str) else mark[1]


def mark_words(mark: Mark) -> str:
    """A checked mark as a handout writes it: ``"tableau/3"``, ``"7H (red)"``."""
    colour = mark_colour(mark)
    return mark_end(mark) if colour == DEFAULT_COLOUR else f"{mark_end(mark)} ({colour})"


def arrow_words(arrow: Arrow) -> str:
    """A checked arrow as a handout writes it: ``"7H -> tableau/5"``, ``"waste -> tableau/1 (red)"``."""
    start, end, colour = arrow
    return f"{start} -> {end}" if colour == DEFAULT_COLOUR else f"{start} -> {end} ({colour})"
