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
