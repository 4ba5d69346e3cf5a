"""A study on the board: the chapter list in the state, chapters opened from the board and
from Python, exercises answered wrongly and rightly with the author's hint, and files saved
and opened by name in the notebook's folder only."""

from __future__ import annotations

import json

import pytest
from study_helpers import AUTHOR, GOOD, QUESTION, WRONG, lesson_game, small_study
from test_widget import View

import solitaire_widget as sw


@pytest.fixture
def board(tmp_path, monkeypatch):
    """A board made in a notebook's folder (``tmp_path``) showing the small study."""
    monkeypatch.chdir(tmp_path)
    study = small_study()
    w = sw.SolitaireWidget(study)
    return w, View(w), study


def test_the_board_shows_the_study_with_its_chapter_list(board):
    w, _view, study = board
    assert w.study is study and w.game is study.chapters[0].game
    assert w.state["study"] == {
        "title": "Klondike <basics>",
        "chapters": [{"title": "Aces first", "exercise": False}, {"title": "Your turn", "exercise": True}],
        "chapter": 0,
        "asked": [],
        "judging": None,
        "said": None,
    }
    assert w.state["lesson"] is None
    w.new_game("father")
    assert w.state["study"]["chapter"] is None and w.study is study


def test_a_chapter_opened_from_the_board_and_back(board):
    w, view, study = board
    w.goto(2)
    view.send_intent("open_chapter", index=1)
    assert w.state["study"]["chapter"] == 1 and w.state["lesson"]["kind"] == "exercise"
    assert w.game.ply == QUESTION - 1 and w.state["lesson"]["said"].startswith(
        f"Move {QUESTION}: find the move"
    )
    view.send_intent("open_chapter", index=0)  # also in the middle of an exercise
    assert w.game is study.chapters[0].game and w.game.ply == 2 and w.state["lesson"] is None
    view.send_intent("open_chapter", index=2)
    assert view.sent[-1]["kind"] == "refused" and "chapters are 0 to 1, not 2" in view.sent[-1]["reason"]
    assert w.open_chapter(1) is w.game and w.state["study"]["chapter"] == 1


def test_an_exercise_answered_wrongly_then_with_a_good_move_not_the_authors(board):
    w, view, _study = board
    w.open_chapter(1)
    version = w.state["version"]
    view.move(WRONG)
    refusal = view.sent[-1]
    assert refusal["kind"] == "refused" and refusal["reason"].startswith("Not that:")
    assert w.state["lesson"]["said"] == refusal["reason"] and w.state["version"] == version + 1
    assert w.state["lesson"]["answered"] == "wrong"
    assert w.game.ply == QUESTION - 1
    view.send_intent("exercise_hint")
    assert w.state["lesson"]["said"] == "Hint: Keep the foundation whole." and w.state["lesson"]["hints"] == 1
    view.move(GOOD)
    lesson = w.state["lesson"]
    assert lesson["said"].startswith("Right:") and lesson["done"] and lesson["found"] == 1
    assert lesson["answered"] == "right"
    assert str(w.game.line[QUESTION - 1]) == AUTHOR
    view.send_intent("exercise_hint")
    assert view.sent[-1]["kind"] == "refused" and view.sent[-1]["reason"] == "the exercise is over"


def test_the_authors_move_is_right_and_a_hint_needs_an_exercise(board):
    w, view, _study = board
    view.send_intent("exercise_hint")
    assert "comes with an exercise's question" in view.sent[-1]["reason"]
    w.open_chapter(1)
    view.move(AUTHOR)
    assert w.state["lesson"]["said"].startswith("Right: turn one card")


def test_save_and_open_a_study_and_a_record_by_name(board, tmp_path):
    w, view, study = board
    w.game.annotate(0, "Edited on the board.")
    view.send_intent("save_file", name="basics.json")
    assert view.sent[-1] == {
        "kind": "file",
        "request": view.sent[-1]["request"],
        "said": "Saved the study to basics.json.",
    }
    assert sw.Study.load(tmp_path / "basics.json").chapters[0].game.annotations[0] == "Edited on the board."
    lesson_game().save(tmp_path / "game.json")
    view.send_intent("open_file", name="game.json")
    assert view.sent[-1]["said"] == "Opened the game from game.json." and w.study is None
    assert w.state["study"] is None and w.game.annotations[1].startswith("An ace goes home")
    view.send_intent("save_file", name="again.json")
    assert sw.Game.load(tmp_path / "again.json") == w.game
    view.send_intent("open_file", name="basics.json")
    assert w.study is not None and w.study.title == study.title and w.state["study"]["chapter"] == 0


@pytest.mark.parametrize(
    ("name", "said"),
    [
        ("../escape.json", "is not a file name in the notebook's folder"),
        ("/tmp/escape.json", "is not a file name in the notebook's folder"),
        ("sub\\escape.json", "is not a file name in the notebook's folder"),
        (".hidden.json", "is not a file name in the notebook's folder"),
        ("notes.txt", "does not end in .json"),
        ("", "is not a file name"),
        (7, "is not a file name"),
    ],
)
def test_a_file_name_that_leaves_the_folder_is_refused_and_nothing_is_written(board, tmp_path, name, said):
    w, view, _study = board
    shown = w.game
    for kind in ("save_file", "open_file"):
        view.send_intent(kind, name=name)
        assert view.sent[-1]["kind"] == "refused" and said in view.sent[-1]["reason"]
    assert list(tmp_path.iterdir()) == [] and not (tmp_path.parent / "escape.json").exists()
    assert w.game is shown


def test_a_link_out_of_the_folder_and_other_files_are_left_alone(board, tmp_path):
    w, view, _study = board
    outside = tmp_path.parent / f"{tmp_path.name}-outside.json"
    outside.write_text("{}")
    (tmp_path / "link.json").symlink_to(outside)
    view.send_intent("save_file", name="link.json")
    assert "leads out of the notebook's folder" in view.sent[-1]["reason"] and outside.read_text() == "{}"
    (tmp_path / "data.json").write_text(json.dumps({"rows": [1, 2]}))
    view.send_intent("save_file", name="data.json")
    assert "is not a record or a study" in view.sent[-1]["reason"]
    view.send_intent("open_file", name="data.json")
    assert "data.json: " in view.sent[-1]["reason"] and w.study is not None
    (tmp_path / "cut.json").write_text('{"format": "solitaire-widget study", "vers')
    view.send_intent("open_file", name="cut.json")
    assert "truncated or corrupt" in view.sent[-1]["reason"]
    view.send_intent("open_file", name="missing.json")
    assert view.sent[-1]["reason"] == "there is no file missing.json in the notebook's folder"
    outside.unlink()


def test_open_study_from_python_and_a_study_without_chapters(tmp_path, monkeypatch):
    monkeypatch.chdir(tmp_path)
    w = sw.SolitaireWidget("klondike", seed=1)
    with pytest.raises(ValueError, match="no chapter to show"):
        w.open_study(sw.Study("Empty"))
    with pytest.raises(ValueError, match="no chapter to show"):
        sw.SolitaireWidget(sw.Study("Empty"))
    small_study().save(tmp_path / "s.json")
    study = w.open_study(tmp_path / "s.json", chapter=1)
    assert w.study is study and w.state["lesson"]["kind"] == "exercise"
