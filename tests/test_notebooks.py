"""Every notebook in notebooks/ runs from top to bottom with a kernel, so none can rot; the
marimo notebook (a Python file, not an ipynb) runs through marimo as a script. The
notebooks that are tutorials of the docs site run once per suite, in the site's build
(``docs_site``, whose myst-nb fails on a cell that raises); the others run here.

script.ipynb plays ``SOLITAIRE_WIDGET_DEALS`` deals per game (1,000 when unset): the suite
sets a small number so the notebook runs in seconds. The game library is a temporary one."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

pytestmark = pytest.mark.slow

NOTEBOOK_DIR = Path(__file__).resolve().parent.parent / "notebooks"
NOTEBOOKS = sorted(NOTEBOOK_DIR.glob("*.ipynb"))
MARIMO_NOTEBOOK = NOTEBOOK_DIR / "play_marimo.py"
DEALS = "12"
TUTORIALS = {path.name for path in (NOTEBOOK_DIR.parent / "docs" / "tutorials").glob("*.ipynb")}


def test_every_notebook_runs_once_per_suite_here_or_in_the_site_build():
    """The tutorials run in the site's build (``docs_site``: myst-nb runs their cells in order
    and fails the build on one that raises, as test_docs.py shows), the rest here."""
    assert TUTORIALS and {path.name for path in NOTEBOOKS} >= TUTORIALS


@pytest.mark.parametrize(
    "path", [p for p in NOTEBOOKS if p.name not in TUTORIALS], ids=lambda path: path.name
)
def test_the_notebook_runs_in_order_without_an_error(path, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_DEALS", DEALS)  # the kernel inherits it
    # and records its boards' games into a library of this test's, never the user's
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "library.sqlite3"))
    notebook = nbformat.read(path, as_version=4)
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    ).execute()
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    code = [cell for cell in notebook.cells if cell.cell_type == "code"]
    assert [output for cell in code for output in cell.outputs if output.output_type == "error"] == []
    assert all(cell.execution_count for cell in code)


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
