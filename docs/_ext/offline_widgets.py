"""Boards in the static pages, drawn from the saved widget state with no CDN.

myst-nb writes a notebook's saved widget state into its page and loads two scripts to draw
it: require.js and @jupyter-widgets/html-manager's ``embed-amd.js``, which in turn loads
each widget's front end (here anywidget's, which then runs the board's own ES module kept in
the state). By default all three come from CDNs. This extension copies them from the npm
packages in ``node_modules`` (devDependencies of the root package.json, installed by
``npm ci``) into the site's ``_static/widgets/``; conf.py's ``nb_ipywidgets_js`` points
myst-nb at them, so a page works from a local folder with no network at all.
"""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

from sphinx.application import Sphinx
from sphinx.errors import ConfigError

NODE_MODULES = Path(__file__).resolve().parents[2] / "node_modules"
HTML_MANAGER = NODE_MODULES / "@jupyter-widgets" / "html-manager" / "dist"

# file in node_modules -> where it goes under _static/widgets/
FILES = {
    NODE_MODULES / "requirejs" / "require.js": "require.js",
    NODE_MODULES / "anywidget" / "dist" / "index.js": "anywidget/index.js",
    HTML_MANAGER / "embed-amd.js": "html-manager/embed-amd.js",
}
# embed-amd.js loads the icon fonts of the widget controls from beside itself.
FONT_SUFFIXES = {".woff2", ".woff", ".ttf", ".eot", ".svg"}


def _sources() -> dict[Path, str]:
    fonts = {
        font: f"html-manager/{font.name}" for font in HTML_MANAGER.glob("*") if font.suffix in FONT_SUFFIXES
    }
    return {**FILES, **fonts}


def _check_node_modules(app: Sphinx) -> None:
    missing = [str(path) for path in FILES if not path.is_file()]
    if missing:
        raise ConfigError(
            "the widget front ends for the boards in the docs are missing: "
            f"{', '.join(missing)}; run `npm ci` in the repository root first"
        )


def _copy_front_ends(app: Sphinx, exception: Exception | None) -> None:
    if exception is not None or app.builder.format != "html":
        return
    target = Path(app.outdir) / "_static" / "widgets"
    for source, name in _sources().items():
        destination = target / name
        destination.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, destination)


def setup(app: Sphinx) -> dict[str, Any]:
    app.connect("builder-inited", _check_node_modules)
    app.connect("build-finished", _copy_front_ends)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
