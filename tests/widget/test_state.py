"""The state a view draws, built from the game alone (``widget/state.py``): no widget is made."""

from __future__ import annotations

import pytest
from test_widget import mid_game, one_move_from_winning, stuck_after_one_move

import solitaire_widget as sw
from solitaire_widget.widget import state as state_module
from solitaire_widget.widget.state import Clock, board_state
from solitaire_widget.widget.timeline import TimelineSync

STARTED = 1_700_000_000_000
STARTED_CLOCK = Clock(STARTED)


@pytest.fixture
def now(monkeypatch):
    """The state's clock, moved by hand (ms since the epoch)."""
    clock = {"ms": STARTED + 60_000}
    monkeypatch.setattr(state_module, "now_ms", lambda: clock["ms"])
    return clock


def state_of(game: sw.Game, clock: Clock = STARTED_CLOCK, **fields) -> dict:
    return board_state(game, TimelineSync(game), version=5, last=None, clock=clock, **fields)


def test_the_state_is_the_game_as_the_view_draws_it(now):
    game = mid_game()
    state = state_of(game, run={"playing": True}, lesson=None)
    position = game.to_dict()
    del position["history"]
    assert state["version"] == 5 and state["position"] == position
    assert (state["game"], state["seed"], state["options"]) == (game.name, game.seed, game.options)
    assert state["legal"] == [list(move) for move in game.legal_moves()]
    assert state["moves"] == state["ply"] == game.ply == 40 and state["can_undo"] and not state["can_redo"]
    assert (state["status"], state["termination"], state["message"]) == ("playing", None, None)
    assert state["run"] == {"playing": True} and state["lesson"] is None
    assert (state["started_at"], state["finished_at"]) == (STARTED, None)
    assert state["last_move"] is None


def test_the_last_change_is_named_with_its_move():
    game = mid_game()
    move = game.history[-1]
    state = board_state(game, TimelineSync(game), version=1, last=("play", move), clock=Clock(STARTED))
    assert state["last_move"] == {"action": "play", "source": move.source, "target": move.target, "count": 1}
    assert (
        board_state(game, TimelineSync(game), version=1, last=("edit", None), clock=Clock(STARTED))[
            "last_move"
        ]
        is None
    )


def test_a_won_game_says_so_and_stops_the_clock_once(now):
    game = one_move_from_winning()
    game.play("w>f3")
    state = state_of(game)
    assert (state["status"], state["termination"]) == ("won", "won")
    assert state["message"] == "You won in 1 move!" and state["finished_at"] == now["ms"]
    now["ms"] += 5_000
    assert state_of(game, Clock.of(state))["finished_at"] == state["finished_at"]


def test_a_stuck_game_says_why_and_undo_sets_the_clock_going_again(now):
    game = stuck_after_one_move()
    game.play("w>t5")
    stuck = state_of(game)
    assert (stuck["status"], stuck["termination"]) == ("stuck", "no_moves")
    assert stuck["message"] == "No moves left. Undo still works: take moves back and try another way."
    game.undo()
    playing = state_of(game, Clock.of(stuck))
    assert playing["status"] == "playing" and playing["finished_at"] is None


def test_building_the_state_changes_neither_the_game_nor_its_listeners():
    game = mid_game()
    heard = []
    game.add_listener(lambda *change: heard.append(change))
    before = game.to_dict()
    state_of(game)
    assert game.to_dict() == before and heard == []


def test_a_fresh_deal_waits_for_its_first_move_and_a_game_with_moves_stands_still(now):
    game = sw.Game.new("klondike", seed=7)
    assert Clock.for_game(game) == Clock(now["ms"])
    game.play(game.legal_moves()[0])
    game.goto(0)  # back at the deal, but with a move in its tree: a game already played
    for played in (game, mid_game()):
        clock = Clock.for_game(played, 42_000)
        assert clock.held and (clock.finished_at - clock.first_move_at) == 42_000
    assert Clock.for_game(mid_game()) == Clock(now["ms"], now["ms"], now["ms"], held=True)


def test_a_held_clock_stands_still_through_steps_and_runs_on_from_its_time_at_a_move(now):
    game = mid_game()
    held = state_of(game, Clock.still(95_000))
    assert held["clock_held"] and held["finished_at"] - held["first_move_at"] == 95_000
    now["ms"] += 30_000
    for change in ("goto", "undo", "redo", "enter", None):
        last = None if change is None else (change, None)
        stepped = board_state(game, TimelineSync(game), version=6, last=last, clock=Clock.of(held))
        assert (stepped["clock_held"], stepped["finished_at"], stepped["first_move_at"]) == (
            True,
            held["finished_at"],
            held["first_move_at"],
        )
    move = game.legal_moves()[0]
    game.play(move)
    running = board_state(game, TimelineSync(game), version=7, last=("play", move), clock=Clock.of(held))
    assert not running["clock_held"] and running["finished_at"] is None
    assert now["ms"] - running["first_move_at"] == 95_000, "it runs on from the time it showed"


def test_a_lesson_holds_the_clock_even_for_its_moves(now):
    game = mid_game()
    move = game.legal_moves()[0]
    running = Clock(STARTED, None, STARTED + 10_000)
    game.play(move)
    lesson = {"kind": "moves"}

    def answered(clock: Clock) -> dict:
        timeline = TimelineSync(game)
        return board_state(game, timeline, version=6, last=("play", move), clock=clock, lesson=lesson)

    state = answered(running)
    assert state["clock_held"] and state["finished_at"] - state["first_move_at"] == 50_000
    now["ms"] += 20_000
    again = answered(Clock.of(state))
    assert (again["finished_at"], again["first_move_at"]) == (state["finished_at"], state["first_move_at"])
