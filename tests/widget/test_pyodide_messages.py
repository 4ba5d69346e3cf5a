"""Messages and synced traits as a kernel in Pyodide (in the browser) sends and reads them
(``widget/pyodide_messages.py``): in Pyodide every None goes as its ``jsnull`` (its conversion would
make it ``undefined``, and the view would miss the field) and every ``jsnull`` that comes is
read as None; in any other kernel they go and come as they are."""

from __future__ import annotations

import pytest
from test_widget import View

import solitaire_widget as sw
from solitaire_widget.widget import pyodide_messages

JS_NULL = object()
"""Stands in for ``pyodide.ffi.jsnull``."""


@pytest.fixture
def in_pyodide(monkeypatch) -> None:
    monkeypatch.setattr(pyodide_messages, "_JS_NULL", JS_NULL)


def test_in_pyodide_every_none_goes_as_js_null_and_the_message_is_left_alone(in_pyodide):
    message = {"kind": "timeline", "rows": [{"id": 0, "parent": None, "marks": ()}], "pair": (None, 1)}
    sent = pyodide_messages.for_the_view(message)
    assert sent == {
        "kind": "timeline",
        "rows": [{"id": 0, "parent": JS_NULL, "marks": []}],
        "pair": [JS_NULL, 1],
    }
    assert message["rows"][0]["parent"] is None


def test_in_pyodide_every_js_null_that_comes_is_read_as_none(in_pyodide):
    intent = {"kind": "new_game", "seed": JS_NULL, "options": {"draw": 1, "redeals": JS_NULL}}
    assert pyodide_messages.from_the_view(intent) == {
        "kind": "new_game",
        "seed": None,
        "options": {"draw": 1, "redeals": None},
    }


def test_elsewhere_a_message_goes_and_comes_as_it_is():
    message = {"parent": None}
    assert pyodide_messages.for_the_view(message) is message
    assert pyodide_messages.from_the_view(message) is message


def test_the_widget_sends_its_messages_and_traits_that_way(in_pyodide, monkeypatch):
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", "off")
    w = sw.SolitaireWidget("klondike", seed=3)
    try:
        view = View(w)
        view.send_intent("sync_timeline")
        (deal,) = view.timeline[-1]["rows"]
        assert deal["parent"] is JS_NULL and deal["move"] is JS_NULL
        state = w.get_state()
        assert state["aids"]["hint"] is JS_NULL
        assert state["state"]["standing"] is JS_NULL

        # The board's New game with the seed box untouched: seed and redeals are null.
        seed = w.game.seed
        intent = {"kind": "new_game", "version": w.state["version"], "request": "view1:9", "game": "klondike"}
        view.deliver({**intent, "seed": JS_NULL, "options": {"draw": 1, "redeals": JS_NULL}})
        assert view.sent == []
        assert w.game.seed != seed and w.game.options["redeals"] is None
    finally:
        w.close()
