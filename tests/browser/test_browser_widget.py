"""The widget in the notebook: winning, refused moves, moves made from Python, the play
notebook, a notebook saved with its widget state, and JupyterLab's dark theme."""

from __future__ import annotations

import shutil

import pytest
from harness import (
    KLONDIKE_SEED_3,
    REPO_ROOT,
    NotebookPage,
    assert_a_picture,
    save_after_one_move,
    shown_piles,
    write_notebook,
)
from playwright.sync_api import expect


def cards(text: str) -> list[str]:
    return text.split()


def empty_piles(count: int) -> list[dict]:
    return [{"down": [], "up": []} for _ in range(count)]


# Positions a few moves from won, and the piles whose top card a double-click sends home,
# in an order that wins.
NEAR_WON = {
    "klondike": (
        {
            "game": "klondike",
            "stock": [],
            "waste": ["QS"],
            "foundations": [
                cards("AC 2C 3C 4C 5C 6C 7C 8C 9C TC JC QC"),
                cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD"),
                cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
                cards("AS 2S 3S 4S 5S 6S 7S 8S 9S TS JS"),
            ],
            "tableau": [{"down": [], "up": ["KC"]}, {"down": [], "up": ["KD"]}, {"down": [], "up": ["KS"]}]
            + empty_piles(4),
        },
        ["waste", "tableau/0", "tableau/1", "tableau/2"],
    ),
    "father": (
        {
            "game": "father",
            "stock": [],
            "waste": ["7C"],
            "foundations": [
                cards("AC 2C 3C 4C 5C 6C"),
                cards("AD 2D 3D 4D 5D 6D 7D 8D 9D TD JD QD KD"),
                cards("AH 2H 3H 4H 5H 6H 7H 8H 9H TH JH QH KH"),
                cards("AS 2S 3S 4S 5S 6S"),
                cards("KC QC JC TC 9C 8C"),
                [],
                [],
                cards("KS QS JS TS 9S 8S"),
            ],
            "tableau": [{"down": [], "up": ["7S"]}] + empty_piles(11),
        },
        ["waste", "tableau/0"],
    ),
    "following": (
        {
            "game": "following",
            "stock": [],
            "waste": ["KS"],
            "foundations": [
                cards("AH 2C 3D 4S 5H 6C 7D 8S 9H TC JD QS"),
                cards("AC 2D 3S 4H 5C 6D 7S 8H 9C TD JS QH"),
                cards("AD 2S 3H 4C 5D 6S 7H 8C 9D TS JH QC"),
                cards("AS 2H 3C 4D 5S 6H 7C 8D 9S TH JC"),
            ],
            "tableau": [{"down": [], "up": [card]} for card in ("KH", "KC", "KD", "QD")] + empty_piles(2),
        },
        ["tableau/0", "tableau/1", "tableau/2", "tableau/3", "waste"],
    ),
}


@pytest.mark.browser(timeout=120)
@pytest.mark.parametrize("game", sorted(NEAR_WON))
def test_win_from_a_near_won_position(open_notebook, game):
    position, sources = NEAR_WON[game]
    notebook = open_notebook(
        [f"import solitaire_widget as sw\nw = sw.SolitaireWidget(sw.Game.from_dict({position!r}))\nw"]
    )
    root = notebook.wait_for_widget()
    version = notebook.assert_board_matches_python()["version"]
    overlay = root.locator(".sw-overlay")
    for source in sources:
        expect(overlay).to_be_hidden()
        notebook.double_click(source)
        version = notebook.wait_for_version(version)
        python = notebook.assert_board_matches_python()
    assert python["status"] == "won"
    assert python["message"], "a won game has a message to show"
    expect(overlay).to_be_visible()
    # Each fact once: the title says it is won, the line under it how many moves and how long.
    expect(overlay.locator(".sw-overlay-title")).to_have_text("You won!")
    expect(overlay.locator(".sw-overlay-stats")).to_contain_text(f"{len(sources)} move")


@pytest.mark.browser(timeout=90)
def test_a_refused_move_shows_the_engine_reason(open_notebook):
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    reason = notebook.python_json("w.game.explain('t0>t6')")  # the four of diamonds on the queen of hearts
    assert not reason.startswith("legal")
    notebook.click_move("tableau/0", "tableau/6")
    toast = root.locator(".sw-toast")
    expect(toast).to_be_visible()
    expect(toast).to_have_text(reason[0].upper() + reason[1:])
    python = notebook.assert_board_matches_python()
    assert python["version"] == 1
    assert python["position"]["history"] == []


