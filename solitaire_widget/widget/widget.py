"""``SolitaireWidget``: a game of patience to play in Jupyter, driven from Python or the board.

>>> import solitaire_widget as sw
>>> w = sw.SolitaireWidget("klondike", seed=7)
>>> w.play(w.legal_moves()[0])
Move(source='tableau/4', target='foundation/0', count=1)
>>> w.state["moves"]
1

The state it syncs to its views and the intents it takes from them are documented in
``intents.py``.
"""

from __future__ import annotations

import os
import pathlib
import threading
import time
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from math import inf
from typing import Any, NamedTuple

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from ..engine.deal import random_seed
from ..engine.games import rules_for
from ..engine.moves import IllegalMove, Move
from ..engine.outcome import Termination
from ..game import Game
from ..lesson import OTHER_MOVE, Lesson
from ..scripting.strategies import Choice, GameView, SolverStrategy, Strategy
from ..solver.aids import Hint
from ..solver.search import check_limits
from .aids import NO_AIDS, PlayAids
from .intents import STALE, Refusal, brief, checked_intent, request_id
from .player import Player
from .timeline import TimelineSync

_STATIC = pathlib.Path(__file__).parent.parent / "static"
for _bundled in ("widget.js", "widget.css"):
    if not (_STATIC / _bundled).is_file():
        raise ImportError(
            f"the widget's view is not built ({_STATIC / _bundled} is missing): "
            "run `npm install && npm run build` in the project folder (or `./run lab`)"
        )

_MAX_REASON = 500
# Request ids already answered, kept so a duplicated message is recognised; views count up,
# so only recent ids can come back.
_REMEMBERED_REQUESTS = 1024


def _now_ms() -> int:
    return int(time.time() * 1000)


DEMO_DELAYS = {"slow": 1.0, "normal": 0.5, "fast": 0.2}
"""Seconds between the demo's moves for each ``demo_speed``."""

DEMO_SECONDS = 10.0
"""The solver's budget for the demo's line, when a demo is asked for on the board."""


def _resign(_game: GameView) -> Choice:
    """The demo's fallback: it plays the solver's line or nothing."""
    return None


class _Snapshot(NamedTuple):
    """What an intent may change, so an unexpected failure can be taken back."""

    game: Game
    copy: Game
    started_at: int
    finished_at: int | None
    version: int


