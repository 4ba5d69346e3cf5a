"""The game library on the board in JupyterLab: a game played on the board recorded as it goes,
the Statistics panel's figures and strip following a game finished from Python, and the
History list opening a past game into the move list; screenshots of both in the light and
dark themes go to tests/artifacts/ (statistics*.png, history*.png). Every wait is on the page
or the kernel."""

from __future__ import annotations

from pathlib import Path

import pytest
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from harness import DARK, LIGHT, NotebookPage, set_theme
from playwright.sync_api import Locator, expect

ROOMY = {"width": 1700, "height": 1000}
CONTRAST = (Path(__file__).parent / "contrast.js").read_text()

# Three past games of one kind (won, lost, abandoned, an hour apart), then a board of that
# kind recording into the same library, and the solver's winning line from its deal.
SETUP = f"""import os, tempfile
from datetime import datetime, timedelta, timezone
import solitaire_widget as sw
lib = sw.Library(os.path.join(tempfile.mkdtemp(), "games.sqlite3"))
start = {LOSABLE_KLONDIKE!r}
line = sw.solve(sw.Game.from_dict(start), node_limit=100_000).moves
won, lost, left = (sw.Game.from_dict(start) for _ in range(3))
for move in line:
    won.play(move)
for move in {LOSABLE_LINE!r}:
    lost.play(move)
while lost.outcome is None:
    lost.play(lost.legal_moves()[0])
left.play(line[0])
first = datetime.now(timezone.utc) - timedelta(days=1)
for hour, (game, result) in enumerate([(won, None), (lost, None), (left, "abandoned")]):
    lib.save(game, result=result, started_at=first + timedelta(hours=hour), seconds=60.0 + 30 * hour)
w = sw.SolitaireWidget(sw.Game.from_dict(start), library=lib)
w"""


def rows(notebook: NotebookPage) -> list[dict]:
    """The library's rows, newest first, as the kernel has them."""
    return notebook.python_json(
        "[{'moves': r['moves'], 'result': r['result']} for r in "
        "(lambda t: t.to_dict('records') if hasattr(t, 'to_dict') else t)(lib.games())]"
    )


def figure(panel: Locator, label: str) -> Locator:
    """The value of the figure called ``label`` in the Statistics panel."""
    named = panel.page.locator(f".sw-figure-label:text-is('{label}')")
    return panel.locator(".sw-figure", has=named).locator(".sw-figure-value")


def screenshots(notebook: NotebookPage, root: Locator, artifacts, name: str) -> None:
    """``name``.png in the light theme and ``name``-dark.png in the dark one, in a window wide
    enough for the panel to sit beside the board; every text of the panel at the contrast bar."""
    viewport = notebook.page.viewport_size
    try:
        notebook.page.set_viewport_size(ROOMY)
        notebook.page.wait_for_function(
            "root => root.classList.contains('sw-root--wide')", arg=root.element_handle()
        )
        for theme, suffix in ((LIGHT, ""), (DARK, "-dark")):
            set_theme(notebook, theme)
            root.screenshot(path=artifacts / f"{name}{suffix}.png", animations="disabled")
            failures = root.locator(".sw-library").evaluate(CONTRAST)
            assert failures == [], f"below the contrast bar in {name}{suffix}:\n" + "\n".join(failures)
    finally:
        set_theme(notebook, LIGHT)
        notebook.page.set_viewport_size(viewport)


@pytest.mark.browser(timeout=240)
def test_statistics_and_history_follow_the_games_and_open_a_past_one(open_notebook, page_errors, artifacts):
    notebook = open_notebook([SETUP])
    root = notebook.wait_for_widget()
    line = notebook.python_json("[[m.source, m.target, m.count] for m in line]")

    # Two moves on the board make a row of the game being played.
    version = notebook.version()
    for source, target, count in line[:2]:
        notebook.click_move(source, target, count)
        version = notebook.wait_for_version(version)
    assert rows(notebook)[0] == {"moves": 2, "result": "playing"}
    assert len(rows(notebook)) == 4

    button = root.locator(".sw-toolbar button", has_text="Statistics")
    button.click()
    panel = root.locator(".sw-library")
    expect(panel).to_be_visible()
    expect(panel.locator(".sw-library-title")).to_have_text("Klondike, draw 1")
    expect(figure(panel, "Played")).to_have_text("3")  # a game being played is not counted yet
    expect(figure(panel, "Won")).to_have_text("1")
    strip = panel.locator("[data-results] .sw-result")
    expect(strip).to_have_count(3)
    assert [strip.nth(i).get_attribute("data-result") for i in range(3)] == ["won", "lost", "abandoned"]

    # Finished from Python, the game counts at once: the panel asks again when it ends.
    notebook.run_cell("for move in line[w.game.ply:]:\n    w.play(move)")
    expect(figure(panel, "Played")).to_have_text("4")
    expect(figure(panel, "Won")).to_have_text("2")
    expect(figure(panel, "Current streak")).to_have_text("1 won")
    expect(strip).to_have_count(4)
    expect(strip.nth(3)).to_have_attribute("data-result", "won")
    screenshots(notebook, root, artifacts, "statistics")

    # History: newest first; a click opens the lost game, whose moves fill the move list.
    panel.locator("[role='tab'][data-tab='history']").click()
    history = panel.locator("[data-history] tbody tr")
    expect(history).to_have_count(4)
    expect(history.nth(0)).to_have_attribute("aria-current", "true")
    expect(history.nth(2).locator("td").nth(1)).to_have_text("lost")
    lost_moves = notebook.python_json("lost.ply")
    version = notebook.version()
    history.nth(2).click()
    notebook.wait_for_version(version)
    expect(root.locator("[data-timeline] [data-ply]")).to_have_count(lost_moves + 1)
    notebook.assert_board_matches_python()
    assert notebook.python_json("w.game.to_record() == lost.to_record()")
    screenshots(notebook, root, artifacts, "history")
    assert len(rows(notebook)) == 4, "opening a past game makes no row"
    assert page_errors == []
