"""How many deals can be won: the solver on N consecutive seeds per game and option set.

For each set it prints the winnable, unwinnable and undecided counts (undecided: the
solver hit the time limit first), the winnable share with a 95% Wilson interval that
counts the undecided deals both ways (its low end counts them lost, its high end won), the
time per deal (median, 90th percentile, max), the machine time (the deals' solve times
added up), and for the Klondike sets the published figures of Blake and Gent ("The
Winnability of Klondike Solitaire and Many Other Patience Games", 2019) with whether our
interval contains or excludes them. They solved thoughtful Klondike with unlimited redeals,
foundation cards allowed back to the tableau and no card dealt to the waste at the start:
our Klondike's defaults with ``deal_to_waste=False`` (the "no waste card" sets).

The solver is "thoughtful": it knows where every card is, face-down cards and the order of
the stock included.

Each set's deals are kept in a results file of its own (JSON lines, in ``--results``): a
header line saying what the file holds (the set, its game and options, the time per deal
and the solver's identity, ``solver_identity``), then one line per deal (seed, verdict,
seconds, positions searched), appended as deals finish. A run stopped part way (Ctrl-C, a
crash) resumes where it was: seeds already in the file are not solved again. A file whose
header differs from this run's (other options, another time limit, another version of the
solver, the C search against the Python one) is refused, saying what differs: verdicts
found under other conditions are not mixed into one figure.

A second look (``--second-look SECONDS``) searches the deals the first left undecided again,
with more time each, and keeps its verdicts in a second file per set (``….second-look.jsonl``,
its header saying both time limits): it resumes and refuses mixed results as the first does.
The table then counts the verdicts of both looks, says how many deals each left undecided,
and adds the second look's time to the machine time.

Deals run on a process pool with a worker per core (the package's own, as ``simulate``'s),
on a Dask cluster (``--scheduler ADDRESS``, needs ``distributed``), or in this process
(``--workers 1``).

Run: ``python benchmarks/winnability.py [--deals N] [--time-limit SECONDS] [--sets NAMES]
[--second-look SECONDS] [--workers N | --scheduler ADDRESS] [--results DIR] [--report]``
(defaults: 2000 deals, 10 s, no second look,
the four sets of the table in docs/guide/engine.md, every core,
benchmarks/results/winnability). ``--sets`` takes names from ``SETS`` below,
comma-separated; ``--report`` prints the table from the results files without solving.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import multiprocessing
import statistics
import sys
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

import solitaire_widget as sw
from benchmarks.figures import percentile
from solitaire_widget.scripting import wilson_interval
from solitaire_widget.scripting.executors import (
    Progress,
    new_pool,
    stop_own_workers,
    where_to_run,
    worker_count,
)
from solitaire_widget.solver import native
from solitaire_widget.solver.search import check_limits

SETS: dict[str, tuple[str, dict[str, object]]] = {
    "klondike draw 1 no waste card": ("klondike", {"deal_to_waste": False}),
    "klondike draw 3 no waste card": ("klondike", {"draw": 3, "deal_to_waste": False}),
    "father": ("father", {}),
    "following": ("following", {}),
    "klondike draw 1": ("klondike", {}),
    "klondike draw 3": ("klondike", {"draw": 3}),
}
TABLE_SETS = list(SETS)[:4]
PUBLISHED: dict[str, tuple[float, float]] = {
    "klondike draw 1 no waste card": (0.90480, 0.00116),
    "klondike draw 3 no waste card": (0.81945, 0.00084),
}
"""Blake and Gent's winnable share and its 95% margin, for the sets that play their rules."""
RESULTS = Path(__file__).resolve().parent / "results" / "winnability"
PACKAGE = Path(sw.__file__).resolve().parent
"""The package this run imports (``PYTHONPATH`` may name another than this checkout's)."""
SOLVER_SOURCES = ("solver", "engine")
"""Where the code that decides a verdict lives: the solver, and the rules it plays by."""
TASK_SECONDS = 80
"""The most search time a task sent to a worker holds (8 deals at 10 s, one at a minute):
little enough that a stopped run loses little, and that the last tasks end together."""


