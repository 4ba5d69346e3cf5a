"""The Jupyter widget's Python side: state, Python API, and intents from a simulated view."""

from __future__ import annotations

import json
import random
from pathlib import Path

import anywidget
import pytest
import traitlets

import solitaire_widget as sw
from solitaire_widget.engine.cards import RANKS
from solitaire_widget.engine.games import rules_text
from solitaire_widget.widget import state as state_module
from solitaire_widget.widget import sync as sync_module
from solitaire_widget.widget import traits as traits_module
from solitaire_widget.widget import widget as widget_module

GAMES = ("klondike", "father", "following")


class View:
    """A stand-in for one rendered view: numbers its requests and collects what Python sends."""

    def __init__(self, widget: sw.SolitaireWidget, view_id: str = "view1") -> None:
        self.widget = widget
        self.view_id = view_id
        self.count = 0
        self.sent: list[dict] = []
        self.timeline: list[dict] = []
        widget.send = self.receive

    def receive(self, content: dict, buffers: object = None) -> None:
        """What Python sends: timeline messages apart from the refusals tests look at."""
        (self.timeline if content.get("kind") == "timeline" else self.sent).append(content)

    def request(self) -> str:
        self.count += 1
        return f"{self.view_id}:{self.count}"

    def intent(self, kind: str, **fields: object) -> dict:
        return {"kind": kind, "version": self.widget.state["version"], "request": self.request(), **fields}

    def deliver(self, content: object, buffers: list | None = None) -> None:
        """Hand ``content`` to the widget as a comm message from the front-end, as ipywidgets does."""
        message = {"content": {"data": {"method": "custom", "content": content}}, "buffers": buffers or []}
        self.widget._handle_msg(message)

    def send_intent(self, kind: str, **fields: object) -> dict:
        content = self.intent(kind, **fields)
        self.deliver(content)
        return content

    def move(self, move: sw.Move | str, version: int | None = None) -> dict:
        move = move if isinstance(move, sw.Move) else sw.Move.parse(move)
        content = self.intent("move", source=move.source, target=move.target, count=move.count)
        if version is not None:
            content["version"] = version
        self.deliver(content)
        return content


def position_of(game: sw.Game) -> dict:
    position = game.to_dict()
    del position["history"]
    return position


def stuck_after_one_move(stock: tuple[str, ...] = ()) -> sw.Game:
    """Klondike where the only useful move is w>t5 (7H onto 8C); after it no card can be played.

    With an empty ``stock`` no move is left at all; a stock card that fits nowhere leaves
    only useless moves (turning it over and back).
    """
    deck = [rank + suit for suit in "CDHS" for rank in RANKS]
    tops = ["2C", "2S", "4C", "4S", "TS", "8C", "QC"]
    hidden = [card for card in deck if card not in [*tops, "7H", *stock]]
    tableau, start = [], 0
    for column, top in enumerate(tops):
        size = column if column < 6 else len(hidden) - start
        tableau.append({"down": hidden[start : start + size], "up": [top]})
        start += size
    return sw.Game.from_dict(
        {
            "game": "klondike",
            "stock": list(stock),
            "waste": ["7H"],
            "foundations": [[], [], [], []],
            "tableau": tableau,
        }
    )


def one_move_from_winning() -> sw.Game:
    """Klondike with every card home but the king of spades, which is on the waste."""
    foundations = [[rank + suit for rank in RANKS] for suit in "CDH"] + [[rank + "S" for rank in RANKS[:-1]]]
    return sw.Game.from_dict(
        {
            "game": "klondike",
            "stock": [],
            "waste": ["KS"],
            "foundations": foundations,
            "tableau": [{"down": [], "up": []} for _ in range(7)],
        }
    )


def mid_game(seed: int = 11, moves: int = 40) -> sw.Game:
    """A Klondike game some way in, reached by seeded random play that prefers progress."""
    chooser = random.Random(seed)
    game = sw.Game.new("klondike", seed=seed)
    for _ in range(moves):
        legal = game.legal_moves()
        if not legal:
            break
        progress = [m for m in legal if m.source != "stock" and m.target != "stock"]
        game.play(chooser.choice(progress or legal))
    return game


