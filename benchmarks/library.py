"""The game library's costs: recording a move, statistics over many games, the file's size.

- Recording: a 150-move Klondike game is played (random legal moves, seeded) and, as a board
  does, saved in place (``save(game, game_id=...)``) after every move: the median and 95th
  percentile of those saves, and of scoring the line so far (``score_of``) after each move.
- Statistics: ``statistics("klondike", draw=1)`` and ``statistics()`` over 100,000 games,
  written straight into the file with ``executemany`` (rows as ``save`` writes them, random
  results) rather than played: the median of five calls, in wall-clock time and in CPU
  time (the process's own, which other work on a busy machine does not inflate).
- Size: 10,000 games of 150 moves saved with ``save`` (100 distinct games, each saved 100
  times: records are compressed one by one, so a copy costs what a new game would), then
  the file's size once closed.

Run: ``python benchmarks/library.py``. Files go to a temporary folder, removed at the end.
"""

from __future__ import annotations

import json
import random
import sqlite3
import statistics
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

import solitaire_widget as sw
from solitaire_widget.library.scores import score_of

MOVES = 150
STATISTICS_GAMES = 100_000
SIZE_GAMES = 10_000
DISTINCT = 100


def played(
    seed: int, moves: int = MOVES, on_move: Callable[[sw.Game], object] = lambda game: None
) -> sw.Game:
    """A Klondike game of ``moves`` random legal moves (the stock never runs dry for good:
    redeals are unlimited), calling ``on_move`` after each."""
    chooser = random.Random(seed)
    game = sw.Game.new("klondike", seed=seed)
    for _ in range(moves):
        game.play(chooser.choice(game.legal_moves()))
        on_move(game)
    return game


def summary(times: list[float]) -> str:
    return f"median {statistics.median(times):.2f} ms, p95 {statistics.quantiles(times, n=20)[-1]:.2f} ms"


def recording(folder: Path) -> None:
    with sw.Library(folder / "recording.sqlite3") as lib:
        game_id = lib.save(sw.Game.new("klondike", seed=1))
        saves: list[float] = []
        scores: list[float] = []

        def record(game: sw.Game) -> None:
            start = time.perf_counter()
            lib.save(game, game_id=game_id)
            saves.append((time.perf_counter() - start) * 1000)
            start = time.perf_counter()
            score_of(game)
            scores.append((time.perf_counter() - start) * 1000)

        played(1, on_move=record)
    print(f"save in place after each of {MOVES} moves: {summary(saves)}")
    print(f"score_of after each of {MOVES} moves:   {summary(scores)}")


def statistics_over_many(folder: Path) -> None:
    path = folder / "statistics.sqlite3"
    sw.Library(path).close()
    chooser = random.Random(0)
    options = json.dumps(sw.Game.new("klondike", seed=1).options, sort_keys=True)
    start = 1_700_000_000.0
    rows = []
    for number in range(STATISTICS_GAMES):
        result = chooser.choices(["won", "lost", "abandoned"], weights=[3, 5, 2])[0]
        moves = chooser.randint(60, 200)
        began = start + number * 300
        rows.append(
            (number + 1, "klondike", options, number, began, began + 240, 240.0, moves, result)
            + (chooser.randint(0, 700), 0, 0, chooser.random() < 0.05, "standard")
            + (52 if result == "won" else chooser.randint(0, 40), f"{number:064x}")
        )
    connection = sqlite3.connect(path)
    with connection:
        connection.executemany(f"INSERT INTO games VALUES ({', '.join('?' * 16)})", rows)
        connection.execute("INSERT INTO kinds VALUES ('klondike', ?)", (options,))
    connection.close()
    with sw.Library(path) as lib:
        for label, call in (
            ("klondike, draw=1", lambda: lib.statistics("klondike", draw=1)),
            ("all", lib.statistics),
        ):
            times, cpu_times = [], []
            for _ in range(5):
                begin, cpu_begin = time.perf_counter(), time.process_time()
                figures = call()
                times.append((time.perf_counter() - begin) * 1000)
                cpu_times.append((time.process_time() - cpu_begin) * 1000)
            streaks = (
                f"{figures.current_streak}, {figures.longest_win_streak}, {figures.longest_losing_streak}"
            )
            print(
                f"statistics ({label}) over {figures.played:,} games: "
                f"median {statistics.median(times):.0f} ms, {statistics.median(cpu_times):.0f} ms of CPU "
                f"(streaks: current, won, lost {streaks})"
            )


def size(folder: Path) -> None:
    path = folder / "size.sqlite3"
    games = [played(seed) for seed in range(DISTINCT)]
    with sw.Library(path) as lib:
        for number in range(SIZE_GAMES):
            lib.save(games[number % DISTINCT], result="abandoned")
        record_bytes = len(json.dumps(games[0].to_record()))
    print(
        f"{SIZE_GAMES:,} games of {MOVES} moves: {path.stat().st_size / 1e6:.1f} MB "
        f"(a record is {record_bytes:,} bytes of JSON before compression)"
    )


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        recording(Path(folder))
        statistics_over_many(Path(folder))
        size(Path(folder))


if __name__ == "__main__":
    main()
