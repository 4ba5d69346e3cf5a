"""Fixtures for the end-to-end tests: one JupyterLab and one Chromium for the session, a
fresh browser page per test, a per-test deadline, a screenshot of the page when a test fails.

Each test marks itself ``@pytest.mark.browser(timeout=seconds)``.
"""

from __future__ import annotations

import re
import signal
from pathlib import Path
from typing import Iterator

import pytest
from harness import REPO_ROOT, JupyterServer, NotebookPage, launch_chromium, write_notebook
from playwright.sync_api import sync_playwright

ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
BUNDLE = REPO_ROOT / "solitaire_widget" / "static" / "widget.js"
DEFAULT_TIMEOUT_S = 120
# One wait in the page (a render, a kernel answer) on a loaded 2-core machine.
STEP_TIMEOUT_MS = 30_000
VIEWPORT = {"width": 1400, "height": 1000}

# Saving a notebook stores the widgets' state in it, so a saved notebook shows its board
# without a kernel (test_saved_state).
SERVER_SETTINGS = {"@jupyter-widgets/jupyterlab-manager:plugin": {"saveState": True}}


@pytest.hookimpl(wrapper=True, tryfirst=True)
def pytest_runtest_makereport(item, call):
    report = yield
    setattr(item, f"report_{report.when}", report)
    return report


@pytest.fixture(autouse=True)
def browser_deadline(request) -> Iterator[None]:
    """Fail a browser test that runs past its ``timeout`` (marker keyword, seconds)."""
    marker = request.node.get_closest_marker("browser")
    if marker is None:
        yield
        return
    seconds = int(marker.kwargs.get("timeout", DEFAULT_TIMEOUT_S))

    def out_of_time(signum, frame):
        pytest.fail(f"{request.node.name} ran past its {seconds} s timeout", pytrace=True)

    previous = signal.signal(signal.SIGALRM, out_of_time)
    signal.alarm(seconds)
    try:
        yield
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, previous)


@pytest.fixture(scope="session")
def jupyter_server(tmp_path_factory) -> Iterator[JupyterServer]:
    """A private JupyterLab, offline and quiet, stopped (with its kernels) at the end."""
    if not BUNDLE.exists() or BUNDLE.stat().st_size == 0:
        pytest.fail(f"{BUNDLE.relative_to(REPO_ROOT)} is missing: run `npm ci && npm run build` first")
    server = JupyterServer(tmp_path_factory.mktemp("jupyter"), settings=SERVER_SETTINGS).start()
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture(scope="session")
def chromium() -> Iterator[object]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def browser_context(chromium) -> Iterator[object]:
    """One context for the session, so JupyterLab's scripts load from the cache after the
    first test."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture
def page(browser_context, jupyter_server, request) -> Iterator[object]:
    """A fresh browser page; on failure its screenshot goes to tests/artifacts/failed-<test>.png."""
    page = browser_context.new_page()
    try:
        yield page
    finally:
        call = getattr(request.node, "report_call", None)
        if call is not None and call.failed:
            ARTIFACTS.mkdir(parents=True, exist_ok=True)
            name = re.sub(r"[^\w.-]+", "_", request.node.name)
            try:
                page.screenshot(path=ARTIFACTS / f"failed-{name}.png")
            except Exception as error:  # the page may be what broke; keep the test's own failure
                print(f"no failure screenshot: {error}")
        page.close()
        jupyter_server.shutdown_kernels()


@pytest.fixture
def open_notebook(page, jupyter_server, request):
    """``open_notebook(cells, ui="lab")``: write a notebook of these code cells, open it,
    run every cell and return its ``NotebookPage``."""

    def open_it(cells: list[str], ui: str = "lab", name: str | None = None) -> NotebookPage:
        name = name or re.sub(r"[^\w-]+", "_", request.node.name) + ".ipynb"
        write_notebook(jupyter_server.root_dir / name, cells)
        notebook = NotebookPage(page, jupyter_server, ui=ui).open(name)
        notebook.run_all()
        return notebook

    return open_it


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
