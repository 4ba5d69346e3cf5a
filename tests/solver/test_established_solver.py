"""Our verdicts agree with an established Klondike solver's on the same deals.

The established solver is Klondike-Solver (by ShootMe) through ``pyksolve``; its verdicts
on our deals (``deal_to_waste=False``, the rules it plays) are pinned in
ksolve_klondike.json by make_ksolve_table.py. A few deals are solved by it again here, so
the table and the card-by-card translation of our deals stay honest.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from make_ksolve_table import ksolve_deck, ksolve_verdict

import solitaire_widget as sw

TABLE = json.loads(Path(__file__).with_name("ksolve_klondike.json").read_text())
NODE_LIMIT = {"winnable": 20_000, "unwinnable": 150_000}


def deal(row: dict) -> sw.Game:
    return sw.Game.new("klondike", seed=row["seed"], draw=row["draw"], deal_to_waste=False)


def test_the_table_covers_both_verdicts_and_both_draws():
    verdicts = {(row["draw"], row["verdict"]) for row in TABLE}
    assert {(1, "winnable"), (1, "unwinnable"), (3, "winnable")} <= verdicts
    assert len(TABLE) >= 130


def test_a_deal_goes_over_card_by_card():
    g = deal({"seed": 3, "draw": 1})
    deck = ksolve_deck(g)
    assert len(deck) == 52 * 3 and len({deck[i : i + 3] for i in range(0, 156, 3)}) == 52
    assert deck[:3] == "042"  # column 0 is the four of diamonds alone


@pytest.mark.parametrize("seed", [1, 4, 8])
def test_the_established_solver_still_gives_the_pinned_verdicts(seed):
    row = next(row for row in TABLE if row["draw"] == 1 and row["seed"] == seed)
    assert ksolve_verdict(deal(row), 1) == row["verdict"]


@pytest.mark.parametrize("draw", [1, 3])
def test_no_verdict_contradicts_the_established_solver(draw):
    rows = [row for row in TABLE if row["draw"] == draw and row["verdict"] != "unknown"]
    unwinnable = [row for row in rows if row["verdict"] == "unwinnable"]
    # Every deal it proves lost, and the first ones it wins, to keep the test short.
    sample = unwinnable + [row for row in rows if row["verdict"] == "winnable"][:15]
    agreed = {"winnable": 0, "unwinnable": 0}
    for row in sample:
        ours = sw.solve(deal(row), time_limit=None, node_limit=NODE_LIMIT[row["verdict"]]).verdict
        if ours != "unknown":
            assert ours == row["verdict"], row
            agreed[ours] += 1
    assert agreed["winnable"] >= 5
    assert agreed["unwinnable"] >= (1 if draw == 1 else 0)