Row = dict[str, Any]
"""One deal's line of a results file: seed, verdict, seconds, positions searched."""


class MixedResults(ValueError):
    """A results file written under other conditions than this run's."""


def solver_identity() -> dict[str, object]:
    """What the verdicts depend on besides the deal: the package's version, the search
    that runs (C or Python: at a time limit they decide different deals), the C search's
    interface version, and a digest of the source of the solver and the engine's rules
    (a change there may change a verdict or the time it takes)."""
    digest = hashlib.sha256()
    for folder in SOLVER_SOURCES:
        for source in sorted((PACKAGE / folder).rglob("*")):
            if source.suffix in (".py", ".c"):
                digest.update(source.relative_to(PACKAGE.parent).as_posix().encode() + b"\0")
                digest.update(source.read_bytes())
    return {
        "package": sw.__version__,
        "search": "C" if native.available() else "Python",
        "interface": native.INTERFACE_VERSION,
        "source digest": digest.hexdigest()[:16],
    }


_worker_identity: dict[str, object] | None = None
"""``solver_identity()`` in a worker process, worked out by its first task."""


def header_for(name: str, time_limit: float, identity: dict[str, object]) -> dict[str, object]:
    """The header line of the set's results file for a run at ``time_limit`` seconds by the
    solver ``identity`` (``solver_identity()``)."""
    game, options = SETS[name]
    return {
        "set": name,
        "game": game,
        "options": options,
        "time_limit": time_limit,
        "solver": identity,
    }


def results_file(results: Path, name: str) -> Path:
    return results / f"{name.replace(' ', '-')}.jsonl"


def second_look_file(results: Path, name: str) -> Path:
    return results_file(results, name).with_suffix(".second-look.jsonl")


def second_look_header(
    name: str, first_look: float, time_limit: float, identity: dict[str, object]
) -> dict[str, object]:
    """The header of the set's second-look file: a look at ``time_limit`` seconds a deal at the
    deals that ``first_look`` seconds left undecided."""
    return {**header_for(name, time_limit, identity), "first look": first_look}


def read_results(path: Path) -> tuple[dict[str, Any] | None, list[Row]]:
    """The file's header and its deals' rows (``(None, [])`` when there is no file). A
    last line cut short (the run was killed while writing it) is dropped from the file."""
    if not path.exists():
        return None, []
    text = path.read_text()
    if text and not text.endswith("\n"):
        text = text[: text.rfind("\n") + 1]
        path.write_text(text)
        print(f"{path}: dropped a last line cut short", file=sys.stderr)
    lines = [json.loads(line) for line in text.splitlines() if line.strip()]
    if not lines:
        return None, []
    return lines[0].get("header"), lines[1:]


def differences(found: dict[str, Any], wanted: dict[str, Any], holder: str = "the file") -> list[str]:
    """The header fields that differ, as "field: the file has X, this run Y" (``holder``
    names what has ``found``)."""
    said = []
    for key in wanted:
        if key == "solver":
            found_solver = found.get(key) or {}
            said += [
                f"solver {part}: {holder} has {found_solver.get(part)!r}, this run {value!r}"
                for part, value in wanted[key].items()
                if found_solver.get(part) != value
            ]
        elif found.get(key) != wanted[key]:
            said.append(f"{key}: {holder} has {found.get(key)!r}, this run {wanted[key]!r}")
    return said


def seeds_done(path: Path, header: dict[str, object]) -> set[int]:
    """The seeds already solved in the set's results file (none when there is no file);
    ``MixedResults`` when the file was written under other conditions than ``header``'s."""
    found, rows = read_results(path)
    if found is None:
        return set()
    said = differences(found, header)
    if said:
        raise MixedResults(
            f"{path} holds deals solved under other conditions ({'; '.join(said)}); refusing to mix "
            "them into one figure: give another --results folder, or move the file away"
        )
    return {int(row["seed"]) for row in rows}


