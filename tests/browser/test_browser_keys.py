"""Keys pressed on the board stay in the board: JupyterLab's command-mode shortcuts (x cuts
the cell, m makes it Markdown, b adds a cell, 0 0 restarts the kernel) never fire from it,
and Escape hands the focus back to the notebook."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from harness import KLONDIKE_SEED_3, NotebookPage
from playwright.sync_api import expect

KEYBOARD_JS = Path(__file__).parents[2] / "js" / "keyboard.js"
KEY_TABLE_ROWS = len(
    re.findall(r"^  \[", KEYBOARD_JS.read_text().split("KEY_TABLE = [")[1].split("\n];")[0], re.M)
)
"""The rows the key table shows: the entries of ``KEY_TABLE`` in js/keyboard.js, one a line."""

# Every command-mode shortcut a player could hit on the board, the board's own letters among
# them (a: auto-move, d: demo), and Shift with a letter (Shift+Q, Shift+X; M and V are the
# board's own: a highlight, an arrow).
# The board takes one intent per state it shows, so the test waits for the state a and d bring.
BEFORE_AUTOPLAY = ["q", "x", "b", "j", "y", "z"]
AFTER_DEMO = ["0", "0", "Shift+Q", "Shift+X", "y", "j", "k"]

READ_NOTEBOOK = """() => {
    const notebook = window.jupyterapp.shell.currentWidget.content;
    return {
        cells: notebook.widgets.map(cell => [cell.model.type, cell.model.sharedModel.getSource()]),
        active: notebook.activeCellIndex,
    };
}"""


def notebook_contents(notebook: NotebookPage) -> dict:
    return notebook.page.evaluate(READ_NOTEBOOK)


@pytest.mark.browser(timeout=150)
def test_letter_keys_on_the_board_leave_the_notebook_alone(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3, "kernel_mark = 'still here'"])
    root = notebook.wait_for_widget()
    stop = root.locator(".sw-toolbar [data-action='stop']")
    notebook.pile("tableau/6").focus()
    before = notebook_contents(notebook)  # focus on the board made its cell the active one
    for key in BEFORE_AUTOPLAY:
        notebook.page.keyboard.press(key)
    version = notebook.version()
    notebook.page.keyboard.press("a")  # the ace of spades goes home
    notebook.wait_for_version(version)
    notebook.page.keyboard.press("d")
    for key in AFTER_DEMO:
        notebook.page.keyboard.press(key)
    # d started the demo (seed 3 is winnable and the demo plays a move every half second).
    expect(stop).to_be_visible()
    assert notebook.focused_pile() is not None
    notebook.page.screenshot(path=artifacts / "keys-stay-in-board.png")

    # Escape stops the demo; the focus stays on the board.
    notebook.page.keyboard.press("Escape")
    expect(stop).to_be_hidden()
    assert notebook.focused_pile() is not None

    # Nothing reached the notebook: the same cells, of the same kinds, the same cell active.
    assert notebook_contents(notebook) == before
    assert notebook.notebook.locator("[data-version]").count() == 1

    # With nothing to cancel, Escape leaves the board for the notebook, in command mode.
    notebook.page.keyboard.press("Escape")
    where = notebook.page.evaluate(
        """() => {
            const active = document.activeElement;
            return {
                inWidget: Boolean(active.closest('[data-version]')),
                inNotebook: Boolean(active.closest('.jp-Notebook')),
                commandMode: Boolean(document.querySelector('.jp-Notebook.jp-mod-commandMode')),
            };
        }"""
    )
    assert where == {"inWidget": False, "inNotebook": True, "commandMode": True}

    # The kernel was not restarted by 0 0, and the board agrees with Python.
    assert notebook.python_json("kernel_mark") == "still here"
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_a_new_deal_over_a_game_in_progress_asks_first(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    version = notebook.version()
    notebook.click_pile("stock")
    version = notebook.wait_for_version(version)
    dialog = root.locator(".sw-confirm")

    # n on the board asks; Escape keeps the game, and the focus goes back to the board.
    notebook.pile("tableau/0").focus()
    notebook.page.keyboard.press("n")
    expect(dialog).to_be_visible()
    expect(dialog).to_contain_text("This game (1 move) will be abandoned")
    root.screenshot(path=artifacts / "confirm-new-deal.png", animations="disabled")
    notebook.page.keyboard.press("Escape")
    expect(dialog).to_be_hidden()
    assert notebook.focused_pile() == "tableau/0"

    # The chooser asks too; keeping the game puts the chooser back.
    chooser = root.locator("[data-control='game']")
    chooser.select_option("father")
    expect(dialog).to_be_visible()
    root.locator("[data-action='keep_playing']").click()
    expect(chooser).to_have_value("klondike")
    assert notebook.python_json("[str(m) for m in w.game.history]") == ["s>w"]

    # New game, then New deal: dealt.
    root.locator(".sw-toolbar [data-action='new']").click()
    root.locator("[data-action='confirm_deal']").click()
    notebook.wait_for_version(version)
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == []
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_the_keys_open_as_a_table_beside_their_button_on_screen_in_a_small_window(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    notebook.page.set_viewport_size({"width": 800, "height": 900})
    try:
        button = root.locator(".sw-toolbar [data-action='help']")
        button.click()
        table = root.locator(".sw-keyhelp")
        expect(table).to_be_visible()
        expect(table.locator("tr")).to_have_count(KEY_TABLE_ROWS)
        box, near, board = table.bounding_box(), button.bounding_box(), root.bounding_box()
        assert board["x"] <= box["x"] and box["x"] + box["width"] <= board["x"] + board["width"], box
        assert box["y"] + box["height"] <= 900, box
        assert 0 <= box["y"] - (near["y"] + near["height"]) <= 16, "the table opens just under its button"
        root.screenshot(path=artifacts / "keys-800x900.png", animations="disabled")
        button.click()
        expect(table).to_be_hidden()
    finally:
        notebook.page.set_viewport_size({"width": 1400, "height": 1000})
    assert page_errors == []
