"""The widget is made of parts it owns, not of mixins: ``SolitaireWidget`` inherits from
anywidget's class alone, and no class of the widget package works only when mixed into it,
declaring or reading attributes that another class must provide."""

from __future__ import annotations

import ast
from pathlib import Path

import anywidget

import solitaire_widget as sw

PACKAGE = Path(sw.__file__).parent / "widget"
JUPYTER = ("anywidget", "ipywidgets", "traitlets", "builtins")
MADE_BY_THEIR_BASE = {"NamedTuple", "Protocol", "TypedDict", "Enum"}
"""Bases whose classes' annotations are fields or requirements, not attributes to provide."""


def classes(folder: Path) -> list[tuple[str, ast.ClassDef]]:
    return [
        (f"{module.name}:{node.name}", node)
        for module in sorted(folder.glob("*.py"))
        for node in ast.walk(ast.parse(module.read_text(encoding="utf-8")))
        if isinstance(node, ast.ClassDef)
    ]


def base_names(node: ast.ClassDef) -> set[str]:
    return {base.attr if isinstance(base, ast.Attribute) else getattr(base, "id", "") for base in node.bases}


def is_dataclass(node: ast.ClassDef) -> bool:
    return any("dataclass" in ast.unparse(decorator) for decorator in node.decorator_list)


def self_attributes(node: ast.ClassDef, ctx: type[ast.expr_context]) -> set[str]:
    """The names of ``self.<name>`` the class's methods read (``ast.Load``) or assign."""
    return {
        found.attr
        for found in ast.walk(node)
        if isinstance(found, ast.Attribute)
        and isinstance(found.ctx, ctx)
        and isinstance(found.value, ast.Name)
        and found.value.id == "self"
    }


def defined_in_body(node: ast.ClassDef) -> set[str]:
    """Methods, properties and class attributes given a value in the class's body (a
    dataclass's fields too: its ``__init__`` gives them theirs)."""
    names = set()
    for statement in node.body:
        if isinstance(statement, (ast.FunctionDef, ast.AsyncFunctionDef, ast.ClassDef)):
            names.add(statement.name)
        elif isinstance(statement, ast.Assign):
            names |= {target.id for target in statement.targets if isinstance(target, ast.Name)}
        elif (
            isinstance(statement, ast.AnnAssign)
            and isinstance(statement.target, ast.Name)
            and (statement.value is not None or is_dataclass(node))
        ):
            names.add(statement.target.id)
    return names


def declared_not_provided(folder: Path) -> dict[str, list[str]]:
    """Per class, the attributes it declares (annotated, with no value) but never assigns."""
    found = {}
    for name, node in classes(folder):
        if base_names(node) & MADE_BY_THEIR_BASE or is_dataclass(node):
            continue
        declared = [
            statement.target.id
            for statement in node.body
            if isinstance(statement, ast.AnnAssign)
            and statement.value is None
            and isinstance(statement.target, ast.Name)
        ]
        assigned = self_attributes(node, ast.Store)
        missing = [attribute for attribute in declared if attribute not in assigned]
        if missing:
            found[name] = missing
    return found


def read_not_defined(folder: Path) -> dict[str, list[str]]:
    """Per class with no base class, the attributes of ``self`` it reads but never defines."""
    found = {}
    for name, node in classes(folder):
        if node.bases:
            continue
        defined = self_attributes(node, ast.Store) | defined_in_body(node)
        read = self_attributes(node, ast.Load) - defined
        missing = sorted(attribute for attribute in read if not attribute.startswith("__"))
        if missing:
            found[name] = missing
    return found


def test_the_widget_inherits_from_anywidget_alone():
    assert sw.SolitaireWidget.__bases__ == (anywidget.AnyWidget,)
    foreign = [
        f"{cls.__module__}.{cls.__name__}"
        for cls in sw.SolitaireWidget.__mro__[1:]
        if cls.__module__.split(".")[0] not in JUPYTER
    ]
    assert foreign == []


def test_no_class_of_the_widget_declares_attributes_another_must_provide():
    assert declared_not_provided(PACKAGE) == {}


def test_no_class_of_the_widget_reads_attributes_it_does_not_define():
    assert read_not_defined(PACKAGE) == {}


def test_a_mixin_is_caught(tmp_path: Path):
    """The checks fail on the design the widget had: mixins declaring one another's parts."""
    (tmp_path / "mixins.py").write_text(
        "class StateSync:\n"
        "    _game: object\n"
        "    def _publish(self):\n"
        "        return self._game\n"
        "\n"
        "class Editing:\n"
        "    def _arrow(self):\n"
        "        return self._timeline.node(0)\n",
        encoding="utf-8",
    )
    assert declared_not_provided(tmp_path) == {"mixins.py:StateSync": ["_game"]}
    assert read_not_defined(tmp_path) == {
        "mixins.py:StateSync": ["_game"],
        "mixins.py:Editing": ["_timeline"],
    }
