"""A notebook saved with its widget state shows the board and its move list with no kernel at all.

JupyterLab itself cannot do this (jupyterlab_widgets 3.0 reads the saved widget state only
after a kernel connection exists: with "No Kernel" the output stays at "Loading widget...",
a limit of its widget manager). The kernel-less route is the static one every notebook viewer uses:
``jupyter nbconvert --to html`` writes the saved widget state into the page, and
@jupyter-widgets/html-manager draws the widgets from it, loading the anywidget front end
(which then runs the widget's own ``_esm`` from the state). The page asks CDNs for those
scripts; this machine is offline, so the test answers them from the npm packages in
node_modules (devDependencies of the root package.json) and refuses every other request.
"""

from __future__ import annotations

import mimetypes
import re
import subprocess
import sys
from pathlib import Path

import pytest
from harness import (
    REPO_ROOT,
    assert_a_picture,
    save_after_one_move,
    shown_piles,
)
from playwright.sync_api import Page, Route, expect
from playwright.sync_api import TimeoutError as PlaywrightTimeout

NODE_MODULES = REPO_ROOT / "node_modules"
# The exported page loads require.js from cdnjs and npm packages from unpkg / jsdelivr as
# https://<cdn>/<package>@<semver range>/<file>.
REQUIRE_JS = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/require\.js/[^/]+/require(\.min)?\.js$")
NPM_CDN_FILE = re.compile(
    r"^https://(?:unpkg\.com|cdn\.jsdelivr\.net/npm)/(?P<package>(?:@[^/@]+/)?[^/@]+)@[^/]+/(?P<file>[^?#]+)"
)
# MathJax typesets LaTeX; the notebook has none, and the board does not depend on it.
OPTIONAL = re.compile(r"^https://cdnjs\.cloudflare\.com/ajax/libs/mathjax/")


class OfflineCdn:
    """Answers the exported page's CDN requests from node_modules; records every request
    it could not answer (besides the optional ones) so the test can fail on them."""

    def __init__(self) -> None:
        self.served: list[str] = []
        self.missing: list[str] = []

    def local_file(self, url: str) -> Path | None:
        if REQUIRE_JS.match(url):
            return NODE_MODULES / "requirejs" / "require.js"
        match = NPM_CDN_FILE.match(url)
        if match:
            return NODE_MODULES / match["package"] / match["file"]
        return None

    def answer(self, route: Route) -> None:
        url = route.request.url
        path = self.local_file(url)
        if path is not None and path.is_file():
            self.served.append(url)
            content_type = mimetypes.guess_type(path.name)[0] or "application/octet-stream"
            route.fulfill(path=path, content_type=content_type)
            return
        if not OPTIONAL.match(url):
            self.missing.append(url)
        route.abort()


def export_html(notebook: Path) -> Path:
    """``jupyter nbconvert --to html`` of ``notebook``; the page written next to it."""
    subprocess.run(
        [sys.executable, "-m", "jupyter", "nbconvert", "--to", "html", str(notebook)],
        check=True,
        capture_output=True,
        timeout=120,
    )
    return notebook.with_suffix(".html")


def read_static_board(page: Page) -> dict:
    """The board the exported page drew: its version and every pile with its cards."""
    return page.locator("[data-version]").evaluate(
        """root => ({
            version: Number(root.dataset.version),
            piles: Object.fromEntries([...root.querySelectorAll('[data-pile]')].map(pile =>
                [pile.dataset.pile, [...pile.querySelectorAll('[data-card]')].map(c => c.dataset.card)])),
        })"""
    )


@pytest.mark.browser(timeout=180)
def test_a_saved_notebook_shows_its_board_without_a_kernel(page, new_page, jupyter_server, artifacts):
    """Play a move, save the notebook with its widget state, stop every kernel, export it to
    HTML and open that page: the board drawn from the saved state alone is the saved one."""
    name = "static_export.ipynb"
    notebook, played, saved = save_after_one_move(page, jupyter_server, name)
    path = jupyter_server.root_dir / name
    notebook.close_all()
    jupyter_server.shutdown_kernels()

    exported = export_html(path)
    cdn = OfflineCdn()
    static = new_page()
    static.route(re.compile(r"^https?://"), cdn.answer)
    errors: list[str] = []
    static.on("pageerror", lambda error: errors.append(str(error)))
    static.goto(exported.as_uri())
    root = static.locator("[data-version]")
    try:
        root.locator("[data-pile]").first.wait_for()
    except PlaywrightTimeout:
        raise AssertionError(
            f"the exported page drew no board; scripts it lacked: {cdn.missing}; errors: {errors}"
        ) from None

    shown = read_static_board(static)
    assert shown["version"] == saved["version"] == played["version"]
    assert shown["piles"] == shown_piles(saved["position"])
    assert root.locator("[data-card]").count() == 52
    moves = root.locator("[data-timeline] [data-ply]")
    expect(moves).to_have_count(2)  # the deal and the one move, from the saved state alone
    expect(moves.nth(1)).to_have_attribute("aria-current", "step")
    expect(moves.nth(1)).to_contain_text("turn one card from the stock")
    assert_a_picture(root)
    assert not cdn.missing, f"the exported page asked for scripts node_modules lacks: {cdn.missing}"
    assert not errors, f"the exported page raised: {errors}"
    assert jupyter_server.api("GET", "api/kernels") == []
    static.screenshot(path=artifacts / "static-export.png", animations="disabled")
