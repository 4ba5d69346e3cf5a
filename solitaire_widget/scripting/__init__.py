"""Scripting at scale: strategies as plain functions (``strategies``), many deals played on
every core, any ``concurrent.futures`` executor or a Dask cluster (``simulate``), and
strategies compared with win rates, intervals and a plot (``compare``).

Pure Python on top of the engine, ``Game`` and the solver. pandas, tqdm, matplotlib,
cloudpickle and Dask are optional (``pip install solitaire-widget[sim]``): they are
imported only when a run needs them, never when this package is imported.
"""

from __future__ import annotations

from . import strategies
from .compare import Comparison, compare, wilson_interval
from .simulate import COLUMNS, SimulationWarning, simulate
from .strategies import GameView, Strategy

__all__ = [
    "COLUMNS",
    "Comparison",
    "GameView",
    "SimulationWarning",
    "Strategy",
    "compare",
    "simulate",
    "strategies",
    "wilson_interval",
]