@pytest.fixture
def clock(monkeypatch):
    """A clock the test moves by hand (ms since the epoch)."""
    now = {"ms": 1_700_000_000_000}
    monkeypatch.setattr(state_module, "now_ms", lambda: now["ms"])
    return now


# ---------------------------------------------------------------------- construction and state
@pytest.mark.parametrize("name", GAMES)
def test_construction_matches_the_engine(name):
    w = sw.SolitaireWidget(name, seed=7)
    g = sw.Game.new(name, seed=7)
    assert isinstance(w, anywidget.AnyWidget)
    assert w.game.to_dict() == g.to_dict()
    state = w.state
    assert state["version"] == 1
    assert (state["game"], state["title"], state["seed"], state["options"]) == (name, g.title, 7, g.options)
    assert state["position"] == position_of(g)
    assert "history" not in state["position"]
    assert state["legal"] == [list(m) for m in g.legal_moves()]
    assert state["foundation_takes"] == [
        g.foundation_takes(i) for i in range(len(g.to_dict()["foundations"]))
    ]
    assert (state["moves"], state["can_undo"], state["can_redo"]) == (0, False, False)
    assert (state["status"], state["message"], state["last_move"], state["finished_at"]) == (
        "playing",
        None,
        None,
        None,
    )
    assert isinstance(state["started_at"], int)


def test_esm_and_css_are_the_bundled_files():
    static = traits_module.STATIC
    w = sw.SolitaireWidget()
    assert static == Path(sw.__file__).parent / "static"
    assert w._esm == (static / "widget.js").read_text()
    assert w._css == (static / "widget.css").read_text()
    assert sw.SolitaireWidget is widget_module.SolitaireWidget


def test_options_reach_the_game_and_the_state():
    w = sw.SolitaireWidget("klondike", seed=7, draw=3, redeals=2)
    assert w.game.options == {"draw": 3, "redeals": 2, "foundation_to_tableau": True, "deal_to_waste": True}
    assert w.state["options"] == w.game.options
    assert w.state["legal"][-1] == ["stock", "waste", 3]


def test_bad_arguments_raise_clear_errors():
    with pytest.raises(ValueError, match="unknown game"):
        sw.SolitaireWidget("spider")
    with pytest.raises(ValueError, match="draw must be 1 or 3"):
        sw.SolitaireWidget("klondike", draw=2)
    with pytest.raises(TypeError, match="only the Game"):
        sw.SolitaireWidget(sw.Game.new("father", seed=1), seed=2)


def test_shows_an_existing_game_itself():
    g = sw.Game.new("following", seed=5)
    g.play(g.legal_moves()[0])
    w = sw.SolitaireWidget(g)
    assert w.game is g
    assert w.state["moves"] == 1 and w.state["can_undo"]
    assert w.state["position"] == position_of(g)


def test_shows_a_position_from_from_dict():
    g = stuck_after_one_move()
    w = sw.SolitaireWidget(g)
    assert w.game is g
    assert w.state["seed"] is None
    assert w.state["position"]["waste"] == ["7H"]
    assert w.state["legal"] == [["waste", "tableau/5", 1], ["waste", "stock", 1]]


def test_state_is_read_only():
    w = sw.SolitaireWidget("klondike", seed=7)
    before = w.state
    with pytest.raises(traitlets.TraitError, match="read-only"):
        w.state = {"version": 99}
    assert w.state == before


def test_rules_are_those_of_the_game_on_show_sent_before_its_state():
    w = sw.SolitaireWidget("father", seed=3)
    assert w.rules == rules_text("father")
    seen = []
    w.observe(
        lambda change: seen.append((change["name"], w.state["game"], w.rules)), names=["rules", "state"]
    )
    w.play(w.legal_moves()[0])
    w.new_game("following")
    w.restart()
    following = rules_text("following")
    # Moves and a restart leave the rules alone; the new game's come before its first state.
    assert [(name, game) for name, game, _ in seen] == [
        ("state", "father"),
        ("rules", "father"),
        ("state", "following"),
        ("state", "following"),
    ]
    assert seen[1][2] == following
    with pytest.raises(traitlets.TraitError, match="read-only"):
        w.rules = "## Made up"
    assert w.rules == following


