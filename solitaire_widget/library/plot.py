"""A chart of a library's results over time (matplotlib, of the ``sim`` extra, imported only
when a chart is drawn)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from matplotlib.axes import Axes

COLOURS = {"won": "tab:green", "lost": "tab:red", "abandoned": "tab:gray"}


def results_over_time(rows: Sequence[dict[str, Any]], title: str) -> Axes:
    """The win rate so far after each game that ended, by the time it started, with each
    result a mark along the bottom (a demo's win drawn as a loss, as ``Statistics`` counts it)."""
    import matplotlib.pyplot as plt

    ended = sorted((row for row in rows if row["result"] != "playing"), key=lambda row: row["started_at"])
    results = ["lost" if row["result"] == "won" and row["demo"] else row["result"] for row in ended]
    times = [row["started_at"] for row in ended]
    wins, rates = 0, []
    for count, result in enumerate(results, 1):
        wins += result == "won"
        rates.append(wins / count)
    _, axes = plt.subplots(figsize=(8, 3))
    axes.plot(times, rates, color="tab:blue", label="win rate so far")
    for result, colour in COLOURS.items():
        marked = [time for time, kept in zip(times, results, strict=True) if kept == result]
        axes.scatter(marked, [0.0] * len(marked), color=colour, marker="|", s=200, label=result)
    axes.set_ylim(-0.05, 1.05)
    axes.set_ylabel("win rate")
    axes.set_title(f"{title}: {len(results)} games, {wins} won")
    axes.legend(loc="upper left", fontsize="small")
    return axes
