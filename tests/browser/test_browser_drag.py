"""Drags that never lose their drop, and the column beside the board that never runs past it.

A card dragged onto the lowest card of a long column reaches below the board; JupyterLab's
output area may then grow a scrollbar, the view narrows and is laid out again under the
drag. In a small window the column's foot is out of sight: the card held at the notebook's
bottom edge scrolls it there, staying under the pointer. The drop must land all the same, at
every window size, with the Statistics panel open or closed, the held card drawn whole under
the pointer though it reaches past the output area's foot (screenshots in
tests/artifacts/: the window with the card held over the column, then the board dropped).
A resize forced in the middle of a drag, Escape during one and a resize while a card glides
must leave no card held or half moved. Beside the board, the Statistics and hint panels, the
analysis strip and the move list share the board's height, the current move in view. Every
wait is on the page or the kernel, never a fixed time.
"""

from __future__ import annotations

import base64
import re
from typing import Any

import pytest
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from harness import DARK, LIGHT, NotebookPage, set_theme
from playwright.sync_api import Locator, Page, expect
from test_browser_study import STUDY

SESSION_VIEWPORT = {"width": 1400, "height": 1000}  # conftest.VIEWPORT
SIZES = {
    "1600x1000": {"width": 1600, "height": 1000},
    "1280x720": {"width": 1280, "height": 720},
    "800x900": {"width": 800, "height": 900},
}


def long_column_position() -> dict[str, Any]:
    """Klondike with the longest column possible at the deal's end: six face-down cards under
    K♠ down to 5♠ in column 7, the 4♥ on the waste to go on the 5♠."""
    run = ["KS", "QH", "JC", "TD", "9S", "8H", "7C", "6D", "5S"]
    rest = [rank + suit for suit in "CDHS" for rank in "A23456789TJQK" if rank + suit not in run + ["4H"]]
    tableau = []
    for number in range(6):
        tableau.append({"down": rest[:number], "up": [rest[number]]})
        rest = rest[number + 1 :]
    tableau.append({"down": rest[:6], "up": run})
    rest = rest[6:]
    return {
        "game": "klondike",
        "stock": rest[3:],
        "waste": [*rest[:3], "4H"],
        "foundations": [[], [], [], []],
        "tableau": tableau,
    }


LONG_COLUMN = long_column_position()
LONG_COLUMN_CELL = (
    f"import solitaire_widget as sw\nw = sw.SolitaireWidget(sw.Game.from_dict({LONG_COLUMN!r}))\nw"
)
# Forty moves on the long column's deal: draws, and a redeal when the stock is empty.
FORTY_DRAWS = (
    "for _ in range(40):\n"
    "    stock, waste = w.game.position.stock, w.game.position.waste\n"
    "    w.play(sw.Move('stock', 'waste', 1) if stock else sw.Move('waste', 'stock', len(waste)))"
)
LOSABLE_PLAYED = (
    "import solitaire_widget as sw\n"
    f"w = sw.SolitaireWidget(sw.Game.from_dict({LOSABLE_KLONDIKE!r}))\n"
    f"for move in {list(LOSABLE_LINE)!r}:\n    w.play(move)\nw"
)

