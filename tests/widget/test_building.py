"""Building a study on the board (widget/building.py): a study started, moves asked with hints,
the game on show added as chapters (an exercise judged in the worker as ``Study.add_chapter``
judges it), the same from Python; forged, stale and untimely intents refused, nothing changed."""

from __future__ import annotations

from concurrent.futures import Future

import pytest
from study_helpers import LINE, QUESTION
from test_teaching import synced
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.widget.building import JUDGING, StudyBuilder
from solitaire_widget.widget.intents import Refusal


def played(count: int = len(LINE)) -> sw.Game:
    g = sw.Game.new("klondike", seed=7)
    for move in LINE[:count]:
        g.play(move)
    return g


@pytest.fixture
def board():
    """A board showing a game of 23 moves, with a view that has its timeline."""
    w = sw.SolitaireWidget(played())
    view = View(w)
    synced(view)
    yield w, view
    w.close()


def refusal(view: View) -> str:
    assert view.sent and view.sent[-1]["kind"] == "refused", view.sent
    return view.sent.pop()["reason"]


def node_id(w: sw.SolitaireWidget, view: View, ply: int) -> int:
    """The timeline id of move ``ply`` of the main line, as the view knows it."""
    rows = synced(view)
    node = w.game.root
    for _ in range(ply):
        node = node.variations[0]
    move = None if node.move is None else str(node.move)
    ids = [row["id"] for row in rows.values() if row["ply"] == ply and row["move"] == move]
    return ids[0]


def test_a_study_is_started_on_the_board_and_the_game_on_show_stays(board):
    w, view = board
    game, version = w.game, w.state["version"]
    view.send_intent("start_study", title="Klondike <basics>")
    assert view.sent == [] and w.game is game and w.state["version"] == version + 1
    assert w.study is not None and w.study.title == "Klondike <basics>" and w.study.chapters == ()
    assert w.state["study"] == {
        "title": "Klondike <basics>",
        "chapters": [],
        "chapter": None,
        "asked": [],
        "judging": None,
        "said": "Started the study 'Klondike <basics>': add the game on show as its first chapter.",
    }


@pytest.mark.parametrize(
    ("fields", "said"),
    [
        ({"title": 7}, "a study's title is text, not int"),
        ({"title": "x" * 201}, "at most 200 characters"),
        ({}, "a start_study intent needs title"),
        ({"title": "A", "hint": ""}, "has no field 'hint'"),
    ],
)
def test_a_bad_study_title_is_refused_and_nothing_changes(board, fields, said):
    w, view = board
    version = w.state["version"]
    view.send_intent("start_study", **fields)
    assert said in refusal(view)
    assert w.study is None and w.state["version"] == version


def test_moves_are_asked_with_hints_shown_in_the_state_and_the_move_list(board):
    w, view = board
    view.send_intent("ask", node=node_id(w, view, 3), hint="Uncover a card.")
    assert "start a study first" in refusal(view)
    w.start_study("Basics")
    third, first = node_id(w, view, 3), node_id(w, view, 1)
    view.send_intent("ask", node=third, hint="Uncover a card.")
    view.send_intent("ask", node=first, hint="")
    assert view.sent == [] and w.asked == {1: "", 3: "Uncover a card."}
    assert w.state["study"]["asked"] == [
        {"node": first, "ply": 1, "hint": ""},
        {"node": third, "ply": 3, "hint": "Uncover a card."},
    ]
    view.send_intent("ask", node=third, hint="Free the queen.")  # a new hint for the same move
    view.send_intent("unask", node=first)
    assert w.asked == {3: "Free the queen."}
    view.send_intent("unask", node=first)
    assert refusal(view) == "move 1 is not asked"


