"""A teacher's edits on the board in JupyterLab at 1280x720: an arrow and a highlight drawn
with the mouse, a comment written in place, a glyph set, a move played at an earlier point
kept as a variation, and that variation promoted; each checked in the kernel's game."""

from __future__ import annotations

import pytest
from harness import NotebookPage
from playwright.sync_api import expect

WALKED = """import solitaire_widget as sw
g = sw.Game.new('klondike', seed=3)
for step in range(12):
    legal = g.legal_moves()
    g.play(legal[(step * 5 + 3) % len(legal)])
g.goto(6)
w = sw.SolitaireWidget(g)
w"""

SIZE = {"width": 1280, "height": 720}


def settle(notebook: NotebookPage, action) -> None:
    """Do ``action`` and wait for the state that answers it."""
    version = notebook.version()
    action()
    notebook.wait_for_version(version)


def centre(locator) -> tuple[float, float]:
    """The middle of an element's visible top part, where it is now (the board was scrolled
    into view first: scrolling for each end would move the other)."""
    box = locator.bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + min(box["height"] / 2, 10)


def shot(notebook: NotebookPage, locator, path) -> None:
    """What the teacher sees at 1280x720 with ``locator`` in view: the page, not the element."""
    locator.evaluate("el => el.scrollIntoView({block: 'center'})")
    notebook.page.screenshot(path=path, animations="disabled")


def right_drag(notebook: NotebookPage, start, end, modifier: str | None = None) -> None:
    page = notebook.page
    notebook.widget().locator(".sw-board").evaluate("el => el.scrollIntoView({block: 'start'})")
    x, y = centre(start)
    to_x, to_y = centre(end)
    if modifier:
        page.keyboard.down(modifier)
    page.mouse.move(x, y)
    page.mouse.down(button="right")
    page.mouse.move((x + to_x) / 2, (y + to_y) / 2, steps=4)
    page.mouse.move(to_x, to_y, steps=4)
    page.mouse.up(button="right")
    if modifier:
        page.keyboard.up(modifier)


@pytest.mark.browser(timeout=240)
def test_a_teacher_draws_comments_and_keeps_variations_on_the_board(open_notebook, page_errors, artifacts):
    notebook = open_notebook([WALKED])
    page = notebook.page
    page.set_viewport_size(SIZE)
    root = notebook.wait_for_widget()
    root.scroll_into_view_if_needed()
    top = notebook.python_json("next(p['up'][-1] for p in g.to_dict()['tableau'] if p['up'])")

    # A right-drag from a card to a foundation draws a green arrow; a right-click with Shift
    # highlights a pile in red (the stock: its face-down top card stands for it). Neither the
    # browser's nor JupyterLab's context menu opens.
    settle(
        notebook,
        lambda: right_drag(notebook, root.locator(f'[data-card="{top}"]'), notebook.pile("foundation/0")),
    )
    settle(notebook, lambda: right_drag(notebook, notebook.pile("stock"), notebook.pile("stock"), "Shift"))
    assert notebook.python_json("[list(a) for a in g.node.arrows]") == [[top, "foundation/0", "green"]]
    assert notebook.python_json("[list(m) if isinstance(m, tuple) else m for m in g.node.marks]") == [
        ["stock", "red"]
    ]
    expect(root.locator("svg.sw-drawing line")).to_have_count(1)
    expect(notebook.pile("stock")).to_have_attribute("data-mark", "red")
    expect(page.locator(".lm-Menu")).to_have_count(0)

    # The comment editor opens in place under the move on show; what is typed stays text.
    current = root.locator('[data-timeline] [aria-current="step"]')
    root.locator('button[data-action="comment"]').click()
    editor = current.locator("[data-comment-editor] textarea")
    expect(editor).to_be_focused()
    comment = "Free the <b>ace</b> first & keep the waste moving."
    editor.fill(comment)
    shot(notebook, editor, artifacts / "editing-comment.png")
    settle(notebook, lambda: editor.press("Enter"))
    expect(current.locator(".sw-entry-comment")).to_have_text(comment)
    assert notebook.python_json("g.annotations") == {"6": comment}
    assert notebook.python_json("[list(a) for a in g.node.arrows]") == [[top, "foundation/0", "green"]]

    # A glyph from its menu.
    settle(notebook, lambda: root.locator('select[data-control="glyph"]').select_option("!?"))
    expect(current.locator(".sw-entry-nag")).to_have_text("!?")
    assert notebook.python_json("g.glyphs") == {"6": "!?"}
    shot(notebook, root.locator(".sw-board"), artifacts / "editing-arrows.png")

    # A move played at an earlier point is a variation; the main line stays main.
    main = notebook.python_json("[str(m) for m in g.line]")
    settle(notebook, lambda: notebook.run_cell("w.goto(3)"))
    source, target, count = notebook.python_json(
        "list(next(m for m in g.legal_moves() if m != g.future[0] and m.source != 'stock'))"
    )
    settle(notebook, lambda: notebook.click_move(source, target, count))
    assert notebook.python_json("[str(n.move) for n in g.root.main_continuation()]") == main
    assert notebook.python_json("g.node.is_main") is False
    played = root.locator('[data-timeline] [data-ply="4"]')
    expect(played).to_have_attribute("aria-current", "step")
    expect(played).to_have_css("--sw-depth", "1")
    shot(notebook, played, artifacts / "editing-variation.png")

    # Promoted from the board, it becomes the main line.
    settle(notebook, lambda: root.locator('button[data-action="promote"]').click())
    assert notebook.python_json("g.node_at(3).variations[0] is g.node and g.node.is_main") is True
    expect(root.locator('button[data-action="promote"]')).to_be_disabled()
    notebook.assert_board_matches_python()
    assert page_errors == []