def test_state_of_a_mid_game_klondike_is_small():
    w = sw.SolitaireWidget(mid_game())
    assert w.state["moves"] > 0
    # ipywidgets sends the trait as JSON with default separators; either way it stays small.
    assert len(json.dumps(w.state)) < 4096
    assert len(json.dumps(w.state, separators=(",", ":"))) < 4096


# ---------------------------------------------------------------------- playing from Python
def test_play_undo_redo_update_state_and_version():
    w = sw.SolitaireWidget("klondike", seed=7)
    move = w.legal_moves()[0]
    assert w.play(move) == move
    assert w.state["version"] == 2
    assert w.state["last_move"] == {
        "action": "play",
        "source": move.source,
        "target": move.target,
        "count": move.count,
    }
    assert w.state["position"] == position_of(w.game) and w.state["moves"] == 1
    assert w.undo() == move
    assert (w.state["version"], w.state["moves"], w.state["can_undo"], w.state["can_redo"]) == (
        3,
        0,
        False,
        True,
    )
    assert w.state["last_move"]["action"] == "undo"
    assert w.redo() == move
    assert (w.state["version"], w.state["moves"], w.state["can_redo"]) == (4, 1, False)
    assert w.state["legal"] == [list(m) for m in w.game.legal_moves()]


def test_play_accepts_notation_and_refuses_illegal_moves():
    w = sw.SolitaireWidget("klondike", seed=7)
    assert w.play("t4>f0") == sw.Move("tableau/4", "foundation/0")
    before = w.state
    with pytest.raises(sw.IllegalMove):
        w.play("w>f0")
    with pytest.raises(IndexError):
        w.redo()
    assert w.state is before


def test_direct_plays_on_the_game_show_at_once():
    w = sw.SolitaireWidget("father", seed=3)
    move = w.game.legal_moves()[0]
    w.game.play(move)
    assert w.state["version"] == 2 and w.state["position"] == position_of(w.game)
    w.game.undo()
    assert w.state["version"] == 3 and w.state["moves"] == 0


def test_autoplay_is_one_state_update_with_every_move_reported():
    w = sw.SolitaireWidget("klondike", seed=7)
    seen, states = [], []
    w.on_move(seen.append)
    w.observe(lambda change: states.append(change["new"]), names="state")
    played = w.autoplay()
    assert played == [sw.Move("tableau/4", "foundation/0"), sw.Move("tableau/6", "foundation/1")]
    assert seen == played
    assert len(states) == 1 and states[0]["version"] == 2 and states[0]["moves"] == 2
    assert states[0]["last_move"]["action"] == "play" and states[0]["last_move"]["source"] == "tableau/6"
    assert w.autoplay() == [] and w.state["version"] == 2


def test_on_move_fires_for_python_direct_and_view_moves_and_can_be_removed():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    seen = []
    remove = w.on_move(lambda move: seen.append((move, w.state["moves"])))
    w.play("t4>f0")
    w.game.play("t6>f1")
    view.move("s>w")
    w.undo()
    assert seen == [
        (sw.Move("tableau/4", "foundation/0"), 1),
        (sw.Move("tableau/6", "foundation/1"), 2),
        (sw.Move("stock", "waste"), 3),
    ]
    remove()
    w.redo()
    w.undo()
    w.play("s>w")
    assert len(seen) == 3
    remove()  # removing twice is harmless
    with pytest.raises(TypeError):
        w.on_move("not a function")


def test_a_failing_on_move_callback_does_not_undo_the_move(caplog):
    w = sw.SolitaireWidget("klondike", seed=7)

    def broken(move):
        raise RuntimeError("callback bug")

    w.on_move(broken)
    w.play("t4>f0")
    assert w.state["moves"] == 1 and len(w.game.history) == 1
    assert "callback bug" in caplog.text


