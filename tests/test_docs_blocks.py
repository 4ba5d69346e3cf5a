"""Every Python block of README.md and of the documentation's Markdown pages runs, and shows
what it really prints.

Sybil reads each page (MyST or plain Markdown) and this test runs its ```python blocks in
order, in one namespace per page, as a reader would run them in one notebook; each block is a
subtest, reported by its line. Where a block shows output, the output is checked: a block
that opens with ``>>>`` is a doctest, and a block followed at once by an ```output block must
print exactly that. Setup a reader does not need to see (a saved game to load) goes in an
``<!-- invisible-code-block: python ... -->`` comment. A block that cannot run here (it needs a
cluster, or minutes of machine time) is preceded by a marker visible in the page's source,
``<!-- skip: next "why" -->``, and is reported as skipped with that reason.

A page is one test, not one test per block, so that pytest-xdist cannot spread one page's
blocks, which share a namespace, over several workers.
"""

from __future__ import annotations

import contextlib
import io
from collections.abc import Callable, Iterable
from doctest import ELLIPSIS
from pathlib import Path
from typing import Any

import pytest
from sybil import Document, Example, Region, Sybil
from sybil.parsers.myst import CodeBlockParser, PythonCodeBlockParser, SkipParser

from solitaire_widget import SolitaireWidget

REPO_ROOT = Path(__file__).resolve().parent.parent

SLOW_PAGES = {
    "docs/gymnasium.md": "a random agent plays 100 Father deals",
    "docs/guide/fair-judgement.md": "a game is analysed twice, on 64 samples a move",
}
"""Pages whose blocks take some seconds in all: the fast tier (``./run check``) leaves them
out, as it leaves out every test marked ``slow``."""

Evaluator = Callable[[Example], "str | None"]


class PythonWithOutputParser:
    """A page's ```python blocks (doctests included), and its ```output blocks: each follows a
    python block at once, and holds what that block prints."""

    def __init__(self) -> None:
        self.python = PythonCodeBlockParser(doctest_optionflags=ELLIPSIS)
        self.outputs = CodeBlockParser(language="output", evaluator=self.check_output)
        self.printed: dict[Document, str] = {}

    def __call__(self, document: Document) -> Iterable[Region]:
        blocks = list(self.python(document))
        for output in self.outputs(document):
            before = [block for block in blocks if block.end <= output.start]
            if not before or document.text[before[-1].end : output.start].strip():
                raise ValueError(
                    f"{document.path}, {document.line_column(output.start)}: "
                    "an output block must follow a python block at once"
                )
            before[-1].evaluator = self.keeping_what_it_prints(before[-1].evaluator)
            blocks.append(output)
        return blocks

    def keeping_what_it_prints(self, evaluate: Evaluator) -> Evaluator:
        def evaluate_and_keep(example: Example) -> str | None:
            printed = io.StringIO()
            with contextlib.redirect_stdout(printed):
                failure = evaluate(example)
            self.printed[example.document] = printed.getvalue()
            return failure

        return evaluate_and_keep

    def check_output(self, example: Example) -> str | None:
        printed = self.printed.pop(example.document, "").rstrip()
        shown = str(example.parsed).rstrip()
        if printed != shown:
            return f"the block printed:\n{printed}\n\nwhere the page shows:\n{shown}"
        return None


SYBIL = Sybil(parsers=[PythonWithOutputParser(), SkipParser()])


def pages() -> list[Any]:
    """README.md and the site's Markdown pages that hold a Python block, each with its marks."""
    found = [REPO_ROOT / "README.md"]
    found += sorted(path for path in (REPO_ROOT / "docs").rglob("*.md") if "_build" not in path.parts)
    chosen = []
    for path in found:
        if any(True for _ in SYBIL.parse(path).examples()):
            page = path.relative_to(REPO_ROOT).as_posix()
            marks = [pytest.mark.slow] if page in SLOW_PAGES else []
            chosen.append(pytest.param(page, marks=marks, id=page))
    return chosen


def close_boards(namespace: dict[str, Any]) -> None:
    """Close the boards a page kept: a strategy, a demo or an analysis it started on one stops
    with it, and its worker process ends."""
    for value in namespace.values():
        if isinstance(value, SolitaireWidget):
            value.close()


@pytest.mark.parametrize("page", pages())
def test_the_pages_python_blocks_run_in_order_and_print_what_they_show(
    page: str, subtests: pytest.Subtests, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # The files the blocks save land in a throwaway folder, and the boards they make record
    # into a throwaway library: no page writes to the checkout or the player's own library.
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("SOLITAIRE_WIDGET_LIBRARY", str(tmp_path / "library.sqlite3"))
    document = SYBIL.parse(REPO_ROOT / page)
    try:
        for example in document.examples():
            with subtests.test(msg=f"{page}, line {example.line}"):
                example.evaluate()
    finally:
        close_boards(document.namespace)


def test_a_block_that_prints_other_than_its_output_block_fails(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('```python\nprint("won 40 of 100")\n```\n\n```output\nwon 41 of 100\n```\n')
    block, output = SYBIL.parse(page).examples()
    block.evaluate()
    with pytest.raises(Exception, match="where the page shows:\nwon 41 of 100"):
        output.evaluate()


def test_an_output_block_must_follow_a_python_block(tmp_path: Path) -> None:
    page = tmp_path / "page.md"
    page.write_text('```python\nprint("hello")\n```\n\nSome words.\n\n```output\nhello\n```\n')
    with pytest.raises(ValueError, match="an output block must follow a python block at once"):
        SYBIL.parse(page)
