"""The state a view draws, built from the game alone: ``board_state`` is a pure function of the
game, where it stands in its timeline, the clock, the lesson and the last run, so the state half
of the protocol (``intents.py``) can be tested without Jupyter.

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
    None before it) and when the game first became won or stuck (None while playing)."""

    started_at: int
    finished_at: int | None = None
    first_move_at: int | None = None

    @classmethod
    def start(cls) -> Clock:
        """A clock for a deal beginning now."""
        return cls(now_ms())

    @classmethod
    def of(cls, state: dict[str, Any]) -> Clock:
        """The clock a state carries."""
        return cls(state["started_at"], state["finished_at"], state["first_move_at"])

    def after(self, status: str, moves: int) -> Clock:
        """The clock once the game's status is ``status`` with ``moves`` played: it starts
        with the first move, stops when the game first ends and runs again when an undo
        brings it back into play."""
        first_move_at = self.first_move_at
        if first_move_at is None and moves > 0:
            first_move_at = now_ms()
        if status == "playing":
            return Clock(self.started_at, None, first_move_at)
        if self.finished_at is None:
            return Clock(self.started_at, now_ms(), first_move_at)
        return Clock(self.started_at, self.finished_at, first_move_at)


def status_of(game: Game) -> tuple[str, str | None, str | None]:
    """``(status, termination, message)`` of the state: see ``intents.py``."""
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
) -> dict[str, Any]:
    """The ``state`` trait for ``game`` at ``version`` (see ``intents.py``): ``last`` is the
    change that made it, ``clock`` the deal's clock before it (the state carries the clock
    after it: ``Clock.of(state)``), ``lesson``, ``run`` and ``score`` what the board shows of them. Call
    it holding the game's lock, so the game does not change while it is read."""
    position = game.to_dict()
    del position["history"]
    moves = game.ply
    status, termination, message = status_of(game)
    clock = clock.after(status, moves)
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
        "score": score,
    }
