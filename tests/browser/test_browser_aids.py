"""The play aids on the board: the Hint button and H, the still-winnable indicator on a game
that gets lost, auto-play of safe moves after each move, and winnable deals. Each waits on
the page or the kernel, never for a fixed time; the solver answers from the widget's
worker process whenever it is ready."""

from __future__ import annotations

import re

import pytest
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from harness import KLONDIKE_SEED_3, NotebookPage
from playwright.sync_api import Locator, expect

import solitaire_widget as sw

LOSABLE_CELL = (
    f"import solitaire_widget as sw\nw = sw.SolitaireWidget(sw.Game.from_dict({LOSABLE_KLONDIKE!r}))\nw"
)
NARROW = {"width": 900, "height": 1000}
ROOMY = {"width": 1700, "height": 1000}
WIDE = {"width": 1400, "height": 1000}  # the session's viewport (conftest.VIEWPORT)


def open_options(root: Locator) -> Locator:
    """Open the Options menu; its panel."""
    root.locator("[data-action='options']").click()
    panel = root.locator(".sw-menu-panel")
    expect(panel).to_be_visible()
    return panel


def expect_hint_shown(notebook: NotebookPage, root: Locator) -> dict:
    """Wait until the board marks a hint for the state on show; check the marks and the
    sentence against the kernel's hint, and return it."""
    expect(root.locator("[data-pile][data-hint='source']")).to_have_count(1)
    hint = notebook.python_json("w.aids['hint']")
    assert hint["status"] == "ready" and hint["version"] == notebook.version()
    move = hint["move"]
    expect(root.locator("[data-hint='source']")).to_have_attribute("data-pile", move["source"])
    expect(root.locator("[data-hint='target']")).to_have_attribute("data-pile", move["target"])
    expect(root.locator(f"[data-pile='{move['source']}'] .sw-card--hint")).to_have_count(move["count"])
    sentence = hint["sentence"]
    expect(root.locator(".sw-hint-text")).to_have_text(f"{sentence[0].upper()}{sentence[1:]}.")
    return hint


