"""Study files: several games, each a chapter with a title, in one versioned JSON file.

A study (``sw.Study``, ``study.save(path)``) is a JSON object::

    {
      "format": "solitaire-widget study",
      "version": 1,
      "title": "Klondike openings",
      "chapters": [
        {"title": "Free a column first", "record": {"format": "solitaire-widget record", ...}},
        {"title": "Your turn", "record": {...},
         "exercise": {"samples": 16, "seed": 0, "node_limit": 2000,
                      "questions": [{"ply": 3, "hint": "Look at the waste.",
                                     "good": ["w>t5", "t2>t5"]}]}}
      ]
    }

Each chapter's ``record`` is a game record exactly as ``Game.to_record()`` writes it (see
``record.py``; any version that module reads). A chapter with an ``exercise`` asks the
student for the moves of its main line at the plies its ``questions`` name (ply 3: the
third move, asked with two moves played), in increasing order. ``good`` lists the moves
accepted there besides the author's own: those within the "good" band of the best
(``judgement.moves``), judged on ``samples`` deals of the unseen cards from ``seed``, each
searched to ``node_limit`` positions at most (null: the solver's default). The judging is
done once, when the author adds the chapter, so a student's answer is checked at once.
``hint`` is the author's hint ("" for none).

Reading checks everything (every record, every question against its main line), and a
file that is not right raises ``RecordError`` naming the entry, for example
``chapters[1].exercise.questions[0]``. The JSON Schema is ``study.schema.json`` beside
this module; it refers to ``record.schema.json`` for the chapters' records.

>>> read({"format": "solitaire-widget study", "version": 1, "title": "Empty", "chapters": []})
('Empty', [])
>>> read({"format": "solitaire-widget study", "version": 9, "title": "", "chapters": []})
Traceback (most recent call last):
...
solitaire_widget.records.record.RecordError: the study is format version 9, newer than ...
"""

from __future__ import annotations

import json
import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ..engine.moves import Move
from ..engine.position import Position
from . import record
from .record import RecordError, check_header

FORMAT = "solitaire-widget study"
VERSION = 1
"""The newest study format version this package writes and reads."""
KEYS = ("format", "version", "title", "chapters")
CHAPTER_KEYS = ("title", "record", "exercise")
EXERCISE_KEYS = ("samples", "seed", "node_limit", "questions")
QUESTION_KEYS = ("ply", "hint", "good")
MAX_TITLE = 200
"""The longest title of a study or a chapter, in characters."""
MAX_CHAPTERS = 500


@dataclass(frozen=True)
class Question:
    """One move an exercise asks for: move ``ply`` of the chapter's main line (1 = the first),
    the author's ``hint`` ("" for none) and the ``good`` moves accepted besides the author's."""

    ply: int
    hint: str
    good: tuple[Move, ...]

    def to_record(self) -> dict[str, Any]:
        return {"ply": self.ply, "hint": self.hint, "good": [str(move) for move in self.good]}


@dataclass(frozen=True)
class Judging:
    """How an exercise's good moves were judged: ``samples`` deals of the unseen cards from
    ``seed``, each searched to ``node_limit`` positions at most (None: the solver's default)."""

    samples: int
    seed: int
    node_limit: int | None


@dataclass(frozen=True)
class ChapterEntry:
    """A chapter as the file holds it: its title, its game's record (checked) and its
    exercise (None for a chapter to read)."""

    title: str
    record: dict[str, Any]
    questions: tuple[Question, ...] | None = None
    judging: Judging | None = None


def checked_title(title: object, what: str) -> str:
    """``title`` when it can title a study or a chapter (``what``), else ``ValueError``."""
    if not isinstance(title, str):
        raise ValueError(f"a {what}'s title is text, not {type(title).__name__}")
    if len(title) > MAX_TITLE:
        raise ValueError(f"a {what}'s title has at most {MAX_TITLE} characters, not {len(title)}")
    return title


def write(title: str, chapters: Sequence[ChapterEntry]) -> dict[str, Any]:
    """The study file's content for ``title`` and its ``chapters``."""
    written = []
    for chapter in chapters:
        entry: dict[str, Any] = {"title": chapter.title, "record": chapter.record}
        if chapter.questions is not None and chapter.judging is not None:
            entry["exercise"] = {
                "samples": chapter.judging.samples,
                "seed": chapter.judging.seed,
                "node_limit": chapter.judging.node_limit,
                "questions": [question.to_record() for question in chapter.questions],
            }
        written.append(entry)
    return {"format": FORMAT, "version": VERSION, "title": title, "chapters": written}


def save(path: str | os.PathLike[str], data: dict[str, Any]) -> None:
    """Write a study's content to the file ``path`` as JSON (UTF-8), replacing it."""
    Path(path).write_text(json.dumps(data, indent=1, ensure_ascii=False) + "\n", encoding="utf-8")


def load(path: str | os.PathLike[str]) -> object:
    """The JSON content of the file ``path`` (not yet checked: see ``read``); ``RecordError``
    when it is not JSON text, ``OSError`` when it cannot be read."""
    try:
        text = Path(path).read_text(encoding="utf-8")
    except UnicodeDecodeError as error:
        raise RecordError(f"{path} is not a text file: {error.reason}") from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise RecordError(
            f"{path} is not valid JSON (truncated or corrupt?): {error.msg} at line {error.lineno}, "
            f"column {error.colno}"
        ) from None


