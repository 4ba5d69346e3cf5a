"""How large the solver's proofs are, and where their positions go: the measure of a
technique that shrinks the search, since a proof of a loss must visit every position the
search does not rule out.

For each deal: the verdict and the positions the fixed order (no restarts) searches, through
the C search (``native.search``; the Python search counts the same positions). With
``--shape``, the pure-Python search also counts the distinct positions of the proof, and how
many stay distinct when the face-up tableau cards are forgotten (the same foundations,
face-down cards and talon). The search's key already leaves the loose cards out
(``solver.arrangements``), so what this still tells apart is mostly the cards at the foot of
piles without face-down cards (which king fills an empty pile).

Run: ``python benchmarks/proofs.py [--game SET] [--seeds N,N,...] [--node-limit N] [--shape]``
(defaults: the ten Klondike draw-one deals below, all unwinnable with no card to the waste,
a limit of 60 million positions). Positions are counted, not timed, so the figures are the
same on every machine.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

import solitaire_widget as sw
from benchmarks.winnability import SETS
from solitaire_widget.engine import Position
from solitaire_widget.solver import native
from solitaire_widget.solver.depth_first import DepthFirstSearch
from solitaire_widget.solver.search import check_limits, foundation_split

SEEDS = {
    "klondike draw 1 no waste card": (2145, 2734, 429, 2102, 1339, 1932, 742, 1013, 418, 744),
    "klondike draw 3 no waste card": (1299, 794, 1340, 2102, 2367, 1136, 1169, 1069, 402, 2207),
}
"""Unwinnable deals whose proofs took about a million positions each before the narrower joins."""


def without_face_up_cards(position: Position, key: tuple[int | None, int, bytes]) -> tuple[object, ...]:
    """The position with its face-up tableau cards left out (they are then the cards neither
    home, face down nor in the talon), coarser than the search's key, which keeps each pile's
    face-up cards up to its top run (``solver.arrangements``); the redeals and the talon's
    point as its ``key`` has them."""
    home = tuple(len(pile) for pile in position.foundations)
    return key[:2], home, tuple(sorted(position.down)), position.waste + position.stock[::-1]


def shape(position: Position, node_limit: int) -> tuple[int, int, int]:
    """The Python search's fixed order: (positions searched, distinct positions, distinct
    positions with the arrangement left out)."""
    search = DepthFirstSearch(position, None, node_limit, time.perf_counter(), restart_nodes=0)
    keyed = search.key
    distinct: set[object] = set()
    arranged: set[object] = set()

    def key(searched: Position) -> tuple[int | None, int, bytes]:
        found = keyed(searched)
        if found not in distinct:
            distinct.add(found)
            arranged.add(without_face_up_cards(searched, found))
        return found

    search.key = key
    search.run()
    return search.nodes, len(distinct), len(arranged)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="klondike draw 1 no waste card", choices=list(SETS))
    parser.add_argument("--seeds", help="comma-separated seeds (default: the set's ten in SEEDS)")
    parser.add_argument("--node-limit", type=int, default=60_000_000, help="positions per deal at most")
    parser.add_argument("--shape", action="store_true", help="also count distinct positions (slow)")
    args = parser.parse_args(argv)
    try:
        check_limits(None, args.node_limit)
    except ValueError as error:
        parser.error(str(error).replace("node_limit", "--node-limit"))
    seeds = [int(seed) for seed in args.seeds.split(",")] if args.seeds else list(SEEDS.get(args.game, ()))
    if not seeds:
        parser.error(f"no default seeds for {args.game!r}: give --seeds")
    if not native.available():
        parser.error("the C accelerator is not available (no compiler, or SOLITAIRE_WIDGET_NATIVE=0)")
    game, options = SETS[args.game]
    total = 0
    print(f"{args.game}: the fixed order, at most {args.node_limit:,} positions per deal")
    for seed in seeds:
        position = sw.Game.new(game, seed=seed, **options).position
        found = native.search(
            position.copy(),
            time_limit=None,
            node_limit=args.node_limit,
            foundation_split=foundation_split(position),
            restart_nodes=0,
        )
        assert found is not None  # available() above
        verdict, _, nodes, most_home = found
        total += nodes
        line = f"seed {seed:6}  {verdict:10}  {nodes:12,} positions  most home {most_home:2}"
        if args.shape:
            searched, distinct, arranged = shape(position, args.node_limit)
            assert searched == nodes, "the Python search counts the C search's positions"
            line += f"  distinct {distinct:10,}  without the arrangement {arranged:9,}"
            line += f"  ({distinct / arranged:.1f} each)"
        print(line, flush=True)
    print(f"all {len(seeds)}: {total:,} positions")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