@pytest.mark.parametrize(
    ("node", "hint", "said"),
    [
        ("start", "", "the deal is not a move"),
        ("variation", "", "promote this variation first"),
        (9999, "", "there is no move 9999 in this game's timeline"),
        (-1, "", "node must be a whole number from 0"),
        (True, "", "node must be a whole number from 0"),
        ("third", 5, "the hint: a comment is text, not int"),
        ("third", "h" * 10_001, "the hint: a comment has at most 10,000 characters"),
    ],
)
def test_a_move_that_cannot_be_asked_is_refused(board, node, hint, said):
    w, view = board
    w.start_study("Basics")
    w.goto(5)
    w.play(next(m for m in w.legal_moves() if m != w.game.future[0]))  # a variation at move 6
    ids = {
        "start": node_id(w, view, 0),
        "third": node_id(w, view, 3),
        "variation": next(r["id"] for r in synced(view).values() if r["ply"] == 6 and r["index"] == 1),
    }
    version = w.state["version"]
    view.send_intent("ask", node=ids.get(node, node), hint=hint)
    assert said in refusal(view)
    assert w.asked == {} and w.state["version"] == version


def test_a_stale_or_forged_intent_is_refused_and_nothing_changes(board):
    w, view = board
    w.start_study("Basics")
    third, version = node_id(w, view, 3), w.state["version"]
    view.deliver({**view.intent("ask", node=third, hint=""), "version": version - 1})
    assert refusal(view) == "the board changed before this arrived"
    view.deliver({**view.intent("add_chapter", title="x"), "version": version + 5})
    assert refusal(view) == "the board changed before this arrived"
    view.send_intent("add_chapter", title=["x"])
    assert "a chapter's title is text, not list" in refusal(view)
    view.send_intent("unask", node=third, hint="")
    assert "has no field 'hint'" in refusal(view)
    assert w.asked == {} and w.study is not None and w.study.chapters == ()
    assert w.state["version"] == version


def test_the_game_on_show_becomes_a_chapter_and_again_as_a_copy(board):
    w, view = board
    view.send_intent("add_chapter", title="Aces first")
    assert "start a study first" in refusal(view)
    study = w.start_study("Basics")
    view.send_intent("add_chapter", title="Aces first")
    assert view.sent == [] and study.chapters[0].game is w.game
    assert w.state["study"]["chapters"] == [{"title": "Aces first", "exercise": False}]
    assert w.state["study"]["chapter"] == 0
    assert w.state["study"]["said"] == "Added chapter 1, 'Aces first': to read."
    w.game.annotate(2, "Written after the chapter was added.")  # the chapter is the game itself
    assert study.chapters[0].game.annotations[2] == "Written after the chapter was added."
    view.send_intent("add_chapter", title="Same game")
    assert study.chapters[1].game is not w.game and study.chapters[1].game == w.game
    assert w.state["study"]["chapter"] == 0
    w.new_game()  # the next game for chapter 3, while the study stays on show
    assert w.state["study"]["chapter"] is None and w.study is study


def test_an_exercise_is_judged_in_the_worker_as_study_add_chapter_judges_it(board):
    w, view = board
    study = w.start_study("Basics")
    view.send_intent("ask", node=node_id(w, view, QUESTION), hint="Keep the foundation whole.")
    chapter = w.add_chapter("Your turn")
    assert chapter is study.chapters[0] and chapter.is_exercise and chapter.game is w.game
    reference = sw.Study("Reference").add_chapter(
        w.game, "Your turn", exercise={QUESTION: "Keep the foundation whole."}
    )
    assert chapter.questions == reference.questions
    assert chapter.judging == reference.judging == JUDGING
    assert w.asked == {} and w.state["study"]["asked"] == []
    assert w.state["study"]["said"] == "Added chapter 1, 'Your turn': an exercise of 1 question."
    lesson = chapter.exercise()
    assert lesson.student_game().ply == QUESTION - 1


def test_python_says_what_cannot_be_asked_or_added_with_value_errors(board):
    w, _view = board
    with pytest.raises(ValueError, match="start a study first"):
        w.ask(3)
    w.start_study("Basics")
    with pytest.raises(ValueError, match="the main line's moves are 1 to 23, not 24"):
        w.ask(24)
    with pytest.raises(ValueError, match="the hint: a comment is text"):
        w.ask(3, hint=None)  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="move 3 is not asked"):
        w.unask(3)
    with pytest.raises(ValueError, match="a chapter's title is text"):
        w.add_chapter(3)  # type: ignore[arg-type]
    assert w.study is not None and w.study.chapters == () and w.asked == {}


