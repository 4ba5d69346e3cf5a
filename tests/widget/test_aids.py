"""The widget's play aids: hints, the still-winnable check, safe auto-play after each move and
winnable deals, with their intents; answers about an old position are dropped.

Most tests stand a ``ControlledWorker`` in for the solver process, so a test decides when
each answer arrives; the last ones run the real worker process."""

from __future__ import annotations

import multiprocessing
import random
import time
from collections.abc import Callable
from concurrent.futures import Future
from typing import Any

import pytest
import traitlets
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.aids import hints, verdicts
from solitaire_widget.widget import aids as aids_module


class ControlledWorker:
    """Runs each task in this process, but only when the test says so (``finish``), or at
    once with ``autorun``. Like the one real worker, the oldest task waiting is the one
    running: it can no longer be cancelled."""

    def __init__(self) -> None:
        self.tasks: list[tuple[Callable[[], Any], Future]] = []
        self.autorun = False
        self.closed = 0
        self.left_running: list[Future] = []

    def submit(self, task: Callable[[], Any]) -> Future:
        future: Future = Future()
        self.tasks.append((task, future))
        if self.autorun:
            self.finish()
        else:
            self._start_next()
        return future

    def waiting(self) -> list[Future]:
        return [future for _, future in self.tasks if not future.done()]

    def _start_next(self) -> None:
        for _, future in self.tasks:
            if future.running():
                return
            if not future.done() and future.set_running_or_notify_cancel():
                return

    def finish(self, result: object = None) -> None:
        """Complete the running task with ``result``, or by running it when None."""
        self._start_next()
        for task, future in self.tasks:
            if future.running():
                future.set_result(task() if result is None else result)
                break
        self._start_next()

    def close(self) -> None:
        """As the real one: tasks waiting are cancelled, the running one is left to finish
        alone, and later tasks go to a new process."""
        self.closed += 1
        for _, future in self.tasks:
            future.cancel()
        self.left_running = [future for _, future in self.tasks if future.running()]
        self.tasks = []


@pytest.fixture
def workers(monkeypatch) -> list[ControlledWorker]:
    """Every ControlledWorker made for a widget during the test, the latest last."""
    made: list[ControlledWorker] = []

    def make() -> ControlledWorker:
        made.append(ControlledWorker())
        return made[-1]

    monkeypatch.setattr(aids_module, "SolverWorker", make)
    return made


def settled(w: sw.SolitaireWidget) -> dict:
    """The widget's aids once every answer handed back has been published (by the aids' one
    publishing thread, which takes them in order)."""
    w._aids.tasks.settled()
    return w.aids


def widget_and_view(source: str | dict = "klondike", seed: int = 3) -> tuple[sw.SolitaireWidget, View]:
    game = sw.Game.from_dict(source) if isinstance(source, dict) else sw.Game.new(source, seed)
    # The solver's hints, whose mechanics these tests follow (the fair ones: test_board_judgement.py).
    w = sw.SolitaireWidget(game, hint_mode="solver")
    return w, View(w)


# ---------------------------------------------------------------------- hints
def test_a_hint_asked_on_the_board_thinks_then_shows_the_move_without_a_new_state(workers):
    w, view = widget_and_view()
    version = w.state["version"]
    view.send_intent("hint")
    assert w.aids["hint"] == {"version": version, "status": "thinking"}
    workers[-1].finish()
    hint = settled(w)["hint"]
    expected = hints.hint(w.game.position)
    assert hint["status"] == "ready" and hint["version"] == version
    assert hint["source"] == expected.source.value
    assert hint["move"] == {"source": expected.move.source, "target": expected.move.target, "count": 1}
    assert hint["sentence"] == expected.sentence
    assert w.state["version"] == version, "an aid never changes the state's version"
    assert view.sent == []


def test_the_hint_clears_on_the_next_move(workers):
    w, view = widget_and_view()
    view.send_intent("hint")
    workers[-1].finish()
    assert settled(w)["hint"]["status"] == "ready"
    view.move("s>w")
    assert w.aids["hint"] is None


