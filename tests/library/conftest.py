"""Every library test runs with ``SOLITAIRE_WIDGET_LIBRARY`` pointing into its own temporary
folder, so no test touches the user's real library."""

from __future__ import annotations

import pytest

import solitaire_widget as sw


@pytest.fixture(autouse=True)
def library_environment(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "from-environment.sqlite3"))


@pytest.fixture
def lib(tmp_path):
    library = sw.Library(tmp_path / "games.sqlite3")
    yield library
    library.close()
