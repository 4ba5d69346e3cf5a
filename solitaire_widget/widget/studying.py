"""Lessons and a study on the board (``BoardStudy``): a lesson on a recorded game or on the
mistakes of an analysed one, a study's chapter list, a chapter opened (an exercise runs as a
lesson), and files saved and opened from the board, each a name in the notebook's folder
(the kernel's working folder when the board was made); the protocol is in ``protocol.md``.

A file name from a view is checked before any file is touched: a plain name ending in
``.json``, with no folder in it, that stays in the folder once links are followed; saving
replaces only a record or a study.

>>> folder = Path(".").resolve()
>>> file_in_folder("lesson.json", folder) == folder / "lesson.json"
True
>>> file_in_folder("../lesson.json", folder)
Traceback (most recent call last):
...
solitaire_widget.widget.intents.Refusal: '../lesson.json' is not a file name in the notebook's folder: ...
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from ..game import Game
from ..lesson import AnyLesson
from ..study import BoardLesson, Chapter, Study
from .intents import Refusal, brief
from .sync import StatePublisher

MAX_NAME = 120


def file_in_folder(name: object, folder: Path) -> Path:
    """The file ``name`` in ``folder``; ``Refusal`` unless it is a plain ``.json`` file name
    that stays in ``folder`` (no folder part, no hidden name, no link leading out)."""
    said = f"{brief(name)} is not a file name in the notebook's folder: give a name such as lesson.json"
    if not isinstance(name, str) or not name or len(name) > MAX_NAME:
        raise Refusal(said)
    if any(sign in name for sign in ("/", "\\", "\0", ":")) or name.startswith(".") or name != name.strip():
        raise Refusal(said)
    if not name.endswith(".json") or name == ".json":
        raise Refusal(f"records and studies are .json files: {brief(name)} does not end in .json")
    path = folder / name
    if path.resolve().parent != folder.resolve():
        raise Refusal(f"{brief(name)} leads out of the notebook's folder")
    return path


def opening(study: Study, index: int) -> tuple[BoardLesson | None, Game]:
    """The lesson (for an exercise, else None) and the game the board shows for chapter
    ``index`` of ``study``: the chapter's own game, or the student's game of its exercise."""
    chapters = study.chapters
    if not chapters:
        raise ValueError("the study has no chapter to show: add_chapter first")
    if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(chapters):
        raise ValueError(f"the study's chapters are 0 to {len(chapters) - 1}, not {brief(index)}")
    chapter = chapters[index]
    if not chapter.is_exercise:
        return None, chapter.game
    lesson = chapter.exercise()
    return lesson, lesson.student_game()


Opened = tuple[Study | None, tuple[int, Game] | None, BoardLesson | None]
"""A study on the board, the chapter opened (its index and game) and the lesson running."""


def first_shown(source: str | Game | Study) -> tuple[str | Game, Opened]:
    """The game a board made with ``source`` shows first, and what it opened: a study at its
    first chapter (an exercise with its lesson), else the game asked for, and no study."""
    if not isinstance(source, Study):
        return source, (None, None, None)
    lesson, game = opening(source, 0)
    return game, (source, (0, game), lesson)


class BoardStudy:
    """The study on the board, the chapter of it opened last, and the lesson running there
    (on a recorded game, on the mistakes of an analysed one, or a chapter's exercise), as
    ``opened`` first, for the game on show in ``shown`` (its lock held by the caller of every
    method). Files named from the board are in ``folder``."""

    def __init__(
        self,
        shown: StatePublisher,
        opened: Opened,
        *,
        folder: Path,
    ) -> None:
        # The chapter is the one opened last and the game it showed (on show while it is that game).
        self.study, self.chapter, self.lesson = opened
        self.folder = folder
        self._shown = shown

    def show_chapter(self, study: Study, index: int, lesson: BoardLesson | None, game: Game) -> None:
        """Show chapter ``index`` of ``study``: ``game``, with its exercise's ``lesson`` (as
        ``opening`` gives them)."""
        self.study, self.chapter, self.lesson = study, (index, game), lesson
        self._shown.switch_to(game)

    def show_game(self, game: Game) -> None:
        """Show ``game`` alone: the study and the lesson are put aside."""
        self.study, self.lesson = None, None
        self._shown.switch_to(game)

    def start_lesson(self, lesson: AnyLesson) -> None:
        """Start ``lesson`` on the board, from its student's game."""
        self.lesson = lesson
        self._shown.switch_to(lesson.student_game())

    def end_lesson(self) -> None:
        """End the lesson: the game on show plays on as an ordinary game."""
        self.lesson = None
        self._shown.publish(None)

    def start_study(self, study: Study) -> None:
        """Show ``study``, new, with no chapter opened (the game on show stays)."""
        self.study, self.chapter = study, None

    def chapter_added(self, study: Study, chapter: Chapter | None) -> None:
        """A chapter was added (or judging ended without one): show it, on the publishing
        thread or the intent's."""
        if chapter is not None and study is self.study and chapter.game is self._shown.game:
            self.chapter = (len(study.chapters) - 1, chapter.game)
        self._shown.publish(None)

    def state(self, game: Game) -> dict[str, Any] | None:
        """The ``study`` field of the state with ``game`` on show (``protocol.md``), but the
        fields of building it (``building.py``)."""
        if self.study is None:
            return None
        chapters = [{"title": c.title, "exercise": c.is_exercise} for c in self.study.chapters]
        shown = self.chapter
        chapter = shown[0] if shown is not None and shown[1] is game else None
        return {"title": self.study.title, "chapters": chapters, "chapter": chapter}


def format_of(path: Path) -> object:
    """The ``format`` a JSON file says it has (None when it is not a JSON object)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data.get("format") if isinstance(data, dict) else None
