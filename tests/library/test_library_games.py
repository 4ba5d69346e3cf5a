"""``Library``: a game saved comes back whole (every line, comment and analysis), rows say
what happened (results from the game or as given), replacing keeps the row and its start,
filters pick games by name and options, and bad arguments change nothing."""

from __future__ import annotations

from datetime import datetime, timedelta, timezone

import pytest
from library_games import played

import solitaire_widget as sw

COLUMNS = ["id", "game", "options", "seed", "started_at", "finished_at", "seconds", "moves", "result"]
COLUMNS += ["score", "hints", "undos", "demo", "scoring"]


def rows(lib, *args, **kwargs) -> list[dict]:
    table = lib.games(*args, **kwargs)
    return table if isinstance(table, list) else table.to_dict("records")


@pytest.fixture(scope="module")
def analysed() -> sw.Game:
    g = sw.Game.new("klondike", seed=3)
    for move in ("t3>t1", "s>w", "s>w", "t4>f0"):
        g.play(move)
    end = g.node
    g.goto(1)
    g.play(next(move for move in g.legal_moves() if move != g.future[0]))
    g.annotate(1, "Free the pile.", marks=["tableau/1"])
    g.enter(end)
    sw.analyse(g, 6, node_limit=1_500, executor="serial", progress=False)
    assert g.analysis is not None
    return g


def test_a_game_comes_back_with_its_variations_comments_and_analysis(lib, analysed):
    game_id = lib.save(analysed)
    back = lib.load(game_id)
    assert back == analysed and back.to_record() == analysed.to_record()
    assert back.annotations == analysed.annotations and back.analysis == analysed.analysis
    assert len(back.root.variations[0].variations) == 2


def lost_game() -> sw.Game:
    """Seed 1 without redeals, playing to the foundations first and else the last legal
    move, is over in 31 moves."""
    g = sw.Game.new("klondike", seed=1, redeals=0)
    while not g.is_over:
        moves = g.legal_moves()
        g.play(next((move for move in moves if move.target.startswith("foundation")), moves[-1]))
    return g


def test_the_row_says_what_happened(lib):
    g = played(sw.Game.new("klondike", seed=42, draw=3), 12)
    started = datetime(2026, 12, 1, 15, 0, tzinfo=timezone.utc)
    game_id = lib.save(g, started_at=started, seconds=61.5, hints=2, undos=1, scoring="vegas")
    (row,) = rows(lib)
    assert list(row) == COLUMNS
    assert row["id"] == game_id and row["game"] == "klondike" and row["seed"] == 42
    assert row["options"] == g.options and row["options"]["draw"] == 3
    assert row["started_at"] == started and row["finished_at"] is None and row["result"] == "playing"
    assert (row["moves"], row["seconds"], row["hints"], row["undos"]) == (12, 61.5, 2, 1)
    assert row["score"] == sw.library.scores.score_of(g, "vegas") and row["scoring"] == "vegas"
    assert row["demo"] is False


def test_the_result_comes_from_the_game_unless_given(lib):
    won = sw.Game.from_dict(WON_BUT_ONE)
    won.play("t0>f3")
    stuck = lost_game()
    assert won.is_won and stuck.is_over and not stuck.is_won
    ids = [lib.save(won), lib.save(stuck), lib.save(sw.Game.new("father", seed=1))]
    ids.append(lib.save(sw.Game.new("following", seed=1), result="abandoned"))
    results = {row["id"]: row["result"] for row in rows(lib)}
    assert [results[i] for i in ids] == ["won", "lost", "playing", "abandoned"]
    with pytest.raises(sw.LibraryError, match="the game is not won"):
        lib.save(stuck, result="won")
    with pytest.raises(sw.LibraryError, match="the game is won"):
        lib.save(won, result="abandoned")


def test_replacing_keeps_the_row_its_start_and_the_time_it_ended(lib):
    g = sw.Game.new("klondike", seed=42)
    started = datetime.now(timezone.utc) - timedelta(minutes=5)
    game_id = lib.save(g, started_at=started)
    for _ in range(3):
        assert lib.save(played(g, 1), game_id=game_id) == game_id
    (row,) = rows(lib)
    assert row["started_at"] == started and row["moves"] == 3 and row["finished_at"] is None
    lib.save(g, game_id=game_id, result="abandoned")
    ended = rows(lib)[0]["finished_at"]
    assert ended is not None and ended >= started
    lib.save(g, game_id=game_id, result="abandoned", hints=4)
    assert rows(lib)[0]["finished_at"] == ended and rows(lib)[0]["hints"] == 4
    assert lib.load(game_id) == g and len(rows(lib)) == 1


