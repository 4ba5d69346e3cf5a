"""How the board looks to a player, in JupyterLab's light and dark themes: every text at a
contrast of 4.5:1 or more (3:1 when large), messages under the board instead of over its
cards, the board standing still when the still-winnable chip appears. Screenshots of both
themes go to tests/artifacts/."""

from __future__ import annotations

from pathlib import Path

import pytest
from harness import DARK, KLONDIKE_SEED_3, LIGHT, NotebookPage, set_theme
from playwright.sync_api import expect

CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
# Resolves once two frames have been drawn: layout and resize observers have had their turn.
TWO_FRAMES = "() => new Promise(done => requestAnimationFrame(() => requestAnimationFrame(done)))"


def low_contrast(notebook: NotebookPage) -> list[str]:
    return notebook.widget().evaluate(CONTRAST)


@pytest.mark.browser(timeout=180)
def test_the_board_reads_well_in_both_themes(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    felt = root.locator(".sw-felt")

    # The chip appears beside the move count; the board does not move, in a narrow window
    # (where the toolbar wraps) as in a wide one.
    viewport = notebook.page.viewport_size
    wide = root.bounding_box()["width"]
    notebook.page.set_viewport_size({"width": 700, "height": viewport["height"]})
    # The widget narrows with the page, then lays itself out again (a resize observer).
    notebook.page.wait_for_function(
        "([root, wide]) => root.getBoundingClientRect().width < wide", arg=[root.element_handle(), wide]
    )
    notebook.page.evaluate(TWO_FRAMES)

    def felt_top() -> float:  # from the widget's top: the notebook may scroll meanwhile
        return felt.bounding_box()["y"] - root.bounding_box()["y"]

    try:
        top = felt_top()
        notebook.run_cell("w.check_winnable = True")
        expect(root.locator(".sw-verdict")).to_be_visible()
        assert felt_top() == top
        root.screenshot(path=artifacts / "board-narrow.png")
    finally:
        notebook.page.set_viewport_size(viewport)

    # Moves in the list, one of them ahead of the current one, and a refusal's message.
    version = notebook.version()
    for _ in range(3):
        notebook.click_pile("stock")
        version = notebook.wait_for_version(version)
    root.locator("[data-action='back']").click()
    version = notebook.wait_for_version(version)
    root.locator("[data-action='help']").click()
    notebook.click_move("tableau/0", "tableau/1")
    toast = root.locator(".sw-toast")
    expect(toast).to_be_visible()
    toast_box, felt_box = toast.bounding_box(), felt.bounding_box()
    assert toast_box["y"] >= felt_box["y"] + felt_box["height"], "the message covers the board"

    try:
        for theme, name in ((LIGHT, "light"), (DARK, "dark")):
            set_theme(notebook, theme)
            expect(toast).to_be_visible()
            root.screenshot(path=artifacts / f"board-{name}.png")
            failures = low_contrast(notebook)
            assert failures == [], f"below the contrast bar in the {name} theme:\n" + "\n".join(failures)
    finally:
        set_theme(notebook, LIGHT)
    assert page_errors == []
