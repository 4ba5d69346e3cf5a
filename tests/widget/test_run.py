"""``w.run(strategy, delay)``: a strategy's run on the board from a background thread,
stopped from the board or from Python with the game consistent, and the game's lock held
by every change to the game."""

from __future__ import annotations

import pytest
import scripting_helpers as bots
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.engine.outcome import RunEnd
from solitaire_widget.scripting import strategies


def consistent(widget: sw.SolitaireWidget) -> None:
    """The game is its deal with its history played whole, and the board shows exactly it."""
    game = widget.game
    replayed = sw.Game.new(game.name, seed=game.seed, **game.options)
    for move in game.history:
        replayed.play(move)
    assert replayed.to_dict() == game.to_dict()
    assert widget.state["moves"] == game.ply
    assert widget.state["position"]["tableau"] == game.to_dict()["tableau"]


@pytest.fixture
def gated():
    """A gated strategy, released for good at the end so no thread is left waiting."""
    strategy = bots.Gated()
    yield strategy
    for _ in range(1000):
        strategy.release()


def test_a_strategy_plays_on_the_board_to_the_end():
    w = sw.SolitaireWidget("following", seed=2)
    view = View(w)
    run = w.run(strategies.greedy, delay=0)
    assert run.wait(60)
    assert run.said == "won" and not run.playing and run.moves == w.game.ply > 0
    assert (
        w.state["run"] == {"playing": False, "end": "won", "said": "won", "demo": False}
        and w.state["status"] == "won"
    )
    assert view.sent == []
    consistent(w)


def test_run_returns_at_once_and_each_move_shows_on_the_board(gated):
    w = sw.SolitaireWidget("klondike", seed=4)
    run = w.run(gated, delay=0)
    assert w.state["run"] == {"playing": True, "end": None, "said": None, "demo": False} and run.playing
    for move in range(3):
        assert gated.wait_for_call(move + 1)
        assert w.game.ply == move and w.state["moves"] == move
        gated.release()
    assert gated.wait_for_call(4)
    assert w.game.ply == 3
    consistent(w)


def test_stop_from_the_board_plays_no_move_after_it_even_the_one_being_thought(gated):
    w = sw.SolitaireWidget("klondike", seed=4)
    view = View(w)
    made_on = w.state["version"]
    run = w.run(gated, delay=0)
    gated.release()
    assert gated.wait_for_call(2)  # one move played; the second being thought
    view.deliver({"kind": "stop", "version": made_on, "request": view.request()})  # stale, still obeyed
    assert view.sent == []
    assert w.state["run"] == {"playing": False, "end": "stopped", "said": "stopped", "demo": False}
    version = w.state["version"]
    gated.release()
    assert run.wait(10)
    assert w.game.ply == 1 and run.moves == 1 and w.state["version"] == version
    consistent(w)


def test_stop_from_python(gated):
    w = sw.SolitaireWidget("father", seed=3)
    run = w.run(gated, delay=0)
    assert gated.wait_for_call(1)
    w.stop()
    gated.release()
    assert run.wait(10)
    assert w.game.ply == 0 and run.said == "stopped"
    consistent(w)
    w.stop()  # nothing playing: nothing happens


def test_while_a_strategy_plays_the_board_may_only_stop_it(gated):
    w = sw.SolitaireWidget("klondike", seed=4)
    view = View(w)
    view.send_intent("stop")
    assert view.sent[-1]["reason"] == "no strategy is playing on this board"
    w.run(gated, delay=0)
    assert gated.wait_for_call(1)
    view.send_intent("undo")
    view.move(w.legal_moves()[0])
    assert [message["reason"] for message in view.sent[-2:]] == [
        "a strategy is playing on this board: press Stop first"
    ] * 2
    view.send_intent("sync_timeline")
    assert view.timeline[-1]["reset"]


def test_a_change_from_python_while_the_strategy_thinks_makes_it_think_again(gated):
    w = sw.SolitaireWidget("klondike", seed=4)
    w.run(gated, delay=0)
    assert gated.wait_for_call(1)
    mine = w.play(w.legal_moves()[-1])
    gated.release()
    assert gated.wait_for_call(2)  # asked again: its first answer was for the old position
    assert w.game.history == (mine,)
    consistent(w)


