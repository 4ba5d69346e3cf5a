"""``SolitaireWidget``: a game of patience to play in Jupyter, driven from Python or the board.

>>> import solitaire_widget as sw
>>> w = sw.SolitaireWidget("klondike", seed=7)
>>> w.play(w.legal_moves()[0])  # doctest: +ELLIPSIS
Move(...)
>>> w.state["moves"]
1

Python is the single source of truth: the view (``js/``, bundled into
``static/widget.js``) draws ``state`` and sends intents; this module checks every
intent and either carries it out or refuses it. What follows is the protocol both
sides implement.

State (Python -> view)
======================

The synced trait ``state`` is a dict, replaced as a whole on every change::

    version         int, +1 on every change; an intent names the version it was made on
    game, title     "klondike", "Klondike"
    seed            int or null (null for a position set up by hand)
    options         the game's options, e.g. {"draw": 1, "redeals": null, "foundation_to_tableau": true}
    position        Game.to_dict() without "history" (schema in DESIGN.md)
    legal           [[source, target, count], ...]: Game.legal_moves(), same order
    foundation_takes  [[code, ...], ...]: per foundation, the cards it takes now
    moves           int, moves played (len(history))
    can_undo, can_redo  bool
    status          "playing" | "won" | "stuck"
    message         null while playing; "You won in 123 moves!" when won; when stuck, why,
                    in words, and that undo still works
    last_move       {"action": "play"|"undo"|"redo", "source", "target", "count"}, or null
                    after a new deal and in the first state
    started_at      ms since the epoch when this deal began (the widget was made, new_game, restart)
    finished_at     ms since the epoch when the game became won or stuck; null while playing

Intents (view -> Python)
========================

Custom messages (``model.send(content)``), each a JSON object with exactly these keys::

    {"kind": "move", "version": v, "request": id, "source": s, "target": t, "count": n}
    {"kind": "undo" | "redo" | "restart" | "autoplay", "version": v, "request": id}
    {"kind": "new_game", "version": v, "request": id,
     "game": "klondike" | "father" | "following", "seed": int | null, "options": {...}}

``request`` is ``"<viewId>:<n>"``: a view id of 1 to 64 letters, digits, ``_``, ``.`` or
``-`` (random per rendered view), a colon and a counter of up to 16 digits. ``version``,
``count`` and ``seed`` are JSON integers (``true``/``false`` are refused); ``count`` is 1 to
52; ``seed`` is 0 to 2**64 - 1 or null (a random deal); ``options`` holds at most 8 options
whose values are null, true/false or integers, and an empty ``options`` means the game's
defaults. Intents carry no binary buffers.

An intent is carried out only when it is well formed, its request id is new, its
``version`` is the current one and the engine allows it (a legal move, something to undo
or redo, a card autoplay can send home). Then the new ``state`` (version + 1) is the answer;
an autoplay that plays several moves still makes a single new state. Anything else changes
nothing and is answered with one custom message to every view::

    {"kind": "refused", "request": id, "reason": "<plain words>"}

``request`` is null when the intent carried no usable request id. The reason is the engine's
own explanation for an illegal move and ``"the board changed before this arrived"`` for a
stale one. A view shows a refusal only when the request id starts with its own view id. The
handler never raises: even an unexpected error is answered as a refusal, after the game has
been put back as it was.
"""

from __future__ import annotations

import pathlib
import re
import reprlib
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any, NamedTuple

import anywidget
import traitlets
from ipywidgets import CallbackDispatcher

from .deal import SEED_LIMIT
from .game import Game
from .games import GAMES, rules_for
from .moves import IllegalMove, Move, is_pile_id

_STATIC = pathlib.Path(__file__).parent / "static"
for _bundled in ("widget.js", "widget.css"):
    if not (_STATIC / _bundled).is_file():
        raise ImportError(
            f"the widget's view is not built ({_STATIC / _bundled} is missing): "
            "run `npm install && npm run build` in the project folder (or `./run lab`)"
        )