def test_a_hint_that_arrives_after_a_move_is_dropped(workers):
    w, view = widget_and_view()
    view.send_intent("hint")
    assert len(workers[-1].waiting()) == 1
    view.move("s>w")
    assert w.aids["hint"] is None
    workers[-1].finish()  # the stale hint, about the deal, comes back now
    assert settled(w)["hint"] is None


def test_a_hint_waiting_behind_another_task_is_cancelled_by_a_move(workers):
    w, view = widget_and_view()
    w.check_winnable = True  # the check runs first; the hint waits behind it
    view.send_intent("hint")
    (_, check), (_, hint) = workers[-1].tasks
    view.move("s>w")
    assert hint.cancelled() and not check.cancelled()


def test_asking_again_while_a_hint_is_on_the_way_or_shown_adds_no_work(workers):
    w, view = widget_and_view()
    view.send_intent("hint")
    view.send_intent("hint")
    assert len(workers[-1].tasks) == 1
    workers[-1].finish()
    settled(w)
    view.send_intent("hint")
    assert len(workers[-1].tasks) == 1
    assert view.sent == []


def test_a_hint_intent_made_on_an_old_board_is_refused(workers):
    w, view = widget_and_view()
    content = view.intent("hint")
    w.play("s>w")
    view.deliver(content)
    assert view.sent == [
        {"kind": "refused", "request": content["request"], "reason": "the board changed before this arrived"}
    ]
    assert w.aids["hint"] is None and workers[-1].tasks == []


def test_no_hint_during_a_lesson(workers):
    w, view = widget_and_view()
    teacher = sw.Game.new("klondike", seed=3)
    teacher.play("s>w")
    w.lesson(teacher)
    view.send_intent("hint")
    assert view.sent[-1]["kind"] == "refused" and "lesson" in view.sent[-1]["reason"]
    assert workers[-1].tasks == []


def test_hint_from_python_returns_the_hint_and_marks_it(workers):
    # Both hints are solved within 0.5 s and must agree: a deal the solver wins in some 200
    # positions (a few ms), so that a busy machine cannot stop one search and not the other
    # (seed 5 took 0.2 to 0.25 s, and failed so under load).
    w, _ = widget_and_view("following", seed=2)
    workers[-1].autorun = True
    hint = w.hint(time_limit=0.5)
    assert isinstance(hint, sw.Hint) and hint.move in w.legal_moves()
    assert hint == hints.hint(w.game.position, time_limit=0.5)
    shown = w.aids["hint"]
    assert shown["status"] == "ready" and shown["sentence"] == hint.sentence
    assert shown["move"]["source"] == hint.move.source


def test_a_failing_solver_says_so_and_asking_again_retries(workers):
    w, view = widget_and_view()
    view.send_intent("hint")
    _, future = workers[-1].tasks[0]
    future.set_exception(MemoryError("out of memory"))
    hint = settled(w)["hint"]
    assert hint["status"] == "failed" and "out of memory" in hint["sentence"]
    view.send_intent("hint")
    assert w.aids["hint"]["status"] == "thinking" and len(workers[-1].tasks) == 2


# ---------------------------------------------------------------------- still winnable?
def test_the_check_is_off_by_default_and_checks_at_once_when_turned_on(workers):
    w, _ = widget_and_view(LOSABLE_KLONDIKE)
    assert w.check_winnable is False and w.aids["winnable"] is None and workers[-1].tasks == []
    w.check_winnable = True
    version = w.state["version"]
    assert w.aids["winnable"] == {
        "version": version,
        "status": "checking",
        "lost_at": None,
        "lost_between": None,
        "lost_move": None,
    }
    workers[-1].finish()
    assert settled(w)["winnable"] == {
        "version": version,
        "status": "winnable",
        "lost_at": None,
        "lost_between": None,
        "lost_move": None,
    }
    w.check_winnable = False
    assert w.aids["winnable"] is None


