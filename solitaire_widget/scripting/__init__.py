"""Scripting at scale: strategies as plain functions (``strategies``), many deals played on
every core, any ``concurrent.futures`` executor or a Dask cluster (``simulate``), and
strategies compared with win rates, intervals and a plot (``compare``), and games analysed
move by move from what the player could see, on the same executors (``analyse``).

Pure Python on top of the engine, ``Game`` and the solver. pandas, tqdm, matplotlib,
cloudpickle and Dask are optional (``pip install solitaire-widget[sim]``): they are
imported only when a run needs them, never when this package is imported.
"""

from __future__ import annotations

from . import strategies
from .analyse import AnalysisStopped, analyse
from .compare import Comparison, compare, wilson_interval
from .simulate import COLUMNS, SimulationWarning, simulate
from .strategies import GameView, Strategy

__all__ = [
    "COLUMNS",
    "AnalysisStopped",
    "Comparison",
    "GameView",
    "SimulationWarning",
    "Strategy",
    "analyse",
    "compare",
    "simulate",
    "strategies",
    "wilson_interval",
]