# What would show that the column beside the board reads badly: beside the board, it ends
# below the felt; anywhere, a part of it is cut off, something in it but the move list
# scrolls (a scrollbar within the column), the list shows fewer moves than it has room for
# at its least (LIST_ROWS_AT_LEAST), or the current move is out of sight. A list of
# problems in words, empty when all is well.
LIST_ROWS_AT_LEAST = 6
COLUMN_PROBLEMS = f"""root => {{
    const problems = [];
    const box = el => el.getBoundingClientRect();
    const column = root.querySelector('.sw-side');
    const [felt, side] = [box(root.querySelector('.sw-felt')), box(column)];
    if (root.classList.contains('sw-root--wide') && side.bottom > felt.bottom + 1) {{
        problems.push(`the column ends ${{side.bottom - felt.bottom}} px below the board`);
    }}
    for (const part of column.children) {{
        const shown = box(part);
        if (shown.height > 0 && shown.bottom > side.bottom + 1) {{
            problems.push(`${{part.className}} ends ${{shown.bottom - side.bottom}} px below the column`);
        }}
    }}
    const list = root.querySelector('[data-timeline]');
    for (const el of [column, ...column.querySelectorAll('*')]) {{
        const overflow = getComputedStyle(el).overflowY;
        const scrolls = ['auto', 'scroll'].includes(overflow) && el.scrollHeight > el.clientHeight + 1;
        if (scrolls && el !== list) problems.push(`${{el.className}} scrolls within the column`);
    }}
    const entries = [...list.querySelectorAll('[data-ply]')];
    const rows = Math.min(entries.length, {LIST_ROWS_AT_LEAST});
    const row = Math.min(...entries.map(entry => box(entry).height));  // a move with no comment
    if (entries.length && list.clientHeight < rows * row) {{
        problems.push(`the move list shows fewer than ${{rows}} moves`);
    }}
    const current = list.querySelector('[aria-current="step"]');
    if (current) {{
        const [seen, entry] = [box(list), box(current)];
        if (entry.top < seen.top - 1 || entry.bottom > seen.bottom + 1) {{
            problems.push('the current move is out of sight');
        }}
    }}
    return problems;
}}"""


def assert_column_fits(notebook: NotebookPage, root: Locator) -> None:
    """Wait until the column beside (or under) the board reads well (the list scrolls to its
    current move in the frame after it changes height); fail with what is wrong when it does
    not."""
    try:
        notebook.page.wait_for_function(
            f"root => ({COLUMN_PROBLEMS})(root).length === 0", arg=root.element_handle()
        )
    except Exception:  # the timeout: say what is wrong instead
        raise AssertionError(f"the column beside the board: {root.evaluate(COLUMN_PROBLEMS)}") from None


def open_statistics(root: Locator) -> None:
    root.locator(".sw-toolbar button", has_text="Statistics").click()
    panel = root.locator(".sw-library")
    expect(panel).to_be_visible()
    expect(panel.locator(".sw-library-waiting")).to_be_hidden()


def open_statistics_then_a_hint(notebook: NotebookPage, root: Locator) -> None:
    """Open Statistics, then ask for a hint, the column beside the board fitting each time."""
    assert_column_fits(notebook, root)
    open_statistics(root)
    assert_column_fits(notebook, root)
    root.locator("[data-action='hint']").click()
    expect(root.locator(".sw-hint-panel")).to_be_visible()
    assert_column_fits(notebook, root)


# Where the part of the notebook that shows ends, in the window: the bottom of the element
# that scrolls the board (JupyterLab's notebook), and the band above it where a held card
# scrolls it (js/autoscroll.js's EDGE_PX).
SHOWN_BOTTOM = """root => {
    let node = root.parentElement;
    const scrolls = el =>
        ['auto', 'scroll'].includes(getComputedStyle(el).overflowY) && el.scrollHeight > el.clientHeight;
    while (node && !scrolls(node)) node = node.parentElement;
    return Math.min(innerHeight, node ? node.getBoundingClientRect().bottom : innerHeight);
}"""
AUTOSCROLL_BAND_PX = 48


def centre(locator: Locator, top_strip: bool = False) -> tuple[float, float]:
    """The middle of an element on screen (of its top strip, for a card others overlap)."""
    box = locator.bounding_box()
    assert box is not None, f"{locator} is not on screen"
    return box["x"] + box["width"] / 2, box["y"] + (
        min(8, box["height"] / 2) if top_strip else box["height"] / 2
    )


def count_resizes(root: Locator) -> None:
    """From now on the page counts the times the board's view changes width (window.__swResizes)."""
    root.evaluate(
        """root => {
            window.__swResizes = 0;
            let width = root.getBoundingClientRect().width;
            new ResizeObserver(([entry]) => {
                if (entry.contentRect.width !== width) window.__swResizes += 1;
                width = entry.contentRect.width;
            }).observe(root);
        }"""
    )


