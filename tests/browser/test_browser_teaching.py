"""The teaching board in JupyterLab: the move list, stepping with clicks and keys, variations
made on the board, comments shown as text, and a lesson run to the end."""

from __future__ import annotations

import re

import pytest
from harness import NotebookPage
from playwright.sync_api import expect

WALKED = """import solitaire_widget as sw
g = sw.Game.new('klondike', seed=3)
for step in range(30):
    legal = g.legal_moves()
    g.play(legal[(step * 5 + 3) % len(legal)])
w = sw.SolitaireWidget(g)
w"""


def move_list(notebook: NotebookPage):
    return notebook.widget().locator("[data-timeline]")


def entry(notebook: NotebookPage, ply: int):
    return move_list(notebook).locator(f'[data-ply="{ply}"]')


def wait_for_ply(notebook: NotebookPage, ply: int) -> None:
    expect(entry(notebook, ply)).to_have_attribute("aria-current", "step")
    notebook.page.wait_for_function(
        "([root, ply]) => root.querySelector('[data-timeline] [aria-current=\"step\"]')"
        " && Number(root.querySelector('[data-timeline] [aria-current=\"step\"]').dataset.ply) === ply",
        arg=[notebook.widget().element_handle(), ply],
    )


@pytest.mark.browser(timeout=150)
def test_a_click_in_the_move_list_shows_the_board_at_that_ply(open_notebook, page_errors, artifacts):
    notebook = open_notebook([WALKED])
    notebook.wait_for_widget()
    expect(entry(notebook, 30)).to_have_attribute("aria-current", "step")
    assert move_list(notebook).locator("[data-ply]").count() == 31
    for ply in (7, 0, 19):
        version = notebook.version()
        entry(notebook, ply).click()
        notebook.wait_for_version(version)
        wait_for_ply(notebook, ply)
        python = notebook.assert_board_matches_python()
        assert len(python["position"]["history"]) == ply
    sentence = notebook.python_json("g.sentence(19)")
    expect(entry(notebook, 19)).to_contain_text(sentence)
    notebook.widget().screenshot(path=artifacts / "teaching.png", animations="disabled")
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_keys_step_through_the_line(open_notebook, page_errors):
    notebook = open_notebook([WALKED])
    notebook.wait_for_widget()
    entry(notebook, 30).focus()
    keyboard = notebook.page.keyboard
    for key, ply in (("Home", 0), ("ArrowRight", 1), ("ArrowRight", 2), ("End", 30), ("ArrowLeft", 29)):
        version = notebook.version()
        keyboard.press(key)
        notebook.wait_for_version(version)
        wait_for_ply(notebook, ply)
    notebook.pile("stock").focus()
    for key, ply in (("[", 28), ("]", 29)):
        version = notebook.version()
        keyboard.press(key)
        notebook.wait_for_version(version)
        wait_for_ply(notebook, ply)
    notebook.assert_board_matches_python()
    assert notebook.python_json("g.ply") == 29
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_a_variation_made_on_the_board_appears_in_the_list(open_notebook, page_errors):
    notebook = open_notebook([WALKED])
    notebook.wait_for_widget()
    notebook.run_cell("w.goto(3)")
    wait_for_ply(notebook, 3)
    source, target, count = notebook.python_json(
        "list(next(m for m in g.legal_moves() if m != g.future[0] and m.source != 'stock'))"
    )
    version = notebook.version()
    notebook.click_move(source, target, count)
    notebook.wait_for_version(version)
    wait_for_ply(notebook, 4)
    assert move_list(notebook).locator("[data-ply]").count() == 5
    old_line = move_list(notebook).locator("[data-node]")
    expect(old_line.first).to_be_visible()
    assert old_line.count() == 27  # the old continuation, moves 4 to 30, kept as a variation
    version = notebook.version()
    old_line.first.click()
    notebook.wait_for_version(version)
    wait_for_ply(notebook, 4)
    assert move_list(notebook).locator("[data-ply]").count() == 31
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_a_comment_with_markup_shows_as_text(open_notebook, page_errors):
    notebook = open_notebook([WALKED])
    notebook.wait_for_widget()
    comment = "<script>window.hacked = true</script><b>bold?</b> & 7♦"
    notebook.run_cell(f"w.annotate(2, {comment!r}, marks=['tableau/1'])\nw.goto(2)")
    wait_for_ply(notebook, 2)
    shown = entry(notebook, 2).locator(".sw-entry-comment")
    expect(shown).to_have_text(comment)
    assert shown.locator("b, script").count() == 0
    assert notebook.page.evaluate("() => window.hacked") is None
    expect(notebook.pile("tableau/1")).to_have_class(re.compile(r"\bsw-pile--marked\b"))
    assert page_errors == []


LESSON = """import solitaire_widget as sw
teacher = sw.Game.new('following', seed=12)
for _ in range(5):
    teacher.play(teacher.legal_moves()[0])
teacher.annotate(2, 'Now the waste card fits.')
w = sw.SolitaireWidget('following')
lesson = w.lesson(teacher)
w"""


@pytest.mark.browser(timeout=150)
def test_a_lesson_run_to_the_end(open_notebook, page_errors, artifacts):
    notebook = open_notebook([LESSON])
    root = notebook.wait_for_widget()
    panel = root.locator(".sw-lesson")
    expect(panel).to_be_visible()
    moves = notebook.python_json("[list(m) for m in teacher.line]")

    def attempt(move: list) -> None:
        source, target, count = move
        if source == "stock":
            notebook.click_pile("stock")
        else:
            notebook.click_move(source, target, count)

    def play(move: list) -> None:
        version = notebook.version()
        attempt(move)
        notebook.wait_for_version(version)

    play(moves[0])
    attempt(notebook.python_json(f"list(next(m for m in w.game.legal_moves() if list(m) != {moves[1]!r}))"))
    expect(root.locator(".sw-toast")).to_have_text("Legal, but the lesson plays something else")
    version = notebook.version()
    root.locator("[data-action='show_me']").click()
    notebook.wait_for_version(version)
    expect(panel).to_contain_text("Now the waste card fits.")
    for move in moves[2:]:
        play(move)
    expect(panel).to_contain_text("found 4 of 5")
    root.screenshot(path=artifacts / "lesson.png", animations="disabled")
    lesson = notebook.python_json("w.state['lesson']")
    assert lesson["done"] and (lesson["found"], lesson["shown"]) == (4, 1)
    notebook.assert_board_matches_python()
    assert page_errors == []
