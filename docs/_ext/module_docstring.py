"""``module-docstring``: a module's docstring as part of a page, section titles included.

The widget protocol is written once, in the docstring of solitaire_widget/widget/intents.py,
beside the checks that implement it; the site shows that text rather than a copy that could
drift from it. Use it inside ``{eval-rst}``: the docstring is reStructuredText.
"""

from __future__ import annotations

import importlib
import inspect
from typing import Any

from docutils import nodes
from sphinx.application import Sphinx
from sphinx.util.docutils import SphinxDirective
from sphinx.util.parsing import nested_parse_to_nodes


class ModuleDocstring(SphinxDirective):
    required_arguments = 1

    def run(self) -> list[nodes.Node]:
        name = self.arguments[0]
        module = importlib.import_module(name)
        if not module.__doc__:
            raise self.error(f"{name} has no docstring")
        return nested_parse_to_nodes(
            self.state,
            inspect.cleandoc(module.__doc__),
            source=inspect.getsourcefile(module) or name,
            allow_section_headings=True,
        )


def setup(app: Sphinx) -> dict[str, Any]:
    app.add_directive("module-docstring", ModuleDocstring)
    return {"parallel_read_safe": True, "parallel_write_safe": True}
