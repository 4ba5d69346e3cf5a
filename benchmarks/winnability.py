"""How many deals can be won: the solver on N consecutive seeds per game and option set.

For each set it prints the winnable, unwinnable and unknown counts (unknown: the solver hit
the time limit first), the winnable share with a 95% Wilson interval that counts the
unknowns both ways (its low end counts them lost, its high end won), and the time per deal
(median, 90th percentile, max). Deals run on every core, with a progress bar on stderr.

The solver is "thoughtful": it knows where every card is, face-down cards and the order of
the stock included.

Run: ``python benchmarks/winnability.py [--deals N] [--time-limit SECONDS] [--sets NAMES]
[--workers N]`` (defaults: 2000 deals, 2 s, the four sets of the table in docs/guide/engine.md, every core).
``--sets`` takes names from ``SETS`` below, comma-separated; the "no waste card" sets deal
no card to the waste at the start, as the published figures for Klondike do.
"""

from __future__ import annotations

import argparse
import os
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.scripting import wilson_interval

SETS: dict[str, tuple[str, dict[str, object]]] = {
    "klondike draw 1": ("klondike", {}),
    "klondike draw 3": ("klondike", {"draw": 3}),
    "father": ("father", {}),
    "following": ("following", {}),
    "klondike draw 1 no waste card": ("klondike", {"deal_to_waste": False}),
    "klondike draw 3 no waste card": ("klondike", {"draw": 3, "deal_to_waste": False}),
}
TABLE_SETS = ["klondike draw 1", "klondike draw 3", "father", "following"]


def solve_deal(job: tuple[str, dict[str, object], int, float]) -> tuple[str, float]:
    game, options, seed, time_limit = job
    result = sw.solve(sw.Game.new(game, seed=seed, **options), time_limit=time_limit)
    return result.verdict, result.seconds


def percentile(values: list[float], share: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(share * len(ordered)))]


def progress(done: int, total: int, started: float, label: str) -> None:
    elapsed = time.perf_counter() - started
    left = elapsed / done * (total - done) if done else 0.0
    filled = round(30 * done / total)
    bar = "#" * filled + "." * (30 - filled)
    print(f"\r{label} [{bar}] {done}/{total}, {elapsed:.0f} s, ~{left:.0f} s left ", end="", file=sys.stderr)


def run_set(name: str, deals: int, time_limit: float, pool: ProcessPoolExecutor) -> str:
    game, options = SETS[name]
    jobs = [(game, options, seed, time_limit) for seed in range(deals)]
    verdicts: list[str] = []
    seconds: list[float] = []
    started = time.perf_counter()
    for verdict, took in pool.map(solve_deal, jobs, chunksize=4):
        verdicts.append(verdict)
        seconds.append(took)
        if len(verdicts) % 10 == 0 or len(verdicts) == deals:
            progress(len(verdicts), deals, started, name)
    print(file=sys.stderr)
    won, lost = verdicts.count("winnable"), verdicts.count("unwinnable")
    unknown = deals - won - lost
    low, _ = wilson_interval(won, deals)
    _, high = wilson_interval(won + unknown, deals)
    return (
        f"| {name} | {deals} | {won} | {lost} | {unknown} | {won / deals:.1%} | "
        f"{low:.1%} – {high:.1%} | {statistics.median(seconds):.2f} s | "
        f"{percentile(seconds, 0.9):.2f} s | {max(seconds):.2f} s |"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per set (seeds 0 to N-1)")
    parser.add_argument("--time-limit", type=float, default=2.0, help="seconds per deal")
    parser.add_argument("--sets", default=",".join(TABLE_SETS), help="names from: " + "; ".join(SETS))
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 1, help="processes")
    args = parser.parse_args()
    names = [name.strip() for name in args.sets.split(",")]
    unknown = [name for name in names if name not in SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}; the sets are: {'; '.join(SETS)}")
    print(
        f"winnability: {args.deals} consecutive seeds per set, {args.time_limit:g} s per deal, "
        f"{args.workers} processes; share = winnable / deals, interval: 95% Wilson, unknowns "
        "counted lost (low end) and won (high end)\n"
    )
    print(
        "| set | deals | winnable | unwinnable | unknown | winnable share | 95% interval | "
        "median time | p90 time | max time |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|")
    with ProcessPoolExecutor(max_workers=args.workers) as pool:
        for name in names:
            print(run_set(name, args.deals, args.time_limit, pool), flush=True)


if __name__ == "__main__":
    main()
