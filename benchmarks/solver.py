"""Solver figures, per game: how many of N consecutive deals (seeds 0 to N-1) the solver
finds winnable, unwinnable or cannot decide within the time limit, the median and 90th
percentile solve time, the share resolved within the limit, and the peak memory.

Run: ``python benchmarks/solver.py [--seeds N] [--time-limit SECONDS] [--games klondike,father]
[--path native|python] [--results FILE] [--only-seeds FILE]`` (defaults: 200 seeds, 10 s, the
four target game sets, and the path ``solve`` takes by itself: the C accelerator when it
builds). The solver is "thoughtful": it knows every card's place. Peak memory is the
process's largest resident size so far (``resource.getrusage``), so run one game per process
for a figure per game.

``--results FILE`` appends one JSON row per deal (game set, seed, verdict, seconds, nodes,
peak MB so far) to FILE, so that a later run can re-try only some deals: ``--only-seeds FILE``
takes the seeds of each game set from such a file (say, its undecided deals plus a sample of
the decided ones) instead of 0 to N-1.
"""

from __future__ import annotations

import argparse
import json
import os
import resource
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from benchmarks.figures import percentile
from solitaire_widget.solver import native, solve

GAMES = {
    "klondike": ("klondike", {}),
    "klondike draw 3": ("klondike", {"draw": 3}),
    "klondike no f2t": ("klondike", {"foundation_to_tableau": False}),
    "father": ("father", {}),
    "following": ("following", {}),
}
TARGETS = ("klondike", "klondike draw 3", "father", "following")


def peak_megabytes() -> float:
    """The process's largest resident size so far (Linux reports KiB, macOS bytes)."""
    peak = resource.getrusage(resource.RUSAGE_SELF).ru_maxrss
    return peak / (2**20 if sys.platform == "darwin" else 2**10)


def seeds_in(path: Path) -> dict[str, list[int]]:
    """The seeds of each game set in a ``--results`` file, in file order, each once."""
    seeds: dict[str, list[int]] = {}
    for line in path.read_text().splitlines():
        if line.strip():
            row = json.loads(line)
            listed = seeds.setdefault(row["set"], [])
            if row["seed"] not in listed:
                listed.append(row["seed"])
    return seeds


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seeds", type=int, default=200, help="deals per game (seeds 0 to N-1)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    parser.add_argument(
        "--games", default=",".join(TARGETS), help="comma-separated names from: " + ", ".join(GAMES)
    )
    parser.add_argument(
        "--path", choices=("native", "python"), help="the C accelerator or the pure-Python search"
    )
    parser.add_argument("--results", type=Path, help="append one JSON row per deal to this file")
    parser.add_argument("--only-seeds", type=Path, help="take each game set's seeds from this --results file")
    args = parser.parse_args()
    chosen = seeds_in(args.only_seeds) if args.only_seeds else None
    if args.path == "python":
        os.environ["SOLITAIRE_WIDGET_NATIVE"] = "0"
    elif args.path == "native" and not native.available():
        parser.error("the C accelerator is not available (no compiler, or SOLITAIRE_WIDGET_NATIVE=0)")
    path = "native (C accelerator)" if native.available() else "python"
    deals = f"seeds from {args.only_seeds}" if chosen else f"{args.seeds} seeds per game"
    print(f"solver: {deals}, {args.time_limit:g} s limit, path {path}")
    for name in (name.strip() for name in args.games.split(",")):
        game, options = GAMES[name]
        seeds = chosen.get(name, []) if chosen else list(range(args.seeds))
        if not seeds:
            continue
        counts = {"winnable": 0, "unwinnable": 0, "unknown": 0}
        times, nodes = [], 0
        start = time.perf_counter()
        for seed in seeds:
            result = solve(sw.Game.new(game, seed=seed, **options), time_limit=args.time_limit)
            counts[result.verdict] += 1
            times.append(result.seconds)
            nodes += result.nodes
            if args.results:
                row = {"set": name, "seed": seed, "verdict": result.verdict, "seconds": result.seconds}
                row |= {"nodes": result.nodes, "peak_mb": round(peak_megabytes())}
                with args.results.open("a") as file:
                    file.write(json.dumps(row) + "\n")
        resolved = counts["winnable"] + counts["unwinnable"]
        elapsed = time.perf_counter() - start
        print(
            f"{name:16} winnable {counts['winnable']:3}  unwinnable {counts['unwinnable']:3}  "
            f"unknown {counts['unknown']:3}  median {statistics.median(times):7.3f} s  "
            f"p90 {percentile(times, 0.9):7.3f} s  resolved {resolved / len(seeds):6.1%}  "
            f"({nodes / elapsed:,.0f} nodes/s)  peak memory {peak_megabytes():,.0f} MB",
            flush=True,
        )


if __name__ == "__main__":
    main()
