"""The widget when things go wrong around it: two views of one widget, clicks while
a cell holds the game, and a view whose kernel has gone. In each, the board on screen and the
kernel's game must agree, and the page must raise no error."""

from __future__ import annotations

import re

import pytest
from harness import KLONDIKE_SEED_3, NotebookPage, wait_for_file
from playwright.sync_api import expect

NO_KERNEL = re.compile(
    r"^The kernel behind this board restarted or shut down, so the board no longer plays\."
)
STILL_WAITING = re.compile(r"Still waiting for the kernel to answer the last request\.")


def kernel_id(notebook: NotebookPage) -> str:
    """The id of the kernel that the notebook open on the page runs on."""
    (kernel,) = {session["kernel"]["id"] for session in notebook.server.api("GET", "api/sessions")}
    return kernel


def toast(notebook: NotebookPage, index: int = 0):
    return notebook.widget(index).locator(".sw-toast")


def live_text(notebook: NotebookPage, index: int = 0):
    return notebook.widget(index).locator("[aria-live]")


@pytest.mark.browser(timeout=150)
def test_two_views_of_one_widget_stay_in_step(open_notebook, page_errors):
    notebook = open_notebook([KLONDIKE_SEED_3, "w"])
    notebook.wait_for_widget(0)
    notebook.wait_for_widget(1)
    assert notebook.notebook.locator("[data-version]").count() == 2

    # A move played on the first view shows on both.
    notebook.click_pile("stock", index=0)
    version = notebook.wait_for_version(1, index=0)
    notebook.wait_for_version(1, index=1)
    for index in (0, 1):
        notebook.assert_board_matches_python(index=index)
    assert notebook.python_json("[str(m) for m in w.game.history]") == ["s>w"]

    # A move made in Python shows on both.
    notebook.run_cell("w.play('t3>t1')")
    version = notebook.wait_for_version(version, index=0)
    notebook.wait_for_version(version - 1, index=1)
    for index in (0, 1):
        notebook.assert_board_matches_python(index=index)

    # A refusal belongs to the view that asked.
    reason = notebook.python_json("w.game.explain('t0>t6')")
    assert not reason.startswith("legal")
    notebook.click_move("tableau/0", "tableau/6", index=0)
    expect(toast(notebook, 0)).to_have_text(reason[0].upper() + reason[1:])
    expect(toast(notebook, 1)).to_be_hidden()
    for index in (0, 1):
        python = notebook.assert_board_matches_python(index=index)
    assert python["version"] == version

    # Clearing the second cell's output removes its view; the first plays on.
    notebook.page.evaluate(
        """() => {
            const panel = window.jupyterapp.shell.currentWidget;
            panel.content.widgets[1].model.outputs.clear();
        }"""
    )
    expect(notebook.notebook.locator("[data-version]")).to_have_count(1)
    assert notebook.page.locator("[data-version]").count() == 1, "the cleared view left its board behind"
    notebook.click_pile("stock", index=0)
    version = notebook.wait_for_version(version, index=0)
    python = notebook.assert_board_matches_python(index=0)
    assert python["position"]["history"] == ["s>w", "t3>t1", "s>w"]
    notebook.click_move("tableau/0", "tableau/6", index=0)
    # The toast of the first refusal may still be up: wait for this refusal's own word.
    expect(live_text(notebook, 0)).to_have_text(re.compile(r"^Not allowed: "))
    expect(toast(notebook, 0)).to_be_visible()
    notebook.run_cell("w.undo()")
    notebook.wait_for_version(version, index=0)
    notebook.assert_board_matches_python(index=0)
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_rapid_clicks_while_a_cell_holds_the_game_each_draw_once(open_notebook, page_errors, tmp_path):
    notebook = open_notebook(
        [
            KLONDIKE_SEED_3,
            "intents = []\nw.on_msg(lambda widget, content, buffers: intents.append(content))",
        ]
    )
    root = notebook.wait_for_widget()
    version = notebook.assert_board_matches_python()["version"]

    # The clicks arrive while a cell holds the game; the first click's intent waits for it,
    # the others wait in the view. What follows takes well under the view's 4 s watchdog.
    with notebook.game_held(tmp_path):
        for _ in range(5):
            notebook.click_pile("stock")
        expect(root).to_have_class(re.compile(r"\bsw-waiting\b"))
        expect(live_text(notebook)).to_have_text(STILL_WAITING)
        # The first click's draw shows at once, pending; the version is still Python's.
        expect(root).to_have_attribute("data-pending", re.compile(r"^[0-9a-f]+:\d+$"))
        assert notebook.version() == version, "the view must not play the move itself"

    expect(root.locator(".sw-moves")).to_have_text("5 moves")
    notebook.wait_for_kernel_idle(notebook.name)
    python = notebook.assert_board_matches_python()
    assert python["version"] == version + 5
    assert python["position"]["history"] == ["s>w"] * 5
    # The view's requests for the timeline change nothing; the game's intents are what count.
    sent = notebook.python_json(
        "[(i['kind'], i['version'], i.get('source')) for i in intents if i['kind'] != 'sync_timeline']"
    )
    assert sent == [["move", version + i, "stock"] for i in range(5)], "one move per state version"
    expect(toast(notebook)).to_be_hidden()
    expect(root).not_to_have_class(re.compile(r"\bsw-waiting\b"))
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_a_view_whose_kernel_has_gone_says_so(open_notebook, page_errors):
    """The kernel shut down behind JupyterLab's back (the REST API, as another client or the
    server's culling would): once JupyterLab learns it from the server, the board says it
    has no kernel, and a click on it moves nothing and sends nothing."""
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    before = notebook.board()
    notebook.server.api("DELETE", f"api/kernels/{kernel_id(notebook)}")
    # JupyterLab learns it when it next asks the server which kernels run (every 10 s).
    expect(root).to_have_attribute("data-kernel", "gone", timeout=30_000)

    notebook.click_pile("stock")
    expect(live_text(notebook)).to_have_text(NO_KERNEL)
    expect(root.locator(".sw-no-kernel")).to_have_text(NO_KERNEL)
    expect(toast(notebook)).to_be_hidden()
    expect(root).not_to_have_class(re.compile(r"\bsw-waiting\b"))
    assert root.get_attribute("data-pending") is None
    assert notebook.board() == before
    assert page_errors == []


