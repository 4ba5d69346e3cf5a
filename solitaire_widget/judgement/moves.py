"""Judging a move by the win chance it gives up: best, good, inaccuracy, mistake, blunder,
and "only move".

The drop
========

A move's *drop* is the best legal move's chance less the played move's, both judged on the
same samples (``chances.win_chance``), in points of percent. The bands, in the spirit of
Lichess's win-percentage drops but narrower, since a patience move seldom swings the game
as much as a chess blunder:

==============  ==========================
drop            judgement
==============  ==========================
0               best (a move as good as any)
under 5         good
5 to under 10   inaccuracy
10 to under 20  mistake
20 or more      blunder
==============  ==========================

A played move that is the best, where every other legal move drops by a mistake or more
(surely, see below), and that keeps a chance of at least 5%, is the **only move**.

A move that comes back to a position the line stood on before, with nothing new seen since
(``engine.knowledge.repeats_along``), is **wasted**, whatever its chance: it loses no chance
(the position is as it was) but gains nothing, and is never the best move.

Sampling error
==============

The drop is measured on samples, so it has an interval: 95%, from the per-sample
differences between the two moves (each sample won by one and lost by the other moves the
drop by one sample's share). A sample undecided for one move and decided for the other is
counted both ways; one undecided for both says nothing of their difference and is left out.
A judgement says only what the samples make sure of:

- when the whole interval lies under 5 points, the move is best (no drop), good, or the only
  move;
- when the whole interval lies at 5 points or more, the move is named by the interval's low
  end: the least it surely gave up (so a drop measured at 15 points that may be 8 is an
  inaccuracy, not a mistake);
- otherwise the judgement is None, and ``note`` says so (more samples would tell).

Accuracy
========

A game's accuracy is the mean of each judged move's accuracy (wasted moves are counted
apart, not in it), ``103.1668 * exp(-0.04354 *
drop) - 3.1669`` (drop in points, clipped to 0..100): the curve Lichess publishes for its
accuracy, so 100 is a game of best moves and a 10-point drop scores about 64.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..engine import Move
from .chances import Chance, WinChance

GOOD_BELOW = 0.05
MISTAKE_FROM = 0.10
BLUNDER_FROM = 0.20
ONLY_MOVE_KEEPS = 0.05
"""The least chance an only move keeps (below it, nothing keeps a real chance)."""

JUDGEMENTS = ("best", "good", "inaccuracy", "mistake", "blunder", "only move", "wasted")
"""Every judgement, best first ("only move" is a best move that alone keeps the chance;
"wasted", a move back to where the line stood before)."""

GLYPHS = {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "only move": "!", "wasted": "\u21ba"}
"""The glyph of each judgement that has one, as in chess annotation (and ↺ for a move that
goes round in a circle)."""

_BANDS = ("good", "inaccuracy", "mistake", "blunder")
_Z = 1.959964


@dataclass(frozen=True)
class MoveJudgement:
    """How one move was judged: ``judgement`` (one of ``JUDGEMENTS``, or None when the
    sampling error leaves it open, with ``note`` saying why), the ``drop`` (best chance less
    the played move's) and its 95% interval ``drop_low``/``drop_high``."""

    judgement: str | None
    drop: float
    drop_low: float
    drop_high: float
    note: str = ""


def judge(chances: WinChance, played: Move, *, wasted: bool = False) -> MoveJudgement:
    """Judge ``played`` among the moves of ``chances`` (``KeyError`` when it is not one, nor
    the same choice as one); a ``wasted`` move (see the module docstring) is judged so."""
    played_chance = chances.moves[played]
    best = chances.best
    assert best is not None  # played is a legal move
    drop = float(chances.moves[best]) - float(played_chance)
    low, high = drop_interval(chances.moves[best], played_chance)
    if wasted:
        return MoveJudgement(
            "wasted", drop, low, high, "it comes back to a position already played, with nothing new seen"
        )
    if low >= GOOD_BELOW:
        return MoveJudgement(_BANDS[_band(low)], drop, low, high)
    if high >= GOOD_BELOW:
        between = f"from {low * 100:.0f} to {high * 100:.0f}"
        note = f"a drop of {drop * 100:.0f} points, {between}: more samples would tell"
        return MoveJudgement(None, drop, low, high, note)
    if drop > 0:
        return MoveJudgement("good", drop, low, high)
    if _is_only_move(chances, played):
        return MoveJudgement("only move", drop, low, high)
    return MoveJudgement("best", drop, low, high)


def drop_interval(better: Chance, worse: Chance) -> tuple[float, float]:
    """The 95% interval of ``better`` less ``worse``, from their per-sample outcomes (see the
    module docstring); both must come from the same samples."""
    samples = better.samples
    either_decided = ~(better.unknowns & worse.unknowns) & ((1 << samples) - 1)
    compared = either_decided.bit_count()
    if compared == 0:
        return -1.0, 1.0
    # Extremes: undecided outcomes set against the drop, then for it.
    low = _paired_mean(better.wins, worse.wins | worse.unknowns, either_decided, samples)
    high = _paired_mean(better.wins | better.unknowns, worse.wins, either_decided, samples)
    return low[0] - low[1], high[0] + high[1]


def _paired_mean(better: int, worse: int, compared: int, samples: int) -> tuple[float, float]:
    """The mean per-sample difference over all ``samples`` (samples not ``compared`` count 0)
    and its 95% margin."""
    gains = (better & ~worse & compared).bit_count()
    losses = (worse & ~better & compared).bit_count()
    mean = (gains - losses) / samples
    variance = max(0.0, (gains + losses) / samples - mean * mean)
    return mean, _Z * math.sqrt(variance / samples)


def _band(drop: float) -> int:
    if drop < GOOD_BELOW:
        return 0
    if drop < MISTAKE_FROM:
        return 1
    return 2 if drop < BLUNDER_FROM else 3


def _is_only_move(chances: WinChance, played: Move) -> bool:
    kept = chances.moves[played]
    if len(chances.moves) < 2 or float(kept) < ONLY_MOVE_KEEPS:
        return False
    return all(
        drop_interval(kept, chance)[0] >= MISTAKE_FROM
        for move, chance in chances.moves.items()
        if move != chances.choice(played)
    )


def accuracy(drop: float) -> float:
    """One move's accuracy (0 to 100) from its drop (a share, 0 to 1), as Lichess computes it."""
    return min(100.0, max(0.0, 103.1668 * math.exp(-0.04354 * drop * 100) - 3.1669))