def test_observe_on_state_fires():
    w = sw.SolitaireWidget("klondike", seed=7)
    changes = []
    w.observe(changes.append, names="state")
    w.play("s>w")
    w.undo()
    assert [c["new"]["version"] for c in changes] == [2, 3]
    assert changes[0]["old"]["version"] == 1


# ---------------------------------------------------------------------- new deals
def test_new_game_keeps_game_and_options_by_default(clock):
    w = sw.SolitaireWidget("klondike", seed=7, draw=3)
    old = w.game
    w.play("t4>f0")
    clock["ms"] += 5000
    new = w.new_game()
    assert w.game is new and new is not old
    assert (new.name, new.options["draw"], new.history) == ("klondike", 3, ())
    assert new.seed is not None
    assert w.state["version"] == 3 and w.state["last_move"] is None and w.state["moves"] == 0
    assert w.state["started_at"] == clock["ms"]
    # the old game is no longer followed
    old.play(old.legal_moves()[0])
    assert w.state["version"] == 3 and w.state["position"] == position_of(new)


def test_new_game_with_another_game_seed_and_options():
    w = sw.SolitaireWidget("klondike", seed=7, draw=3)
    w.new_game(seed=8, redeals=1)
    assert w.game.seed == 8
    assert w.game.options == {"draw": 3, "redeals": 1, "foundation_to_tableau": True, "deal_to_waste": True}
    w.new_game("father", seed=9)
    assert w.game.to_dict() == sw.Game.new("father", seed=9).to_dict()
    w.new_game("klondike", seed=9)
    assert w.game.options == sw.Game.new("klondike").options  # another game: its defaults
    g = sw.Game.new("following", seed=4)
    assert w.new_game(g) is g and w.game is g
    g.play(g.legal_moves()[0])
    assert w.state["position"] == position_of(g)


def test_new_game_with_bad_arguments_changes_nothing():
    w = sw.SolitaireWidget("klondike", seed=7)
    game, state = w.game, w.state
    with pytest.raises(ValueError, match="no option"):
        w.new_game(speed=3)
    with pytest.raises(ValueError, match="unknown game"):
        w.new_game("patience")
    with pytest.raises(ValueError, match="seed"):
        w.new_game(seed=-1)
    assert w.game is game and w.state is state


def test_restart_deals_the_same_game_again(clock):
    w = sw.SolitaireWidget("klondike", seed=7, draw=3)
    w.autoplay()
    clock["ms"] += 1000
    w.restart()
    assert w.game.to_dict() == sw.Game.new("klondike", seed=7, draw=3).to_dict()
    assert w.game.future == ()
    assert w.state["started_at"] == clock["ms"] and w.state["moves"] == 0 and w.state["last_move"] is None


def test_restart_of_a_set_up_position_goes_back_to_it():
    g = stuck_after_one_move()
    start = g.to_dict()
    w = sw.SolitaireWidget(g)
    w.play("w>t5")
    w.restart()
    assert w.game.to_dict() == start
    assert w.state["status"] == "playing"


def test_restart_of_a_replayed_game_goes_back_to_its_deal():
    played = sw.Game.new("father", seed=12)
    assert played.autoplay()
    w = sw.SolitaireWidget(sw.Game.from_dict(played.to_dict()))
    assert w.state["moves"] == len(played.history)
    w.restart()
    assert w.game.to_dict() == sw.Game.new("father", seed=12).to_dict()


# ---------------------------------------------------------------------- won, stuck and the clock
def test_won_message_and_finished_at(clock):
    w = sw.SolitaireWidget(one_move_from_winning())
    assert w.state["status"] == "playing" and w.state["finished_at"] is None
    clock["ms"] += 42_000
    w.play("w>f3")
    assert w.state["status"] == "won"
    assert w.state["message"] == "You won in 1 move!"
    assert w.state["finished_at"] == clock["ms"]
    w.undo()
    assert (w.state["status"], w.state["message"], w.state["finished_at"]) == ("playing", None, None)


