"""The analysis of a line, move by move: the chance before each move, the best move's, the
played move's, and the judgement (``moves``), each from what the player knew when they
played it (``engine.knowledge.known_along``: the line taken as played straight through).

The work splits into one task per move (``tasks``, ``chances_for``), independent of each
other, so that ``scripting.analyse`` can spread them over processes (and a board's worker can
run them one at a time); ``MoveAnalysis.of`` judges one move from its task and chances, and
``Analysis(settings, moves)`` holds the whole line: its ``rows``, its ``summary``, and its
record (``to_record``, ``Analysis.from_record``; the format is in ``docs/records.md``).

>>> from solitaire_widget import Game
>>> g = Game.new("klondike", seed=3)
>>> for move in ("t3>t1", "s>w"):
...     _ = g.play(move)
>>> settings = Settings.checked(samples=4, seed=0, node_limit=2_000, time_limit=None)
>>> tasks_ = tasks(g.start, g.history, samples=4, seed=0, limits=settings.limits)
>>> analysis = Analysis(settings, [MoveAnalysis.of(task, chances_for(task)) for task in tasks_])
>>> [(m.ply, str(m.move)) for m in analysis.moves]
[(1, 't3>t1'), (2, 's>w')]
>>> Analysis.from_record(analysis.to_record(), g.start).to_record() == analysis.to_record()
True
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, TypeAlias

from ..engine import Move, Position
from ..engine.choices import representatives
from ..engine.knowledge import Hidden, known_along, repeats_along
from ..records.record import RecordError, check_header
from ..solver.search import Limit
from .chances import Chance, WinChance, chances_at, check_knows_stock, check_sampling
from .moves import JUDGEMENTS, MoveJudgement, accuracy, judge

if TYPE_CHECKING:
    import pandas

VERSION = 2
"""The version of the analysis entry of a record that this package writes and the newest it
reads. Version 2 gives one chance per choice (moves that are one choice, ``engine.choices``,
once); version 1 gave every legal move's, which still reads."""

COLUMNS = (
    "ply",
    "move",
    "chance_before",
    "best_chance",
    "chance_after",
    "judgement",
    "best_move",
    "chance_before_low",
    "chance_before_high",
    "best_chance_low",
    "best_chance_high",
    "chance_after_low",
    "chance_after_high",
    "drop",
    "drop_low",
    "drop_high",
    "undecided",
    "note",
)
"""The columns of ``Analysis.rows`` (see ``MoveAnalysis.row``)."""

Table: TypeAlias = "pandas.DataFrame | list[dict[str, Any]]"
"""A pandas DataFrame when pandas is installed, else a list of dicts (one per row)."""

_KEYS = ("version", "samples", "seed", "node_limit", "time_limit", "knows_stock", "plies")
_PLY_KEYS = ("move", "unseen", "preferred", "chance", "moves")
_HEX = re.compile(r"[0-9a-f]+")


class AnalysisStopped(Exception):
    """An analysis stopped before its end (its ``on_progress`` said so); nothing was kept."""


@dataclass(frozen=True)
class Settings:
    """How an analysis sampled: ``samples`` deals of the unseen cards at each position, drawn
    from ``seed``, each solved within ``node_limit`` positions and ``time_limit`` seconds (None:
    no such limit; one of them is always set); ``knows_stock``: in the known-stock model (the
    stock and the waste known in order, ``engine.knowledge``)."""

    samples: int
    seed: int
    node_limit: int | None
    time_limit: float | None
    knows_stock: bool = False

    @classmethod
    def checked(
        cls,
        samples: object,
        seed: object,
        node_limit: object,
        time_limit: object,
        knows_stock: object = False,
    ) -> Settings:
        """The settings ``win_chance`` would use for these arguments (``ValueError`` naming a bad
        one; with neither limit, ``chances.SAMPLE_NODE_LIMIT`` positions)."""
        samples, seed, (seconds, nodes) = check_sampling(samples, seed, node_limit, time_limit)
        return cls(samples, seed, nodes, seconds, check_knows_stock(knows_stock))

    @property
    def limits(self) -> Limit:
        """The limits, as ``tasks`` and ``chances_at`` take them."""
        return Limit(self.time_limit, self.node_limit)


@dataclass(frozen=True)
class Task:
    """One move to judge: the position it was played from, what the player knew there, the
    move, its ply (1 = the first move), the sampling settings, and whether the move is
    wasted (it comes back to where the line stood before, nothing new seen)."""

    ply: int
    position: Position
    known: frozenset[int]
    move: Move
    samples: int
    seed: int
    limits: Limit
    wasted: bool = False


