"""Fair judgement on the board: the Hint button gives the fair hint by default and Options
switches it to the solver's; a played game analysed on the board shows its glyphs in the
move list and the win chance along the line in the strip, whose cells go to their move; the
analysis stops on Escape and leaves the game as it was; the whole reads well in the light
and dark themes, wide and narrow (screenshots in tests/artifacts/). Every wait is on the
page or the kernel, never a fixed time."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from engine_helpers import LOSABLE_KLONDIKE, LOSABLE_LINE
from harness import DARK, KLONDIKE_SEED_3, LIGHT, NotebookPage, set_theme
from playwright.sync_api import Locator, expect

CONTRAST = (Path(__file__).parent / "contrast.js").read_text()
SIZES = {"wide": {"width": 1600, "height": 1000}, "narrow": {"width": 700, "height": 1000}}
WIDE = {"width": 1400, "height": 1000}  # the session's viewport (conftest.VIEWPORT)

# The losable game with its three moves played: the third loses it, a blunder from what the
# player could see (the ten of spades could go home instead).
LOST = (
    "import solitaire_widget as sw\n"
    f"w = sw.SolitaireWidget(sw.Game.from_dict({LOSABLE_KLONDIKE!r}))\n"
    f"for move in {list(LOSABLE_LINE)!r}:\n    w.play(move)\n"
)


def open_options(root: Locator) -> Locator:
    root.locator("[data-action='options']").click()
    panel = root.locator(".sw-menu-panel")
    expect(panel).to_be_visible()
    return panel


@pytest.mark.browser(timeout=150)
def test_the_hint_is_fair_by_default_and_options_switch_to_the_solvers(open_notebook, page_errors, artifacts):
    # A♠ home first: the fair hint's first move, which goes home with no judging.
    notebook = open_notebook([KLONDIKE_SEED_3.removesuffix("w") + "w.play('t4>f0')\nw"])
    root = notebook.wait_for_widget()
    panel = root.locator(".sw-hint-panel")

    root.locator("[data-action='hint']").click()
    expect(panel).to_have_attribute("data-source", "fair")
    expect(panel.locator(".sw-hint-title")).to_have_text("Fair hint")
    expect(panel.locator(".sw-hint-text")).to_have_text(
        re.compile(r"wins \d+% of the ways the hidden cards can lie")
    )
    hint = notebook.python_json("w.aids['hint']")
    assert hint["source"] == "fair" and hint["version"] == notebook.version()
    expect(root.locator(f"[data-pile='{hint['move']['source']}'][data-hint='source']")).to_have_count(1)
    root.screenshot(path=artifacts / "hint-fair.png", animations="disabled")

    options = open_options(root)
    options.locator("[data-control='hint-mode']").select_option("solver")
    expect(options.locator("[data-control='hint-mode']")).to_have_value("solver")
    root.screenshot(path=artifacts / "options-hints.png", animations="disabled")
    root.locator("[data-action='options']").click()
    expect(root.locator("[data-action='hint']")).to_have_attribute("title", re.compile("sees every card"))
    assert notebook.python_json("w.hint_mode") == "solver"
    # The next position's hint is the solver's, and the panel says it sees every card.
    version = notebook.version()
    notebook.click_pile("stock")
    notebook.wait_for_version(version)
    root.locator("[data-action='hint']").click()
    expect(panel).to_have_attribute("data-source", re.compile("^(solver|heuristic)$"))
    expect(panel.locator(".sw-hint-title")).to_have_text("Solver's hint")
    expect(panel.locator(".sw-hint-source")).to_contain_text("sees every card")
    assert page_errors == []


def wait_for_analysis(notebook: NotebookPage, status: str) -> dict:
    notebook.page.wait_for_function(
        "([root, status]) => root.querySelector('.sw-analysis').dataset.status === status",
        arg=[notebook.widget().element_handle(), status],
    )
    return notebook.python_json("w.analysis")


@pytest.mark.browser(timeout=200)
def test_an_analysed_game_shows_glyphs_and_the_strip_whose_cells_go_there(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([LOST + "w"])
    root = notebook.wait_for_widget()
    strip = root.locator("[data-strip]")
    expect(strip).to_be_hidden()

    root.locator("[data-action='analyse']").click()
    analysis = wait_for_analysis(notebook, "done")
    assert [row["judgement"] for row in analysis["moves"]][2] == "blunder"
    expect(strip.locator(".sw-strip-cell")).to_have_count(3)
    # The blunder's glyph in the move list, its chances in the tooltip and the sentence.
    blunder = root.locator("[data-timeline] [data-ply='3']")
    expect(blunder).to_have_attribute("data-judgement", "blunder")
    expect(blunder.locator(".sw-entry-glyph")).to_have_text("??")
    expect(blunder).to_have_attribute(
        "title", re.compile(r"a blunder: it gave up \d+ points of win chance, leaving 0% where 10♠")
    )
    expect(blunder.locator(".sw-entry-judgement")).to_contain_text("where 10♠")
    expect(root.locator(".sw-analysis-words")).to_have_text("Analysed 3 moves: 1 blunder.")
    expect(strip.locator(".sw-strip-cell--current")).to_have_attribute("data-ply", "3")

    # A cell goes to its move; the board and the strip follow.
    version = notebook.version()
    strip.locator("[data-ply='1']").click()
    notebook.wait_for_version(version)
    assert notebook.python_json("w.game.ply") == 1
    expect(strip.locator(".sw-strip-cell--current")).to_have_attribute("data-ply", "1")
    expect(root.locator("[data-timeline] [aria-current='step']")).to_have_attribute("data-ply", "1")
    notebook.assert_board_matches_python()

    # Kept in the game and its record: the game saved and loaded again opens analysed.
    assert notebook.python_json("[str(m.move) for m in w.game.analysis.moves]") == list(LOSABLE_LINE)
    version = notebook.version()
    notebook.run_cell(
        "import os, tempfile\n"
        "_saved = os.path.join(tempfile.mkdtemp(), 'analysed.json')\n"
        "w.save(_saved)\nw.load(_saved)"
    )
    notebook.wait_for_version(version)
    expect(strip.locator(".sw-strip-cell:not([hidden])")).to_have_count(3)
    expect(root.locator("[data-timeline] [data-ply='3']")).to_have_attribute("data-judgement", "blunder")

    try:
        for theme, name in ((LIGHT, "light"), (DARK, "dark")):
            set_theme(notebook, theme)
            for size_name, size in SIZES.items():
                notebook.page.set_viewport_size(size)
                notebook.page.wait_for_function(
                    "([root, wide]) => root.classList.contains('sw-root--wide') === wide",
                    arg=[root.element_handle(), size_name == "wide"],
                )
                root.screenshot(path=artifacts / f"analysis-{name}-{size_name}.png", animations="disabled")
                failures = root.evaluate(CONTRAST)
                assert failures == [], f"below the contrast bar ({name}, {size_name}):\n" + "\n".join(
                    failures
                )
    finally:
        set_theme(notebook, LIGHT)
        notebook.page.set_viewport_size(WIDE)
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_escape_stops_an_analysis_and_the_game_is_unchanged(open_notebook, page_errors):
    # Twenty draws and a move: long enough an analysis to stop half way.
    cell = KLONDIKE_SEED_3 + "\nfor _ in range(20):\n    w.play('s>w')\nw"
    notebook = open_notebook([cell])
    root = notebook.wait_for_widget()

    root.locator("[data-action='analyse']").click()
    expect(root.locator(".sw-analysis")).to_have_attribute("data-status", "running")
    expect(root.locator(".sw-analysis-words")).to_have_text(re.compile(r"^Analysing… \d+ of 20 moves$"))
    # The board plays on meanwhile, and Escape on it stops the analysis.
    version = notebook.version()
    notebook.click_pile("stock")
    notebook.wait_for_version(version)
    notebook.pile("stock").focus()
    notebook.page.keyboard.press("Escape")
    analysis = wait_for_analysis(notebook, "stopped")
    assert re.fullmatch(r"stopped after \d+ of 20 moves: the game is unchanged", analysis["said"])
    assert analysis["moves"] == []
    expect(root.locator(".sw-analysis-words")).to_have_text(f"Analysis stopped: {analysis['said']}.")
    expect(root.locator("[data-timeline] [data-judgement]")).to_have_count(0)
    expect(root.locator("[data-strip]")).to_be_hidden()
    assert notebook.python_json("[len(w.game.history), w.game.analysis is None]") == [21, True]
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_the_chip_says_the_solver_sees_every_card_and_judges_the_losing_move(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([LOST + "w.check_winnable = True\nw"])
    root = notebook.wait_for_widget()
    chip = root.locator(".sw-verdict")
    expect(chip).to_have_text("lost since move 3 · a mistake")
    expect(chip).to_have_attribute("data-luck", "mistake")
    said = r"sees every card.*Move 3 \(turn one card from the stock\) was a blunder: from what you could see"
    expect(chip).to_have_attribute("title", re.compile(said))
    root.screenshot(path=artifacts / "chip-judged.png", animations="disabled")

    # The chip is a button to the position the losing move was played from.
    version = notebook.version()
    chip.click()
    notebook.wait_for_version(version)
    assert notebook.python_json("w.game.ply") == 2
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=120)
def test_a_lost_game_ends_naming_the_losing_move_with_a_button_there(open_notebook, page_errors, artifacts):
    # Played to its end with "still winnable?" off: the check runs when the game ends.
    ending = "for move in ['t1>f2', 't2>f2', 't3>f2', 't4>f2']:\n    w.play(move)\n"
    notebook = open_notebook([LOST + ending + "w"])
    root = notebook.wait_for_widget()
    overlay = root.locator(".sw-overlay")
    expect(overlay).to_be_visible()
    lost = overlay.locator(".sw-overlay-lost")
    expect(lost).to_contain_text("Move 3 lost it: before it the game could still be won.")
    expect(lost).to_contain_text(re.compile(r"blunder.*from what you could see"))
    back = overlay.locator("[data-action='goto_lost']")
    expect(back).to_have_text(re.compile("Back to before move 3"))
    chip = root.locator(".sw-verdict")
    expect(chip).to_have_text("lost since move 3 · a mistake")
    root.screenshot(path=artifacts / "lost-overlay.png", animations="disabled")

    version = notebook.version()
    back.click()
    notebook.wait_for_version(version)
    assert notebook.python_json("w.game.ply") == 2
    expect(overlay).to_be_hidden()
    notebook.assert_board_matches_python()
    assert page_errors == []


@pytest.mark.browser(timeout=150)
def test_learn_from_mistakes_asks_before_the_blunder_and_ends_on_request(
    open_notebook, page_errors, artifacts
):
    notebook = open_notebook([LOST + "w"])
    root = notebook.wait_for_widget()
    learn = root.locator("[data-action='learn_from_mistakes']")
    expect(learn).to_be_hidden()
    root.locator("[data-action='analyse']").click()
    wait_for_analysis(notebook, "done")
    expect(learn).to_be_visible()

    version = notebook.version()
    learn.click()
    notebook.wait_for_version(version)
    lesson = root.locator(".sw-lesson")
    expect(lesson.locator(".sw-lesson-progress")).to_have_text(re.compile(r"^Mistake 1 of 1 · found 0"))
    expect(lesson.locator(".sw-lesson-said")).to_contain_text("Before move 3 the game played a blunder")
    assert notebook.python_json("w.game.ply") == 2
    notebook.assert_board_matches_python()
    root.screenshot(path=artifacts / "learn-from-mistakes.png", animations="disabled")

    # The move played in the game is not good enough: refused with its chance.
    notebook.click_pile("stock")
    expect(root.locator(".sw-toast")).to_contain_text("Not better enough")
    assert notebook.python_json("w.game.ply") == 2

    version = notebook.version()
    lesson.locator("[data-action='show_me']").click()
    notebook.wait_for_version(version)
    final = lesson.locator(".sw-lesson-final")
    expect(final).to_contain_text("you found 0 of 1 better moves yourself, 1 shown")
    expect(lesson.locator(".sw-lesson-said")).to_contain_text("10♠")

    version = notebook.version()
    lesson.locator("[data-action='end_lesson']").click()
    notebook.wait_for_version(version)
    expect(lesson).to_be_hidden()
    assert notebook.python_json("w.state['lesson']") is None
    expect(root.locator(".sw-toolbar [data-action='undo']")).to_be_enabled()
    assert page_errors == []
