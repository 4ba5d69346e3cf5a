"""The walk over quiet moves: what its bound leaves out, and what it costs.

The fair strategy's choices come from a breadth-first walk over quiet moves
(``judgement.commitments.commitments``), bounded by ``QUIET_POSITIONS`` positions with the
talon's turns walked apart. At every turn of Klondike draw-three deals played by the fair
strategy (the version the bound was set for: up to 64 samples of 5,000 positions, raced
from 16, the stock known), this walks again with each bound of ``--bounds`` and prints, per bound, the turns
whose choices differ from those of the largest bound and the mean time of a walk.

Run: ``python benchmarks/walk.py [--first S] [--deals N] [--bounds B,B,...]`` (defaults:
seeds 1,000 to 1,003, bounds 250, 500, 1,000, 2,000 and 5,000). It prints figures and
asserts nothing.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.engine import Position
from solitaire_widget.judgement import commitments, fair_play
from solitaire_widget.judgement.commitments import Race

OPTIONS = {"draw": 3, "deal_to_waste": False}


def turns(seeds: range) -> list[tuple[Position, set[int]]]:
    """The positions (and the cards known there) where the fair strategy walked."""
    found: list[tuple[Position, set[int]]] = []
    walk = fair_play.commitments

    def kept(position: Position, known: set[int]) -> list[commitments.Commitment]:
        found.append((position.copy(), set(known)))
        return walk(position, known)

    # The walk is wrapped where the strategy looks it up: this script's only way in.
    fair_play.commitments = kept  # type: ignore[assignment]
    try:
        strategy = sw.strategies.FairStrategy(64, 5_000, knows_stock=True, race=Race(16, 8, 2.0, 0.5))
        sw.simulate(
            "klondike",
            strategy,
            seeds=list(seeds),
            options=OPTIONS,
            time_limit=None,
            executor="serial",
            progress=False,
        )
    finally:
        fair_play.commitments = walk
    return found


def choices(position: Position, known: set[int], bound: int) -> tuple[frozenset[tuple[object, ...]], float]:
    """What the walk with ``bound`` offers (each commitment by what it does), and its time."""
    commitments.QUIET_POSITIONS = bound
    started = time.perf_counter()
    found = commitments.commitments(position, known)
    seconds = time.perf_counter() - started
    done = set()
    for choice in found:
        walker = position.copy()
        for move in choice.setup:
            walker.push(move)
        done.add(commitments._choice(walker, choice.move))
    return frozenset(done), seconds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000, help="the first seed")
    parser.add_argument("--deals", type=int, default=4, help="deals played")
    parser.add_argument("--bounds", default="250,500,1000,2000,5000", help="the bounds compared")
    args = parser.parse_args()
    bounds = sorted(int(bound) for bound in args.bounds.split(","))
    walked = turns(range(args.first, args.first + args.deals))
    kept = commitments.QUIET_POSITIONS
    try:
        results = {bound: [choices(position, known, bound) for position, known in walked] for bound in bounds}
    finally:
        commitments.QUIET_POSITIONS = kept
    widest = [found for found, _ in results[bounds[-1]]]
    print(f"{len(walked)} turns of seeds {args.first}-{args.first + args.deals - 1}")
    print("| bound | turns whose choices differ from the widest | mean walk |")
    print("|---|---|---|")
    for bound in bounds:
        differ = sum(found != wide for (found, _), wide in zip(results[bound], widest, strict=True))
        mean = statistics.fmean(seconds for _, seconds in results[bound])
        print(f"| {bound:,}{' (kept)' if bound == kept else ''} | {differ} | {mean * 1000:.1f} ms |")


if __name__ == "__main__":
    main()
