"""Judging a move (``judgement.moves``) on hand-made chances: the bands of the drop, the
judgement named by what the samples make sure of, judgements left open by the sampling
error or by undecided samples, the only move, and accuracy."""

from __future__ import annotations

import pytest

from solitaire_widget import Move
from solitaire_widget.judgement.chances import Chance, WinChance
from solitaire_widget.judgement.moves import GLYPHS, JUDGEMENTS, accuracy, drop_interval, judge

DRAW = Move("stock", "waste", 1)
PLAY = Move("waste", "tableau/0", 1)
OTHER = Move("waste", "tableau/1", 1)


def won_on(first: int, samples: int, undecided: int = 0) -> Chance:
    """A chance won on the first ``first`` samples, undecided on the ``undecided`` after them."""
    wins = (1 << first) - 1
    unknowns = ((1 << undecided) - 1) << first
    return Chance(wins, unknowns, samples)


def chances(samples: int, **won: Chance) -> WinChance:
    """Chances of the moves DRAW, PLAY and OTHER (by those names, lowercase), in that order."""
    moves = {
        move: won[name] for name, move in (("draw", DRAW), ("play", PLAY), ("other", OTHER)) if name in won
    }
    best = max(moves.values(), key=float)
    return WinChance(best, moves, unseen=20)


@pytest.mark.parametrize(
    ("lost", "expected"),
    [(0, "best"), (40, "good"), (140, "inaccuracy"), (300, "mistake"), (600, "blunder")],
)
def test_a_surely_measured_drop_falls_in_its_band(lost, expected):
    # 2,000 samples: the interval is narrow, and the drop's own band holds all of it.
    samples = 2000
    judged = chances(samples, draw=won_on(1500, samples), play=won_on(1500 - lost, samples))
    verdict = judge(judged, PLAY)
    assert verdict.judgement == expected
    assert verdict.drop == pytest.approx(lost / samples)
    assert verdict.drop_low <= verdict.drop <= verdict.drop_high
    assert verdict.note == ""


def test_a_drop_is_named_by_the_least_the_samples_make_sure_of():
    # 200 samples, 24 lost: a drop of 12 points, surely 7 or more: an inaccuracy, not a mistake.
    judged = chances(200, draw=won_on(150, 200), play=won_on(126, 200))
    verdict = judge(judged, PLAY)
    assert verdict.drop == pytest.approx(0.12) and 0.05 <= verdict.drop_low < 0.10
    assert verdict.judgement == "inaccuracy"


def test_a_drop_whose_interval_straddles_five_points_is_left_open_and_says_so():
    judged = chances(100, draw=won_on(60, 100), play=won_on(55, 100))
    verdict = judge(judged, PLAY)
    assert verdict.drop_low < 0.05 <= verdict.drop_high
    assert verdict.judgement is None
    assert "more samples would tell" in verdict.note and "5 points" in verdict.note


def test_undecided_samples_count_both_ways_and_keep_the_judgement_open():
    # The played move is won on 80 samples and undecided on the 20 the best move wins beside.
    judged = chances(100, draw=won_on(100, 100), play=won_on(80, 100, undecided=20))
    verdict = judge(judged, PLAY)
    assert verdict.drop_low <= 0 and verdict.drop_high > 0.2
    assert verdict.judgement is None
    # Decided (lost), the same samples make a drop of 20 points, surely 12 or more: a mistake.
    assert judge(chances(100, draw=won_on(100, 100), play=won_on(80, 100)), PLAY).judgement == "mistake"


def test_samples_undecided_for_both_moves_say_nothing_of_their_difference():
    both_open = won_on(0, 50, undecided=50)
    assert drop_interval(both_open, both_open) == (-1.0, 1.0)
    judged = chances(50, draw=both_open, play=both_open)
    assert judge(judged, PLAY).judgement is None


def test_the_only_move_keeps_a_chance_every_other_move_surely_gives_up():
    samples = 400
    judged = chances(samples, draw=won_on(0, samples), play=won_on(200, samples), other=won_on(40, samples))
    assert judge(judged, PLAY).judgement == "only move"
    # Another move nearly as good: the best move, not the only one.
    rival = chances(samples, draw=won_on(0, samples), play=won_on(200, samples), other=won_on(196, samples))
    assert judge(rival, PLAY).judgement == "best"
    # A move that is the only legal one is simply the best.
    alone = chances(samples, play=won_on(200, samples))
    assert judge(alone, PLAY).judgement == "best"
    # A move that keeps next to nothing is not an only move, however the others fare.
    hopeless = chances(samples, draw=won_on(0, samples), play=won_on(8, samples))
    assert judge(hopeless, PLAY).judgement == "best"


def test_judging_a_move_that_was_not_judged_is_a_key_error():
    with pytest.raises(KeyError):
        judge(chances(10, draw=won_on(5, 10)), PLAY)


def test_accuracy_follows_the_lichess_curve_from_100_down():
    assert accuracy(0.0) == pytest.approx(100, abs=0.001)
    assert accuracy(0.10) == pytest.approx(64, abs=1)
    drops = [step / 20 for step in range(21)]
    scores = [accuracy(drop) for drop in drops]
    assert scores == sorted(scores, reverse=True) and all(0 <= score <= 100 for score in scores)


def test_each_judgement_that_marks_a_move_has_its_glyph():
    assert set(GLYPHS) <= set(JUDGEMENTS)
    assert GLYPHS == {"inaccuracy": "?!", "mistake": "?", "blunder": "??", "only move": "!", "wasted": "↺"}
