"""The solver's two paths: a test that takes the ``solver_path`` fixture runs once with the
pure-Python search and once with the C accelerator (``solitaire_widget.solver.native``),
chosen by the ``SOLITAIRE_WIDGET_NATIVE`` environment variable that ``solve`` reads."""

from __future__ import annotations

import pytest
from solver_paths import native_or_skip


@pytest.fixture(params=["python", "native"])
def solver_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "python":
        monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    else:
        monkeypatch.delenv("SOLITAIRE_WIDGET_NATIVE", raising=False)
        native_or_skip()
    return request.param
