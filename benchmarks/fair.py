"""How often the fair strategy wins: ``sw.strategies.fair`` (the best win chance from what
the player can see) in both information models, and ``greedy``, on the same deals, per game
and option set.

The models: ``fair`` hides each stock card until it is drawn (the package's default);
``fair, stock known`` (``knows_stock=True``) knows the stock and the waste in order from the
deal and samples only the face-down tableau cards, as the published figures do
(lonelybot's, Bjarnason, Fern and Tadepalli's). ``--models`` picks them.

Each set plays consecutive seeds with ``sw.simulate``, in batches of ``--batch`` seeds, each
strategy in turn on a batch; every deal's row is appended to a results file (JSON lines) as
its batch ends, so a run stopped part way resumes where it was: deals already in the file
for the same set, strategy and settings are not played again. With one process the deals are
played in this process, a batch is one seed by default, and so every deal is written as soon
as it ends and the strategies advance together. At the end (and with ``--report`` alone,
from the file) it prints one table: per set and strategy the deals, wins, win rate with its
95% Wilson interval, the time per deal (mean and 90th percentile, on a machine that may be
shared; with one process also the mean processor time, a truer cost there) and the
settings.

The sets deal as the published figures for Klondike do: no card to the waste at the start,
unlimited redeals. Deals run without a time limit, so a row depends only on the seed and
the settings (the fair strategy's samples are drawn from its seed and what the player has
seen, so two turns that show the same cards are judged on the same samples; rows whose
settings do not say so drew them from the move number).

Run: ``python benchmarks/fair.py [--sets NAMES] [--models MODELS] [--first S] [--deals N]
[--samples S] [--node-limit N] [--processes P] [--results FILE] [--batch B] [--report]``
(defaults: the draw-three set, both models, seeds 0 to 499, the strategy's own samples and
node limit, every core, benchmarks/results/fair-models.jsonl). The rows of the default
model up to this version are in benchmarks/results/fair-commitments.jsonl (where the
settings that name no walk over quiet moves, ``QUIET_POSITIONS``, are from the version whose
walk stopped at 200 positions). ``--sets`` takes names from ``SETS`` below,
comma-separated. The results of the strategy's earlier versions are kept: before it chose
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
from typing import Literal

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from benchmarks.figures import percentile
from solitaire_widget.judgement.commitments import QUIET_POSITIONS
from solitaire_widget.scripting import wilson_interval
from solitaire_widget.scripting.fair import FAIR_NODE_LIMIT, FAIR_RACE, FAIR_SAMPLES, Race

SETS: dict[str, tuple[str, dict[str, object]]] = {
    "klondike draw 3": ("klondike", {"draw": 3, "deal_to_waste": False}),
    "klondike draw 1": ("klondike", {"deal_to_waste": False}),
    "father": ("father", {}),
    "following": ("following", {}),
}
MODELS = {"strict": False, "stock-known": True}
"""The information models by name: whether the fair strategy knows the stock (``knows_stock``)."""
RESULTS = Path(__file__).resolve().parent / "results" / "fair-models.jsonl"


def played(results: Path) -> Iterator[dict[str, object]]:
    """The rows already in the results file."""
    if not results.exists():
        return
    with results.open() as lines:
        for line in lines:
            if line.strip():
                yield json.loads(line)


Contender = tuple[str, sw.strategies.Strategy, str]
"""A strategy as the results file names it: its name, itself and its settings in words."""


def play_set(
    name: str, contenders: list[Contender], args: argparse.Namespace, pool: Executor | Literal["serial"]
) -> None:
    """Play the set's deals not yet in the results file, batch by batch, each contender in
    turn on a batch, appending each batch's rows as it ends."""
    game, options = SETS[name]
    rows_done = list(played(args.results))
    seeds = range(args.first, args.first + args.deals)
    started = time.perf_counter()
    for first in range(0, len(seeds), args.batch):
        batch = seeds[first : first + args.batch]
        for strategy_name, strategy, settings in contenders:
            done = {
                row["seed"]
                for row in rows_done
                if (row["set"], row["strategy"], row["settings"]) == (name, strategy_name, settings)
            }
            wanted = [seed for seed in batch if seed not in done]
            if not wanted:
                continue
            cpu_before = time.process_time()
            rows = sw.simulate(
                game, strategy, seeds=wanted, options=options, time_limit=None, executor=pool, progress=False
            )
            # In this process the processor time of a one-deal batch is the deal's own: on a
            # shared machine a truer cost than the wall-clock seconds.
            cpu_seconds = time.process_time() - cpu_before if pool == "serial" and len(wanted) == 1 else None
            with args.results.open("a") as out:
                for row in rows.to_dict("records"):
                    record = {
                        "set": name,
                        "strategy": strategy_name,
                        "settings": settings,
                        "seed": row["seed"],
                    }
                    record |= {
                        key: row[key]
                        for key in ("won", "moves", "foundation_cards", "end", "seconds", "error")
                    }
                    if cpu_seconds is not None:
                        record["cpu_seconds"] = cpu_seconds
                    out.write(json.dumps(record) + "\n")
            elapsed = time.perf_counter() - started
            print(f"{name}, {strategy_name}: seeds to {wanted[-1]} done, {elapsed:.0f} s", file=sys.stderr)


