"""Following the hints: a player who presses Hint and plays its move, again and again from
the deal. Does it win, and does it ever come back to a position already played?

Two parts, each appending one row per deal to a results file (JSON lines), so a run stopped
part way resumes where it was:

- ``solver``: the solver's hint (``g.hint()``, its defaults: up to 10 s of search, then the line
  followed) over the first ``--deals`` deals per set that ``solve`` proves winnable within
  10 s. Per deal: won, the moves to the win, the length of ``solve()``'s line from the
  deal, and the positions repeated (a position the line stood on before, exactly).
- ``fair``: Klondike drawing three (no card to the waste, unlimited redeals, as the fair
  benchmark deals), seeds 0 to ``--deals`` - 1, played both ways: by ``strategies.fair`` and
  by following the fair hint (``g.hint(fair=True)``) with the same settings. Per deal and
  way: won, moves, the positions repeated with nothing new seen (``engine.knowledge.as_seen``:
  turning the stock round to see its cards is new), and whether both ways played the same
  moves.

At the end (and with ``--report`` alone) it prints both tables.

Run: ``python benchmarks/hints.py [solver|fair|both] [--deals N] [--processes P]
[--results FILE] [--report]`` (defaults: both, 200 proven deals per set for the solver's
hint, 100 deals for the fair one, every core, benchmarks/results/hints.jsonl).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import time
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from solitaire_widget.engine.knowledge import as_seen, shown
from solitaire_widget.scripting import wilson_interval
from solitaire_widget.scripting.strategies import GameView

SOLVER_SETS: dict[str, tuple[str, dict[str, object]]] = {
    "klondike draw 1": ("klondike", {}),
    "klondike draw 3": ("klondike", {"draw": 3}),
    "father": ("father", {}),
    "following": ("following", {}),
}
FAIR_SET = ("klondike", {"draw": 3, "deal_to_waste": False})
PROVING_SECONDS = 10.0
MOST_MOVES = 1_000
"""A deal still on after this many moves counts as not won (a loop would run for ever)."""
RESULTS = Path(__file__).resolve().parent / "results" / "hints.jsonl"


def rows_of(results: Path) -> Iterator[dict[str, object]]:
    if results.exists():
        with results.open() as lines:
            yield from (json.loads(line) for line in lines if line.strip())


def follow_solver_hints(name: str, options: dict[str, object], seed: int) -> dict[str, object]:
    """One deal of the solver's part (see the module docstring)."""
    game = sw.Game.new(name, seed, **options)
    proof = sw.solve(game, time_limit=PROVING_SECONDS)
    row: dict[str, object] = {"proven": proof.verdict == "winnable", "solve_moves": len(proof.moves)}
    if proof.verdict != "winnable":
        return row
    started = time.perf_counter()
    stood = {game.position.key()}
    repeats = 0
    while not game.is_won and game.ply < MOST_MOVES:
        move = game.hint().move
        if move is None:
            break
        game.play(move)
        key = game.position.key()
        repeats += key in stood
        stood.add(key)
    return row | {
        "won": game.is_won,
        "moves": game.ply,
        "repeats": repeats,
        "seconds": round(time.perf_counter() - started, 3),
    }


def play_fair(seed: int, way: str) -> dict[str, object]:
    """One deal of the fair part, played ``way``: "strategy" or "hint"."""
    name, options = FAIR_SET
    game = sw.Game.new(name, seed, **options)
    strategy = sw.strategies.fair.for_run()
    started = time.perf_counter()
    known = shown(game.position)
    stood = {as_seen(game.position, known)}
    repeats = 0
    while not game.is_over and game.ply < MOST_MOVES:
        move = strategy(GameView(game)) if way == "strategy" else game.hint(fair=True).move
        if move is None:
            break
        game.play(move)
        known |= shown(game.position)
        seen = as_seen(game.position, known)
        repeats += seen in stood
        stood.add(seen)
    return {
        "won": game.is_won,
        "moves": game.ply,
        "repeats": repeats,
        "line": " ".join(map(str, game.history)),
        "seconds": round(time.perf_counter() - started, 3),
    }


