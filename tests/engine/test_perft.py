"""Perft: how many distinct move sequences of each depth start from pinned positions.

The counts in ``perft.json`` were taken from the engine before ``Position`` existed; any
change to move generation, push or pop that alters a count fails here. Each case is a deal
(game, seed, options), optionally followed by a walk of moves into the middle game, where
runs, foundation moves back to the tableau and redeals are in reach.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from pathlib import Path

import pytest

import solitaire_widget as sw

CASES = json.loads((Path(__file__).parent / "perft.json").read_text())


def perft(
    legal_moves: Callable[[], list[sw.Move]],
    play: Callable[[sw.Move], object],
    take_back: Callable[[], object],
    depth: int,
) -> int:
    """The number of move sequences of ``depth`` moves from where play stands."""
    moves = legal_moves()
    if depth == 1:
        return len(moves)
    total = 0
    for move in moves:
        play(move)
        total += perft(legal_moves, play, take_back, depth - 1)
        take_back()
    return total


def start_of(case: dict) -> sw.Game:
    game = sw.Game.new(case["game"], seed=case["seed"], **case["options"])
    for move in case["walk"]:
        game.play(move)
    return game


def case_id(case: dict) -> str:
    options = ",".join(f"{key}={value}" for key, value in case["options"].items())
    return f"{case['game']}-{case['seed']}{'-' + options if options else ''}{'-mid' if case['walk'] else ''}"


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_the_move_sequences_of_each_depth_are_counted_as_pinned(case):
    position = start_of(case).position
    key = position.key()
    depths = range(1, len(case["counts"]) + 1)
    counts = [perft(position.legal_moves, position.push, position.pop, depth) for depth in depths]
    assert counts == case["counts"]
    assert position.key() == key and position.move_stack == ()


@pytest.mark.parametrize("case", CASES[:4], ids=case_id)
def test_checked_play_and_undo_count_the_same_as_push_and_pop(case):
    game = start_of(case)
    depths = range(1, min(4, len(case["counts"])) + 1)
    counts = [perft(game.legal_moves, game.play, game.undo, depth) for depth in depths]
    assert counts == case["counts"][: len(depths)]
