"""Engine speed of this checkout (or a later commit) against an earlier commit, in one run.

For each round, the two versions of the package run ``engine.py``'s random play (steps/s
through ``Game``) and push+pop pairs (on a ``Position``), each in a fresh process, in turn
(which goes first alternates), on the same deals; each process keeps the best of three
tries. Each figure is printed per round with the ratio this/earlier; at the end come the
median of the rounds' ratios and the ratio of each side's best round. Alternating the two in
one run, and taking bests, keeps what else the machine does from reading as a difference
between them.

Run: ``python benchmarks/engine_versus.py [EARLIER [LATER]] [--rounds N]`` (EARLIER defaults
to ``main``, LATER to this checkout's files as they are).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tarfile
import tempfile
from io import BytesIO
from pathlib import Path

HERE = Path(__file__).resolve().parent
ROOT = HERE.parent
GAMES = {"klondike": {}, "father": {}, "following": {}}
MEASURE = """
import json, random, sys
sys.path.insert(0, {benchmarks!r})
import engine
figures = {{}}
for name, options in {games!r}.items():
    rng = random.Random(2026)
    met = engine.positions_met(name, options, rng)
    steps = max(engine.random_play(name, options, engine.STEPS // 4, random.Random(7)) for _ in range(3))
    figures[name] = (steps, max(engine.push_pops(met) for _ in range(3)))
print(json.dumps({{"package": engine.sw.__file__, "figures": figures}}))
"""


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


def measure(package_root: Path) -> dict[str, list[float]]:
    """Steps/s and push+pop pairs/s per game, with the package imported from ``package_root``."""
    script = MEASURE.format(benchmarks=str(HERE), games=GAMES)
    env = {**os.environ, "PYTHONPATH": str(package_root)}
    out = subprocess.run(
        [sys.executable, "-c", script], cwd=package_root, env=env, capture_output=True, text=True, check=True
    )
    measured = json.loads(out.stdout)
    if not Path(measured["package"]).is_relative_to(package_root):
        raise RuntimeError(f"measured {measured['package']}, not the package under {package_root}")
    return measured["figures"]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("earlier", nargs="?", default="main")
    parser.add_argument("later", nargs="?")
    parser.add_argument("--rounds", type=int, default=10)
    arguments = parser.parse_args()
    ratios: dict[tuple[str, str], list[float]] = {}
    bests: dict[tuple[str, str], list[float]] = {}
    with tempfile.TemporaryDirectory() as scratch:
        earlier = export(arguments.earlier, Path(scratch, "earlier"))
        later = ROOT if arguments.later is None else export(arguments.later, Path(scratch, "later"))
        print(
            f"{arguments.later or 'this checkout'} / {arguments.earlier}: "
            f"steps/s and push+pop pairs/s, {arguments.rounds} rounds"
        )
        for round_ in range(arguments.rounds):
            order = [later, earlier] if round_ % 2 == 0 else [earlier, later]
            runs = {root: measure(root) for root in order}
            for name in GAMES:
                mine, theirs = runs[later][name], runs[earlier][name]
                cells = []
                for label, new, old in zip(("steps/s", "push+pop/s"), mine, theirs, strict=True):
                    ratios.setdefault((name, label), []).append(new / old)
                    best = bests.setdefault((name, label), [0.0, 0.0])
                    best[:] = max(best[0], new), max(best[1], old)
                    cells.append(f"{label} {new:>9,.0f} vs {old:>9,.0f} ({new / old:.3f})")
                print(f"round {round_ + 1}  {name:<10}" + "   ".join(cells))
    print("\nlater / earlier:     median of rounds   best / best")
    for (name, label), values in ratios.items():
        new, old = bests[name, label]
        print(f"  {name:<10} {label:<11} {statistics.median(values):>8.3f} {new / old:>13.3f}")


if __name__ == "__main__":
    main()
