"""Animated replays: one well-formed, standalone SVG with one frame per position of the line
(the start and one per move), each shown in turn by SMIL."""

from __future__ import annotations

from xml.etree import ElementTree

import pytest

import solitaire_widget as sw

SVG = "{http://www.w3.org/2000/svg}"


def frames(picture: str) -> list[ElementTree.Element]:
    root = ElementTree.fromstring(picture)
    return [g for g in root.iter(f"{SVG}g") if g.get("class") == "frame"]


def test_a_replay_has_one_frame_per_move_each_shown_in_turn():
    g = sw.Game.new("klondike", seed=7)
    for move in ("t4>f0", "t6>f1", "t6>t2", "t6>t0"):
        g.play(move)
    g.goto(1)  # the moves ahead are replayed too
    picture = sw.svg_replay(g, seconds=0.5, size=640)
    shown = frames(picture)
    assert len(shown) == 5
    assert [frame.get("visibility") for frame in shown] == ["visible"] + ["hidden"] * 4
    animations = [frame.find(f"{SVG}animate") for frame in shown]
    assert all(
        a is not None and a.get("dur") == "2.5s" and a.get("repeatCount") == "indefinite" for a in animations
    )
    assert (
        animations[2].get("keyTimes") == "0;0.4;0.6"
        and animations[2].get("values") == "hidden;visible;hidden"
    )
    captions = ["".join(frame.itertext()) for frame in shown]
    assert "the start" in captions[0] and "4. t6>t0" in captions[4] and "t6>t0" not in captions[3]
    root = ElementTree.fromstring(picture)
    assert root.get("width") == "640" and len(root.findall(f"{SVG}defs")) == 1
    assert "href" not in picture and "<script" not in picture


def test_a_part_of_the_line_and_bad_arguments():
    g = sw.Game.new("father", seed=3)
    for _ in range(3):
        g.play(g.legal_moves()[0])
    assert len(frames(sw.svg_replay(g, start=1, end=2))) == 2
    assert len(frames(sw.svg_replay(g, start=3))) == 1
    with pytest.raises(ValueError, match="end must be a ply of the line, 0 to 3, not 4"):
        sw.svg_replay(g, end=4)
    with pytest.raises(ValueError, match=r"start .2. must not come after end .1."):
        sw.svg_replay(g, start=2, end=1)
    with pytest.raises(ValueError, match="seconds must be a number"):
        sw.svg_replay(g, seconds=0)
    with pytest.raises(TypeError, match="replays a Game's line"):
        sw.svg_replay(g.position)
