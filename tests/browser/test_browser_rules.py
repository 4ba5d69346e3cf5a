"""The Rules panel in JupyterLab: the rules Python sends for the game on show, over the board,
readable and closed by its button or Escape; shown by itself the first time the player
chooses a game this browser has not shown before."""

from __future__ import annotations

import pytest
from harness import KLONDIKE_SEED_3
from playwright.sync_api import expect

from solitaire_widget.engine.games import rules_text

MET_KEY = "solitaire_widget.games-met"


@pytest.mark.browser(timeout=180)
def test_the_rules_open_over_the_board_and_by_themselves_for_a_game_new_here(
    page, open_notebook, page_errors, artifacts
):
    # The session's other tests may have met games in this browser: this one starts afresh.
    page.evaluate(f"localStorage.removeItem({MET_KEY!r})")
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    panel = root.locator(".sw-rules")
    title = panel.locator(".sw-rules-title")
    text = panel.locator(".sw-rules-text")
    button = root.locator(".sw-toolbar button", has_text="Rules")

    page.set_viewport_size({"width": 800, "height": 900})
    try:
        button.click()
        expect(panel).to_be_visible()
        expect(title).to_have_text("Rules of Klondike")
        expect(text.locator("h3")).to_have_text(
            ["Rulings and options", "Klondike", "Common to all three games"]
        )
        expect(text.locator("h4").first).to_have_text("Setup")
        expect(text).to_be_focused()
        # Over the board and the move list, on screen and tall enough to read in, though the
        # board of a narrow cell is short; the text scrolls within, the title stays.
        panel.evaluate("el => Promise.all(el.getAnimations().map((animation) => animation.finished))")
        main, box = root.locator(".sw-main").bounding_box(), panel.bounding_box()
        assert box["y"] == main["y"] and box["height"] >= max(380, main["height"]), (main, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= 800, box
        assert text.evaluate("el => el.scrollHeight > el.clientHeight")
        # The sheet reaches below the widget of a narrow cell: the picture takes in both.
        top = root.bounding_box()
        clip = {
            "x": top["x"],
            "y": top["y"],
            "width": top["width"],
            "height": box["y"] + box["height"] - top["y"],
        }
        page.screenshot(path=artifacts / "rules-klondike-800x900.png", clip=clip, animations="disabled")
        page.keyboard.press("End")  # the browser scrolls smoothly: wait for the end
        text.evaluate(
            """el => new Promise((done) => {
                const atEnd = () => el.scrollTop > 0 && el.scrollTop + el.clientHeight >= el.scrollHeight - 1;
                const check = () => (atEnd() ? done() : requestAnimationFrame(check));
                check();
            })"""
        )
        expect(title).to_be_in_viewport()
        page.keyboard.press("Escape")
        expect(panel).to_be_hidden()
        expect(button).to_be_focused()
    finally:
        page.set_viewport_size({"width": 1400, "height": 1000})

    # Father has never been on a board here: choosing it shows its rules, once.
    chooser = root.locator("[data-control='game']")
    version = notebook.version()
    chooser.select_option("father")
    version = notebook.wait_for_version(version)
    expect(panel).to_be_visible()
    expect(title).to_have_text("Rules of Father")
    expect(text.locator("h3").nth(1)).to_have_text("Father")
    expect(text).to_contain_text("There is no building on the tableau.")
    assert text.evaluate("el => el.scrollTop") == 0, "new rules start at their top"
    assert notebook.python_json("w.rules") == rules_text("father")
    root.screenshot(path=artifacts / "rules-father-first-time.png", animations="disabled")
    panel.locator(".sw-rules-close").click()
    expect(panel).to_be_hidden()
    assert page.evaluate(f"JSON.parse(localStorage.getItem({MET_KEY!r}))") == ["klondike", "father"]

    for game in ("klondike", "father"):
        chooser.select_option(game)
        version = notebook.wait_for_version(version)
        expect(chooser).to_have_value(game)
        expect(panel).to_be_hidden()

    # The chooser's last entry opens them again and deals nothing.
    chooser.select_option(label="Rules of Father\u2026")
    expect(panel).to_be_visible()
    expect(chooser).to_have_value("father")
    assert notebook.version() == version
    page.keyboard.press("Escape")
    expect(panel).to_be_hidden()
    assert notebook.assert_board_matches_python()["position"]["game"] == "father"
    assert page_errors == []
