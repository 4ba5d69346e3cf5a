"""How often the fair strategy wins: ``sw.strategies.fair`` (the best win chance from what
the player can see) and ``greedy`` on the same deals, per game and option set.

Each set plays consecutive seeds with ``sw.simulate`` on a process pool, in batches; every
deal's row is appended to a results file (JSON lines) as its batch ends, so a run stopped
part way resumes where it was: deals already in the file for the same set, strategy and
settings are not played again. At the end (and with ``--report`` alone, from the file) it
prints per set and strategy the deals, wins, win rate with its 95% Wilson interval, the
time per deal (mean and 90th percentile, on a machine that may be shared) and the settings.

The sets deal as the published figures for Klondike do: no card to the waste at the start,
unlimited redeals. Deals run without a time limit, so a row depends only on the seed and
the settings (the fair strategy's samples are drawn from its seed and what the player has
seen, so two turns that show the same cards are judged on the same samples; rows whose
settings do not say so drew them from the move number).

Run: ``python benchmarks/fair.py [--sets NAMES] [--deals N] [--samples S] [--node-limit N]
[--processes P] [--results FILE] [--batch B] [--report]`` (defaults: the draw-three set,
500 deals, the strategy's own samples and node limit, every core,
benchmarks/results/fair-commitments.jsonl). ``--sets`` takes names from ``SETS`` below,
comma-separated. The settings name the walk over quiet moves (``QUIET_POSITIONS``); the
rows that name none are from the version whose walk stopped at 200 positions. The results
of the strategy's earlier versions are kept: before it chose
among commitments (it ranked single moves by the cards home they reach) in
benchmarks/results/fair-progress.jsonl, before that (by wins alone) in fair.jsonl;
``--report --results`` shows a file.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import Executor, ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from benchmarks.figures import percentile
from solitaire_widget.scripting import wilson_interval
from solitaire_widget.scripting.fair import FAIR_NODE_LIMIT, FAIR_SAMPLES
from solitaire_widget.solver.commitments import QUIET_POSITIONS

SETS: dict[str, tuple[str, dict[str, object]]] = {
    "klondike draw 3": ("klondike", {"draw": 3, "deal_to_waste": False}),
    "klondike draw 1": ("klondike", {"deal_to_waste": False}),
    "father": ("father", {}),
    "following": ("following", {}),
}
RESULTS = Path(__file__).resolve().parent / "results" / "fair-commitments.jsonl"


def played(results: Path) -> Iterator[dict[str, object]]:
    """The rows already in the results file."""
    if not results.exists():
        return
    with results.open() as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


def play_set(
    name: str,
    strategy_name: str,
    strategy: sw.strategies.Strategy,
    settings: str,
    args: argparse.Namespace,
    pool: Executor,
) -> None:
    """Play the set's deals not yet in the results file, appending each batch's rows."""
    game, options = SETS[name]
    done = {
        row["seed"]
        for row in played(args.results)
        if (row["set"], row["strategy"], row["settings"]) == (name, strategy_name, settings)
    }
    seeds = [seed for seed in range(args.deals) if seed not in done]
    started = time.perf_counter()
    for first in range(0, len(seeds), args.batch):
        batch = seeds[first : first + args.batch]
        rows = sw.simulate(
            game, strategy, seeds=batch, options=options, time_limit=None, executor=pool, progress=False
        )
        with args.results.open("a") as out:
            for row in rows.to_dict("records"):
                record = {"set": name, "strategy": strategy_name, "settings": settings, "seed": row["seed"]}
                record |= {
                    key: row[key] for key in ("won", "moves", "foundation_cards", "end", "seconds", "error")
                }
                out.write(json.dumps(record) + "\n")
        elapsed = time.perf_counter() - started
        print(
            f"\r{name}, {strategy_name}: {first + len(batch)}/{len(seeds)} deals, {elapsed:.0f} s ",
            end="",
            file=sys.stderr,
        )
    if seeds:
        print(file=sys.stderr)


def report(results: Path, deals: int) -> None:
    """The table of win rates, from the results file (the first ``deals`` seeds of each)."""
    groups: dict[tuple[str, str, str], list[dict[str, object]]] = {}
    for row in played(results):
        if int(row["seed"]) < deals:  # type: ignore[call-overload]
            groups.setdefault((str(row["set"]), str(row["strategy"]), str(row["settings"])), []).append(row)
    print("| set | strategy | settings | deals | won | win rate | 95% interval | mean | p90 | errors |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    for (name, strategy, settings), rows in groups.items():
        won = sum(bool(row["won"]) for row in rows)
        low, high = wilson_interval(won, len(rows))
        seconds = [float(row["seconds"]) for row in rows]  # type: ignore[arg-type]
        p90 = percentile(seconds, 0.9)
        errors = sum(row["end"] == "error" for row in rows)
        print(
            f"| {name} | {strategy} | {settings or '—'} | {len(rows)} | {won} | {won / len(rows):.1%} | "
            f"{low:.1%} – {high:.1%} | {statistics.mean(seconds):.2f} s | {p90:.2f} s | {errors} |"
        )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sets", default="klondike draw 3", help="comma-separated names from: " + "; ".join(SETS)
    )
    parser.add_argument("--deals", type=int, default=500, help="deals per set (seeds 0 to N-1)")
    parser.add_argument(
        "--samples", type=int, default=FAIR_SAMPLES, help="the fair strategy's samples per turn"
    )
    parser.add_argument(
        "--node-limit", type=int, default=FAIR_NODE_LIMIT, help="positions per sample and commitment"
    )
    parser.add_argument("--seed", type=int, default=0, help="the fair strategy's seed")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="JSON-lines file to append to and resume from"
    )
    parser.add_argument("--batch", type=int, default=20, help="deals per batch written to the file")
    parser.add_argument("--report", action="store_true", help="only print the table from the results file")
    args = parser.parse_args()
    names = [name.strip() for name in args.sets.split(",")]
    unknown = [name for name in names if name not in SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}; the sets are: {'; '.join(SETS)}")
    if not args.report:
        fair = sw.strategies.FairStrategy(samples=args.samples, node_limit=args.node_limit, seed=args.seed)
        settings = (
            f"{fair.samples} samples, {fair.node_limit} positions, "
            f"a walk of {QUIET_POSITIONS} quiet positions, seed {fair.seed}, turns seeded by what is seen"
        )
        args.results.parent.mkdir(parents=True, exist_ok=True)
        print(
            f"fair benchmark: {args.deals} deals per set, {args.processes} processes, fair: {settings}",
            file=sys.stderr,
        )
        with ProcessPoolExecutor(max_workers=args.processes) as pool:
            for name in names:
                play_set(name, "greedy", sw.strategies.greedy, "", args, pool)
                play_set(name, "fair", fair, settings, args, pool)
    report(args.results, args.deals)


if __name__ == "__main__":
    main()
