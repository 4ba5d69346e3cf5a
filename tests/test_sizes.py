"""Each module has one job and stays readable: no module of the package over 500 lines and
no function over 60, unless its docstring says why it is kept whole (a measured hot loop).
The view's modules are held to the same in js/test/sizes.test.js."""

from __future__ import annotations

import ast
import subprocess
from pathlib import Path

import pytest

import solitaire_widget

PACKAGE = Path(solitaire_widget.__file__).parent
MAX_MODULE_LINES = 500
MAX_FUNCTION_LINES = 60


def modules() -> list[Path]:
    return sorted(PACKAGE.rglob("*.py"))


def test_no_module_is_over_500_lines():
    sizes = {str(path.relative_to(PACKAGE)): len(path.read_text().splitlines()) for path in modules()}
    assert {name: lines for name, lines in sizes.items() if lines > MAX_MODULE_LINES} == {}


def test_no_function_is_over_60_lines_unless_its_docstring_says_why():
    long = {}
    for path in modules():
        for node in ast.walk(ast.parse(path.read_text())):
            if not isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
                continue
            lines = node.end_lineno - node.lineno + 1
            kept_whole = "Kept whole" in (ast.get_docstring(node) or "")
            if lines > MAX_FUNCTION_LINES and not kept_whole:
                long[f"{path.relative_to(PACKAGE)}:{node.name}"] = lines
    assert long == {}


MAX_TRACKED_BYTES = 5_000_000
"""The repository stays a quick clone: earlier benchmark rows live in git history, and
pictures are kept small (``benchmarks/results/README.md``)."""


def test_the_tracked_files_stay_under_5_mb():
    root = PACKAGE.parent
    listed = subprocess.run(["git", "ls-files", "-z"], cwd=root, capture_output=True)
    if listed.returncode != 0:
        pytest.skip("not a git checkout: nothing is tracked")
    paths = [root / name for name in listed.stdout.decode().split("\0") if name]
    sizes = {path: path.stat().st_size for path in paths if path.is_file()}
    largest = sorted(sizes, key=sizes.__getitem__, reverse=True)[:5]
    assert sum(sizes.values()) < MAX_TRACKED_BYTES, [(str(p.relative_to(root)), sizes[p]) for p in largest]