def run_solver_part(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    rows = list(rows_of(args.results))
    for set_name, (name, options) in SOLVER_SETS.items():
        done = {row["seed"]: row for row in rows if row["part"] == "solver" and row["set"] == set_name}
        seed = 0
        while sum(bool(row["proven"]) for row in done.values()) < args.deals:
            batch = [s for s in range(seed, seed + 4 * args.processes) if s not in done]
            futures = {s: pool.submit(follow_solver_hints, name, options, s) for s in batch}
            with args.results.open("a") as out:
                for s, future in futures.items():
                    row = {"part": "solver", "set": set_name, "seed": s, **future.result()}
                    done[s] = row
                    out.write(json.dumps(row) + "\n")
            seed += 4 * args.processes
            proven = sum(bool(row["proven"]) for row in done.values())
            print(f"\r{set_name}: {proven} proven deals", end="", file=sys.stderr)
        print(file=sys.stderr)


def run_fair_part(args: argparse.Namespace, pool: ProcessPoolExecutor) -> None:
    done = {(row["seed"], row["way"]) for row in rows_of(args.results) if row["part"] == "fair"}
    todo = [
        (seed, way) for seed in range(args.deals) for way in ("strategy", "hint") if (seed, way) not in done
    ]
    futures = [(seed, way, pool.submit(play_fair, seed, way)) for seed, way in todo]
    for number, (seed, way, future) in enumerate(futures, 1):
        row = {"part": "fair", "seed": seed, "way": way, **future.result()}
        with args.results.open("a") as out:
            out.write(json.dumps(row) + "\n")
        print(f"\rfair: {number}/{len(futures)} games", end="", file=sys.stderr)
    if futures:
        print(file=sys.stderr)


def report(results: Path, deals: int, fair_deals: int) -> None:
    rows = list(rows_of(results))
    print("Following the solver's hint, the first proven-winnable deals of each set:\n")
    print(
        "| set | deals | won by following | positions repeated | median moves to win | median solve() line |"
    )
    print("|---|---|---|---|---|---|")
    for set_name in SOLVER_SETS:
        proven = sorted(
            (row for row in rows if row["part"] == "solver" and row["set"] == set_name and row["proven"]),
            key=lambda row: int(row["seed"]),  # type: ignore[call-overload]
        )[:deals]
        if not proven:
            continue
        won = sum(bool(row["won"]) for row in proven)
        repeats = sum(int(row["repeats"]) for row in proven)  # type: ignore[call-overload]
        moves = statistics.median(int(row["moves"]) for row in proven if row["won"])  # type: ignore[call-overload]
        solved = statistics.median(int(row["solve_moves"]) for row in proven)  # type: ignore[call-overload]
        print(f"| {set_name} | {len(proven)} | {won} | {repeats} | {moves:g} | {solved:g} |")
    fair = [row for row in rows if row["part"] == "fair" and int(row["seed"]) < fair_deals]  # type: ignore[call-overload]
    if not fair:
        return
    print(f"\nKlondike draw three, seeds 0-{fair_deals - 1}: the fair strategy and the fair hint followed:\n")
    print(
        "| way | deals | won | win rate | 95% interval | positions repeated, nothing new seen | mean time |"
    )
    print("|---|---|---|---|---|---|---|")
    by_way: dict[str, dict[int, dict[str, object]]] = {}
    for row in fair:
        by_way.setdefault(str(row["way"]), {})[int(row["seed"])] = row  # type: ignore[call-overload]
    for way, played in by_way.items():
        won = sum(bool(row["won"]) for row in played.values())
        low, high = wilson_interval(won, len(played))
        repeats = sum(int(row["repeats"]) for row in played.values())  # type: ignore[call-overload]
        seconds = statistics.mean(float(row["seconds"]) for row in played.values())  # type: ignore[arg-type]
        print(
            f"| {way} | {len(played)} | {won} | {won / len(played):.1%} | {low:.1%} – {high:.1%} | "
            f"{repeats} | {seconds:.1f} s |"
        )
    both = set(by_way.get("strategy", {})) & set(by_way.get("hint", {}))
    same = sum(by_way["strategy"][seed]["line"] == by_way["hint"][seed]["line"] for seed in both)
    print(f"\nThe same moves both ways in {same} of {len(both)} deals.")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("part", nargs="?", default="both", choices=["solver", "fair", "both"])
    parser.add_argument("--deals", type=int, default=None, help="proven deals per set (solver), deals (fair)")
    parser.add_argument("--processes", type=int, default=os.cpu_count() or 1, help="worker processes")
    parser.add_argument(
        "--results", type=Path, default=RESULTS, help="JSON-lines file to append to and resume from"
    )
    parser.add_argument("--report", action="store_true", help="only print the tables from the results file")
    args = parser.parse_args()
    solver_deals = args.deals or 200
    fair_deals = args.deals or 100
    if not args.report:
        args.results.parent.mkdir(parents=True, exist_ok=True)
        with ProcessPoolExecutor(max_workers=args.processes) as pool:
            if args.part in ("solver", "both"):
                args.deals = solver_deals
                run_solver_part(args, pool)
            if args.part in ("fair", "both"):
                args.deals = fair_deals
                run_fair_part(args, pool)
    report(args.results, solver_deals, fair_deals)


if __name__ == "__main__":
    main()