def test_won_message_counts_moves():
    w = sw.SolitaireWidget(one_move_from_winning())
    w.play("w>s")  # redeal the king and turn it again: two moves before the winning one
    w.play("s>w")
    w.play("w>f3")
    assert w.state["message"] == "You won in 3 moves!"


def test_stuck_message_and_finished_at_cleared_by_undo(clock):
    w = sw.SolitaireWidget(stuck_after_one_move())
    started = w.state["started_at"]
    clock["ms"] += 1000
    w.play("w>t5")
    assert w.state["status"] == "stuck" and w.game.legal_moves() == []
    assert w.state["message"] == "No moves left. Undo still works: take moves back and try another way."
    assert w.state["finished_at"] == clock["ms"]
    w.undo()
    assert (w.state["status"], w.state["message"], w.state["finished_at"]) == ("playing", None, None)
    assert w.state["started_at"] == started


def test_the_time_played_counts_from_the_first_move(clock):
    w = sw.SolitaireWidget("klondike", seed=3)
    clock["ms"] += 30_000  # the player looks at the deal first
    assert w.state["first_move_at"] is None
    w.play("s>w")
    first = clock["ms"]
    assert w.state["first_move_at"] == first
    clock["ms"] += 5_000
    w.play("s>w")
    w.undo()
    w.undo()
    assert w.state["first_move_at"] == first, "taking the moves back does not restart the time"
    w.restart()
    assert w.state["first_move_at"] is None


def test_finished_at_is_when_the_game_first_became_stuck(clock):
    w = sw.SolitaireWidget(stuck_after_one_move(stock=("5D",)))
    w.play("w>t5")
    finished = clock["ms"]
    assert w.state["status"] == "stuck"
    assert w.state["message"].startswith("No useful moves left: only moves that shuttle cards")
    clock["ms"] += 1000
    w.play("s>w")  # still stuck: the clock stays stopped at the first finish
    assert w.state["status"] == "stuck" and w.state["finished_at"] == finished
    w.undo()
    w.undo()
    clock["ms"] += 1000
    w.play("w>t5")
    assert w.state["finished_at"] == clock["ms"]


# ---------------------------------------------------------------------- showing itself
def test_repr_and_the_picture_and_text_a_static_viewer_shows():
    w = sw.SolitaireWidget("klondike", seed=7, draw=3)
    w.play("t4>f0")
    assert repr(w) == "<SolitaireWidget klondike seed=7 draw=3 moves=1 playing>"
    data, _metadata = w._repr_mimebundle_()
    assert data["application/vnd.jupyter.widget-view+json"]["model_id"] == w.model_id
    assert data["text/plain"].startswith(repr(w) + "\nKlondike")
    # A saved notebook on a static viewer shows the board as a picture of where it stood.
    assert data["image/svg+xml"] == str(sw.svg(w.game))
    stuck = sw.SolitaireWidget(stuck_after_one_move())
    stuck.play("w>t5")
    assert repr(stuck) == "<SolitaireWidget klondike moves=1 no moves left>"


# ---------------------------------------------------------------------- intents from a view
def test_a_view_move_is_played_at_once():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    view.move("t4>f0")
    assert w.game.history == (sw.Move("tableau/4", "foundation/0"),)
    assert w.state["version"] == 2 and view.sent == []


@pytest.mark.parametrize("name", GAMES)
def test_every_move_of_the_legal_list_sent_on_the_current_version_is_played(name):
    # Views draw such a move before Python answers (instant moves): Python must then take it.
    start = sw.Game.new(name, seed=5)
    for _ in range(12):
        start.play(start.legal_moves()[-1])
    position = position_of(start)
    for source, target, count in sw.SolitaireWidget(sw.Game.from_dict(position)).state["legal"]:
        w = sw.SolitaireWidget(sw.Game.from_dict(position))
        view = View(w)
        view.move(sw.Move(source, target, count))
        assert view.sent == [], (source, target, count)
        assert w.game.history == (sw.Move(source, target, count),)
        assert w.state["version"] == 2


