"""Solver figures, per game: how many of N consecutive deals (seeds 0 to N-1) the solver
finds winnable, unwinnable or cannot decide within the time limit, the median and 90th
percentile solve time, and the share resolved within the limit.

Run: ``python benchmarks/solver.py [--seeds N] [--time-limit SECONDS] [--games klondike,father]``
(defaults: 20 seeds, 10 s). The solver is "thoughtful": it knows every card's place.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.solver import solve

GAMES = {
    "klondike": ("klondike", {}),
    "klondike draw 3": ("klondike", {"draw": 3}),
    "klondike no f2t": ("klondike", {"foundation_to_tableau": False}),
    "father": ("father", {}),
    "following": ("following", {}),
}


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=20, help="deals per game (seeds 0 to N-1)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    parser.add_argument(
        "--games", default=",".join(GAMES), help="comma-separated names from: " + ", ".join(GAMES)
    )
    args = parser.parse_args()
    print(f"solver: {args.seeds} seeds per game, {args.time_limit:g} s limit")
    for name in args.games.split(","):
        game, options = GAMES[name.strip()]
        counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
        times, nodes = [], 0
        start = time.perf_counter()
        for seed in range(args.seeds):
            result = solve(sw.Game.new(game, seed=seed, **options), time_limit=args.time_limit)
            counts[result.verdict] += 1
            times.append(result.seconds)
            nodes += result.nodes
        resolved = counts["winnable"] + counts["unwinnable"]
        elapsed = time.perf_counter() - start
        print(
            f"{name:16} winnable {counts['winnable']:3}  unwinnable {counts['unwinnable']:3}  "
            f"unknown {counts['unknown']:3}  median {statistics.median(times):6.2f} s  "
            f"p90 {percentile(times, 0.9):6.2f} s  resolved {resolved / args.seeds:4.0%}  "
            f"({nodes / elapsed:,.0f} nodes/s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
