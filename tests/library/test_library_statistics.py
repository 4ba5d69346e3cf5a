"""Statistics: which games count (not those playing; a demo's win is a loss), abandoned games
counted apart from losses, streaks with ``abandoned`` as a loss, best time and fewest moves
of the player's wins, the Vegas total, and the streaks of any sequence against a plain
count."""

from __future__ import annotations

import tempfile
from datetime import datetime, timedelta, timezone
from pathlib import Path

from hypothesis import given, settings
from hypothesis import strategies as st
from test_library_games import WON_BUT_ONE, lost_game

import solitaire_widget as sw
from solitaire_widget.library.statistics import statistics_of

START = datetime(2026, 1, 1, tzinfo=timezone.utc)


def won_game() -> sw.Game:
    g = sw.Game.from_dict(WON_BUT_ONE)
    g.play("t0>f3")
    return g


def test_statistics_of_a_hand_made_sequence(lib):
    sequence = [
        ("won", {"seconds": 90.0}),
        ("lost", {}),
        ("won", {"demo": True}),  # the demo's win: a loss of the player's
        ("won", {"seconds": 70.0}),
        ("won", {}),
        ("abandoned", {}),
        ("playing", {}),  # not counted at all
        ("abandoned", {}),
    ]
    for day in (3, 0, 6, 1, 7, 2, 5, 4):  # saved out of order: the games count in the order they started
        result, extra = sequence[day]
        game = won_game() if result == "won" else lost_game() if result == "lost" else sw.Game.new(seed=day)
        given = None if result in ("won", "lost", "playing") else result
        lib.save(game, result=given, started_at=START + timedelta(days=day), **extra)
    stats = lib.statistics("klondike")
    assert (stats.played, stats.won) == (7, 3) and stats.win_rate == 3 / 7
    assert (stats.lost, stats.abandoned) == (2, 2)  # the demo's win among the losses, abandoned apart
    assert stats.current_streak == -2 and stats.longest_win_streak == 2 and stats.longest_losing_streak == 2
    assert stats.recent == ("won", "lost", "lost", "won", "won", "abandoned", "abandoned")
    assert stats.best_seconds == 70.0 and stats.fewest_moves == 1 and stats.average_moves_won == 1.0
    lost_cards = sum(map(len, lost_game().position.foundations))
    assert stats.vegas_total == 4 * (5 * 52 - 52) + (5 * lost_cards - 52) + 2 * -52  # demo win included
    assert stats.to_dict()["recent"] == list(stats.recent)


def test_statistics_of_nothing_and_of_other_games(lib):
    assert lib.statistics() == sw.Statistics()
    lib.save(sw.Game.new("father", seed=1), result="abandoned")
    father = lib.statistics("father")
    assert father.played == 1 and father.current_streak == -1 and father.vegas_total == 0
    assert lib.statistics("klondike").played == 0 and lib.statistics().played == 1


def test_recent_keeps_the_last_twenty_oldest_first():
    assert statistics_of("w" * 5 + "l" * 20 + "a").recent == tuple(["lost"] * 19 + ["abandoned"])


def plain_streaks(results: list[str]) -> tuple[int, int, int]:
    """Current (signed), longest win and longest losing streak, counted one game at a time."""
    current = longest_win = longest_loss = 0
    for result in results:
        if result == "won":
            current = current + 1 if current > 0 else 1
            longest_win = max(longest_win, current)
        else:
            current = current - 1 if current < 0 else -1
            longest_loss = max(longest_loss, -current)
    return current, longest_win, longest_loss


@given(st.lists(st.sampled_from(["won", "lost", "abandoned"]), max_size=60))
def test_streaks_agree_with_a_plain_count(results):
    stats = statistics_of("".join(result[0] for result in results))
    assert (stats.current_streak, stats.longest_win_streak, stats.longest_losing_streak) == plain_streaks(
        results
    )
    assert stats.played == len(results) and stats.won == results.count("won")
    assert (stats.lost, stats.abandoned) == (results.count("lost"), results.count("abandoned"))
    assert stats.won + stats.lost + stats.abandoned == stats.played


LOST = lost_game()


@settings(max_examples=20, deadline=None)
@given(st.lists(st.sampled_from(["won", "lost", "abandoned", "demo"]), max_size=12), st.randoms())
def test_the_library_counts_games_in_the_order_they_started_whatever_the_order_saved(results, chooser):
    order = list(range(len(results)))
    chooser.shuffle(order)
    with tempfile.TemporaryDirectory() as folder, sw.Library(Path(folder) / "games.sqlite3") as lib:
        for index in order:
            result = results[index]
            game = (
                won_game()
                if result in ("won", "demo")
                else LOST
                if result == "lost"
                else sw.Game.new(seed=index)
            )
            given_result = "abandoned" if result == "abandoned" else None
            lib.save(
                game, result=given_result, demo=result == "demo", started_at=START + timedelta(minutes=index)
            )
        stats = lib.statistics()
    counted = ["lost" if result == "demo" else result for result in results]
    assert (stats.current_streak, stats.longest_win_streak, stats.longest_losing_streak) == plain_streaks(
        counted
    )
    assert stats.recent == tuple(counted[-20:])
