"""Play aids built on the solver: hints, the heuristic behind them, winnable deals and
their difficulty, and when a game was lost.

The heuristic
=============

When the solver finds no winning line within a hint's budget, ``best_move`` picks the move
the ``greedy`` strategy would: the first kind of move in the game's priority list that is
legal (``heuristic.GREEDY_PRIORITIES``; foundation moves first, then what turns or frees a
card, the waste card, and drawing last). When nothing on the list is legal, it picks the
first useful move in the engine's order (one that is not only a shuttle, see
``engine.outcome``), and None when there is none.
"""

from __future__ import annotations

import enum
import time
from collections.abc import Callable, Collection, Iterable, Sequence
from dataclasses import dataclass

from ..engine import Move, Position
from ..engine.deal import MAX_SEED
from ..engine.explain import sentence
from ..engine.knowledge import Hidden
from ..engine.outcome import useful_moves
from .chances import Chance
from .fair_play import FairChoice, FairPlay, fair_words
from .heuristic import priority_move
from .plan import PositionKey, first_revisit
from .search import SolveResult, Verdict, solve
from .shorten import shorten

WINNABLE_NODE_LIMIT = 50_000
"""Positions the solver may search to prove one deal winnable for ``Game.new(winnable=True)``.
A bound on positions rather than seconds keeps the seed chosen the same on every machine."""

DIFFICULTY_NODE_LIMIT = 200_000
"""Positions searched at most to rate a deal's difficulty."""

HINT_SECONDS = 10.0
"""The solver's budget for a hint unless told otherwise: ``solve``'s own, so a deal the
solver proves winnable by default is one whose hint finds a winning line (most take a few
milliseconds; a hard deal drawing three may take seconds, once: the next hints follow the
line found)."""

EASY_NODES = 200
"""Up to this many positions searched: an easy deal (most winnable deals of each game)."""

MEDIUM_NODES = 5_000
"""Up to this many: a medium deal; above it, a hard one."""


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
    follows it, a game's hint is the line's next move (``solver.plan``). A fair hint judged
    on samples has the ``chance`` of its line."""

    move: Move | None
    source: HintSource
    sentence: str
    line: tuple[Move, ...] = ()
    chance: Chance | None = None
    why: str = ""
    """The sentence without the move's own words: why this move."""


@dataclass(frozen=True)
class Difficulty:
    """How hard the solver found a deal: ``level`` is ``"easy"``, ``"medium"``, ``"hard"``,
    ``"unwinnable"`` or ``"unknown"`` (not decided within ``DIFFICULTY_NODE_LIMIT``)."""

    level: str
    verdict: Verdict
    nodes: int


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


def first_winnable_seed(deal: Callable[[int], Position], seed: int) -> tuple[int, SolveResult]:
    """The first seed from ``seed`` on (wrapping after ``MAX_SEED``) whose deal the solver
    proves winnable within ``WINNABLE_NODE_LIMIT`` positions, with its result."""
    while True:
        result = solve(deal(seed), time_limit=None, node_limit=WINNABLE_NODE_LIMIT)
        if result.verdict == "winnable":
            return seed, result
        seed = 0 if seed == MAX_SEED else seed + 1


def difficulty(position: Position) -> Difficulty:
    """Rate a position by the positions the solver searches to decide it (see ``Difficulty``)."""
    result = solve(position, time_limit=None, node_limit=DIFFICULTY_NODE_LIMIT)
    if result.verdict == "unknown":
        return Difficulty("unknown", "unknown", result.nodes)
    if result.verdict == "unwinnable":
        return Difficulty("unwinnable", "unwinnable", result.nodes)
    level = "easy" if result.nodes <= EASY_NODES else "medium" if result.nodes <= MEDIUM_NODES else "hard"
    return Difficulty(level, "winnable", result.nodes)


@dataclass(frozen=True)
class Winnability:
    """Whether a game can still be won: ``verdict`` for its current position, and when it
    cannot, ``lost_at``: the move of its line that lost it (1 = the first move; 0 when the
    start itself cannot be won; None when that could not be decided in time). Then
    ``lost_between`` is ``(first, last)``: the moves it was lost between, as far as the time
    allowed (move ``first - 1`` still left a win, move ``last`` left none); equal to
    ``(lost_at, lost_at)`` when decided, None when the game is not lost."""

    verdict: Verdict
    lost_at: int | None
    lost_between: tuple[int, int] | None = None


def winnability(start: Position, line: Sequence[Move], *, time_limit: float = 5.0) -> Winnability:
    """Whether the position after ``line`` (played from ``start``) can be won, and when
    not, which move of the line lost it; all within about ``time_limit`` seconds."""
    deadline = time.perf_counter() + time_limit
    positions = [start.copy()]
    for move in line:
        after = positions[-1].copy()
        after.push(move)
        positions.append(after)
    verdict = solve(positions[-1], time_limit=time_limit).verdict
    if verdict != "unwinnable":
        return Winnability(verdict, None)
    first, last = _losing_moves(positions, deadline)
    return Winnability("unwinnable", last if first == last else None, (first, last))


def _losing_moves(positions: list[Position], deadline: float) -> tuple[int, int]:
    """The moves between which a line whose last position is lost was lost: ``(first,
    last)``, both the same once decided (0: the start itself is lost), else as far as the
    time allowed.

    Once lost, a game stays lost, and every position before a winnable one is winnable. The
    positions just before the loss are the cheap ones to prove lost, and the hard ones (lost,
    with much left to try) lie between, so the search gallops back from the end (1, 2, 4 ...
    moves) to a winnable position, then bisects. Each position gets a share of the time left,
    and one the solver cannot decide in its share is passed over for a neighbour, not the
    end of the search."""
    lost_at, winnable_at = len(positions) - 1, -1
    undecided: set[int] = set()
    step = 1
    while lost_at - winnable_at > 1:
        ply: int | None = max(0, lost_at - step)
        if winnable_at >= 0 or step == 0:
            ply = _untried_between(winnable_at, lost_at, undecided)
        left = deadline - time.perf_counter()
        if ply is None or left <= 0:
            break
        verdict = solve(positions[ply], time_limit=max(left / 4, min(left, 0.25))).verdict
        if verdict == "unwinnable":
            lost_at, step = ply, step * 2
        elif verdict == "winnable":
            winnable_at, step = ply, 0
        else:
            undecided.add(ply)
            step = step * 2 if ply > 0 else 0
    return winnable_at + 1, lost_at


def _untried_between(low: int, high: int, undecided: set[int]) -> int | None:
    """The position strictly between ``low`` and ``high`` nearest their middle that the
    solver has not failed to decide yet; None when there is none."""
    middle = (low + high) // 2
    for offset in range(high - low):
        for ply in (middle + offset, middle - offset):
            if low < ply < high and ply not in undecided:
                return ply
    return None
