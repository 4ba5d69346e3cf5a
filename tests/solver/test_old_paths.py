"""The paths the API page gave before fair judgement left the solver (``solver.analysis``,
``solver.judgement``): each still gives its class, with a ``DeprecationWarning``, for a
release, and nothing else."""

from __future__ import annotations

import importlib

import pytest

from solitaire_widget.judgement.analysis import MoveAnalysis, Settings
from solitaire_widget.judgement.moves import MoveJudgement


@pytest.mark.parametrize(
    ("old", "name", "moved", "said"),
    [
        ("analysis", "MoveAnalysis", MoveAnalysis, "judgement.analysis.MoveAnalysis"),
        ("analysis", "Settings", Settings, "judgement.analysis.Settings"),
        ("judgement", "MoveJudgement", MoveJudgement, "judgement.moves.MoveJudgement"),
        ("judgement", "Verdict", MoveJudgement, "judgement.moves.MoveJudgement"),
    ],
)
def test_an_old_path_gives_its_class_with_a_warning(old, name, moved, said):
    module = importlib.import_module(f"solitaire_widget.solver.{old}")
    with pytest.warns(DeprecationWarning, match=said):
        assert getattr(module, name) is moved


def test_importing_from_an_old_path_warns_at_the_import():
    with pytest.warns(DeprecationWarning, match="judgement.analysis.MoveAnalysis") as warned:
        from solitaire_widget.solver.analysis import MoveAnalysis as old

    assert old is MoveAnalysis
    assert warned[0].filename == __file__


@pytest.mark.parametrize(("old", "name"), [("analysis", "Analysis"), ("judgement", "judge")])
def test_an_old_path_gives_no_other_name(old, name):
    module = importlib.import_module(f"solitaire_widget.solver.{old}")
    with pytest.raises(AttributeError, match=name):
        getattr(module, name)
