"""Fair judgement on the board: fair hints (the default) and the solver's, the still-winnable
chip's judgement of the move that lost the game, and the analysis of the game's line run on
the board one move at a time, with its intents, its stop and its failures.

A ``ControlledWorker`` (test_aids.py) stands in for the solver process, so a test decides
when each answer arrives; the work itself is the real one, with the board's sampling."""

from __future__ import annotations

import pytest
import test_aids
import traitlets
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from test_aids import settled
from test_widget import View

import solitaire_widget as sw

BETTER = "10♠ from the waste onto 9♠ on foundation 4"


workers = test_aids.workers  # the fixture, shared


def fair_board(source: str | dict = "klondike", seed: int = 3) -> tuple[sw.SolitaireWidget, View]:
    game = sw.Game.from_dict(source) if isinstance(source, dict) else sw.Game.new(source, seed)
    w = sw.SolitaireWidget(game)
    return w, View(w)


def lost_board() -> tuple[sw.SolitaireWidget, View]:
    """The losable game with its line played: move 3 loses it, a blunder from what the
    player could see (the ten of spades could go home instead)."""
    w, view = fair_board(LOSABLE_KLONDIKE)
    for move in LOSABLE_LINE:
        w.play(move)
    return w, view


def answer(w: sw.SolitaireWidget, workers: list) -> dict:
    """Let the worker finish the task it runs, and wait until its answer is settled (an
    analysis gives the worker its next move only then)."""
    workers[-1].finish()
    return settled(w)


# ---------------------------------------------------------------------- hints
def test_the_boards_hint_is_fair_by_default_and_says_its_chance(workers):
    w, view = fair_board(seed=4)  # its first choice is judged on samples (seed 3's is an ace sent home)
    assert w.hint_mode == "fair"
    view.send_intent("hint")
    workers[-1].finish()
    hint = settled(w)["hint"]
    expected = w.game.hint(fair=True)
    assert hint["source"] == "fair" and hint["sentence"] == expected.sentence
    assert "of the ways the hidden cards can lie" in hint["sentence"]
    assert hint["move"] == {"source": expected.move.source, "target": expected.move.target, "count": 1}


def test_the_setting_switches_to_the_solvers_hint_and_w_hint_follows_it_unless_told(workers):
    w, view = fair_board()
    workers[-1].autorun = True
    view.send_intent("setting", name="hint_mode", value="solver")
    assert w.hint_mode == "solver" and view.sent == []
    view.send_intent("hint")
    assert settled(w)["hint"]["source"] in ("solver", "heuristic")
    assert w.hint().source is not sw.HintSource.FAIR
    assert w.hint(fair=True).source is sw.HintSource.FAIR
    assert w.aids["hint"]["source"] == "fair", "the hint asked from Python shows on the board"


def test_bad_hint_modes_are_refused_and_change_nothing(workers):
    with pytest.raises(traitlets.TraitError, match="hint_mode"):
        sw.SolitaireWidget("klondike", seed=3, hint_mode="cheat")
    w, view = fair_board()
    content = view.send_intent("setting", name="hint_mode", value="cheat")
    assert view.sent == [
        {
            "kind": "refused",
            "request": content["request"],
            "reason": "hint_mode is 'fair' or 'solver', not 'cheat'",
        }
    ]
    assert w.hint_mode == "fair"
    with pytest.raises(ValueError, match="fair must be True, False or None, not 'yes'"):
        w.hint(fair="yes")
    assert sw.SolitaireWidget("klondike", seed=3, hint_mode="solver").hint_mode == "solver"


def test_w_hint_takes_game_hints_keywords_and_a_bad_one_changes_nothing(workers):
    w, _ = fair_board()
    workers[-1].autorun = True
    w.play("t4>f0")  # A♠ home: the next fair hint is judged on samples
    settings = {"samples": 8, "seed": 5, "node_limit": 2_000}
    expected = w.game.copy().hint(fair=True, **settings)
    assert w.hint(fair=True, **settings).sentence == expected.sentence
    shown = w.aids["hint"]
    with pytest.raises(ValueError, match="samples"):
        w.hint(fair=True, samples=0)
    assert w.aids["hint"] == shown, "a refused hint leaves the one shown"


# ---------------------------------------------------------------------- the chip
def test_the_chip_judges_the_losing_move_from_what_the_player_could_see(workers):
    w, _ = lost_board()
    w.check_winnable = True
    workers[-1].finish()
    verdict = settled(w)["winnable"]
    assert (verdict["status"], verdict["lost_at"]) == ("lost", 3)
    assert verdict["lost_move"] == {"status": "judging", "ply": 3}
    workers[-1].finish()
    judged = settled(w)["winnable"]["lost_move"]
    assert judged["status"] == "judged" and judged["ply"] == 3
    assert (judged["luck"], judged["judgement"]) == ("mistake", "blunder")
    assert judged["sentence"].startswith("Move 3 (turn one card from the stock) was a blunder: from what you")
    assert judged["sentence"].endswith(f"{BETTER} was better.")
    # The game goes on lost since move 3: the move is not judged again.
    tasks = len(workers[-1].tasks)
    w.play("t1>f2")
    workers[-1].finish()
    assert settled(w)["winnable"]["lost_move"] == judged
    assert len(workers[-1].tasks) == tasks + 1, "one check, no second judgement"