@pytest.mark.browser(timeout=180)
def test_the_hint_button_and_h_mark_the_move_and_say_it(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    version = notebook.version()

    root.locator("[data-action='hint']").click()
    hint = expect_hint_shown(notebook, root)
    assert hint["source"] == "fair", "the board's hints are fair ones unless Options says otherwise"
    assert notebook.version() == version, "a hint is no move"
    root.screenshot(path=artifacts / "hint.png", animations="disabled")
    assert notebook.board()["piles"]["stock"], "the marks leave the cards as they were"

    # The next move clears the marks and the sentence.
    notebook.click_pile("stock")
    version = notebook.wait_for_version(version)
    expect(root.locator("[data-hint]")).to_have_count(0)
    expect(root.locator(".sw-card--hint")).to_have_count(0)
    expect(root.locator(".sw-hint-panel")).to_be_hidden()

    # H on the board asks for a hint about the new position.
    notebook.pile("waste").focus()
    notebook.page.keyboard.press("h")
    expect_hint_shown(notebook, root)
    notebook.assert_board_matches_python()

    # With room, the hint's words sit beside the board, above the move list; in a narrow
    # cell, under it. The marks stay on the board either way.
    try:
        for name, size in (("hint-wide.png", ROOMY), ("hint-narrow.png", NARROW)):
            notebook.page.set_viewport_size(size)
            expect(root.locator("[data-hint='source']")).to_have_count(1)
            root.screenshot(path=artifacts / name, animations="disabled")
    finally:
        notebook.page.set_viewport_size(WIDE)
    assert page_errors == []


@pytest.mark.browser(timeout=180)
def test_the_still_winnable_indicator_says_when_the_game_was_lost(open_notebook, page_errors, artifacts):
    notebook = open_notebook([LOSABLE_CELL])
    root = notebook.wait_for_widget()
    version = notebook.version()
    chip = root.locator(".sw-verdict")
    expect(chip).to_be_hidden()

    panel = open_options(root)
    panel.locator("[data-control='check-winnable']").check()
    expect(chip).to_have_text("winnable")
    root.locator("[data-action='options']").click()
    expect(panel).to_be_hidden()

    # Once lost, the chip also says whether the losing move was a mistake from what the player
    # could see (it was: the ten of spades could go home instead).
    expected = ["winnable", "winnable", "lost since move 3 · a mistake"]
    for move, verdict in zip(LOSABLE_LINE, expected, strict=True):
        parsed = sw.Move.parse(move)
        if parsed.source == "stock":
            notebook.click_pile("stock")
        else:
            notebook.double_click(parsed.source)
        version = notebook.wait_for_version(version)
        expect(chip).to_have_text(verdict)
        expect(chip).to_have_attribute("data-verdict", verdict.split()[0])
    root.screenshot(path=artifacts / "still-winnable.png", animations="disabled")

    # Lost stays lost, and says since when; the clubs still go home.
    expect(chip).to_have_attribute(
        "title", re.compile(r"sees every card.*Move 3 \(turn one card from the stock\) was a blunder")
    )
    notebook.double_click("tableau/1")
    version = notebook.wait_for_version(version)
    expect(chip).to_have_text("lost since move 3 · a mistake")
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == [*LOSABLE_LINE, "t1>f2"]
    assert notebook.python_json("w.check_winnable") is True

    # The narrow layout: the toolbar wraps in groups and the indicator stays with the count.
    notebook.page.set_viewport_size(NARROW)
    try:
        expect(chip).to_be_visible()
        open_options(root)
        root.screenshot(path=artifacts / "narrow-options.png", animations="disabled")
        notebook.page.keyboard.press("Escape")
        expect(root.locator(".sw-menu-panel")).to_be_hidden()
    finally:
        notebook.page.set_viewport_size(WIDE)
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_auto_play_after_each_move_sends_safe_cards_home(open_notebook, page_errors):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    version = notebook.version()
    panel = open_options(root)
    panel.locator("[data-control='autoplay-mode']").select_option("safe")
    root.locator("[data-action='options']").click()

    # The ace of spades tops column 4: it goes home after the draw, as a move of its own.
    notebook.click_pile("stock")
    version = notebook.wait_for_version(version)
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == ["s>w", "t4>f0"]
    assert notebook.python_json("w.autoplay_mode") == "safe"
    notebook.undo_button().click()
    notebook.wait_for_version(version)
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == ["s>w"], "undo takes back the move home alone"
    assert page_errors == []


@pytest.mark.browser(timeout=240)
def test_winnable_deals_only_says_which_seed_was_dealt(open_notebook, page_errors, artifacts):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    version = notebook.version()
    panel = open_options(root)
    panel.locator("[data-control='winnable-deals']").check()
    root.locator("[data-action='options']").click()
    expect(root.locator("[data-action='new']").first).to_have_class(re.compile(r"\bsw-button--winnable\b"))

    # Following from seed 15 on: the solver cannot prove 15 winnable in its budget, but 16.
    seed_box = root.locator("[data-control='seed']")
    seed_box.fill("15")
    chooser = root.locator("[data-control='game']")
    chooser.focus()  # as a click on it would: the seed box then shows the seed dealt
    chooser.select_option("following")
    version = notebook.wait_for_version(version)
    chip = root.locator(".sw-deal")
    expect(chip).to_have_text(re.compile(r"^winnable · (easy|medium|hard)$"), timeout=90_000)
    python = notebook.assert_board_matches_python()
    expected = sw.Game.new("following", 15, winnable=True)
    assert python["position"]["seed"] == expected.seed == 16
    assert python["position"] == expected.to_dict()
    expect(seed_box).to_have_value("16")
    said = re.compile(r"^Seed 16 \(the first winnable one from seed 15\) is winnable\. Difficulty: ")
    expect(chip).to_have_attribute("title", said)
    root.screenshot(path=artifacts / "winnable-deal.png", animations="disabled")
    assert page_errors == []
