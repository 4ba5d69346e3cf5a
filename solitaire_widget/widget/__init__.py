"""The Jupyter widget, one job a module: ``SolitaireWidget`` and its Python API
(``widget.py``), its synced traits (``traits.py``) and the parts it owns, each made with what
it uses (``parts.py``); the protocol with its views (``protocol.md``) and the checks on what
they send (``intents.py``); carrying out their intents (``handling.py``); the state they draw,
built from the game alone (``state.py``) and published to them (``sync.py``); the timeline
sent row by row (``timeline.py``); a strategy's run on the board (``run.py``); the play aids
(``aids.py``), the analysis on the board (``analysis.py``) and the solver's worker process
behind both (``worker.py``). The only part of the package that imports Jupyter libraries."""

from __future__ import annotations

from .widget import SolitaireWidget

__all__ = ["SolitaireWidget"]
