"""Where Python can start no thread and no process (Pyodide, in JupyterLite): the board's aids
answer in the kernel, a run plays on the event loop, and simulate and analyse play in turn.

Each test here runs as Pyodide would: ``CAN_START_WORKERS`` is False, and starting a thread
or a process pool fails as it does there."""

from __future__ import annotations

import asyncio
import threading
from collections.abc import Callable, Iterator
from concurrent.futures import ProcessPoolExecutor

import pytest
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.scripting import executors as executors_module
from solitaire_widget.scripting import runner as runner_module
from solitaire_widget.widget import run as run_module
from solitaire_widget.widget import tasks as tasks_module
from solitaire_widget.widget import worker as worker_module

THREAD_START = threading.Thread.start
"""How a thread starts before ``no_workers`` makes every start fail."""


@pytest.fixture(autouse=True)
def no_workers(monkeypatch) -> Iterator[None]:
    """The package told that no thread or process can start, and every start failing; no
    compiled search (a Pyodide install has none)."""
    monkeypatch.setenv("SOLITAIRE_WIDGET_NATIVE", "0")
    for module in (executors_module, runner_module, worker_module, tasks_module, run_module):
        monkeypatch.setattr(module, "CAN_START_WORKERS", False)

    def cannot_start(*args: object, **kwargs: object) -> None:
        raise RuntimeError("can't start new thread")

    monkeypatch.setattr(threading.Thread, "start", cannot_start)
    monkeypatch.setattr(ProcessPoolExecutor, "__init__", cannot_start)
    yield


@pytest.fixture
def widget(monkeypatch, tmp_path) -> Iterator[sw.SolitaireWidget]:
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
    w = sw.SolitaireWidget(sw.Game.new("klondike", seed=3), hint_mode="solver")
    yield w
    w.close()


def test_a_hint_asked_on_the_board_is_shown_when_the_intent_returns(widget):
    View(widget).send_intent("hint")
    hint = widget.aids["hint"]
    assert hint["status"] == "ready", hint
    assert hint["move"] is not None and hint["sentence"]


def test_a_hint_asked_in_python_is_returned_and_shown(widget):
    hint = widget.hint(time_limit=0.5)
    assert hint.move in widget.game.legal_moves()
    assert widget.aids["hint"]["status"] == "ready"


def test_the_still_winnable_check_answers_after_each_move(widget):
    widget.check_winnable = True
    assert widget.aids["winnable"]["status"] in ("winnable", "lost", "unknown")
    View(widget).move("s>w")
    assert widget.aids["winnable"]["status"] in ("winnable", "lost", "unknown")


def test_a_winnable_deal_is_found_and_shown(widget):
    game = widget.new_game(seed=3, winnable=True)
    assert widget.game is game and widget.aids["deal"]["status"] == "dealt"


def test_a_run_plays_on_the_event_loop_and_stops_when_asked(widget):
    # In a thread of its own, as a kernel's cell runs with no other loop running in it: in
    # this process a session's browser tests keep Playwright's loop running in the main thread.
    in_a_thread_of_its_own(lambda: run_and_stop_on_a_loop(widget))


def run_and_stop_on_a_loop(widget: sw.SolitaireWidget) -> None:
    loop = asyncio.new_event_loop()
    asyncio.set_event_loop(loop)
    try:
        run = widget.run(sw.strategies.greedy, delay=0, max_moves=5)
        assert run.moves == 0, "the cell returns before the first move"
        loop.run_until_complete(until(lambda: not run.playing))
        assert run.moves == 5 and run.wait() and run.end == sw.RunEnd.MAX_MOVES

        widget.new_game(seed=3, winnable=True)
        demo = widget.demo(delay=0, time_limit=5.0)
        loop.run_until_complete(until(lambda: demo.moves >= 2 or not demo.playing))
        demo.stop()
        played = demo.moves
        for _ in range(3):  # the step that was due runs, and plays nothing
            loop.run_until_complete(asyncio.sleep(0))
        assert demo.moves == played and demo.said == "stopped"
    finally:
        asyncio.set_event_loop(None)
        loop.close()


def in_a_thread_of_its_own(body: Callable[[], None]) -> None:
    """Run ``body`` in a new thread (started as threads start outside these tests) and
    raise here whatever it raised."""
    raised: list[BaseException] = []

    def guarded() -> None:
        try:
            body()
        except BaseException as error:
            raised.append(error)

    thread = threading.Thread(target=guarded)
    THREAD_START(thread)
    thread.join()
    if raised:
        raise raised[0]


async def until(condition) -> None:
    """Let the event loop run until ``condition()`` holds."""
    while not condition():
        await asyncio.sleep(0)


def test_simulate_and_analyse_play_in_this_process():
    rows = sw.simulate("klondike", sw.strategies.greedy, 3, progress=False)
    assert len(rows) == 3
    game = sw.Game.new("klondike", seed=5)
    for _ in range(3):
        game.play(game.legal_moves()[0])
    analysis = sw.analyse(game, samples=2, node_limit=200, progress=False)
    assert len(analysis.rows) == 3


@pytest.mark.slow  # a question judged by the pure-Python search: some seconds
def test_a_chapter_asked_on_the_board_is_judged_and_added_when_the_intent_returns(widget):
    view = View(widget)
    widget.play("t4>f0")
    study = widget.start_study("In the browser")
    widget.ask(1, "Free a card.")
    view.send_intent("add_chapter", title="Your turn")
    assert [chapter.title for chapter in study.chapters] == ["Your turn"]
    assert study.chapters[0].questions is not None and study.chapters[0].questions[0].ply == 1
    assert widget.state["study"]["said"] == "Added chapter 1, 'Your turn': an exercise of 1 question."
