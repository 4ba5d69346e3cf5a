"""Every notebook in notebooks/ runs from top to bottom with a kernel, so none can rot; the
marimo notebook (a Python file, not an ipynb) runs through marimo as a script.

The tutorials (the notebooks docs/tutorials/ links to) run once per suite, in the docs site's
build (``docs_site``): their tests read what that left, the executed notebooks and the game
library their boards recorded into. The others run here. script.ipynb plays
``SOLITAIRE_WIDGET_DEALS`` deals per game (1,000 when unset): the suite sets a small number so
the notebook runs in seconds. The game library is a temporary one, and once the notebooks
have run it holds no game of no moves (a tour that plays a move and takes it back has not
played a game)."""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

import solitaire_widget as sw

pytestmark = pytest.mark.slow

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
TUTORIAL_DIR = NOTEBOOK_DIR.parent / "docs" / "tutorials"
TUTORIALS = sorted(path.name for path in TUTORIAL_DIR.glob("*.ipynb"))
"""The notebooks the docs site's build runs."""
MARIMO_NOTEBOOK = NOTEBOOK_DIR / "play_marimo.py"
DEALS = "12"


def shown_board(notebook: nbformat.NotebookNode, source: str) -> dict:
    """The saved widget state of the board shown by the code cell whose source is ``source``."""
    (cell,) = [cell for cell in notebook.cells if cell.cell_type == "code" and cell.source == source]
    (view,) = [
        output.data["application/vnd.jupyter.widget-view+json"]
        for output in cell.outputs
        if "application/vnd.jupyter.widget-view+json" in output.get("data", {})
    ]
    models = notebook.metadata["widgets"]["application/vnd.jupyter.widget-state+json"]["state"]
    return models[view["model_id"]]["state"]


def analysed_board_stays_analysed(notebook: nbformat.NotebookNode) -> None:
    """Run All leaves the board of the analysed game analysed: the lesson has a board of its own."""
    board = shown_board(notebook, "w = sw.SolitaireWidget(game)\nw")
    assert board["analysis"]["status"] == "done"
    assert len(board["analysis"]["moves"]) == board["state"]["line_length"] > 0
    assert board["state"]["lesson"] is None


def my_bot_beats_greedy(notebook: nbformat.NotebookNode) -> None:
    """The notebook's own bot is worth learning from: the share it wins, printed beside it, is
    more than greedy's."""
    printed = [
        output.text
        for cell in notebook.cells
        for output in cell.get("outputs", [])
        if output.output_type == "stream" and "my_bot wins" in output.text
    ]
    (line,) = printed
    shares = re.fullmatch(r"Of the first 100 Klondike deals, my_bot wins (\d+)% \(greedy: (\d+)%\)\n", line)
    assert shares is not None, line
    mine, greedy = map(int, shares.groups())
    assert mine > greedy


AFTER_RUN = {"analyse.ipynb": analysed_board_stays_analysed, "script.ipynb": my_bot_beats_greedy}
"""Checks of what a notebook leaves behind once every cell has run, by notebook name."""


def ran_in_order_without_an_error(notebook: nbformat.NotebookNode) -> None:
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]
    assert errors == []
    assert all(cell.execution_count for cell in notebook.cells if cell.cell_type == "code")


def no_game_without_moves(library_path: Path) -> None:
    if library_path.exists():
        with sw.Library(library_path) as library:
            kept = library.games()
            rows = kept if isinstance(kept, list) else kept.to_dict("records")
        assert [row for row in rows if row["moves"] == 0] == []


def test_the_tutorials_are_the_notebooks_of_that_name():
    assert TUTORIALS, TUTORIAL_DIR
    assert all((TUTORIAL_DIR / name).resolve() == NOTEBOOK_DIR / name for name in TUTORIALS)


@pytest.mark.parametrize("name", TUTORIALS)
def test_the_tutorial_ran_in_order_without_an_error_in_the_site_build(name, docs_site):
    notebook = nbformat.read(docs_site / "jupyter_execute" / "tutorials" / name, as_version=4)
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    ran_in_order_without_an_error(notebook)
    if name in AFTER_RUN:
        AFTER_RUN[name](notebook)


def test_the_tutorials_leave_no_game_without_moves(docs_site):
    no_game_without_moves(docs_site / "library.sqlite3")


@pytest.mark.parametrize(
    "path", [path for path in NOTEBOOKS if path.name not in TUTORIALS], ids=lambda path: path.name
)
def test_the_notebook_runs_in_order_without_an_error(path, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_DEALS", DEALS)  # the kernel inherits it
    # and records its boards' games into a library of this test's, never the user's
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "library.sqlite3"))
    notebook = nbformat.read(path, as_version=4)
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    ).execute()
    ran_in_order_without_an_error(notebook)
    no_game_without_moves(tmp_path / "library.sqlite3")
    if path.name in AFTER_RUN:
        AFTER_RUN[path.name](notebook)


def test_the_marimo_notebook_runs_as_a_script(monkeypatch):
    """marimo runs the cells in the order their names need; tests/browser/test_browser_marimo.py
    runs the same file as an app and plays on it."""
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
    monkeypatch.setenv("SOLITAIRE_WIDGET_SEED", "3")
    spec = importlib.util.spec_from_file_location("play_marimo", MARIMO_NOTEBOOK)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    outputs, names = module.app.run()
    try:
        assert names["widget"].game.seed == 3
        assert any('data-moves-played="0"' in getattr(output, "text", "") for output in outputs)
    finally:
        names["widget"].close()