def test_an_illegal_view_move_is_refused_with_the_engines_reason():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    before = w.game.to_dict()
    content = view.move("w>f0")
    assert view.sent == [
        {
            "kind": "refused",
            "request": content["request"],
            "reason": w.game.explain(sw.Move("waste", "foundation/0")),
        }
    ]
    assert "foundation starts with an ace" in view.sent[0]["reason"]
    assert w.game.to_dict() == before and w.state["version"] == 1


def test_stale_intents_are_refused():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    w.play("s>w")
    content = view.move("t4>f0", version=1)
    assert view.sent == [
        {"kind": "refused", "request": content["request"], "reason": "the board changed before this arrived"}
    ]
    assert w.game.history == (sw.Move("stock", "waste"),)


def test_duplicated_intents_are_refused():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    content = view.move("t4>f0")
    view.deliver(dict(content))
    assert len(w.game.history) == 1
    assert [m["request"] for m in view.sent] == [content["request"]]
    assert "duplicate" in view.sent[0]["reason"]
    # a duplicate is recognised even when it names the current version
    refused = view.intent("undo")
    refused["kind"] = "dance"
    view.deliver(refused)
    view.deliver({**refused, "kind": "undo"})
    assert len(w.game.history) == 1 and "duplicate" in view.sent[-1]["reason"]


def test_undo_redo_autoplay_restart_and_new_game_intents():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    view.send_intent("autoplay")
    assert w.state["version"] == 2 and len(w.game.history) == 2
    view.send_intent("undo")
    assert w.state["moves"] == 1 and w.state["can_redo"]
    view.send_intent("redo")
    assert w.state["moves"] == 2
    view.send_intent("restart")
    assert w.game.to_dict() == sw.Game.new("klondike", seed=7).to_dict()
    view.send_intent("new_game", game="father", seed=21, options={})
    assert w.game.to_dict() == sw.Game.new("father", seed=21).to_dict()
    view.send_intent("new_game", game="klondike", seed=None, options={"draw": 3, "redeals": 0})
    assert w.game.options == {"draw": 3, "redeals": 0, "foundation_to_tableau": True, "deal_to_waste": True}
    assert w.game.seed is not None
    assert view.sent == [] and w.state["version"] == 7


@pytest.mark.parametrize(
    ("kind", "fields", "reason"),
    [
        ("undo", {}, "there is no move to undo"),
        ("redo", {}, "there is no undone move to redo"),
        ("new_game", {"game": "klondike", "seed": 1, "options": {"draw": 2}}, "draw must be 1 or 3"),
        ("new_game", {"game": "klondike", "seed": 1, "options": {"seed": 2}}, "has no option 'seed'"),
        ("new_game", {"game": "KLONDIKE", "seed": 1, "options": {}}, "unknown game"),
        (
            "new_game",
            {"game": "father", "seed": 2**53, "options": {}},
            "a seed is a whole number from 0 to 9007199254740991",
        ),
        ("new_game", {"game": "father", "seed": 1, "options": {"redeals": [1]}}, "an option's value"),
        ("new_game", {"game": "father", "seed": 1, "options": []}, "options must be an object"),
    ],
)
def test_intents_the_engine_cannot_carry_out_are_refused(kind, fields, reason):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    before = w.game.to_dict()
    content = view.send_intent(kind, **fields)
    assert len(view.sent) == 1 and view.sent[0]["request"] == content["request"]
    assert reason in view.sent[0]["reason"]
    assert w.game.to_dict() == before and w.state["version"] == 1


def test_autoplay_with_nothing_to_send_home_is_refused():
    w = sw.SolitaireWidget("following", seed=7)
    view = View(w)
    assert w.game.autoplay() == []
    view.send_intent("autoplay")
    assert view.sent[0]["reason"] == "no card can go to a foundation safely now"


def _valid_move(view: View) -> dict:
    return view.intent("move", source="tableau/4", target="foundation/0", count=1)