def test_a_new_deal_ends_the_run(gated):
    w = sw.SolitaireWidget("klondike", seed=4)
    run = w.run(gated, delay=0)
    assert gated.wait_for_call(1)
    w.new_game(seed=5)
    assert w.state["run"] is None and not run.playing
    gated.release()
    assert run.wait(10)
    assert w.game.ply == 0
    consistent(w)


@pytest.mark.parametrize(
    ("strategy", "end", "said"),
    [
        (lambda game: None, RunEnd.RESIGNED, "the strategy resigned"),
        (lambda game: 1 / 0, RunEnd.ERROR, "the strategy raised ZeroDivisionError: division by zero"),
        (
            lambda game: 42,
            RunEnd.ERROR,
            "the strategy returned 42, not a move (a Move or its notation) or None",
        ),
        (
            lambda game: "t0>t1",
            RunEnd.ERROR,
            "the strategy returned 't0>t1', which is not legal here: illegal move t0>t1",
        ),
    ],
    ids=["resigns", "raises", "not-a-move", "illegal"],
)
def test_a_run_that_cannot_go_on_ends_saying_how_and_why(strategy, end, said):
    w = sw.SolitaireWidget("klondike", seed=4)
    run = w.run(strategy, delay=0)
    assert run.wait(10)
    assert run.end is end and run.said.startswith(said)
    assert w.state["run"]["end"] == end.value and w.state["run"]["said"] == run.said
    assert w.game.ply == 0
    consistent(w)


def test_a_new_run_stops_the_one_going_and_a_lesson_refuses_runs(gated):
    w = sw.SolitaireWidget("following", seed=2)
    first = w.run(gated, delay=0)
    second = w.run(strategies.greedy, delay=0, max_moves=5)
    assert first.end is RunEnd.STOPPED and first.said == "stopped"
    assert second.wait(30) and second.said == "stopped after 5 moves" and w.game.ply == 5
    assert second.end is RunEnd.MAX_MOVES
    teacher = sw.Game.new("following", seed=1)
    teacher.play(teacher.legal_moves()[0])
    w.lesson(teacher)
    with pytest.raises(ValueError, match="lesson"):
        w.run(strategies.greedy)


@pytest.mark.parametrize(
    ("arguments", "error"),
    [({"strategy": "greedy"}, TypeError), ({"delay": -1}, ValueError), ({"max_moves": 1.5}, ValueError)],
)
def test_bad_arguments_to_run_are_refused(arguments, error):
    w = sw.SolitaireWidget("klondike", seed=4)
    with pytest.raises(error):
        w.run(**{"strategy": strategies.greedy, **arguments})
    assert w.state["run"] is None


def test_every_change_to_the_game_is_published_holding_the_games_lock(tmp_path):
    w = sw.SolitaireWidget("klondike", seed=4)
    view = View(w)
    unlocked = []
    w.observe(lambda change: unlocked.append(not w.game.lock._is_owned()), names="state")
    w.play(w.legal_moves()[0])
    w.undo()
    w.redo()
    w.autoplay()
    w.goto(0)
    w.annotate(0, "the deal")
    w.save(tmp_path / "game.json")
    w.load(tmp_path / "game.json")
    w.new_game("father", seed=2)
    w.restart()
    view.move(w.legal_moves()[0])
    view.send_intent("undo")
    view.send_intent("new_game", game="klondike", seed=4, options={})
    assert w.run(strategies.greedy, delay=0, max_moves=10).wait(30)
    w.lesson(w.game.copy())
    w.end_lesson()
    assert len(unlocked) > 20 and not any(unlocked)


def test_a_new_deal_brings_its_own_game_and_so_its_own_lock():
    w = sw.SolitaireWidget("klondike", seed=4)
    old = w.game
    w.new_game(seed=5)
    assert w.game.lock is not old.lock
    assert w.last_run is None
