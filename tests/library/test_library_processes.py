"""Several kernels at once: two processes saving and finishing games into one library file at
the same time lose nothing, and neither do threads sharing one ``Library``."""

from __future__ import annotations

import multiprocessing
import threading

import solitaire_widget as sw

GAMES_EACH = 25
MOVES_EACH = 6
STUCK_SECONDS = 120
"""Long past any wait of the library's own (its busy timeout is 5 s): a worker still waiting
then is stuck, and the test fails instead of hanging the suite."""


def record_games(path: str, first_seed: int, start: threading.Barrier | None = None) -> None:
    """Play ``GAMES_EACH`` games as a board records them: saved at the deal, replaced after
    every move, then finished (abandoned)."""
    lib = sw.Library(path)
    if start is not None:
        start.wait(timeout=STUCK_SECONDS)
    for seed in range(first_seed, first_seed + GAMES_EACH):
        game = sw.Game.new("klondike", seed=seed)
        game_id = lib.save(game)
        for move in range(MOVES_EACH):
            game.play(game.legal_moves()[move % 2 - 1])
            lib.save(game, game_id=game_id)
        lib.save(game, game_id=game_id, result="abandoned", seconds=1.0)
    lib.close()


def test_two_processes_recording_at_once_lose_nothing(tmp_path):
    path = str(tmp_path / "shared.sqlite3")
    context = multiprocessing.get_context("spawn")  # the target is imported, as forkserver and spawn need
    start = context.Barrier(2)
    workers = [context.Process(target=record_games, args=(path, first, start)) for first in (0, 1000)]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=STUCK_SECONDS)
    for worker in workers:
        worker.kill()
    assert [worker.exitcode for worker in workers] == [0, 0]
    with sw.Library(path) as lib:
        rows = lib.games().to_dict("records")
    assert len(rows) == 2 * GAMES_EACH
    assert sorted(row["seed"] for row in rows) == [*range(GAMES_EACH), *range(1000, 1000 + GAMES_EACH)]
    assert {(row["result"], row["moves"]) for row in rows} == {("abandoned", MOVES_EACH)}


def test_threads_sharing_a_library_lose_nothing(tmp_path):
    lib = sw.Library(tmp_path / "threads.sqlite3")
    start = threading.Barrier(3)
    threads = [
        threading.Thread(target=record_games, args=(lib.path, first, start)) for first in (0, 100, 200)
    ]
    shared = [threading.Thread(target=record_shared, args=(lib, first)) for first in (300, 400)]
    for thread in threads + shared:
        thread.start()
    for thread in threads + shared:
        thread.join(timeout=STUCK_SECONDS)
    assert len(lib.games()) == 5 * GAMES_EACH
    lib.close()


def record_shared(lib: sw.Library, first_seed: int) -> None:
    for seed in range(first_seed, first_seed + GAMES_EACH):
        game = sw.Game.new("klondike", seed=seed)
        game_id = lib.save(game)
        game.play(game.legal_moves()[0])
        lib.save(game, game_id=game_id, result="abandoned")


def test_a_new_file_opened_by_many_at_once_is_one_library(tmp_path):
    """Opening a new file checks it is a library, switches it to WAL and makes its schema;
    several opening it at once used to see another's fresh schema as another program's
    database, or be refused the switch to WAL at once."""
    refused: list[str] = []

    def open_at(path: str, start: threading.Barrier) -> None:
        start.wait(timeout=STUCK_SECONDS)
        try:
            sw.Library(path).close()
        except sw.LibraryError as error:
            refused.append(str(error))

    for attempt in range(100):
        path = str(tmp_path / f"new-{attempt}.sqlite3")
        start = threading.Barrier(4)
        openers = [threading.Thread(target=open_at, args=(path, start)) for _ in range(4)]
        for opener in openers:
            opener.start()
        for opener in openers:
            opener.join(timeout=STUCK_SECONDS)
        assert refused == [], f"attempt {attempt}: {refused[0]}"
    with sw.Library(path) as lib:
        assert len(lib.games()) == 0
