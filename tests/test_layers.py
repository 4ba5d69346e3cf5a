"""The package's layers depend one way (atomic, gymnasium_hook, engine, notation, records,
solver, judgement, aids, game, lesson, study, library, scripting, widget, env) and no modules
import each other in a circle (import-linter, configured in pyproject.toml), only the widget
imports Jupyter (and the environments' human mode, inside a function), the optional libraries
of the ``sim`` extra are imported only inside functions, those of the ``rl`` extra only by the
environments, and no module reads another module's private attributes."""

from __future__ import annotations

import ast
import re
import subprocess
import sys
from importlib import metadata
from pathlib import Path

import pytest

if sys.version_info >= (3, 11):
    import tomllib
else:
    import tomli as tomllib

PACKAGE = Path(__file__).resolve().parent.parent / "solitaire_widget"
MODULES = sorted(PACKAGE.rglob("*.py"))
ROOT = PACKAGE.parent
CONTRACTS = tomllib.loads((ROOT / "pyproject.toml").read_text())["tool"]["importlinter"]["contracts"]
LAYERS = [
    name.removeprefix("solitaire_widget.")
    for contract in CONTRACTS
    if contract["type"] == "layers"
    for name in reversed(contract["layers"])
]
"""Bottom to top, as pyproject.toml's import-linter contract lists them top to bottom."""
JUPYTER = {"anywidget", "ipywidgets", "traitlets", "IPython", "ipykernel", "comm"}
EXTRAS = {"pandas", "tqdm", "matplotlib", "dask", "distributed", "cloudpickle"}
"""The libraries of the ``sim`` extra: a run imports them when it needs them, never the package."""
RL = {"gymnasium", "numpy"}
"""The libraries of the ``rl`` extra: only the environments (``env/``) import them, and nothing
imports the environments."""
RUNTIME = {"pyodide"}
"""The Python runtime's own modules where it has them (Pyodide's, in a browser): no package
to declare, imported only where present (``widget/pyodide_messages.py``)."""


def layer_of(module: Path) -> str | None:
    part = module.relative_to(PACKAGE).parts[0].removesuffix(".py")
    return part if part in LAYERS else None


def imported_layers(module: Path, top_level_only: bool = False) -> set[str]:
    """The package layers and top-level libraries ``module`` imports (with ``top_level_only``,
    those it imports when it is imported: not inside functions)."""
    found = set()
    package_parts = module.relative_to(PACKAGE.parent).with_suffix("").parts[:-1]
    tree = ast.parse(module.read_text())
    nodes = top_level_nodes(tree) if top_level_only else ast.walk(tree)
    for node in nodes:
        if isinstance(node, ast.ImportFrom):
            if node.level:
                base = list(package_parts[: len(package_parts) - node.level + 1])
                target = [*base, *(node.module or "").split(".")]
                target = [part for part in target if part]
                if len(target) > 1:
                    found.add(target[1])
                else:
                    found.update(alias.name for alias in node.names)
            elif node.module:
                found.add(node.module.split(".")[0])
        elif isinstance(node, ast.Import):
            found.update(alias.name.split(".")[0] for alias in node.names)
    return found


def top_level_nodes(tree: ast.AST):
    """Every node of ``tree`` that runs when the module is imported: not in function bodies,
    nor under ``if TYPE_CHECKING:``."""
    stack = [tree]
    while stack:
        node = stack.pop()
        yield node
        stack.extend(
            child
            for child in ast.iter_child_nodes(node)
            if not isinstance(child, (ast.FunctionDef, ast.AsyncFunctionDef, ast.Lambda))
            and not (isinstance(child, ast.If) and ast.unparse(child.test) == "TYPE_CHECKING")
        )


def test_the_layers_depend_one_way_and_no_modules_import_each_other_in_a_circle():
    """import-linter's contracts in pyproject.toml (type-only imports count too)."""
    linter = Path(sys.executable).with_name("lint-imports")
    result = subprocess.run([linter], cwd=ROOT, capture_output=True, text=True)
    assert result.returncode == 0, result.stdout + result.stderr


