"""Choosing the race's thresholds on some deals and checking them on others.

The fair strategy races the commitments of a turn over its samples
(``judgement.commitments.Race``): it drops a commitment the samples show behind and stops
when one is left or the rest are alike. How far to trust a few samples is a threshold, and
a threshold tuned on the deals it is reported on flatters itself. So:

1. **Turns.** The fair strategy with ``race=None`` (every commitment judged on every
   sample) plays Klondike draw-three deals (no card to the waste, unlimited redeals, as
   ``benchmarks/fair.py`` deals them) from seed ``--first`` on: none of them among the
   seeds the strength figures are reported on (0 to 999). Each turn judged on samples is
   kept: per commitment, its value on each sample (the cards home: 52 for a sample won,
   none for one lost, the solver's most for one undecided) and which samples needed a
   search of its own (``CommitmentChances``). One JSON line per turn goes to ``--turns``; a
   deal already there is not played again.
2. **Replay.** Each race setting is replayed over those turns as the strategy runs it,
   sample by sample: the searches it asks for (one per sample from the position, and each
   commitment's own), as a share of judging every commitment on every sample; how often it
   chooses what judging all of them on every sample chooses; and the mean shortfall of its
   choice behind that one, in cards home per sample over all the samples. The first
   ``--tuning`` deals are where a setting is chosen; the table gives the same figures on
   the other deals, which the choice never saw. Judging on fewer samples outright is
   replayed beside them.

Run: ``python benchmarks/race.py [--first S] [--deals N] [--tuning K] [--turns FILE]
[--processes P]`` (defaults: seeds 1,000 to 1,023, the first 12 for tuning, the stock known,
/tmp/solitaire-widget-race-turns.jsonl, every core). It prints figures and asserts nothing.
"""

from __future__ import annotations

import argparse
import itertools
import json
import os
import statistics
import sys
from collections.abc import Sequence
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.judgement import fair_play
from solitaire_widget.judgement.commitments import CommitmentChances, Race

OPTIONS = {"draw": 3, "deal_to_waste": False}
SETTINGS: list[tuple[str, Race | None, int]] = [
    (f"least {r.least}, every {r.every}, {r.spread:g} errors, alike {r.alike:g}", r, 64)
    for r in (
        Race(least, 8, spread, alike)
        for least, spread, alike in itertools.product((8, 16, 24), (1.0, 1.5, 2.0, 2.5), (0.5, 2.0))
    )
] + [("no race, 32 samples", None, 32), ("no race, 16 samples", None, 16)]
Turn = dict[str, list]
SAMPLES, NODE_LIMIT = 64, 5_000
KEPT = Race(16, 8, 2.0, 0.5)
"""The version this script chose the race for (64 samples of 5,000 positions), and the race
kept for it; the next version's samples and race were chosen by ``benchmarks/samples.py``."""


def play_deal(seed: int) -> list[Turn]:
    """One deal played with every commitment judged on every sample; its turns."""
    turns: list[Turn] = []
    judge = fair_play.commitment_chances

    def kept(*arguments: object) -> CommitmentChances:
        judged = judge(*arguments)  # type: ignore[arg-type]
        setups = [len(choice.setup) for choice in arguments[2]]  # type: ignore[attr-defined]
        samples = len(judged.values[0]) if judged.values else 0
        searched = [[bool(bits >> sample & 1) for sample in range(samples)] for bits in judged.searched]
        won = [[bool(chance.wins >> sample & 1) for sample in range(samples)] for chance in judged.chances]
        turns.append(
            {"seed": seed, "setups": setups, "values": judged.values, "searched": searched, "won": won}
        )
        return judged

    # The judging is wrapped where the strategy looks it up: this script's only way in.
    fair_play.commitment_chances = kept  # type: ignore[assignment]
    try:
        strategy = sw.strategies.FairStrategy(SAMPLES, NODE_LIMIT, knows_stock=True, race=None)
        sw.simulate(
            "klondike",
            strategy,
            seeds=[seed],
            options=OPTIONS,
            time_limit=None,
            executor="serial",
            progress=False,
        )
    finally:
        fair_play.commitment_chances = judge
    return turns


