"""What the whole suite shares: the documentation site, built once per run (its tests, the
notebooks' and the browser's read it, and its build is the one run of the tutorial notebooks),
the package's pure-Python wheel, built once too (the wheel's tests and the JupyterLite site's
use it), and the grouping that lets pytest-xdist spread the suite over the cores: the tests
of each JupyterLab run on one worker, those of the one site and wheel build on one worker
(each worker starts its own Chromium when its tests need one)."""

from __future__ import annotations

import time
from pathlib import Path

import pytest
from test_docs import DOCS, build_site
from test_notebooks import DEALS
from test_wheel import build_wheel

SHARED_BUILDS = {"jupyter_server": "jupyterlab", "docs_site": "site", "pure_wheel": "site"}
"""The session fixtures too costly to make for every test, and the xdist group of the tests
that use each: a group runs on one worker, which makes the fixture once."""

JUPYTERLABS = 2
"""How many JupyterLabs serve the browser tests: their tests take turns between that many
groups. A browser test spends half its time waiting on the page, so two of them and a
third worker (see ``./run test``) keep both cores busy."""


# First: pytest-xdist's own hook reads the xdist_group marks into the test ids, and hooks
# registered later (xdist's worker plugin) run earlier unless told otherwise.
@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    served = 0
    for item in items:
        groups = {SHARED_BUILDS[name] for name in getattr(item, "fixturenames", ()) if name in SHARED_BUILDS}
        if len(groups) > 1:
            raise pytest.UsageError(f"{item.nodeid} uses both {sorted(groups)}: one worker cannot hold both")
        if groups == {"jupyterlab"}:
            served += 1
            groups = {f"jupyterlab-{served % JUPYTERLABS + 1}"}
        if groups:
            item.add_marker(pytest.mark.xdist_group(groups.pop()))


@pytest.fixture(scope="session")
def docs_site(tmp_path_factory) -> Path:
    """The whole site, built as ``./run docs`` builds it, its notebooks executed by myst-nb
    afresh (never from the cache of an earlier build) with the suite's number of deals, their
    boards recording into ``library.sqlite3``: the folder holding that, ``html/`` and
    ``jupyter_execute/`` (the executed notebooks). Its build time is printed (``pytest -s``
    shows it)."""
    out = tmp_path_factory.mktemp("docs")
    started = time.perf_counter()
    env = {"SOLITAIRE_WIDGET_DOCS_LIBRARY": str(out / "library.sqlite3"), "SOLITAIRE_WIDGET_DEALS": DEALS}
    built = build_site(DOCS, out, 1200, "-D", "nb_execution_mode=force", env=env)
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
