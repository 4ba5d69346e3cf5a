"""What the whole suite shares: the documentation site, built once per run (its tests, the
notebooks' and the browser's read it), the package's pure-Python wheel, built once too (the
wheel's tests and the JupyterLite site's use it), and the grouping that lets pytest-xdist spread the
suite over the cores while one worker runs everything that needs the browser or the site
(one JupyterLab, one Chromium, one build)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_docs import DOCS, build_site
from test_wheel import build_wheel

ONE_WORKER = "browser-and-site"
"""The xdist group of the tests that use the browser or the built site."""


# First: pytest-xdist's own hook reads the xdist_group marks into the test ids, and hooks
# registered later (xdist's worker plugin) run earlier unless told otherwise.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    for item in items:
        fixtures = getattr(item, "fixturenames", ())
        if item.get_closest_marker("browser") or "docs_site" in fixtures or "pure_wheel" in fixtures:
            item.add_marker(pytest.mark.xdist_group(ONE_WORKER))


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory) -> Path:
    """The whole site, built as ``./run docs`` builds it (the notebooks executed by myst-nb):
    the folder holding ``html/`` and ``jupyter_execute/`` (the executed notebooks). Its
    build time is printed (``pytest -s`` shows it)."""
    out = tmp_path_factory.mktemp("docs")
    started = time.perf_counter()
    built = build_site(DOCS, out)
    assert built.returncode == 0, f"the docs build failed:\n{built.stderr[-6000:]}"
    print(f"docs build: {time.perf_counter() - started:.1f} s")
    return out


@pytest.fixture(scope="session")
def pure_wheel(tmp_path_factory) -> tuple[Path, str]:
    """The package's wheel built where no C compiler is (an empty PATH): the pure-Python one
    that Pyodide installs, and what its build said."""
    into = tmp_path_factory.mktemp("pure-wheel")
    (into / "dist").mkdir()
    (into / "no-compiler").mkdir()
    return build_wheel(into / "dist", str(into / "no-compiler"))
