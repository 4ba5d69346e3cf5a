"""The analysis of a line (``judgement.analysis``): one judged move per ply, rows and summary,
its record read back exactly, a record that is wrong refused naming the entry, and no leak:
games that show the player the same thing get the same analysis."""

from __future__ import annotations

import re
import sys

import pytest
from engine_helpers import played
from test_chances import FAST, twin_hiding_other_cards

import solitaire_widget as sw
from solitaire_widget.engine.choices import distinct
from solitaire_widget.engine.knowledge import Hidden
from solitaire_widget.judgement.analysis import (
    COLUMNS,
    Analysis,
    MoveAnalysis,
    Settings,
    chances_for,
    tasks,
)
from solitaire_widget.judgement.chances import chances_at
from solitaire_widget.solver.search import Limit


def analysed(
    g: sw.Game, samples: int = 8, seed: int = 0, node_limit: int = 2_000, knows_stock: bool = False
) -> Analysis:
    """``g``'s line analysed from its start, in this process, from the building blocks."""
    settings = Settings.checked(samples, seed, node_limit, None, knows_stock)
    work = tasks(
        g.start,
        g.line,
        samples=settings.samples,
        seed=settings.seed,
        limits=settings.limits,
        knows_stock=settings.knows_stock,
    )
    return Analysis(settings, [MoveAnalysis.of(task, chances_for(task)) for task in work])


@pytest.fixture(scope="module")
def short_game() -> sw.Game:
    return played("klondike", 5, 10, rng_seed=5, draw=3)


@pytest.fixture(scope="module")
def analysis(short_game) -> Analysis:
    return analysed(short_game)


def test_each_ply_is_the_move_played_judged_among_every_choice(short_game, analysis):
    assert analysis.line == short_game.line and [m.ply for m in analysis.moves] == list(range(1, 11))
    position = short_game.start
    for judged in analysis.moves:
        assert list(judged.chances.moves) == distinct(position, position.legal_moves())
        assert judged.chance_after is judged.chances.moves[judged.move]
        assert float(judged.best_chance) >= float(judged.chance_after)
        position.push(judged.move)


def test_rows_give_the_chances_with_their_intervals_and_the_judgement(analysis, monkeypatch):
    frame = analysis.rows
    assert list(frame.columns) == list(COLUMNS) and len(frame) == 10
    monkeypatch.setitem(sys.modules, "pandas", None)  # without pandas: a list of dicts
    rows = analysis.rows
    assert isinstance(rows, list) and list(rows[0]) == list(COLUMNS)
    for row, judged in zip(rows, analysis.moves, strict=True):
        assert row["move"] == str(judged.move) and row["best_move"] == str(judged.best_move)
        assert row["chance_after_low"] <= row["chance_after"] <= row["chance_after_high"]
        assert row["judgement"] == judged.judgement


def test_the_summary_counts_each_judgement_and_averages_accuracy(analysis):
    summary = analysis.summary
    judged = [m for m in analysis.moves if m.judgement is not None]
    assert summary["moves"] == 10 and summary["judged"] == len(judged)
    assert sum(summary[name] for name in sw.judgement.moves.JUDGEMENTS) == len(judged)
    assert summary["accuracy"] is None or 0 <= summary["accuracy"] <= 100
    assert summary["accuracy"] is None or summary["accuracy"] == round(summary["accuracy"], 1)
    assert analysis.cut(0).summary["accuracy"] is None


ACE_SHUTTLE = {
    "game": "klondike",
    "stock": [],
    "waste": [],
    "foundations": [
        [f"{rank}C" for rank in "A23456789TJQK"],
        [f"{rank}D" for rank in "A23456789TJQK"],
        ["AS"],
        [],
    ],
    "tableau": [
        {"down": [], "up": ["AH"]},
        {"down": [], "up": ["2S"]},
        {"down": [f"{rank}H" for rank in "3456789TJQK"], "up": ["2H"]},
        {"down": [f"{rank}S" for rank in "456789TJQK"], "up": ["3S"]},
        *({"down": [], "up": []} for _ in range(3)),
    ],
}


def test_a_move_back_to_where_the_line_stood_with_nothing_new_seen_is_wasted():
    """A♥ sent home, back onto 2♠, home and back again: the last two moves come back to
    positions the line stood on, with no card seen meanwhile."""
    g = sw.Game.from_dict(ACE_SHUTTLE)
    for move in ("t0>f3", "f3>t1", "t1>f3", "f3>t1", "t1>f3"):
        g.play(move)
    analysis = analysed(g, samples=4, node_limit=500)
    assert [m.judgement == "wasted" for m in analysis.moves] == [False, False, True, True, True]
    assert analysis.summary["wasted"] == 3
    assert all(m.judgement != "best" for m in analysis.moves[2:])
    assert "nothing new seen" in analysis.moves[2].verdict.note
    back = Analysis.from_record(analysis.to_record(), g.start)
    assert [m.judgement for m in back.moves] == [m.judgement for m in analysis.moves]