def place_on_board(root: Locator, card: Locator) -> tuple[float, float]:
    """Where `card` shows from the board's corner (the notebook may scroll the board)."""
    board, shown = root.locator(".sw-board").bounding_box(), card.bounding_box()
    assert board is not None and shown is not None
    return shown["x"] - board["x"], shown["y"] - board["y"]


def no_card_held_or_moving(root: Locator) -> None:
    expect(
        root.locator(".sw-card--held, .sw-card--dragging, .sw-pile--lifted, .sw-pile--hover")
    ).to_have_count(0)
    root.page.wait_for_function(
        "root => root.querySelectorAll('.sw-card--gliding').length === 0", arg=root.element_handle()
    )


def held_at(card: Locator, pointer: tuple[float, float], grip: tuple[float, float]) -> None:
    """Check that `card` is drawn with the spot the pointer took it by (`grip`, from its
    corner) under the pointer."""
    box = card.bounding_box()
    assert box is not None
    off = (box["x"] + grip[0] - pointer[0], box["y"] + grip[1] - pointer[1])
    assert abs(off[0]) < 2 and abs(off[1]) < 2, f"the card is drawn {off} px off the pointer"


# The colours along a strip of the window (`clip`), as [r, g, b] per pixel, read from a
# screenshot: what the player sees, whatever clips or covers the element drawn there.
STRIP_COLOURS = """async png => {
    const bytes = Uint8Array.from(atob(png), c => c.charCodeAt(0));
    const image = await createImageBitmap(new Blob([bytes], {type: 'image/png'}));
    const canvas = new OffscreenCanvas(image.width, image.height);
    const context = canvas.getContext('2d');
    context.drawImage(image, 0, 0);
    const data = context.getImageData(0, 0, image.width, image.height).data;
    const colours = [];
    for (let i = 0; i < data.length; i += 4) colours.push([data[i], data[i + 1], data[i + 2]]);
    return colours;
}"""
HELD_RING = (0xFF, 0x8A, 0x3D)  # --sw-held in js/widget.css: the ring round held cards
# Where the notebook's elements round the board that cut off what reaches past them end, in
# the window.
CLIPPING_EDGES = """card => {
    const edges = [];
    for (let node = card.closest('.sw-root').parentElement; node; node = node.parentElement) {
        const style = getComputedStyle(node);
        const clips = style.overflowY !== 'visible' || /strict|paint|content/.test(style.contain);
        if (clips) edges.push(node.getBoundingClientRect().bottom);
    }
    return edges;
}"""


def drawn_whole(page: Page, card: Locator) -> None:
    """Check that `card`, held, is drawn whole on screen: its foot, ringed in the held colour,
    shows in the window even where the notebook's output area ends above it."""
    box = card.bounding_box()
    assert box is not None
    foot = box["y"] + box["height"]
    cut_at = [edge for edge in card.evaluate(CLIPPING_EDGES) if edge < foot]
    if cut_at:
        print(f"the held card reaches {foot - max(cut_at):.0f} px past the output area's foot")
    assert foot + 3 < page.viewport_size["height"], "the test holds the card with its foot in the window"
    strip = {"x": box["x"] + 12, "y": foot + 1, "width": box["width"] - 24, "height": 1}
    png = base64.b64encode(page.screenshot(clip=strip)).decode()
    colours = page.evaluate(STRIP_COLOURS, png)
    ringed = [
        colour for colour in colours if all(abs(a - b) <= 24 for a, b in zip(colour, HELD_RING, strict=True))
    ]
    assert len(ringed) > 0.9 * len(colours), f"the held card's foot is not drawn: {colours[:4]}..."


