"""One widget under Jupyter's threads: board intents (delivered as a comm delivers them, through
ipywidgets' own message entry), a cell playing on ``w`` and on ``w.game`` directly, now and then
a new deal, and in some runs a strategy's run, all at once with a tiny switch interval. After
each run the game is its deal plus its history, the last state sent names the game as it is,
and one more intent works.

On main before issue 14 (a widget lock beside an unlocked game, per-widget flags) all twelve
runs went wrong: positions that were not the deal plus its history, a state naming another move
count than the game, ``IndexError: nothing to pop`` and ``KeyError`` from the position's caches.
"""

from __future__ import annotations

import logging
import random
import sys
import threading
from dataclasses import dataclass, field
from functools import partial

import pytest
import traitlets

import solitaire_widget as sw
from solitaire_widget.widget import sync as sync_module

RUNS = 12
OPERATIONS = 700
"""Per thread and run: three threads (four with a strategy's run), 2,100 operations a run and more."""
SWITCH_INTERVAL = 1e-6
NEW_DEALS = 0.01
"""In odd runs, how often the board and the cell deal again (a restart): a switch of game must be
atomic too. Even runs keep one deal, so its tree grows and the threads meet on long lines."""


@dataclass
class Board:
    """Stands in for the view: sends intents as a comm delivers them and keeps the answers."""

    widget: sw.SolitaireWidget
    new_deals: float = 0.0
    requests: int = 0
    refusals: list[str] = field(default_factory=list)

    def __post_init__(self) -> None:
        self.widget.send = self.receive

    def receive(self, content: dict, buffers: object = None) -> None:
        if content.get("kind") == "refused":
            self.refusals.append(content["reason"])

    def deliver(self, kind: str, **fields: object) -> dict:
        self.requests += 1
        content = {
            "kind": kind,
            "version": self.widget.state["version"],
            "request": f"board:{self.requests}",
            **fields,
        }
        message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": []}
        self.widget._handle_msg(message)
        return content

    def random_intent(self, chooser: random.Random) -> None:
        state = self.widget.state
        # Now and then a new deal, so the game on show changes under the other threads.
        kinds = ["move", "move", "draw", "undo", "redo", "autoplay"]
        kind = "restart" if chooser.random() < self.new_deals else chooser.choice(kinds)
        if kind in ("move", "draw"):
            legal = [m for m in state["legal"] if (m[0] == "stock") == (kind == "draw")] or state["legal"]
            if not legal:
                return
            source, target, count = chooser.choice(legal)
            self.deliver("move", source=source, target=target, count=count)
        else:
            self.deliver(kind)


REFUSED = (sw.IllegalMove, IndexError, ValueError)
"""What a cell may be told when the board moved first: an illegal move, nothing to undo or
redo, a ply no longer in the line."""


WIDGET_CALLS = ("w.play", "w.undo", "w.redo", "w.autoplay", "w.goto")
GAME_CALLS = ("g.play", "g.play", "g.undo")


def cell_step(
    widget: sw.SolitaireWidget, calls: tuple[str, ...], new_deals: float, chooser: random.Random
) -> None:
    """One call a cell might make: on the widget, or on its game directly."""
    game = widget.game
    action = chooser.choice(calls)
    try:
        if action.startswith("w.") and chooser.random() < new_deals:
            widget.restart()
        elif action in ("w.play", "g.play"):
            legal = game.legal_moves()
            if legal:
                (widget.play if action == "w.play" else game.play)(chooser.choice(legal))
        elif action == "w.goto":
            widget.goto(chooser.randint(0, len(game.line)))
        elif action == "g.undo":
            game.undo()
        else:
            getattr(widget, action[2:])()
    except REFUSED:
        pass


def random_moves(seed: int):
    chooser = random.Random(seed)

    def strategy(view):
        legal = view.legal_moves()
        return chooser.choice(legal) if legal else None

    return strategy


def replayed(game: sw.Game) -> dict:
    """The deal with the game's history played on it."""
    deal = sw.Game.new(game.name, seed=game.seed, **game.options)
    for move in game.history:
        deal.play(move)
    return deal.to_dict()