def test_a_line_is_analysed_up_to_the_move_that_wins():
    g = sw.Game.new("klondike", seed=4)
    while not g.is_won:
        g.play(sw.strategies.greedy(g))
    won_at = g.ply
    g.play(g.legal_moves()[0])  # a card back from a foundation: play goes on after the win
    work = tasks(g.start, g.line, samples=1, seed=0, limits=Limit(nodes=10))
    assert len(work) == won_at


def test_an_analysis_holds_plies_from_the_first_sampled_as_its_settings_say(analysis):
    with pytest.raises(ValueError, match=re.escape("plies 1, 2, ... in order: its move 1 is ply 2")):
        Analysis(analysis.settings, analysis.moves[1:])
    other = Settings(analysis.settings.samples + 1, 0, 2_000, None)
    with pytest.raises(ValueError, match="ply 1 was sampled 8 times, not 9"):
        Analysis(other, analysis.moves)
    with pytest.raises(ValueError, match="not one of the moves judged there"):
        MoveAnalysis.judged(1, sw.Move("tableau/0", "tableau/1", 5), analysis.moves[0].chances)


def test_the_record_of_an_analysis_reads_back_the_same(short_game, analysis):
    data = analysis.to_record()
    assert data["samples"] == 8 and data["node_limit"] == 2_000 and data["time_limit"] is None
    back = Analysis.from_record(data, short_game.start)
    assert back == analysis and back.to_record() == data
    for mine, theirs in zip(back.moves, analysis.moves, strict=True):
        assert {m: (c.wins, c.unknowns) for m, c in mine.chances.moves.items()} == {
            m: (c.wins, c.unknowns) for m, c in theirs.chances.moves.items()
        }
        assert mine.verdict == theirs.verdict


def test_a_known_stock_analysis_samples_only_the_tableau_and_its_record_says_so(short_game):
    known_stock = analysed(short_game, 4, knows_stock=True)
    assert all(m.chances.unseen == sum(map(len, p.down)) for m, p in _positions(short_game, known_stock))
    data = known_stock.to_record()
    assert data["knows_stock"] is True and "knows_stock" not in analysed(short_game, 4).to_record()
    back = Analysis.from_record(data, short_game.start)
    assert back.settings.knows_stock and back.to_record() == data
    with pytest.raises(sw.RecordError, match="knows_stock"):
        Analysis.from_record(data | {"knows_stock": "yes"}, short_game.start)
    with pytest.raises(ValueError, match="knows_stock"):
        sw.analyse(short_game, 4, knows_stock=1, executor="serial", progress=False)


def _positions(g: sw.Game, analysis: Analysis):
    position = g.start.copy()
    for move in analysis.moves:
        yield move, position.copy()
        position.push(move.move)


def test_games_that_differ_only_face_down_get_the_same_known_stock_analysis():
    g = played("klondike", 5, 18, rng_seed=5, draw=3, deal_to_waste=False)
    twin = twin_hiding_other_cards(g, knows_stock=True)
    assert twin.start.key() != g.start.key() and twin.start.stock == g.start.stock
    mine = analysed(g, FAST["samples"], 5, FAST["node_limit"], knows_stock=True)
    theirs = analysed(twin, FAST["samples"], 5, FAST["node_limit"], knows_stock=True)
    assert mine.to_record() == theirs.to_record()


# ---------------------------------------------------------------------- no leak
PAIRS = [
    ("klondike", 2, 12, {"draw": 1, "deal_to_waste": False}),
    ("klondike", 5, 18, {"draw": 3, "deal_to_waste": False}),
    ("father", 9, 10, {}),
    ("following", 12, 12, {}),
]


@pytest.mark.parametrize(("game", "seed", "moves", "options"), PAIRS)
@pytest.mark.slow
def test_games_that_show_the_same_but_hide_different_cards_get_the_same_analysis(game, seed, moves, options):
    g = played(game, seed, moves, rng_seed=seed, **options)
    twin = twin_hiding_other_cards(g)
    assert twin.known_cards() == g.known_cards() and twin.line == g.line
    if len(g.unseen()) > 1:
        assert twin.start.key() != g.start.key()  # the test compares games that really differ
    mine = analysed(g, FAST["samples"], seed, FAST["node_limit"])
    theirs = analysed(twin, FAST["samples"], seed, FAST["node_limit"])
    assert mine.to_record() == theirs.to_record()
    assert [m.row() for m in mine.moves] == [m.row() for m in theirs.moves]


def test_where_at_most_one_card_is_unseen_one_solve_stands_for_every_sample():
    g = sw.Game.new("klondike", seed=4)
    while not g.is_won:
        g.play(sw.strategies.greedy(g))
    work = tasks(g.start, g.line, samples=16, seed=0, limits=Limit(nodes=3_000))
    known = [task for task in work if len(Hidden(task.position, task.known).unseen) <= 1]
    assert known and len(known) < len(work)
    for task in known[:: max(1, len(known) // 5)]:
        every = chances_at(task.position, task.known, task.samples, task.seed, task.limits)
        assert chances_for(task) == every
        assert {m: (c.wins, c.unknowns) for m, c in chances_for(task).moves.items()} == {
            m: (c.wins, c.unknowns) for m, c in every.moves.items()
        }
