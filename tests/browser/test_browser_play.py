"""Playing each game on the board with the mouse and the keyboard, in JupyterLab and
Jupyter Notebook 7; after every step the board and the kernel's game must agree."""

from __future__ import annotations

from typing import NamedTuple

import pytest
from harness import NotebookPage

import solitaire_widget as sw


class Step(NamedTuple):
    how: str  # "stock" (click it), "click" (card, then target), "drag", "keyboard", "double_click"
    move: str  # the move it must play, in notation


# Deals found by searching with the engine for seeds where each way of playing has a move
# to make (a double-click needs a card that goes to a foundation).
PLAYS = {
    "klondike": (
        3,
        [
            Step("click", "t3>t1"),
            Step("drag", "t1x2>t5"),  # a run of two cards
            Step("keyboard", "w>t0"),
            Step("double_click", "t4>f0"),
            Step("stock", "s>w"),
        ],
    ),
    "father": (
        2,
        [
            Step("stock", "s>w"),
            Step("click", "w>t5"),
            Step("stock", "s>w"),
            Step("drag", "w>t9"),
            Step("stock", "s>w"),
            Step("keyboard", "w>t1"),
            Step("double_click", "t2>f0"),
        ],
    ),
    "following": (
        3,
        [
            Step("click", "t4>t3"),
            Step("drag", "t0>t4"),
            Step("keyboard", "t1>t0"),
            Step("double_click", "t5>f0"),
            Step("stock", "s>w"),
        ],
    ),
}


def play_step(notebook: NotebookPage, step: Step) -> None:
    move = sw.Move.parse(step.move)
    if step.how == "stock":
        notebook.click_pile("stock")
    elif step.how == "click":
        notebook.click_move(move.source, move.target, move.count)
    elif step.how == "drag":
        notebook.drag_move(move.source, move.target, move.count)
    elif step.how == "keyboard":
        notebook.keyboard_move(move.source, move.target, move.count)
    elif step.how == "double_click":
        notebook.double_click(move.source)
    else:
        raise ValueError(f"unknown way of playing {step.how!r}")


@pytest.mark.browser(timeout=180)
@pytest.mark.parametrize(
    ("game", "ui"),
    [("klondike", "lab"), ("father", "lab"), ("following", "lab"), ("klondike", "notebook")],
)
def test_play_by_click_drag_keyboard_and_double_click(open_notebook, artifacts, game, ui):
    seed, steps = PLAYS[game]
    notebook = open_notebook(
        [f"import solitaire_widget as sw\nw = sw.SolitaireWidget({game!r}, seed={seed})\nw"], ui=ui
    )
    notebook.wait_for_widget()
    version = notebook.assert_board_matches_python()["version"]

    played: list[str] = []
    for step in steps:
        play_step(notebook, step)
        version = notebook.wait_for_version(version)
        played.append(step.move)
        python = notebook.assert_board_matches_python()
        assert python["position"]["history"] == played, f"{step.how} did not play {step.move}"
        assert python["version"] == version

    for _ in range(2):
        notebook.undo_button().click()
        version = notebook.wait_for_version(version)
        played.pop()
        python = notebook.assert_board_matches_python()
        assert python["position"]["history"] == played

    name = game if ui == "lab" else f"notebook7-{game}"
    notebook.widget().screenshot(path=artifacts / f"{name}.png", animations="disabled")
