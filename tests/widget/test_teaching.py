"""The widget's teaching side: the timeline sent apart from the state, goto and enter from
the board, comments and marks, records, and lessons."""

from __future__ import annotations

import json

import pytest
from test_widget import View, position_of

import solitaire_widget as sw
from solitaire_widget.lesson import OTHER_MOVE


def walked(name: str = "father", seed: int = 5, count: int = 10) -> sw.Game:
    g = sw.Game.new(name, seed=seed)
    for step in range(count):
        legal = g.legal_moves()
        g.play(legal[(step * 3 + 1) % len(legal)])
    return g


def synced(view: View) -> dict[int, dict]:
    """The rows a view has after asking for the whole timeline and applying what followed."""
    view.send_intent("sync_timeline")
    rows: dict[int, dict] = {}
    for message in view.timeline:
        if message["reset"]:
            rows = {}
        rows.update((row["id"], row) for row in message["rows"])
        for removed in message["removed"]:
            del rows[removed]
    return rows


def line_of(rows: dict[int, dict], end: int) -> list[dict]:
    line = []
    node: int | None = end
    while node is not None:
        line.append(rows[node])
        node = rows[node]["parent"]
    return line[::-1]


def test_the_state_says_where_the_game_stands_in_its_line():
    g = walked()
    w = sw.SolitaireWidget(g)
    g.goto(4)
    state = w.state
    assert (state["ply"], state["line_length"], state["marks"]) == (4, 10, [])
    standing = g.line[3]
    assert state["standing"] == {
        "source": standing.source,
        "target": standing.target,
        "count": standing.count,
    }
    assert state["last_move"]["action"] == "goto" and state["lesson"] is None
    g.goto(0)
    assert w.state["standing"] is None and w.state["last_move"] is None


def test_a_view_that_asks_gets_the_whole_timeline_and_the_line_it_stands_on():
    g = walked()
    w = sw.SolitaireWidget(g)
    view = View(w)
    rows = synced(view)
    assert len(rows) == 11 and view.timeline[-1]["reset"] is True
    line = line_of(rows, w.state["line_end"])
    assert [row["move"] for row in line] == [None, *map(str, g.line)]
    assert line[0]["sentence"] == "the deal" and line[3]["sentence"] == g.sentence(3)
    assert view.timeline[-1]["version"] == w.state["timeline_version"]


def test_sync_is_answered_even_on_a_stale_version():
    w = sw.SolitaireWidget(walked())
    view = View(w)
    view.deliver({"kind": "sync_timeline", "version": 0, "request": view.request()})
    assert view.sent == [] and view.timeline[-1]["reset"]


def test_a_move_sends_one_row_and_the_bytes_per_move_stay_small_at_move_400():
    g = sw.Game.new("klondike", seed=1)
    w = sw.SolitaireWidget(g)
    view = View(w)
    synced(view)
    sizes = []
    for _ in range(400):
        view.timeline.clear()
        before = w.state["version"]
        view.move(g.legal_moves()[-1])
        assert w.state["version"] == before + 1
        assert len(view.timeline) == 1 and len(view.timeline[0]["rows"]) == 1
        sizes.append(len(json.dumps(view.timeline[0])) + len(json.dumps(w.state)))
    assert max(sizes[-20:]) < 4096


def test_goto_and_enter_from_the_board():
    g = walked()
    w = sw.SolitaireWidget(g)
    view = View(w)
    view.send_intent("goto", ply=3)
    assert g.ply == 3 and w.state["position"] == position_of(g)
    g.play(next(m for m in g.legal_moves() if m != g.future[0]))
    rows = synced(view)
    old_branch = next(row for row in rows.values() if row["ply"] == 4 and row["index"] == 0)
    view.send_intent("enter", node=old_branch["id"])
    assert g.ply == 4 and g.line[3] == sw.Move.parse(old_branch["move"]) and len(g.line) == 10
    view.send_intent("goto", ply=11)
    view.send_intent("enter", node=9999)
    view.send_intent("goto", ply=-1)
    assert [message["reason"] for message in view.sent] == [
        "there is no move 11 in this line (it has 10)",
        "there is no move 9999 in this game's timeline any more",
        "ply must be a whole number from 0, not -1",
    ]
    assert g.ply == 4


def test_comments_and_marks_reach_the_view_as_data():
    g = walked()
    w = sw.SolitaireWidget(g)
    view = View(w)
    synced(view)
    view.timeline.clear()
    w.annotate(2, "<script>alert('x')</script>", marks=["tableau/1", "KS"])
    (message,) = view.timeline
    (row,) = message["rows"]
    assert row["comment"] == "<script>alert('x')</script>" and row["marks"] == ["tableau/1", "KS"]
    w.goto(2)
    assert w.state["marks"] == ["tableau/1", "KS"]


def test_a_new_deal_resets_the_timeline_and_versions_keep_rising():
    w = sw.SolitaireWidget(walked())
    view = View(w)
    synced(view)
    version = view.timeline[-1]["version"]
    w.new_game(seed=2)
    reset = view.timeline[-1]
    assert reset["reset"] and reset["version"] > version and len(reset["rows"]) == 1
    assert w.state["timeline_version"] == reset["version"]