def tasks(
    start: Position,
    moves: Sequence[Move],
    *,
    samples: int,
    seed: int,
    limits: Limit,
    knows_stock: bool = False,
) -> list[Task]:
    """One task per move of the line ``moves`` played from ``start``, up to the move that wins
    the game when one does (moves played after a win have nothing left to judge); with
    ``knows_stock``, in the known-stock model. The arguments are checked by
    ``chances.check_sampling``, or come from ``Settings.checked``."""
    found: list[Task] = []
    position = start.copy()
    along = zip(
        moves, known_along(start, moves, knows_stock), repeats_along(start, moves, knows_stock), strict=False
    )
    for ply, (move, known, wasted) in enumerate(along, start=1):
        if position.is_won:
            break
        found.append(Task(ply, position.copy(), known, move, samples, seed, limits, wasted))
        position.push(move)
    return found


def chances_for(task: Task) -> WinChance:
    """The chances at the task's position (the slow part, run where the executor puts it).

    Where at most one card is unseen, every sample is the position itself, so one is solved
    and its outcome stands for all (the same answer, with a node limit, as solving each: the
    search is deterministic; a position searched to the limit costs one search, not 64)."""
    if len(Hidden(task.position, task.known).unseen) > 1:
        return chances_at(task.position, task.known, task.samples, task.seed, task.limits)
    one = chances_at(task.position, task.known, 1, task.seed, task.limits)
    return WinChance(
        _every_sample(one.chance, task.samples),
        {move: _every_sample(chance, task.samples) for move, chance in one.moves.items()},
        one.unseen,
        one.preferred,
        one.same,
    )


def _every_sample(chance: Chance, samples: int) -> Chance:
    """The outcome of ``chance``'s one sample, for each of ``samples`` samples."""
    every = (1 << samples) - 1
    return Chance(every if chance.wins else 0, every if chance.unknowns else 0, samples)


@dataclass(frozen=True)
class MoveAnalysis:
    """One move judged: ``chances`` at the position it was played from, and the ``verdict``."""

    ply: int
    move: Move
    chances: WinChance
    verdict: MoveJudgement

    @classmethod
    def of(cls, task: Task, chances: WinChance) -> MoveAnalysis:
        """The task's move judged from ``chances`` (``chances_for(task)``)."""
        return cls.judged(task.ply, task.move, chances, wasted=task.wasted)

    @classmethod
    def judged(cls, ply: int, move: Move, chances: WinChance, *, wasted: bool = False) -> MoveAnalysis:
        """``move``, played at ``ply``, judged among the moves of ``chances`` (``wasted``: it
        comes back to where the line stood before, see ``judgement``)."""
        if move not in chances.moves:
            raise ValueError(f"ply {ply}: {move} is not one of the moves judged there")
        return cls(ply, move, chances, judge(chances, move, wasted=wasted))

    @property
    def chance_before(self) -> Chance:
        return self.chances.chance

    @property
    def best_move(self) -> Move:
        best = self.chances.best
        assert best is not None  # a move was played, so one was legal
        return best

    @property
    def best_chance(self) -> Chance:
        return self.chances.moves[self.best_move]

    @property
    def chance_after(self) -> Chance:
        return self.chances.moves[self.move]

    @property
    def judgement(self) -> str | None:
        return self.verdict.judgement

    def row(self) -> dict[str, Any]:
        """The move as a row (see ``COLUMNS``): the chances as floats with their 95% intervals,
        moves in notation, the drop with its interval, the samples left undecided at the
        position, and the verdict's note (why no judgement, when there is none)."""
        before, best, after = self.chance_before, self.best_chance, self.chance_after
        return {
            "ply": self.ply,
            "move": str(self.move),
            "chance_before": float(before),
            "best_chance": float(best),
            "chance_after": float(after),
            "judgement": self.judgement,
            "best_move": str(self.best_move),
            "chance_before_low": before.low,
            "chance_before_high": before.high,
            "best_chance_low": best.low,
            "best_chance_high": best.high,
            "chance_after_low": after.low,
            "chance_after_high": after.high,
            "drop": self.verdict.drop,
            "drop_low": self.verdict.drop_low,
            "drop_high": self.verdict.drop_high,
            "undecided": before.undecided,
            "note": self.verdict.note,
        }


