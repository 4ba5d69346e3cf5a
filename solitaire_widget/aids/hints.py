"""Hints: the first move of the solver's winning line, the fair player's choice, or the
heuristic's move when neither is found, each with a sentence that says where it comes from.

The heuristic
=============

When the solver finds no winning line within a hint's budget, ``best_move`` picks the move
the ``greedy`` strategy would: the first kind of move in the game's priority list that is
legal (``judgement.heuristic.GREEDY_PRIORITIES``; foundation moves first, then what turns
or frees a card, the waste card, and drawing last). When nothing on the list is legal, it
picks the first useful move in the engine's order (one that is not only a shuttle, see
``engine.outcome``), and None when there is none.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.explain import sentence
from ..engine.knowledge import Hidden
from ..engine.outcome import useful_moves
from ..judgement.chances import Chance
from ..judgement.fair_play import FairChoice, FairPlay, fair_words
from ..judgement.heuristic import priority_move
from ..solver.search import solve
from ..solver.shorten import shorten
from .plan import PositionKey, first_revisit

HINT_SECONDS = 10.0
"""The solver's budget for a hint unless told otherwise: ``solve``'s own, so a deal the
solver proves winnable by default is one whose hint finds a winning line (most take a few
milliseconds; a hard deal drawing three may take seconds, once: the next hints follow the
line found)."""


class HintSource(enum.Enum):
    """Where a hint comes from."""

    SOLVER = "solver"
    """The move starts a winning line the solver found."""
    HEURISTIC = "heuristic"
    """No winning line was found in time (or there is none): the heuristic's best move."""
    FAIR = "fair"
    """The move with the best win chance judged from what the player can see (``win_chance``)."""


@dataclass(frozen=True)
class Hint:
    """A suggested move (None when there is nothing sensible to play), where it comes
    from, and a sentence that says both.

    ``line`` is the plan the move starts, from the position the hint was asked on: the
    solver's winning line (shortened), or the fair hint's set-up and commitment (``(move,)``
    for a move chosen alone; ``()`` for the heuristic's move). Asked again while the player
    follows it, a game's hint is the line's next move (``aids.plan``). A fair hint judged
    on samples has the ``chance`` of its line."""

    move: Move | None
    source: HintSource
    sentence: str
    line: tuple[Move, ...] = ()
    chance: Chance | None = None
    why: str = ""
    """The sentence without the move's own words: why this move."""


def best_move(position: Position, visited: Collection[PositionKey] = ()) -> Move | None:
    """The heuristic's move (see the module docstring), or None when no useful move is left;
    of the moves that go to no position in ``visited`` (keys), when any does not."""
    moves = position.legal_moves()
    if visited:
        moves = [move for move in moves if first_revisit(position, (move,), visited) is None]
    listed = priority_move(position, moves)
    if listed is not None:
        return listed
    useful = [move for move in useful_moves(position) if move in moves]
    return useful[0] if useful else None


def hint(
    position: Position, *, time_limit: float = HINT_SECONDS, visited: Collection[PositionKey] = ()
) -> Hint:
    """The first move of a winning line when the solver finds one within ``time_limit``
    seconds, else the heuristic's best move; the sentence says which it is.

    ``visited`` holds the keys of the positions the game stood on before this one (its line
    from the start): the hint's line goes back to none of them unless no winning line that
    avoids them is found, searching from each other move within ``time_limit`` more seconds
    (a line that takes back the move just played, say, when another line wins). The
    heuristic's move goes back to none of them while another useful move is left.

    The solver's line is shortened first (``shorten``), and the sentence counts the moves
    of the shortened line, every draw and redeal among them, as the board counts moves."""
    if position.is_won:
        return Hint(None, HintSource.HEURISTIC, "the game is won: nothing is left to play")
    result = solve(position, time_limit=time_limit)
    if result.verdict == "winnable":
        line = shorten(position, result.moves)
        if first_revisit(position, line, visited) is not None:
            line = _line_avoiding(position, visited, time_limit) or line
        return solver_hint(position, line, first=True)
    guess = best_move(position, visited)
    why = (
        "this position can no longer be won"
        if result.verdict == "unwinnable"
        else f"no winning line found within {time_limit:g} s"
    )
    if guess is None:
        return Hint(None, HintSource.HEURISTIC, f"{why}, and no useful move is left")
    said = f"{sentence(position, guess)}: the heuristic's best move ({why})"
    return Hint(guess, HintSource.HEURISTIC, said)


