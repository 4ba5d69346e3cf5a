from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_library(monkeypatch):
    """Human mode makes a board: keep it from the user's game library."""
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