@dataclass(frozen=True)
class Analysis:
    """A line analysed: its ``settings`` and ``moves``, one ``MoveAnalysis`` per ply from the
    first (ply 1 to n of the line), all sampled with those settings.

    ``Analysis(settings, moves)`` checks that the plies run 1, 2, ... and that every move was
    sampled ``settings.samples`` times (``ValueError`` otherwise)."""

    settings: Settings
    moves: Sequence[MoveAnalysis]
    """Kept as a tuple."""

    def __post_init__(self) -> None:
        object.__setattr__(self, "moves", tuple(self.moves))
        if not isinstance(self.settings, Settings):
            raise TypeError(f"settings must be Settings, not {type(self.settings).__name__}")
        for ply, move in enumerate(self.moves, start=1):
            if not isinstance(move, MoveAnalysis):
                raise TypeError(f"the moves of an analysis are MoveAnalysis, not {type(move).__name__}")
            if move.ply != ply:
                raise ValueError(
                    f"an analysis holds plies 1, 2, ... in order: its move {ply} is ply {move.ply}"
                )
            if move.chances.samples != self.settings.samples:
                raise ValueError(
                    f"ply {ply} was sampled {move.chances.samples} times, not {self.settings.samples} "
                    "as the settings say"
                )

    @property
    def line(self) -> tuple[Move, ...]:
        """The moves analysed, the first move first."""
        return tuple(move.move for move in self.moves)

    def cut(self, plies: int) -> Analysis:
        """This analysis of the first ``plies`` moves only."""
        return Analysis(self.settings, self.moves[:plies])

    @property
    def rows(self) -> Table:
        """One row per move (see ``COLUMNS`` and ``MoveAnalysis.row``): a pandas DataFrame
        when pandas is installed, else a list of dicts, as ``simulate`` gives its rows."""
        rows = [move.row() for move in self.moves]
        try:
            import pandas
        except ImportError:
            return rows
        return pandas.DataFrame(rows, columns=list(COLUMNS))

    @property
    def summary(self) -> dict[str, Any]:
        """The line in brief: ``moves``, ``judged`` (moves with a judgement), ``accuracy``
        (mean over the judged moves but the wasted ones, see ``judgement``, to one decimal;
        None when none is judged), and the count of each judgement (``JUDGEMENTS``)."""
        judged = [move for move in self.moves if move.judgement is not None]
        counts = Counter(move.judgement for move in judged)
        drops = [max(0.0, move.verdict.drop) for move in judged if move.judgement != "wasted"]
        return {
            "moves": len(self.moves),
            "judged": len(judged),
            "accuracy": round(sum(map(accuracy, drops)) / len(drops), 1) if drops else None,
            **{judgement: counts.get(judgement, 0) for judgement in JUDGEMENTS},
        }

    def to_record(self) -> dict[str, Any]:
        """The analysis as JSON-ready data, the ``analysis`` entry of a game record: the
        settings and, per ply, the move, the unseen cards, the heuristic's move, and the
        chance of the position and of each choice of legal move as per-sample masks of the
        samples won and undecided (hexadecimal), so that any other move can be judged later
        on the same samples. Verdicts are not written: reading judges again."""
        record: dict[str, Any] = {
            "version": VERSION,
            "samples": self.settings.samples,
            "seed": self.settings.seed,
            "node_limit": self.settings.node_limit,
            "time_limit": self.settings.time_limit,
        }
        if self.settings.knows_stock:  # written only then: older readers refuse it by name
            record["knows_stock"] = True
        return record | {"plies": [_ply_record(move) for move in self.moves]}

    @classmethod
    def from_record(cls, data: object, start: Position) -> Analysis:
        """The analysis ``to_record`` wrote, of a line played from ``start``: every move must be
        legal where it is played, and every ply must give the chance of every legal move there.
        ``RecordError`` naming the entry when something is wrong (``analysis, ply 12: ...``) or
        when the analysis is of a newer version than this package reads."""
        if not isinstance(data, dict):
            raise RecordError(f"analysis: must be an object, not {type(data).__name__}")
        check_header(data, VERSION, _KEYS, where="analysis: ", what="the analysis")
        try:
            settings = Settings.checked(
                data.get("samples"),
                data.get("seed"),
                data.get("node_limit"),
                data.get("time_limit"),
                data.get("knows_stock", False),
            )
        except ValueError as error:
            raise RecordError(f"analysis: {error}") from None
        plies = data.get("plies")
        if not isinstance(plies, list) or not plies:
            raise RecordError(f"analysis: 'plies' must be a list of at least one move, not {plies!r:.40}")
        position = start.copy()
        moves: list[MoveAnalysis] = []
        for ply, entry in enumerate(plies, start=1):
            moves.append(_read_ply(entry, ply, position, settings.samples))
            position.push(moves[-1].move)
        wasted = repeats_along(start, [move.move for move in moves], settings.knows_stock)
        return cls(
            settings,
            tuple(
                MoveAnalysis.judged(m.ply, m.move, m.chances, wasted=w)
                for m, w in zip(moves, wasted, strict=True)
            ),
        )