def solver_hint(position: Position, line: tuple[Move, ...], *, first: bool) -> Hint:
    """The solver's hint for ``line``, a winning line from ``position``: its ``first`` move
    (the start of a line just found) or the next one of a line followed."""
    which = "the first move of a winning line" if first else "the next move of the winning line"
    why = f"{which} ({len(line)} move{'s' if len(line) > 1 else ''} to a win)"
    return Hint(line[0], HintSource.SOLVER, f"{sentence(position, line[0])}: {why}", line, why=why)


def _line_avoiding(
    position: Position, visited: Collection[PositionKey], time_limit: float
) -> tuple[Move, ...] | None:
    """A winning line from ``position`` that goes back to no position in ``visited``,
    searched from each move that does not, within ``time_limit`` seconds in all; None when
    none is found."""
    deadline = time.perf_counter() + time_limit
    avoided = {*visited, position.key()}
    moves = [move for move in position.legal_moves() if first_revisit(position, (move,), avoided) is None]
    for tried, move in enumerate(moves):
        left = deadline - time.perf_counter()
        if left <= 0:
            return None
        child = position.copy()
        child.push(move)
        result = solve(child, time_limit=left / (len(moves) - tried))
        if result.verdict != "winnable":
            continue
        # Shortened from the child: shortening from here could take the move back first.
        line = (move, *shorten(child, result.moves))
        if first_revisit(position, line, avoided) is None:
            return line
    return None


def fair_hint(start: Position, history: Sequence[Move], known: Iterable[int], play: FairPlay) -> Hint:
    """The fair hint at the position ``history`` leads to from ``start``, where the player
    has seen the cards ``known`` besides those shown along ``history``: ``play``'s choice
    (``FairPlay``, which also plays ``strategies.fair``)."""
    walker = start.copy()
    for move in history:
        walker.push(move)
    if walker.is_won:
        return Hint(None, HintSource.FAIR, "the game is won: nothing is left to play")
    known = set(known)
    choice = play.choose(start, history, known)
    return fair_choice_hint(walker, choice, known)


def fair_choice_hint(position: Position, choice: FairChoice, known: Iterable[int]) -> Hint:
    """The fair hint that says ``choice``, made at ``position`` by a player who knows ``known``."""
    if choice.move is None:
        return Hint(None, HintSource.FAIR, choice.why)
    unseen = len(Hidden(position, known).unseen)
    said = fair_words(position, choice, unseen)
    return Hint(choice.move, HintSource.FAIR, said, choice.line, choice.chance, choice.why)


@dataclass(frozen=True)
class HintRequest:
    """A hint asked at ``position``, with what answering it needs: picklable, so that a
    worker process can answer it (``answer``). ``Game.hint_request`` makes one.

    The solver's hint (``fair`` None) searches within ``time_limit`` seconds and avoids the
    positions ``visited`` (see ``hint``). The fair hint is ``fair``'s choice (a ``FairPlay``
    with nothing learnt yet) after ``history`` from ``start``, the player having seen the
    cards ``known``."""

    position: Position
    time_limit: float = HINT_SECONDS
    visited: frozenset[PositionKey] = frozenset()
    fair: FairPlay | None = None
    start: Position | None = None
    history: tuple[Move, ...] = ()
    known: frozenset[int] = frozenset()

    def answer(self) -> Hint:
        """The hint, searched for (this takes up to about ``time_limit`` seconds, or the fair
        player's samples)."""
        if self.fair is None or self.start is None:
            return hint(self.position, time_limit=self.time_limit, visited=self.visited)
        return fair_hint(self.start, self.history, self.known, self.fair)
