"""Playing deals and writing their rows: the part of a run that ``simulate`` and
``compare`` share, and the task a worker runs (``play_chunk``).

A run (``RunPlan``, made and checked by ``make_run``) is one strategy on many deals of one
game. Each deal is played from ``Game.new(game, seed, **options)`` by ``DealRunner``, with
a fresh ``for_run`` of the strategy, one ``next_move`` at a time, until the game is over,
the strategy ends the run, ``max_moves`` moves are played or ``time_limit`` seconds have
passed; its row (``make_row``, the one place rows are built) says how it ended.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from ..engine.outcome import RunEnd
from ..game import Game
from ..solver.search import check_limits, limits_in_words
from .checks import check_whole_number
from .shipping import CannotUnpack, unpack
from .step import RunEnded, describe, next_move
from .strategies import Strategy, for_run
from .watchdog import TimeUp, Watchdog
from .workers import CAN_START_WORKERS

if TYPE_CHECKING:
    import pandas

__all__ = [
    "COLUMNS",
    "MAX_MOVES",
    "TIME_LIMIT",
    "Deal",
    "DealRunner",
    "Row",
    "RunPlan",
    "Table",
    "make_row",
    "make_run",
    "play_chunk",
    "table",
]

Row = dict[str, Any]
"""One deal's result: see ``COLUMNS``."""
Table: TypeAlias = "pandas.DataFrame | list[Row]"
"""A pandas DataFrame when pandas is installed, else a list of dicts (one per row)."""
Deal = tuple[int, dict[str, object]]
"""A deal as it travels to a worker: its seed and the game's options."""

COLUMNS = ("game", "seed", "options", "won", "moves", "foundation_cards", "end", "seconds", "error")
"""The columns of ``simulate``'s rows:

- ``game``, ``seed``, ``options``: the deal (``Game.new(game, seed, **options)`` deals it again)
- ``won``: True when all 52 cards reached the foundations
- ``moves``: the moves played
- ``foundation_cards``: the cards on the foundations at the end (0 to 52)
- ``end``: how the deal ended, a ``RunEnd``'s value (a plain string, so rows stay plain
  data; ``RunEnd(row["end"])`` gives the enum): ``"won"``, ``"no_moves"``,
  ``"no_useful_moves"`` (the game's own endings), ``"resigned"`` (the strategy returned
  None), ``"max_moves"``, ``"time_limit"`` or ``"error"`` (the strategy failed, the deal
  could not be dealt, or its worker process died: ``error`` says which)
- ``seconds``: the time the deal took (the only column that differs between runs)
- ``error``: None, or what went wrong, in words (for ``"error"`` and ``"time_limit"``)
"""

MAX_MOVES = 1000
TIME_LIMIT = 60.0


def make_row(
    game: str,
    seed: int,
    options: Mapping[str, object],
    end: RunEnd,
    error: str | None = None,
    *,
    moves: int = 0,
    foundation_cards: int = 0,
    seconds: float = 0.0,
) -> Row:
    """One deal's row (see ``COLUMNS``): every row of a run is built here."""
    return {
        "game": game,
        "seed": seed,
        "options": dict(options),
        "won": end is RunEnd.WON,
        "moves": moves,
        "foundation_cards": foundation_cards,
        "end": end.value,
        "seconds": seconds,
        "error": error,
    }


@dataclass(frozen=True)
class RunPlan:
    """One strategy on many deals of one game (made and checked by ``make_run``)."""

    game: str
    strategy: Strategy
    deals: list[Deal]
    max_moves: int | None
    time_limit: float | None


def make_run(
    game: str,
    strategy: Strategy,
    n: int | None,
    seeds: Iterable[int] | None,
    options: Mapping[str, object] | None,
    max_moves: int | None,
    time_limit: float | None,
) -> RunPlan:
    """The run ``simulate`` was asked for, once its arguments are checked (``TypeError`` for
    the wrong kind of object, ``ValueError`` for a bad value, each naming what is wrong)."""
    deals = _deals(n, seeds, options)
    if not callable(strategy):
        raise TypeError(f"a strategy is a callable from a game to a move or None, not {describe(strategy)}")
    Game.new(game, seed=0, **(deals[0][1] if deals else {}))  # a bad name or option says so now
    check_whole_number("max_moves", max_moves, "moves", 0, none_ok=True)
    seconds, _ = check_limits(time_limit, None, unbounded_ok=True)
    return RunPlan(game, strategy, deals, max_moves, seconds)