def drop_the_waste_on_the_long_column(notebook: NotebookPage, root: Locator, artifacts, name: str) -> None:
    """Drag the 4♥ from the waste onto the 5♠ at the foot of column 7 and release it there.
    When the board is taller than what the notebook shows, the card held at the bottom edge
    scrolls the notebook down to the column's foot, staying under the pointer."""
    page = notebook.page
    version = notebook.version()
    card, target = root.locator("[data-card='4H']"), notebook.pile_cards("tableau/6").last
    card.scroll_into_view_if_needed()
    start = centre(card, top_strip=True)
    home = card.bounding_box()
    assert home is not None
    grip = (start[0] - home["x"], start[1] - home["y"])
    count_resizes(root)
    mouse = page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(start[0], start[1] + 60, steps=4)
    expect(card).to_have_class(re.compile(r"\bsw-card--dragging\b"))
    bottom = root.evaluate(SHOWN_BOTTOM)
    if centre(target)[1] > bottom - 2 * AUTOSCROLL_BAND_PX:
        mouse.move(start[0], bottom - 4, steps=8)
        page.wait_for_function(
            "([target, bottom, band]) => target.getBoundingClientRect().bottom < bottom - 2 * band",
            arg=[target.element_handle(), bottom, AUTOSCROLL_BAND_PX],
        )
        held_at(card, (start[0], bottom - 4), grip)
        print(f"{name}: the 5♠ was out of sight, the held card scrolled the notebook to it")
    # Out of the band in one step (the scroll stops), then onto the 5♠ where it is now.
    mouse.move(*centre(target))
    end = centre(target)
    mouse.move(*end, steps=2)
    expect(notebook.pile("tableau/6")).to_have_class(re.compile(r"\bsw-pile--hover\b"))
    held_at(card, end, grip)
    drawn_whole(page, card)
    # The window as the player sees it (an element's screenshot would scroll it into view).
    page.screenshot(path=artifacts / f"{name}-holding.png")
    mouse.up()
    notebook.wait_for_version(version)
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"][-1] == "w>t6"
    assert python["position"]["tableau"][6]["up"][-2:] == ["5S", "4H"]
    no_card_held_or_moving(root)
    print(
        f"{name}: the view changed width {notebook.page.evaluate('window.__swResizes')} times during the drag"
    )
    page.screenshot(path=artifacts / f"{name}-dropped.png", animations="disabled")


@pytest.mark.browser(timeout=240)
@pytest.mark.parametrize("size", SIZES)
def test_a_drop_on_the_lowest_card_of_the_longest_column_lands(open_notebook, page_errors, artifacts, size):
    notebook = open_notebook([LONG_COLUMN_CELL])
    page = notebook.page
    try:
        page.set_viewport_size(SIZES[size])
        root = notebook.wait_for_widget()
        # 800x900 is always narrow (the list under the board); the others, as the cell's width
        # allows (at 1280x720 JupyterLab's side bars leave it narrow too).
        page.wait_for_function("root => root.getBoundingClientRect().width > 0", arg=root.element_handle())
        wide = root.evaluate("root => root.classList.contains('sw-root--wide')")
        assert not (wide and size == "800x900")
        drop_the_waste_on_the_long_column(notebook, root, artifacts, f"drag-{size}")
        if wide:
            assert_column_fits(notebook, root)

        version = notebook.version()
        notebook.run_cell("w.undo()")
        notebook.wait_for_version(version)
        open_statistics(root)
        if wide:
            assert_column_fits(notebook, root)
        drop_the_waste_on_the_long_column(notebook, root, artifacts, f"drag-{size}-statistics")
        if wide:
            assert_column_fits(notebook, root)
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_a_resize_in_the_middle_of_a_drag_keeps_it(open_notebook, page_errors, artifacts):
    """The window narrows while the card is held: the board is laid out at the new size with
    the card still under the pointer, and the drop lands where the column now is."""
    notebook = open_notebook([LONG_COLUMN_CELL])
    root = notebook.wait_for_widget()
    page = notebook.page
    card = root.locator("[data-card='4H']")
    start = centre(card, top_strip=True)
    mouse = page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(start[0] + 40, start[1] + 60, steps=4)
    expect(card).to_have_class(re.compile(r"\bsw-card--dragging\b"))
    width = root.locator(".sw-board").evaluate("board => board.style.getPropertyValue('--card-w')")
    try:
        page.set_viewport_size({"width": 1100, "height": 1000})
        page.wait_for_function(
            "([board, width]) => board.style.getPropertyValue('--card-w') !== width",
            arg=[root.locator(".sw-board").element_handle(), width],
        )
        expect(card).to_have_class(re.compile(r"\bsw-card--dragging\b"))
        # Still held where the pointer took it: near its top, in the middle.
        box = card.bounding_box()
        assert box is not None
        assert abs(box["x"] + box["width"] / 2 - (start[0] + 40)) < 2, box
        assert 0 < start[1] + 60 - box["y"] < box["height"] / 3, box
        end = centre(notebook.pile_cards("tableau/6").last)
        mouse.move(*end, steps=8)
        expect(notebook.pile("tableau/6")).to_have_class(re.compile(r"\bsw-pile--hover\b"))
        # The window: an element's screenshot would scroll the notebook under the held card.
        page.screenshot(path=artifacts / "drag-resized-holding.png")
        version = notebook.version()
        mouse.up()
        notebook.wait_for_version(version)
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == ["w>t6"]
    no_card_held_or_moving(root)
    assert page_errors == []


