"""notebooks/lesson_app.ipynb as a Voila app in Chromium: the lesson's board and move list
with no code on the page, drawn with nothing but what the local server sends, and the
lesson's first moves found on the board."""

from __future__ import annotations

import sys
from collections.abc import Iterator

import nbformat
import pytest
from app_server import AppServer, keep_on_loopback, own_page
from harness import REPO_ROOT
from playwright.sync_api import Page, expect

from solitaire_widget import Move

NOTEBOOK = REPO_ROOT / "notebooks" / "lesson_app.ipynb"
FIRST_MOVES = 2  # the second move of the lesson has a comment to show


@pytest.fixture
def voila_app(tmp_path) -> Iterator[AppServer]:
    server = AppServer(tmp_path, "voila")
    # Voila asks for no token unless told to (--token).
    command = [sys.executable, "-m", "voila", str(NOTEBOOK), "--no-browser", f"--port={server.port}"]
    server.start([*command, "--Voila.ip=127.0.0.1"])
    try:
        yield server
    finally:
        server.stop()


@pytest.fixture
def lesson_start(monkeypatch) -> tuple[list[Move], str]:
    """The lesson's first moves and the teacher's comment after them, learnt as the app
    learns them: by running the notebook's code (here, in this process)."""
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
    notebook = nbformat.read(NOTEBOOK, as_version=4)
    names: dict = {}
    for cell in notebook.cells:
        if cell.cell_type == "code":
            exec(cell.source, names)
    board, lesson = names["board"], names["lesson"]
    try:
        assert lesson.expected(board.game) == lesson.source.line[0]
        return list(lesson.source.line[:FIRST_MOVES]), lesson.source.annotations[FIRST_MOVES]
    finally:
        board.close()


def board(page: Page):
    return page.locator(".sw-root[data-version]")


def version(page: Page) -> int:
    return int(board(page).get_attribute("data-version"))


def play(page: Page, move: Move) -> None:
    """Click the move's card (on its visible top strip), then the pile it goes to, and wait
    until the board shows the answer."""
    before = version(page)
    source = page.locator(f'[data-pile="{move.source}"] [data-card]')
    card = source.nth(source.count() - move.count)
    card.click(position={"x": card.bounding_box()["width"] / 2, "y": 8})
    target = page.locator(f'[data-pile="{move.target}"]')
    cards = target.locator("[data-card]")
    (cards.last if cards.count() else target).click()
    page.wait_for_function(
        "([root, before]) => Number(root.dataset.version) > before",
        arg=[board(page).element_handle(), before],
    )


@pytest.mark.browser(timeout=240)
def test_the_voila_lesson_shows_the_board_alone_and_takes_the_right_moves(
    voila_app, lesson_start, browser_context, artifacts
):
    moves, comment = lesson_start
    with own_page(browser_context, artifacts / "failed-voila.png") as page:
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        refused = keep_on_loopback(page)
        page.goto(voila_app.base_url + "/")
        board(page).locator("[data-pile]").first.wait_for()
        panel = board(page).locator(".sw-lesson")
        expect(panel).to_contain_text("found 0")
        expect(board(page).locator("[data-timeline]")).to_be_visible()

        # Voila shows outputs and text only: no editor, no code, no source.
        assert page.locator(".jp-CodeCell .jp-InputArea, .cm-editor, .CodeMirror, pre").count() == 0
        shown = page.locator("body").inner_text()
        assert "import solitaire_widget" not in shown and "OPENING" not in shown

        for found, move in enumerate(moves, 1):
            play(page, move)
            expect(panel).to_contain_text(f"found {found}")
            expect(board(page).locator(f'[data-timeline] [data-ply="{found}"]')).to_be_visible()
        expect(panel).to_contain_text(comment)
        for move in moves:
            expect(board(page).locator(f'[data-pile="{move.target}"] [data-card]')).to_have_count(1)

        page.screenshot(path=artifacts / "voila.png", full_page=True, animations="disabled")
        assert errors == []
        # Voila's page template links Font Awesome's style sheets from a CDN; the board
        # needs none of its icons, so the page is complete without them.
        assert all("fontawesome" in url for url in refused), refused