class SolitaireWidget(anywidget.AnyWidget):
    """A game of patience shown as a board that can be played with the mouse or keyboard.

    >>> w = SolitaireWidget("father", seed=3)          # "klondike", "father", "following"
    >>> w = SolitaireWidget("klondike", seed=7, draw=3) # options as keyword arguments
    >>> w = SolitaireWidget(Game.new("following"))      # show an existing game

    ``w.game`` is the engine ``Game`` itself: moves played on it, through the widget's
    methods or on the board all show at once. ``new_game`` and ``restart`` put a new
    ``Game`` in ``w.game``. The synced ``state`` (see the module docstring) can be
    watched with ``w.observe(fn, names="state")``; it is read-only.

    ``w.run(strategy, delay)`` plays a strategy on the board until it ends or is stopped
    (``w.stop()`` or the board's Stop button). Every method that changes the game holds
    ``w.game_lock`` (a ``threading.RLock``), as does the handling of the board's intents;
    hold it too to change ``w.game`` directly while a strategy plays.
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"
    state = traitlets.Dict(help="The board as the view draws it; read-only, replaced on every change.").tag(
        sync=True
    )
    check_winnable = traitlets.Bool(
        False, help="Check in the background, after every change, whether the game can still be won."
    ).tag(sync=True)
    autoplay_mode = traitlets.Enum(
        ("off", "safe"), "off", help='"safe": every move played is followed by the safe moves home.'
    ).tag(sync=True)
    demo_speed = traitlets.Enum(
        tuple(DEMO_DELAYS), "normal", help="How fast the board's Demo plays: slow, normal or fast."
    ).tag(sync=True)
    aids = traitlets.Dict(
        NO_AIDS, help="Hint, still-winnable verdict and winnable deal on show; read-only (see intents.py)."
    ).tag(sync=True)

    _publishing = False
    _listening = False
    _publish_failure: Exception | None = None

    def __init__(self, game: str | Game = "klondike", seed: int | None = None, **options: object) -> None:
        """Show a new deal of ``game`` (with ``seed`` and options, as ``Game.new``), or the ``Game`` given."""
        self.game_lock = threading.RLock()
        self._player: Player | None = None
        self._game = self._game_for(game, seed, options)
        self._started_at = _now_ms()
        self._finished_at: int | None = None
        self._gathering: list[tuple[str, Move | None]] | None = None
        self._move_callbacks = CallbackDispatcher()
        self._answered: dict[str, None] = {}
        self._timeline = TimelineSync(self._game)
        self._timeline_reset_due = False
        self._lesson: Lesson | None = None
        self._aids = PlayAids(
            self._game,
            lock=self.game_lock,
            publish=self._publish_aids,
            version=lambda: self.state["version"],
            switch_to=self._switch_to,
        )
        self._game.add_listener(self._on_game_change)
        self._listening = True
        # The first state goes out with the widget itself, so no view ever sees an empty one.
        self._publishing = True
        try:
            super().__init__(state=self._stamped_state(1, None))
        finally:
            self._publishing = False
        self.on_msg(self._receive_intent)

    @staticmethod
    def _game_for(game: str | Game, seed: int | None, options: dict[str, object]) -> Game:
        if isinstance(game, Game):
            if seed is not None or options:
                raise TypeError("a Game brings its own seed and options: pass only the Game")
            return game
        return Game.new(game, seed, **options)

    # ------------------------------------------------------------------ playing from Python
    @property
    def game(self) -> Game:
        """The ``Game`` on show (the engine object itself, not a copy)."""
        return self._game

    @property
    def player(self) -> Player | None:
        """The last run on this deal (``run``, ``demo`` or the board's Demo button): a
        ``Player``, playing or ended; None when none was started since the deal."""
        return self._player

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or notation such as ``"w>t3"``) and return it; see ``Game.play``.
        With ``autoplay_mode = "safe"`` the safe moves home follow it (one state update)."""
        with self.game_lock:
            return self._play_and_autoplay(move)

    def _play_and_autoplay(self, move: Move | str) -> Move:
        with self._gathered():
            played = self._game.play(move)
            if self.autoplay_mode == "safe":
                self._game.autoplay()
        return played

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        with self.game_lock:
            return self._game.undo()

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        with self.game_lock:
            return self._game.redo()

    def autoplay(self) -> list[Move]:
        """Send cards home while a move home is safe (see ``Game.autoplay``); return the
        moves (one state update)."""
        with self.game_lock, self._gathered():
            return self._game.autoplay()

    def hint(self, time_limit: float = 1.0) -> Hint:
        """A move to play, marked on the board with its sentence until the next move: the
        next move of a winning line when the solver finds one within ``time_limit`` seconds,
        else the heuristic's best move (see ``Game.hint``). The solver runs in the widget's
        worker process; this waits for it."""
        return self._aids.hint_now(time_limit)

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in the engine's order."""
        return self._game.legal_moves()

    def goto(self, ply: int) -> None:
        """Stand at ``ply`` of the current line (0 = the deal); see ``Game.goto``."""
        with self.game_lock:
            self._game.goto(ply)

    def annotate(self, ply: int, text: str, marks: Iterable[str] | None = None) -> None:
        """Comment on move ``ply`` and mark piles or cards there; see ``Game.annotate``."""
        with self.game_lock:
            self._game.annotate(ply, text, marks)

    def save(self, path: str | os.PathLike[str]) -> None:
        """Save the game's record (every line, comment and mark) to ``path``; see ``Game.save``."""
        self._game.save(path)

    def load(self, path: str | os.PathLike[str]) -> Game:
        """Show the game recorded in ``path``, standing where it was saved; return it. A file
        that is not a good record raises ``RecordError`` and the game on show stays."""
        loaded = Game.load(path)
        with self.game_lock:
            self._switch_to(loaded)
        return loaded

    def lesson(self, source: Game | dict[str, Any] | str | os.PathLike[str]) -> Lesson:
        """Start a lesson on ``source`` (a ``Game``, a record dict or a record file): the board
        shows its start and the student must find each next move of its main line. The
        right move is played and its comment shown; another legal move is refused with
        "legal, but the lesson plays something else"; "Show me" plays the move. Undo, new
        games and the like wait until ``end_lesson()``. Returns the ``Lesson`` (its counts)."""
        if isinstance(source, Game):
            game = source
        elif isinstance(source, dict):
            game = Game.from_record(source)
        else:
            game = Game.load(source)
        lesson = Lesson(game)
        with self.game_lock:
            self._lesson = lesson
            self._switch_to(lesson.student_game())
        return lesson

    def end_lesson(self) -> None:
        """End the lesson: the game on show plays on as an ordinary game."""
        with self.game_lock:
            self._lesson = None
            self._publish(None)

    def new_game(
        self,
        game: str | Game | None = None,
        seed: int | None = None,
        *,
        winnable: bool = False,
        **options: object,
    ) -> Game:
        """Deal a new game and show it; return it (it is also ``w.game``).

        ``game`` defaults to the current game; a ``Game`` is shown as it is. ``seed``
        defaults to a random deal. While the game stays the same, options not given keep
        their current values. Bad arguments raise ``ValueError`` and change nothing.

        With ``winnable=True`` the deal is the first from ``seed`` on that the solver proves
        winnable (``Game.new``); the search runs in the widget's worker process while the
        board says "dealing a winnable game…", and the board then shows the seed dealt and
        rates its difficulty (in the worker too).
        """
        if game is None or (isinstance(game, str) and rules_for(game).name == self._game.name):
            options = {**self._game.options, **options}
            game = self._game.name
        if not isinstance(winnable, bool):
            raise ValueError(f"winnable must be True or False, not {winnable!r}")
        if winnable:
            if isinstance(game, Game):
                raise TypeError("a Game is shown as it is: winnable=True deals a game by its name")
            # Checked here, so that bad arguments fail at once rather than in the worker.
            seed = random_seed() if seed is None else seed
            first = Game.new(game, seed, **options)
            return self._aids.deal_now(first.name, seed, first.options)
        new = self._game_for(game, seed, options)
        with self.game_lock:
            self._switch_to(new)
        return new

    def restart(self) -> Game:
        """Start this deal again from the beginning; return the new ``Game``.

        The beginning is the position before the first move in the game's history: the
        deal for a dealt game, the position given for one made with ``Game.from_dict``.
        """
        with self.game_lock:
            start = self._game.copy()
            for _ in range(len(start.history)):
                start.undo()
            position = start.to_dict()
            del position["history"]
            fresh = Game.from_dict(position)
            self._switch_to(fresh)
        return fresh

    def on_move(self, callback: Callable[[Move], object]) -> Callable[[], None]:
        """Call ``callback(move)`` after every move played, from Python or on the board.

        Returns a function that removes the callback. An exception in a callback is
        reported (as ipywidgets reports callback errors) and does not undo the move.
        """
        if not callable(callback):
            raise TypeError(f"on_move needs a function to call with each Move, not {brief(callback)}")
        self._move_callbacks.register_callback(callback)

        def remove() -> None:
            self._move_callbacks.register_callback(callback, remove=True)

        return remove

    def run(self, strategy: Strategy, delay: float = 0.3, max_moves: int | None = None) -> Player:
        """Let ``strategy`` play on the board, a move every ``delay`` seconds, until the game
        is over, the strategy resigns or fails, ``max_moves`` are played, or it is stopped
        (``stop()``, or the board's Stop button). Returns at once with the ``Player``
        (``playing``, ``said``, ``moves``, ``wait()``); a run already going is stopped first.

        ``strategy`` is any callable from a read-only view of the game to a legal move or None
        (see ``sw.strategies``). While it plays, the board refuses moves of its
        own; the notebook can still change the game (the strategy then thinks again). The
        strategy chooses every move itself: ``autoplay_mode`` is not applied to its moves.
        """
        if not callable(strategy):
            raise TypeError(
                f"run needs a strategy: a callable from a game to a move or None, not {brief(strategy)}"
            )
        return self._start_run(strategy, delay, max_moves)

    def _start_run(
        self, strategy: Strategy, delay: float, max_moves: int | None, *, demo: bool = False
    ) -> Player:
        if isinstance(delay, bool) or not isinstance(delay, (int, float)) or not 0 <= delay < inf:
            raise ValueError(f"delay is a number of seconds from 0, not {brief(delay)}")
        if max_moves is not None and (
            isinstance(max_moves, bool) or not isinstance(max_moves, int) or max_moves < 0
        ):
            raise ValueError(f"max_moves is a number of moves from 0 or None, not {brief(max_moves)}")
        with self.game_lock:
            if self._lesson is not None:
                raise ValueError("not during a lesson: end_lesson() first")
            self._drop_player()
            self._player = Player(self, strategy, float(delay), max_moves, self._run_changed, demo=demo)
            self._publish(None)
            return self._player.start()

    def demo(self, delay: float | None = None, time_limit: float = DEMO_SECONDS) -> Player:
        """Play the solver's winning line from where the game stands, a move every ``delay``
        seconds (``None``: as ``demo_speed`` says, 0.5 s for "normal"); the same as the
        board's Demo button. Returns at once with the ``Player``, as ``run`` does.

        The solver works in the widget's worker process for up to ``time_limit`` seconds
        before the first move, and its line is played with its detours cut out. When it
        finds no winning line the run ends at once, saying why (``said``: the position is
        lost, or no line was found in time) and the game is as it was. Stopped (``stop()``
        or the board's Stop button), the game is an ordinary game, to be played on or undone.
        """
        seconds, _ = check_limits(time_limit, None)  # here, not later in the worker
        line = SolverStrategy(None, seconds, fallback=_resign, solve_with=self._aids.solve_waited)
        speed = DEMO_DELAYS[self.demo_speed] if delay is None else delay
        return self._start_run(line, speed, None, demo=True)

    def stop(self) -> None:
        """Stop the strategy playing on the board, if one is: no move is played after this
        returns, and the game stands before or after a whole move."""
        with self.game_lock:
            if self._player is not None:
                self._player.stop()

    def _run_changed(self, player: Player) -> None:
        if player is self._player:
            self._publish(None)

    def _drop_player(self) -> None:
        """Stop the run of the game on show and forget it, without a new state of its own."""
        player, self._player = self._player, None
        if player is not None:
            player.stop()

    def close(self) -> None:
        """Close the widget and its views. The game stays usable, and the widget stops
        listening to it (a closed widget must not keep a game the user holds busy)."""
        with self.game_lock:
            self._drop_player()
            if self._listening:
                self._game.remove_listener(self._on_game_change)
                self._listening = False
                self._aids.close()
        super().close()

    # ------------------------------------------------------------------ showing itself
    def __repr__(self) -> str:
        game = self._game
        defaults = game.rules.option_defaults
        facts = [game.name]
        if game.seed is not None:
            facts.append(f"seed={game.seed}")
        facts += [f"{key}={value!r}" for key, value in game.options.items() if defaults.get(key) != value]
        facts.append(f"moves={len(game.history)}")
        outcome = game.outcome
        if outcome is None:
            facts.append("playing")
        elif outcome.termination is Termination.WON:
            facts.append("won")
        else:
            facts.append(f"stuck: {outcome.reason}")
        return f"<SolitaireWidget {' '.join(facts)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict[str, Any], dict[str, Any]] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            # Where widgets do not render (a saved notebook on a static viewer), the board
            # still shows as text.
            bundle[0]["text/plain"] = f"{self!r}\n{self._game}"
        return bundle

    # ------------------------------------------------------------------ keeping state in step
    @traitlets.validate("state")
    def _only_from_the_game(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._publishing:
            raise traitlets.TraitError(
                "state is drawn from the game and is read-only: change the game with "
                "play(), undo(), redo(), autoplay(), new_game() or restart()"
            )
        state: dict[str, Any] = proposal["value"]
        return state

    @traitlets.validate("aids")
    def _only_from_the_aids(self, proposal: dict[str, Any]) -> dict[str, Any]:
        if not self._publishing:
            raise traitlets.TraitError(
                "aids are worked out by the widget and are read-only: ask with hint(), "
                "check_winnable = True or new_game(winnable=True)"
            )
        aids: dict[str, Any] = proposal["value"]
        return aids

    def _publish_aids(self, aids: dict[str, Any]) -> None:
        self._publishing = True
        try:
            self.aids = aids
        finally:
            self._publishing = False

    @traitlets.observe("check_winnable")
    def _check_winnable_changed(self, change: dict[str, Any]) -> None:
        with self.game_lock:
            self._aids.set_checking(change["new"])

    def _on_game_change(self, game: Game, action: str, move: Move | None) -> None:
        if self._gathering is not None:
            self._gathering.append((action, move))
            return
        try:
            with self.game_lock:  # moves played on w.game itself come here without it
                self._publish((action, move))
        except Exception as error:
            # The game logs a listener's error and lets the change stand; an intent being
            # carried out must still hear of it, to take the change back and refuse.
            self._publish_failure = error
            raise
        if action == "play":
            self._move_callbacks(move)

    @contextmanager
    def _gathered(self) -> Iterator[None]:
        """Engine actions inside the block reach the view as one state update, at its end."""
        outer = self._gathering
        actions: list[tuple[str, Move | None]] = []
        self._gathering = actions
        try:
            yield
        finally:
            self._gathering = outer
        if outer is not None:
            outer.extend(actions)
        elif actions:
            self._publish(actions[-1])
            for action, move in actions:
                if action == "play":
                    self._move_callbacks(move)

    def _switch_to(self, game: Game) -> None:
        """Show ``game`` as a new deal: follow its changes instead of the old game's."""
        self._drop_player()
        self._aids.game_switched(game)
        self._follow(game)
        self._started_at = _now_ms()
        self._finished_at = None
        self._publish(None)

    def _follow(self, game: Game) -> None:
        if self._listening:
            self._game.remove_listener(self._on_game_change)
            game.add_listener(self._on_game_change)
        self._game = game
        self._timeline = TimelineSync(game, self._timeline.version + 1)
        self._timeline_reset_due = True

    def _publish(self, last: tuple[str, Move | None] | None) -> None:
        # The timeline goes first, so the state that names its version finds it there.
        if self._timeline_reset_due:
            self._timeline_reset_due = False
            self.send(self._timeline.reset())
        else:
            changes = self._timeline.changes()
            if changes is not None:
                self.send(changes)
        state = self._stamped_state(self.state["version"] + 1, last)
        self._publishing = True
        try:
            self.state = state
        finally:
            self._publishing = False
        self._aids.state_published(self._game)

    def _stamped_state(self, version: int, last: tuple[str, Move | None] | None) -> dict[str, Any]:
        """The state at ``version``, with ``finished_at`` set when the game first is over."""
        state = self._state(version, last)
        if state["status"] == "playing":
            self._finished_at = None
        elif self._finished_at is None:
            self._finished_at = _now_ms()
        state["finished_at"] = self._finished_at
        return state

    def _state(self, version: int, last: tuple[str, Move | None] | None) -> dict[str, Any]:
        game = self._game
        position = game.to_dict()
        del position["history"]
        moves = len(game.history)
        outcome = game.outcome
        if outcome is None:
            status, termination, message = "playing", None, None
        elif outcome.termination is Termination.WON:
            status, termination = "won", outcome.termination.value
            message = f"You won in {moves} move{'s' if moves != 1 else ''}!"
        else:
            status, termination = "stuck", outcome.termination.value
            reason = outcome.reason
            message = (
                f"{reason[0].upper()}{reason[1:]}. Undo still works: take moves back and try another way."
            )
        return {
            "version": version,
            "game": game.name,
            "title": game.title,
            "seed": game.seed,
            "options": game.options,
            "position": position,
            "legal": [list(move) for move in game.legal_moves()],
            "foundation_takes": [game.foundation_takes(i) for i in range(len(position["foundations"]))],
            "moves": moves,
            "can_undo": moves > 0,
            "can_redo": bool(game.future),
            "status": status,
            "termination": termination,
            "message": message,
            "last_move": None
            if last is None or last[1] is None
            else {
                "action": last[0],
                "source": last[1].source,
                "target": last[1].target,
                "count": last[1].count,
            },
            **self._timeline.state_fields(),
            "lesson": None if self._lesson is None else self._lesson.state(game),
            "run": None if self._player is None else self._player.state(),
            "started_at": self._started_at,
            "finished_at": self._finished_at,
        }

    # ------------------------------------------------------------------ intents from views
    def _receive_intent(self, _widget: object, content: object, buffers: object) -> None:
        """Carry out or refuse one intent from a view; never raises (see the module docstring)."""
        request = None
        try:
            request = request_id(content)
            with self.game_lock:
                self._obey(content, request, buffers)
            return
        except Refusal as refusal:
            reason = refusal.reason
        except Exception as error:  # a message from a view must never break the kernel
            self.log.exception("SolitaireWidget: an intent failed unexpectedly")
            reason = f"an internal error stopped this ({type(error).__name__}: {error})"
        try:
            self.send({"kind": "refused", "request": request, "reason": reason[:_MAX_REASON]})
        except Exception:  # the same: the handler must not raise
            self.log.exception("SolitaireWidget: could not send a refusal")

    def _obey(self, content: object, request: str | None, buffers: object) -> None:
        """Carry out ``content``; ``Refusal`` when it may not be, with everything left as it was."""
        if not isinstance(content, dict):
            raise Refusal(f"an intent is a JSON object with a 'kind', not {brief(content)}")
        if request is None:
            raise Refusal(
                f"'request' must be a request id such as 'view1:7', not {brief(content.get('request'))}"
            )
        if request in self._answered:
            raise Refusal(f"request {request} was already answered: this is a duplicate")
        self._answered[request] = None
        if len(self._answered) > _REMEMBERED_REQUESTS:
            del self._answered[next(iter(self._answered))]
        kind = checked_intent(content, buffers)
        if kind == "sync_timeline":
            self.send(self._timeline.reset())
            return
        if kind == "setting":
            setattr(self, content["name"], content["value"])
            return
        playing = self._player is not None and self._player.playing
        if kind == "stop":
            # Answered whatever its version: the board moves on under a playing strategy.
            if not playing:
                raise Refusal("no strategy is playing on this board")
            self.stop()
            return
        if playing:
            raise Refusal("a strategy is playing on this board: press Stop first")
        if content["version"] != self.state["version"]:
            raise Refusal(STALE)
        game = self._game
        before = _Snapshot(game, game.copy(), self._started_at, self._finished_at, self.state["version"])
        self._publish_failure = None
        try:
            self._carry_out(kind, content)
            if self._publish_failure is not None:
                raise self._publish_failure
        except Refusal:
            raise
        except Exception:
            self._roll_back(before)
            raise
        finally:
            self._publish_failure = None

    def _carry_out(self, kind: str, intent: dict[str, Any]) -> None:
        """Do what a well-formed, current intent asks; ``Refusal`` (before any change) when it cannot."""
        game = self._game
        if self._lesson is not None:
            self._carry_out_in_lesson(self._lesson, kind, intent)
        elif kind == "move":
            try:
                self._play_and_autoplay(Move(intent["source"], intent["target"], intent["count"]))
            except IllegalMove as refused:
                raise Refusal(refused.reason) from None
        elif kind == "hint":
            self._aids.ask_hint()
        elif kind == "goto":
            if not 0 <= intent["ply"] <= len(game.line):
                raise Refusal(f"there is no move {intent['ply']} in this line (it has {len(game.line)})")
            game.goto(intent["ply"])
        elif kind == "enter":
            node = self._timeline.node(intent["node"])
            if node is None:
                raise Refusal(f"there is no move {brief(intent['node'])} in this game's timeline any more")
            game.enter(node)
        elif kind == "show_me":
            raise Refusal("no lesson is running")
        elif kind == "undo":
            if not game.history:
                raise Refusal("there is no move to undo")
            game.undo()
        elif kind == "redo":
            if not game.future:
                raise Refusal("there is no undone move to redo")
            game.redo()
        elif kind == "autoplay":
            if not self.autoplay():
                raise Refusal("no card can go to a foundation safely now")
        elif kind == "restart":
            self.restart()
        elif kind == "demo":
            if game.outcome is not None:
                raise Refusal("the game is over: there is no line left to show")
            self.demo()
        else:
            rules = rules_for(intent["game"])
            try:
                options = rules.check_options(intent["options"])
            except ValueError as error:
                raise Refusal(str(error)) from None
            if intent.get("winnable", False):
                seed = random_seed() if intent["seed"] is None else intent["seed"]
                self._aids.deal_later(rules.name, seed, options)
            else:
                self._switch_to(Game.new(rules.name, intent["seed"], **options))

    def _carry_out_in_lesson(self, lesson: Lesson, kind: str, intent: dict[str, Any]) -> None:
        """In a lesson the board only finds moves and asks to be shown them."""
        game = self._game
        if kind not in ("move", "show_me"):
            raise Refusal("not during a lesson: find the next move, or press Show me")
        if lesson.expected(game) is None:
            raise Refusal(
                "the lesson is over" if game.ply >= lesson.total else "the game has left the lesson"
            )
        if kind == "show_me":
            lesson.show(game)
            return
        try:
            said = lesson.answer(game, Move(intent["source"], intent["target"], intent["count"]))
        except IllegalMove as refused:
            raise Refusal(refused.reason) from None
        if said == OTHER_MOVE:
            raise Refusal(OTHER_MOVE)

    def _roll_back(self, before: _Snapshot) -> None:
        """Put the game, clock and view back as they were before a failed intent."""
        try:
            if self._game is not before.game:
                self._follow(before.game)
            before.game.restore(before.copy)
            self._started_at, self._finished_at = before.started_at, before.finished_at
            if self.state["version"] != before.version:
                self._publish(None)
        except Exception:  # report it, and let the original error be answered
            self.log.exception("SolitaireWidget: could not take back a failed intent")