# Escapes that reach the page's document (where JupyterLab reads its shortcuts), counted
# from now on until the returned function is called.
COUNT_ESCAPES = """() => {
    window.__swEscapesSeen = 0;
    const seen = event => { if (event.key === 'Escape') window.__swEscapesSeen += 1; };
    document.addEventListener('keydown', seen, true);
    window.__swStopCounting = () => document.removeEventListener('keydown', seen, true);
}"""


@pytest.mark.browser(timeout=120)
def test_escape_during_a_drag_puts_the_card_back(open_notebook, page_errors):
    notebook = open_notebook([LONG_COLUMN_CELL])
    root = notebook.wait_for_widget()
    before = notebook.board()
    card = root.locator("[data-card='4H']")
    home = place_on_board(root, card)
    # Over the 5♠'s top, away from the notebook's bottom edge, where a held card scrolls it.
    start, end = centre(card, top_strip=True), centre(notebook.pile_cards("tableau/6").last, top_strip=True)
    mouse = notebook.page.mouse
    mouse.move(*start)
    mouse.down()
    mouse.move(*end, steps=10)
    expect(notebook.pile("tableau/6")).to_have_class(re.compile(r"\bsw-pile--hover\b"))
    page = notebook.page
    page.evaluate("() => { window.__swFocused = document.activeElement; }")
    assert page.evaluate("() => window.__swFocused.dataset.pile") == "waste"  # the press took it
    page.evaluate(COUNT_ESCAPES)
    try:
        page.keyboard.press("Escape")
        no_card_held_or_moving(root)
        assert place_on_board(root, card) == home
        mouse.up()  # over the column: nothing is dropped, and the click it makes picks nothing up
        no_card_held_or_moving(root)
        expect(root.locator("[aria-live]")).to_have_text(re.compile(r"^Put the cards back\."))
        # Escape went no further: the notebook never saw it, the focus stayed on the board.
        assert page.evaluate("() => window.__swEscapesSeen") == 0
        assert page.evaluate("() => document.activeElement === window.__swFocused")
    finally:
        page.evaluate("() => window.__swStopCounting()")
    python = notebook.assert_board_matches_python()
    assert python["version"] == before["version"]
    assert python["position"]["history"] == []
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_a_resize_while_a_card_glides_leaves_it_in_its_new_place(open_notebook, page_errors):
    """The view narrows in the very frame a move starts gliding: the glide ends at once and
    every card stands in its place by the new layout, none half way."""
    notebook = open_notebook([LONG_COLUMN_CELL])
    root = notebook.wait_for_widget()
    version = notebook.version()
    notebook.click_move("waste", "tableau/6")
    gliding = root.evaluate(
        """async root => {
            const card = root.querySelector('[data-card="4H"]');
            const glides = card.getAnimations().length;
            root.parentElement.style.width = '900px';
            await new Promise(requestAnimationFrame);
            await new Promise(requestAnimationFrame);
            return {before: glides, after: card.getAnimations().length};
        }"""
    )
    try:
        notebook.wait_for_version(version)
        no_card_held_or_moving(root)
        assert gliding == {"before": 1, "after": 0}, gliding
        # Each card is drawn where its pile and offset say, by the layout at 900 px.
        misplaced = root.evaluate(
            """root => [...root.querySelectorAll('[data-pile] [data-card]')].filter(card => {
                const pile = card.parentElement.getBoundingClientRect();
                const shown = card.getBoundingClientRect();
                const offset = /translate\\(([-\\d.]+)px, ([-\\d.]+)px\\)/.exec(card.style.transform);
                const [x, y] = [Number(offset[1]), Number(offset[2])];
                return Math.abs(shown.left - pile.left - x) > 0.5 || Math.abs(shown.top - pile.top - y) > 0.5;
            }).map(card => card.dataset.card)"""
        )
        assert misplaced == []
        assert root.evaluate("root => root.getBoundingClientRect().width") == 900
    finally:
        root.evaluate("root => { root.parentElement.style.width = ''; }")
    python = notebook.assert_board_matches_python()
    assert python["position"]["history"] == ["w>t6"]
    assert page_errors == []


