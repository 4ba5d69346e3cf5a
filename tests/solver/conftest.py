"""The solver's two paths: a test that takes the ``solver_path`` fixture runs once with the
pure-Python search and once with the C accelerator (``solitaire_widget.solver.native``),
chosen by the ``SOLITAIRE_WIDGET_NATIVE`` environment variable that ``solve`` reads."""

from __future__ import annotations

import shutil

import pytest

from solitaire_widget.solver import native


def native_or_skip() -> None:
    """Skip when there is no C compiler to build the accelerator with; fail when there is
    one and the accelerator still is not available."""
    if native.available():
        return
    if shutil.which("cc") or shutil.which("gcc"):
        pytest.fail("a C compiler is on PATH but the C search is not built or refused: python hatch_build.py")
    pytest.skip("no C compiler: the package was built without its C search")


@pytest.fixture(params=["python", "native"])
def solver_path(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> str:
    if request.param == "python":
        monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    else:
        monkeypatch.delenv("SOLITAIRE_WIDGET_NATIVE", raising=False)
        native_or_skip()
    return request.param