def _deals(n: int | None, seeds: Iterable[int] | None, options: Mapping[str, object] | None) -> list[Deal]:
    check_whole_number("n", n, "deals", 0, none_ok=True)
    if seeds is None:
        if n is None:
            raise TypeError("say which deals to play: n=1000 (seeds 0 to 999) or seeds=[...]")
        chosen: list[int] = list(range(n))
    else:
        chosen = []
        for seed in seeds:
            if n is not None and len(chosen) == n:
                break
            check_whole_number("a seed", seed)
            chosen.append(seed)
    if options is not None and not isinstance(options, Mapping):
        raise TypeError(f"options is a dict of the game's options, such as {{'draw': 3}}, not {options!r}")
    given = dict(options or {})
    return [(seed, given) for seed in chosen]


class DealRunner:
    """Plays deals of one game with one strategy, one after the other, in the thread that
    calls ``play``; ``close()`` when done (it stops the time limit's watchdog)."""

    def __init__(
        self, game: str, strategy: Strategy, max_moves: int | None, time_limit: float | None
    ) -> None:
        self.game = game
        self.strategy = strategy
        self.max_moves = max_moves
        self.time_limit = time_limit
        # Where no thread can start (Pyodide), nothing can stop a deal from outside: no limit.
        self._watchdog = Watchdog() if time_limit is not None and CAN_START_WORKERS else None

    def close(self) -> None:
        if self._watchdog is not None:
            self._watchdog.close()

    def play(self, seed: int, options: dict[str, object]) -> Row:
        """Play the deal ``seed`` to its end; its row. Every failure becomes the row's
        ``error``: nothing the strategy does escapes but a ``BaseException`` (Ctrl-C)."""
        start = time.perf_counter()
        game: Game | None = None
        try:
            with self._time_limit():
                game = Game.new(self.game, seed=seed, **options)
                end, error = self._play_out(game, start)
        except TimeUp:
            stopped_at = 1 if game is None else game.ply + 1
            end = RunEnd.TIME_LIMIT
            error = (
                f"seed {seed}: not over within the time limit of {limits_in_words(self.time_limit, None)} "
                f"(stopped at move {stopped_at})"
            )
        except Exception as failure:  # a bad seed or option for this one deal
            end, error = RunEnd.ERROR, f"seed {seed}: {type(failure).__name__}: {failure}"
        moves, home = (0, 0) if game is None else (game.ply, sum(map(len, game.position.foundations)))
        return make_row(
            self.game,
            seed,
            options,
            end,
            error,
            moves=moves,
            foundation_cards=home,
            seconds=time.perf_counter() - start,
        )

    def _time_limit(self) -> contextlib.AbstractContextManager[None]:
        if self._watchdog is None or self.time_limit is None:
            return contextlib.nullcontext()
        return self._watchdog.armed(self.time_limit)

    def _play_out(self, game: Game, start: float) -> tuple[RunEnd, str | None]:
        """Play ``game`` to the end of the run: how it ended, and the error in words."""
        strategy = for_run(self.strategy)
        max_moves, time_limit = self.max_moves, self.time_limit
        while True:
            outcome = game.outcome
            if outcome is not None:
                return RunEnd.of(outcome.termination), None
            if max_moves is not None and game.ply >= max_moves:
                return RunEnd.MAX_MOVES, None
            if time_limit is not None and time.perf_counter() - start > time_limit:
                raise TimeUp
            try:
                move = next_move(strategy, game)
            except RunEnded as ended:
                if ended.end is RunEnd.RESIGNED:
                    return ended.end, None
                return ended.end, f"seed {game.seed}, move {game.ply + 1}: {ended.words}"
            game.play(move)


def play_chunk(
    strategy: Strategy | bytes,
    game: str,
    deals: Sequence[Deal],
    max_moves: int | None,
    time_limit: float | None,
) -> list[Row]:
    """Play ``deals`` (seeds and options): the task a worker runs. ``strategy`` comes
    pickled (bytes, see ``shipping``) or as it is (for executors that share this process's
    memory or pickle it themselves)."""
    if isinstance(strategy, bytes):
        try:
            strategy = unpack(strategy)
        except CannotUnpack as failed:
            return [make_row(game, seed, options, RunEnd.ERROR, str(failed)) for seed, options in deals]
    runner = DealRunner(game, strategy, max_moves, time_limit)
    try:
        return [runner.play(seed, options) for seed, options in deals]
    finally:
        runner.close()


def table(rows: list[Row], columns: Sequence[str]) -> Table:
    """``rows`` as a pandas DataFrame when pandas is installed, else the list itself."""
    try:
        import pandas
    except ImportError:
        return rows
    return pandas.DataFrame(rows, columns=list(columns))
