"""The JupyterLite site (``./run lite``, ``lite/build.py``): the play notebook runs in the
browser on Pyodide, served from a folder on loopback with no other network, and a visitor
plays a move and gets a hint there.

Every request the page (or its workers) makes to anything but the loopback server is
aborted and counted, so a file the site would fetch from a CDN fails the test; the server
notes what it served, so the test also sees that Pyodide and the package came from the site.
The site is built once for the module (about a minute), or taken from
``SOLITAIRE_WIDGET_LITE_SITE`` when a build made earlier is named there.
"""

from __future__ import annotations

import functools
import os
import re
import subprocess
import sys
import threading
import time
from collections.abc import Iterator
from http.server import SimpleHTTPRequestHandler, ThreadingHTTPServer
from pathlib import Path

import pytest
from app_server import screenshot_on_failure
from harness import REPO_ROOT
from playwright.sync_api import Page, Route, expect

pytestmark = pytest.mark.browser

SITE_VARIABLE = "SOLITAIRE_WIDGET_LITE_SITE"
VIEWPORT = {"width": 1400, "height": 1000}
START_MS = 600_000
"""A guard, not a wait: Pyodide, its packages and the first cells take a minute or two here."""


class SiteServer(ThreadingHTTPServer):
    """Serves one folder on 127.0.0.1 and keeps the paths it served."""

    def __init__(self, folder: Path) -> None:
        self.served: list[str] = []
        handler = functools.partial(_Handler, directory=str(folder))
        super().__init__(("127.0.0.1", 0), handler)
        self.url = f"http://127.0.0.1:{self.server_port}/"


class _Handler(SimpleHTTPRequestHandler):
    # Module scripts and WebAssembly need their types, whatever this machine's mime.types says.
    extensions_map = {".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:
        self.server.served.append(self.path.split("?")[0])  # type: ignore[attr-defined]


@pytest.fixture(scope="module")
def lite_site(tmp_path_factory, pure_wheel) -> Path:
    named = os.environ.get(SITE_VARIABLE)
    if named:
        return Path(named)
    wheel, _ = pure_wheel  # the suite's one pure-Python wheel
    site = tmp_path_factory.mktemp("lite") / "site"
    build = subprocess.run(
        [sys.executable, str(REPO_ROOT / "lite" / "build.py"), "--output", str(site), "--wheel", str(wheel)],
        capture_output=True,
        text=True,
    )
    assert build.returncode == 0, build.stdout + build.stderr
    return site


@pytest.fixture(scope="module")
def site_server(lite_site) -> Iterator[SiteServer]:
    server = SiteServer(lite_site)
    thread = threading.Thread(target=server.serve_forever, name="lite-site", daemon=True)
    thread.start()
    try:
        yield server
    finally:
        server.shutdown()
        server.server_close()


@pytest.fixture
def offline_page(chromium, site_server, request) -> Iterator[tuple[Page, list[str]]]:
    """A page of its own whose every request off the loopback server is aborted; the list of
    those requests."""
    context = chromium.new_context(viewport=VIEWPORT)
    context.set_default_timeout(30_000)
    blocked: list[str] = []

    def only_loopback(route: Route) -> None:
        if route.request.url.startswith(site_server.url):
            route.continue_()
        else:
            blocked.append(route.request.url)
            route.abort()

    context.route("**/*", only_loopback)
    page = context.new_page()
    try:
        yield page, blocked
    finally:
        context.close()


STDERR = ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
"""A cell's output on stderr, where its traceback shows."""


def cell_errors(page: Page) -> list[str]:
    """The tracebacks the notebook's cells showed."""
    outputs = page.locator(STDERR)
    return [text for text in outputs.all_inner_texts() if "Error" in text or "Traceback" in text]


@pytest.mark.browser(timeout=900)
def test_the_play_notebook_runs_plays_and_hints_offline(offline_page, site_server, artifacts):
    page, blocked = offline_page
    with screenshot_on_failure(page, artifacts / "failed-lite.png"):
        navigated = time.perf_counter()
        page.goto(f"{site_server.url}lab/index.html?path=play.ipynb")
        page.locator(".jp-NotebookPanel .jp-Notebook .jp-CodeCell").first.wait_for()
        page.wait_for_function(
            "() => /Idle/.test(document.querySelector('.jp-Notebook-ExecutionIndicator')?.textContent || '')"
        )

        # The Run menu acts on the current notebook: until JupyterLite has made the notebook
        # current, its Run All is greyed out and a click on it does nothing. A click on the
        # first cell's prompt makes it current; the item is clicked once it is enabled.
        prompts = page.locator(".jp-Notebook .jp-CodeCell .jp-InputArea-prompt")
        prompts.first.click()
        ran = time.perf_counter()
        page.locator(".lm-MenuBar-item", has_text=re.compile("^Run$")).click()
        run_all = page.locator(".lm-Menu:visible .lm-Menu-item", has_text=re.compile("^Run All Cells"))
        expect(run_all).not_to_have_class(re.compile(r"\blm-mod-disabled\b"), timeout=30_000)
        run_all.click()
        # JupyterLab marks a cell [*] as soon as its run is asked for, before the kernel answers.
        expect(prompts.first).to_have_text(re.compile(r"^\[(\*|\d+)\]:$"), timeout=30_000)
        board = page.locator("[data-version]").first
        # The board, or a cell's traceback: a failing cell ends the wait at once, with its words.
        page.wait_for_function(
            f"""() => document.querySelector('[data-version] [data-pile]') !== null ||
                [...document.querySelectorAll("{STDERR}")]
                    .some((el) => /Error|Traceback/.test(el.innerText))""",
            timeout=START_MS,
        )
        assert cell_errors(page) == []
        shown = time.perf_counter()
        print(f"first board {shown - navigated:.1f} s after navigation, {shown - ran:.1f} s after Run All")
        page.wait_for_function(
            "prompts => prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()))",
            arg=prompts.element_handles(),
            timeout=START_MS,
        )
        assert cell_errors(page) == []
        assert not page.evaluate("() => document.body.innerText.includes('No module named')")

        # A move: the stock turns a card over, and the kernel's new state comes back. (Counted on
        # the stock: the notebook turned safe autoplay on, which may send the drawn card home.)
        version = int(board.get_attribute("data-version"))
        stock = board.locator("[data-pile='stock'] [data-card]")
        before = stock.count()
        assert before > 0
        board.locator("[data-pile='stock']").click()
        expect(board).not_to_have_attribute("data-version", str(version))
        expect(stock).to_have_count(before - 1)

        # A hint: the solver's, the default in a browser (the fair one samples too long in pure
        # Python), in pure Python here.
        board.locator("[data-action='options']").click()
        expect(board.locator(".sw-menu-panel [data-control='hint-mode']")).to_have_value("solver")
        board.locator("[data-action='options']").click()
        expect(board.locator("[data-action='hint']")).to_have_attribute(
            "title", re.compile("sees every card")
        )
        board.locator("[data-action='hint']").click()
        expect(board.locator("[data-pile][data-hint='source']")).to_have_count(1, timeout=120_000)
        expect(board.locator(".sw-hint-text")).not_to_be_empty()
        board.scroll_into_view_if_needed()
        page.screenshot(path=artifacts / "lite.png")

    assert blocked == [], f"requests off the loopback server: {blocked}"
    served = site_server.served
    assert "/static/pyodide/pyodide.asm.wasm" in served and "/static/pyodide/pyodide-lock.json" in served
    ours = re.compile(r"/static/pyodide/solitaire_widget-.*-py3-none-any\.whl")
    assert any(ours.fullmatch(path) for path in served)
