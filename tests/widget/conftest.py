"""Widget tests never touch the player's own game library: boards made without ``library=``
record nothing (``SOLITAIRE_WIDGET_LIBRARY=off``); the recording tests give a library in a
temporary folder."""

from __future__ import annotations

import pytest


@pytest.fixture(autouse=True)
def no_real_library(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