@pytest.mark.browser(timeout=180)
def test_clicks_on_the_board_while_a_cell_plays_on_the_game(open_notebook, page_errors, tmp_path):
    """JupyterLab delivers the board's intents on a kernel subshell, so they run while a cell
    plays on ``w.game`` from the main thread: every click is carried out whole or refused,
    and afterwards the board shows exactly the game."""
    notebook = open_notebook([KLONDIKE_SEED_3])
    root = notebook.wait_for_widget()
    started, stop = tmp_path / "cell-playing", tmp_path / "cell-stop"
    notebook.run_code_in_background(
        "import pathlib, random, time\n"
        "rng, g, played = random.Random(7), w.game, 0\n"
        f"pathlib.Path({str(started)!r}).touch()\n"
        f"while not pathlib.Path({str(stop)!r}).exists():\n"
        "    with g.lock:  # the moves offered are still legal when one is played\n"
        "        moves = g.legal_moves()\n"
        "        if moves and (rng.random() < 0.6 or not g.history):\n"
        "            g.play(rng.choice(moves))\n"
        "        elif g.history:\n"
        "            g.undo()\n"
        "    played += 1\n"
        "    time.sleep(0.002)\n"
    )
    wait_for_file(started)
    # Clicks where the piles are, as a player's would land, whatever card is moving there.
    centres = {}
    for pile in ("stock", "waste", "tableau/6", "tableau/3", "foundation/0"):
        box = notebook.pile(pile).bounding_box()
        centres[pile] = (box["x"] + box["width"] / 2, box["y"] + min(box["height"], 90) / 2)
    undo = root.locator(".sw-toolbar [data-action='undo']").bounding_box()
    for _ in range(12):
        for pile in ("stock", "waste", "tableau/6", "tableau/3", "waste", "foundation/0"):
            notebook.page.mouse.click(*centres[pile])
        notebook.page.mouse.click(undo["x"] + undo["width"] / 2, undo["y"] + undo["height"] / 2)
    stop.touch()
    notebook.wait_for_kernel_idle(notebook.name)
    assert notebook.python_json("played") > 0
    # The last state Python sent may still be on its way; the board settles on it.
    python = notebook.python_state()
    notebook.page.wait_for_function(
        "([root, version]) => Number(root.dataset.version) >= version",
        arg=[root.element_handle(), python["version"]],
    )
    notebook.assert_board_matches_python()
    # One more move from the board works.
    version = notebook.version()
    notebook.click_pile("stock")
    notebook.wait_for_version(version)
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=240)
def test_a_cell_run_ten_times_leaves_one_solver_worker(open_notebook, page_errors):
    """Each run of the cell replaces its board; the old board's view goes, and with it the
    old board's solver process. Ten runs leave the one board on show with its worker."""
    notebook = open_notebook([KLONDIKE_SEED_3 + "\nw.hint()\nw"])
    for _ in range(9):
        notebook.run_all()
    notebook.wait_for_widget()
    assert notebook.notebook.locator("[data-version]").count() == 1
    left = notebook.run_cell(
        "import multiprocessing, time\n"
        "deadline = time.monotonic() + 60\n"
        "while len(multiprocessing.active_children()) > 1 and time.monotonic() < deadline:\n"
        "    time.sleep(0.05)\n"
        "print(len(multiprocessing.active_children()))"
    )
    assert left.strip() == "1"
    assert page_errors == []