def column_in_both_themes(notebook: NotebookPage, root: Locator, artifacts, name: str) -> None:
    """Check the column in the light and the dark theme, with a window screenshot of each
    (`name`-light.png, `name`-dark.png); the light theme is put back."""
    try:
        for theme, suffix in ((LIGHT, "light"), (DARK, "dark")):
            set_theme(notebook, theme)
            assert_column_fits(notebook, root)
            notebook.page.screenshot(path=artifacts / f"{name}-{suffix}.png", animations="disabled")
    finally:
        set_theme(notebook, LIGHT)


def at_size(notebook: NotebookPage, root: Locator, size: str) -> None:
    """The window at `size`, the view laid out for it (beside the board or under it)."""
    page = notebook.page
    page.set_viewport_size(SIZES[size])
    width = SIZES[size]["width"]
    page.wait_for_function(
        "([root, width]) => innerWidth === width && root.querySelector('.sw-board').style.width !== ''",
        arg=[root.element_handle(), width],
    )
    root.scroll_into_view_if_needed()


@pytest.mark.browser(timeout=300)
@pytest.mark.parametrize("size", SIZES)
def test_the_column_fits_with_every_panel_open(open_notebook, page_errors, artifacts, size):
    """A short board (most cards home) with its analysis strip, the Statistics panel and a
    hint: beside the board the column ends level with it, every panel whole, only the move
    list scrolling, with the current move in view (under the board, the same but its height).
    At 1600x1000, every panel folded to its header line gives the move list the room: the
    current move stands inside the window."""
    notebook = open_notebook([LOSABLE_PLAYED])
    page = notebook.page
    try:
        root = notebook.wait_for_widget()
        at_size(notebook, root, size)
        root.locator("[data-action='analyse']").click()
        page.wait_for_function(
            "root => root.querySelector('.sw-analysis').dataset.status === 'done'", arg=root.element_handle()
        )
        expect(root.locator("[data-strip] .sw-strip-cell")).to_have_count(len(LOSABLE_LINE))
        open_statistics_then_a_hint(notebook, root)
        expect(root.locator("[data-strip]")).to_be_visible()
        column_in_both_themes(notebook, root, artifacts, f"column-every-panel-{size}")
        if size == "1600x1000":
            fold_every_panel(notebook, root)
            column_in_both_themes(notebook, root, artifacts, f"column-folded-{size}")
            assert_current_move_in_window(root)
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    assert page_errors == []


