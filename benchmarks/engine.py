"""Engine speed: legal-move generations per second, and random-play steps per second.

A step is what a player, solver or batch run does each turn through the public API:
``legal_moves()`` then ``play()`` of one of them. Random play deals a fresh game every
400 steps or when no move is left. Run: ``python benchmarks/engine.py``.
Target on a 2-core machine: at least 30,000 steps per second for each game.
"""

from __future__ import annotations

import random
import time

import solitaire_widget as sw

STEPS = 60_000
GAME_LENGTH = 400
GAMES = {"klondike": {}, "klondike draw 3": {"draw": 3}, "father": {}, "following": {}}


def random_play(name: str, options: dict, steps: int, rng: random.Random) -> float:
    """Steps per second of legal_moves() + play() in random play."""
    done = 0
    start = time.perf_counter()
    while done < steps:
        game = sw.Game.new(name, seed=rng.randrange(1 << 32), **options)
        for _ in range(GAME_LENGTH):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[rng.randrange(len(moves))])
            done += 1
    return done / (time.perf_counter() - start)


def generations(name: str, options: dict, rng: random.Random) -> float:
    """legal_moves() calls per second on positions met in random play (the list of legal moves
    is dropped before each call; the per-pile caches stay, as they do in play)."""
    positions = []
    while len(positions) < 2_000:
        game = sw.Game.new(name, seed=rng.randrange(1 << 32), **options)
        for _ in range(rng.randrange(1, 120)):
            moves = game.legal_moves()
            if not moves:
                break
            game.play(moves[rng.randrange(len(moves))])
        positions.append(game)
    start = time.perf_counter()
    for game in positions * 10:
        game._moves = None
        game.legal_moves()
    return len(positions) * 10 / (time.perf_counter() - start)


def main() -> None:
    print(f"{'game':<18}{'generations/s':>15}{'steps/s':>12}   (target: 30,000 steps/s)")
    for label, options in GAMES.items():
        name = label.split()[0]
        rng = random.Random(2026)
        gens = generations(name, options, rng)
        steps = random_play(name, options, STEPS, rng)
        print(f"{label:<18}{gens:>15,.0f}{steps:>12,.0f}")


if __name__ == "__main__":
    main()
