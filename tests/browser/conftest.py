"""Fixtures for the end-to-end tests: one JupyterLab server, one Chromium and one page
running JupyterLab for the session (each test opens its own notebook in it, and the page is
emptied afterwards), pages of a test's own when it needs them, a per-test deadline, and a
screenshot of every page of a failed test.

Each test marks itself ``@pytest.mark.browser(timeout=seconds)``.
"""

from __future__ import annotations

import re
import signal
from collections.abc import Iterator
from pathlib import Path

import pytest
from harness import REPO_ROOT, JupyterServer, NotebookPage, launch_chromium, write_notebook
from playwright.sync_api import Browser, BrowserContext, ConsoleMessage, Page, sync_playwright
from playwright.sync_api import Error as PlaywrightError

ARTIFACTS = REPO_ROOT / "tests" / "artifacts"
BUNDLE = REPO_ROOT / "solitaire_widget" / "static" / "widget.js"
DEFAULT_TIMEOUT_S = 120
# One wait in the page (a render, a kernel answer) on a loaded 2-core machine.
STEP_TIMEOUT_MS = 30_000
VIEWPORT = {"width": 1400, "height": 1000}

# Saving a notebook stores the widgets' state in it, so a reopened notebook shows its board
# before any cell runs again. Everything else is JupyterLab's default, comms over kernel
# subshells included: board intents then run on a subshell thread beside the cells.
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
def chromium() -> Iterator[Browser]:
    with sync_playwright() as playwright:
        browser = launch_chromium(playwright)
        try:
            yield browser
        finally:
            browser.close()


@pytest.fixture(scope="session")
def browser_context(chromium) -> Iterator[BrowserContext]:
    """One context for the session, so JupyterLab's scripts load from the cache after the
    first page."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(STEP_TIMEOUT_MS)
    try:
        yield context
    finally:
        context.close()


@pytest.fixture(scope="session")
def lab_page(browser_context, jupyter_server) -> Iterator[Page]:
    """A page running JupyterLab; tests open their notebooks in it, one at a time."""
    page = browser_context.new_page()
    load_jupyterlab(page, jupyter_server)
    try:
        yield page
    finally:
        page.close()


@pytest.fixture
def page(lab_page, jupyter_server, request) -> Iterator[Page]:
    """The JupyterLab page, emptied after the test. When the test fails, a screenshot goes
    to tests/artifacts/failed-<test>.png and the page loads JupyterLab afresh."""
    try:
        yield lab_page
    finally:
        if failed_test(request):
            save_failure_screenshot(lab_page, f"failed-{node_file_name(request)}.png")
            load_jupyterlab(lab_page, jupyter_server)
        else:
            NotebookPage(lab_page, jupyter_server).close_all()
        jupyter_server.shutdown_kernels()


@pytest.fixture
def new_page(browser_context, jupyter_server, request):
    """``new_page()``: a blank page of the test's own (Notebook 7, or JupyterLab loaded
    afresh), closed after the test, with a screenshot when the test fails."""
    pages = []

    def make():
        pages.append(browser_context.new_page())
        return pages[-1]

    try:
        yield make
    finally:
        for number, extra in enumerate(pages):
            if failed_test(request):
                save_failure_screenshot(extra, f"failed-{node_file_name(request)}-page{number}.png")
            extra.close()
        jupyter_server.shutdown_kernels()


def load_jupyterlab(page: Page, server: JupyterServer) -> None:
    """Load JupyterLab, with no document open, and wait until it has started."""
    page.goto(server.url("lab?reset"))
    page.wait_for_function("() => window.jupyterapp !== undefined")
    page.evaluate("() => window.jupyterapp.restored")


def failed_test(request) -> bool:
    call = getattr(request.node, "report_call", None)
    return call is not None and call.failed


def node_file_name(request) -> str:
    return re.sub(r"[^\w.-]+", "_", request.node.name)


def save_failure_screenshot(page: Page, name: str) -> None:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    try:
        page.screenshot(path=ARTIFACTS / name)
    except PlaywrightError as error:  # the page may be what broke; keep the test's own failure
        print(f"no failure screenshot {name}: {error}")


@pytest.fixture
def open_notebook(page, new_page, jupyter_server, request):
    """``open_notebook(cells, ui="lab")``: write a notebook of these code cells, open it in
    JupyterLab (or, with ``ui="notebook"``, in Notebook 7 on a page of its own), run every
    cell and return its ``NotebookPage``."""

    def open_it(cells: list[str], ui: str = "lab") -> NotebookPage:
        name = re.sub(r"[^\w-]+", "_", request.node.name) + ".ipynb"
        write_notebook(jupyter_server.root_dir / name, cells)
        shown = page if ui == "lab" else new_page()
        notebook = NotebookPage(shown, jupyter_server, ui=ui).open(name)
        notebook.run_all()
        return notebook

    return open_it


@pytest.fixture(scope="session")
def artifacts() -> Path:
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


@pytest.fixture
def page_errors(page: Page) -> Iterator[list[str]]:
    """Every uncaught exception and console error of the page while the test runs."""
    errors: list[str] = []

    def on_page_error(error: Exception) -> None:
        errors.append(f"uncaught: {error}")

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text}")

    page.on("pageerror", on_page_error)
    page.on("console", on_console)
    try:
        yield errors
    finally:
        page.remove_listener("pageerror", on_page_error)
        page.remove_listener("console", on_console)
