"""A study on the board in JupyterLab: the chapter list, an exercise answered once wrongly
and once rightly (with the author's hint between), saving and opening by name from the
board, and presentation mode at 1280x720 and 1920x1080 (screenshots in tests/artifacts)."""

from __future__ import annotations

import re

import pytest
from harness import NotebookPage
from playwright.sync_api import expect

STUDY = """import solitaire_widget as sw
LINE = ("t4>f0 t6>f1 t6>t2 t6>t0 t4>t3 t1>t5 t1>f1 t2x2>t1 t2>t1 t2>t1 w>f1 s>w s>w s>w w>t5 "
        "s>w s>w s>w s>w s>w s>w s>w s>w").split()
g = sw.Game.new("klondike", seed=7)
for move in LINE:
    g.play(move)
g.annotate(0, "Seven columns: look for the aces first.", marks=["tableau/4"])
g.annotate(21, "The waste holds the card we need: turn the stock <once more>.", marks=["waste", "stock"])
study = sw.Study("Klondike basics")
study.add_chapter(g, "Aces first")
study.add_chapter(g, "Your turn", exercise={21: "Keep the foundation whole."}, samples=8, node_limit=2000)
w = sw.SolitaireWidget(study)
w"""
PRESENTING = re.compile(r"\bsw-root--presenting\b")
SESSION_VIEWPORT = {"width": 1400, "height": 1000}  # conftest.VIEWPORT, put back after each resize


def chapters(notebook: NotebookPage):
    return notebook.widget().locator("[data-chapters] [data-chapter]")


def said(notebook: NotebookPage):
    return notebook.widget().locator(".sw-lesson-said")


@pytest.mark.browser(timeout=180)
def test_the_chapter_list_opens_chapters_and_files_save_and_open_by_name(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([STUDY])
    notebook.wait_for_widget()
    expect(chapters(notebook)).to_have_count(2)
    expect(chapters(notebook).nth(0)).to_have_attribute("aria-current", "true")
    expect(chapters(notebook).nth(1)).to_contain_text("exercise")
    version = notebook.version()
    chapters(notebook).nth(1).click()
    notebook.wait_for_version(version)
    expect(chapters(notebook).nth(1)).to_have_attribute("aria-current", "true")
    expect(notebook.widget().locator(".sw-lesson-progress")).to_contain_text("Question 1 of 1")
    assert notebook.python_json("[w.state['study']['chapter'], w.game.ply]") == [1, 20]
    notebook.assert_board_matches_python()
    notebook.widget().screenshot(path=artifacts / "study-chapters.png", animations="disabled")

    widget = notebook.widget()
    widget.locator('[data-action="file"]').click()
    name = widget.locator('[data-control="file-name"]')
    name.fill("../outside")
    widget.locator('[data-action="file_save"]').click()
    expect(widget.locator(".sw-file-status")).to_contain_text("Not done:")
    name.fill("basics")
    widget.locator('[data-action="file_save"]').click()
    expect(widget.locator(".sw-file-status")).to_have_text("Saved the study to basics.json.")
    assert (notebook.server.root_dir / "basics.json").is_file()
    assert not (notebook.server.root_dir.parent / "outside.json").exists()
    notebook.run_cell("w.open_chapter(0); w.game.goto(3)")
    version = notebook.version()
    widget.locator('[data-action="file_open"]').click()
    notebook.wait_for_version(version)
    expect(widget.locator(".sw-file-status")).to_have_text(
        "Opened the study 'Klondike basics' from basics.json."
    )
    assert notebook.python_json("[w.study.title, w.game.ply, w.study is study]") == [
        "Klondike basics",
        23,
        False,
    ]
    assert page_errors == []


@pytest.mark.browser(timeout=180)
def test_an_exercise_answered_once_wrongly_and_once_rightly(open_notebook, page_errors, artifacts):
    notebook = open_notebook([STUDY, "w.open_chapter(1)"])
    notebook.wait_for_widget()
    expect(said(notebook)).to_contain_text("Move 21: find the move")
    notebook.click_move("foundation/1", "tableau/0")
    expect(said(notebook)).to_have_attribute("data-answered", "wrong")
    expect(said(notebook)).to_contain_text("Not that:")
    assert notebook.python_json("w.game.ply") == 20
    notebook.assert_board_matches_python()
    version = notebook.version()
    notebook.widget().locator('[data-action="exercise_hint"]').click()
    notebook.wait_for_version(version)
    expect(said(notebook)).to_have_text("Hint: Keep the foundation whole.")
    notebook.click_move("tableau/1", "tableau/2", 4)
    expect(said(notebook)).to_have_attribute("data-answered", "right")
    expect(said(notebook)).to_contain_text("Right:")
    expect(said(notebook)).to_contain_text("The author played turn one card from the stock.")
    expect(notebook.widget().locator(".sw-lesson-final")).to_contain_text(
        "Exercise done: you found 1 of 1 move"
    )
    assert notebook.python_json("[str(w.game.line[20]), w.game.ply]") == ["s>w", 23]
    notebook.assert_board_matches_python()
    notebook.widget().screenshot(path=artifacts / "study-exercise.png", animations="disabled")
    assert page_errors == []


@pytest.mark.browser(timeout=180)
def test_presentation_mode_shows_the_board_the_comment_and_steps_with_arrows(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([STUDY, "w.goto(21)"])
    notebook.wait_for_widget()
    page = notebook.page
    widget = notebook.widget()
    try:
        for width, height in ((1280, 720), (1920, 1080)):
            page.set_viewport_size({"width": width, "height": height})
            if "sw-root--presenting" not in (widget.get_attribute("class") or ""):
                widget.locator('[data-action="present"]').click()
            expect(widget).to_have_class(PRESENTING)
            comment = widget.locator("[data-present-comment]")
            expect(comment).to_have_text("The waste holds the card we need: turn the stock <once more>.")
            expect(widget.locator(".sw-present-heading")).to_have_text("Aces first · Move 21 of 23")
            size = comment.evaluate("el => parseFloat(getComputedStyle(el).fontSize)")
            assert size >= 24
            for hidden in (".sw-toolbar", ".sw-side"):
                expect(widget.locator(hidden)).to_be_hidden()
            assert "sw-pile--marked" in (notebook.pile("waste").get_attribute("class") or "")
            page.wait_for_timeout(300)  # the relayout after the resize
            board = widget.locator(".sw-board").bounding_box()
            assert (
                board is not None and board["width"] >= 0.6 * width and board["y"] + board["height"] <= height
            )
            page.screenshot(path=artifacts / f"study-present-{width}x{height}.png", animations="disabled")
        version = notebook.version()
        page.keyboard.press("ArrowLeft")
        notebook.wait_for_version(version)
        expect(widget.locator(".sw-present-heading")).to_have_text("Aces first · Move 20 of 23")
        page.keyboard.press("Escape")
        expect(widget).not_to_have_class(PRESENTING)
        expect(widget.locator(".sw-toolbar")).to_be_visible()
        assert notebook.python_json("w.game.ply") == 20
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    assert page_errors == []
