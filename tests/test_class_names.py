"""One noun per concept: no two classes of one name in the package (Python) or in the view
(``js/``, its tests left out), so a class name found in a traceback, a review or the docs
names one thing."""

from __future__ import annotations

import ast
import re
from collections import defaultdict
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
JS_CLASS = re.compile(r"^\s*(?:export\s+)?(?:default\s+)?class\s+([A-Za-z_$][\w$]*)", re.MULTILINE)


def classes_by_name() -> dict[str, list[str]]:
    found: dict[str, list[str]] = defaultdict(list)
    for path in sorted((ROOT / "solitaire_widget").rglob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.ClassDef):
                found[node.name].append(str(path.relative_to(ROOT)))
    for path in sorted((ROOT / "js").glob("*.js")):
        for name in JS_CLASS.findall(path.read_text(encoding="utf-8")):
            found[name].append(str(path.relative_to(ROOT)))
    return found


def test_no_two_classes_share_a_name():
    assert {name: where for name, where in classes_by_name().items() if len(where) > 1} == {}


def test_the_search_sees_classes_of_both_languages():
    found = classes_by_name()
    assert "Game" in found and "SideColumn" in found