def test_games_are_listed_newest_first_and_filtered_by_name_and_options(lib):
    start = datetime(2026, 1, 1, tzinfo=timezone.utc)
    deals = [("klondike", {"draw": 1}), ("klondike", {"draw": 3}), ("father", {}), ("klondike", {"draw": 3})]
    for day, (name, options) in enumerate(deals):
        lib.save(sw.Game.new(name, seed=day, **options), started_at=start + timedelta(days=day))
    assert [row["seed"] for row in rows(lib)] == [3, 2, 1, 0]
    assert [row["seed"] for row in rows(lib, "klondike", draw=3)] == [3, 1]
    assert [row["seed"] for row in rows(lib, draw=3)] == [3, 1]
    assert [row["seed"] for row in rows(lib, "klondike", draw=3, redeals=None)] == [3, 1]
    assert [row["seed"] for row in rows(lib, "father")] == [2]
    assert [row["seed"] for row in rows(lib, limit=2)] == [3, 2]
    assert rows(lib, "following") == []


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda lib: lib.games("klondike", drw=3), "Klondike has no option 'drw'"),
        (lambda lib: lib.games(colour="red"), "no game has an option 'colour'"),
        (lambda lib: lib.games("golf"), "unknown game 'golf'"),
        (lambda lib: lib.games(limit=-1), "limit is a whole number"),
        (lambda lib: lib.load(99), "the library holds no game 99"),
        (lambda lib: lib.load("1"), "a game id is a whole number"),
        (lambda lib: lib.delete(99), "the library holds no game 99"),
        (lambda lib: lib.save(sw.Game.new(), game_id=99), "the library holds no game 99"),
        (lambda lib: lib.save(sw.Game.new(), result="draw"), "result is one of won, lost"),
        (lambda lib: lib.save(sw.Game.new(), scoring="golf"), "scoring is one of"),
        (lambda lib: lib.save(sw.Game.new(), hints=-1), "hints is a whole number"),
        (lambda lib: lib.save(sw.Game.new(), demo=1), "demo is True or False"),
        (lambda lib: lib.save(sw.Game.new(), seconds=float("nan")), "seconds is a number"),
        (lambda lib: lib.save(sw.Game.new(), started_at=datetime(2026, 1, 1)), "with a time zone"),
    ],
)
def test_bad_arguments_are_refused_and_change_nothing(lib, call, error):
    kept = lib.save(sw.Game.new("klondike", seed=5))
    with pytest.raises(ValueError, match=error):
        call(lib)
    assert [row["id"] for row in rows(lib)] == [kept] and lib.load(kept) == sw.Game.new("klondike", seed=5)


def test_only_a_game_is_saved(lib):
    with pytest.raises(TypeError, match="saves a Game, not dict"):
        lib.save(sw.Game.new().to_record())


def test_a_deleted_game_is_gone(lib):
    first, second = lib.save(sw.Game.new(seed=1)), lib.save(sw.Game.new(seed=2))
    lib.delete(first)
    assert [row["id"] for row in rows(lib)] == [second]
    with pytest.raises(sw.LibraryError, match=f"no game {first}"):
        lib.load(first)
    with pytest.raises(sw.LibraryError, match=f"no game {first}"):
        lib.row(first)


def test_one_row_is_read_by_its_id_as_the_list_gives_it(lib):
    first = lib.save(played(sw.Game.new(seed=1), 3), seconds=42.5)
    lib.save(sw.Game.new(seed=2))
    assert lib.row(first) == next(row for row in rows(lib) if row["id"] == first)
    assert lib.row(first)["seconds"] == 42.5 and list(lib.row(first)) == COLUMNS
    with pytest.raises(sw.LibraryError, match="a game id is a whole number"):
        lib.row("1")


def test_without_pandas_the_rows_are_a_list_of_dicts(lib, monkeypatch):
    import sys

    lib.save(sw.Game.new(seed=1))
    monkeypatch.setitem(sys.modules, "pandas", None)
    table = lib.games()
    assert isinstance(table, list) and list(table[0]) == COLUMNS


def test_a_closed_library_says_so(tmp_path):
    lib = sw.Library(tmp_path / "closed.sqlite3")
    lib.close()
    with pytest.raises(sw.LibraryError, match="is closed"):
        lib.games()


WON_BUT_ONE = {
    "game": "klondike",
    "stock": [],
    "waste": [],
    "foundations": [
        [f"{rank}C" for rank in "A23456789TJQK"],
        [f"{rank}D" for rank in "A23456789TJQK"],
        [f"{rank}H" for rank in "A23456789TJQK"],
        [f"{rank}S" for rank in "A23456789TJQ"],
    ],
    "tableau": [{"down": [], "up": ["KS"]}] + [{"down": [], "up": []}] * 6,
}
