"""notebooks/play_marimo.py as a marimo app (``marimo run``) in Chromium: the board drawn
through marimo's anywidget support, a move played on it, the board's own hint, and the cells
that read the game following each new state. The page may load nothing but what the local
server sends."""

from __future__ import annotations

import re
import sys
from collections.abc import Iterator

import pytest
from app_server import AppServer, keep_on_loopback, own_page
from harness import REPO_ROOT
from playwright.sync_api import Page, expect

NOTEBOOK = REPO_ROOT / "notebooks" / "play_marimo.py"
SEED = 3  # the deal puts 3♣ in the waste; the first card drawn is J♦


@pytest.fixture
def marimo_app(tmp_path) -> Iterator[AppServer]:
    server = AppServer(
        tmp_path, "marimo", env={"SOLITAIRE_WIDGET_SEED": str(SEED), "MARIMO_SKIP_UPDATE_CHECK": "1"}
    )
    command = [sys.executable, "-m", "marimo", "run", str(NOTEBOOK), "--headless", "--no-sandbox"]
    # --no-token: the page opens without a login, as `marimo run` does by default.
    command += ["--host=127.0.0.1", f"--port={server.port}", "--no-token"]
    server.start(command)
    try:
        yield server
    finally:
        server.stop()


def moves_played(page: Page):
    return page.locator("[data-moves-played]")


def board(page: Page):
    """The board's root element (marimo's page has a data-version of its own)."""
    return page.locator(".sw-root[data-version]")


def version(page: Page) -> int:
    return int(board(page).get_attribute("data-version"))


def wait_for_version(page: Page, after: int) -> None:
    page.wait_for_function(
        "([root, after]) => Number(root.dataset.version) > after",
        arg=[board(page).element_handle(), after],
    )


@pytest.mark.browser(timeout=240)
def test_the_marimo_app_plays_on_the_board_and_its_cells_follow(marimo_app, browser_context, artifacts):
    with own_page(browser_context, artifacts / "failed-marimo.png") as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        refused = keep_on_loopback(page)
        page.goto(marimo_app.base_url + "/")
        page.locator('[data-pile="stock"]').wait_for()
        expect(moves_played(page)).to_have_attribute("data-moves-played", "0")
        waste = page.locator('[data-pile="waste"] [data-card]')
        expect(waste.last).to_have_attribute("data-card", "3C")
        # The app shows outputs only: none of the notebook's code reaches the page.
        assert "import solitaire_widget" not in page.locator("body").inner_text()

        before = version(page)
        page.locator('[data-pile="stock"] [data-card]').last.click()
        wait_for_version(page, before)
        expect(waste.last).to_have_attribute("data-card", "JD")
        expect(moves_played(page)).to_have_attribute("data-moves-played", "1")
        # The cell's own words for the move (the board's move list says it too).
        expect(page.locator(".markdown li", has_text="turn one card from the stock")).to_be_visible()

        # An undo is no move, but the board's state changes all the same: the cells follow it.
        before = version(page)
        page.locator(".sw-toolbar [data-action='undo']").click()
        wait_for_version(page, before)
        expect(moves_played(page)).to_have_attribute("data-moves-played", "0")

        # The board's own hint is searched in the widget's worker process and comes back on
        # a thread of its own: marimo passes on what such a thread sends too.
        board(page).locator("[data-action='hint']").click()
        expect(board(page).locator("[data-pile][data-hint='source']")).to_have_count(1, timeout=60_000)
        expect(board(page).locator(".sw-hint-text")).not_to_have_text("Thinking\u2026")

        page.get_by_role("switch").click()
        expect(page.get_by_text(re.compile(r"^Hint: \S"))).to_be_visible()

        page.screenshot(path=artifacts / "marimo.png", full_page=True, animations="disabled")
        assert refused == [], f"the page asked for more than the local server: {refused}"
        assert errors == []