_STALE = "the board changed before this arrived"
_BASE_FIELDS = frozenset({"kind", "version", "request"})
_INTENT_FIELDS = {
    "move": _BASE_FIELDS | {"source", "target", "count"},
    "undo": _BASE_FIELDS,
    "redo": _BASE_FIELDS,
    "restart": _BASE_FIELDS,
    "autoplay": _BASE_FIELDS,
    "new_game": _BASE_FIELDS | {"game", "seed", "options"},
}
_REQUEST_ID = re.compile(r"[\w.\-]{1,64}:[0-9]{1,16}", re.ASCII)
_MAX_COUNT = 52
_MAX_OPTIONS = 8
_JS_SAFE_INTEGER = 2**53 - 1
_MAX_REASON = 500
# Request ids already answered, kept so a duplicated message is recognised; views count up,
# so only recent ids can come back.
_REMEMBERED_REQUESTS = 1024

_brief_repr = reprlib.Repr()
_brief_repr.maxstring = _brief_repr.maxother = 40
_brief_repr.maxlong = 24
_brief_repr.maxlist = _brief_repr.maxdict = 3
_brief_repr.maxlevel = 2


def _brief(value: object) -> str:
    """``repr(value)`` cut short, so a huge or deeply nested value cannot bloat a reply."""
    return _brief_repr.repr(value)


def _now_ms() -> int:
    return int(time.time() * 1000)


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


