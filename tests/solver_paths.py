"""Whether the solver's C search can be tested here: shared by the tests of the search and
of fair judgement (a helper module, not a conftest, so that its name is unique when test
folders are collected together)."""

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
