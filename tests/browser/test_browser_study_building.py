"""A study built on the board alone in JupyterLab, with no Python typed by the teacher: New
study from the File dialog; chapter 1 with an arrow, a highlight, a comment, a glyph and a move
played at an earlier point kept as a variation; chapter 2 an exercise asked with Q's editor and
a hint, judged in the worker; saved from the File dialog; the kernel restarted, the file opened
from a fresh board, what was built checked, presented with P, and the exercise answered once
wrongly and once rightly. Screenshots in tests/artifacts (study-building-*.png)."""

from __future__ import annotations

import re

import pytest
from harness import NotebookPage
from playwright.sync_api import expect
from test_browser_editing import right_drag, settle
from test_browser_kernel import choose_from_the_kernel_menu

BOARD = """import solitaire_widget as sw
w = sw.SolitaireWidget("klondike", seed=7)
w"""
STUDY, FIRST, SECOND = "Klondike on the board", "A first game", "Your turn"
COMMENT = "Two aces home: now <free> the queen & the jack."
HINT = "Build on the king in column 4."
# Klondike seed 7: its first moves (3C on the waste meanwhile: an arrow drawn from the waste
# starts at that card); before move 5, judged on the board's 16 samples, w>t0 is legal but not
# good while the author's t4>t3 is.
OPENING = (("tableau/4", "foundation/0"), ("tableau/6", "foundation/1"), ("tableau/6", "tableau/2"))
EXERCISE = (*OPENING, ("tableau/6", "tableau/0"), ("tableau/4", "tableau/3"))
WRONG, RIGHT = ("waste", "tableau/0"), ("tableau/4", "tableau/3")
PRESENTING = re.compile(r"\bsw-root--presenting\b")


def play(notebook: NotebookPage, moves) -> None:
    for source, target in moves:
        settle(notebook, lambda source=source, target=target: notebook.click_move(source, target))


def building_said(notebook: NotebookPage):
    return notebook.widget().locator("[data-building]")


def chapters(notebook: NotebookPage):
    return notebook.widget().locator("[data-chapters] [data-chapter]")


def file_dialog(notebook: NotebookPage, name: str, action: str) -> None:
    """Open the File dialog, type ``name`` and press ``action`` (file_save or file_open)."""
    widget = notebook.widget()
    if widget.locator(".sw-file").is_hidden():
        widget.locator('[data-action="file"]').click()
    widget.locator('[data-control="file-name"]').fill(name)
    widget.locator(f'[data-action="{action}"]').click()


def build_the_first_chapter(notebook: NotebookPage) -> None:
    """A study started, then three moves with an arrow, a highlight, a comment and a glyph on
    the third, and another second move played from the first, kept as a variation."""
    widget = notebook.widget()
    widget.locator('[data-action="file"]').click()
    widget.locator('[data-control="study-title"]').fill(STUDY)
    settle(notebook, lambda: widget.locator('[data-action="study_start"]').click())
    expect(widget.locator(".sw-chapters-title")).to_have_text(STUDY)
    expect(widget.locator(".sw-file-status")).to_contain_text("Started. Add the game on show")
    widget.locator('[data-action="file_close"]').click()

    play(notebook, OPENING)
    settle(notebook, lambda: right_drag(notebook, notebook.pile("waste"), notebook.pile("tableau/2")))
    settle(notebook, lambda: right_drag(notebook, notebook.pile("stock"), notebook.pile("stock"), "Shift"))
    widget.locator('button[data-action="comment"]').click()
    editor = widget.locator('[data-timeline] [aria-current="step"] [data-comment-editor] textarea')
    editor.fill(COMMENT)
    settle(notebook, lambda: editor.press("Enter"))
    settle(notebook, lambda: widget.locator('select[data-control="glyph"]').select_option("!"))
    settle(notebook, lambda: widget.locator('[data-timeline] [data-ply="1"]').click())
    settle(notebook, lambda: notebook.click_move("tableau/1", "tableau/5"))
    expect(widget.locator('[data-timeline] [aria-current="step"]')).to_have_css("--sw-depth", "1")

    widget.locator('[data-control="chapter-title"]').fill(FIRST)
    settle(notebook, lambda: widget.locator('[data-action="add_chapter"]').click())
    expect(building_said(notebook)).to_have_text(f"Added chapter 1, '{FIRST}': to read.")
    expect(chapters(notebook).nth(0)).to_have_attribute("aria-current", "true")


def build_the_exercise(notebook: NotebookPage, artifacts) -> None:
    """The same deal again from the seed box, five moves, the fifth asked with a hint (Q), and
    the game added as an exercise, judged in the worker while the board says so."""
    widget = notebook.widget()
    seed = widget.locator('[data-control="seed"]')
    seed.fill("7")
    seed.press("Enter")
    settle(notebook, lambda: widget.locator('[data-action="confirm_deal"]').click())
    expect(chapters(notebook).nth(0)).not_to_have_attribute("aria-current", "true")
    # The new deal's cards glide to their places: a click lands on them once they are there.
    expect(widget.locator(".sw-card--gliding")).to_have_count(0)
    play(notebook, EXERCISE)
    fifth = widget.locator('[data-timeline] [data-ply="5"]')
    fifth.focus()
    notebook.page.keyboard.press("q")
    hint = fifth.locator("[data-question-editor] textarea")
    expect(hint).to_be_focused()
    hint.fill(HINT)
    notebook.page.screenshot(path=artifacts / "study-building-ask.png", animations="disabled")
    settle(notebook, lambda: hint.press("Enter"))
    expect(fifth).to_have_attribute("data-asked", "")
    expect(building_said(notebook)).to_have_text(
        re.compile(r"^Move 5 asked: Add chapter makes the game on show an")
    )

    widget.locator('[data-control="chapter-title"]').fill(SECOND)
    widget.locator('[data-action="add_chapter"]').click()
    expect(building_said(notebook)).to_have_text(f"Added chapter 2, '{SECOND}': an exercise of 1 question.")
    expect(chapters(notebook)).to_have_count(2)
    expect(chapters(notebook).nth(1)).to_contain_text("exercise")
    expect(fifth).not_to_have_attribute("data-asked", "")
    notebook.widget().screenshot(path=artifacts / "study-building-chapters.png", animations="disabled")