def report(results: Path, seeds: range) -> None:
    """The table of win rates, from the results file (the rows of the ``seeds``)."""
    groups: dict[tuple[str, str, str], dict[int, dict[str, object]]] = {}
    for row in played(results):
        seed = int(row["seed"])  # type: ignore[call-overload]
        if seed in seeds:
            # A deal played twice (two runs side by side, say) counts once: its first row.
            group = groups.setdefault((str(row["set"]), str(row["strategy"]), str(row["settings"])), {})
            group.setdefault(seed, row)
    print(
        "| set | strategy | settings | deals | won | win rate | 95% interval | mean | p90 | mean processor "
        "| errors |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|")
    for (name, strategy, settings), by_seed in groups.items():
        rows = list(by_seed.values())
        won = sum(bool(row["won"]) for row in rows)
        low, high = wilson_interval(won, len(rows))
        seconds = [float(row["seconds"]) for row in rows]  # type: ignore[arg-type]
        p90 = percentile(seconds, 0.9)
        errors = sum(row["end"] == "error" for row in rows)
        cpu = [float(row["cpu_seconds"]) for row in rows if "cpu_seconds" in row]  # type: ignore[arg-type]
        # Only rows played one by one in the benchmark's own process have a processor time.
        cpu_words = f"{statistics.mean(cpu):.2f} s ({len(cpu)} deals)" if cpu else "—"
        print(
            f"| {name} | {strategy} | {settings or '—'} | {len(rows)} | {won} | {won / len(rows):.1%} | "
            f"{low:.1%} – {high:.1%} | {statistics.mean(seconds):.2f} s | {p90:.2f} s | {cpu_words} "
            f"| {errors} |"
        )


def parse_race(parser: argparse.ArgumentParser, given: str) -> Race | None:
    """``--race`` as the strategy takes it."""
    if given == "default":
        return FAIR_RACE
    if given == "none":
        return None
    try:
        least, every, spread, alike = given.split(",")
        return Race(int(least), int(every), float(spread), float(alike))
    except ValueError as error:
        parser.error(f"--race: {error}")


def race_words(race: Race | None) -> str:
    """How the settings column names a race."""
    if race is None:
        return "every commitment on every sample"
    return (
        f"raced (from {race.least} samples, every {race.every}, {race.spread:g} standard errors, "
        f"alike within {race.alike:g} cards)"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument(
        "--sets", default="klondike draw 3", help="comma-separated names from: " + "; ".join(SETS)
    )
    parser.add_argument(
        "--models",
        default="strict,stock-known",
        help="comma-separated models of the fair strategy: strict; stock-known",
    )
    parser.add_argument("--first", type=int, default=0, help="the first seed")
    parser.add_argument("--deals", type=int, default=500, help="deals per set (seeds first to first+N-1)")
    parser.add_argument(
        "--samples", type=int, default=FAIR_SAMPLES, help="the fair strategy's samples per turn"
    )
    parser.add_argument(
        "--node-limit", type=int, default=FAIR_NODE_LIMIT, help="positions per sample and commitment"
    )
    parser.add_argument("--seed", type=int, default=0, help="the fair strategy's seed")
    parser.add_argument(
        "--race",
        default="default",
        help="how a turn's samples are raced: default; none (every commitment on every sample); "
        "or least,every,spread,alike",
    )
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="JSON-lines file to append to and resume from"
    )
    parser.add_argument(
        "--batch",
        type=int,
        default=None,
        help="deals per batch written to the file (1 with one process, else 20)",
    )
    parser.add_argument("--report", action="store_true", help="only print the table from the results file")
    args = parser.parse_args()
    names = [name.strip() for name in args.sets.split(",")]
    unknown = [name for name in names if name not in SETS]
    if unknown:
        parser.error(f"unknown set {unknown[0]!r}; the sets are: {'; '.join(SETS)}")
    models = [model.strip() for model in args.models.split(",")]
    if any(model not in MODELS for model in models):
        parser.error(f"the models are: {'; '.join(MODELS)}, not {args.models!r}")
    if args.batch is None:
        args.batch = 1 if args.processes == 1 else 20
    if not args.report:
        contenders: list[Contender] = [("greedy", sw.strategies.greedy, "")]
        race = parse_race(parser, args.race)
        for model in models:
            fair = sw.strategies.FairStrategy(
                samples=args.samples,
                node_limit=args.node_limit,
                seed=args.seed,
                knows_stock=MODELS[model],
                race=race,
            )
            settings = (
                f"{fair.samples} samples, {fair.node_limit} positions, "
                f"a walk of {QUIET_POSITIONS} quiet positions, seed {fair.seed}, "
                f"turns seeded by what is seen, the talon walked apart, {race_words(race)}, "
                "commitments beyond the walk read from winning lines, "
                "a card unseen shown first among choices the samples cannot tell apart"
            )
            contenders.append(("fair, stock known" if fair.knows_stock else "fair", fair, settings))
        args.results.parent.mkdir(parents=True, exist_ok=True)
        print(
            f"fair benchmark: seeds {args.first} to {args.first + args.deals - 1}, "
            f"{args.processes} processes, models {', '.join(models)}",
            file=sys.stderr,
        )
        if args.processes == 1:
            for name in names:
                play_set(name, contenders, args, "serial")
        else:
            with ProcessPoolExecutor(max_workers=args.processes) as pool:
                for name in names:
                    play_set(name, contenders, args, pool)
    report(args.results, range(args.first, args.first + args.deals))


if __name__ == "__main__":
    main()