def _ply_record(move: MoveAnalysis) -> dict[str, Any]:
    chances = move.chances
    return {
        "move": str(move.move),
        "unseen": chances.unseen,
        "preferred": None if chances.preferred is None else str(chances.preferred),
        "chance": _masks(chances.chance),
        "moves": {str(legal): _masks(chance) for legal, chance in chances.moves.items()},
    }


def _masks(chance: Chance) -> list[str]:
    return [format(chance.wins, "x"), format(chance.unknowns, "x")]


def _read_ply(entry: object, ply: int, position: Position, samples: int) -> MoveAnalysis:
    """Ply ``ply`` of a recorded analysis, played at ``position``; ``RecordError`` naming it."""
    where = f"analysis, ply {ply}"
    if not isinstance(entry, dict):
        raise RecordError(f"{where}: must be an object, not {type(entry).__name__}")
    unknown = [key for key in entry if key not in _PLY_KEYS]
    missing = [key for key in _PLY_KEYS if key not in entry]
    if unknown or missing:
        what = f"unknown key {unknown[0]!r}" if unknown else f"no {missing[0]!r}"
        raise RecordError(f"{where}: {what} (a ply has {', '.join(_PLY_KEYS)})")
    legal = position.legal_moves()
    move = _legal_move(entry["move"], legal, f"{where}: 'move'")
    preferred = (
        None
        if entry["preferred"] is None
        else _legal_move(entry["preferred"], legal, f"{where}: 'preferred'")
    )
    unseen = entry["unseen"]
    if isinstance(unseen, bool) or not isinstance(unseen, int) or not 0 <= unseen <= 52:
        raise RecordError(f"{where}: 'unseen' must be a number of cards from 0 to 52, not {unseen!r}")
    given = entry["moves"]
    if not isinstance(given, dict):
        raise RecordError(f"{where}: 'moves' must be an object of each choice's chance")
    standing_for = representatives(position, legal)
    by_choice: dict[Move, object] = {}
    for text, masks in given.items():
        # Version 1 gave every legal move: a move of the same choice as one given says the same.
        by_choice.setdefault(standing_for[_legal_move(text, legal, f"{where}: 'moves'")], masks)
    choices = list(dict.fromkeys(standing_for.values()))
    lacking = [str(choice) for choice in choices if choice not in by_choice]
    if lacking:
        raise RecordError(f"{where}: 'moves' must give each choice's chance, and lacks {lacking[0]}")
    chances = WinChance(
        _chance(entry["chance"], samples, f"{where}: 'chance'"),
        {choice: _chance(by_choice[choice], samples, f"{where}: {choice}") for choice in choices},
        unseen,
        None if preferred is None else standing_for[preferred],
        {legal_move: first for legal_move, first in standing_for.items() if legal_move != first},
    )
    return MoveAnalysis.judged(ply, move, chances)


def _legal_move(text: object, legal: Iterable[Move], where: str) -> Move:
    try:
        move = Move.parse(text)  # type: ignore[arg-type]
    except (TypeError, ValueError) as error:
        raise RecordError(f"{where}: {error}") from None
    if move not in legal:
        raise RecordError(f"{where}: {move} is not a legal move there")
    return move


def _chance(masks: object, samples: int, where: str) -> Chance:
    """A chance from its recorded masks ``[wins, undecided]``, each in hexadecimal."""
    if (
        not isinstance(masks, list)
        or len(masks) != 2
        or not all(isinstance(mask, str) and _HEX.fullmatch(mask) for mask in masks)
    ):
        raise RecordError(
            f"{where}: a chance is two lowercase hexadecimal masks [won, undecided], not {masks!r}"
        )
    wins, unknowns = (int(mask, 16) for mask in masks)
    if max(wins, unknowns) >> samples:
        raise RecordError(f"{where}: a mask names a sample beyond the {samples} drawn")
    if wins & unknowns:
        raise RecordError(f"{where}: a sample cannot be both won and undecided")
    return Chance(wins, unknowns, samples)
