"""The documentation site builds with warnings as errors, and every link inside it resolves.

The whole site is built once per run (``docs_site`` in conftest.py, as ``./run docs`` does,
into a temporary folder, its tutorial notebooks run afresh: that build is their run in the
suite, tests/test_notebooks.py reads what they left). Its HTML is
then read page by page: every ``href`` and ``src`` that stays inside the site must name a
file of the site, and its ``#fragment`` an element of that page. Two small sites built with
the same conf.py show that broken links and a failing notebook each fail the build.
"""

from __future__ import annotations

import inspect
import json
import os
import shutil
import subprocess
import sys
from dataclasses import dataclass, field
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import unquote, urlsplit

import pytest

import solitaire_widget as sw

pytestmark = pytest.mark.packaging

REPO_ROOT = Path(__file__).resolve().parent.parent
DOCS = REPO_ROOT / "docs"
TUTORIALS = ["play", "teach", "script", "analyse", "rl"]
LINKING_ATTRIBUTES = {"href", "src"}


def build_site(
    source: Path, out: Path, timeout: float = 1200, *options: str, env: dict[str, str] | None = None
) -> subprocess.CompletedProcess[str]:
    """``sphinx-build -W --keep-going`` of ``source`` into ``out``, as ``./run docs`` runs it,
    with this checkout's package importable (conf.py gives the notebooks a throwaway library),
    more ``options`` for sphinx-build and more variables ``env``."""
    env = {**os.environ, "PYTHONPATH": str(REPO_ROOT), **(env or {})}
    command = [sys.executable, "-m", "sphinx", "-b", "html", "-W", "--keep-going", "-q", *options]
    command += ["-d", str(out / ".doctrees"), str(source), str(out / "html")]
    return subprocess.run(command, env=env, capture_output=True, text=True, timeout=timeout)


@dataclass
class Page:
    """What one HTML page links to and the ids its elements carry."""

    links: list[str] = field(default_factory=list)
    ids: set[str] = field(default_factory=set)


class _PageReader(HTMLParser):
    def __init__(self) -> None:
        super().__init__()
        self.page = Page()

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        for name, value in attrs:
            if value is None:
                continue
            if name in ("id", "name"):
                self.page.ids.add(value)
            elif name in LINKING_ATTRIBUTES:
                self.page.links.append(value)


def read_page(path: Path) -> Page:
    reader = _PageReader()
    reader.feed(path.read_text(encoding="utf-8"))
    return reader.page


def broken_links(site: Path) -> list[str]:
    """Every link of every page under ``site`` that leads to a file the site
    lacks or to an anchor the target page does not have, as ``page: link``. Links with a
    scheme (``https:``, ``mailto:``, ``data:``) or to another host are not followed."""
    # _static holds the theme's files, its Jinja templates among them: not pages
    pages = {
        path: read_page(path)
        for path in site.rglob("*.html")
        if "_static" not in path.relative_to(site).parts
    }
    broken = []
    for path, page in sorted(pages.items()):
        for link in page.links:
            parts = urlsplit(link)
            if parts.scheme or parts.netloc:
                continue
            target = (path.parent / unquote(parts.path)).resolve() if parts.path else path
            if target.is_dir():
                target = target / "index.html"
            found = target.is_file() and target.resolve().is_relative_to(site.resolve())
            if found and parts.fragment and target.suffix == ".html":
                found = unquote(parts.fragment) in (pages.get(target) or read_page(target)).ids
            if not found:
                broken.append(f"{path.relative_to(site)}: {link}")
    return broken


@pytest.fixture
def site(docs_site) -> Path:
    """The whole site's HTML (``docs_site``, built once per run)."""
    return docs_site / "html"


def test_every_link_inside_the_site_resolves(site):
    assert len(list(site.rglob("*.html"))) > 20
    assert broken_links(site) == []


def test_no_page_loads_a_script_or_style_from_another_host(site):
    for path in site.rglob("*.html"):
        page = read_page(path)
        assert not [link for link in page.links if urlsplit(link).netloc and link.endswith((".js", ".css"))]


