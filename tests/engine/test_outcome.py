"""Outcomes as data: ``Game.outcome`` with a ``Termination`` and a reason in words."""

from __future__ import annotations

import pytest
from engine_helpers import make, suit_run

import solitaire_widget as sw

FIVES_UP = [suit_run(suit, 1, 5) for suit in "CDHS"]
STUCK = dict(
    foundations=FIVES_UP, tableau=["| 7C", "| 7S", "| 9C", "| 9S", "| JC", "| JS", "| KC"], rest_under=6
)


def test_a_game_in_progress_has_no_outcome():
    g = sw.Game.new("klondike", seed=42)
    assert g.outcome is None and not g.is_over and (g.outcome and g.outcome.words) is None


def test_a_won_game_ends_won():
    g = make("klondike", foundations=[suit_run(s, 1, 13) for s in "SHDC"], stock="")
    assert g.outcome == sw.Outcome(sw.Termination.WON, "all 52 cards are on the foundations")
    assert (g.is_over, (g.outcome and g.outcome.words)) == (True, "won")


def test_a_game_with_no_legal_move_ends_with_no_moves():
    g = make("klondike", stock="", **STUCK)
    assert g.outcome is not None and g.outcome.termination is sw.Termination.NO_MOVES
    assert g.outcome.reason == (g.outcome and g.outcome.words) == "no moves left"


def test_a_game_left_with_shuttles_only_ends_with_no_useful_moves():
    g = make("klondike", stock="8C 8S TC", **STUCK)
    assert g.legal_moves() and g.outcome is not None
    assert g.outcome.termination is sw.Termination.NO_USEFUL_MOVES
    assert (g.outcome and g.outcome.words) == g.outcome.reason and "shuttle" in g.outcome.reason


@pytest.mark.parametrize(
    ("termination", "value"),
    [("WON", "won"), ("NO_MOVES", "no_moves"), ("NO_USEFUL_MOVES", "no_useful_moves")],
)
def test_terminations_have_stable_values_for_the_view(termination, value):
    assert sw.Termination[termination].value == value


def test_an_outcome_is_a_frozen_value():
    g = make("klondike", stock="", **STUCK)
    with pytest.raises(AttributeError):
        g.outcome.reason = "changed"  # type: ignore[misc, union-attr]
