"""Keeping the views in step with the game on show (``StatePublisher``): the state and
timeline published after every change, on the thread that made it, holding the game's lock.

``state``, ``aids``, ``analysis``, ``recording`` and ``rules`` are read-only traits
(``traits.READ_ONLY``): only a thread that is publishing may write them, and whether a thread
is publishing, like the engine actions it gathers into one state, is kept per thread
(``ThreadFlags``), so a cell's thread cannot write ``state`` while another thread publishes.

Threads: JupyterLab delivers the views' intents on a thread of its own, while cells, a
strategy's run and the aids' answers run on theirs. There is one lock per game,
``game.lock``: every method of the widget that reads or changes the game, the handling of
each intent, a run's moves and the aids' answers hold the lock of the game on show
(``StatePublisher.holding``: taken, then checked to still be the game on show, as
``new_game``, ``load``, ``lesson`` and ``restart`` put another there: a switch holds the old
game's lock and the new one's). Every state is built and published holding that lock, so
the last state sent always names the game as it stands.
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

from ipywidgets import CallbackDispatcher

from ..engine.games import rules_text
from ..engine.moves import Move
from ..game import Game
from ..study import BoardLesson
from .aids import BoardAids
from .analysis import BoardAnalysis
from .pyodide_messages import for_the_view
from .recording import Recorder
from .run import BoardRuns
from .state import Clock, LastChange, board_state
from .timeline import TimelineSync


class ThreadFlags(threading.local):
    """What the widget is doing on the current thread: publishing a state (the only time
    ``state`` and ``aids`` may be written), and the engine actions gathered into one state."""

    publishing = False
    gathering: list[LastChange] | None = None

    @contextmanager
    def publishing_now(self) -> Iterator[None]:
        """This thread publishes inside the block (and no longer after it)."""
        self.publishing = True
        try:
            yield
        finally:
            self.publishing = False


class StatePublisher:
    """The game on show, its clock and its timeline, and the publishing of its state after
    every change: the widget's traits are written with ``write(**traits)`` (in order, as
    the publishing thread), its custom messages sent with ``send``. The parts of the state
    kept elsewhere come from ``lesson()`` (the lesson running), ``study_state(game,
    timeline)`` (the ``study`` field), ``scoring()`` (the setting) and ``version()`` (the
    version of the state on show); ``recorder``, ``aids``, ``analysis`` and ``runs`` are
    told of every change and switch. ``move_callbacks`` are called with each move played."""

    def __init__(
        self,
        game: Game,
        *,
        flags: ThreadFlags,
        write: Callable[..., None],
        send: Callable[[dict[str, Any]], None],
        version: Callable[[], int],
        scoring: Callable[[], str],
        lesson: Callable[[], BoardLesson | None],
        study_state: Callable[[Game, TimelineSync], dict[str, Any] | None],
        recorder: Recorder,
        aids: BoardAids,
        analysis: BoardAnalysis,
        runs: BoardRuns,
        move_callbacks: CallbackDispatcher,
    ) -> None:
        self.game = game
        self.clock = Clock.for_game(game)
        self.timeline = TimelineSync(game)
        self.listening = False
        """True while the game on show tells this publisher of its changes."""
        self._timeline_reset_due = False
        self._flags = flags
        self._write = write
        self._send = send
        self._version = version
        self._scoring = scoring
        self._lesson = lesson
        self._study_state = study_state
        self._recorder = recorder
        self._aids = aids
        self._analysis = analysis
        self._runs = runs
        self._move_callbacks = move_callbacks

    @property
    def version(self) -> int:
        """The version of the state on show."""
        return self._version()

    @property
    def scoring(self) -> str:
        """The board's scoring setting."""
        return self._scoring()

    @contextmanager
    def holding(self) -> Iterator[Game]:
        """Hold the lock of the game on show, and give that game. Another thread may show
        another game while this one waits for the lock: then it waits for that game's."""
        while True:
            game = self.game
            with game.lock:
                if game is self.game:
                    yield game
                    return

    def listen(self) -> None:
        """Follow the changes of the game on show (holding its lock)."""
        self.game.add_listener(self._on_game_change)
        self.listening = True

    def stop_listening(self) -> None:
        """Stop following the game on show (holding its lock): it stays usable, alone."""
        self.game.remove_listener(self._on_game_change)
        self.listening = False

    def publish_analysis(self) -> None:
        """Show the analysis of the game on show as it is now (holding the game's lock)."""
        self._write(analysis=self._analysis.shown(self.game, self.timeline))

    def _on_game_change(self, game: Game, action: str, move: Move | None) -> None:
        """The game's listener: called on the thread that changed the game, holding its lock."""
        if game is not self.game:
            return  # a game no longer on show (its listener is being removed)
        self._recorder.noticed(action, by_run=self._runs.playing)
        gathering = self._flags.gathering
        if gathering is not None:
            gathering.append((action, move))
            return
        with self.holding():
            self.publish((action, move))
        if action == "play":
            self._move_callbacks(move)

    @contextmanager
    def gathered(self) -> Iterator[None]:
        """Engine actions of this thread inside the block reach the view as one state update,
        at its end (call it holding the game's lock, so no other thread's change comes in)."""
        here = self._flags
        outer = here.gathering
        actions: list[LastChange] = []
        here.gathering = actions
        try:
            yield
        finally:
            here.gathering = outer
        if outer is not None:
            outer.extend(actions)
        elif actions:
            self.publish(actions[-1])
            for action, move in actions:
                if action == "play":
                    self._move_callbacks(move)

    def switch_to(self, game: Game, shown_ms: float | None = None) -> None:
        """Show ``game`` as a new deal: follow its changes instead of the old game's, with the
        clock ``Clock.for_game`` gives it (``shown_ms``: the time recorded with it). Called
        holding the lock of the game on show; takes the new one's too, so no other thread
        sees the switch half made. (Locks are taken in that order, the shown game's first: a
        thread that holds a game's lock while it asks to show that game, as another thread
        shows it too, could wait for ever.)"""
        with game.lock:
            self._runs.drop()
            self._analysis.stop("a new deal stopped the analysis")
            self._aids.game_switched(game)
            self._recorder.abandon(self.game, self.clock, self._scoring())
            self.follow(game)
            self._recorder.showing(game)
            self.clock = Clock.for_game(game, shown_ms)
            self.publish(None)

    def follow(self, game: Game) -> None:
        """Put ``game`` on show with a new timeline, its listener moved to it; nothing is
        published yet."""
        if self.listening:
            self.game.remove_listener(self._on_game_change)
            game.add_listener(self._on_game_change)
        self.game = game
        self.timeline = TimelineSync(game, self.timeline.version + 1)
        self._timeline_reset_due = True

    def tell_views(self, content: dict[str, Any]) -> None:
        """Send the views a custom message (``protocol.md``), as this kernel must
        (``pyodide_messages.py``)."""
        self._send(for_the_view(content))

    def publish(self, last: LastChange | None) -> None:
        """Send the timeline's changes and the new state (holding the game's lock)."""
        # The timeline goes first, so the state that names its version finds it there.
        if self._timeline_reset_due:
            self._timeline_reset_due = False
            self.tell_views(self.timeline.reset())
        else:
            changes = self.timeline.changes()
            if changes is not None:
                self.tell_views(changes)
        state = self.next_state(self.version + 1, last)
        # The rules before the state, so a view has the rules of a new game when it draws it;
        # sent only when the game on show changes kind (traitlets skips an equal value).
        self._write(rules=rules_text(self.game.name), state=state)
        self._aids.state_published(self.game)
        self.publish_analysis()
        self._recorder.record(self.game, self.clock, self._scoring(), lesson=self._lesson() is not None)

    def next_state(self, version: int, last: LastChange | None) -> dict[str, Any]:
        """The state at ``version``; the clock moves on with it (stopped when the game first ends)."""
        game = self.game
        lesson = self._lesson()
        state = board_state(
            game,
            self.timeline,
            version=version,
            last=last,
            clock=self.clock,
            lesson=None if lesson is None else lesson.state(game),
            run=None if self._runs.last is None else self._runs.last.state(),
            score=self._recorder.score_state(game, self._scoring()),
            study=self._study_state(game, self.timeline),
        )
        self.clock = Clock.of(state)
        return state
