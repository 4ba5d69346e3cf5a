"""Property test of the intent handler: random and malformed messages from a pretend view.

Whatever arrives, the handler must not raise, must answer every refused intent with exactly
one refusal naming its request, and the game may change only as an accepted intent says: the
same intents replayed on a separate reference game give the same position and history.
"""

from __future__ import annotations

import re

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw

# Imported here, not on first use inside the test: importing IPython raises the recursion
# limit, which hypothesis warns about when it happens mid-test.
from solitaire_widget.widget import SolitaireWidget
from solitaire_widget.widget.handling import INTENTS

LEFT_OUT = {
    "hint": "it starts the solver's worker (tests/widget/test_aids.py)",
    "demo": "it starts the solver's worker and a run (tests/widget/test_demo.py)",
    "setting": "its answer is a trait, not a state (tests/widget/test_aids.py)",
    "sync_timeline": "its answer is the timeline, not a state (tests/widget/test_teaching.py)",
    "enter": "it names timeline ids the reference game does not have (tests/widget/test_teaching.py)",
    "show_me": "it needs a lesson (tests/widget/test_teaching.py)",
    "stop": "it needs a strategy playing (tests/widget/test_run.py)",
    "view_closed": "it has no answer: it only counts the views (tests/widget/test_aids.py)",
    "analyse": "it starts the solver's worker; its answer is a trait (tests/widget/test_board_judgement.py)",
    "stop_analysis": "it needs an analysis running (tests/widget/test_board_judgement.py)",
    "library": "its answer is a library message, not a state (tests/widget/test_recording.py)",
    **dict.fromkeys(
        ("comment", "glyph", "promote", "delete"),
        "it names timeline ids the reference game does not have (tests/widget/test_editing.py)",
    ),
    "open_chapter": "it needs a study on the board (tests/widget/test_studying.py)",
    "exercise_hint": "it needs an exercise running (tests/widget/test_studying.py)",
    "save_file": "it writes files; its answer is a file message (tests/widget/test_studying.py)",
    "open_file": "it reads files by name (tests/widget/test_studying.py)",
    **dict.fromkeys(
        ("start_study", "ask", "unask", "add_chapter"),
        "it builds a study, with timeline ids and the worker (tests/widget/test_building.py)",
    ),
}
"""The kinds of intent the fuzzer leaves out, and why."""
KINDS = tuple(kind for kind in INTENTS if kind not in LEFT_OUT)
GAME_NAMES = ("klondike", "father", "following")
# The request id format the module docstring promises views: "<viewId>:<n>".
REQUEST_ID = re.compile(r"[A-Za-z0-9_.\-]{1,64}:[0-9]{1,16}")

json_scalars = st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12)
json_values = st.recursive(
    json_scalars,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=12,
)
wrong_numbers = st.sampled_from([True, False, -1, 0, 53, 10**6, 2**64, -(2**70), 1.0, 0.5, float("nan"), "1"])
pile_names = st.sampled_from(
    [
        "stock",
        "waste",
        "foundation/0",
        "foundation/7",
        "foundation/8",
        "tableau/0",
        "tableau/6",
        "tableau/11",
        "tableau/12",
        "tableau/99",
        "Stock",
        "t3",
        "tableau/-1",
        "foundation/01",
        "",
    ]
)


def start_game(kind: str, seed: int) -> sw.Game:
    if kind == "set up":
        # A position given by hand, some way into a Klondike game, with no seed or history.
        game = sw.Game.new("klondike", seed=seed)
        for _ in range(12):
            legal = [m for m in game.legal_moves() if m.target != "stock"]
            game.play(legal[seed % len(legal)])
        position = game.to_dict()
        del position["history"], position["seed"]
        return sw.Game.from_dict(position)
    return sw.Game.new(kind, seed=seed)


