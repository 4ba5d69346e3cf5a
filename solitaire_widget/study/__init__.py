"""Studies: a teacher's games gathered as chapters under one title, saved as one file.

>>> import solitaire_widget as sw
>>> study = sw.Study("Klondike openings")
>>> g = sw.Game.new("klondike", seed=7)
>>> _ = g.play("t4>f0"); g.annotate(1, "An ace goes home at once.")
>>> chapter = study.add_chapter(g, "Aces first")
>>> [(c.title, c.game.ply, c.is_exercise) for c in study.chapters]
[('Aces first', 1, False)]
>>> sw.Study.from_record(study.to_record()).chapters[0].game.annotations
{1: 'An ace goes home at once.'}

A chapter may be an exercise (``add_chapter(..., exercise={ply: hint})``): see
``exercise.py``. The file format is ``records.study``'s.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import Any

from ..game import Game
from ..records import html
from ..records import study as study_file
from ..records.record import RecordError
from ..records.study import ChapterEntry, Judging, Question
from .exercise import BoardLesson, ExerciseLesson, judge

EXERCISE_SAMPLES = 16
"""Samples of the unseen cards an exercise's moves are judged on, unless the author says."""
EXERCISE_NODE_LIMIT = 5_000
"""Positions searched per sample when judging an exercise, unless the author says."""

__all__ = ["BoardLesson", "Chapter", "ExerciseLesson", "RecordError", "Study", "is_study_file"]


class Chapter:
    """One game of a study: its ``title``, its ``game`` (the chapter's own ``Game``: edit it
    there) and, for an exercise, the ``questions`` asked (None for a chapter to read)."""

    def __init__(
        self,
        title: str,
        game: Game,
        questions: tuple[Question, ...] | None = None,
        judging: Judging | None = None,
    ) -> None:
        self.title = study_file.checked_title(title, "chapter")
        self.game = game
        self.questions = questions
        self.judging = judging

    @property
    def is_exercise(self) -> bool:
        """Whether the student is asked for moves in this chapter."""
        return self.questions is not None

    def exercise(self) -> ExerciseLesson:
        """A new run of this chapter's exercise; ``ValueError`` for a chapter to read."""
        if self.questions is None:
            raise ValueError(f"the chapter {self.title!r} is not an exercise")
        return ExerciseLesson(self.game, self.questions)

    def __repr__(self) -> str:
        kind = f", exercise of {len(self.questions)}" if self.questions is not None else ""
        return f"<Chapter {self.title!r}: {self.game.title}, {len(self.game.line)} moves{kind}>"


class Study:
    """A study: a ``title`` and its ``chapters``, in order, each a ``Chapter``.

    ``add_chapter`` adds one; ``save(path)`` and ``Study.load(path)`` write and read it as one
    versioned JSON file (``to_record``/``from_record`` as data); ``to_html()`` gives a
    printable handout. ``sw.SolitaireWidget(study)`` shows it with its chapter list.
    """

    def __init__(self, title: str) -> None:
        self.title = study_file.checked_title(title, "study")
        self._chapters: list[Chapter] = []

    @property
    def chapters(self) -> tuple[Chapter, ...]:
        """The chapters, in order."""
        return tuple(self._chapters)

    def add_chapter(
        self,
        game: Game,
        title: str,
        *,
        exercise: Mapping[int, str] | Iterable[int] | None = None,
        samples: int = EXERCISE_SAMPLES,
        seed: int = 0,
        node_limit: int | None = EXERCISE_NODE_LIMIT,
    ) -> Chapter:
        """Add a copy of ``game`` as a chapter titled ``title`` and return it.

        With ``exercise`` (the plies of the game's main line to ask for, 1 = the first move,
        or a mapping from each to the author's hint) the chapter is an exercise: the moves
        accepted at each are judged now, on ``samples`` deals of the unseen cards from
        ``seed``, each searched to ``node_limit`` positions (see ``exercise.py``; a few
        seconds for a handful of questions). ``ValueError`` names a bad argument, and the
        study is then unchanged."""
        self._check_room(game, title)
        copy = game.copy()
        if exercise is None:
            return self.append(Chapter(title, copy))
        questions = judge(copy, exercise, samples=samples, seed=seed, node_limit=node_limit)
        return self.append(Chapter(title, copy, questions, Judging(samples, seed, node_limit)))

    def append(self, chapter: Chapter) -> Chapter:
        """Add ``chapter`` as it is (its game not copied, its questions not judged again) and
        return it: for a chapter made elsewhere, as a board adds the game on show, judged in
        its worker. ``ValueError`` when the study is full, and the study is then unchanged."""
        if not isinstance(chapter, Chapter):
            raise TypeError(f"append takes a Chapter, not {type(chapter).__name__}")
        self._check_room(chapter.game, chapter.title)
        self._chapters.append(chapter)
        return chapter

    def _check_room(self, game: object, title: object) -> None:
        if not isinstance(game, Game):
            raise TypeError(f"a chapter is a Game, not {type(game).__name__}")
        if len(self._chapters) >= study_file.MAX_CHAPTERS:
            raise ValueError(f"a study has at most {study_file.MAX_CHAPTERS} chapters")
        study_file.checked_title(title, "chapter")

    def to_record(self) -> dict[str, Any]:
        """The study as JSON-ready data (see ``records.study``)."""
        entries = [
            ChapterEntry(chapter.title, chapter.game.to_record(), chapter.questions, chapter.judging)
            for chapter in self._chapters
        ]
        return study_file.write(self.title, entries)

    @classmethod
    def from_record(cls, data: object) -> Study:
        """The study ``data`` holds; ``RecordError`` (a ``ValueError``) naming the entry that
        is wrong."""
        title, entries = study_file.read(data)
        study = cls(title)
        for entry in entries:
            game = Game.from_record(entry.record)
            study._chapters.append(Chapter(entry.title, game, entry.questions, entry.judging))
        return study

    def save(self, path: str | os.PathLike[str]) -> None:
        """Write the study to the file ``path`` as JSON (UTF-8), replacing it."""
        study_file.save(path, self.to_record())

    @classmethod
    def load(cls, path: str | os.PathLike[str]) -> Study:
        """The study in the file ``path``; ``RecordError`` when the file is not a study this
        package reads (truncated, from a newer version, a game record), ``OSError`` when it
        cannot be read."""
        return cls.from_record(study_file.load(path))

    def to_html(self, *, size: int = html.DIAGRAM_WIDTH) -> str:
        """The study as a printable, standalone HTML page: each chapter's moves in notation
        with their sentences and comments, a diagram ``size`` pixels wide at every move with
        a comment or marks, and each exercise's questions with the answers at its end."""
        sections = [
            html.game_section(
                chapter.game.start,
                chapter.game.seed,
                chapter.game.root,
                chapter.title,
                size=size,
                questions=None if chapter.questions is None else {q.ply: q.hint for q in chapter.questions},
            )
            for chapter in self._chapters
        ]
        return html.page(self.title, sections, contents=[chapter.title for chapter in self._chapters])

    def __repr__(self) -> str:
        return f"<Study {self.title!r}: {len(self._chapters)} chapters>"


def is_study_file(data: object) -> bool:
    """Whether JSON ``data`` claims to be a study (checked or not)."""
    return isinstance(data, dict) and data.get("format") == study_file.FORMAT