def test_every_move_checks_again_and_a_lost_game_says_which_move_lost_it(workers):
    w, _ = widget_and_view(LOSABLE_KLONDIKE)
    w.check_winnable = True
    workers[-1].finish()
    statuses = []
    for move in LOSABLE_LINE:
        w.play(move)
        assert w.aids["winnable"]["status"] == "checking"
        workers[-1].finish()
        verdict = settled(w)["winnable"]
        assert verdict["version"] == w.state["version"]
        statuses.append((verdict["status"], verdict["lost_at"]))
    assert statuses == [("winnable", None), ("winnable", None), ("lost", 3)]
    w.undo()
    workers[-1].finish()  # the judgement of move 3, asked when the check named it
    workers[-1].finish()
    assert settled(w)["winnable"]["status"] == "winnable"


def test_a_game_that_ends_lost_is_checked_with_the_check_off_and_its_end_names_the_move(workers):
    w, _ = widget_and_view(LOSABLE_KLONDIKE)
    assert not w.check_winnable
    for move in (*LOSABLE_LINE, "t1>f2", "t2>f2", "t3>f2"):
        w.play(move)
        assert w.aids["winnable"] is None and workers[-1].waiting() == []
    w.play("t4>f2")  # no move is left: the game has ended without a win
    assert w.state["termination"] == "no_moves"
    assert w.aids["winnable"]["status"] == "checking"
    workers[-1].finish()
    verdict = settled(w)["winnable"]
    assert (verdict["status"], verdict["lost_at"]) == ("lost", 3)
    w.undo()  # the game is on again: with the check off, no verdict
    assert settled(w)["winnable"] is None


def test_a_lost_father_game_played_at_random_names_the_move_that_lost_it(workers):
    """Father seed 36 played at random until over: move 66 lost it (the solver's proof of the
    positions between took minutes before Father's dead-end test; tests/solver checks the
    move with node limits)."""
    g = sw.Game.new("father", seed=36)
    rng = random.Random(36)
    while g.outcome is None:
        g.play(rng.choice(g.legal_moves()))
    w = sw.SolitaireWidget(g, hint_mode="solver")
    w.check_winnable = True
    workers[-1].finish()
    verdict = settled(w)["winnable"]
    assert (verdict["status"], verdict["lost_at"], verdict["lost_between"]) == ("lost", 66, [66, 66])
    assert verdict["lost_move"] == {"status": "judging", "ply": 66}


def test_moves_while_a_check_runs_queue_none_and_its_stale_answer_starts_the_latest(workers):
    w, _ = widget_and_view(LOSABLE_KLONDIKE)
    w.check_winnable = True  # checking the start: running
    for move in LOSABLE_LINE:
        w.play(move)
        assert w.aids["winnable"]["status"] == "checking"
    assert len(workers[-1].tasks) == 1, "a move gives the worker nothing while a check runs"
    workers[-1].finish(sw.Winnability("winnable", None))  # the start's verdict, stale now
    assert settled(w)["winnable"]["status"] == "checking"
    assert len(workers[-1].tasks) == 2, "the position the game stands on is checked next"
    workers[-1].finish()
    assert settled(w)["winnable"] == {
        "version": w.state["version"],
        "status": "lost",
        "lost_at": 3,
        "lost_between": [3, 3],
        "lost_move": {"status": "judging", "ply": 3},
    }


def test_a_check_waiting_behind_a_hint_is_replaced_by_the_next_move(workers):
    w, view = widget_and_view(LOSABLE_KLONDIKE)
    view.send_intent("hint")  # running
    w.check_winnable = True  # waits behind the hint
    (_, hint), (_, check) = workers[-1].tasks
    w.play(LOSABLE_LINE[0])
    assert check.cancelled() and hint.cancelled() is False
    assert len(workers[-1].waiting()) == 2


