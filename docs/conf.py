"""Sphinx configuration of the documentation site (``./run docs`` builds it).

Sphinx with MyST: the pages are Markdown (myst-parser), the tutorials are the notebooks in
notebooks/, executed at build time (myst-nb, cached until a notebook or the package
changes), and the API reference comes from the docstrings (autodoc). See about.md.
"""

from __future__ import annotations

import atexit
import hashlib
import os
import shutil
import sys
import tempfile
from pathlib import Path

DOCS = Path(__file__).resolve().parent
ROOT = DOCS.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(DOCS / "_ext"))

import solitaire_widget  # noqa: E402

project = "solitaire_widget"
author = "the solitaire_widget authors"
copyright = "the solitaire_widget authors"
release = version = solitaire_widget.__version__

extensions = [
    "myst_nb",
    "sphinx.ext.autodoc",
    "sphinx_copybutton",
    "offline_widgets",
]
exclude_patterns = ["_build", "_ext", "**.ipynb_checkpoints"]
nitpicky = True
# Types from other libraries (no intersphinx: the build needs no network) and the standard
# library are not documented here; every name of this package must resolve.
nitpick_ignore_regex = [
    ("py:(class|exc|obj|data)", r"(?!solitaire_widget\.).*"),
]

# MyST: headings up to ### get anchors, so pages link to each other's sections (page.md#anchor).
myst_enable_extensions = ["colon_fence", "deflist"]
myst_heading_anchors = 3

# The tutorials: executed at build time, so their outputs and boards are today's. A failing
# cell fails the build. The execution cache (jupyter-cache) is kept per version of the
# package: any change to solitaire_widget/ runs the notebooks again.
nb_execution_mode = "cache"
nb_execution_raise_on_error = True
nb_execution_timeout = 300
nb_execution_in_temp = True
nb_execution_show_tb = True


def _package_digest() -> str:
    digest = hashlib.sha256()
    package = ROOT / "solitaire_widget"
    for path in sorted(package.rglob("*")):
        if path.is_file() and path.suffix in {".py", ".js", ".css", ".c"}:
            digest.update(path.relative_to(package).as_posix().encode())
            digest.update(path.read_bytes())
    return digest.hexdigest()[:16]


def _execution_cache() -> str:
    """The jupyter-cache folder of this version of the package (the older ones removed)."""
    caches = DOCS / "_build" / "jupyter_cache"
    current = caches / _package_digest()
    if caches.is_dir():
        for old in caches.iterdir():
            if old != current:
                shutil.rmtree(old, ignore_errors=True)
    return str(current)


nb_execution_cache_path = _execution_cache()
# The notebooks' boards record into a throwaway game library, never the reader's (whatever
# SOLITAIRE_WIDGET_LIBRARY says; the test suite names one in SOLITAIRE_WIDGET_DOCS_LIBRARY to
# read after the build), and script.ipynb plays a few deals per game rather than 1,000 (the
# kernels inherit this environment).
if "SOLITAIRE_WIDGET_DOCS_LIBRARY" in os.environ:
    os.environ["SOLITAIRE_WIDGET_LIBRARY"] = os.environ["SOLITAIRE_WIDGET_DOCS_LIBRARY"]
else:
    _library_folder = tempfile.mkdtemp(prefix="solitaire-widget-docs-")
    atexit.register(shutil.rmtree, _library_folder, ignore_errors=True)
    os.environ["SOLITAIRE_WIDGET_LIBRARY"] = str(Path(_library_folder) / "library.sqlite3")
os.environ.setdefault("SOLITAIRE_WIDGET_DEALS", "20")

# A page with saved widget state loads these scripts, in order, from the site's own
# _static/widgets/ (offline_widgets copies them from node_modules): require.js, where
# require.js finds anywidget, then @jupyter-widgets/html-manager, which draws the boards.
nb_ipywidgets_js = {
    "widgets/require.js": {},
    "widgets/local-modules.js": {},
    "widgets/html-manager/embed-amd.js": {},
}

autodoc_member_order = "bysource"
autodoc_typehints = "description"
autodoc_default_options = {"members": True}

html_theme = "pydata_sphinx_theme"
html_title = "solitaire_widget"
html_static_path = ["_static"]
html_theme_options = {
    "navigation_with_keys": True,
    "show_toc_level": 2,
    "footer_start": ["copyright"],
    "footer_end": ["sphinx-version"],
}
html_show_sourcelink = False