@pytest.mark.browser(timeout=90)
def test_moves_made_in_python_show_on_the_board(open_notebook):
    notebook = open_notebook([KLONDIKE_SEED_3])
    notebook.wait_for_widget()
    version = notebook.version()
    for code in ("w.play('t3>t1')", "w.play('s>w')", "w.undo()", "w.new_game('father', seed=2)"):
        notebook.run_cell(code)
        version = notebook.wait_for_version(version)
        notebook.assert_board_matches_python()
    assert notebook.widget().locator("[data-pile^='tableau/']").count() == 12


@pytest.mark.browser(timeout=120)
def test_the_play_notebook_runs_and_shows_three_boards(page, jupyter_server):
    shutil.copy(REPO_ROOT / "notebooks" / "play.ipynb", jupyter_server.root_dir / "play.ipynb")
    notebook = NotebookPage(page, jupyter_server).open("play.ipynb")
    notebook.run_all()
    stderr = notebook.notebook.locator(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']"
    )
    assert stderr.count() == 0, stderr.all_inner_texts()
    for index, (name, tableau) in enumerate([("w", 7), ("father", 12), ("following", 6)]):
        root = notebook.wait_for_widget(index)
        assert root.locator("[data-pile^='tableau/']").count() == tableau
        notebook.assert_board_matches_python(name, index)


@pytest.mark.browser(timeout=150)
def test_a_saved_notebook_shows_its_board_from_the_saved_widget_state(page, jupyter_server):
    """Save with the widget state, shut the kernel down, reopen: the board comes back from the
    file (the new kernel never ran a cell, so it holds no widget).

    JupyterLab's widget manager (jupyterlab_widgets 3.0) restores saved widgets only once a
    kernel connection exists: with "No Kernel" it stops at "Kernel not set" before reading
    the notebook's widget state, so the reopened notebook gets a fresh, empty kernel.
    """
    name = "saved_state.ipynb"
    notebook, played, saved = save_after_one_move(page, jupyter_server, name)
    assert saved["position"]["waste"] == played["position"]["waste"]
    first_kernel = {session["kernel"]["id"] for session in jupyter_server.api("GET", "api/sessions")}
    notebook.close_all()
    jupyter_server.shutdown_kernels()

    reopened = NotebookPage(page, jupyter_server).open(name)
    root = reopened.wait_for_widget()
    shown = reopened.board()
    assert shown["version"] == saved["version"]
    assert shown["piles"] == shown_piles(saved["position"])
    assert root.locator("[data-card]").count() == 52
    kernels = {session["kernel"]["id"] for session in jupyter_server.api("GET", "api/sessions")}
    assert not kernels & first_kernel, "the board must come from the file, not from the kernel that made it"
    assert reopened.python_json("'w' in globals()") is False
    # No kernel holds this board: it is a picture, and says so.
    assert_a_picture(root)


@pytest.mark.browser(timeout=120)
def test_the_board_in_the_dark_theme(new_page, jupyter_server, artifacts):
    plugin = "@jupyterlab/apputils-extension:themes"
    name = "dark_theme.ipynb"
    write_notebook(jupyter_server.root_dir / name, [KLONDIKE_SEED_3])
    jupyter_server.set_user_setting(plugin, {"theme": "JupyterLab Dark"})
    try:
        page = new_page()  # JupyterLab reads the theme when it loads
        notebook = NotebookPage(page, jupyter_server).open(name)
        notebook.run_all()
        root = notebook.wait_for_widget()
        page.wait_for_function("() => document.body.dataset.jpThemeLight === 'false'")
        notebook.assert_board_matches_python()
        page.screenshot(path=artifacts / "dark.png", animations="disabled")
        moves = root.locator(".sw-moves")
        assert luminance(moves.evaluate("e => getComputedStyle(e).color")) > 0.4, (
            "toolbar text must be light on dark"
        )
    finally:
        jupyter_server.set_user_setting(plugin, {})


def luminance(css_color: str) -> float:
    """Relative luminance (0 black .. 1 white) of an ``rgb(...)``/``rgba(...)`` colour."""
    red, green, blue = (
        int(float(part)) / 255 for part in css_color[css_color.index("(") + 1 : -1].split(",")[:3]
    )

    def linear(channel: float) -> float:
        return channel / 12.92 if channel <= 0.03928 else ((channel + 0.055) / 1.055) ** 2.4

    return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