def test_a_comment_keeps_the_verdict_and_the_hint_for_the_new_version(workers):
    w, view = widget_and_view(LOSABLE_KLONDIKE)
    w.check_winnable = True
    workers[-1].finish()
    view.send_intent("hint")
    workers[-1].finish()
    settled(w)
    w.annotate(0, "The start.")
    assert w.aids["winnable"]["version"] == w.aids["hint"]["version"] == w.state["version"]
    assert w.aids["winnable"]["status"] == "winnable" and w.aids["hint"]["status"] == "ready"


# ---------------------------------------------------------------------- settings
def test_settings_from_the_view_set_the_traits_whatever_the_version(workers):
    w, view = widget_and_view()
    content = view.intent("setting", name="check_winnable", value=True)
    content["version"] = 0
    view.deliver(content)
    view.send_intent("setting", name="autoplay_mode", value="safe")
    assert w.check_winnable is True and w.autoplay_mode == "safe"
    assert w.aids["winnable"]["status"] == "checking"
    assert view.sent == []


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"name": "volume", "value": 3}, "unknown setting 'volume': the settings are check_winnable, auto"),
        ({"name": 7, "value": True}, "unknown setting 7"),
        ({"name": "check_winnable", "value": 1}, "check_winnable is true or false, not 1"),
        ({"name": "check_winnable", "value": "yes"}, "check_winnable is true or false, not 'yes'"),
        ({"name": "autoplay_mode", "value": "always"}, "autoplay_mode is 'off' or 'safe', not 'always'"),
        ({"name": "autoplay_mode", "value": None}, "autoplay_mode is 'off' or 'safe', not None"),
        ({"name": "autoplay_mode"}, "a setting intent needs value"),
        ({"name": "autoplay_mode", "value": "safe", "also": 1}, "a setting intent has no field 'also'"),
    ],
)
def test_forged_settings_are_refused_and_change_nothing(workers, fields, reason):
    w, view = widget_and_view()
    aids, state = w.aids, w.state
    content = view.send_intent("setting", **fields)
    assert view.sent == [{"kind": "refused", "request": content["request"], "reason": view.sent[0]["reason"]}]
    assert view.sent[0]["reason"].startswith(reason)
    assert (w.check_winnable, w.autoplay_mode, w.aids, w.state) == (False, "off", aids, state)


@pytest.mark.parametrize(
    ("fields", "reason"),
    [
        ({"winnable": "yes"}, "winnable must be true or false, not 'yes'"),
        ({"winnable": 1}, "winnable must be true or false, not 1"),
        ({"winnable": None}, "winnable must be true or false, not None"),
    ],
)
def test_a_new_game_with_a_forged_winnable_is_refused(workers, fields, reason):
    w, view = widget_and_view()
    state = w.state
    view.send_intent("new_game", game="father", seed=1, options={}, **fields)
    assert view.sent[0]["reason"] == reason
    assert w.state == state and w.aids["deal"] is None and workers[-1].tasks == []


def test_a_hint_intent_takes_no_other_fields(workers):
    _, view = widget_and_view()
    view.send_intent("hint", move="s>w")
    assert view.sent[-1]["reason"] == "a hint intent has no field 'move'"


def test_aids_are_read_only():
    w = sw.SolitaireWidget("klondike", seed=3)
    with pytest.raises(Exception, match="read-only"):
        w.aids = {"hint": None, "winnable": None, "deal": None}


# ---------------------------------------------------------------------- safe auto-play
def test_safe_autoplay_follows_board_moves_and_play_but_not_undo(workers):
    w, view = widget_and_view()  # Klondike seed 3: the ace of spades tops column 4
    w.autoplay_mode = "safe"
    version = w.state["version"]
    view.move("s>w")
    assert [str(move) for move in w.game.history] == ["s>w", "t4>f0"]
    assert w.state["version"] == version + 1, "the move and the moves home are one state"
    w.undo()
    assert [str(move) for move in w.game.history] == ["s>w"], "each move home is undone on its own"
    w.undo()
    w.play("s>w")
    assert [str(move) for move in w.game.history] == ["s>w", "t4>f0"]