class _Refusal(Exception):
    """An intent that is not carried out; ``reason`` says why, in plain words."""

    def __init__(self, reason: str) -> None:
        super().__init__(reason)
        self.reason = reason


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
    """

    _esm = _STATIC / "widget.js"
    _css = _STATIC / "widget.css"
    state = traitlets.Dict(help="The board as the view draws it; read-only, replaced on every change.").tag(
        sync=True
    )

    _publishing = False

    def __init__(self, game: str | Game = "klondike", seed: int | None = None, **options: object) -> None:
        """Show a new deal of ``game`` (with ``seed`` and options, as ``Game.new``), or the ``Game`` given."""
        self._game = self._game_for(game, seed, options)
        self._started_at = _now_ms()
        self._finished_at: int | None = None
        self._gathering: list[tuple[str, Move]] | None = None
        self._move_callbacks = CallbackDispatcher()
        self._answered: dict[str, None] = {}
        self._game.add_listener(self._on_game_change)
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

    def play(self, move: Move | str) -> Move:
        """Play ``move`` (a ``Move`` or notation such as ``"w>t3"``) and return it; see ``Game.play``."""
        return self._game.play(move)

    def undo(self) -> Move:
        """Take back the last move and return it; ``IndexError`` when there is none."""
        return self._game.undo()

    def redo(self) -> Move:
        """Play again the last move undone and return it; ``IndexError`` when there is none."""
        return self._game.redo()

    def autoplay(self) -> list[Move]:
        """Send every card that can go to a foundation there; return the moves (one state update)."""
        with self._gathered():
            return self._game.autoplay()

    def legal_moves(self) -> list[Move]:
        """Every legal move now, in the engine's order."""
        return self._game.legal_moves()

    def new_game(self, game: str | Game | None = None, seed: int | None = None, **options: object) -> Game:
        """Deal a new game and show it; return it (it is also ``w.game``).

        ``game`` defaults to the current game; a ``Game`` is shown as it is. ``seed``
        defaults to a random deal. While the game stays the same, options not given keep
        their current values. Bad arguments raise ``ValueError`` and change nothing.
        """
        if game is None or (isinstance(game, str) and rules_for(game).name == self._game.name):
            options = {**self._game.options, **options}
            game = self._game.name
        new = self._game_for(game, seed, options)
        self._switch_to(new)
        return new

    def restart(self) -> Game:
        """Start this deal again from the beginning; return the new ``Game``.

        The beginning is the position before the first move in the game's history: the
        deal for a dealt game, the position given for one made with ``Game.from_dict``.
        """
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
            raise TypeError(f"on_move needs a function to call with each Move, not {_brief(callback)}")
        self._move_callbacks.register_callback(callback)

        def remove() -> None:
            self._move_callbacks.register_callback(callback, remove=True)

        return remove

    # ------------------------------------------------------------------ showing itself
    def __repr__(self) -> str:
        game = self._game
        defaults = game.rules.option_defaults
        facts = [game.name]
        if game.seed is not None:
            facts.append(f"seed={game.seed}")
        facts += [f"{key}={value!r}" for key, value in game.options.items() if defaults.get(key) != value]
        facts.append(f"moves={len(game.history)}")
        reason = game.over_reason
        facts.append("playing" if reason is None else "won" if reason == "won" else f"stuck: {reason}")
        return f"<SolitaireWidget {' '.join(facts)}>"

    def _repr_mimebundle_(self, **kwargs: Any) -> tuple[dict, dict] | None:
        bundle = super()._repr_mimebundle_(**kwargs)
        if bundle is not None:
            # Where widgets do not render (a saved notebook on a static viewer), the board
            # still shows as text.
            bundle[0]["text/plain"] = f"{self!r}\n{self._game}"
        return bundle

    # ------------------------------------------------------------------ keeping state in step
    @traitlets.validate("state")
    def _only_from_the_game(self, proposal: dict) -> dict:
        if not self._publishing:
            raise traitlets.TraitError(
                "state is drawn from the game and is read-only: change the game with "
                "play(), undo(), redo(), autoplay(), new_game() or restart()"
            )
        return proposal["value"]

    def _on_game_change(self, game: Game, action: str, move: Move) -> None:
        if self._gathering is not None:
            self._gathering.append((action, move))
            return
        self._publish((action, move))
        if action == "play":
            self._move_callbacks(move)

    @contextmanager
    def _gathered(self) -> Iterator[None]:
        """Engine actions inside the block reach the view as one state update, at its end."""
        outer = self._gathering
        self._gathering = actions = []
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
        self._follow(game)
        self._started_at = _now_ms()
        self._finished_at = None
        self._publish(None)

    def _follow(self, game: Game) -> None:
        self._game.remove_listener(self._on_game_change)
        game.add_listener(self._on_game_change)
        self._game = game

    def _publish(self, last: tuple[str, Move] | None) -> None:
        state = self._stamped_state(self.state["version"] + 1, last)
        self._publishing = True
        try:
            self.state = state
        finally:
            self._publishing = False

    def _stamped_state(self, version: int, last: tuple[str, Move] | None) -> dict:
        """The state at ``version``, with ``finished_at`` set when the game first is over."""
        state = self._state(version, last)
        if state["status"] == "playing":
            self._finished_at = None
        elif self._finished_at is None:
            self._finished_at = _now_ms()
        state["finished_at"] = self._finished_at
        return state

    def _state(self, version: int, last: tuple[str, Move] | None) -> dict:
        game = self._game
        position = game.to_dict()
        del position["history"]
        moves = len(game.history)
        reason = game.over_reason
        if reason is None:
            status, message = "playing", None
        elif reason == "won":
            status, message = "won", f"You won in {moves} move{'s' if moves != 1 else ''}!"
        else:
            status = "stuck"
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
            "message": message,
            "last_move": None
            if last is None
            else {
                "action": last[0],
                "source": last[1].source,
                "target": last[1].target,
                "count": last[1].count,
            },
            "started_at": self._started_at,
            "finished_at": self._finished_at,
        }

    # ------------------------------------------------------------------ intents from views
    def _receive_intent(self, _widget: object, content: object, buffers: object) -> None:
        """Carry out or refuse one intent from a view; never raises (see the module docstring)."""
        request = None
        try:
            request = _request_id(content)
            self._obey(content, request, buffers)
            return
        except _Refusal as refusal:
            reason = refusal.reason
        except Exception as error:  # a message from a view must never break the kernel
            self.log.exception("SolitaireWidget: an intent failed unexpectedly")
            reason = f"an internal error stopped this ({type(error).__name__}: {error})"
        try:
            self.send({"kind": "refused", "request": request, "reason": reason[:_MAX_REASON]})
        except Exception:  # the same: the handler must not raise
            self.log.exception("SolitaireWidget: could not send a refusal")

    def _obey(self, content: object, request: str | None, buffers: object) -> None:
        """Carry out ``content``; ``_Refusal`` when it may not be, with everything left as it was."""
        if not isinstance(content, dict):
            raise _Refusal(f"an intent is a JSON object with a 'kind', not {_brief(content)}")
        if request is None:
            raise _Refusal(
                f"'request' must be a request id such as 'view1:7', not {_brief(content.get('request'))}"
            )
        if request in self._answered:
            raise _Refusal(f"request {request} was already answered: this is a duplicate")
        self._answered[request] = None
        if len(self._answered) > _REMEMBERED_REQUESTS:
            del self._answered[next(iter(self._answered))]
        kind = _checked_intent(content, buffers)
        if content["version"] != self.state["version"]:
            raise _Refusal(_STALE)
        game = self._game
        before = _Snapshot(game, game.copy(), self._started_at, self._finished_at, self.state["version"])
        try:
            self._carry_out(kind, content)
        except _Refusal:
            raise
        except Exception:
            self._roll_back(before)
            raise

    def _carry_out(self, kind: str, intent: dict) -> None:
        """Do what a well-formed, current intent asks; ``_Refusal`` (before any change) when it cannot."""
        game = self._game
        if kind == "move":
            try:
                game.play(Move(intent["source"], intent["target"], intent["count"]))
            except IllegalMove as refused:
                raise _Refusal(refused.reason) from None
        elif kind == "undo":
            if not game.history:
                raise _Refusal("there is no move to undo")
            game.undo()
        elif kind == "redo":
            if not game.future:
                raise _Refusal("there is no undone move to redo")
            game.redo()
        elif kind == "autoplay":
            if not self.autoplay():
                raise _Refusal("no card can go to a foundation now")
        elif kind == "restart":
            self.restart()
        else:
            rules = rules_for(intent["game"])
            try:
                options = rules.check_options(intent["options"])
            except ValueError as error:
                raise _Refusal(str(error)) from None
            self._switch_to(Game.new(rules.name, intent["seed"], **options))

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