# ---------------------------------------------------------------------- analysis
def test_analyse_runs_one_move_at_a_time_and_hints_get_in_between(workers):
    w, view = lost_board()
    version = w.state["version"]
    view.send_intent("analyse")
    assert w.state["version"] == version and view.sent == []
    assert w.analysis == {"status": "running", "done": 0, "total": 3, "said": None, "moves": []}
    assert len(workers[-1].waiting()) == 1, "one move's sampling at a time in the worker"
    view.send_intent("hint")
    answer(w, workers)  # move 1 judged; the hint asked meanwhile comes before move 2
    assert (w.analysis["done"], len(w.analysis["moves"])) == (1, 1)
    assert answer(w, workers)["hint"]["status"] == "ready"
    answer(w, workers)
    answer(w, workers)
    analysis = w.analysis
    assert (analysis["status"], analysis["done"], analysis["said"]) == ("done", None, None)
    rows = analysis["moves"]
    assert [row["move"] for row in rows] == list(LOSABLE_LINE)
    assert [row["judgement"] for row in rows][2] == "blunder" and rows[2]["glyph"] == "??"
    assert rows[2]["after"]["estimate"] == 0 and rows[2]["best_move"] == "w>f3"
    assert rows[2]["words"].startswith("Move 3, turn one card from the stock: a blunder: it gave up ")
    drop = round(rows[2]["best"]["estimate"] * 100)
    assert rows[2]["words"].endswith(
        f"{drop} points of win chance, leaving 0% where {BETTER} would have kept {drop}%."
    )
    timeline = {row["ply"]: row["id"] for message in view.timeline for row in message["rows"] if row["move"]}
    assert [row["node"] for row in rows] == [timeline[1], timeline[2], timeline[3]]


def test_the_board_plays_on_during_an_analysis_and_it_judges_the_line_it_started_on(workers):
    w, view = lost_board()
    view.send_intent("analyse")
    view.send_intent("undo")
    view.send_intent("goto", ply=1)
    assert w.game.ply == 1
    for _ in range(3):
        answer(w, workers)
    assert [row["move"] for row in w.analysis["moves"]] == list(LOSABLE_LINE)


def test_stop_leaves_the_game_unchanged_and_says_so(workers):
    w, view = lost_board()
    before = w.game.to_record()
    view.send_intent("analyse")
    answer(w, workers)
    content = view.intent("stop_analysis")
    content["version"] = 0  # answered whatever its version, as the board plays on
    view.deliver(content)
    assert view.sent == []
    assert w.analysis == {
        "status": "stopped",
        "done": None,
        "total": None,
        "said": "stopped after 1 of 3 moves: the game is unchanged",
        "moves": [],
    }
    assert w.game.to_record() == before
    answer(w, workers)  # the move being judged when it stopped: its answer is dropped
    assert w.analysis["status"] == "stopped" and workers[-1].waiting() == []
    assert w.game.to_record() == before and w.game.analysis is None


def test_a_failed_analysis_says_why_and_changes_nothing(workers):
    w, view = lost_board()
    before = w.game.to_record()
    view.send_intent("analyse")
    _, future = workers[-1].tasks[0]
    future.set_exception(MemoryError("out of memory"))
    settled(w)
    assert w.analysis["status"] == "failed" and w.analysis["moves"] == []
    assert w.analysis["said"] == "the analysis failed at move 1 (out of memory): the game is unchanged"
    assert w.game.to_record() == before and w.game.analysis is None


def test_a_new_deal_stops_the_analysis(workers):
    w, view = lost_board()
    view.send_intent("analyse")
    old = w.game
    w.new_game("father", seed=1)
    assert w.analysis == {"status": "none", "done": None, "total": None, "said": None, "moves": []}
    assert w.game is not old


@pytest.mark.parametrize(
    ("kind", "fields", "reason"),
    [
        ("analyse", {"samples": 1000}, "an analyse intent has no field 'samples'"),
        ("stop_analysis", {}, "no analysis is running on this board"),
        ("analyse", {"version": 0}, "the board changed before this arrived"),
    ],
)
def test_forged_or_stale_analysis_intents_are_refused(workers, kind, fields, reason):
    w, view = lost_board()
    content = {**view.intent(kind), **fields}
    view.deliver(content)
    assert view.sent == [{"kind": "refused", "request": content["request"], "reason": reason}]
    assert w.analysis["status"] == "none" and workers[-1].tasks == []


