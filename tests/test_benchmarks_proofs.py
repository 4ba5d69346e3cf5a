"""benchmarks/proofs.py: a proof's positions counted by both searches, bad input named."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from solitaire_widget.solver import native

SCRIPT = Path(__file__).resolve().parent.parent / "benchmarks" / "proofs.py"
spec = importlib.util.spec_from_file_location("proofs_benchmark", SCRIPT)
assert spec is not None and spec.loader is not None
proofs = importlib.util.module_from_spec(spec)
spec.loader.exec_module(proofs)


def test_a_proof_is_counted_and_its_shape_checked_against_the_python_search(capsys):
    if not native.available():
        pytest.skip("the C accelerator is not built here")
    assert proofs.main(["--game", "klondike draw 1", "--seeds", "528", "--shape"]) == 0
    out = capsys.readouterr().out
    # 6,531 positions (tests/solver/test_python_restarts.py), 3,717 of them distinct keys
    assert "seed    528  unwinnable         6,531 positions" in out
    assert "distinct      3,717" in out
    assert "all 1: 6,531 positions" in out


@pytest.mark.parametrize(
    ("argv", "named"),
    [
        (["--node-limit", "0"], "--node-limit must be a whole number from 1 or None, not 0"),
        (["--game", "following"], "no default seeds for 'following': give --seeds"),
    ],
)
def test_bad_input_is_refused_by_name(argv, named, capsys):
    with pytest.raises(SystemExit):
        proofs.main(argv)
    assert named in capsys.readouterr().err