@pytest.mark.parametrize("module", MODULES, ids=lambda m: str(m.relative_to(PACKAGE)))
def test_only_the_widget_imports_jupyter_and_only_the_environments_gymnasium(module):
    layer = layer_of(module)
    if layer is None:
        return
    imported = imported_layers(module)
    if layer == "env":
        # Human mode shows the board in a notebook, importing IPython when it is asked for.
        assert not imported_layers(module, top_level_only=True) & JUPYTER
    elif layer != "widget":
        assert not imported & JUPYTER
    if layer != "env":
        assert not imported & RL


@pytest.mark.parametrize("module", MODULES, ids=lambda m: str(m.relative_to(PACKAGE)))
def test_no_module_reads_private_attributes_it_does_not_define(module):
    tree = ast.parse(module.read_text())
    defined = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Store):
            defined.add(node.attr)
        elif isinstance(node, (ast.FunctionDef, ast.ClassDef)):
            defined.add(node.name)
        elif isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store):
            defined.add(node.id)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            defined.add(node.value)  # names in __slots__
    read = {
        node.attr
        for node in ast.walk(tree)
        if isinstance(node, ast.Attribute)
        and node.attr.startswith("_")
        and not node.attr.startswith("__")
        and not (isinstance(node.value, ast.Name) and node.value.id in ("self", "cls", "super"))
    }
    assert read <= defined


def test_importing_the_package_brings_in_no_jupyter_library():
    script = (
        "import sys, solitaire_widget as sw; sw.Game.new('father', seed=1).legal_moves(); "
        f"print(sorted(name for name in {sorted(JUPYTER | RL)!r} if name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


@pytest.mark.parametrize("module", MODULES, ids=lambda m: str(m.relative_to(PACKAGE)))
def test_no_module_imports_an_extra_when_it_is_imported(module):
    assert not imported_layers(module, top_level_only=True) & EXTRAS


def test_importing_the_package_and_its_scripting_brings_in_no_extra():
    script = (
        "import sys, solitaire_widget as sw; sw.strategies.greedy, sw.simulate, sw.compare; "
        "import solitaire_widget.scripting.simulate, solitaire_widget.scripting.compare; "
        f"print(sorted(name for name in {sorted(EXTRAS | JUPYTER | RL)!r} if name in sys.modules))"
    )
    result = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, check=True)
    assert result.stdout.strip() == "[]"


def third_party_imports() -> set[str]:
    standard = set(sys.stdlib_module_names) | RUNTIME | {"solitaire_widget"}
    return {
        name
        for module in MODULES
        for name in imported_layers(module)
        if name not in standard and name not in LAYERS and not name.startswith("_")
    }


def requirements(extra: str | None) -> set[str]:
    """The names of the package's requirements: the core ones, or those of ``extra``."""
    found = set()
    for requirement in metadata.requires("solitaire-widget") or []:
        name = re.split(r"[<>=!~\[; ]", requirement, maxsplit=1)[0].lower()
        marker = re.search(r"extra\s*==\s*['\"]([\w-]+)['\"]", requirement)
        if (marker.group(1) if marker else None) == extra:
            found.add(name)
    return found


def test_every_library_the_package_imports_is_a_declared_dependency():
    declared = requirements(None)
    # IPython shows widgets in a notebook (the environments' human mode); ipywidgets needs it.
    assert "ipython" in {re.split(r"[<>=!~\[; ]", r, maxsplit=1)[0] for r in metadata.requires("ipywidgets")}
    assert third_party_imports() <= declared | EXTRAS | RL | {"IPython"}
    assert {"anywidget", "ipywidgets"} <= declared
    # dask[distributed] brings distributed; the tests drive a cluster with it.
    assert EXTRAS - {"distributed"} <= requirements("sim")
    assert EXTRAS - {"distributed"} <= requirements("dev")
    assert requirements("rl") == RL
    assert requirements("dev") >= RL


def test_the_version_is_written_once_and_read_by_the_package_metadata():
    import solitaire_widget as sw

    assert metadata.version("solitaire-widget") == sw.__version__
    root = PACKAGE.parent
    assert '"version"' not in (root / "package.json").read_text()
    assert 'dynamic = ["version"]' in (root / "pyproject.toml").read_text()
