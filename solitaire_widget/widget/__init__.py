"""The Jupyter widget: ``SolitaireWidget`` (``widget.py``) and the checks on what its views
send (``intents.py``, which documents the protocol). The only part of the package that
imports Jupyter libraries."""

from __future__ import annotations

from .widget import SolitaireWidget

__all__ = ["SolitaireWidget"]
