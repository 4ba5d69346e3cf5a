"""A tutorial page of the built documentation site draws its boards from the saved widget
state, served from a local folder on loopback with every other request refused: require.js,
the html-manager and anywidget's front end all come from the site itself (docs/conf.py,
docs/_ext/offline_widgets.py), never from a CDN.
"""

from __future__ import annotations

import functools
import http.server
import re
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from playwright.sync_api import Route, expect


class _QuietHandler(http.server.SimpleHTTPRequestHandler):
    def log_message(self, format: str, *args: object) -> None:
        pass


@pytest.fixture(scope="module")
def served_site(docs_site) -> Iterator[str]:
    """The site (built once per run) served on 127.0.0.1; yields its base URL."""
    handler = functools.partial(_QuietHandler, directory=str(docs_site / "html"))
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), handler)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}"
    finally:
        server.shutdown()
        thread.join()


@pytest.mark.browser(timeout=1500)
def test_a_tutorial_page_draws_its_boards_offline(served_site, browser_context, artifacts):
    page = browser_context.new_page()
    elsewhere: list[str] = []

    def refuse(route: Route) -> None:
        elsewhere.append(route.request.url)
        route.abort()

    page.route(re.compile(r"^(?!http://127\.0\.0\.1:)[a-z]+://"), refuse)
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    try:
        page.goto(f"{served_site}/tutorials/play.html")
        boards = page.locator("[data-version]")
        # play.ipynb shows three boards: Klondike, Father and Following
        expect(boards).to_have_count(3)
        for board in boards.all():
            expect(board.locator("[data-pile]").first).to_be_visible()
            expect(board.locator("[data-card]")).to_have_count(52)
        games = [board.locator('[data-control="game"]').input_value() for board in boards.all()]
        assert games == ["klondike", "father", "following"]
        page.screenshot(path=Path(artifacts) / "docs-tutorial-play.png", animations="disabled")
    finally:
        page.close()
    assert elsewhere == [], f"the page asked another host for: {elsewhere}"
    assert errors == [], f"the page raised: {errors}"
