"""``simulate`` speed, per game, for the greedy strategy: games per second in one process
and on every core, the speed-up, and what the process pool costs per game.

Each game plays the same deals (seeds 0 to N-1) in one process (``executor="serial"``)
and on a process pool with a worker per core, started and warmed beforehand so that only
the per-game cost of the pool shows. The machine is shared, so each way runs ``--repeats``
times, one right after the other: games per second are the fastest run's, the speed-up is
the median of the ratios of the runs paired in time. The pool's overhead is the worker time
that went into no deal: ``(workers x wall time - the deals' own seconds) / the deals' own
seconds``, the median over the pool's runs. ``pool start`` is what a call with
``executor=None`` adds once, to start the package's own pool (a call of one deal per
worker, less the deals' own time).

Last, how soon a deal whose strategy never returns is stopped by its time limit: the
wall time of one such deal with ``time_limit=1``, less that second, in this process and on
the package's own pool (its start included). The tests only check that such a deal is
stopped; how soon is this figure.

Run: ``python benchmarks/simulate.py [--deals N] [--repeats R]`` (defaults 1,000 and 5).
Targets on a 2-core machine: a speed-up of at least 1.7x and an overhead under 5% of the work.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import multiprocessing
import os
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw

GAMES = {"klondike": {}, "klondike draw 3": {"draw": 3}, "father": {}, "following": {}}


def timed(game: str, options: dict, deals: int, executor) -> tuple[float, float]:
    """Wall seconds of the run, and the seconds its deals took where they were played."""
    start = time.perf_counter()
    rows = sw.simulate(game, sw.strategies.greedy, deals, options=options, executor=executor, progress=False)
    return time.perf_counter() - start, float(rows["seconds"].sum())


def never_returns(game):
    """A strategy that spins in Python for good: only a time limit stops it."""
    while True:
        pass


def stop_delays() -> None:
    for label, executor in (("1 process", "serial"), ("own pool", None)):
        start = time.perf_counter()
        rows = sw.simulate("klondike", never_returns, 1, time_limit=1, executor=executor, progress=False)
        assert list(rows["end"]) == ["time_limit"], rows
        print(f"time limit of 1 s, {label}: stopped {time.perf_counter() - start - 1:.2f} s after it")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--deals", type=int, default=1000, help="deals per game (seeds 0 to N-1)")
    parser.add_argument("--repeats", type=int, default=5, help="runs of each way, paired in time")
    arguments = parser.parse_args()
    deals = arguments.deals
    workers = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 1
    context = multiprocessing.get_context("forkserver" if os.name == "posix" else "spawn")
    print(f"greedy, {deals} deals per game, {workers} cores, {arguments.repeats} runs each way")
    heads = ("1 process", "all cores", "speed-up", "overhead", "pool start")
    print(f"{'game':<17} " + " ".join(f"{head:>{len(head) + 2}}" for head in heads))
    with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
        list(pool.map(sw.Game.new, ["klondike"] * workers * 4))  # every worker started and loaded
        for label, options in GAMES.items():
            game = label.split()[0]
            pairs = [
                (timed(game, options, deals, "serial")[0], timed(game, options, deals, pool))
                for _ in range(arguments.repeats)
            ]
            serial = min(one for one, _ in pairs)
            pooled = min(wall for _, (wall, _) in pairs)
            speed_up = statistics.median(one / wall for one, (wall, _) in pairs)
            overhead = statistics.median((workers * wall - work) / work for _, (wall, work) in pairs)
            wall, work = timed(game, options, workers, None)
            print(
                f"{label:<17} {deals / serial:>9,.0f}/s {deals / pooled:>9,.0f}/s "
                f"{speed_up:>9.2f}x {overhead:>10.1%} {wall - work / workers:>11.2f}s"
            )
    stop_delays()


if __name__ == "__main__":
    main()
