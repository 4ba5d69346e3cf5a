"""Engine speed of this checkout (or a later commit) against an earlier commit, in one run.

Both versions of the package are loaded into one process, side by side, and take turns in
short slices: random play through ``Game`` (``engine.py``'s steps: ``legal_moves()`` then
``play()``) and push+pop pairs on a ``Position``, on the same deals and positions. Time is
the process's CPU time, and slices this short, taken in turn, share whatever else the
machine is doing, so the ratio of the two totals measures the code, not the load. Printed
per game: each version's rate over all its slices and the ratio later/earlier, and the ratio
of the two versions' best times at each distinct slice of work (``DISTINCT_SLICES``).

Run: ``python benchmarks/engine_versus.py [EARLIER [LATER]] [--slices N] [--game NAME]`` (EARLIER defaults
to ``main``, LATER to this checkout's files as they are).
"""

from __future__ import annotations

import argparse
import importlib
import random
import subprocess
import sys
import tarfile
import tempfile
import time
from io import BytesIO
from pathlib import Path
from types import ModuleType

sys.path.insert(0, str(Path(__file__).resolve().parent))
import engine

ROOT = Path(__file__).resolve().parent.parent
GAMES = {"klondike": {}, "klondike draw 3": {"draw": 3}, "father": {}, "following": {}}
STEPS_PER_SLICE = 2_000
DISTINCT_SLICES = 8
"""Slices repeat the same work every this many turns, so each version's best time at each
piece of work can be compared too (the best of repeats is the least disturbed)."""


def export(commit: str, into: Path) -> Path:
    """The package as it is at ``commit``, unpacked under ``into``."""
    archive = subprocess.run(
        ["git", "-C", str(ROOT), "archive", "--format=tar", commit, "solitaire_widget"],
        capture_output=True,
        check=True,
    ).stdout
    with tarfile.open(fileobj=BytesIO(archive)) as tar:
        tar.extractall(into, filter="data")
    return into


def load(root: Path) -> ModuleType:
    """The package under ``root``, imported and then taken out of ``sys.modules``, so the other
    version can be imported beside it (``engine.py``'s own import is taken out first)."""
    sys.path.insert(0, str(root))
    try:
        forget_the_package()
        package = importlib.import_module("solitaire_widget")
        forget_the_package()
    finally:
        sys.path.remove(str(root))
    if not Path(package.__file__).is_relative_to(root):
        raise RuntimeError(f"loaded {package.__file__}, not the package under {root}")
    return package


def forget_the_package() -> list[str]:
    """Take every module of the package out of ``sys.modules``; their names."""
    names = [name for name in sys.modules if name.split(".")[0] == "solitaire_widget"]
    for name in names:
        del sys.modules[name]
    return names


def timed(package: ModuleType, work, *args) -> float:
    """CPU seconds ``work(*args)`` takes with ``engine.py`` using ``package`` (CPU time, not
    wall time: the time other processes hold the CPU is not counted against either)."""
    engine.sw = package
    start = time.process_time()
    work(*args)
    return time.process_time() - start


def compare(versions: list[ModuleType], label: str, options: dict, slices: int) -> list[str]:
    """Steps/s and push+pop pairs/s of each version over ``slices`` turns, as table rows."""
    name = label.split()[0]
    met = {}
    for package in versions:
        engine.sw = package
        met[id(package)] = engine.positions_met(name, options, random.Random(2026))
    pairs = sum(len(position.legal_moves()) for position in met[id(versions[0])]) * engine.REPEATS
    totals = {(kind, id(package)): 0.0 for kind in ("steps", "pairs") for package in versions}
    fastest: dict[tuple[str, int, int], float] = {}  # the least time of each version at each work
    for turn in range(slices):
        order = versions if turn % 2 == 0 else versions[::-1]
        for package in order:
            work = turn % DISTINCT_SLICES
            seconds = timed(package, engine.random_play, name, options, STEPS_PER_SLICE, random.Random(work))
            totals["steps", id(package)] += seconds
            fastest["steps", id(package), work] = min(seconds, fastest.get(("steps", id(package), work), 1e9))
            if turn % 5 == 0:
                seconds = timed(package, engine.push_pops, met[id(package)])
                totals["pairs", id(package)] += seconds
                fastest["pairs", id(package), 0] = min(seconds, fastest.get(("pairs", id(package), 0), 1e9))
    rows = []
    for kind, count in (("steps", STEPS_PER_SLICE * slices), ("pairs", pairs * len(range(0, slices, 5)))):
        earlier, later = (count / totals[kind, id(package)] for package in versions)
        best_earlier, best_later = (
            sum(seconds for (k, owner, _), seconds in fastest.items() if k == kind and owner == id(package))
            for package in versions
        )
        rows.append(
            f"{label:<16}{kind + '/s':<9}{earlier:>12,.0f}{later:>12,.0f}{later / earlier:>8.3f}"
            f"{best_earlier / best_later:>15.3f}"
        )
    return rows


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("earlier", nargs="?", default="main")
    parser.add_argument("later", nargs="?")
    parser.add_argument("--slices", type=int, default=40)
    parser.add_argument("--game", choices=GAMES, help="only this game (default: each)")
    arguments = parser.parse_args()
    with tempfile.TemporaryDirectory() as scratch:
        earlier = load(export(arguments.earlier, Path(scratch, "earlier")))
        later_root = ROOT if arguments.later is None else export(arguments.later, Path(scratch, "later"))
        later = load(later_root)
        print(f"later = {arguments.later or 'this checkout'}, earlier = {arguments.earlier}")
        print(f"{'game':<16}{'rate':<9}{'earlier':>12}{'later':>12}{'ratio':>8}{'best of each':>15}")
        for label, options in GAMES.items():
            if arguments.game not in (None, label):
                continue
            print("\n".join(compare([earlier, later], label, options, arguments.slices)), flush=True)
    stray = forget_the_package()
    if stray:
        raise RuntimeError(f"a module was imported during the run, from either version: {stray}")


if __name__ == "__main__":
    main()