def _request_id(content: object) -> str | None:
    """The intent's request id when it has a well-formed one, else None."""
    request = content.get("request") if isinstance(content, dict) else None
    return request if isinstance(request, str) and _REQUEST_ID.fullmatch(request) else None


def _checked_intent(content: dict, buffers: object) -> str:
    """The intent's kind, once its fields and their types are right; ``_Refusal`` naming what is wrong."""
    kind = content.get("kind")
    if not isinstance(kind, str) or kind not in _INTENT_FIELDS:
        raise _Refusal(f"unknown intent kind {_brief(kind)}: expected one of {', '.join(_INTENT_FIELDS)}")
    fields = _INTENT_FIELDS[kind]
    named = f"{'an' if kind[0] in 'aeiou' else 'a'} {kind} intent"
    missing = sorted(fields - content.keys())
    if missing:
        raise _Refusal(f"{named} needs {', '.join(missing)}")
    extra = [key for key in content if key not in fields]
    if extra:
        raise _Refusal(f"{named} has no field {_brief(extra[0])}")
    if buffers:
        raise _Refusal("intents carry no binary buffers")
    if not _is_int(content["version"]):
        raise _Refusal(f"'version' must be a whole number, not {_brief(content['version'])}")
    if kind == "move":
        for role in ("source", "target"):
            if not is_pile_id(content[role]):
                raise _Refusal(
                    f"{role} {_brief(content[role])} is not a pile: "
                    "use stock, waste, foundation/N or tableau/N"
                )
        count = content["count"]
        if not _is_int(count) or not 1 <= count <= _MAX_COUNT:
            raise _Refusal(f"count must be a whole number from 1 to {_MAX_COUNT}, not {_brief(count)}")
    elif kind == "new_game":
        _check_new_game(content)
    return kind


def _check_new_game(content: dict) -> None:
    game, seed, options = content["game"], content["seed"], content["options"]
    if not isinstance(game, str) or game not in GAMES:
        raise _Refusal(f"unknown game {_brief(game)}: choose one of {', '.join(GAMES)}")
    if seed is not None and (not _is_int(seed) or not 0 <= seed < SEED_LIMIT):
        raise _Refusal(f"a seed is null or a whole number from 0 to 2**64 - 1, not {_brief(seed)}")
    if not isinstance(options, dict) or len(options) > _MAX_OPTIONS:
        raise _Refusal(f"options must be an object of at most {_MAX_OPTIONS} options, not {_brief(options)}")
    for value in options.values():
        if not (
            value is None or isinstance(value, bool) or (_is_int(value) and abs(value) <= _JS_SAFE_INTEGER)
        ):
            raise _Refusal(f"an option's value is null, true, false or a whole number, not {_brief(value)}")
