"""Each module has one job and stays readable: no module of the package over 500 lines and
no function over 60, unless its docstring says why it is kept whole (a measured hot loop).
The view's modules are held to the same in js/test/sizes.test.js."""

from __future__ import annotations

import ast
from pathlib import Path

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
