"""``compare``: Wilson intervals, the table per game and strategy, the plot and how it shows
in a notebook, and what it does without pandas or matplotlib."""

from __future__ import annotations

import math
import sys

import pytest
import scripting_helpers as bots
from hypothesis import given
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.scripting import Comparison, strategies, wilson_interval
from solitaire_widget.scripting.compare import SUMMARY_COLUMNS


def test_wilson_intervals_match_worked_values():
    assert wilson_interval(0, 0) == (0.0, 1.0)
    low, high = wilson_interval(0, 10)
    assert low == 0.0 and high == pytest.approx(0.2775, abs=1e-4)
    low, high = wilson_interval(8, 10)
    assert (low, high) == (pytest.approx(0.4902, abs=1e-4), pytest.approx(0.9433, abs=1e-4))
    low, high = wilson_interval(8, 10, confidence=0.99)
    assert low < 0.4902 and high > 0.9433


@given(st.integers(1, 10_000).flatmap(lambda deals: st.tuples(st.integers(0, deals), st.just(deals))))
def test_a_wilson_interval_holds_the_rate_and_narrows_with_more_deals(counts):
    wins, deals = counts
    low, high = wilson_interval(wins, deals)
    assert 0.0 <= low <= wins / deals <= high <= 1.0
    wider_low, wider_high = wilson_interval(wins, deals, confidence=0.99)
    assert wider_low <= low + 1e-12 and wider_high >= high - 1e-12
    more_low, more_high = wilson_interval(wins * 4, deals * 4)
    assert more_high - more_low < high - low
    assert not math.isnan(low) and not math.isnan(high)


@pytest.fixture(scope="module")
def comparison() -> Comparison:
    return sw.compare(
        ["klondike", "following"],
        {"greedy": strategies.greedy, "random": strategies.random, "raises": bots.Raises()},
        6,
        executor="serial",
        progress=False,
    )


def test_the_table_has_a_row_per_game_and_strategy_on_the_same_deals(comparison):
    table = comparison.table
    assert list(table.columns) == list(SUMMARY_COLUMNS)
    assert list(zip(table["game"], table["strategy"], strict=True)) == [
        (game, strategy) for game in ("klondike", "following") for strategy in ("greedy", "random", "raises")
    ]
    rows = comparison.rows
    assert len(rows) == 2 * 3 * 6 and list(rows.columns[:3]) == ["strategy", "game", "seed"]
    for summary in table.to_dict("records"):
        mine = rows[(rows["game"] == summary["game"]) & (rows["strategy"] == summary["strategy"])]
        assert sorted(mine["seed"]) == list(range(6))
        played = mine[mine["error"].isna()]
        assert summary["deals"] == len(played) and summary["wins"] == played["won"].sum()
        assert summary["errors"] == len(mine) - len(played)
        assert summary["low"] <= summary["win_rate"] <= summary["high"]
    errors = table[table["strategy"] == "raises"]["errors"]
    assert list(errors) == [1, 1]  # the misbehaving deal is left out of its rate


def test_the_plot_shows_a_point_and_an_interval_per_game_and_strategy(comparison):
    figure = comparison.plot()
    assert comparison.plot() is figure
    (axes,) = figure.axes
    assert [text.get_text() for text in axes.get_xticklabels()] == ["Klondike", "Following"]
    assert len(axes.containers) == 3  # one errorbar container per strategy
    assert [text.get_text() for text in axes.get_legend().get_texts()] == ["greedy", "random", "raises"]


def test_in_a_notebook_it_shows_the_table_and_the_plot(comparison):
    shown = comparison._repr_html_()
    assert "<table>" in shown and "<td>greedy</td>" in shown
    assert '<img alt="win rates with their intervals" src="data:image/png;base64,' in shown
    assert repr(comparison).splitlines()[0].split() == list(SUMMARY_COLUMNS)


def test_without_pandas_and_matplotlib_it_still_compares_and_says_what_the_plot_needs(monkeypatch):
    for module in ("pandas", "matplotlib", "matplotlib.figure"):
        monkeypatch.setitem(sys.modules, module, None)
    result = sw.compare("father", {"greedy": strategies.greedy}, 3, executor="serial", progress=False)
    assert isinstance(result.table, list) and result.table[0]["deals"] == 3
    assert isinstance(result.rows, list) and len(result.rows) == 3
    with pytest.raises(ImportError, match=r"the plot needs matplotlib: pip install solitaire-widget\[sim\]"):
        result.plot()
    assert "the plot needs matplotlib" in result._repr_html_()


def test_bad_arguments_are_refused():
    with pytest.raises(ValueError, match="at least one strategy"):
        sw.compare("klondike", {}, 3)
    with pytest.raises(ValueError, match="confidence"):
        sw.compare("klondike", {"greedy": strategies.greedy}, 3, confidence=95)
    with pytest.raises(ValueError, match="spider"):
        sw.compare(["klondike", "spider"], {"greedy": strategies.greedy}, 3)


@pytest.mark.parametrize("given", [[strategies.greedy], strategies.greedy, ("greedy", strategies.greedy)])
def test_strategies_not_given_by_name_are_a_type_error_that_says_what_compare_wants(given):
    wanted = r"^compare's strategies is a dict of names to strategies, such as"
    with pytest.raises(TypeError, match=wanted) as raised:
        sw.compare("klondike", given, 3)
    assert f"not a {type(given).__name__}" in str(raised.value)