@pytest.mark.parametrize("name", TUTORIALS)
def test_a_tutorial_is_its_executed_notebook_with_the_board_state(site, name):
    html = (site / "tutorials" / f"{name}.html").read_text(encoding="utf-8")
    assert 'type="application/vnd.jupyter.widget-state+json"' in html
    assert 'type="application/vnd.jupyter.widget-view+json"' in html
    for script in ("require.js", "local-modules.js", "html-manager/embed-amd.js"):
        assert f"_static/widgets/{script}" in html
    assert (site / "_static" / "widgets" / "anywidget" / "index.js").is_file()
    assert "Traceback" not in html


def test_the_api_reference_documents_every_public_name(site):
    ids = read_page(site / "api.html").ids

    def anchor(name: str) -> str:
        value = getattr(sw, name)
        return f"module-{value.__name__}" if inspect.ismodule(value) else f"solitaire_widget.{name}"

    assert [name for name in sw.__all__ if anchor(name) not in ids] == []


def test_the_link_check_finds_a_missing_page_and_a_missing_anchor(tmp_path):
    (tmp_path / "a.html").write_text('<p id="here"><a href="b.html#nowhere">b</a><a href="#here">a</a></p>')
    (tmp_path / "b.html").write_text('<img src="missing.png"><a href="a.html#here">a</a>')
    assert broken_links(tmp_path) == ["a.html: b.html#nowhere", "b.html: missing.png"]


def small_site(tmp_path: Path, pages: dict[str, str]) -> Path:
    """A copy of docs/ with only its configuration and ``pages``, beside links to this
    checkout's package and node_modules, so conf.py finds them where it expects them."""
    root = tmp_path / "repo"
    (root / "docs").mkdir(parents=True)
    for name in ("solitaire_widget", "node_modules", "notebooks", "js"):
        (root / name).symlink_to(REPO_ROOT / name)
    for name in ("conf.py", "_ext", "_static"):
        copy = shutil.copytree if (DOCS / name).is_dir() else shutil.copyfile
        copy(DOCS / name, root / "docs" / name)
    for name, text in pages.items():
        (root / "docs" / name).write_text(text, encoding="utf-8")
    return root / "docs"


def index_page(*pages: str) -> str:
    """A small site's index, its table of contents listing ``pages``."""
    toctree = "".join(f"{page}\n" for page in pages)
    return f"# A small site\n\n```{{toctree}}\n{toctree}```\n"


BROKEN_LINKS = {
    "missing-page.md": "[gone](missing.md)",
    "missing-section.md": "[gone](index.md#no-such-section)",
    "missing-doc.md": "{doc}`missing`",
    "missing-class.md": "{class}`solitaire_widget.Nothing`",
}
"""A page per kind of broken link, each with that link alone."""


def test_each_broken_link_fails_the_build(tmp_path):
    # One build for all kinds (a build costs seconds): with --keep-going each page's own
    # warning is reported, so each page named shows its link was caught.
    pages = {"index.md": index_page(*(Path(name).stem for name in BROKEN_LINKS))}
    pages |= {name: f"# A page\n\nA link: {link}.\n" for name, link in BROKEN_LINKS.items()}
    built = build_site(small_site(tmp_path, pages), tmp_path / "out")
    assert built.returncode != 0
    assert [name for name in BROKEN_LINKS if name not in built.stderr] == []


def test_a_notebook_whose_cell_raises_fails_the_build(tmp_path):
    notebook = {
        "cells": [
            {"cell_type": "markdown", "metadata": {}, "source": "# Other"},
            {
                "cell_type": "code",
                "metadata": {},
                "execution_count": None,
                "outputs": [],
                "source": "raise ValueError('this cell fails')",
            },
        ],
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3", "language": "python"}},
        "nbformat": 4,
        "nbformat_minor": 5,
    }
    source = small_site(tmp_path, {"index.md": index_page("other"), "other.ipynb": json.dumps(notebook)})
    built = build_site(source, tmp_path / "out")
    assert built.returncode != 0
    assert "this cell fails" in built.stderr
