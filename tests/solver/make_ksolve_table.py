"""Write ksolve_klondike.json: the verdicts of an established Klondike solver on our deals.

The solver is Klondike-Solver (by ShootMe), through its Python wrapper ``pyksolve`` (a
development dependency). It plays thoughtful Klondike with unlimited redeals, foundation
cards allowed back, and no card dealt to the waste at the start: our Klondike with
``deal_to_waste=False``. Each deal goes over card by card (``ksolve_deck``), so both
solvers see the same deal. A deal is tried with its fast search first, then, if that
finds no win, with its exhaustive one (up to 5,000,000 states).

Run: ``python tests/solver/make_ksolve_table.py DRAW FIRST_SEED LAST_SEED`` (appends).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

from pyksolve import solver

import solitaire_widget as sw

TABLE = Path(__file__).with_name("ksolve_klondike.json")
VERDICTS = {
    "SolvedMinimal": "winnable",
    "SolvedMayNotBeMinimal": "winnable",
    "Impossible": "unwinnable",
    "CouldNotComplete": "unknown",
}


def ksolve_deck(g: sw.Game) -> str:
    """The deal in Klondike-Solver's deck string: each card as rank (01-13) and suit
    (1-4: clubs, diamonds, hearts, spades), dealt row by row to the seven columns, then
    the stock in the order it is drawn."""
    p = g.position
    columns = [[*down, *up] for down, up in zip(p.down, p.up, strict=True)]
    dealt = [columns[column][row] for row in range(7) for column in range(row, 7)]
    return "".join(f"{card // 4 + 1:02d}{card % 4 + 1}" for card in [*dealt, *reversed(p.stock)])


def ksolve_verdict(g: sw.Game, draw: int) -> str:
    game = solver.Solitaire()
    if not game.load_solitaire(ksolve_deck(g)):
        raise ValueError("Klondike-Solver refused the deck")
    game.reset_game(draw)
    result = game.solve_fast(max_closed_count=2_000_000)
    if VERDICTS[result.name] != "winnable":
        game = solver.Solitaire()
        game.load_solitaire(ksolve_deck(g))
        game.reset_game(draw)
        result = game.solve_minimal(max_closed_count=5_000_000)
    return VERDICTS[result.name]


def main() -> None:
    draw, first, last = map(int, sys.argv[1:4])
    rows = json.loads(TABLE.read_text()) if TABLE.exists() else []
    for seed in range(first, last + 1):
        g = sw.Game.new("klondike", seed=seed, draw=draw, deal_to_waste=False)
        rows.append({"draw": draw, "seed": seed, "verdict": ksolve_verdict(g, draw)})
        print(rows[-1], flush=True)
    TABLE.write_text("[\n" + ",\n".join(json.dumps(row) for row in rows) + "\n]\n")


if __name__ == "__main__":
    main()
