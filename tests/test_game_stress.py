"""Threads on one game: playing, undoing and redoing, jumping, autoplaying and reading at the
same time, with the interpreter switching threads as often as it can. Afterwards the game
is its deal plus its history, and it plays on. Public API only, so it runs against any
version of the package (it fails on the one before ``Game.lock``)."""

from __future__ import annotations

import random
import sys
import threading

import pytest

import solitaire_widget as sw

THREAD_RUNS = 4
OPERATIONS_PER_THREAD = 600
REFUSALS = ("nothing to undo", "nothing to redo", "no ply")
"""How a refused undo, redo or goto starts its message (an ``IndexError``)."""


def hammer(g: sw.Game, role: str, rng: random.Random, errors: list[BaseException]) -> None:
    """``OPERATIONS_PER_THREAD`` calls of one kind on ``g``; a refusal is fine, anything else
    is recorded in ``errors``."""
    for _ in range(OPERATIONS_PER_THREAD):
        try:
            if role == "player":
                moves = g.legal_moves()
                if moves:
                    g.play(moves[rng.randrange(len(moves))])
            elif role == "undo/redo":
                if rng.random() < 0.5:
                    g.undo()
                else:
                    g.redo()
            elif role == "goto/autoplay":
                if rng.random() < 0.9:
                    g.goto(rng.randrange(len(g.line) + 1))
                else:
                    g.autoplay()
            else:
                seen = g.to_dict()  # a torn read has a history that does not lead to its piles
                assert sw.Game.from_dict(seen).history == tuple(map(sw.Move.parse, seen["history"]))
                twin = g.copy()
                assert str(g) and twin.ply <= len(twin.line) and twin.history == twin.line[: twin.ply]
        except sw.IllegalMove:
            pass
        except IndexError as refused:
            if not str(refused).startswith(REFUSALS):
                errors.append(refused)
        except Exception as error:
            errors.append(error)


@pytest.mark.slow
def test_threads_playing_undoing_jumping_and_reading_one_game_leave_it_whole():
    """Four threads on one game, with the interpreter switching threads as often as it can;
    after each run the game is its deal plus its history, and it plays on."""
    interval = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    try:
        for run in range(THREAD_RUNS):
            g = sw.Game.new(("klondike", "father", "following")[run % 3], seed=run)
            errors: list[BaseException] = []
            threads = [
                threading.Thread(target=hammer, args=(g, role, random.Random(run * 10 + i), errors))
                for i, role in enumerate(("player", "undo/redo", "goto/autoplay", "reader"))
            ]
            for thread in threads:
                thread.start()
            for thread in threads:
                thread.join()
            assert errors == [], f"run {run}: {errors[:3]}"
            rebuilt = sw.Game.new(g.name, seed=g.seed, **g.options)
            for move in g.history:
                rebuilt.play(move)
            assert rebuilt.to_dict() == g.to_dict(), f"run {run}: the game is not its deal plus its history"
            moves = g.legal_moves()
            if moves:
                assert g.play(moves[0]) == moves[0]
            else:
                assert g.undo() == rebuilt.history[-1]
    finally:
        sys.setswitchinterval(interval)