def test_save_and_load_from_the_widget(tmp_path):
    g = walked()
    g.annotate(1, "first")
    w = sw.SolitaireWidget(g)
    w.goto(6)
    w.save(tmp_path / "game.json")
    other = sw.SolitaireWidget("klondike", seed=1)
    loaded = other.load(tmp_path / "game.json")
    assert other.game is loaded and loaded == g and loaded.annotations == {1: "first"}
    assert other.state["ply"] == 6 and other.state["game"] == "father"
    (tmp_path / "bad.json").write_text('{"format": "solitaire-widget record", "version": 1')
    before = other.game
    with pytest.raises(sw.RecordError):
        other.load(tmp_path / "bad.json")
    assert other.game is before


def lesson_game() -> sw.Game:
    teacher = walked("following", seed=3, count=8)
    teacher.annotate(2, "Build down on the pile.")
    teacher.goto(0)
    return teacher


def test_a_lesson_asks_for_each_move_of_the_main_line():
    teacher = lesson_game()
    w = sw.SolitaireWidget("klondike", seed=1)
    view = View(w)
    lesson = w.lesson(teacher.to_record())
    assert w.game.ply == 0 and w.game.name == "following"
    expected = {"kind": "moves", "total": 8, "ply": 0, "found": 0, "shown": 0, "done": False, "said": None}
    assert w.state["lesson"] == expected

    first, second = teacher.line[:2]
    wrong = next(m for m in w.game.legal_moves() if m != first)
    view.move(wrong)
    assert view.sent[-1]["reason"] == OTHER_MOVE and w.game.ply == 0
    view.move(first)
    assert w.game.ply == 1 and w.state["lesson"]["found"] == 1
    assert w.state["lesson"]["said"] == f"Right: {w.game.sentence(1)}."
    view.send_intent("show_me")
    assert w.game.history == (first, second) and w.state["lesson"]["shown"] == 1
    assert w.state["lesson"]["said"] == f"The move: {w.game.sentence(2)}. Build down on the pile."
    view.send_intent("undo")
    assert view.sent[-1]["reason"].startswith("not during a lesson") and w.game.ply == 2

    for move in teacher.line[2:]:
        view.move(move)
    state = w.state["lesson"]
    assert state["done"] and state["said"].endswith("Lesson complete: you found 7 of 8 moves unaided.")
    assert (lesson.found, lesson.shown) == (7, 1)
    view.send_intent("show_me")
    assert view.sent[-1]["reason"] == "the lesson is over"
    w.end_lesson()
    assert w.state["lesson"] is None
    view.send_intent("undo")
    assert w.game.ply == 7


def test_an_illegal_move_in_a_lesson_is_refused_with_the_rule():
    w = sw.SolitaireWidget("klondike", seed=1)
    view = View(w)
    w.lesson(lesson_game())
    view.move("t0>f3")
    assert "cannot go on foundation 4" in view.sent[-1]["reason"] and w.game.ply == 0


def test_show_me_outside_a_lesson_is_refused():
    w = sw.SolitaireWidget("klondike", seed=1)
    view = View(w)
    view.send_intent("show_me")
    assert view.sent[-1]["reason"] == "no lesson is running"


def test_a_lesson_on_a_record_with_an_illegal_move_is_refused_and_nothing_changes():
    data = lesson_game().to_record()
    data["tree"][3]["move"] = "t5>f3"
    w = sw.SolitaireWidget("klondike", seed=1)
    before, version = w.game, w.state["version"]
    with pytest.raises(sw.RecordError, match=r"tree\[3\] \(move 3\): t5>f3 is not legal there"):
        w.lesson(data)
    assert w.game is before and w.state["version"] == version and w.state["lesson"] is None


def test_a_record_or_a_lesson_on_the_board_holds_the_clock(tmp_path):
    g = walked()
    g.save(tmp_path / "game.json")
    for shown in (sw.SolitaireWidget(g.copy()), sw.SolitaireWidget("klondike", seed=1)):
        if shown.game.name == "klondike":
            shown.load(tmp_path / "game.json")
        assert shown.state["clock_held"] and shown.state["finished_at"] == shown.state["first_move_at"]
        shown.goto(3)
        assert shown.state["clock_held"], "stepping through a record is not playing it"
        shown.play(shown.legal_moves()[0])
        assert not shown.state["clock_held"] and shown.state["finished_at"] is None

    w = sw.SolitaireWidget("klondike", seed=1)
    view = View(w)
    w.lesson(lesson_game())
    assert w.state["clock_held"]
    view.move(lesson_game().line[0])
    assert w.game.ply == 1 and w.state["clock_held"], "a lesson's moves are not timed"
    assert w.state["finished_at"] == w.state["first_move_at"]
    w.end_lesson()
    assert w.state["clock_held"]
    w.play(w.legal_moves()[0])
    assert not w.state["clock_held"]
