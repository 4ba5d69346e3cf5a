"""Our solver against Klondike-Solver on the same deals, in one run: each solver's decided
share and time per deal (median, mean, 90th percentile), drawing one card and three, and
every deal on which their verdicts disagree (there must be none where both decided).

The deals are our Klondike's seeds 0 to N-1 with no card dealt to the waste: thoughtful
Klondike, unlimited redeals, foundation cards allowed back, the rules Klondike-Solver (by
ShootMe, through its Python wrapper ``pyksolve``, a development dependency) plays. Each deal
goes to it card by card, as the pinned table of the solver tests does
(tests/solver/make_ksolve_table.py: ``ksolve_deck``, ``ksolve_verdict``, which tries its
fast search and then its exhaustive one, within a bound on the states it keeps).

Both solvers get the same time per deal, one deal at a time on one core. Klondike-Solver
has no time limit of its own, so it runs in a child process that is stopped when the time
is up (its verdict is then "unknown"); its times include starting that process (a few
milliseconds). Ours is ``sw.solve`` with ``time_limit``: the C search when it is built
(the table says which).

Run: ``python benchmarks/peers.py [--deals N] [--time-limit SECONDS] [--draws 1,3]``
(defaults: 100 deals, 10 s, both draws). The exit status is 1 when a verdict disagrees.
"""

from __future__ import annotations

import argparse
import multiprocessing
import statistics
import sys
import time
from collections.abc import Sequence
from multiprocessing.connection import Connection
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tests" / "solver"))

from make_ksolve_table import ksolve_verdict

import solitaire_widget as sw
from benchmarks.figures import percentile
from solitaire_widget.solver import native
from solitaire_widget.solver.search import check_limits

Outcome = tuple[str, float]
"""A solver's verdict on a deal and the seconds it took."""


def deal(seed: int, draw: int) -> sw.Game:
    return sw.Game.new("klondike", seed=seed, draw=draw, deal_to_waste=False)


def ours(seed: int, draw: int, time_limit: float) -> Outcome:
    result = sw.solve(deal(seed, draw), time_limit=time_limit)
    return result.verdict, result.seconds


def _ksolve_into(connection: Connection, seed: int, draw: int) -> None:
    """What the child process runs: Klondike-Solver's verdict, sent back with its time."""
    started = time.perf_counter()
    verdict = ksolve_verdict(deal(seed, draw), draw)
    connection.send((verdict, time.perf_counter() - started))


def theirs(seed: int, draw: int, time_limit: float) -> Outcome:
    """Klondike-Solver's outcome, "unknown" when it has not finished within ``time_limit``."""
    context = multiprocessing.get_context(
        "fork" if "fork" in multiprocessing.get_all_start_methods() else "spawn"
    )
    receiving, sending = context.Pipe(duplex=False)
    child = context.Process(target=_ksolve_into, args=(sending, seed, draw), daemon=True)
    started = time.perf_counter()
    child.start()
    sending.close()
    try:
        if receiving.poll(time_limit):
            verdict, seconds = receiving.recv()
            return verdict, seconds
        return "unknown", time.perf_counter() - started
    finally:
        child.kill()
        child.join()
        receiving.close()


def disagreements(outcomes: dict[int, tuple[Outcome, Outcome]]) -> list[str]:
    """The deals on which both solvers decided and differ, as "seed S: ours X, theirs Y"."""
    return [
        f"seed {seed}: ours {mine}, Klondike-Solver {other}"
        for seed, ((mine, _), (other, _)) in sorted(outcomes.items())
        if "unknown" not in (mine, other) and mine != other
    ]


def table_row(draw: int, solver: str, outcomes: list[Outcome]) -> str:
    verdicts = [verdict for verdict, _ in outcomes]
    seconds = [took for _, took in outcomes]
    decided = len(verdicts) - verdicts.count("unknown")
    return (
        f"| {draw} | {solver} | {len(outcomes)} | {verdicts.count('winnable')} | "
        f"{verdicts.count('unwinnable')} | {verdicts.count('unknown')} | {decided / len(outcomes):.1%} | "
        f"{statistics.median(seconds):.3f} s | {statistics.mean(seconds):.3f} s | "
        f"{percentile(seconds, 0.9):.3f} s |"
    )


def compare_draw(draw: int, deals: int, time_limit: float) -> list[str]:
    """Both solvers on the draw's deals: prints their rows, returns the disagreements."""
    outcomes: dict[int, tuple[Outcome, Outcome]] = {}
    for seed in range(deals):
        outcomes[seed] = (ours(seed, draw, time_limit), theirs(seed, draw, time_limit))
        print(f"\rdraw {draw}: {seed + 1}/{deals} deals ", end="", file=sys.stderr, flush=True)
    print(file=sys.stderr)
    search = "C search" if native.available() else "Python search"
    print(table_row(draw, f"ours ({search})", [mine for mine, _ in outcomes.values()]))
    print(table_row(draw, "Klondike-Solver", [other for _, other in outcomes.values()]))
    only_ours = sum(mine != "unknown" == other for (mine, _), (other, _) in outcomes.values())
    only_theirs = sum(other != "unknown" == mine for (mine, _), (other, _) in outcomes.values())
    print(f"|   | decided by ours alone: {only_ours}, by Klondike-Solver alone: {only_theirs} |")
    return [f"draw {draw}, {line}" for line in disagreements(outcomes)]


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=100, help="deals per draw (seeds 0 to N-1)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal and solver")
    parser.add_argument("--draws", default="1,3", help="comma-separated: 1, 3 or both")
    args = parser.parse_args(argv)
    try:
        if args.deals < 1:
            raise ValueError(f"--deals must be a whole number from 1, not {args.deals}")
        check_limits(args.time_limit, None)
        args.draws = [int(draw) for draw in args.draws.split(",")]
        if not set(args.draws) <= {1, 3}:
            raise ValueError(f"--draws takes 1, 3 or 1,3, not {','.join(map(str, args.draws))}")
    except ValueError as error:
        parser.error(str(error).replace("time_limit", "--time-limit"))
    return args


def main(argv: Sequence[str] | None = None) -> int:
    """Run both solvers and print the table; 1 when a verdict disagrees, else 0."""
    args = parse(argv)
    print(
        f"peers: Klondike, no card to the waste, seeds 0 to {args.deals - 1}, "
        f"{args.time_limit:g} s per deal and solver, one deal at a time\n"
    )
    print("| draw | solver | deals | winnable | unwinnable | undecided | decided | median | mean | p90 |")
    print("|---|---|---|---|---|---|---|---|---|---|")
    disagreed = [line for draw in args.draws for line in compare_draw(draw, args.deals, args.time_limit)]
    print("\ndisagreements where both decided: " + ("; ".join(disagreed) if disagreed else "none"))
    return 1 if disagreed else 0


if __name__ == "__main__":
    sys.exit(main())