def test_a_question_whose_move_leaves_the_main_line_is_dropped(board):
    w, _view = board
    w.start_study("Basics")
    w.ask(5, "first")
    w.ask(10, "second")
    w.goto(7)
    w.play(next(m for m in w.legal_moves() if m != w.game.future[0]))
    w.game.promote(w.game.node)  # move 8 onwards is now a variation: the question at 10 goes
    assert w.asked == {5: "first"}
    assert [q["ply"] for q in w.state["study"]["asked"]] == [5]


def test_no_study_is_started_during_a_lesson():
    study = sw.Study("Exercises")
    study.add_chapter(played(), "Your turn", exercise=[2], samples=2, node_limit=200)
    w = sw.SolitaireWidget(study)
    view = View(w)
    view.send_intent("start_study", title="Another")
    assert refusal(view) == "not during a lesson: find the next move, or press Show me"
    with pytest.raises(ValueError, match="not during a lesson"):
        w.start_study("Another")
    assert w.study is study
    w.close()


# ------------------------------------------------------------------ judging, step by step
class HeldTasks:
    """Stands in for the worker: tasks wait until the test settles them."""

    def __init__(self, *, fails: bool = False) -> None:
        self.fails = fails
        self.waiting: list[tuple[Future, object, int]] = []
        self.tasks: list[object] = []

    def submit(self, task):
        if self.fails:
            return None
        self.tasks.append(task)
        return Future()

    def when_done(self, future, settle, serial):
        self.waiting.append((future, settle, serial))

    def answer(self) -> None:
        """Run the oldest task here and settle its answer."""
        future, settle, serial = self.waiting.pop(0)
        future.set_result(self.tasks.pop(0)())
        settle(future, serial)


def builder(tasks: HeldTasks) -> tuple[StudyBuilder, list]:
    told: list = []
    return StudyBuilder(tasks=tasks, added=lambda study, chapter: told.append((study, chapter))), told


def test_judging_one_question_at_a_time_then_adding_the_chapter():
    tasks = HeldTasks()
    build, told = builder(tasks)
    study, game = sw.Study("S"), played(6)
    line = list(game.root.main_continuation())
    build.ask(game, line[1], "two")
    build.ask(game, line[3], "four")
    finished = build.start(study, game, "Exercise", copied=False)
    assert build.state(study, game, id)["judging"] == {"title": "Exercise", "questions": 2}
    assert len(tasks.waiting) == 1  # the second waits for the first's answer
    tasks.answer()
    assert len(tasks.waiting) == 1 and not finished.done()
    tasks.answer()
    chapter = finished.result()
    assert [q.ply for q in chapter.questions] == [2, 4] and [q.hint for q in chapter.questions] == [
        "two",
        "four",
    ]
    assert study.chapters == (chapter,) and told == [(study, chapter)]
    assert build.state(study, game, id) == {
        "asked": [],
        "judging": None,
        "said": "Added chapter 1, 'Exercise': an exercise of 2 questions.",
    }


def test_no_second_chapter_while_one_is_judged_and_none_when_the_line_changed():
    tasks = HeldTasks()
    build, told = builder(tasks)
    study, game = sw.Study("S"), played(6)
    build.ask(game, list(game.root.main_continuation())[2], "")
    finished = build.start(study, game, "First", copied=False)
    with pytest.raises(Refusal, match="'First' is being judged"):
        build.start(study, played(3), "Second", copied=False)
    game.goto(1)
    game.play(next(m for m in game.legal_moves() if m != game.future[0]))
    game.promote(game.node)
    tasks.answer()
    with pytest.raises(ValueError, match="The main line changed while it was judged"):
        finished.result()
    assert study.chapters == () and told == [(study, None)]


def test_judging_stopped_or_without_a_worker_adds_nothing():
    tasks = HeldTasks()
    build, _told = builder(tasks)
    study, game = sw.Study("S"), played(6)
    build.ask(game, list(game.root.main_continuation())[2], "")
    finished = build.start(study, game, "First", copied=False)
    build.stop("The board was closed")
    with pytest.raises(ValueError, match="The board was closed: the chapter 'First' was not added"):
        finished.result()
    build, _told = builder(HeldTasks(fails=True))
    build.ask(game, list(game.root.main_continuation())[2], "")
    with pytest.raises(ValueError, match="worker could not start"):
        build.start(study, game, "Again", copied=False).result()
    assert study.chapters == ()