def read(data: object) -> tuple[str, list[ChapterEntry]]:
    """The title and chapters of a study's content, everything checked; ``RecordError``
    naming the entry that is wrong (see the module docstring)."""
    if not isinstance(data, dict):
        raise RecordError(f"a study is a JSON object, not {type(data).__name__}")
    if data.get("format") != FORMAT:
        said = data.get("format")
        hint = " (this is a game record: open it with sw.Game.load)" if said == record.FORMAT else ""
        raise RecordError(f"not a solitaire_widget study: 'format' must be {FORMAT!r}, not {said!r}{hint}")
    check_header(data, VERSION, KEYS, where="", what="the study")
    missing = [key for key in ("title", "chapters") if key not in data]
    if missing:
        raise RecordError(f"the study has no {missing[0]!r}")
    try:
        title = checked_title(data["title"], "study")
    except ValueError as error:
        raise RecordError(f"'title': {error}") from None
    chapters = data["chapters"]
    if not isinstance(chapters, list) or len(chapters) > MAX_CHAPTERS:
        raise RecordError(f"'chapters' must be a list of at most {MAX_CHAPTERS} chapters")
    return title, [_chapter(entry, f"chapters[{i}]") for i, entry in enumerate(chapters)]


def _chapter(entry: object, where: str) -> ChapterEntry:
    if not isinstance(entry, dict):
        raise RecordError(f"{where} must be an object, not {type(entry).__name__}")
    unknown = [key for key in entry if key not in CHAPTER_KEYS]
    if unknown:
        raise RecordError(
            f"{where} has an unknown key {unknown[0]!r} (a chapter has {', '.join(CHAPTER_KEYS)})"
        )
    missing = [key for key in ("title", "record") if key not in entry]
    if missing:
        raise RecordError(f"{where} has no {missing[0]!r}")
    try:
        title = checked_title(entry["title"], "chapter")
    except ValueError as error:
        raise RecordError(f"{where}.title: {error}") from None
    try:
        read = record.read(entry["record"])
    except RecordError as error:
        raise RecordError(f"{where}.record: {error}") from None
    if "exercise" not in entry:
        return ChapterEntry(title, entry["record"])
    main_line = [node.move for node in read.nodes[0].main_continuation() if node.move is not None]
    judging, questions = _exercise(entry["exercise"], read.start, main_line, f"{where}.exercise")
    return ChapterEntry(title, entry["record"], questions, judging)


def _exercise(
    exercise: object, start: Position, main_line: list[Move], where: str
) -> tuple[Judging, tuple[Question, ...]]:
    if not isinstance(exercise, dict):
        raise RecordError(f"{where} must be an object, not {type(exercise).__name__}")
    unknown = [key for key in exercise if key not in EXERCISE_KEYS]
    if unknown:
        raise RecordError(f"{where} has an unknown key {unknown[0]!r} (it has {', '.join(EXERCISE_KEYS)})")
    missing = [key for key in EXERCISE_KEYS if key not in exercise]
    if missing:
        raise RecordError(f"{where} has no {missing[0]!r}")
    samples, seed, node_limit = exercise["samples"], exercise["seed"], exercise["node_limit"]
    for name, value, least in (("samples", samples, 1), ("seed", seed, 0), ("node_limit", node_limit, 1)):
        if name == "node_limit" and value is None:
            continue
        if isinstance(value, bool) or not isinstance(value, int) or value < least:
            raise RecordError(f"{where}.{name} must be a whole number from {least}, not {value!r}")
    questions = exercise["questions"]
    if not isinstance(questions, list) or not questions:
        raise RecordError(f"{where}.questions must be a list of at least one question")
    checked: list[Question] = []
    for i, question in enumerate(questions):
        after = checked[-1].ply if checked else 0
        checked.append(_question(question, start, main_line, after, f"{where}.questions[{i}]"))
    return Judging(samples, seed, node_limit), tuple(checked)


def _question(question: object, start: Position, main_line: list[Move], after: int, where: str) -> Question:
    if not isinstance(question, dict):
        raise RecordError(f"{where} must be an object, not {type(question).__name__}")
    unknown = [key for key in question if key not in QUESTION_KEYS]
    if unknown or set(question) != set(QUESTION_KEYS):
        raise RecordError(f"{where} has exactly the keys {', '.join(QUESTION_KEYS)}")
    ply = question["ply"]
    if isinstance(ply, bool) or not isinstance(ply, int) or not after < ply <= len(main_line):
        raise RecordError(
            f"{where}.ply must be a move of the chapter's main line after the question before, "
            f"{after + 1} to {len(main_line)}, not {ply!r}"
        )
    try:
        hint = record.checked_comment(question["hint"])
    except ValueError as error:
        raise RecordError(f"{where}.hint: {error}") from None
    good = question["good"]
    if not isinstance(good, list):
        raise RecordError(f"{where}.good must be a list of moves, not {type(good).__name__}")
    position = start.copy()
    for move in main_line[: ply - 1]:
        position.push(move)
    moves: list[Move] = []
    for text in good:
        try:
            move = Move.parse(text)
        except ValueError as error:
            raise RecordError(f"{where}.good: {error}") from None
        if not position.is_legal(move):
            raise RecordError(f"{where}.good: {move} is not a legal move before move {ply}")
        moves.append(move)
    return Question(ply, hint, tuple(dict.fromkeys(moves)))