def choice(turn: Turn, race: Race | None, cap: int) -> tuple[int, int]:
    """The commitment a race (or plain judging on ``cap`` samples) chooses, and its searches."""
    count = len(turn["setups"])
    running = list(range(count))
    values: list[list[int]] = [[] for _ in range(count)]
    searches = 0
    for sample in range(min(cap, len(turn["values"][0]))):
        searches += 1 + sum(turn["searched"][index][sample] for index in running)
        for index in running:
            values[index].append(turn["values"][index][sample])
        if race is not None:
            running, settled = race.after_sample(running, values)
            if settled:
                break

    def wins(index: int) -> int:
        return sum(turn["won"][index][: len(values[index])])

    best = min(range(count), key=lambda i: (-len(values[i]), -sum(values[i]), -wins(i), turn["setups"][i]))
    return best, searches


def replay(turns: Sequence[Turn], race: Race | None, cap: int) -> tuple[float, float, float]:
    """Share of the searches, share of the same choices, mean shortfall in cards."""
    searches = whole = same = 0
    shortfall = 0.0
    for turn in turns:
        chosen, cost = choice(turn, race, cap)
        everything, full_cost = choice(turn, None, len(turn["values"][0]))
        searches, whole = searches + cost, whole + full_cost
        same += chosen == everything
        shortfall += statistics.fmean(turn["values"][everything]) - statistics.fmean(turn["values"][chosen])
    return searches / whole, same / len(turns), shortfall / len(turns)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--first", type=int, default=1_000, help="the first seed (keep clear of 0-999)")
    parser.add_argument("--deals", type=int, default=24, help="deals to play")
    parser.add_argument("--tuning", type=int, default=12, help="the first K deals choose, the rest check")
    parser.add_argument("--turns", type=Path, default=Path("/tmp/solitaire-widget-race-turns.jsonl"))
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1)
    args = parser.parse_args()
    seeds = range(args.first, args.first + args.deals)
    done = set()
    if args.turns.exists():
        done = {json.loads(line)["seed"] for line in args.turns.read_text().splitlines() if line.strip()}
    wanted = [seed for seed in seeds if seed not in done]
    with ProcessPoolExecutor(max_workers=args.processes) as pool:
        for turns in pool.map(play_deal, wanted):
            with args.turns.open("a") as out:
                out.writelines(json.dumps(turn) + "\n" for turn in turns)
    every = [json.loads(line) for line in args.turns.read_text().splitlines() if line.strip()]
    tuning_seeds = set(seeds[: args.tuning])
    tuning = [turn for turn in every if turn["seed"] in tuning_seeds and len(turn["values"][0])]
    held_out = [turn for turn in every if turn["seed"] in seeds and turn["seed"] not in tuning_seeds]
    held_out = [turn for turn in held_out if len(turn["values"][0])]
    seeds_words = f"seeds {min(tuning_seeds)}-{max(tuning_seeds)}"
    print(f"turns: {len(tuning)} for tuning ({seeds_words}), {len(held_out)} held out")
    print(
        "| setting | searches (tuning) | same choice (tuning) | shortfall, cards (tuning) "
        "| searches (held out) | same choice (held out) | shortfall, cards (held out) |"
    )
    print("|---|---|---|---|---|---|---|")
    for name, race, cap in SETTINGS:
        mark = " (kept)" if race == KEPT else ""
        cells = [*replay(tuning, race, cap), *replay(held_out, race, cap)]
        print(
            f"| {name}{mark} | {cells[0]:.0%} | {cells[1]:.1%} | {cells[2]:.3f} "
            f"| {cells[3]:.0%} | {cells[4]:.1%} | {cells[5]:.3f} |"
        )


if __name__ == "__main__":
    main()
