"""``w.demo()`` and the board's Demo button: the solver's line played on the board, a lost or
undecided position said so, and a stopped demo an ordinary game to play on."""

from __future__ import annotations

import threading

import pytest
from test_run import consistent
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.widget.run import DEMO_DELAYS

LOST_DEAL = 59
"""A Klondike deal (draw 1) the solver proves lost in a fraction of a second."""


@pytest.fixture
def widgets():
    made: list[sw.SolitaireWidget] = []

    def make(*args, **kwargs) -> sw.SolitaireWidget:
        widget = sw.SolitaireWidget(*args, **kwargs)
        made.append(widget)
        return widget

    yield make
    for widget in made:
        widget.close()


def moves_reached(widget: sw.SolitaireWidget, count: int) -> threading.Event:
    """An event set once the board shows ``count`` moves."""
    reached = threading.Event()

    def seen(change: dict) -> None:
        if change["new"]["moves"] >= count:
            reached.set()

    widget.observe(seen, names="state")
    return reached


@pytest.mark.parametrize(("game", "seed"), [("klondike", 4), ("father", 4), ("following", 2)])
def test_the_demo_plays_the_solvers_line_to_a_win(widgets, game, seed):
    w = widgets(game, seed=seed)
    run = w.demo(delay=0)
    assert w.state["run"] == {"playing": True, "end": None, "said": None, "demo": True}
    assert run.wait(120)
    assert run.said == "won" and w.state["status"] == "won" and run.moves == w.game.ply
    assert w.state["run"] == {"playing": False, "end": "won", "said": "won", "demo": True}
    consistent(w)


def test_a_demo_from_a_lost_position_ends_at_once_saying_so(widgets):
    w = widgets("klondike", seed=LOST_DEAL)
    run = w.demo(delay=0)
    assert run.wait(60)
    assert run.said == "the solver proves this position lost" and run.moves == 0
    assert w.state["run"]["said"] == run.said and w.game.ply == 0


def test_a_demo_the_solver_cannot_decide_in_time_says_so(widgets):
    w = widgets("klondike", seed=LOST_DEAL)
    run = w.demo(delay=0, time_limit=0.001)
    assert run.wait(60)
    assert run.said == "the solver found no winning line within its limits (0.001 s)"
    assert w.game.ply == 0


def test_a_stopped_demo_leaves_an_ordinary_game(widgets):
    w = widgets("klondike", seed=4)
    three = moves_reached(w, 3)
    run = w.demo(delay=0.05)
    assert three.wait(60)
    w.stop()
    assert run.wait(10) and run.said == "stopped"
    played = w.game.ply
    assert played >= 3 and w.state["run"]["playing"] is False
    consistent(w)
    w.undo()
    w.play(w.legal_moves()[0])
    assert w.game.ply == played
    consistent(w)


def test_the_demo_plays_its_line_whatever_the_auto_play_setting(widgets):
    w = widgets("klondike", seed=4)
    w.autoplay_mode = "safe"
    alone = widgets("klondike", seed=4)
    first, second = w.demo(delay=0), alone.demo(delay=0)
    assert first.wait(120) and second.wait(120)
    assert first.said == second.said == "won"
    assert w.game.history == alone.game.history


def test_the_boards_demo_button_starts_it_at_the_chosen_speed(widgets):
    w = widgets("father", seed=4)
    view = View(w)
    view.send_intent("setting", name="demo_speed", value="fast")
    assert w.demo_speed == "fast"
    view.send_intent("demo")
    assert view.sent == []
    run = w.last_run
    assert w.state["run"]["demo"] is True and run.delay == DEMO_DELAYS["fast"]
    w.stop()
    assert run.wait(30)
    consistent(w)


def test_the_board_may_not_ask_for_a_demo_of_a_finished_game_or_in_a_lesson(widgets):
    w = widgets("following", seed=2)
    view = View(w)
    assert w.demo(delay=0).wait(120) and w.state["status"] == "won"
    view.send_intent("demo")
    assert view.sent[-1]["reason"] == "the game is over: there is no line left to show"
    teacher = sw.Game.new("following", seed=1)
    teacher.play(teacher.legal_moves()[0])
    w.lesson(teacher)
    view.send_intent("demo")
    assert view.sent[-1]["reason"] == "not during a lesson: find the next move, or press Show me"
    with pytest.raises(ValueError, match="lesson"):
        w.demo()
    assert w.state["run"] is None


@pytest.mark.parametrize(
    "arguments",
    [{"delay": -1}, {"delay": True}, {"time_limit": 0}, {"time_limit": -3}, {"time_limit": "10"}],
)
def test_bad_arguments_to_demo_are_refused(widgets, arguments):
    w = widgets("klondike", seed=4)
    with pytest.raises(ValueError):
        w.demo(**arguments)
    assert w.state["run"] is None and w.game.ply == 0
