"""The board records its games into the game library: rows made at the first move and replaced
after every change, results, counts, failures that leave play alone, the scoring setting, and
the Statistics panel's and History list's intents (``widget/recording.py``)."""

from __future__ import annotations

import threading
from pathlib import Path

import pytest
import traitlets
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE

import solitaire_widget as sw
from solitaire_widget.library import Library, LibraryError
from solitaire_widget.widget import SolitaireWidget


class View:
    """A pretend view: sends intents on the current version and keeps what Python sends."""

    def __init__(self, widget: SolitaireWidget) -> None:
        self.widget = widget
        self.count = 0
        self.sent: list[dict] = []
        widget.send = lambda content, buffers=None: self.sent.append(content)

    def intent(self, kind: str, **fields: object) -> dict:
        self.count += 1
        content = {
            "kind": kind,
            "version": self.widget.state["version"],
            "request": f"v:{self.count}",
            **fields,
        }
        self.sent.clear()
        self.widget._receive_intent(self.widget, content, [])
        return content

    def answer(self, kind: str) -> dict:
        (found,) = [content for content in self.sent if content.get("kind") == kind]
        return found

    def refusal(self) -> str:
        return self.answer("refused")["reason"]


@pytest.fixture
def library(tmp_path: Path) -> Library:
    return Library(tmp_path / "games.sqlite3")


def rows(library: Library) -> list[dict]:
    table = library.games()
    return table if isinstance(table, list) else table.to_dict("records")


def first_moves(widget: SolitaireWidget, count: int) -> None:
    for _ in range(count):
        widget.play(widget.legal_moves()[0])


