"""A board whose kernel restarts or shuts down says so at once: it greys, its clock stops, its
controls go off and it says to run the cell again, learnt from the widget framework (the
comm gone, the kernel's status), not from a request left unanswered. A click on it then
moves nothing and sends nothing. Running the cell again gives a board that plays.
Screenshots in tests/artifacts/. Every wait is on the page or the kernel.
"""

from __future__ import annotations

import re

import pytest
from harness import KLONDIKE_SEED_3, NotebookPage
from playwright.sync_api import Locator, expect

GONE_WORDS = (
    "The kernel behind this board restarted or shut down, so the board no longer plays. "
    "Run the cell again to play."
)


def choose_from_the_kernel_menu(notebook: NotebookPage, item: str) -> None:
    """Kernel > ``item``, and its confirmation when JupyterLab asks for one."""
    notebook.menu("Kernel", item)
    dialog = notebook.page.locator(".jp-Dialog")
    if item.startswith("Restart"):
        dialog.locator("button", has_text=re.compile(r"^Restart$")).click()
        expect(dialog).to_have_count(0)


def expect_gone(notebook: NotebookPage, root: Locator) -> None:
    """The board shows that its kernel went: grey, its note, every control off, nothing held."""
    expect(root).to_have_attribute("data-kernel", "gone")
    expect(root.locator(".sw-no-kernel")).to_have_text(GONE_WORDS)
    expect(root.locator(".sw-no-kernel")).to_be_visible()
    assert root.locator(".sw-felt").evaluate("felt => getComputedStyle(felt).filter") == "grayscale(1)"
    controls = root.locator("button:visible, select:visible, input:visible")
    assert controls.count() > 5
    enabled = [
        controls.nth(i).get_attribute("data-action")
        for i in range(controls.count())
        if controls.nth(i).is_enabled()
    ]
    assert enabled == [], f"controls still enabled: {enabled}"
    expect(root).not_to_have_class(re.compile(r"\bsw-waiting\b"))
    expect(root.locator(".sw-card--held, .sw-card--dragging")).to_have_count(0)


def click_about(notebook: NotebookPage, root: Locator) -> None:
    """Clicks and a drag on a board whose kernel went: nothing moves, nothing is held, nothing
    is sent (the page's errors and the kernel stay quiet), and the board says why."""
    before = notebook.board()
    notebook.click_pile("stock")
    notebook.click_move("tableau/3", "tableau/1")
    notebook.drag_move("waste", "tableau/0")
    root.locator("[data-timeline] [data-ply='0']").click()
    expect(root.locator("[aria-live]")).to_have_text(re.compile("^" + re.escape(GONE_WORDS)))
    expect(root.locator(".sw-card--held, .sw-card--dragging, .sw-pile--hover")).to_have_count(0)
    assert notebook.board() == before
    assert root.get_attribute("data-pending") is None


@pytest.mark.browser(timeout=180)
def test_a_board_greys_at_once_when_its_kernel_restarts(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    expect(root).to_have_attribute("data-kernel", "live")
    expect(root.locator(".sw-no-kernel")).to_be_hidden()
    notebook.click_pile("stock")
    notebook.wait_for_version(0)
    notebook.assert_board_matches_python()
    clock = root.locator(".sw-clock")

    choose_from_the_kernel_menu(notebook, "Restart Kernel…")
    expect_gone(notebook, root)
    stopped = clock.text_content()
    root.screenshot(path=artifacts / "kernel-restarted.png", animations="disabled")
    click_about(notebook, root)
    # The new kernel holds no board: nothing the old one did reached it.
    notebook.wait_for_kernel_idle(notebook.name)
    assert notebook.python_json("'w' in globals()") is False
    assert clock.text_content() == stopped, "the clock of a board without a kernel stands still"

    # Running the cell again gives a board that plays.
    notebook.run_all()
    fresh = notebook.wait_for_widget()
    expect(fresh).to_have_attribute("data-kernel", "live")
    notebook.click_pile("stock")
    notebook.wait_for_version(0)
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_a_board_greys_at_once_when_its_kernel_shuts_down(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    notebook.click_pile("stock")
    notebook.wait_for_version(0)
    choose_from_the_kernel_menu(notebook, "Shut Down Kernel")
    expect_gone(notebook, root)
    root.screenshot(path=artifacts / "kernel-shut-down.png", animations="disabled")
    click_about(notebook, root)
    assert notebook.server.api("GET", "api/kernels") == []
    assert page_errors == []
