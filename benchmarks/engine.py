"""Engine speed, per game: legal-move generations, random-play steps through ``Game``,
and for search on a ``Position``: push+pop pairs and copies, each per second.

A step is what a player or batch run does each turn through the public API:
``legal_moves()`` then ``play()`` of one of them. Random play deals a fresh game every
400 steps or when no move is left. Generation is timed on positions met in random play,
as ``push`` + ``pop`` of a draw (which drops the list of legal moves and nothing else)
then ``legal_moves()``, less the time of the push and pop alone.
Then ``Game.goto`` on a 400-move line: the time of a jump to a random ply, the worst of the
jumps from the start to the end and back. Run: ``python benchmarks/engine.py``. Targets on
a 2-core machine: 30,000 steps/s for each game, 150,000 push+pop pairs/s for Klondike, a
goto to any ply of a 400-move line under 20 ms.
"""

from __future__ import annotations

import random
import time

import solitaire_widget as sw

STEPS = 60_000
GAME_LENGTH = 400
POSITIONS = 2_000
REPEATS = 10
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


def positions_met(name: str, options: dict, rng: random.Random) -> list[sw.Position]:
    """Positions met in random play, each after 1 to 120 moves, with their legal moves made."""
    met = []
    while len(met) < POSITIONS:
        position = sw.Game.new(name, seed=rng.randrange(1 << 32), **options).position
        for _ in range(rng.randrange(1, 120)):
            moves = position.legal_moves()
            if not moves:
                break
            position.push(moves[rng.randrange(len(moves))])
        if position.legal_moves():
            met.append(position.copy())
    for position in met:
        position.legal_moves()
    return met


def per_second(count: int, seconds: float) -> float:
    return count / seconds


def generations(met: list[sw.Position]) -> float:
    last_moves = [position.legal_moves()[-1] for position in met]
    pairs = list(zip(met, last_moves, strict=True)) * REPEATS
    start = time.perf_counter()
    for position, move in pairs:
        position.push(move)
        position.pop()
    push_pop = time.perf_counter() - start
    start = time.perf_counter()
    for position, move in pairs:
        position.push(move)
        position.pop()
        position.legal_moves()
    return per_second(len(pairs), time.perf_counter() - start - push_pop)


def push_pops(met: list[sw.Position]) -> float:
    """push(move) + pop() pairs per second over every legal move of every position."""
    work = [(position, position.legal_moves()) for position in met]
    pairs = 0
    start = time.perf_counter()
    for _ in range(REPEATS):
        for position, moves in work:
            for move in moves:
                position.push(move)
                position.pop()
            pairs += len(moves)
    return per_second(pairs, time.perf_counter() - start)


def copies(met: list[sw.Position]) -> float:
    start = time.perf_counter()
    for _ in range(REPEATS):
        for position in met:
            position.copy()
    return per_second(len(met) * REPEATS, time.perf_counter() - start)


def goto_times(name: str, options: dict, rng: random.Random) -> tuple[float, float]:
    """Median and worst milliseconds of ``goto`` to random plies of a 400-move line."""
    game = sw.Game.new(name, seed=rng.randrange(1 << 32), **options)
    while game.ply < 400:
        moves = game.legal_moves()
        if moves:
            game.play(moves[rng.randrange(len(moves))])
        else:  # a dead end: back up and play on another way (the line is what counts)
            game.goto(max(game.ply - rng.randrange(1, 30), 0))
    targets = [0, 400, 0, *(rng.randrange(401) for _ in range(200))]
    times = []
    for ply in targets:
        start = time.perf_counter()
        game.goto(ply)
        times.append((time.perf_counter() - start) * 1000)
    return sorted(times)[len(times) // 2], max(times)


def main() -> None:
    print(
        f"{'game':<18}{'generations/s':>15}{'steps/s':>12}{'push+pop/s':>13}{'copies/s':>12}"
        "   (targets: 30,000 steps/s; Klondike 150,000 push+pop/s)"
    )
    for label, options in GAMES.items():
        name = label.split()[0]
        rng = random.Random(2026)
        met = positions_met(name, options, rng)
        figures = (generations(met), random_play(name, options, STEPS, rng), push_pops(met), copies(met))
        print(
            f"{label:<18}" + "".join(f"{f:>{w},.0f}" for f, w in zip(figures, (15, 12, 13, 12), strict=True))
        )
    print(f"\n{'game':<18}{'goto median ms':>15}{'goto worst ms':>15}   (target: under 20 ms, 400-move line)")
    for label, options in GAMES.items():
        median, worst = goto_times(label.split()[0], options, random.Random(7))
        print(f"{label:<18}{median:>15.2f}{worst:>15.2f}")


if __name__ == "__main__":
    main()
