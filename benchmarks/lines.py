"""How much shorter ``solver.shorten`` makes the solver's winning lines, and what it costs.

For each game set (Klondike drawing one and three cards, Father, Following), the deals of the
first ``SEEDS`` seeds that the solver proves winnable within ``NODES`` positions: the
median and 95th percentile of the line's length before and after shortening (moves counted
as the board counts them, every draw and redeal included), the median share of moves cut,
and the time one shortening takes (median and 95th percentile). Shortening is bounded by
work, not time, so the lines are the same on every machine; only the times vary.
Run: ``python benchmarks/lines.py [seeds]``.
"""

from __future__ import annotations

import statistics
import sys
import time

import solitaire_widget as sw
from solitaire_widget.solver.shorten import shorten

SEEDS = 200
NODES = 200_000
SETS = (
    ("Klondike draw 1", "klondike", {"draw": 1}),
    ("Klondike draw 3", "klondike", {"draw": 3}),
    ("Father", "father", {}),
    ("Following", "following", {}),
)


def p95(values: list[float]) -> float:
    return statistics.quantiles(values, n=20)[-1] if len(values) > 1 else values[0]


def measure(name: str, options: dict[str, object], seeds: int) -> str:
    """One set's row: deals won, lengths before and after, share cut, time per shortening."""
    before: list[int] = []
    after: list[int] = []
    cut: list[float] = []
    seconds: list[float] = []
    for seed in range(seeds):
        game = sw.Game.new(name, seed=seed, **options)
        result = sw.solve(game, time_limit=None, node_limit=NODES)
        if result.verdict != "winnable":
            continue
        start = time.perf_counter()
        line = shorten(game.position, result.moves)
        seconds.append(time.perf_counter() - start)
        before.append(len(result.moves))
        after.append(len(line))
        cut.append(1 - len(line) / len(result.moves))
    return (
        f"{len(before):>4} | {statistics.median(before):>6.0f} ({p95(before):>4.0f}) | "
        f"{statistics.median(after):>5.0f} ({p95(after):>4.0f}) | {statistics.median(cut):>5.0%} | "
        f"{statistics.median(seconds) * 1000:>5.0f} ms ({p95(seconds) * 1000:.0f} ms)"
    )


def main() -> None:
    seeds = int(sys.argv[1]) if len(sys.argv) > 1 else SEEDS
    print(f"first {seeds} seeds, deals proved winnable within {NODES:,} positions")
    print("set             | won  | before (p95)  | after (p95)  | cut   | time (p95)")
    for label, name, options in SETS:
        print(f"{label:<15} | {measure(name, options, seeds)}", flush=True)


if __name__ == "__main__":
    main()