def test_with_autoplay_off_nothing_follows(workers):
    w, view = widget_and_view()
    view.move("s>w")
    assert [str(move) for move in w.game.history] == ["s>w"]


def test_on_move_hears_the_move_and_each_move_home(workers):
    w, view = widget_and_view()
    w.autoplay_mode = "safe"
    heard: list[str] = []
    w.on_move(lambda move: heard.append(str(move)))
    view.move("s>w")
    assert heard == ["s>w", "t4>f0"]


def test_an_unknown_autoplay_mode_is_an_error():
    w = sw.SolitaireWidget("klondike", seed=3)
    with pytest.raises(traitlets.TraitError):
        w.autoplay_mode = "always"
    assert w.autoplay_mode == "off"


# ---------------------------------------------------------------------- winnable deals
def first_winnable(name: str, seed: int) -> sw.Game:
    return sw.Game.new(name, seed, winnable=True)


def test_a_winnable_deal_from_the_board_deals_rates_and_says_so(workers):
    w, view = widget_and_view()
    version = w.state["version"]
    view.send_intent("new_game", game="following", seed=15, options={}, winnable=True)
    assert w.aids["deal"] == {"status": "dealing", "game": "following", "from_seed": 15}
    assert w.state["version"] == version and w.game.name == "klondike", "the board plays on meanwhile"
    workers[-1].finish()
    settled(w)
    expected = first_winnable("following", 15)
    assert w.game == expected and w.state["seed"] == expected.seed
    assert w.aids["deal"] == {
        "status": "dealt",
        "game": "following",
        "seed": expected.seed,
        "from_seed": 15,
        "difficulty": None,
    }
    workers[-1].finish()
    rated = verdicts.difficulty(expected.position)
    assert settled(w)["deal"]["difficulty"] == {"level": rated.level, "nodes": rated.nodes}
    assert view.sent == []


def test_another_deal_meanwhile_drops_the_winnable_one(workers):
    w, view = widget_and_view()
    view.send_intent("new_game", game="following", seed=15, options={}, winnable=True)
    view.send_intent("new_game", game="father", seed=2, options={})
    assert w.aids["deal"] is None
    workers[-1].finish()
    settled(w)
    assert (w.game.name, w.game.seed) == ("father", 2)
    assert w.aids["deal"] is None


def test_a_search_still_running_when_dropped_leaves_its_process_and_the_check_moves_on(workers):
    w, view = widget_and_view()
    view.send_intent("new_game", game="following", seed=15, options={}, winnable=True)
    w.check_winnable = True  # waits behind the search
    worker = workers[-1]
    search, check = (future for _, future in worker.tasks)
    view.send_intent("restart")
    assert worker.closed == 1 and worker.left_running == [search], "the search is left to finish alone"
    assert check.cancelled() and w.aids["winnable"]["status"] == "checking"
    worker.finish()  # the check of the restarted deal, in the new process
    assert settled(w)["winnable"]["status"] in ("winnable", "unknown")
    search.set_result(first_winnable("following", 15))
    settled(w)
    assert w.game.name == "klondike" and w.aids["deal"] is None


def test_new_game_winnable_from_python_returns_the_deal_shown(workers):
    w, _ = widget_and_view()
    workers[-1].autorun = True
    game = w.new_game("following", seed=15, winnable=True)
    expected = first_winnable("following", 15)
    assert game == expected and w.game is game
    deal = settled(w)["deal"]
    assert deal["seed"] == expected.seed and deal["from_seed"] == 15 and deal["difficulty"] is not None


def test_new_game_winnable_with_bad_arguments_fails_at_once(workers):
    w, _ = widget_and_view()
    with pytest.raises(ValueError, match="seed"):
        w.new_game("klondike", seed=-1, winnable=True)
    with pytest.raises(ValueError, match="winnable must be True or False"):
        w.new_game("klondike", winnable="yes")
    with pytest.raises(TypeError):
        w.new_game(sw.Game.new("father"), winnable=True)
    assert workers[-1].tasks == [] and w.aids["deal"] is None


