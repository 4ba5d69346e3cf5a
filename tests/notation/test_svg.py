"""The board as SVG (``notation/svg.py``, ``sw.svg``): a well-formed document that needs
nothing outside itself, drawing every card the board shows where it shows it (the
face-up ones with their codes, the face-down ones as backs, the stock's counted), with arrows
and marks at the piles and cards they name; bad entries are refused by name."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from engine_helpers import played
from hypothesis import given, settings
from hypothesis import strategies as st

import solitaire_widget as sw
from solitaire_widget.engine.cards import card_code
from solitaire_widget.notation.svg import COLOURS

SVG = "{http://www.w3.org/2000/svg}"


def parsed(picture: str) -> ET.Element:
    root = ET.fromstring(picture)
    assert root.tag == f"{SVG}svg"
    return root


def shown_face_up(position: sw.Position) -> list[str]:
    """The face-up cards the board shows: the tableau's, the waste's on show, the
    foundations' tops."""
    cards = [card for up in position.up for card in up]
    cards += position.waste[-position.draw :] if position.waste else []
    cards += [pile[-1] for pile in position.foundations if pile]
    return sorted(card_code(card) for card in cards)


@settings(max_examples=30, deadline=None)
@given(
    game=st.sampled_from(["klondike", "father", "following"]),
    seed=st.integers(0, 10_000),
    moves=st.integers(0, 80),
)
def test_every_card_on_show_is_drawn_and_every_face_down_one_counted(game, seed, moves):
    position = played(game, seed, moves).position
    root = parsed(sw.svg(position))
    drawn = sorted(element.get("data-card") for element in root.iter(f"{SVG}g") if element.get("data-card"))
    assert drawn == shown_face_up(position)
    backs = [element for element in root.iter(f"{SVG}rect") if element.get("fill") == "url(#back)"]
    assert len(backs) == sum(map(len, position.down)) + (1 if position.stock else 0)
    texts = [element.text for element in root.iter(f"{SVG}text")]
    assert (str(len(position.stock)) in texts) == bool(position.stock)


def test_the_picture_needs_nothing_outside_itself():
    picture = sw.svg(played("klondike", 3, 40))
    assert not re.search(r"<image|<script|@import|@font-face|url\((?!#)|href=\"(?!#)", picture)
    parsed(picture)


def test_game_position_and_sw_svg_draw_the_same_and_a_notebook_shows_it():
    g = played("following", 5, 30)
    assert g._repr_svg_() == sw.svg(g)._repr_svg_() == str(sw.svg(g))
    assert g.position._repr_svg_() == str(sw.svg(g.position))
    # The game's picture names its seed; the position's has none to name.
    game_title, position_title = (
        parsed(text).find(f"{SVG}title").text for text in (sw.svg(g), sw.svg(g.position))
    )
    assert (game_title, position_title) == ("Following · seed 5", "Following")
    assert sw.svg(g).split("</title>")[1] == sw.svg(g.position).split("</title>")[1]


def test_a_size_sets_the_width_and_keeps_the_shape_and_klondike_reads_at_300_px():
    root = parsed(sw.svg(sw.Game.new("klondike", seed=3), size=300))
    _, _, width, height = map(float, root.get("viewBox").split())
    assert root.get("width") == "300" and int(root.get("height")) == round(300 * height / width)
    corner = min(float(text.get("font-size")) for text in root.iter(f"{SVG}text") if text.get("font-weight"))
    assert corner * 300 / width >= 9, "a card's corner is at least 9 px high at 300 px wide"


def test_arrows_and_marks_meet_the_piles_and_cards_they_name_in_their_colours():
    g = sw.Game.new("klondike", seed=3)
    root = parsed(
        sw.svg(
            g, arrows=[("tableau/4", "foundation/0"), ("7H", "tableau/1", "red")], marks=[("stock", "blue")]
        )
    )
    lines = list(root.iter(f"{SVG}line"))
    assert [line.get("stroke") for line in lines] == [COLOURS["green"], COLOURS["red"]]
    ace = next(element for element in root.iter(f"{SVG}g") if element.get("data-card") == "AS")
    card = ace.find(f"{SVG}rect")
    assert float(card.get("x")) < float(lines[0].get("x1")) < float(card.get("x")) + float(card.get("width"))
    assert float(lines[0].get("y2")) < float(lines[0].get("y1")), "the ace goes up to the foundations"
    outlines = [rect for rect in root.iter(f"{SVG}rect") if rect.get("stroke") == COLOURS["blue"]]
    assert len(outlines) == 1


@pytest.mark.parametrize(
    "keywords, message",
    [
        (
            {"arrows": [("tableau/9", "foundation/0")]},
            "arrow 1: 'tableau/9' is neither a pile of this Klondike",
        ),
        ({"arrows": [("waste", "XX")]}, "arrow 1: 'XX' is neither"),
        ({"arrows": ["waste"]}, "arrow 1 is \\(from, to\\) or \\(from, to, colour\\)"),
        (
            {"arrows": [("waste", "tableau/0", "purple")]},
            "arrow 1: the colour is one of green, red, blue, yellow",
        ),
        ({"marks": ["stock", ("foundation/7", "red")]}, "mark 2: 'foundation/7' is neither"),
        ({"size": 0}, "size must be a whole number of pixels from 1"),
    ],
)
def test_a_bad_arrow_mark_or_size_is_refused_by_name(keywords, message):
    with pytest.raises(ValueError, match=message):
        sw.svg(sw.Game.new("klondike", seed=3), **keywords)


def test_only_games_and_positions_are_drawn():
    with pytest.raises(TypeError, match="svg draws a Game or a Position, not str"):
        sw.svg("klondike")


def test_the_docs_diagram_is_what_sw_svg_draws_today():
    """docs/guide/diagrams.md shows docs/_static/diagram-klondike-3.svg: made by the page's
    own example, it must not drift from what the code draws."""
    from pathlib import Path

    shown = Path(__file__).resolve().parents[2] / "docs" / "_static" / "diagram-klondike-3.svg"
    g = sw.Game.new("klondike", seed=3)
    drawn = sw.svg(g, arrows=[("tableau/4", "foundation/0")], marks=[("7H", "red")], size=400)
    assert shown.read_text() == str(drawn) + "\n"
