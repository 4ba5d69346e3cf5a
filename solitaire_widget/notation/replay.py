"""A line of moves replayed as one animated SVG picture, for slides and pages (``sw.svg_replay``).

The picture holds one frame per position of the line (the start, then one after each
move), each drawn as ``svg.board_svg`` draws a board, with the move and its sentence as a
caption, and shows them in turn with SMIL animation (``<animate>`` on each frame's
visibility), looping. It needs no script, font file or image, so it plays wherever SVG
animation does: browsers, slides that embed SVG, a notebook's output. A viewer that does not
animate shows the first frame.

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=7)
>>> _ = g.play("t4>f0"); _ = g.play("t6>f1")
>>> picture = replay_svg(g.start, g.line, seed=g.seed)
>>> picture.count('class="frame"')
3
"""

from __future__ import annotations

from collections.abc import Sequence
from xml.sax.saxutils import escape

from ..engine import explain
from ..engine.moves import Move
from ..engine.position import Position
from .diagram import game_facts
from .svg import DEFINITIONS, FELT, Svg, drawing

CAPTION_HEIGHT = 28
MAX_FRAMES = 2_000
"""The most frames one picture holds (a line of 1,999 moves): its size grows with each."""


def replay_svg(
    start: Position,
    moves: Sequence[Move],
    *,
    seconds: float = 1.0,
    size: int | None = None,
    seed: int | None = None,
) -> Svg:
    """``moves`` played from ``start`` as an animated picture: one frame per position, each
    shown ``seconds``, ``size`` pixels wide (None: one pixel a unit). ``ValueError`` for a
    move that is not legal where it is played, or a bad ``seconds`` or ``size``."""
    if isinstance(seconds, bool) or not isinstance(seconds, (int, float)) or not 0.05 <= seconds <= 60:
        raise ValueError(f"seconds must be a number from 0.05 to 60, not {seconds!r}")
    if size is not None and (isinstance(size, bool) or not isinstance(size, int) or size < 1):
        raise ValueError(f"size must be a whole number of pixels from 1, or None, not {size!r}")
    if len(moves) >= MAX_FRAMES:
        raise ValueError(f"a replay shows at most {MAX_FRAMES - 1} moves, not {len(moves)}")
    position = start.copy()
    frames = [(drawing(position), "the start")]
    for ply, move in enumerate(moves, 1):
        if not position.is_legal(move):
            raise ValueError(f"move {ply}, {move}, is not legal there: {explain.refusal(position, move)}")
        words = f"{ply}. {move}  {explain.sentence(position, move)}"
        position.push(move)
        frames.append((drawing(position, marks=[move.target]), words))
    width = frames[0][0].width
    board_height = max(frame.height for frame, _ in frames)
    height = board_height + CAPTION_HEIGHT
    total = seconds * len(frames)
    shown = f' width="{size}" height="{round(size * height / width)}"' if size else ""
    parts = [
        f'<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 {width:g} {height:g}"{shown} '
        f'font-family="DejaVu Sans, Arial, Helvetica, sans-serif" role="img">',
        f"<title>{escape(' · '.join(game_facts(start, seed)))}: {len(moves)} moves replayed</title>",
        DEFINITIONS,
        f'<rect width="{width:g}" height="{height:g}" rx="8" fill="{FELT}"/>',
    ]
    for index, (frame, words) in enumerate(frames):
        parts.append(f'<g class="frame" visibility="{"visible" if index == 0 else "hidden"}">')
        if len(frames) > 1:
            parts.append(_animation(index, len(frames), total))
        parts.extend(frame.parts)
        parts.append(
            f'<text x="10" y="{board_height + CAPTION_HEIGHT / 2 + 5:g}" font-size="14" fill="#fff">'
            f"{escape(words)}</text>"
        )
        parts.append("</g>")
    parts.append("</svg>")
    return Svg("\n".join(parts))


def _animation(index: int, count: int, total: float) -> str:
    """The frame's visibility over the loop: shown from its start to the next frame's."""
    begin, end = index / count, (index + 1) / count
    values, times = ["hidden", "visible", "hidden"], [0.0, begin, end]
    if index == 0:
        values, times = ["visible", "hidden"], [0.0, end]
    elif index == count - 1:
        values, times = ["hidden", "visible"], [0.0, begin]
    return (
        f'<animate attributeName="visibility" values="{";".join(values)}" '
        f'keyTimes="{";".join(f"{t:.6g}" for t in times)}" dur="{total:g}s" '
        'calcMode="discrete" repeatCount="indefinite"/>'
    )


def svg_replay(
    game: object,
    *,
    start: int = 0,
    end: int | None = None,
    seconds: float = 1.0,
    size: int | None = None,
) -> Svg:
    """The moves ``start`` + 1 to ``end`` of ``game``'s current line (a ``Game``; all of it by
    default, the moves ahead of where it stands too) as an animated SVG picture: one frame
    per position, each shown ``seconds``, ``size`` pixels wide (see ``replay_svg``).
    ``ValueError`` naming a bad argument; the game is not changed.

    >>> import solitaire_widget as sw
    >>> g = sw.Game.new("father", seed=3)
    >>> _ = g.play(g.legal_moves()[0])
    >>> sw.svg_replay(g, seconds=0.5).count("<animate ")
    2
    """
    first, line = getattr(game, "start", None), getattr(game, "line", None)
    if not isinstance(first, Position) or not isinstance(line, tuple):
        raise TypeError(f"svg_replay replays a Game's line, not {type(game).__name__}")
    last = len(line) if end is None else end
    for name, value in (("start", start), ("end", last)):
        if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= len(line):
            raise ValueError(f"{name} must be a ply of the line, 0 to {len(line)}, not {value!r}")
    if start > last:
        raise ValueError(f"start ({start}) must not come after end ({last})")
    position = first.copy()
    for move in line[:start]:
        position.push(move)
    seed = getattr(game, "seed", None)
    return replay_svg(
        position,
        line[start:last],
        seconds=seconds,
        size=size,
        seed=seed if start == 0 and isinstance(seed, int) else None,
    )
