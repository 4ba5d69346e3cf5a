"""Every notebook in notebooks/ runs from top to bottom with a kernel, so none can rot.

script.ipynb plays ``SOLITAIRE_WIDGET_DEALS`` deals per game (1,000 when unset): the suite
sets a small number so the notebook runs in seconds. The game library is a temporary one."""

from __future__ import annotations

from pathlib import Path

import nbformat
import pytest
from nbclient import NotebookClient

NOTEBOOKS = sorted((Path(__file__).resolve().parent.parent / "notebooks").glob("*.ipynb"))
DEALS = "12"


@pytest.mark.parametrize("path", NOTEBOOKS, ids=lambda path: path.name)
def test_the_notebook_runs_in_order_without_an_error(path, tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_DEALS", DEALS)  # the kernel inherits it
    # and records its boards' games into a library of this test's, never the user's
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "library.sqlite3"))
    notebook = nbformat.read(path, as_version=4)
    assert notebook.metadata["kernelspec"]["name"] == "python3"
    NotebookClient(
        notebook, timeout=120, kernel_name="python3", resources={"metadata": {"path": tmp_path}}
    ).execute()
    errors = [
        output
        for cell in notebook.cells
        if cell.cell_type == "code"
        for output in cell.outputs
        if output.output_type == "error"
    ]
    assert errors == []
    assert all(cell.execution_count for cell in notebook.cells if cell.cell_type == "code")
