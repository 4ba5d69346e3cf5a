"""The analysis of a game on the board (``w.analyse()``, the Analyse button), what the move list
and its strip show of it, and the judgement of the move the "still winnable?" chip names.

Where it runs
=============

In the play aids' worker process (``worker.py``), **one move at a time**: the next move's
task goes to the worker only when the last one's answer is back. A hint or a check asked
meanwhile therefore waits for at most one move's sampling (about a quarter of a second with
the C search, 64 samples) instead of a whole game's (40 s for 150 moves), and the machine's
other core stays with the kernel, for the moves played meanwhile. A second process for the
analysis would finish it sooner on a machine with cores to spare, but would take the
kernel's core on a small one, and the board must stay playable first.

The analysis judges the game's line as it stood when it started (``Game.line``, the moves
ahead of the current one included); the player may play on, go back or change the line
meanwhile. Stopped (the board's Stop or Escape, an interrupted ``w.analyse()``), failed, or
cut short by a new deal, it leaves the game unchanged and says why; finished, it is kept in
the game (``Game.set_analysis``), as ``sw.analyse`` keeps its own.

What the board shows
====================

The moves judged so far while it runs, else the game's own analysis (``Game.analysis``: the
one kept, as far as it agrees with the current line; a record loaded with one shows it at
once). ``board_rows`` gives one row per judged move still in the game's tree, found by its
moves from the start (see ``protocol.md``, Analysis): its node in the timeline, its judgement
and glyph, and the chances in words for the entry's tooltip and sentence.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Sequence
from concurrent.futures import Future
from dataclasses import dataclass
from functools import partial
from typing import Any

from ..engine.explain import sentence
from ..game import Game
from ..judgement.analysis import Analysis, AnalysisStopped, MoveAnalysis, Settings, Task, chances_for, tasks
from ..judgement.chances import DEFAULT_SAMPLES, Chance, WinChance, percent
from ..judgement.moves import GLYPHS
from .tasks import AidTasks
from .timeline import TimelineSync

BOARD_SETTINGS = Settings.checked(DEFAULT_SAMPLES, 0, None, None)
"""How the board samples its fair hints, its analysis and the lost move's judgement:
``win_chance``'s defaults (64 samples, 20,000 positions each, seed 0), the same on every machine."""

BAD_LUCK = ("best", "good", "only move")
"""Judgements that make the move that lost the game bad luck rather than a mistake."""


def _an(word: str) -> str:
    return f"{'an' if word[0] in 'aeiou' else 'a'} {word}"


def judging_task(game: Game, ply: int) -> Task:
    """The task that judges move ``ply`` (1 = the first) of the game's history, as the player
    saw the board then (read it holding the game's lock)."""
    settings = BOARD_SETTINGS
    moves = game.history[:ply]
    return tasks(game.start, moves, samples=settings.samples, seed=settings.seed, limits=settings.limits)[-1]


def lost_move_words(task: Task, judged: MoveAnalysis) -> dict[str, Any]:
    """What the chip says of the move that lost the game: ``{"ply", "luck": "bad luck" |
    "mistake" | "unclear", "judgement", "sentence"}``: bad luck when, from what the player
    could see, the move was as good as the best (or close: "good"), a mistake when it gave up
    an inaccuracy or more, unclear when the samples could not tell."""
    said = f"Move {judged.ply} ({sentence(task.position, judged.move)})"
    judgement = judged.judgement
    after, best = judged.chance_after, judged.best_chance
    if judgement in BAD_LUCK:
        luck = "bad luck"
        how = "as good as any" if judgement != "good" else f"nearly as good as the best ({percent(best)})"
        words = f"{said} was bad luck: from what you could see it was {how}, winning {percent(after)}."
    elif judgement is not None:
        luck = "mistake"
        better = sentence(task.position, judged.best_move)
        words = (
            f"{said} was {_an(judgement)}: from what you could see it gave up "
            f"{round(judged.verdict.drop * 100)} points of win chance ({percent(after)} against "
            f"{percent(best)}); {better} was better."
        )
    else:
        luck = "unclear"
        words = (
            f"{said}: from what you could see, the samples cannot tell a mistake from bad luck "
            f"({judged.verdict.note}); it won {percent(after)}, the best move {percent(best)}."
        )
    return {"ply": judged.ply, "luck": luck, "judgement": judgement, "sentence": words}


def _chance(chance: Chance) -> dict[str, float]:
    return {"estimate": float(chance), "low": chance.low, "high": chance.high}


def board_rows(game: Game, moves: Sequence[MoveAnalysis], timeline: TimelineSync) -> list[dict[str, Any]]:
    """The rows the board shows for ``moves`` (an analysis of a line of ``game``, ply 1 first),
    as far as the line is still in the game's tree (read it holding the game's lock)."""
    node, position, rows = game.root, game.start, []
    for judged in moves:
        child = node.variation(judged.move)
        if child is None:
            break
        node = child
        rows.append(
            _board_row(
                judged,
                timeline.id_of(node),
                sentence(position, judged.move),
                sentence(position, judged.best_move),
            )
        )
        position.push(judged.move)
    return rows


def _board_row(judged: MoveAnalysis, node_id: int, played: str, best: str) -> dict[str, Any]:
    judgement = judged.judgement
    before, after, best_chance = judged.chance_before, judged.chance_after, judged.best_chance
    return {
        "ply": judged.ply,
        "node": node_id,
        "move": str(judged.move),
        "judgement": judgement,
        "glyph": GLYPHS.get(judgement or "", ""),
        "before": _chance(before),
        "best": _chance(best_chance),
        "after": _chance(after),
        "best_move": str(judged.best_move),
        "words": f"Move {judged.ply}, {played}: {_judged_words(judged, best)}",
    }


