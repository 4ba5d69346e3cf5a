"""A strategy playing on the board in JupyterLab (``w.run``): its moves appear, the board's
Stop button stops it, and the game is consistent afterwards."""

from __future__ import annotations

import pytest
from playwright.sync_api import expect

BOARD = "import solitaire_widget as sw\nw = sw.SolitaireWidget('klondike', seed=4)\nw"


@pytest.mark.browser(timeout=150)
def test_a_strategy_plays_on_the_board_until_stopped_from_it(open_notebook, page_errors):
    notebook = open_notebook([BOARD])
    root = notebook.wait_for_widget()
    stop = root.locator(".sw-toolbar [data-action='stop']")
    expect(stop).to_be_hidden()
    start = notebook.version()
    notebook.run_cell("run = w.run(sw.strategies.greedy, delay=0.3)")
    expect(stop).to_be_visible()
    expect(root.locator(".sw-toolbar [data-action='undo']")).to_be_disabled()
    # The run's own state, then three moves, each a new state on the board.
    notebook.wait_for_version(start + 4)
    stop.click()
    expect(stop).to_be_hidden()
    assert notebook.python_json("run.wait(10)") is True
    assert notebook.python_json("[run.said, run.playing]") == ["stopped", False]
    played = notebook.python_json("run.moves")
    assert played >= 3
    python = notebook.assert_board_matches_python()
    assert len(python["position"]["history"]) == played
    # Consistent: the deal with its history played whole, move by move, is the game on show.
    replayed = notebook.python_json(
        "(lambda g: ([g.play(m) for m in w.game.history], g.to_dict() == w.game.to_dict())[1])"
        "(sw.Game.new('klondike', seed=4))"
    )
    assert replayed is True
    expect(root.locator(".sw-toolbar [data-action='undo']")).to_be_enabled()
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_the_demo_button_plays_the_solvers_line_until_stopped(open_notebook, page_errors, artifacts):
    notebook = open_notebook([BOARD])
    root = notebook.wait_for_widget()
    demo = root.locator(".sw-toolbar [data-action='demo']")
    stop = root.locator(".sw-toolbar [data-action='stop']")
    start = notebook.version()
    demo.click()
    expect(stop).to_be_visible()
    expect(demo).to_be_hidden()
    expect(root.locator(".sw-toast")).to_contain_text("Demo: the solver looks for a winning line")
    # The run's own state, then three of the solver's moves, each a new state on the board.
    notebook.wait_for_version(start + 4)
    root.screenshot(path=artifacts / "demo.png", animations="disabled")
    stop.click()
    expect(stop).to_be_hidden()
    expect(demo).to_be_visible()
    assert notebook.python_json("w.last_run.wait(10)") is True
    assert notebook.python_json("[w.last_run.said, w.last_run.demo]") == ["stopped", True]
    python = notebook.assert_board_matches_python()
    assert len(python["position"]["history"]) == notebook.python_json("w.last_run.moves") >= 3
    # An ordinary game again: the board takes its moves.
    expect(root.locator(".sw-toolbar [data-action='undo']")).to_be_enabled()
    before = notebook.version()
    root.locator(".sw-toolbar [data-action='undo']").click()
    notebook.wait_for_version(before)
    notebook.assert_board_matches_python()
    assert page_errors == []