@pytest.mark.browser(timeout=420)
def test_a_study_built_on_the_board_alone_is_saved_opened_presented_and_answered(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([BOARD])
    notebook.wait_for_widget().scroll_into_view_if_needed()
    build_the_first_chapter(notebook)
    build_the_exercise(notebook, artifacts)
    file_dialog(notebook, "built", "file_save")
    expect(notebook.widget().locator(".sw-file-status")).to_have_text("Saved the study to built.json.")
    assert (notebook.server.root_dir / "built.json").is_file()

    # A fresh kernel: nothing of the board that built the study is left in it.
    choose_from_the_kernel_menu(notebook, "Restart Kernel…")
    notebook.wait_for_kernel_idle(notebook.name)
    assert notebook.python_json("'w' in globals()") is False
    notebook.run_all()
    widget = notebook.wait_for_widget()
    expect(widget).to_have_attribute("data-kernel", "live")
    settle(notebook, lambda: file_dialog(notebook, "built.json", "file_open"))
    expect(widget.locator(".sw-file-status")).to_have_text(f"Opened the study '{STUDY}' from built.json.")
    widget.locator('[data-action="file_close"]').click()
    expect(chapters(notebook)).to_have_count(2)
    expect(chapters(notebook).nth(0)).to_have_attribute("aria-current", "true")

    chapter = "w.study.chapters[0].game"
    assert notebook.python_json(f"[str(n.move) for n in {chapter}.root.main_continuation()]") == [
        "t4>f0",
        "t6>f1",
        "t6>t2",
    ]
    assert notebook.python_json(f"[str(n.move) for n in {chapter}.root.variations[0].variations]") == [
        "t6>f1",
        "t1>t5",
    ]
    third = f"{chapter}.root.variations[0].variations[0].variations[0]"
    drawn = f"[[list(a) for a in {third}.arrows], [list(m) for m in {third}.marks]]"
    assert notebook.python_json(f"[{third}.comment, {third}.glyph, {drawn}]") == [
        COMMENT,
        "!",
        [[["3C", "tableau/2", "green"]], [["stock", "red"]]],
    ]
    assert notebook.python_json("[[q.ply, q.hint] for q in w.study.chapters[1].questions]") == [[5, HINT]]

    # On the board: the commented move of the main line, entered from the move list, shows its
    # arrow, highlight, comment and glyph; then presentation mode (P) steps through the line.
    commented = widget.locator(".sw-entry", has_text=COMMENT)
    expect(commented.locator(".sw-entry-nag")).to_have_text("!")
    settle(notebook, lambda: commented.click())
    expect(widget.locator("svg.sw-drawing line")).to_have_count(1)
    expect(notebook.pile("stock")).to_have_attribute("data-mark", "red")
    notebook.pile("stock").focus()
    notebook.page.keyboard.press("p")
    expect(widget).to_have_class(PRESENTING)
    expect(widget.locator(".sw-present-heading")).to_have_text(f"{FIRST} · Move 3 of 3")
    expect(widget.locator("[data-present-comment]")).to_have_text(COMMENT)
    notebook.page.screenshot(path=artifacts / "study-building-present.png", animations="disabled")
    settle(notebook, lambda: notebook.page.keyboard.press("ArrowLeft"))
    expect(widget.locator(".sw-present-heading")).to_have_text(f"{FIRST} · Move 2 of 3")
    notebook.page.keyboard.press("Escape")
    expect(widget).not_to_have_class(PRESENTING)

    # The student: chapter 2, a wrong answer refused and said, then the author's move.
    settle(notebook, lambda: chapters(notebook).nth(1).click())
    said = widget.locator(".sw-lesson-said")
    expect(said).to_have_text("Move 5: find the move (a hint is there on request).")
    settle(notebook, lambda: notebook.click_move(*WRONG))
    expect(said).to_have_attribute("data-answered", "wrong")
    expect(said).to_contain_text("Not that:")
    assert notebook.python_json("w.game.ply") == 4
    settle(notebook, lambda: widget.locator('[data-action="exercise_hint"]').click())
    expect(said).to_have_text(f"Hint: {HINT}")
    settle(notebook, lambda: notebook.click_move(*RIGHT))
    expect(said).to_have_attribute("data-answered", "right")
    expect(said).to_contain_text("Right:")
    expect(widget.locator(".sw-lesson-final")).to_contain_text("Exercise done: you found 1 of 1 move")
    notebook.assert_board_matches_python()
    widget.screenshot(path=artifacts / "study-building-exercise.png", animations="disabled")
    assert page_errors == []
