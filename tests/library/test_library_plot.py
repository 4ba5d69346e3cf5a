"""The chart of results over time: one point per game that ended, a demo's win drawn as a loss."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from test_library_statistics import won_game

import solitaire_widget as sw

matplotlib = pytest.importorskip("matplotlib")
matplotlib.use("Agg")


def test_the_plot_shows_the_win_rate_after_each_game(lib):
    import matplotlib.pyplot as plt

    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    for day, (demo, result) in enumerate(
        [(False, None), (True, None), (False, "abandoned"), (False, "playing")]
    ):
        game = won_game() if result is None else sw.Game.new(seed=day)
        lib.save(game, result=result, demo=demo, started_at=start + timedelta(days=day))
    axes = lib.plot("klondike", draw=1)
    (rate,) = axes.get_lines()
    assert list(rate.get_ydata()) == [1.0, 0.5, 1 / 3]
    assert axes.get_title() == "Klondike: 3 games, 1 won"
    plt.close(axes.figure)
