"""docs/layout.md matches the tree: it names every module and folder of the package and
every source of the view, and every path it names exists.

The page is a list of bullets, one per folder or file; a bullet's first name in backticks
is its home. A bare file name in a bullet is looked for under its home (or at the
repository's root, as `hatch_build.py`), a path with a slash from the root or the home.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGE = ROOT / "docs" / "layout.md"
PACKAGE = ROOT / "solitaire_widget"
BUILT = {PACKAGE / "static"}
"""Folders the build makes (the view's bundle): no module of the package lives there."""

FILE_SUFFIXES = {".py", ".js", ".md", ".json", ".c", ".h", ".ipynb", ".toml", ".css", ".typed"}
PATH_SHAPE = re.compile(r"^\.?[\w-]+(?:[./][\w.-]*)*$")


def bullets(text: str) -> list[str]:
    """The page's top-level bullets, each with its continuation lines."""
    found: list[str] = []
    for line in text.splitlines():
        if line.startswith("- "):
            found.append(line[2:])
        elif found and line.startswith("  "):
            found[-1] += " " + line.strip()
        elif found and line.strip():
            found.append("")
    return [bullet for bullet in found if bullet]


def path_names(bullet: str) -> list[str]:
    """The names in backticks that are paths: with a slash, or a file name with a suffix."""
    return [
        name
        for name in re.findall(r"`([^`\s]+)`", bullet)
        if PATH_SHAPE.match(name) and ("/" in name or Path(name).suffix in FILE_SUFFIXES)
    ]


def home(bullet: str) -> Path | None:
    """The folder a bullet is about, when its first name is one."""
    names = path_names(bullet)
    if not names:
        return None
    first = ROOT / names[0].rstrip("/")
    return first if first.is_dir() else first.parent


def resolves(name: str, folder: Path | None) -> bool:
    """Whether ``name``, as a bullet about ``folder`` uses it, is a path in the tree."""
    stripped = name.rstrip("/")
    candidates = [ROOT / stripped]
    if folder is not None:
        candidates.append(folder / stripped)
        if "/" not in stripped:
            candidates.extend(folder.rglob(stripped))
    wants_folder = name.endswith("/")
    return any(path.is_dir() if wants_folder else path.exists() for path in candidates)


def named_under(bullet_list: list[str], path: Path) -> bool:
    """Whether some bullet whose home holds ``path`` names it (by its name, or by its path
    from that home), or any bullet names it by its path from the root."""
    suffix = "/" if path.is_dir() else ""
    from_root = f"{path.relative_to(ROOT).as_posix()}{suffix}"
    for bullet in bullet_list:
        names = set(path_names(bullet))
        if from_root in names:
            return True
        folder = home(bullet)
        if folder is None or folder not in path.parents:
            continue
        if f"{path.name}{suffix}" in names or f"{path.relative_to(folder).as_posix()}{suffix}" in names:
            return True
    return False


def package_parts() -> list[Path]:
    """Every module of the package but the ``__init__.py`` files, and every folder below it
    that holds a module."""
    modules = [
        module
        for module in PACKAGE.rglob("*.py")
        if module.name != "__init__.py" and not any(built in module.parents for built in BUILT)
    ]
    folders = {
        folder
        for module in PACKAGE.rglob("*.py")
        for folder in module.parents
        if PACKAGE in folder.parents and "__pycache__" not in folder.parts
    }
    return sorted(modules) + sorted(folders)


PAGE_BULLETS = bullets(PAGE.read_text(encoding="utf-8"))


@pytest.mark.parametrize("part", package_parts(), ids=lambda part: part.relative_to(ROOT).as_posix())
def test_every_module_and_folder_of_the_package_is_named(part: Path) -> None:
    assert named_under(PAGE_BULLETS, part), f"docs/layout.md does not name {part.relative_to(ROOT)}"


@pytest.mark.parametrize("source", sorted((ROOT / "js").glob("*.js")), ids=lambda source: source.name)
def test_every_source_of_the_view_is_named(source: Path) -> None:
    assert named_under(PAGE_BULLETS, source), f"docs/layout.md does not name js/{source.name}"


def test_every_path_named_exists() -> None:
    missing = [
        name for bullet in PAGE_BULLETS for name in path_names(bullet) if not resolves(name, home(bullet))
    ]
    assert not missing, f"docs/layout.md names paths the tree lacks: {missing}"


def test_a_stale_page_fails() -> None:
    """The checks catch what they are for: a module left out and a path that is gone."""
    stale = bullets("- `solitaire_widget/engine/`: `cards.py` and `gone.py`.\n")
    assert not named_under(stale, PACKAGE / "engine" / "deal.py")
    assert named_under(stale, PACKAGE / "engine" / "cards.py")
    assert not resolves("gone.py", home(stale[0]))
