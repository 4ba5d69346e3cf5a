"""Rendering: the text board, and the board in the notebook following the episode."""

from __future__ import annotations

import sys

import IPython.display
import pytest
from gymnasium.error import DependencyNotInstalled

from solitaire_widget.env import SolitaireEnv


def test_ansi_gives_the_text_board_without_the_seed_that_would_tell_the_face_down_cards():
    env = SolitaireEnv("klondike", render_mode="ansi")
    env.reset(options={"deal_seed": 42})
    env.step(env.action_of("w>t5"))
    text = env.render()
    assert text.splitlines()[0] == "Klondike · draw 1 · unlimited redeals · 1 move"
    assert text.splitlines()[1:] == str(env.game).splitlines()[1:]
    assert "▒▒" in text and "seed" not in text


def test_no_render_mode_renders_nothing():
    env = SolitaireEnv("father")
    env.reset(seed=0)
    assert env.render() is None


@pytest.fixture
def shown(monkeypatch):
    """What human mode displays, instead of displaying it."""
    displayed = []
    monkeypatch.setattr(IPython.display, "display", displayed.append)
    return displayed


def test_human_mode_shows_one_board_that_follows_every_step_and_episode(shown):
    env = SolitaireEnv("klondike", render_mode="human")
    env.reset(seed=1)
    board = shown[0]
    assert board.game is env.game
    assert board.library is None  # an agent's games stay out of the player's statistics
    env.step(env.action_of("s>w"))
    assert board.state["moves"] == 1
    env.reset(seed=2)
    assert len(shown) == 1
    assert board.game is env.game and board.state["moves"] == 0
    assert env.render() is None
    env.close()
    env.close()  # closing twice is allowed


def test_human_mode_without_ipython_says_what_to_install(monkeypatch):
    monkeypatch.setitem(sys.modules, "IPython.display", None)
    with pytest.raises(DependencyNotInstalled, match="needs IPython"):
        SolitaireEnv("klondike", render_mode="human")