def test_one_analysis_at_a_time_and_none_of_an_empty_line_or_in_a_lesson(workers):
    w, view = fair_board()
    view.send_intent("analyse")
    assert view.sent[-1]["reason"] == "there is no move to analyse yet: play some first"
    w.play("s>w")
    view.send_intent("analyse")
    view.send_intent("analyse")
    assert view.sent[-1]["reason"] == "an analysis is already running on this board: stop it first"
    teacher = sw.Game.new("klondike", seed=3)
    teacher.play("s>w")
    w.lesson(teacher)
    view.send_intent("analyse")
    assert "lesson" in view.sent[-1]["reason"]
    with pytest.raises(ValueError, match="lesson"):
        w.analyse()


def test_w_analyse_waits_keeps_the_analysis_in_the_game_and_raises_when_stopped(workers):
    w, view = lost_board()
    workers[-1].autorun = True
    analysis = w.analyse(samples=16, node_limit=5_000)
    assert isinstance(analysis, sw.Analysis) and w.game.analysis is analysis
    assert analysis.line == tuple(map(sw.Move.parse, LOSABLE_LINE))
    assert (analysis.settings.samples, analysis.settings.node_limit) == (16, 5_000)
    assert settled(w) and w.analysis["status"] == "done" and len(w.analysis["moves"]) == 3
    with pytest.raises(ValueError, match="samples"):
        w.analyse(samples=0)

    workers[-1].autorun = False

    def stop_when_started(change: dict) -> None:
        if change["new"]["status"] == "running":
            view.send_intent("stop_analysis")

    w.observe(stop_when_started, names="analysis")
    with pytest.raises(sw.AnalysisStopped, match="stopped after 0 of 3 moves: the game is unchanged"):
        w.analyse()
    assert w.game.analysis is analysis, "the analysis kept before stays"
    assert w.analysis["status"] == "stopped" and len(w.analysis["moves"]) == 3


def test_an_analysed_game_loaded_on_the_board_shows_its_analysis_at_once(workers, tmp_path):
    w, _ = lost_board()
    workers[-1].autorun = True
    w.analyse()
    w.save(tmp_path / "analysed.json")
    other, _ = fair_board()
    other.load(tmp_path / "analysed.json")
    assert other.analysis["status"] == "done"
    assert [row["glyph"] for row in other.analysis["moves"]] == [
        row["glyph"] for row in settled(w) and w.analysis["moves"]
    ]
    assert other.learn_from_mistakes().total == 1, "the board's analysis is the one lessons learn from"


def test_the_analysis_is_read_only():
    w, _ = fair_board()
    with pytest.raises(traitlets.TraitError, match="read-only"):
        w.analysis = {"status": "done", "moves": []}


# ---------------------------------------------------------------------- learn from your mistakes
def test_learn_from_mistakes_starts_from_the_board_and_end_lesson_plays_on(workers):
    w, view = lost_board()
    view.send_intent("learn_from_mistakes")
    assert view.sent[-1]["reason"].startswith("the game has no analysis")
    assert w.state["lesson"] is None and w.game.ply == len(LOSABLE_LINE)

    sw.analyse(w.game, executor="serial", progress=False)
    view.send_intent("learn_from_mistakes")
    lesson = w.state["lesson"]
    assert lesson["kind"] == "mistakes" and lesson["total"] == 1 and lesson["ply"] == 0
    assert "Before move 3 the game played a blunder" in lesson["said"]
    assert w.game.history == tuple(sw.Move.parse(m) for m in LOSABLE_LINE[:2])

    view.send_intent("undo")
    assert "lesson" in view.sent[-1]["reason"]
    view.send_intent("move", source="stock", target="waste", count=1)
    assert view.sent[-1]["reason"].startswith("not better enough")
    view.send_intent("show_me")
    lesson = w.state["lesson"]
    assert lesson["done"] and lesson["shown"] == 1 and BETTER in lesson["said"]

    view.send_intent("end_lesson")
    assert w.state["lesson"] is None
    view.send_intent("end_lesson")
    assert view.sent[-1]["reason"] == "no lesson is running"
    view.send_intent("undo")
    assert w.game.ply == 2


def test_learn_from_mistakes_is_refused_when_the_analysis_found_none(workers):
    w, view = fair_board()
    w.play("s>w")
    sw.analyse(w.game, executor="serial", progress=False, samples=8)
    view.send_intent("learn_from_mistakes")
    assert view.sent[-1]["reason"].startswith("the analysis judged no move a mistake or a blunder")
    assert w.state["lesson"] is None


def test_a_board_made_on_an_analysed_game_shows_its_analysis_from_the_first_state(workers):
    game = sw.Game.from_dict(LOSABLE_KLONDIKE)
    for move in LOSABLE_LINE:
        game.play(move)
    sw.analyse(game, executor="serial", progress=False)
    w = sw.SolitaireWidget(game)
    assert w.analysis["status"] == "done"
    assert [row["judgement"] for row in w.analysis["moves"]] == ["best", "best", "blunder"]
    assert sw.SolitaireWidget("klondike", 3).analysis["status"] == "none"