def one_run(
    seed: int, with_a_strategy: bool, new_deals: float
) -> tuple[sw.SolitaireWidget, Board, list[BaseException]]:
    w = sw.SolitaireWidget("klondike", seed=seed)
    board = Board(w, new_deals)
    failures: list[BaseException] = []
    start = threading.Barrier(3)

    def thread(index: int, step) -> None:
        chooser = random.Random(seed * 31 + index)
        start.wait()
        try:
            for _ in range(OPERATIONS):
                step(chooser)
        except BaseException as error:  # the test reports it below
            failures.append(error)

    threads = [
        threading.Thread(target=thread, args=(0, board.random_intent)),
        threading.Thread(target=thread, args=(1, partial(cell_step, w, WIDGET_CALLS, new_deals))),
        threading.Thread(target=thread, args=(2, partial(cell_step, w, GAME_CALLS, new_deals))),
    ]
    run = w.run(random_moves(seed), delay=0, max_moves=OPERATIONS) if with_a_strategy else None
    for each in threads:
        each.start()
    for each in threads:
        each.join()
    if run is not None:
        run.stop()
        assert run.wait(30)
    return w, board, failures


@pytest.fixture
def tiny_switch_interval():
    before = sys.getswitchinterval()
    sys.setswitchinterval(SWITCH_INTERVAL)
    try:
        yield
    finally:
        sys.setswitchinterval(before)


@pytest.mark.parametrize("seed", range(RUNS))
@pytest.mark.slow
def test_board_intents_cell_calls_and_a_run_at_once_leave_game_and_board_in_step(
    tiny_switch_interval, caplog, seed
):
    w, board, failures = one_run(seed, with_a_strategy=seed % 3 == 0, new_deals=NEW_DEALS * (seed % 2))
    try:
        assert failures == []
        assert not [reason for reason in board.refusals if "internal error" in reason]
        # A listener that failed (the widget's publishing, say) is logged, not raised.
        assert not [record.getMessage() for record in caplog.records if record.levelno >= logging.ERROR]
        game = w.game
        assert game.to_dict() == replayed(game)
        position = game.to_dict()
        del position["history"]
        state = w.state
        assert (state["position"], state["moves"], state["ply"]) == (position, len(game.history), game.ply)
        assert state["legal"] == [list(move) for move in game.legal_moves()]
        refused = len(board.refusals)
        version = state["version"]
        if state["legal"]:
            source, target, count = state["legal"][0]
            board.deliver("move", source=source, target=target, count=count)
        else:
            board.deliver("undo")
        assert len(board.refusals) == refused and w.state["version"] == version + 1
        assert w.game.to_dict() == replayed(w.game)
    finally:
        w.close()


def test_a_thread_cannot_write_state_while_another_publishes():
    w = sw.SolitaireWidget("klondike", seed=4)
    refused: list[Exception] = []

    def write_state() -> None:
        try:
            w.state = {**w.state, "moves": 99}
        except traitlets.TraitError as error:
            refused.append(error)

    def while_publishing(change: dict) -> None:
        # Observers run on the publishing thread before it is done publishing.
        writer = threading.Thread(target=write_state)
        writer.start()
        writer.join()

    w.observe(while_publishing, names="state")
    w.play(w.legal_moves()[0])
    assert len(refused) == 1 and "read-only" in str(refused[0])
    assert w.state["moves"] == 1


def test_a_failed_intent_takes_back_only_its_own_change(monkeypatch):
    w = sw.SolitaireWidget("klondike", seed=7)
    board = Board(w)
    game = w.game
    cell_move = game.legal_moves()[-1]
    cell = threading.Thread(target=game.play, args=(cell_move,))
    real_state = sync_module.board_state

    def fails_once_while_a_cell_plays(*args, **kwargs):
        if cell.ident is None:
            cell.start()
            # The cell's move cannot come in while the intent holds the game's lock: give it
            # the chance to try, then fail the intent.
            cell.join(0.2)
            raise KeyError("state bug")
        return real_state(*args, **kwargs)

    monkeypatch.setattr(sync_module, "board_state", fails_once_while_a_cell_plays)
    board.deliver("move", source="tableau/4", target="foundation/0", count=1)
    cell.join()
    assert len(board.refusals) == 1 and "KeyError" in board.refusals[0]
    assert game.history == (cell_move,) and game.to_dict() == replayed(game)
    assert w.state["moves"] == 1 and w.state["position"]["waste"] == game.to_dict()["waste"]


def test_game_lock_is_the_game_s_lock_for_a_release_with_a_warning():
    w = sw.SolitaireWidget("klondike", seed=1, library=False)
    with pytest.warns(DeprecationWarning, match="w.game.lock"):
        assert w.game_lock is w.game.lock
    w.close()
