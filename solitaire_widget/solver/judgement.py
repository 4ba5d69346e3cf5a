"""Deprecated: a move's judgement is ``solitaire_widget.judgement.moves`` now.

The API page named ``MoveJudgement`` by this path; it is found here, and by its older name
``Verdict``, with a ``DeprecationWarning``, until the next release. The search itself never
imports fair judgement: this module only forwards, when one of the two names is asked for.
"""

from __future__ import annotations

import warnings

MOVED = {
    "MoveJudgement": "solver.judgement.MoveJudgement is now judgement.moves.MoveJudgement",
    "Verdict": "solver.judgement.Verdict is now judgement.moves.MoveJudgement "
    "(solver.search.Verdict is a search's verdict)",
}


def __getattr__(name: str) -> object:
    if name not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..judgement.moves import MoveJudgement

    warnings.warn(MOVED[name], DeprecationWarning, stacklevel=2)
    return MoveJudgement