class PretendView:
    """Draws messages that fit (or pointedly do not fit) the widget's current state."""

    def __init__(self, data: st.DataObject, widget: SolitaireWidget) -> None:
        self.data = data
        self.widget = widget
        self.counter = 0
        self.used: list[str] = []

    def draw(self, strategy: st.SearchStrategy, label: str) -> object:
        return self.data.draw(strategy, label=label)

    def request(self) -> object:
        choice = self.draw(st.sampled_from(["fresh"] * 6 + ["reused", "junk"]), "request kind")
        if choice == "reused" and self.used:
            return self.draw(st.sampled_from(self.used), "reused request")
        if choice == "junk":
            return self.draw(
                json_values | st.sampled_from(["view", "a:b", ":1", "a:1:2", "x" * 65 + ":1"]), "junk request"
            )
        self.counter += 1
        request = f"{self.draw(st.sampled_from(['v1', 'view-2', '0.k3j']), 'view id')}:{self.counter}"
        self.used.append(request)
        return request

    def fields(self, kind: str) -> dict:
        game = self.widget.game
        if kind == "move":
            legal = game.legal_moves()
            if legal and self.draw(st.booleans(), "legal move?"):
                move = self.draw(st.sampled_from(legal), "legal move")
                return {"source": move.source, "target": move.target, "count": move.count}
            return {
                "source": self.draw(pile_names, "source"),
                "target": self.draw(pile_names, "target"),
                "count": self.draw(st.integers(1, 14), "count"),
            }
        if kind == "new_game":
            name = self.draw(st.sampled_from(GAME_NAMES), "game")
            options = self.draw(
                st.sampled_from(
                    [
                        {},
                        {"redeals": 1},
                        {"redeals": None},
                        {"draw": 3},
                        {"draw": 1, "foundation_to_tableau": False},
                    ]
                ),
                "options",
            )
            # Always a seed: a random deal would make the next draws differ between runs of
            # the same example, which hypothesis cannot shrink (test_widget covers seed null).
            return {"game": name, "seed": self.draw(st.integers(0, 2**53 - 1), "seed"), "options": options}
        if kind == "goto":
            return {"ply": self.draw(st.integers(0, len(game.line) + 1), "ply")}
        if kind in ("arrow", "highlight"):
            ends = pile_names | st.sampled_from(["7H", "as", "10d", "XX", "down"]) | json_values
            colour = st.sampled_from(["green", "red", "blue", "yellow", "purple", ""]) | json_values
            if kind == "highlight":
                return {"end": self.draw(ends, "end"), "colour": self.draw(colour, "colour")}
            return {
                "from": self.draw(ends, "from"),
                "to": self.draw(ends, "to"),
                "colour": self.draw(colour, "colour"),
            }
        if kind == "open_game":  # refused: these boards record nothing (tests/widget/conftest.py)
            return {"id": self.draw(st.integers(0, 10**6), "id")}
        return {}

    def message(self) -> tuple[object, list]:
        shape = self.draw(
            st.sampled_from(
                ["garbage", "intent"] + ["current intent"] * 4 + ["stale intent", "spoiled intent"]
            ),
            "shape",
        )
        buffers = self.draw(st.sampled_from([[]] * 9 + [[b"\x01"]]), "buffers")
        if shape == "garbage":
            return self.draw(json_values, "garbage"), buffers
        if shape == "intent":
            content = self.draw(
                st.dictionaries(
                    st.sampled_from(
                        [
                            "kind",
                            "version",
                            "request",
                            "source",
                            "target",
                            "count",
                            "game",
                            "seed",
                            "options",
                            "extra",
                        ]
                    ),
                    json_values,
                    max_size=7,
                ),
                "intent-shaped dict",
            )
            if self.draw(st.booleans(), "plausible kind?"):
                content["kind"] = self.draw(st.sampled_from(KINDS), "kind")
            return content, buffers
        kind = self.draw(st.sampled_from(KINDS), "kind")
        version = self.widget.state["version"]
        content = {"kind": kind, "version": version, "request": self.request(), **self.fields(kind)}
        if shape == "stale intent":
            content["version"] = self.draw(
                st.sampled_from([version - 1, version + 1, 0, -version, 2**80]), "wrong version"
            )
        elif shape == "spoiled intent":
            how = self.draw(st.sampled_from(["drop", "extra", "wrong type"]), "spoiling")
            key = self.draw(st.sampled_from(sorted(content)), "field")
            if how == "drop":
                del content[key]
            elif how == "extra":
                content[
                    self.draw(st.text(min_size=1, max_size=8).filter(lambda k: k not in content), "extra key")
                ] = self.draw(json_values, "extra value")
            else:
                content[key] = self.draw(wrong_numbers | json_values, "wrong value")
        return content, buffers


def is_well_formed_request(content: object) -> bool:
    request = content.get("request") if isinstance(content, dict) else None
    return isinstance(request, str) and REQUEST_ID.fullmatch(request) is not None


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    start=st.sampled_from(["klondike", "father", "following", "set up"]),
    seed=st.integers(0, 10**6),
    data=st.data(),
)
@pytest.mark.slow
def test_the_handler_survives_anything_and_changes_the_game_only_as_accepted(start, seed, data):
    game = start_game(start, seed)
    widget = SolitaireWidget(game)
    reference = game.copy()
    restart_position = {k: v for k, v in game.to_dict().items() if k != "history"}
    view = PretendView(data, widget)
    seen_requests: set[str] = set()
    sent: list[dict] = []
    widget.send = lambda content, buffers=None: content.get("kind") == "timeline" or sent.append(content)

    for step in range(data.draw(st.integers(1, 25), label="messages")):
        content, buffers = view.message()
        version = widget.state["version"]
        sent.clear()
        # The callback ipywidgets calls for a custom message, called directly so that an
        # exception would reach the test instead of ipywidgets' error log.
        widget._receive_intent(widget, content, buffers)
        request = content["request"] if is_well_formed_request(content) else None

        if widget.state["version"] == version:
            assert len(sent) == 1, f"step {step}: {content!r} got {sent!r}"
            refusal = sent[0]
            assert refusal["kind"] == "refused" and refusal["request"] == request
            assert isinstance(refusal["reason"], str) and 0 < len(refusal["reason"]) <= 500
            assert "internal error" not in refusal["reason"], refusal["reason"]
        else:
            assert widget.state["version"] == version + 1
            assert sent == [], f"an accepted intent was also refused: {sent!r}"
            assert request is not None and request not in seen_requests
            assert content["version"] == version and buffers == []
            kind = content["kind"]
            if kind == "move":
                reference.play(sw.Move(content["source"], content["target"], content["count"]))
            elif kind == "undo":
                reference.undo()
            elif kind == "redo":
                reference.redo()
            elif kind == "autoplay":
                assert reference.autoplay()
            elif kind == "restart":
                reference = sw.Game.from_dict(restart_position)
            elif kind == "goto":
                reference.goto(content["ply"])
            elif kind in ("arrow", "highlight"):
                pass  # drawn on the move, the position unchanged (tests/widget/test_editing.py)
            else:
                assert kind == "new_game"
                reference = sw.Game.new(content["game"], content["seed"], **content["options"])
                restart_position = {k: v for k, v in reference.to_dict().items() if k != "history"}
        if request is not None:
            seen_requests.add(request)

        assert widget.game.to_dict() == reference.to_dict()
        assert widget.game.future == reference.future
        assert widget.state["position"] == {k: v for k, v in reference.to_dict().items() if k != "history"}
        assert widget.state["legal"] == [list(move) for move in reference.legal_moves()]
