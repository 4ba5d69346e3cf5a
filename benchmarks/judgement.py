"""Fair judgement's speed: the fair hint per position of played Klondike games, and the analysis
of a whole 150-move game on every core.

(a) The fair hint (``g.hint(fair=True)``, its defaults: the fair strategy's choice on up to
256 samples, each sample and commitment searched within ``FAIR_NODE_LIMIT`` positions; asked afresh
at every position, so never the next move of a line already found) at positions of played
Klondike games, draw one and draw three (the standard deal, no card to the waste). Each game is
played from its deal by the greedy strategy, with a random legal move instead one time in four
(so the positions are not only those greedy likes), to its end or ``--moves`` moves; the
positions timed are every ``--every``-th of each game. The figures: the median, the 95th
percentile and the shares of positions whose hint came within 0.5 s and within 1 s, with the
C search, and the same with the pure-Python search (``SOLITAIRE_WIDGET_NATIVE=0``) on the first
``--python-positions`` of those positions; in wall time, and in CPU time, which a busy shared
machine inflates less (a hint runs in one thread). The target: within 0.5 s for 95% of
positions with the C search.

(b) ``sw.analyse`` of a Klondike draw-three game of 150 moves (the first deal from
``--analysis-seed`` on whose played line reaches 150 moves, played as above), with the
default executor (a process pool of the package's own, a worker per core, started by the
call and counted in its time), in wall time; then the same analysis in this process
(``executor="serial"``), for its CPU time: the work the cores share (on idle cores the
wall time is about that over the cores). The target: within 20 s on a 2-core machine.

Run: ``python benchmarks/judgement.py [--games N] [--every K] [--python-positions P]``. It
prints figures and asserts nothing. The machine may be shared: the times are wall times.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.judgement.moves import JUDGEMENTS
from solitaire_widget.solver import native

DRAWS = (1, 3)
RANDOM_SHARE = 0.25


def played_line(seed: int, draw: int, moves: int) -> sw.Game:
    """The deal ``seed``, played by greedy with a random move one time in four, to its end or
    ``moves`` moves."""
    g = sw.Game.new("klondike", seed, draw=draw, deal_to_waste=False)
    chooser = random.Random(seed)
    while g.ply < moves and not g.is_over:
        move = sw.strategies.greedy(g)
        if move is None or chooser.random() < RANDOM_SHARE:
            move = chooser.choice(g.legal_moves())
        g.play(move)
    return g


def positions(games: int, every: int, moves: int) -> list[sw.Game]:
    """Every ``every``-th position of ``games`` played games per draw, as games standing there."""
    found = []
    for draw in DRAWS:
        for seed in range(games):
            g = played_line(seed, draw, moves)
            for ply in range(0, g.ply, every):
                # Played up to there, not gone back to: a game knows the cards its whole tree showed.
                at = sw.Game.new("klondike", seed, **g.options)
                for move in g.line[:ply]:
                    at.play(move)
                found.append(at)
    return found


def hint_times(games: list[sw.Game]) -> tuple[list[float], list[float]]:
    """Wall and CPU seconds of each position's fair hint."""
    walls, cpus = [], []
    for g in games:
        wall, cpu = time.perf_counter(), time.process_time()
        g.hint(fair=True)
        walls.append(time.perf_counter() - wall)
        cpus.append(time.process_time() - cpu)
    return walls, cpus


def report(label: str, times: tuple[list[float], list[float]]) -> None:
    for kind, seconds in zip(("wall", "CPU"), times, strict=True):
        p95 = statistics.quantiles(seconds, n=20, method="inclusive")[-1] if len(seconds) > 1 else seconds[0]
        within = {limit: sum(one <= limit for one in seconds) / len(seconds) for limit in (0.5, 1.0)}
        print(
            f"{label}, {kind} time: {len(seconds)} positions, median {statistics.median(seconds):.2f} s, "
            f"p95 {p95:.2f} s, max {max(seconds):.2f} s, within 0.5 s {within[0.5]:.0%}, "
            f"within 1 s {within[1.0]:.0%}"
        )


def analysis_game(seed: int, moves: int) -> sw.Game:
    while True:
        g = played_line(seed, 3, moves)
        if g.ply == moves:
            return g
        seed += 1


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=3, help="played games per draw (default 3)")
    parser.add_argument("--every", type=int, default=8, help="time every K-th position (default 8)")
    parser.add_argument("--moves", type=int, default=200, help="longest game played for (a) (default 200)")
    parser.add_argument(
        "--python-positions", type=int, default=6, help="positions timed with the pure-Python search"
    )
    parser.add_argument("--analysis-moves", type=int, default=150, help="moves of the game analysed in (b)")
    parser.add_argument("--analysis-seed", type=int, default=0, help="first deal tried for (b)")
    parser.add_argument("--skip-hints", action="store_true", help="only (b)")
    parser.add_argument(
        "--serial-cpu",
        action=argparse.BooleanOptionalAction,
        default=True,
        help="(b) once more serially, for its CPU time",
    )
    arguments = parser.parse_args()
    print(f"C search available: {native.available()}, {len(os.sched_getaffinity(0))} cores")
    if not arguments.skip_hints:
        games = positions(arguments.games, arguments.every, arguments.moves)
        report("(a) fair hint, C search", hint_times(games))
        os.environ["SOLITAIRE_WIDGET_NATIVE"] = "0"
        try:
            # Games of their own: a game that gave a hint answers the next one from its line.
            fresh = positions(arguments.games, arguments.every, arguments.moves)
            report("(a) fair hint, pure Python", hint_times(fresh[: arguments.python_positions]))
        finally:
            del os.environ["SOLITAIRE_WIDGET_NATIVE"]
    g = analysis_game(arguments.analysis_seed, arguments.analysis_moves)
    start = time.perf_counter()
    analysis = sw.analyse(g, progress=False)
    seconds = time.perf_counter() - start
    summary = analysis.summary
    counts = ", ".join(f"{summary[name]} {name}" for name in JUDGEMENTS if summary[name])
    accuracy = "none" if summary["accuracy"] is None else f"{summary['accuracy']:.1f}"
    print(
        f"(b) analyse, Klondike draw 3 seed {g.seed}, {len(analysis.moves)} moves, default executor: "
        f"{seconds:.1f} s wall ({summary['judged']} judged: {counts}; accuracy {accuracy})"
    )
    if arguments.serial_cpu:
        start = time.process_time()
        serial = sw.analyse(g.copy(), progress=False, executor="serial")
        work = time.process_time() - start
        assert serial.to_record() == analysis.to_record(), "the executor changed the analysis"
        print(f"(b) the same in this process: {work:.1f} s CPU (the work to share among the cores)")


if __name__ == "__main__":
    main()
