"""Instant moves: a legal move shows on the board before the kernel answers, pending, and
the kernel's answer then confirms it or puts the cards back. A cell holds the game's lock
while the move is made (the kernel cannot answer until it lets go), so the pending board can
be seen (and photographed) for as long as the test needs, within the view's 4 s watchdog."""

from __future__ import annotations

import re

import pytest
from harness import KLONDIKE_SEED_3, NotebookPage, shown_piles
from playwright.sync_api import expect

import solitaire_widget as sw
from solitaire_widget.widget.intents import STALE

MOVE = sw.Move.parse("t3>t1")  # legal on KLONDIKE_SEED_3's deal; it uncovers a face-down card
REQUEST_ID = re.compile(r"^[0-9a-f]+:\d+$")
STILL_WAITING = re.compile(r"^Still waiting for the kernel to answer the last request\.")
REFUSED = re.compile(f"^Not allowed: {re.escape(STALE)}")


def pending_piles(position: dict, move: sw.Move) -> dict[str, list[str]]:
    """What the board shows while ``move`` is pending on ``position``: the piles after it
    (as the engine plays it), with the card it uncovers still face down."""
    game = sw.Game.from_dict(position)
    game.play(move)
    after = game.to_dict()
    piles = shown_piles(after)
    if move.source.startswith("tableau/"):
        column = int(move.source.split("/")[1])
        if len(after["tableau"][column]["down"]) < len(position["tableau"][column]["down"]):
            piles[move.source][-1] = "down"
    return piles


def live_text(notebook: NotebookPage):
    return notebook.widget().locator("[aria-live]")


@pytest.mark.browser(timeout=120)
def test_a_legal_move_shows_before_the_kernel_answers_then_is_confirmed(
    open_notebook, artifacts, page_errors, tmp_path
):
    notebook = open_notebook(
        [KLONDIKE_SEED_3, "intents = []\nw.on_msg(lambda widget, content, buffers: intents.append(content))"]
    )
    root = notebook.wait_for_widget()
    start = notebook.assert_board_matches_python()
    version = start["version"]
    expected = pending_piles(start["position"], MOVE)
    assert expected[MOVE.source][-1] == "down", "the move must uncover a face-down card"

    # Everything in the block happens within the view's 4 s watchdog: a few clicks and reads.
    with notebook.game_held(tmp_path):
        notebook.click_move(MOVE.source, MOVE.target, MOVE.count)
        expect(root).to_have_attribute("data-pending", REQUEST_ID)
        board = notebook.board()
        # The board takes no second move while one is pending, and offers no targets.
        notebook.source_card("waste").click()
        expect(live_text(notebook)).to_have_text(STILL_WAITING)
        held = root.locator(".sw-card--held, .sw-pile--target").count()
        root.screenshot(path=artifacts / "pending-move.png", animations="disabled")
        still_pending = root.get_attribute("data-pending")

    assert board["version"] == version, "the version on the board is the last one Python sent"
    assert board["piles"] == expected
    assert held == 0
    assert still_pending is not None, "the pending board lasted until the kernel answered"
    notebook.wait_for_version(version)
    assert root.get_attribute("data-pending") is None
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == [str(MOVE)]
    assert notebook.board()["piles"][MOVE.source][-1] != "down", "Python's state turned the card over"
    sent = notebook.python_json("[i['kind'] for i in intents if i['kind'] != 'sync_timeline']")
    assert sent == ["move"], "the click while pending sent nothing"
    expect(root.locator(".sw-toast")).to_be_hidden()
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_a_pending_move_that_python_refuses_puts_the_cards_back_and_says_why(
    open_notebook, page_errors, tmp_path
):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    start = notebook.assert_board_matches_python()
    version = start["version"]

    # Python draws a card between the click and the kernel reading it: the click was made on
    # a board that is no longer the game's, and Python refuses it.
    with notebook.game_held(tmp_path, then="w.play('s>w')"):
        notebook.click_move(MOVE.source, MOVE.target, MOVE.count)
        expect(root).to_have_attribute("data-pending", REQUEST_ID)
        assert notebook.board()["piles"] == pending_piles(start["position"], MOVE)

    expect(root.locator(".sw-toast")).to_have_text(STALE[0].upper() + STALE[1:])
    expect(live_text(notebook)).to_have_text(REFUSED)
    assert root.get_attribute("data-pending") is None
    python = notebook.assert_board_matches_python()
    assert python["version"] == version + 1
    assert python["position"]["history"] == ["s>w"]
    assert notebook.board()["piles"][MOVE.source] == shown_piles(start["position"])[MOVE.source]
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_fast_clicks_on_the_stock_all_draw(open_notebook, page_errors):
    """Twenty clicks on the stock, 20 ms apart, faster than the kernel answers and than a
    drawn card glides to the waste: every click draws (none is lost, none picks up the card
    flying by)."""
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    start = notebook.assert_board_matches_python()
    assert len(start["position"]["stock"]) >= 20
    stock = notebook.pile("stock")
    for _ in range(20):
        # Where the stock is now, at each click: running the check cell above may still be
        # scrolling the notebook. force: no wait for the card gliding off it to land.
        stock.click(force=True)
        notebook.page.wait_for_timeout(20)  # the pace of a fast player, not a wait for the page
    expect(root.locator(".sw-moves")).to_have_text("20 moves")
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == ["s>w"] * 20
    assert root.locator(".sw-card--held").count() == 0
    assert page_errors == []
