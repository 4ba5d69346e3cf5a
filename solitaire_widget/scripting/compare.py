"""``compare``: strategies side by side on the same deals, with win rates, 95% Wilson
intervals and a plot.

>>> low, high = wilson_interval(50, 100)
>>> round(low, 3), round(high, 3)
(0.404, 0.596)
"""

from __future__ import annotations

import base64
import html
import io
import math
import statistics
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

from .executors import Executor, play_runs
from .runner import COLUMNS, MAX_MOVES, TIME_LIMIT, Row, Table, make_run, table
from .step import describe
from .strategies import Strategy

SUMMARY_COLUMNS = ("game", "strategy", "deals", "wins", "win_rate", "low", "high", "errors", "mean_moves")
"""The columns of ``Comparison.table``, one row per game and strategy:

- ``deals``: the deals played to an end of the game's or the strategy's (the rows
  without an ``error``); ``wins`` of them won
- ``win_rate``: wins / deals; ``low``, ``high``: its Wilson score interval
- ``errors``: the deals that ended in an error (a dead worker's included) or at the time
  limit: the rows with an ``error`` (left out of the rate, and worth a look in
  ``Comparison.rows``)
- ``mean_moves``: the moves played per deal, on average
"""


def wilson_interval(wins: int, deals: int, confidence: float = 0.95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: ``(low, high)``, ``(0.0, 1.0)`` for no deals.

    Unlike the normal approximation it stays within 0 to 1 and is sound for rates near 0
    or 1 and for few deals.
    """
    if deals == 0:
        return 0.0, 1.0
    z = statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
    rate = wins / deals
    centre = (rate + z * z / (2 * deals)) / (1 + z * z / deals)
    half = z / (1 + z * z / deals) * math.sqrt(rate * (1 - rate) / deals + z * z / (4 * deals * deals))
    # At 0 or all wins the interval ends exactly at 0 or 1; rounding would miss it by a hair.
    low = 0.0 if wins == 0 else max(0.0, centre - half)
    high = 1.0 if wins == deals else min(1.0, centre + half)
    return low, high


class Comparison:
    """What ``compare`` found: ``table`` (win rates with their intervals, one row per game
    and strategy; see ``SUMMARY_COLUMNS``), ``rows`` (every deal, as ``simulate`` gives
    them, with a ``strategy`` column) and ``plot()``.

    In a notebook it shows itself as the table and the plot. ``table`` and ``rows`` are
    pandas DataFrames when pandas is installed, else lists of dicts.
    """

    def __init__(self, summary: list[Row], rows: list[Row], confidence: float) -> None:
        self.summary = summary
        self.confidence = confidence
        self.table: Table = table(summary, SUMMARY_COLUMNS)
        self.rows: Table = table(rows, ("strategy", *COLUMNS))
        self._figure: Any = None

    def plot(self) -> Any:
        """The win rates as a matplotlib ``Figure``: a point per strategy with its interval
        as error bars, grouped by game. ``ImportError`` when matplotlib is not installed."""
        if self._figure is None:
            try:
                from matplotlib.figure import Figure
            except ImportError:
                raise ImportError(
                    "the plot needs matplotlib: pip install solitaire-widget[sim] (or matplotlib)"
                ) from None
            games = list(dict.fromkeys(row["game"] for row in self.summary))
            strategies = list(dict.fromkeys(row["strategy"] for row in self.summary))
            figure = Figure(figsize=(max(5.0, 1.2 * len(games) * len(strategies) ** 0.5 + 3), 3.6))
            axes = figure.add_subplot()
            width = 0.8 / max(len(strategies), 1)
            for number, strategy in enumerate(strategies):
                shown = [row for row in self.summary if row["strategy"] == strategy]
                places = [
                    games.index(row["game"]) + (number - (len(strategies) - 1) / 2) * width for row in shown
                ]
                rates = [row["win_rate"] for row in shown]
                errors = [
                    [row["win_rate"] - row["low"] for row in shown],
                    [row["high"] - row["win_rate"] for row in shown],
                ]
                axes.errorbar(places, rates, yerr=errors, fmt="o", capsize=4, label=strategy)
            axes.set_xticks(range(len(games)), [game.title() for game in games])
            axes.set_ylim(-0.02, 1.02)
            axes.set_ylabel(f"win rate ({self.confidence:.0%} Wilson interval)")
            axes.grid(axis="y", alpha=0.3)
            axes.legend(fontsize="small", loc="upper left", bbox_to_anchor=(1.0, 1.0))
            figure.tight_layout()
            self._figure = figure
        return self._figure

    def _repr_html_(self) -> str:
        head = "".join(f"<th>{html.escape(name)}</th>" for name in SUMMARY_COLUMNS)
        body = "".join(
            "<tr>"
            + "".join(f"<td>{html.escape(_shown(row[name]))}</td>" for name in SUMMARY_COLUMNS)
            + "</tr>"
            for row in self.summary
        )
        parts = [f"<table><thead><tr>{head}</tr></thead><tbody>{body}</tbody></table>"]
        try:
            figure = self.plot()
        except ImportError as missing:
            parts.append(f"<p>{html.escape(str(missing))}</p>")
        else:
            png = io.BytesIO()
            figure.savefig(png, format="png", dpi=100)
            data = base64.b64encode(png.getvalue()).decode("ascii")
            parts.append(f'<img alt="win rates with their intervals" src="data:image/png;base64,{data}">')
        return "\n".join(parts)

    def __repr__(self) -> str:
        widths = {
            name: max(len(name), *(len(_shown(row[name])) for row in self.summary))
            for name in SUMMARY_COLUMNS
        }
        lines = ["  ".join(name.ljust(widths[name]) for name in SUMMARY_COLUMNS)]
        lines += [
            "  ".join(_shown(row[name]).ljust(widths[name]) for name in SUMMARY_COLUMNS)
            for row in self.summary
        ]
        return "\n".join(lines)


def _shown(value: object) -> str:
    return f"{value:.3f}" if isinstance(value, float) else str(value)


def _summary(game: str, name: str, rows: list[Row], confidence: float) -> Row:
    played = [row for row in rows if row["error"] is None]
    wins = sum(row["won"] for row in played)
    low, high = wilson_interval(wins, len(played), confidence)
    return {
        "game": game,
        "strategy": name,
        "deals": len(played),
        "wins": wins,
        "win_rate": wins / len(played) if played else 0.0,
        "low": low,
        "high": high,
        "errors": len(rows) - len(played),
        "mean_moves": statistics.fmean(row["moves"] for row in played) if played else 0.0,
    }


def compare(
    games: str | Sequence[str],
    strategies: Mapping[str, Strategy],
    n: int | None = None,
    *,
    seeds: Iterable[int] | None = None,
    options: Mapping[str, object] | None = None,
    max_moves: int | None = MAX_MOVES,
    time_limit: float | None = TIME_LIMIT,
    executor: Executor = None,
    progress: bool = True,
    chunksize: int | None = None,
    confidence: float = 0.95,
) -> Comparison:
    """Play each strategy (``{name: strategy}``) on the same deals of each game and compare
    their win rates; return a ``Comparison`` (its table, its rows and a plot).

    ``games`` is a game's name or several; the other arguments are ``simulate``'s, and
    every run shares one progress bar and one pool. ``confidence`` sets the intervals
    (0.95: 95% Wilson score intervals). Strategies not given by name (a list of them, or a
    lone strategy) are a ``TypeError`` that says so.

    >>> from solitaire_widget import strategies
    >>> result = compare("following", {"greedy": strategies.greedy}, 4, executor="serial", progress=False)
    >>> list(result.table["deals"])
    [4]
    """
    if isinstance(games, str):
        games = [games]
    if not isinstance(strategies, Mapping):
        # A list of strategies has no names to put in the table: say what is wanted instead.
        raise TypeError(
            "compare's strategies is a dict of names to strategies, such as "
            f"{{'greedy': sw.strategies.greedy}}, not a {type(strategies).__name__}: "
            f"{describe(strategies)}"
        )
    if not strategies:
        raise ValueError("compare needs at least one strategy: {'name': strategy, ...}")
    if not 0 < confidence < 1:
        raise ValueError(f"confidence is a share between 0 and 1, such as 0.95, not {confidence!r}")
    seed_list = None if seeds is None else list(seeds)
    runs = [
        make_run(game, strategy, n, seed_list, options, max_moves, time_limit)
        for game in games
        for strategy in strategies.values()
    ]
    played = play_runs(runs, executor, progress, chunksize, f"{len(strategies)} strategies")
    names = [name for _ in games for name in strategies]
    summary = [
        _summary(run.game, name, rows, confidence)
        for run, name, rows in zip(runs, names, played, strict=True)
    ]
    every_deal = [{"strategy": name, **row} for name, rows in zip(names, played, strict=True) for row in rows]
    return Comparison(summary, every_deal, confidence)