def _judged_words(judged: MoveAnalysis, best: str) -> str:
    """A judged move's judgement and what it did to the win chance, in plain words (the
    move list's tooltip and the strip's): ``best`` is the best move's sentence."""
    judgement = judged.judgement
    after, best_chance = judged.chance_after, judged.best_chance
    if judgement == "wasted":
        return f"wasted: {judged.verdict.note}, so it changes nothing (win chance {percent(after)})."
    if judgement is None:
        return (
            f"not judged ({judged.verdict.note}). Win chance {percent(after)} after it; "
            f"the best move, {best}, {percent(best_chance)}."
        )
    if judgement in ("best", "only move"):
        alone = ", and every other move gives up much of it" if judgement == "only move" else ""
        return f"{_an(judgement)}: it keeps a win chance of {percent(after)}{alone}."
    drop = round(judged.verdict.drop * 100)
    gave = (
        "kept the win chance"
        if drop <= 0
        else f"gave up {drop} point{'s' if drop != 1 else ''} of win chance"
    )
    return (
        f"{_an(judgement)}: it {gave}, leaving {percent(after)} "
        f"where {best} would have kept {percent(best_chance)}."
    )


@dataclass
class _Running:
    """An analysis under way: the game and line it judges, and the moves judged so far."""

    game: Game
    settings: Settings
    tasks: list[Task]
    judged: list[MoveAnalysis]
    serial: int
    finished: Future[Analysis]
    task: Future[WinChance] | None = None


class BoardAnalysis:
    """The analysis of one widget's board: running it in the worker (``start``, ``stop``), and
    what it shows (``shown``). ``tasks`` are the play aids' (``BoardAids.tasks``): every method
    is called, and every answer settled, holding the lock of the game on show; ``published()``
    tells the widget the analysis shown has changed."""

    def __init__(self, *, tasks: AidTasks, published: Callable[[], None]) -> None:
        self._tasks = tasks
        self._published = published
        self._serials = itertools.count(1)
        self._running: _Running | None = None
        # How the last run that did not finish ended, and the game it was about: "stopped" or
        # "failed", and why (a finished one shows as the game's analysis).
        self._ended: tuple[Game, str, str] | None = None

    def running_on(self, game: Game) -> bool:
        """True while an analysis of ``game`` is under way."""
        return self._running is not None and self._running.game is game

    def start(self, game: Game, settings: Settings | None = None) -> Future[Analysis]:
        """Judge every move of ``game``'s line with ``settings`` (None: ``BOARD_SETTINGS``);
        ``ValueError`` when the line has no move to judge or an analysis runs. The future
        gives the ``Analysis`` (also kept in the game), or fails with ``AnalysisStopped``."""
        if self._running is not None:
            raise ValueError("an analysis is already running on this board: stop it first")
        settings = BOARD_SETTINGS if settings is None else settings
        # The line from the start, whatever ply the game stands at.
        todo = tasks(
            game.start, game.line, samples=settings.samples, seed=settings.seed, limits=settings.limits
        )
        if not todo:
            raise ValueError("there is no move to analyse yet: play some first")
        running = self._running = _Running(game, settings, todo, [], next(self._serials), Future())
        self._ended = None
        self._next(running)
        self._published()
        return running.finished

    def stop(self, why: str) -> None:
        """Stop the analysis under way, saying ``why``; the game is left as it was."""
        running = self._running
        if running is not None:
            if running.task is not None:
                running.task.cancel()
            self._end(running, "stopped", f"{why} after {len(running.judged)} of {len(running.tasks)} moves")

    def _end(self, running: _Running, status: str, why: str) -> None:
        self._running = None
        said = f"{why}: the game is unchanged"
        self._ended = (running.game, status, said)
        running.finished.set_exception(AnalysisStopped(said))
        self._published()

    def _next(self, running: _Running) -> None:
        task = running.tasks[len(running.judged)]
        future = self._tasks.submit(partial(chances_for, task))
        if future is None:
            self._end(running, "failed", "the solver's worker could not start")
            return
        running.task = future
        self._tasks.when_done(future, self._settle, running.serial)

    def _settle(self, future: Future[WinChance], serial: int) -> None:
        running = self._running
        if running is None or serial != running.serial or future is not running.task:
            return
        if future.cancelled():  # with the worker's queue (a deal's search left running): again
            self._next(running)
            return
        error = future.exception()
        if error is not None:
            self._end(running, "failed", f"the analysis failed at move {len(running.judged) + 1} ({error})")
            return
        running.judged.append(MoveAnalysis.of(running.tasks[len(running.judged)], future.result()))
        if len(running.judged) < len(running.tasks):
            self._next(running)
            self._published()
            return
        analysis = Analysis(running.settings, running.judged)
        try:
            running.game.set_analysis(analysis)  # its listeners publish the board again
        except ValueError as error:  # the line was deleted from the tree meanwhile
            self._end(running, "failed", f"the analysis could not be kept ({error})")
            return
        self._running = None
        running.finished.set_result(analysis)
        self._published()

    def shown(self, game: Game, timeline: TimelineSync) -> dict[str, Any]:
        """The ``analysis`` trait's value for ``game`` on show (see ``protocol.md``)."""
        running = self._running if self.running_on(game) else None
        kept = game.analysis
        moves = running.judged if running is not None else ([] if kept is None else kept.moves)
        if running is not None:
            status, said = "running", None
        elif self._ended is not None and self._ended[0] is game:
            status, said = self._ended[1], self._ended[2]
        else:
            status, said = ("none" if kept is None else "done"), None
        return {
            "status": status,
            "done": len(moves) if running is not None else None,
            "total": len(running.tasks) if running is not None else None,
            "said": said,
            "moves": board_rows(game, moves, timeline),
        }