def test_a_row_is_made_at_the_first_move_and_replaced_after_every_change(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    assert w.library is library
    assert w.recording["status"] == "on" and str(library.path) in w.recording["said"]
    assert rows(library) == [], "a deal nobody touched is not a game"
    w.play(w.legal_moves()[0])
    (row,) = rows(library)
    assert (row["moves"], row["result"], row["undos"], row["hints"], row["demo"]) == (
        1,
        "playing",
        0,
        0,
        False,
    )
    first_moves(w, 2)
    w.undo()
    w.annotate(1, "a first move")
    (row,) = rows(library)
    assert (row["id"], row["moves"], row["undos"]) == (w._recorder.row, 2, 1)
    assert library.load(row["id"]).annotations == {1: "a first move"}, "a comment is saved too"
    assert row["seconds"] is not None and row["seconds"] >= 0


def test_a_board_nobody_plays_leaves_no_file(tmp_path):
    path = tmp_path / "games.sqlite3"
    w = SolitaireWidget("klondike", seed=7, library=path)
    w.new_game(seed=8)
    assert not path.exists() and w.recording == {
        "status": "on",
        "said": "Games are recorded from their first move.",
    }
    w.play(w.legal_moves()[0])
    assert path.exists() and str(path) in w.recording["said"]
    with pytest.raises(TypeError, match="library is a Library, a path, False or None"):
        SolitaireWidget("klondike", library=3)


def test_undos_and_hints_of_every_kind_are_counted(library, monkeypatch):
    w = SolitaireWidget("klondike", seed=7, library=library)
    view = View(w)
    asked = threading.Event()
    # The board's hint goes to the solver's worker; only the asking is counted here.
    monkeypatch.setattr(w._aids, "ask_hint", asked.set)
    first_moves(w, 2)
    view.intent("undo")
    view.intent("hint")
    assert asked.is_set()
    view.intent("move", **dict(zip(("source", "target", "count"), w.legal_moves()[0], strict=True)))
    w.undo()
    (row,) = rows(library)
    assert (row["undos"], row["hints"]) == (2, 1)


def test_a_game_the_demo_or_a_strategy_played_in_is_marked(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    w.play(w.legal_moves()[0])
    assert not rows(library)[0]["demo"]
    w.run(lambda game: game.legal_moves()[0], delay=0, max_moves=2).wait()
    (row,) = rows(library)
    assert bool(row["demo"]) and row["moves"] == 3


def test_a_won_game_is_won_and_a_lost_one_lost(library):
    w = SolitaireWidget(sw.Game.from_dict(LOSABLE_KLONDIKE), library=library)
    for move in sw.solve(w.game, node_limit=100_000).moves:
        w.play(move)
    assert rows(library)[0]["result"] == "won"
    w.new_game(sw.Game.from_dict(LOSABLE_KLONDIKE))
    for move in LOSABLE_LINE:
        w.play(move)
    while w.game.outcome is None:
        w.play(w.legal_moves()[0])
    assert [row["result"] for row in rows(library)] == ["lost", "won"]
    statistics = library.statistics("klondike")
    assert (statistics.played, statistics.won) == (2, 1)


def test_a_game_in_progress_is_abandoned_by_a_new_deal_and_by_close(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    first_moves(w, 2)
    w.new_game(seed=8)
    assert [row["result"] for row in rows(library)] == ["abandoned"]
    w.new_game(seed=9)
    assert len(rows(library)) == 1, "the untouched deal made no row"
    first_moves(w, 1)
    View(w).intent("restart")
    first_moves(w, 1)
    w.close()
    assert [row["result"] for row in rows(library)] == ["abandoned", "abandoned", "abandoned"]


def test_a_game_taken_back_to_its_deal_has_no_row_and_is_not_abandoned(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    first_moves(w, 2)
    w.goto(0)
    assert rows(library) == [], "a game stepped back to its deal is no game"
    w.goto(2)
    (row,) = rows(library)
    assert (row["moves"], row["result"]) == (2, "playing")
    w.undo()
    w.undo()
    assert rows(library) == [] and w._recorder.row is None
    w.new_game(seed=8)
    assert rows(library) == [], "no game of no moves is abandoned"
    first_moves(w, 1)
    w.undo()
    w.close()
    assert rows(library) == []


def test_a_lesson_is_not_recorded(library):
    source = sw.Game.new("klondike", seed=7)
    for _ in range(3):
        source.play(source.legal_moves()[0])
    w = SolitaireWidget("klondike", seed=7, library=library)
    w.lesson(source)
    w.play(source.line[0])
    assert rows(library) == []


def test_no_library_means_no_recording_and_the_panel_says_how_to_turn_it_on():
    w = SolitaireWidget("klondike", seed=7, library=False)
    assert w.library is None and w.recording["status"] == "off"
    first_moves(w, 1)
    view = View(w)
    view.intent("library")
    answer = view.answer("library")
    assert answer["statistics"] is None and answer["history"] == []
    assert "SOLITAIRE_WIDGET_LIBRARY" in answer["recording"]["said"]
    view.intent("open_game", id=1)
    assert "not recorded" in view.refusal()


def test_the_environment_chooses_the_library_when_none_is_given(tmp_path, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "from-env.sqlite3"))
    w = SolitaireWidget("klondike", seed=7)
    first_moves(w, 1)
    assert w.library is not None and w.library.path == tmp_path / "from-env.sqlite3"
    assert len(rows(w.library)) == 1


@pytest.mark.parametrize("where", ["missing folder", "junk file"])
def test_a_library_that_cannot_be_opened_leaves_the_board_playing(tmp_path, where):
    path = tmp_path / "no such folder" / "games.sqlite3"
    if where == "junk file":
        path = tmp_path / "junk.sqlite3"
        path.write_bytes(b"not a database at all " * 100)
    w = SolitaireWidget("klondike", seed=7, library=path)
    assert w.library is None
    assert w.recording["status"] == "failed" and str(path) in w.recording["said"]
    first_moves(w, 3)
    assert w.state["moves"] == 3
    if where == "junk file":
        assert path.read_bytes() == b"not a database at all " * 100, "the file is never overwritten"


def test_a_library_failing_mid_game_stops_recording_once_and_play_goes_on(library, monkeypatch):
    w = SolitaireWidget("klondike", seed=7, library=library)
    told: list[dict] = []
    w.observe(lambda change: told.append(change["new"]), names="recording")
    first_moves(w, 1)
    calls = []

    def full_disk(*args, **kwargs):
        calls.append(args)
        raise LibraryError(f"cannot write the library {library.path}: database or disk is full")

    monkeypatch.setattr(library, "save", full_disk)
    first_moves(w, 3)
    w.undo()
    assert w.state["moves"] == 3
    assert len(calls) == 1, "recording stopped at the first failure"
    assert [status["status"] for status in told] == ["failed"], "said once"
    assert "disk is full" in w.recording["said"] and w.library is None


def test_a_library_file_overwritten_with_junk_stops_recording_and_play_goes_on(tmp_path):
    path = tmp_path / "games.sqlite3"
    w = SolitaireWidget("klondike", seed=7, library=path)
    first_moves(w, 1)
    for file in tmp_path.iterdir():  # another program writes over the files under the board
        file.write_bytes(b"junk" * (file.stat().st_size // 4))
    first_moves(w, 2)
    assert w.state["moves"] == 3 and w.recording["status"] == "failed"


def test_opening_a_past_game_shows_its_tree_and_playing_on_makes_a_new_row(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    first_moves(w, 3)
    w.undo()
    w.play(w.legal_moves()[-1])  # a variation
    past_id = w._recorder.row
    past = library.load(past_id)
    w.new_game(seed=11)
    first_moves(w, 1)
    view = View(w)
    view.intent("open_game", id=past_id)
    assert w.game.to_record() == past.to_record(), "the whole tree, standing where it was recorded"
    assert [row["result"] for row in rows(library)] == ["abandoned", "abandoned"]
    view.intent("goto", ply=1)
    assert len(rows(library)) == 2, "stepping through a past game changes nothing"
    first_moves(w, 1)
    assert len(rows(library)) == 3, "playing on is a new game"
    assert library.load(past_id).to_record() == past.to_record(), "the past row is never changed"


def test_forged_or_stale_open_game_intents_are_refused_and_change_nothing(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    first_moves(w, 1)
    view = View(w)
    version = w.state["version"]
    for forged in (0, True, "1", -1, 2**80, None):
        view.intent("open_game", id=forged)
        assert view.answer("refused"), forged
    view.intent("open_game", id=999)
    assert view.refusal() == "the library holds no game 999"
    view.intent("open_game", id=w._recorder.row)
    assert "the game on the board" in view.refusal()
    stale = {"kind": "open_game", "version": version - 1, "request": "v:99", "id": w._recorder.row}
    view.sent.clear()
    w._receive_intent(w, stale, [])
    assert view.answer("refused")["reason"] == "the board changed before this arrived"
    assert w.state["version"] == version and w.game.ply == 1


def test_the_library_intent_answers_statistics_and_history_of_this_kind(library):
    w = SolitaireWidget("klondike", seed=7, draw=3, library=library)
    for seed in (1, 2):
        w.new_game(seed=seed)
        first_moves(w, 2)
    other = SolitaireWidget("father", seed=1, library=library)
    first_moves(other, 1)
    view = View(w)
    view.intent("library")
    answer = view.answer("library")
    assert answer["request"] == "v:1"
    assert (answer["game"], answer["title"], answer["options"]["draw"]) == ("klondike", "Klondike", 3)
    statistics = answer["statistics"]
    assert (statistics["played"], statistics["won"], statistics["recent"]) == (1, 0, ["abandoned"])
    history = answer["history"]
    assert [row["result"] for row in history] == ["playing", "abandoned"], "newest first, this kind only"
    assert history[0]["current"] and not history[1]["current"]
    assert set(history[0]) == {"id", "started_at", "result", "moves", "seconds", "score", "demo", "current"}
    assert isinstance(history[0]["started_at"], str) and history[0]["moves"] == 2


def test_the_score_shows_when_scoring_is_on(library):
    w = SolitaireWidget("klondike", seed=42, library=library)
    assert w.state["score"] is None
    view = View(w)
    view.intent("setting", name="scoring", value="standard")
    assert w.scoring == "standard" and w.state["score"] == {"scoring": "standard", "game": 0, "total": 0}
    w.play("w>t5")
    assert w.state["score"]["total"] == 5
    assert rows(library)[0]["score"] == 5, "the row keeps the chosen scoring's score"
    w.new_game(seed=42)  # the first game abandoned: it counts in the Vegas balance
    view.intent("setting", name="scoring", value="vegas")
    assert w.state["score"] == {"scoring": "vegas", "game": -52, "total": -52 - 52 + 5 * 0}
    view.intent("setting", name="scoring", value="off")
    assert w.state["score"] is None


def test_vegas_is_klondike_only(library):
    w = SolitaireWidget("father", seed=3, library=library)
    view = View(w)
    view.intent("setting", name="scoring", value="vegas")
    assert view.refusal() == "vegas scoring is for Klondike only, not Father"
    assert w.scoring == "off"
    with pytest.raises(traitlets.TraitError, match="Klondike only"):
        w.scoring = "vegas"
    k = SolitaireWidget("klondike", seed=3, scoring="vegas", library=library)
    k.new_game("father", seed=3)
    assert k.state["score"]["scoring"] == "standard", "Father scores cards home"


def test_a_past_game_opened_shows_its_recorded_time_standing_still_until_played_on(library):
    w = SolitaireWidget("klondike", seed=7, library=library)
    first_moves(w, 3)
    past_id = w._recorder.row
    w.new_game(seed=11)
    recorded = library.row(past_id)["seconds"]
    assert recorded is not None
    view = View(w)
    view.intent("open_game", id=past_id)
    state = w.state
    assert state["clock_held"] and state["finished_at"] - state["first_move_at"] == round(recorded * 1000)
    view.intent("goto", ply=1)
    assert (w.state["clock_held"], w.state["first_move_at"]) == (True, state["first_move_at"])
    first_moves(w, 1)
    assert not w.state["clock_held"] and w.state["finished_at"] is None
    (row,) = [row for row in rows(library) if row["id"] == w._recorder.row]
    assert row["seconds"] >= recorded, "played on, its time counts on from the time recorded"
