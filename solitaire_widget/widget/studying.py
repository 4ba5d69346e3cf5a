"""Lessons and a study on the board (a mixin of ``SolitaireWidget``): a lesson on a recorded
game or on the mistakes of an analysed one, a study's chapter list, a chapter opened (an
exercise runs as a lesson), the exercise's hint, and files saved and opened from the
board, each a name in the notebook's folder (the kernel's working folder when the board was
made); the protocol is in ``intents.py``.

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
import os
from pathlib import Path
from typing import Any

from ..game import Game
from ..lesson import AnyLesson, Lesson, MistakesLesson
from ..study import BoardLesson, Study
from .intents import Refusal, brief
from .sources import game_of
from .sync import StateSync

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


class StudyBoard(StateSync):
    """The board's side of lessons and studies (a mixin: the widget provides what
    ``StateSync`` declares)."""

    _study: Study | None
    _chapter: tuple[int, Game] | None
    """The chapter opened last and the game it showed (on show while it is ``_game``)."""
    _folder: Path

    @property
    def study(self) -> Study | None:
        """The ``Study`` on show (None when the board shows a game alone). Its chapters' games
        are the ones the board shows, so what is played or annotated there is in the study."""
        return self._study

    def open_study(self, source: Study | str | os.PathLike[str], chapter: int = 0) -> Study:
        """Show ``source`` (a ``Study`` or a study file) at ``chapter`` and return the study;
        ``RecordError`` or ``ValueError`` for a bad file or chapter, the board unchanged."""
        study = source if isinstance(source, Study) else Study.load(source)
        lesson, game = opening(study, chapter)
        with self._holding_game():
            self._study, self._chapter, self._lesson = study, (chapter, game), lesson
            self._switch_to(game)
        return study

    def open_chapter(self, index: int) -> Game:
        """Show chapter ``index`` of the study on show (an exercise starts from its first
        question); return the game shown. ``ValueError`` without a study or a chapter there."""
        if self._study is None:
            raise ValueError("the board shows no study: open_study first")
        self.open_study(self._study, index)
        return self._game

    def lesson(self, source: Game | dict[str, Any] | str | os.PathLike[str]) -> Lesson:
        """Start a lesson on ``source`` (a ``Game``, a record dict or a record file): the board
        shows its start and the student must find each next move of its main line. The
        right move is played and its comment shown; another legal move is refused with
        "legal, but the lesson plays something else"; "Show me" plays the move. Undo, new
        games and the like wait until ``end_lesson()``. Returns the ``Lesson`` (its counts)."""
        lesson = Lesson(game_of(source))
        self._start_lesson(lesson)
        return lesson

    def learn_from_mistakes(
        self, source: Game | dict[str, Any] | str | os.PathLike[str] | None = None
    ) -> MistakesLesson:
        """Learn from your mistakes: a lesson on an analysed game (``source`` as for ``lesson``;
        the game on the board when None) that stops before each move its analysis judged a
        mistake or a blunder and asks for a better one (see ``MistakesLesson``). "Show me" plays
        the best move. ``ValueError`` when the game has no analysis or no mistake, and the
        board is left as it was. Returns the ``MistakesLesson`` (its counts)."""
        lesson = MistakesLesson(self._game if source is None else game_of(source))
        self._start_lesson(lesson)
        return lesson

    def _start_lesson(self, lesson: AnyLesson) -> None:
        with self._holding_game():
            self._lesson = lesson
            self._switch_to(lesson.student_game())

    def end_lesson(self) -> None:
        """End the lesson: the game on show plays on as an ordinary game."""
        with self._holding_game():
            self._lesson = None
            self._publish(None)

    def _study_state(self) -> dict[str, Any] | None:
        """The ``study`` field of the state (see ``intents.py``)."""
        if self._study is None:
            return None
        chapters = [{"title": c.title, "exercise": c.is_exercise} for c in self._study.chapters]
        shown = self._chapter
        chapter = shown[0] if shown is not None and shown[1] is self._game else None
        return {"title": self._study.title, "chapters": chapters, "chapter": chapter}


def format_of(path: Path) -> object:
    """The ``format`` a JSON file says it has (None when it is not a JSON object)."""
    try:
        data = json.loads(path.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, json.JSONDecodeError):
        return None
    return data.get("format") if isinstance(data, dict) else None