@pytest.mark.parametrize(
    ("spoil", "reason"),
    [
        (lambda c: {**c, "version": True}, "'version' must be a whole number"),
        (lambda c: {**c, "version": 1.0}, "'version' must be a whole number"),
        (lambda c: {**c, "count": True}, "count must be a whole number"),
        (lambda c: {**c, "count": 10**30}, "count must be a whole number from 1 to 52"),
        (lambda c: {**c, "count": 0}, "count must be a whole number from 1 to 52"),
        (lambda c: {**c, "source": "tableau/x"}, "is not a pile"),
        (lambda c: {**c, "target": ["foundation/0"]}, "is not a pile"),
        (lambda c: {**c, "source": "t" * 100_000}, "is not a pile"),
        (lambda c: {**c, "extra": 1}, "has no field 'extra'"),
        (lambda c: {k: v for k, v in c.items() if k != "count"}, "a move intent needs count"),
        (lambda c: {**c, "kind": "shuffle"}, "unknown intent kind 'shuffle'"),
        (lambda c: {**c, "kind": None}, "unknown intent kind None"),
    ],
)
def test_malformed_intents_are_refused_with_their_request_id(spoil, reason):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    content = spoil(_valid_move(view))
    view.deliver(content)
    assert len(view.sent) == 1
    assert view.sent[0]["kind"] == "refused" and view.sent[0]["request"] == content["request"]
    assert reason in view.sent[0]["reason"]
    assert len(view.sent[0]["reason"]) < 300
    assert w.game.history == () and w.state["version"] == 1


@pytest.mark.parametrize(
    "content",
    [
        None,
        7,
        "undo",
        [1, 2],
        [{"kind": "undo"}],
        {},
        {"kind": "undo", "version": 1},
        {"kind": "undo", "version": 1, "request": 5},
        {"kind": "undo", "version": 1, "request": "no-colon"},
        {"kind": "undo", "version": 1, "request": "view:1:2"},
        {"kind": "undo", "version": 1, "request": "v" * 65 + ":1"},
    ],
)
def test_messages_without_a_usable_request_id_are_refused_with_null(content):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    view.deliver(content)
    assert len(view.sent) == 1
    assert view.sent[0]["kind"] == "refused" and view.sent[0]["request"] is None
    assert view.sent[0]["reason"]


@pytest.mark.parametrize(
    "request_id", ["view1:1", "0.4fzyo82mvyr:12", "3f2a9c1e-8b7d-4e5f-a1b2-c3d4e5f6a7b8:3"]
)
def test_request_ids_views_are_likely_to_make_are_accepted(request_id):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    view.deliver(
        {
            "kind": "move",
            "version": 1,
            "request": request_id,
            "source": "tableau/4",
            "target": "foundation/0",
            "count": 1,
        }
    )
    assert view.sent == [] and w.state["version"] == 2


def test_binary_buffers_are_refused():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    content = _valid_move(view)
    view.deliver(content, buffers=[b"\x00"])
    assert view.sent[0]["request"] == content["request"] and "buffers" in view.sent[0]["reason"]
    assert w.game.history == ()


def test_refusals_reach_every_view_and_name_the_request():
    w = sw.SolitaireWidget("klondike", seed=7)
    left, right = View(w, "left"), View(w, "right")
    sent = []
    w.send = lambda content, buffers=None: content.get("kind") == "timeline" or sent.append(content)
    left.deliver(left.intent("undo"))
    right.deliver(right.intent("redo"))
    assert [m["request"] for m in sent] == ["left:1", "right:1"]


# ---------------------------------------------------------------------- unexpected errors
def _with_a_redo_list(w: sw.SolitaireWidget) -> None:
    w.play("t4>f0")
    w.play("s>w")
    w.undo()


def test_a_users_listener_that_fails_on_a_board_move_leaves_the_move_standing(caplog):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    _with_a_redo_list(w)
    version = w.state["version"]

    def fails(game, action, move):
        raise RuntimeError("listener bug")

    w.game.add_listener(fails)
    view.move("t6>f1")
    assert view.sent == []
    assert w.game.history[-1] == sw.Move.parse("t6>f1")
    assert w.state["version"] == version + 1 and w.state["position"] == position_of(w.game)
    assert "listener bug" in caplog.text