def solve_seeds(
    game: str,
    options: dict[str, object],
    seeds: Sequence[int],
    time_limit: float,
    identity: dict[str, object],
) -> list[Row]:
    """The task a worker runs: each seed's row. ``MixedResults`` when the worker's solver is
    not ``identity`` (a Dask worker with another version of the package, or without the C
    search)."""
    global _worker_identity
    if _worker_identity is None:
        _worker_identity = solver_identity()
    if _worker_identity != identity:
        said = differences({"solver": _worker_identity}, {"solver": identity}, holder="it")
        raise MixedResults(f"a worker's solver is not this run's ({'; '.join(said)})")
    rows = []
    for seed in seeds:
        result = sw.solve(sw.Game.new(game, seed=seed, **options), time_limit=time_limit)
        rows.append(
            {"seed": seed, "verdict": result.verdict, "seconds": result.seconds, "nodes": result.nodes}
        )
    return rows


def append(path: Path, rows: Iterable[Row]) -> None:
    with path.open("a") as out:
        out.write("".join(json.dumps(row) + "\n" for row in rows))


def solve_missing(
    name: str,
    seeds: list[int],
    time_limit: float,
    path: Path,
    executor: concurrent.futures.Executor | None,
    window: int,
    identity: dict[str, object],
) -> None:
    """Solve ``seeds`` of the set, appending each task's rows to ``path`` as it ends; in
    this process when ``executor`` is None, else with at most ``window`` tasks in flight,
    each refused by a worker whose solver is not ``identity``."""
    game, options = SETS[name]
    bar = Progress(len(seeds), True, name)
    try:
        if executor is None:
            for seed in seeds:
                append(path, solve_seeds(game, options, [seed], time_limit, identity))
                bar.update(1)
            return
        size = max(1, int(TASK_SECONDS // time_limit))
        chunks = [seeds[first : first + size] for first in range(0, len(seeds), size)]
        in_flight: set[concurrent.futures.Future[list[Row]]] = set()
        while chunks or in_flight:
            while chunks and len(in_flight) < window:
                in_flight.add(
                    executor.submit(solve_seeds, game, options, chunks.pop(0), time_limit, identity)
                )
            done, in_flight = concurrent.futures.wait(
                in_flight, return_when=concurrent.futures.FIRST_COMPLETED
            )
            for future in done:
                rows = future.result()
                append(path, rows)
                bar.update(len(rows))
    finally:
        bar.close()


def duration(seconds: float) -> str:
    """Seconds in full (the docs quote them), with hours beside them past one."""
    whole = f"{seconds:,.0f} s"
    return whole if seconds < 3600 else f"{whole} ({seconds / 3600:.1f} h)"


def with_second_look(rows: list[Row], second: list[Row]) -> list[Row]:
    """The first look's rows, each deal it left undecided given the second look's verdict, and
    the second look's time added to the deal's."""
    later = {int(row["seed"]): row for row in second}
    merged = []
    for row in rows:
        look = later.get(int(row["seed"]))
        if look is not None and row["verdict"] == "unknown":
            row = {
                **row,
                "verdict": look["verdict"],
                "seconds": float(row["seconds"]) + float(look["seconds"]),
            }
        merged.append(row)
    return merged


def summary_row(name: str, rows: list[Row], second: list[Row] | None = None) -> str:
    """The set's line of the table, from its deals' rows (the first look's) and the second
    look's, if any: the verdicts of both, the time per deal of the first, the machine time of
    both."""
    deals = len(rows)
    first_undecided = [row["verdict"] for row in rows].count("unknown")
    seconds = [float(row["seconds"]) for row in rows]
    if second is not None:
        rows = with_second_look(rows, second)
    verdicts = [row["verdict"] for row in rows]
    won, lost = verdicts.count("winnable"), verdicts.count("unwinnable")
    undecided = deals - won - lost
    low, _ = wilson_interval(won, deals)
    _, high = wilson_interval(won + undecided, deals)
    published = "—"
    if name in PUBLISHED:
        share, margin = PUBLISHED[name]
        verdict = "inside" if low <= share <= high else "outside"
        published = f"{share:.3%} ± {margin:.3%}: {verdict}"
    undecided_cell = (
        f"{undecided}" if second is None else f"{undecided} ({first_undecided} after the first look)"
    )
    machine = sum(float(row["seconds"]) for row in rows)
    return (
        f"| {name} | {deals} | {won} | {lost} | {undecided_cell} | {won / deals:.2%} | "
        f"{low:.2%} – {high:.2%} (± {(high - low) / 2:.2%}) | {statistics.median(seconds):.3f} s | "
        f"{percentile(seconds, 0.9):.3f} s | {max(seconds):.2f} s | {duration(machine)} | "
        f"{published} |"
    )


def report(results: Path, names: list[str], deals: int) -> None:
    """The table, from the sets' results files (the first ``deals`` seeds of each), with
    their second looks where there are any."""
    print(
        "| set | deals | winnable | unwinnable | undecided | winnable share | 95% interval | "
        "median time | p90 time | max time | machine time | Blake and Gent: ours contains it? |"
    )
    print("|---|---|---|---|---|---|---|---|---|---|---|---|")
    notes = []
    for name in names:
        header, rows = read_results(results_file(results, name))
        rows = [row for row in rows if int(row["seed"]) < deals]
        if header is None or not rows:
            print(f"| {name} | no deals solved yet |")
            continue
        looked, second = read_results(second_look_file(results, name))
        second = [row for row in second if int(row["seed"]) < deals]
        print(summary_row(name, rows, second if looked else None))
        notes.append(f"- {name}: {header['time_limit']:g} s per deal, solver {header['solver']}")
        if looked:
            undecided = sum(row["verdict"] == "unknown" for row in rows)
            notes.append(
                f"  - second look: {looked['time_limit']:g} s per deal, at {len(second)} of the "
                f"{undecided} deals the first left undecided"
            )
    print("\n".join(["", *notes]))


def check_seconds(seconds: float, option: str) -> None:
    """``ValueError`` naming ``option`` when ``seconds`` is not a time limit the solver takes."""
    try:
        check_limits(seconds, None)
    except ValueError as error:
        raise ValueError(str(error).replace("time_limit", option)) from None


def parse(argv: Sequence[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--deals", type=int, default=2000, help="deals per set (seeds 0 to N-1)")
    parser.add_argument("--time-limit", type=float, default=10.0, help="seconds per deal")
    parser.add_argument(
        "--second-look",
        type=float,
        help="seconds per deal for a second search of the deals the first left undecided",
    )
    parser.add_argument(
        "--sets", default=",".join(TABLE_SETS), help="comma-separated names from: " + "; ".join(SETS)
    )
    where = parser.add_mutually_exclusive_group()
    where.add_argument("--workers", type=int, default=worker_count(), help="processes (1: in this process)")
    where.add_argument("--scheduler", help="a Dask scheduler's address: solve on its cluster")
    parser.add_argument("--results", type=Path, default=RESULTS, help="folder of the sets' results files")
    parser.add_argument("--report", action="store_true", help="only print the table from the results files")
    args = parser.parse_args(argv)
    args.sets = [name.strip() for name in args.sets.split(",")]
    try:
        unknown = [name for name in args.sets if name not in SETS]
        if unknown:
            raise ValueError(f"unknown set {unknown[0]!r}; the sets are: {'; '.join(SETS)}")
        if args.deals < 1:
            raise ValueError(f"--deals must be a whole number from 1, not {args.deals}")
        if args.workers < 1:
            raise ValueError(f"--workers must be a whole number from 1, not {args.workers}")
        check_seconds(args.time_limit, "--time-limit")
        if args.second_look is not None:
            check_seconds(args.second_look, "--second-look")
            if args.second_look <= args.time_limit:
                raise ValueError(
                    f"--second-look must give more seconds per deal than --time-limit "
                    f"({args.time_limit:g}), not {args.second_look:g}"
                )
    except ValueError as error:
        parser.error(str(error))
    return args


def executor_for(args: argparse.Namespace) -> concurrent.futures.Executor | None:
    """Where the deals are solved: a Dask cluster's executor, a pool of the package's own,
    or None (this process)."""
    if args.scheduler:
        from distributed import Client

        return Client(args.scheduler).get_executor()
    if args.workers == 1 or where_to_run(None) == "serial":
        return None
    return new_pool(args.workers, "solitaire_widget.solver")


def main(argv: Sequence[str] | None = None) -> int:
    """Solve what the results files lack (the first look, then the second, if asked for),
    then print the table; the exit status."""
    args = parse(argv)
    if not args.report:
        identity = solver_identity()
        try:
            todo = missing_seeds(args, identity)
            if args.second_look is not None:
                second_look_seeds(args, identity)  # a mixed file is refused before any solving
            if not solve_all(todo, args, identity, args.time_limit):
                return 130
            if args.second_look is not None and not solve_all(
                second_look_seeds(args, identity), args, identity, args.second_look
            ):
                return 130
        except MixedResults as error:
            print(f"winnability: {error}", file=sys.stderr)
            return 2
    report(args.results, args.sets, args.deals)
    return 0


Todo = dict[str, tuple[Path, dict[str, object], list[int]]]
"""Per set: the results file to append to, the header it starts with, the seeds to solve."""


def missing_seeds(args: argparse.Namespace, identity: dict[str, object]) -> Todo:
    """Each set's results file and the seeds it lacks; ``MixedResults`` when a file was
    written under other conditions or by a solver other than ``identity`` (checked for every
    set before any file is started)."""
    todo = {}
    for name in args.sets:
        path = results_file(args.results, name)
        header = header_for(name, args.time_limit, identity)
        done = seeds_done(path, header)
        todo[name] = (path, header, [seed for seed in range(args.deals) if seed not in done])
    return todo


def second_look_seeds(args: argparse.Namespace, identity: dict[str, object]) -> Todo:
    """Each set's second-look file and the deals the first look left undecided that it
    lacks; ``MixedResults`` as ``missing_seeds``."""
    todo = {}
    for name in args.sets:
        path = second_look_file(args.results, name)
        header = second_look_header(name, args.time_limit, args.second_look, identity)
        done = seeds_done(path, header)
        _, rows = read_results(results_file(args.results, name))
        undecided = sorted(int(row["seed"]) for row in rows if row["verdict"] == "unknown")
        todo[name] = (path, header, [seed for seed in undecided if seed < args.deals and seed not in done])
    return todo


def solve_all(todo: Todo, args: argparse.Namespace, identity: dict[str, object], time_limit: float) -> bool:
    """Solve each set's seeds at ``time_limit`` seconds a deal with the solver ``identity``,
    starting each file that does not exist yet with its header; False when stopped by Ctrl-C
    (what was solved is kept)."""
    for path, header, _ in todo.values():
        if not path.exists():
            path.parent.mkdir(parents=True, exist_ok=True)
            path.write_text(json.dumps({"header": header}) + "\n")
    executor = executor_for(args)
    # Two tasks per worker of our own pool, so that Ctrl-C loses little unsaved work; a
    # Dask cluster gets every task at once, to spread them over its workers.
    window = 2 * args.workers if args.scheduler is None else sys.maxsize
    before = set(multiprocessing.active_children())
    try:
        for name, (path, _, seeds) in todo.items():
            solve_missing(name, seeds, time_limit, path, executor, window, identity)
    except KeyboardInterrupt:
        if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            stop_own_workers(before)
        print("\nwinnability: stopped; run the same command again to resume", file=sys.stderr)
        return False
    finally:
        if isinstance(executor, concurrent.futures.ProcessPoolExecutor):
            executor.shutdown(wait=False, cancel_futures=True)
        elif executor is not None:
            executor.shutdown()
    return True


if __name__ == "__main__":
    sys.exit(main())
