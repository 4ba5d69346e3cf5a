"""benchmarks/peers.py: both solvers on the same deals, disagreements found, bad input named."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("pyksolve")

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "peers.py"
spec = importlib.util.spec_from_file_location("peers_benchmark", SCRIPT)
assert spec is not None and spec.loader is not None
peers = importlib.util.module_from_spec(spec)
spec.loader.exec_module(peers)


def test_only_deals_both_decided_differently_are_disagreements():
    outcomes = {
        0: (("winnable", 0.1), ("winnable", 1.0)),
        1: (("unwinnable", 0.1), ("unknown", 1.0)),
        2: (("unwinnable", 0.2), ("winnable", 1.0)),
        3: (("unknown", 0.2), ("unwinnable", 1.0)),
    }
    assert peers.disagreements(outcomes) == ["seed 2: ours unwinnable, Klondike-Solver winnable"]


def test_klondike_solver_is_stopped_at_the_time_limit():
    # Seed 0 drawing three takes Klondike-Solver well over a second on this deal.
    verdict, seconds = peers.theirs(0, 3, 0.2)
    assert verdict == "unknown" and seconds >= 0.2


def test_a_run_prints_both_solvers_rows(capsys):
    assert peers.main(["--deals", "1", "--time-limit", "0.5", "--draws", "1"]) == 0
    out = capsys.readouterr().out
    assert "| 1 | ours (C search) | 1 |" in out or "| 1 | ours (Python search) | 1 |" in out
    assert "| 1 | Klondike-Solver | 1 |" in out
    assert "disagreements where both decided: none" in out


@pytest.mark.parametrize(
    ("argument", "value", "named"),
    [
        ("--deals", "0", "--deals must be a whole number from 1, not 0"),
        ("--time-limit", "-2", "--time-limit must be a finite number of seconds above 0"),
        ("--time-limit", "inf", "--time-limit must be a finite number of seconds above 0"),
        ("--draws", "2", "--draws takes 1, 3 or 1,3, not 2"),
    ],
)
def test_bad_input_is_named(capsys, argument, value, named):
    with pytest.raises(SystemExit) as stopped:
        peers.main([argument, value])
    assert stopped.value.code == 2
    assert named in capsys.readouterr().err
