"""Studies: chapters round-trip through one versioned file that follows its schema; bad files
are refused naming the entry, changing nothing; exercises accept the author's move and any
good one, refuse the others, and give the author's hint."""

from __future__ import annotations

import json
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource
from study_helpers import AUTHOR, GOOD, LINE, QUESTION, WRONG, lesson_game, small_study

import solitaire_widget as sw
from solitaire_widget.records import record
from solitaire_widget.records import study as study_file

HERE = Path(record.__file__).parent
STUDY_SCHEMA = json.loads((HERE / "study.schema.json").read_text())
RECORD_SCHEMA = json.loads((HERE / "record.schema.json").read_text())


def test_a_study_round_trips_its_chapters_games_and_exercises(tmp_path):
    study = small_study()
    path = tmp_path / "basics.json"
    study.save(path)
    back = sw.Study.load(path)
    assert back.title == "Klondike <basics>"
    assert [(c.title, c.is_exercise) for c in back.chapters] == [("Aces first", False), ("Your turn", True)]
    for loaded, saved in zip(back.chapters, study.chapters, strict=True):
        assert loaded.game == saved.game and loaded.game.annotations == saved.game.annotations
        assert loaded.questions == saved.questions
    assert back.to_record() == study.to_record()
    assert back.chapters[0].game.node_at(3).variations[1].comment == "Or move the queen first."


def test_a_chapter_keeps_a_copy_of_the_game_as_it_stood():
    g = lesson_game()
    study = sw.Study("One")
    chapter = study.add_chapter(g, "It")
    g.play(g.legal_moves()[0])
    assert chapter.game is not g and chapter.game.ply == 0 and study.chapters == (chapter,)


def test_study_files_follow_the_shipped_json_schema():
    jsonschema.Draft202012Validator.check_schema(STUDY_SCHEMA)
    registry = Registry().with_resource("record.schema.json", Resource.from_contents(RECORD_SCHEMA))
    validator = jsonschema.Draft202012Validator(STUDY_SCHEMA, registry=registry)
    data = small_study().to_record()
    validator.validate(data)
    data["chapters"][1]["exercise"]["questions"][0]["ply"] = 0
    assert not validator.is_valid(data)


def bad(data: dict, change) -> dict:
    data = json.loads(json.dumps(data))
    change(data)
    return data


@pytest.mark.parametrize(
    ("change", "said"),
    [
        (lambda d: d.update(version=2), "format version 2, newer than this solitaire_widget reads"),
        (lambda d: d.update(format="solitaire-widget record"), "this is a game record"),
        (lambda d: d.update(chapters={}), "'chapters' must be a list"),
        (lambda d: d["chapters"][1].update(colour="red"), "chapters[1] has an unknown key 'colour'"),
        (lambda d: d["chapters"][0].pop("record"), "chapters[0] has no 'record'"),
        (lambda d: d["chapters"][0]["record"]["tree"][3].update(move="t0>f9"), "chapters[0].record: tree[3]"),
        (lambda d: d["chapters"][1].update(title=7), "chapters[1].title"),
        (
            lambda d: d["chapters"][1]["exercise"]["questions"][0].update(ply=len(LINE) + 1),
            "chapters[1].exercise.questions[0].ply must be a move of the chapter's main line",
        ),
        (
            lambda d: d["chapters"][1]["exercise"]["questions"][0].update(good=["t0>f3"]),
            "chapters[1].exercise.questions[0].good: t0>f3 is not a legal move before move 21",
        ),
        (lambda d: d["chapters"][1]["exercise"].update(samples=0), "chapters[1].exercise.samples"),
    ],
)
def test_a_bad_study_is_refused_naming_the_entry(change, said):
    with pytest.raises(sw.RecordError, match=None) as raised:
        sw.Study.from_record(bad(small_study().to_record(), change))
    assert said in str(raised.value)


def test_a_truncated_file_or_not_a_study_is_refused(tmp_path):
    path = tmp_path / "cut.json"
    small_study().save(path)
    path.write_text(path.read_text()[:-200])
    with pytest.raises(sw.RecordError, match=r"not valid JSON .truncated or corrupt"):
        sw.Study.load(path)
    path.write_text("[1, 2]")
    with pytest.raises(sw.RecordError, match="a study is a JSON object, not list"):
        sw.Study.load(path)
    with pytest.raises(sw.RecordError, match="not a solitaire_widget study"):
        sw.Study.from_record({"format": "something else"})


def test_bad_arguments_leave_the_study_unchanged():
    study = small_study()
    before = study.to_record()
    with pytest.raises(ValueError, match="moves of the main line, 1 to 23, not 99"):
        study.add_chapter(lesson_game(), "More", exercise=[99])
    with pytest.raises(ValueError, match="title has at most 200 characters"):
        study.add_chapter(lesson_game(), "x" * 201)
    with pytest.raises(TypeError, match="a chapter is a Game"):
        study.add_chapter("klondike", "Named")  # type: ignore[arg-type]
    assert study.to_record() == before


def test_an_exercise_accepts_the_authors_move_and_good_ones_and_refuses_the_rest():
    exercise = small_study().chapters[1].exercise()
    student = exercise.student_game()
    assert student.ply == QUESTION - 1 and student.annotations[0] == "Seven columns: look for aces."
    assert WRONG in [str(m) for m in student.legal_moves()]
    assert exercise.answer(student, WRONG).startswith("Not that: ")
    assert student.ply == QUESTION - 1 and exercise.found == 0
    assert exercise.hint(student) == "Hint: Keep the foundation whole."
    said = exercise.answer(student, GOOD)
    assert said.startswith("Right: ") and "The author played turn one card" in said
    assert "The waste holds the card we need." in said and "Exercise complete: you found 1 of 1" in said
    # The author's move carries on the main line; the student's stays as a variation.
    assert student.line == tuple(sw.Move.parse(m) for m in LINE)
    assert [str(n.move) for n in student.node_at(QUESTION - 1).variations] == [AUTHOR, GOOD]
    assert student.node_at(QUESTION).marks == ("waste",)
    assert exercise.state(student)["done"] and exercise.expected(student) is None


def test_the_authors_own_move_is_right_and_show_me_plays_it():
    chapter = small_study().chapters[1]
    exercise = chapter.exercise()
    student = exercise.student_game()
    assert exercise.answer(student, AUTHOR).startswith("Right: turn one card")
    again = chapter.exercise()
    student = again.student_game()
    assert again.show(student).startswith("The move: turn one card") and again.shown == 1
    with pytest.raises(ValueError, match="the exercise is over"):
        again.hint(student)


def test_a_hint_without_the_authors_words_names_where_the_move_starts():
    study = sw.Study("Hints")
    chapter = study.add_chapter(lesson_game(), "Plain", exercise=[2], samples=2, node_limit=200)
    exercise = chapter.exercise()
    assert exercise.hint(exercise.student_game()) == "Hint: the move starts from column 7."
    with pytest.raises(ValueError, match="is not an exercise"):
        small_study().chapters[0].exercise()


def test_the_study_format_module_names_its_newest_version():
    assert study_file.VERSION == 1 and STUDY_SCHEMA["properties"]["version"]["const"] == study_file.VERSION


def test_a_chapter_judged_elsewhere_is_appended_as_it_is():
    study = sw.Study("Built on a board")
    game = sw.Game.new("klondike", seed=7)
    chapter = study.append(sw.study.Chapter("As it is", game))
    assert study.chapters == (chapter,) and chapter.game is game
    with pytest.raises(TypeError, match="append takes a Chapter, not Game"):
        study.append(game)  # type: ignore[arg-type]
    assert study.chapters == (chapter,)
