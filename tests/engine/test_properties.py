"""Property tests: random legal play in every game and option set keeps the engine's
promises at every step (cards, undo/redo, serialisation, notation, refusals, explain)."""

from __future__ import annotations

from collections import Counter

import pytest
from engine_helpers import ALL_CARDS
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import solitaire_widget as sw

GAMES = ("klondike", "father", "following")
MAX_STEPS = 60
ROUND_TRIP_EVERY = 7
"""Steps between from_dict round trips, which replay the whole history and so cost the most."""
GENERIC_REFUSAL = "it is not a legal move here"

OPTIONS = {
    "klondike": st.fixed_dictionaries(
        {
            "draw": st.sampled_from([1, 3]),
            "redeals": st.sampled_from([None, 0, 1, 2]),
            "foundation_to_tableau": st.booleans(),
        }
    ),
    "father": st.fixed_dictionaries({"redeals": st.integers(0, 2)}),
    "following": st.fixed_dictionaries({"redeals": st.integers(0, 2)}),
}

PLAY = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(data: dict) -> list[str]:
    """Every card of a position dict, pile by pile."""
    cards = data["stock"] + data["waste"] + [c for pile in data["foundations"] for c in pile]
    return cards + [c for pile in data["tableau"] for c in pile["down"] + pile["up"]]


def arbitrary_move(data: st.DataObject, g: sw.Game) -> sw.Move:
    """A move from any pile to any pile (some the game lacks), or a legal move bent out of shape."""
    pile_ids = list(g.pile_ids) + ["tableau/12", "foundation/8"]
    legal = g.legal_moves()
    kind = data.draw(st.sampled_from(["any", "count", "target"] if legal else ["any"]))
    if kind == "any":
        return sw.Move(
            data.draw(st.sampled_from(pile_ids)),
            data.draw(st.sampled_from(pile_ids)),
            data.draw(st.integers(1, 30)),
        )
    move = data.draw(st.sampled_from(legal))
    if kind == "count":
        return move._replace(count=data.draw(st.integers(1, 30)))
    return move._replace(target=data.draw(st.sampled_from(pile_ids)))


def check_position(g: sw.Game) -> None:
    """What holds in every position: the deck is whole, columns show their tops."""
    data = g.to_dict()
    assert Counter(all_cards(data)) == Counter(ALL_CARDS)
    for pile in data["tableau"]:
        assert not pile["down"] or pile["up"]
    if g.is_won:
        assert (g.outcome and g.outcome.words) == "won"
    if not g.legal_moves():
        assert g.is_over


def check_legal_moves(g: sw.Game) -> None:
    """Every legal move reads back from its notation and is explained as legal."""
    legal = g.legal_moves()
    assert len(set(legal)) == len(legal)
    for move in legal:
        assert sw.Move.parse(str(move)) == move
        assert g.explain(move).startswith("legal: ")
        assert g.explain(str(move)) == g.explain(move)
    if g.name == "father":
        assert all(move.count == 1 for move in legal if move.source != "waste" and move.target != "stock")


def check_arbitrary_move(g: sw.Game, move: sw.Move) -> None:
    """``move`` plays exactly when it is legal; refused, it changes nothing and says why."""
    before = g.to_dict()
    legal = move in g.legal_moves()
    explanation = g.explain(move)
    assert explanation.startswith("legal: ") is legal
    if legal:
        assert g.play(move) == move
        g.undo()
        assert g.to_dict() == before
        return
    with pytest.raises(sw.IllegalMove) as caught:
        g.play(move)
    assert caught.value.reason == explanation
    assert caught.value.reason != GENERIC_REFUSAL
    assert g.to_dict() == before


def check_round_trip(g: sw.Game) -> None:
    """The position survives ``from_dict(to_dict())``, history (and so undo) included."""
    data = g.to_dict()
    again = sw.Game.from_dict(data)
    assert again.to_dict() == data
    assert again.history == g.history


def check_play(g: sw.Game, move: sw.Move) -> None:
    """A legal move plays; undo restores the position exactly and redo re-applies it."""
    before = g.to_dict()
    history = g.history
    assert g.play(move) == move
    after = g.to_dict()
    assert g.history == history + (move,)
    assert g.undo() == move
    assert g.to_dict() == before
    assert g.future == (move,)
    assert g.redo() == move
    assert g.to_dict() == after


@pytest.mark.parametrize("name", GAMES)
@PLAY
@given(data=st.data())
@pytest.mark.slow
def test_random_legal_play_keeps_every_promise(name, data):
    options = data.draw(OPTIONS[name], label="options")
    seed = data.draw(st.integers(0, 2**53 - 1), label="seed")
    g = sw.Game.new(name, seed=seed, **options)
    for step in range(MAX_STEPS):
        check_position(g)
        check_legal_moves(g)
        check_arbitrary_move(g, arbitrary_move(data, g))
        if step % ROUND_TRIP_EVERY == 0:
            check_round_trip(g)
        legal = g.legal_moves()
        if not legal:
            break
        check_play(g, data.draw(st.sampled_from(legal), label="move"))
    check_position(g)
    check_round_trip(g)


@pytest.mark.parametrize("name", GAMES)
@PLAY
@given(data=st.data())
def test_undo_all_the_way_returns_to_the_deal_and_redo_all_the_way_back(name, data):
    options = data.draw(OPTIONS[name], label="options")
    g = sw.Game.new(name, seed=data.draw(st.integers(0, 2**32), label="seed"), **options)
    dealt = g.to_dict()
    for _ in range(data.draw(st.integers(1, MAX_STEPS), label="steps")):
        legal = g.legal_moves()
        if not legal:
            break
        g.play(data.draw(st.sampled_from(legal), label="move"))
    reached, played = g.to_dict(), g.history
    while g.history:
        g.undo()
    assert g.to_dict() == dealt
    assert g.future == played
    while g.future:
        g.redo()
    assert g.to_dict() == reached


@pytest.mark.parametrize("name", GAMES)
@PLAY
@given(data=st.data())
def test_a_copy_plays_on_without_touching_its_original(name, data):
    g = sw.Game.new(name, seed=data.draw(st.integers(0, 2**32), label="seed"))
    for _ in range(data.draw(st.integers(0, 20), label="steps")):
        g.play(data.draw(st.sampled_from(g.legal_moves()), label="move"))
    original = g.to_dict()
    twin = g.copy()
    assert twin.to_dict() == original
    for _ in range(10):
        legal = twin.legal_moves()
        if not legal:
            break
        twin.play(data.draw(st.sampled_from(legal), label="twin move"))
    assert g.to_dict() == original