def fold_every_panel(notebook: NotebookPage, root: Locator) -> None:
    """Fold every panel the column shows to its header line: the first by Enter, the second by
    Space, the rest by a click; each stays as a header line with its button."""
    buttons = root.locator(".sw-side [data-fold]:visible")
    count = buttons.count()
    assert count >= 3, "the hint, the Statistics and the analysis panels can fold"
    for index in range(count):
        button = buttons.nth(index)
        expect(button).to_have_attribute("aria-expanded", "true")
        if index < 2:
            button.focus()
            notebook.page.keyboard.press("Enter" if index == 0 else "Space")
        else:
            button.click()
        expect(button).to_have_attribute("aria-expanded", "false")
        expect(button).to_be_visible()
    expect(root.locator("[data-strip]")).to_be_hidden()
    expect(root.locator(".sw-hint-text")).to_be_hidden()
    expect(root.locator(".sw-library-page")).to_have_count(2)
    for tab_page in root.locator(".sw-library-page").all():
        expect(tab_page).to_be_hidden()


def assert_current_move_in_window(root: Locator) -> None:
    """The move on show in the move list stands inside the part of the window the notebook shows."""
    seen = root.evaluate(
        f"""root => {{
            const entry = root.querySelector('[data-timeline] [aria-current="step"]').getBoundingClientRect();
            return {{top: entry.top, bottom: entry.bottom, shown: ({SHOWN_BOTTOM})(root)}};
        }}"""
    )
    assert seen["top"] >= 0 and seen["bottom"] <= seen["shown"], (
        f"the current move is out of the window: {seen}"
    )


@pytest.mark.browser(timeout=300)
@pytest.mark.parametrize("size", SIZES)
def test_a_study_column_fits_with_every_panel_open(open_notebook, page_errors, artifacts, size):
    """A study's exercise: the chapter list, the lesson panel with the author's hint, the
    Statistics panel and a move list of 23 moves standing at the 20th."""
    notebook = open_notebook([STUDY])
    page = notebook.page
    try:
        root = notebook.wait_for_widget()
        at_size(notebook, root, size)
        version = notebook.version()
        root.locator("[data-chapters] [data-chapter]").nth(1).click()
        notebook.wait_for_version(version)
        expect(root.locator(".sw-lesson-progress")).to_contain_text("Question 1 of 1")
        assert_column_fits(notebook, root)
        open_statistics(root)
        assert_column_fits(notebook, root)
        root.locator('[data-action="exercise_hint"]').click()
        expect(root.locator(".sw-lesson-said")).to_contain_text("Keep the foundation whole.")
        expect(root.locator("[data-timeline] [aria-current='step']")).to_have_attribute("data-ply", "20")
        column_in_both_themes(notebook, root, artifacts, f"column-study-{size}")
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    assert page_errors == []


@pytest.mark.browser(timeout=240)
def test_the_move_list_keeps_the_current_move_in_view_as_panels_open(open_notebook, page_errors, artifacts):
    notebook = open_notebook([LONG_COLUMN_CELL, FORTY_DRAWS])
    page = notebook.page
    try:
        page.set_viewport_size(SIZES["1600x1000"])
        root = notebook.wait_for_widget()
        page.wait_for_function("root => root.classList.contains('sw-root--wide')", arg=root.element_handle())
        expect(root.locator("[data-timeline] [aria-current='step']")).to_have_attribute("data-ply", "40")
        open_statistics_then_a_hint(notebook, root)
        list_box = root.locator("[data-timeline]").evaluate("list => [list.scrollHeight, list.clientHeight]")
        assert list_box[0] > list_box[1], "forty moves scroll within the list"
        root.screenshot(path=artifacts / "column-long-list.png", animations="disabled")
    finally:
        page.set_viewport_size(SESSION_VIEWPORT)
    assert page_errors == []