def test_a_closed_widget_stops_its_worker_and_publishes_nothing_more(workers):
    w, view = widget_and_view()
    view.send_intent("hint")
    aids = w.aids
    w.close()
    assert workers[-1].closed == 1
    assert w.aids == aids


def test_with_no_view_left_the_worker_stops_and_a_view_coming_back_asks_again(workers):
    w, first = widget_and_view()
    second = View(w, "view2")
    for view in (first, second):
        view.send_intent("sync_timeline")
    first.send_intent("hint")
    assert len(workers[-1].waiting()) == 1
    first.send_intent("view_closed")
    assert workers[-1].closed == 0, "another view still shows the board"
    second.send_intent("view_closed")
    assert workers[-1].closed == 1 and workers[-1].waiting() == []
    assert w.aids["hint"]["status"] == "thinking" and first.sent == second.sent == []
    # The cell ran again and its new view rendered: the hint cut short is asked again.
    third = View(w, "view3")
    third.send_intent("sync_timeline")
    assert len(workers[-1].waiting()) == 1
    workers[-1].finish()
    assert settled(w)["hint"]["status"] == "ready"


def test_dealing_again_and_again_leaves_at_most_one_search_running_alone(workers):
    w, view = widget_and_view()
    worker = workers[-1]
    for seed in (10, 20, 30):
        view.send_intent("new_game", game="following", seed=seed, options={}, winnable=True)
    assert worker.closed == 1, "the first search was left to its process; the second waits here"
    (_, second), (_, third) = worker.tasks[-2:]
    assert second.running() and not third.done()
    worker.finish()  # the second search, dropped: its deal never shows
    worker.finish()
    settled(w)
    assert w.game == first_winnable("following", 30)


# ---------------------------------------------------------------------- the real worker process
def wait_for(w: sw.SolitaireWidget, ready: Callable[[dict], bool], timeout: float = 60.0) -> dict:
    deadline = time.monotonic() + timeout
    while not ready(settled(w)):
        if time.monotonic() > deadline:
            raise AssertionError(f"the aids did not get there within {timeout} s: {w.aids}")
        time.sleep(0.02)
    return w.aids


def worker_processes() -> int:
    """The solver processes this test process has running (each board's worker is one)."""
    return sum(1 for child in multiprocessing.active_children() if child.is_alive())


@pytest.mark.slow
def test_boards_replaced_again_and_again_leave_no_worker_process_behind():
    before = worker_processes()
    boards = []
    for number in range(10):  # a cell run ten times: each run's board replaces the last
        w = sw.SolitaireWidget("klondike", seed=number)
        view = View(w, f"view{number}")
        view.send_intent("sync_timeline")
        w.hint()
        if boards:
            boards[-1][1].send_intent("view_closed")  # the old output is cleared
        boards.append((w, view))
    deadline = time.monotonic() + 60
    while worker_processes() > before + 1:
        assert time.monotonic() < deadline, f"{worker_processes() - before} worker processes still run"
        time.sleep(0.05)
    assert worker_processes() == before + 1, "the board on show keeps its worker"
    for w, _ in boards:
        w.close()


def test_the_worker_process_checks_a_lost_game_and_gives_hints():
    w = sw.SolitaireWidget(sw.Game.from_dict(LOSABLE_KLONDIKE), hint_mode="solver")
    try:
        w.check_winnable = True
        for move in LOSABLE_LINE:
            w.play(move)
        verdict = wait_for(w, lambda aids: aids["winnable"]["status"] != "checking")["winnable"]
        assert verdict.pop("lost_move")["ply"] == 3
        assert verdict == {
            "version": w.state["version"],
            "status": "lost",
            "lost_at": 3,
            "lost_between": [3, 3],
        }
        w.undo()
        hint = w.hint()
        assert hint.source is sw.HintSource.SOLVER and str(hint.move) == "w>f3"
        assert w.aids["hint"]["move"] == {"source": "waste", "target": "foundation/3", "count": 1}
    finally:
        w.close()
