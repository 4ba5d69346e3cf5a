"""A move's latency in the kernel while the "still winnable?" check runs, and why the solver
runs in a worker process.

The kernel side of a move from the board: ``SolitaireWidget`` receives the intent, plays the
move, publishes the new state (and, with the check on, queues a check of the new
position). Between two intents the kernel waits 10 ms for the next message, as it does
between a player's clicks (a thread that wants the GIL gets it then, and the next move must
win it back). The same draw-and-undo intents are timed three ways on a Klondike deal whose
checks use up their whole budget: with the check off; with it on, so the widget's worker
process is busy solving the whole time; and, for comparison, with the solver running in a
thread of the kernel's own process, where it holds the GIL. Medians and 95th percentiles.
Run: ``python benchmarks/aids.py``.
"""

from __future__ import annotations

import itertools
import statistics
import threading
import time

import solitaire_widget as sw
from solitaire_widget.solver import solve

MOVES = 300
SEED = 3  # the solver decides this deal in no check's budget: the worker never rests
REQUESTS = itertools.count()
PAUSE = 0.01


def timed_moves(widget: sw.SolitaireWidget, count: int) -> list[float]:
    """Milliseconds the kernel spends on each of ``count`` board intents (draws, then undos)."""
    times = []
    for number in range(count):
        kind = "undo" if number % 2 else "move"
        fields = {} if kind == "undo" else {"source": "stock", "target": "waste", "count": 1}
        version = widget.state["version"]
        intent = {"kind": kind, "version": version, "request": f"bench:{next(REQUESTS)}", **fields}
        # The kernel waits for the next message, as between a player's clicks; the message
        # arrives PAUSE later. Timing from then counts the wait for the GIL after the sleep.
        start = time.perf_counter() + PAUSE
        time.sleep(PAUSE)
        widget._receive_intent(widget, intent, [])
        times.append((time.perf_counter() - start) * 1000)
        if widget.state["version"] != version + 1:
            raise RuntimeError(f"the {kind} intent was refused")
    return times


def summary(times: list[float]) -> str:
    p95 = statistics.quantiles(times, n=20)[-1]
    return f"{statistics.median(times):.2f} ms ({p95:.2f})"


def main() -> None:
    widget = sw.SolitaireWidget("klondike", seed=SEED)
    widget.send = lambda content, buffers=None: None  # no front end: nothing to deliver
    try:
        timed_moves(widget, 40)  # warm up
        rows = [("check off", summary(timed_moves(widget, MOVES)))]

        widget.check_winnable = True
        # The first check starts the worker process; time moves once it is solving.
        deadline = time.monotonic() + 60
        while widget.aids["winnable"]["status"] == "checking" and time.monotonic() < deadline:
            time.sleep(0.05)
        widget.play("s>w")
        time.sleep(0.5)
        checked = timed_moves(widget, MOVES)
        rows.append(("check on (solver in the worker process)", summary(checked)))
        widget.check_winnable = False

        stop = threading.Event()

        def solve_in_a_thread() -> None:
            while not stop.is_set():
                solve(sw.Game.new("klondike", seed=SEED), time_limit=1.0)

        thread = threading.Thread(target=solve_in_a_thread)
        thread.start()
        try:
            time.sleep(0.2)
            threaded = timed_moves(widget, MOVES)
            rows.append(("solver in a thread of the kernel (for comparison)", summary(threaded)))
        finally:
            stop.set()
            thread.join()
    finally:
        widget.close()

    print(f"Move latency in the kernel, {MOVES} board intents each: median (95th percentile)")
    width = max(len(name) for name, _ in rows)
    for name, figures in rows:
        print(f"  {name:<{width}}  {figures}")


if __name__ == "__main__":  # the worker process is spawned: it imports this module again
    main()
