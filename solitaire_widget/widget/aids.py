"""The widget's play aids: hints, the "still winnable?" check and winnable deals.

A hint is fair (``hint_mode = "fair"``, the default: what ``strategies.fair`` would play from
the cards the player has seen, ``Game.hint(fair=True)``) or the solver's, which sees every
card; either starts a line that the next hints follow while the player does. The check is
the solver's too: after every move while "still winnable?" is on, and once a game ends
without a win, so that its end can name the move that lost it; that move is then judged from
what the player could see when they played it (``analysis.py``), once.

The solver runs in a worker process (``worker.py``), never in the kernel: it is pure Python, and in a
thread of the kernel it would hold the GIL, so every move played meanwhile would wait for
it. The process is started on first use (with "spawn", which is safe whatever threads the
kernel runs) and works on one task at a time, in the order asked; a task that is no longer
wanted is cancelled before it starts. A task already running cannot be stopped: it
finishes and its answer is dropped, except a search for a winnable deal (it may take many
seconds), whose process is then left to finish alone while a new one takes the next tasks
(only one at a time is left so: a player dealing again and again starts no more).

Every request gets a serial number, and each aid remembers the serial it waits for: every
change of position (a move, undo, goto, a new deal) drops the hint's and gives the check a
new one. Answers are settled under the lock of the game on show (``tasks.py``) and published
only if their serial is still the one waited for, so an answer about an older position is
never shown. Checks go to the worker one at a time: while one runs, a move only notes where
the game stands, and the stale answer starts the check of the position the game stands on by
then.

Where no process or thread can start (Pyodide, in JupyterLite) the worker runs each task in the
kernel as it is asked for, and its answer is published at once, on the same thread.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Callable
from concurrent.futures import Future
from contextlib import AbstractContextManager
from functools import partial
from typing import Any

from ..aids import verdicts
from ..aids.hints import Hint, HintRequest
from ..aids.verdicts import Difficulty, Winnability
from ..engine.deal import random_seed
from ..engine.outcome import Termination
from ..game import Game
from ..judgement.analysis import MoveAnalysis, Task, chances_for
from ..judgement.chances import WinChance
from ..records.tree import Node
from ..solver import SolveResult, solve
from .analysis import judging_task, lost_move_words
from .tasks import AidTasks
from .worker import SolverWorker

CHECK_SECONDS = 3.0
"""The solver's budget for one "still winnable?" check (a shorter one than
``Game.winnability``'s, so a check is never long behind a hint in the worker's queue)."""

NO_AIDS: dict[str, Any] = {"hint": None, "winnable": None, "deal": None}
_NO_VERDICT: dict[str, Any] = {"lost_at": None, "lost_between": None, "lost_move": None}

_log = logging.getLogger("solitaire_widget")


class BoardAids:
    """The aids of one widget: what they show (``aids()``) and the worker behind them.

    ``hold()`` holds the lock of the game on show (``with hold():``, re-checking which game
    that is, as the widget may show another); every method but ``hint_now``, ``deal_now``
    and ``solve_waited`` is called with it held, and answers from the worker are published
    holding it. ``publish(aids)`` sets the widget's ``aids`` trait; ``version()`` is the
    version of the state on show; ``switch_to(game)`` shows a new deal; ``fair_hints()``
    says whether the board's hints are fair ones (``hint_mode``).
    """

    def __init__(
        self,
        game: Game,
        *,
        hold: Callable[[], AbstractContextManager[Game]],
        publish: Callable[[dict[str, Any]], None],
        version: Callable[[], int],
        switch_to: Callable[[Game], None],
        fair_hints: Callable[[], bool],
    ) -> None:
        self._hold = hold
        self._fair_hints = fair_hints
        self._publish_aids = publish
        self._version = version
        self._switch_to = switch_to
        self.tasks = AidTasks(SolverWorker(), hold)
        self._serials = itertools.count(1)
        self._published = NO_AIDS
        # Where the game stands: the hint and the verdict are about this node of this game.
        self._game = game
        self._node = game.node
        self._hint: dict[str, Any] | None = None
        self._hint_wanted = 0
        self._hint_task: Future[Hint] | None = None
        self._checking = False
        self._verdict: dict[str, Any] | None = None
        self._check_wanted = 0
        self._check_task: Future[Winnability] | None = None
        self._lost: tuple[Node, dict[str, Any]] | None = None  # the move that lost, and its judgement
        self._deal: dict[str, Any] | None = None
        self._deal_wanted = 0
        self._deal_game: Game | None = None
        self._deal_task: Future[Game] | None = None
        self._left_running: Future[Game] | None = None

    # ------------------------------------------------------------------ what shows
    def aids(self) -> dict[str, Any]:
        """The ``aids`` trait's value now (see the protocol in ``protocol.md``)."""
        version = self._version()
        return {
            "hint": None if self._hint is None else {"version": version, **self._hint},
            "winnable": None if self._verdict is None else {"version": version, **self._verdict},
            "deal": self._deal,
        }

    def _publish(self) -> None:
        aids = self.aids()
        if aids != self._published and not self.tasks.closed:
            self._published = aids
            self._publish_aids(aids)

    # ------------------------------------------------------------------ the widget tells
    def state_published(self, game: Game) -> None:
        """A new state is on show: when the game stands elsewhere, drop the hint and check
        again (or drop the verdict, when no check is wanted there)."""
        if game is not self._game or game.node is not self._node:
            self._game, self._node = game, game.node
            self._drop_hint()
            self._check_if_wanted()
        self._publish()

    def _check_if_wanted(self) -> None:
        """Check where the game stands while "still winnable?" is on, and where a game ended
        without a win whether or not it is (the end names the move that lost it); else drop
        the verdict."""
        outcome = self._game.outcome
        if self._checking or (outcome is not None and outcome.termination is not Termination.WON):
            self._check()
        else:
            self._verdict, self._check_wanted = None, 0
            self._cancel_waiting_check()

    def game_switched(self, game: Game) -> None:
        """A new game is about to show: unless it is the winnable deal, drop the deal's search
        (the hint and the check start again for the new game once it shows)."""
        if game is not self._deal_game:
            self._drop_deal()

    def set_checking(self, on: bool) -> None:
        """Turn the "still winnable?" check on (checking the position at once) or off."""
        if on == self._checking:
            return
        self._checking = on
        self._check_if_wanted()
        self._publish()

    def rest(self) -> None:
        """No view shows the board: the worker's process ends (a task running finishes
        first), and the hint or check waiting for it is dropped until ``resume``. A later
        task starts a new process."""
        self.tasks.rest()

    def resume(self) -> None:
        """A view shows the board again: ask again for the hint and the check that resting
        cut short."""
        self._resubmit()

    def close(self) -> None:
        """Stop the worker and publish nothing more."""
        self.tasks.close()

    # ------------------------------------------------------------------ hints
    def ask_hint(self) -> None:
        """A hint for the position on show, published when the worker has it. While one
        is being worked out or shown for this position, asking again changes nothing."""
        if self._hint is not None and self._hint["status"] != "failed":
            return
        serial, task, done = self._start_hint(self._game.hint_request(fair=self._fair_hints()))
        if task is not None:
            self._hint_task = task
            self.tasks.when_done(task, done, serial)
        self._publish()

    def hint_now(self, fair: bool, settings: dict[str, Any]) -> Hint:
        """A hint for the position on show (``settings``: ``Game.hint``'s keywords), waited
        for (without holding the lock), shown on the board if the game still stands there, and
        returned. A move meanwhile does not cancel it: the caller still gets the hint about
        the position it asked on. ``ValueError`` for a bad setting, the hint shown unchanged."""
        with self._hold():
            request = self._game.hint_request(fair=fair, **settings)  # a bad setting raises here
            self._drop_hint()
            serial, task, done = self._start_hint(request)
            self._publish()
        return self.tasks.waited((serial, task), done)

    def _start_hint(
        self, request: Hint | HintRequest
    ) -> tuple[int, Future[Hint] | None, Callable[[Future[Hint], int], None]]:
        """Start answering ``request`` (``Game.hint_request``'s): on the line of the last hint
        the answer is known at once (its next move); else the worker searches, and the line
        found is kept in the game for the next hints. Returns the serial, the task and what to
        do when it is done."""
        serial = self._hint_wanted = next(self._serials)
        game = self._game
        task: Future[Hint] | None
        if isinstance(request, Hint):
            task = Future()
            task.set_result(request)
        else:
            task = self.tasks.submit(request.answer)
        if task is None:
            self._hint = {"status": "failed", "sentence": "no hint: the solver's worker could not start"}
        else:
            self._hint = {"status": "thinking"}
        return serial, task, partial(self._hint_done, game=game, request=request)

    def _hint_done(self, task: Future[Hint], serial: int, *, game: Game, request: Hint | HintRequest) -> None:
        found = not task.cancelled() and task.exception() is None
        if found and isinstance(request, HintRequest):
            # The line is kept by its positions, so it holds wherever the game stands by now.
            game.keep_hint(request, task.result())
        if serial != self._hint_wanted or task.cancelled():
            return
        self._hint_task = None
        error = task.exception()
        if error is None:
            hint = task.result()
            move = hint.move
            self._hint = {
                "status": "ready",
                "source": hint.source.value,
                "sentence": hint.sentence,
                "move": None
                if move is None
                else {"source": move.source, "target": move.target, "count": move.count},
            }
        else:
            _log.error("the solver's worker failed on a hint", exc_info=error)
            self._hint = {"status": "failed", "sentence": f"no hint: the solver failed ({error})"}
        self._publish()

    def _drop_hint(self) -> None:
        self._hint, self._hint_wanted = None, 0
        AidTasks.cancel(self._hint_task)
        self._hint_task = None

    # ------------------------------------------------------------------ still winnable?
    def _check(self) -> None:
        """Check where the game stands. While a check runs in the worker, moves queue none
        of their own: when it ends, the position the game stands on then is checked (so a
        move costs the kernel no work for the worker, however fast the player plays)."""
        self._check_wanted = next(self._serials)
        self._verdict = {**_NO_VERDICT, "status": "checking"}
        self._cancel_waiting_check()
        if self._check_task is None:
            self._start_check()

    def _start_check(self) -> None:
        serial, game = self._check_wanted, self._game
        task = self.tasks.submit(
            partial(verdicts.winnability, game.start, game.history, time_limit=CHECK_SECONDS)
        )
        if task is None:
            self._verdict = {**_NO_VERDICT, "status": "unknown"}
            return
        self._check_task = task
        self.tasks.when_done(task, self._check_done, serial)

    def _cancel_waiting_check(self) -> None:
        """Cancel a check still waiting for the worker (one behind a hint, say); one running
        cannot be, and is left to finish."""
        if self._check_task is not None and self._check_task.cancel():
            self._check_task = None

    def _check_done(self, task: Future[Winnability], serial: int) -> None:
        if task is not self._check_task:
            return  # cancelled and replaced
        self._check_task = None
        if task.cancelled():  # with the worker's queue: the widget closed or the check restarts
            return
        if serial != self._check_wanted:
            if self._check_wanted:  # the game moved on meanwhile: check where it stands now
                self._start_check()
            return
        error = task.exception()
        if error is None:
            verdict = task.result()
            status = "lost" if verdict.verdict == "unwinnable" else verdict.verdict
            between = None if verdict.lost_between is None else list(verdict.lost_between)
            lost_move = self._lost_move(verdict.lost_at) if status == "lost" else None
            self._verdict = {
                "status": status,
                "lost_at": verdict.lost_at,
                "lost_between": between,
                "lost_move": lost_move,
            }
        else:
            _log.error("the solver's worker failed on a check", exc_info=error)
            self._verdict = {**_NO_VERDICT, "status": "unknown"}
        self._publish()

    def _lost_move(self, lost_at: int | None) -> dict[str, Any] | None:
        """The judgement of the move that lost the game, from what the player could see then
        (``analysis.lost_move_words``): ``{"status": "judging", "ply"}`` while the worker
        samples it, then ``{"status": "judged", ...}`` (or ``"failed"``); None when no one
        move is named. A move judged once is not judged again while the checks name it."""
        if not lost_at:
            return None
        node = self._game.node_at(lost_at)
        if self._lost is not None and self._lost[0] is node:
            return self._lost[1]
        task = judging_task(self._game, lost_at)
        future = self.tasks.submit(partial(chances_for, task))
        judged = {"status": "judging" if future is not None else "failed", "ply": lost_at}
        self._lost = (node, judged)
        if future is not None:
            self.tasks.when_done(future, partial(self._lost_move_judged, node=node, task=task), 0)
        return self._lost[1]  # already the judgement when the worker answered at once

    def _lost_move_judged(self, future: Future[WinChance], _serial: int, *, node: Node, task: Task) -> None:
        if self._lost is None or self._lost[0] is not node:
            return  # another move, or another game, is named by now
        error = None if future.cancelled() else future.exception()
        if future.cancelled():  # with the worker's queue: judged again when a check names it
            self._lost = None
            judged = None
        elif error is not None:
            _log.error("the solver's worker failed to judge a move", exc_info=error)
            judged = {"status": "failed", "ply": task.ply}
        else:
            words = lost_move_words(task, MoveAnalysis.of(task, future.result()))
            judged = {"status": "judged", **words}
        if judged is not None:
            self._lost = (node, judged)
        verdict = self._verdict
        if verdict is not None and verdict["lost_at"] == task.ply and self._game.node_at(task.ply) is node:
            self._verdict = {**verdict, "lost_move": judged or self._lost_move(task.ply)}
            self._publish()

    # ------------------------------------------------------------------ the demo's solver
    def solve_waited(self, game: Game, *, time_limit: float | None, node_limit: int | None) -> SolveResult:
        """``solve(game)`` run in the worker and waited for; call it without the lock (the
        demo's strategy does, from its player's thread). It waits behind a hint or a check
        already in the worker's queue."""
        with self._hold():
            task = self.tasks.submit(
                partial(solve, game.position, time_limit=time_limit, node_limit=node_limit)
            )
        if task is None:
            raise RuntimeError("the solver's worker could not start")
        return task.result()

    # ------------------------------------------------------------------ winnable deals
    def deal_later(self, name: str, seed: int, options: dict[str, object]) -> None:
        """Look for the first winnable deal from ``seed`` on in the worker; show it when found."""
        serial, task = self._start_deal(name, seed, options)
        if task is not None:
            self._deal_task = task
            self.tasks.when_done(task, partial(self._deal_done, seed=seed), serial)

    def deal_now(self, game: str | Game, seed: int | None, options: dict[str, object]) -> Game:
        """The first winnable deal of the game named ``game`` from ``seed`` on (None: a random
        one), looked for in the worker and waited for (without holding the lock), then shown
        unless another deal was asked for meanwhile; returned either way. Bad arguments raise
        at once, as ``Game.new`` does, rather than in the worker."""
        if isinstance(game, Game):
            raise TypeError("a Game is shown as it is: winnable=True deals a game by its name")
        seed = random_seed() if seed is None else seed
        first = Game.new(game, seed, **options)
        with self._hold():
            started = self._start_deal(first.name, seed, first.options)
        return self.tasks.waited(started, lambda task, serial: self._deal_done(task, serial, seed=seed))

    def _start_deal(
        self, name: str, seed: int, options: dict[str, object]
    ) -> tuple[int, Future[Game] | None]:
        if self._drop_deal():
            self._resubmit()
        serial = self._deal_wanted = next(self._serials)
        task = self.tasks.submit(partial(Game.new, name, seed, winnable=True, **options))
        self._deal = {"status": "dealing", "game": name, "from_seed": seed}
        if task is None:
            self._deal = {**self._deal, "status": "failed", "reason": "the solver's worker could not start"}
        self._publish()
        return serial, task

    def _deal_done(self, task: Future[Game], serial: int, *, seed: int) -> None:
        if serial != self._deal_wanted or task.cancelled():
            return
        self._deal_task = None
        error = task.exception()
        if error is not None:
            _log.error("the solver's worker failed on a deal", exc_info=error)
            self._deal = {**(self._deal or {}), "status": "failed", "reason": str(error)}
            self._publish()
            return
        game = task.result()
        self._deal_game = game
        self._deal = {
            "status": "dealt",
            "game": game.name,
            "seed": game.seed,
            "from_seed": seed,
            "difficulty": None,
        }
        self._switch_to(game)
        rating = self.tasks.submit(partial(verdicts.difficulty, game.start))
        if rating is not None:
            self.tasks.when_done(rating, self._rated, serial)

    def _rated(self, task: Future[Difficulty], serial: int) -> None:
        if serial != self._deal_wanted or task.cancelled() or self._deal is None:
            return
        error = task.exception()
        if error is None:
            rated = task.result()
            difficulty = {"level": rated.level, "nodes": rated.nodes}
        else:
            _log.error("the solver's worker failed to rate a deal", exc_info=error)
            difficulty = {"level": "unknown", "nodes": 0}
        self._deal = {**self._deal, "difficulty": difficulty}
        self._publish()

    def _drop_deal(self) -> bool:
        """Forget the winnable deal; True when its search was still running, so the worker
        was left to it and the tasks that waited behind it were cancelled."""
        task = self._deal_task
        self._deal, self._deal_wanted, self._deal_game, self._deal_task = None, 0, None, None
        if task is None or task.done():
            return False
        if not task.running():
            task.cancel()
            return False
        if self._left_running is not None and not self._left_running.done():
            return False  # one process left to a search is enough: the next tasks wait here
        # A search may run on for many seconds: leave its process to it.
        self._left_running = task
        self.tasks.rest()
        return True

    def _resubmit(self) -> None:
        """Ask again for the hint and the check that were cancelled with the worker's queue."""
        if self._hint is not None and self._hint.get("status") == "thinking":
            self._hint = None
            self.ask_hint()
        if self._verdict is not None and self._verdict["status"] == "checking":
            self._check()
