"""Deprecated: the analysis of a line is ``solitaire_widget.judgement.analysis`` now.

The API page named ``MoveAnalysis`` and ``Settings`` by this path; they are found here, with a
``DeprecationWarning``, until the next release. The search itself never imports fair
judgement: this module only forwards, when one of the two names is asked for.
"""

from __future__ import annotations

import warnings

MOVED = ("MoveAnalysis", "Settings")


def __getattr__(name: str) -> object:
    if name not in MOVED:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    from ..judgement import analysis

    warnings.warn(
        f"solver.analysis.{name} is now judgement.analysis.{name}", DeprecationWarning, stacklevel=2
    )
    return getattr(analysis, name)
