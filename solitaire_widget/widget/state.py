"""The state a view draws, built from the game alone: ``board_state`` is a pure function of the
game, where it stands in its timeline, the clock, the lesson and the last run, so the state half
of the protocol (``protocol.md``) can be tested without Jupyter.

>>> from solitaire_widget import Game
>>> from solitaire_widget.widget.timeline import TimelineSync
>>> game = Game.new("klondike", seed=7)
>>> state = board_state(game, TimelineSync(game), version=1, last=None, clock=Clock(started_at=0))
>>> state["moves"], state["status"], state["legal"][0], state["finished_at"]
(0, 'playing', ['tableau/4', 'foundation/0', 1], None)
"""

from __future__ import annotations

import time
from dataclasses import dataclass
from typing import Any

from ..engine.moves import Move
from ..engine.outcome import Termination
from ..game import Game
from .timeline import TimelineSync

LastChange = tuple[str, "Move | None"]
"""The change that made a state: an action of ``Game.add_listener`` and its move."""


def now_ms() -> int:
    """Milliseconds since the epoch, as the state's clock counts."""
    return int(time.time() * 1000)


@dataclass(frozen=True)
class Clock:
    """When the deal began, when its first move was made (the time played counts from it,
    None before it) and when the clock stopped: when the game first became won or stuck, or
    on a board that shows a record or a lesson (None while it runs).

    A clock that is ``held`` stands still, showing the time played up to ``finished_at``
    (``first_move_at`` is set so that it shows the time recorded with the game, or none): a
    board that shows a game already played (a record, a past game, a lesson) is not being
    played. Stepping through the game's moves leaves it still; the player's own move (not a
    lesson's answer) starts it again, on from the time it showed.

    >>> clock = Clock.still(65_000)
    >>> clock.held, clock.finished_at - clock.first_move_at
    (True, 65000)
    >>> clock.after("playing", 3, "goto") is clock
    True
    >>> clock.after("playing", 4, "play").held
    False
    """

    started_at: int
    finished_at: int | None = None
    first_move_at: int | None = None
    held: bool = False

    @classmethod
    def start(cls) -> Clock:
        """A clock for a deal beginning now."""
        return cls(now_ms())

    @classmethod
    def still(cls, shown_ms: float = 0) -> Clock:
        """A clock that stands still showing ``shown_ms`` of time played (see ``held``)."""
        now = now_ms()
        return cls(now, now, now - round(shown_ms), held=True)

    @classmethod
    def for_game(cls, game: Game, shown_ms: float | None = None) -> Clock:
        """The clock of ``game`` coming on show now: a deal nobody played waits for its first
        move; a game with moves already in its tree stands still, showing ``shown_ms`` (the
        time recorded with it; none when None)."""
        if game.ply == 0 and not game.line:
            return cls.start()
        return cls.still(shown_ms or 0)

    @classmethod
    def of(cls, state: dict[str, Any]) -> Clock:
        """The clock a state carries."""
        return cls(state["started_at"], state["finished_at"], state["first_move_at"], state["clock_held"])

    def stopped(self) -> Clock:
        """This clock held where it stands now (as a lesson holds it)."""
        if self.held:
            return self
        now = now_ms()
        end = now if self.finished_at is None else self.finished_at
        shown = 0 if self.first_move_at is None else end - self.first_move_at
        return Clock(self.started_at, end, end - shown, held=True)

    def after(self, status: str, moves: int, change: str | None = None, *, lesson: bool = False) -> Clock:
        """The clock once the game's status is ``status`` with ``moves`` played, after
        ``change`` (an action of ``Game.add_listener``, None for none): it starts with the
        first move, stops when the game first ends and runs again when an undo brings it back
        into play. While a ``lesson`` runs it is held; a held clock stays so until a move is
        played outside a lesson."""
        if lesson:
            return self.stopped()
        clock = self
        if self.held:
            if change != "play":
                return self
            assert self.finished_at is not None and self.first_move_at is not None
            # Played on: the clock runs again from the time it showed.
            clock = Clock(self.started_at, None, now_ms() - (self.finished_at - self.first_move_at))
        first_move_at = clock.first_move_at
        if first_move_at is None and moves > 0:
            first_move_at = now_ms()
        if status == "playing":
            return Clock(clock.started_at, None, first_move_at)
        if clock.finished_at is None:
            return Clock(clock.started_at, now_ms(), first_move_at)
        return Clock(clock.started_at, clock.finished_at, first_move_at)


def status_of(game: Game) -> tuple[str, str | None, str | None]:
    """``(status, termination, message)`` of the state: see ``protocol.md``."""
    outcome = game.outcome
    if outcome is None:
        return "playing", None, None
    moves = game.ply
    if outcome.termination is Termination.WON:
        return "won", outcome.termination.value, f"You won in {moves} move{'s' if moves != 1 else ''}!"
    reason = outcome.reason
    message = f"{reason[0].upper()}{reason[1:]}. Undo still works: take moves back and try another way."
    return "stuck", outcome.termination.value, message


def _move_fields(move: Move) -> dict[str, Any]:
    return {"source": move.source, "target": move.target, "count": move.count}


def board_state(
    game: Game,
    timeline: TimelineSync,
    *,
    version: int,
    last: LastChange | None,
    clock: Clock,
    lesson: dict[str, Any] | None = None,
    run: dict[str, Any] | None = None,
    score: dict[str, Any] | None = None,
    study: dict[str, Any] | None = None,
) -> dict[str, Any]:
    """The ``state`` trait for ``game`` at ``version`` (see ``protocol.md``): ``last`` is the
    change that made it, ``clock`` the deal's clock before it (the state carries the clock
    after it: ``Clock.of(state)``), ``lesson``, ``run``, ``score`` and ``study`` what the board
    shows of them. Call it holding the game's lock, so the game does not change while it is read."""
    position = game.to_dict()
    del position["history"]
    moves = game.ply
    status, termination, message = status_of(game)
    clock = clock.after(status, moves, None if last is None else last[0], lesson=lesson is not None)
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
        else {"action": last[0], **_move_fields(last[1])},
        **timeline.state_fields(),
        "lesson": lesson,
        "run": run,
        "started_at": clock.started_at,
        "finished_at": clock.finished_at,
        "first_move_at": clock.first_move_at,
        "clock_held": clock.held,
        "score": score,
        "study": study,
    }


def summary(game: Game) -> str:
    """The game in a few words, as a board's ``repr`` gives it: its name, seed, options that
    are not the defaults, moves and where it stands (call it holding the game's lock)."""
    defaults = game.rules.option_defaults
    facts = [game.name]
    if game.seed is not None:
        facts.append(f"seed={game.seed}")
    facts += [f"{key}={value!r}" for key, value in game.options.items() if defaults.get(key) != value]
    facts.append(f"moves={game.ply}")
    outcome = game.outcome
    facts.append("playing" if outcome is None else outcome.words)
    return " ".join(facts)