def test_an_internal_error_before_the_view_saw_the_move_is_taken_back(monkeypatch):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    _with_a_redo_list(w)
    before, future, state = w.game.to_dict(), w.game.future, w.state
    real_state = sync_module.board_state
    failures = [KeyError("state bug")]

    def fails_once(*args, **kwargs):
        if failures:
            raise failures.pop()
        return real_state(*args, **kwargs)

    monkeypatch.setattr(sync_module, "board_state", fails_once)
    content = view.move("t6>f1")
    assert view.sent[0]["request"] == content["request"] and "KeyError" in view.sent[0]["reason"]
    assert w.game.to_dict() == before and w.game.future == future
    assert w.state is state  # nothing reached the view, so nothing is sent again
    view.move("t6>f1")
    assert len(view.sent) == 1 and w.state["moves"] == 2


def test_an_internal_error_during_a_new_deal_keeps_the_old_game(monkeypatch):
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)
    old, state = w.game, w.state
    calls = []

    def failing_state(game, timeline, *, version, **_fields):
        calls.append(version)
        raise KeyError("state bug")

    monkeypatch.setattr(sync_module, "board_state", failing_state)
    content = view.send_intent("new_game", game="father", seed=3, options={})
    monkeypatch.undo()
    assert view.sent[0]["request"] == content["request"] and "KeyError" in view.sent[0]["reason"]
    assert w.game is old and w.state is state
    w.play("t4>f0")  # the old game is followed again
    assert w.state["version"] == 2


def test_a_failing_observer_of_state_does_not_escape_the_handler():
    w = sw.SolitaireWidget("klondike", seed=7)
    view = View(w)

    def observer(change):
        raise ValueError("observer bug")

    w.observe(observer, names="state")
    content = view.intent("move", source="tableau/4", target="foundation/0", count=1)
    w._receive_intent(w, content, [])  # called directly: nothing may escape it
    assert view.sent[0]["request"] == content["request"] and "observer bug" in view.sent[0]["reason"]
    assert w.game.history == ()


# ---------------------------------------------------------------------- closing, seeds, options
def test_a_closed_widget_stops_listening_to_the_game_the_user_still_holds():
    g = sw.Game.new("klondike", seed=7)
    w = sw.SolitaireWidget(g)
    version = w.state["version"]
    w.close()
    g.play(g.legal_moves()[0])
    g.undo()
    assert w.state["version"] == version
    assert g.history == () and len(g.future) == 1  # the game plays on as any game does
    w.close()  # closing twice is harmless


def test_the_widget_and_the_engine_accept_the_same_seeds_with_the_same_words():
    w = sw.SolitaireWidget("father", seed=2**53 - 1)
    assert w.state["seed"] == 2**53 - 1
    with pytest.raises(ValueError) as engine:
        sw.Game.new("father", seed=2**53)
    with pytest.raises(ValueError) as widget:
        sw.SolitaireWidget("father", seed=2**53)
    assert (
        str(engine.value)
        == str(widget.value)
        == "a seed is a whole number from 0 to 9007199254740991, not 9007199254740992"
    )
    view = View(w)
    view.send_intent("new_game", game="father", seed=2**53, options={})
    assert view.sent[-1]["reason"] == str(engine.value)


@pytest.mark.parametrize(
    "make",
    [
        lambda: sw.SolitaireWidget("klondike", drawn=3),
        lambda: sw.SolitaireWidget("father", seed=1).new_game(draw=3),
        lambda: sw.SolitaireWidget("father", seed=1).new_game("klondike", Draw=3),
    ],
)
def test_an_option_the_game_lacks_is_a_value_error_naming_its_options_from_python(make):
    with pytest.raises(ValueError, match=r"has no option .* \(its options: "):
        make()


def test_an_option_the_game_lacks_is_refused_in_a_new_game_intent_naming_its_options():
    w = sw.SolitaireWidget("father", seed=1)
    view = View(w)
    view.send_intent("new_game", game="following", seed=1, options={"draw": 3})
    assert view.sent[-1]["reason"] == "Following has no option 'draw' (its options: redeals)"
