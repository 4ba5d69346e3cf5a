"""Registers the Gymnasium environments (``solitaire_widget.env``) in any process that imports
both this package and gymnasium, in either order, without importing gymnasium itself.

Gymnasium 1.x finds environments only in its registry (it no longer reads package entry
points), so ``gymnasium.make("solitaire_widget/Klondike-v0")`` needs ``solitaire_widget.env``
imported first. When the package is imported after gymnasium, ``register_when_gymnasium_loads``
imports it at once; before, it puts a finder on ``sys.meta_path`` that lets gymnasium's own
import run and then imports ``solitaire_widget.env``. The finder steps aside at its first
use, and does nothing when gymnasium is not installed.
"""

from __future__ import annotations

import importlib
import importlib.abc
import importlib.machinery
import sys
from collections.abc import Sequence
from types import ModuleType

_GYMNASIUM = "gymnasium"
_ENVIRONMENTS = "solitaire_widget.env"


class _AfterGymnasium(importlib.abc.MetaPathFinder):
    def find_spec(
        self, fullname: str, path: Sequence[str] | None, target: ModuleType | None = None
    ) -> importlib.machinery.ModuleSpec | None:
        if fullname != _GYMNASIUM:
            return None
        sys.meta_path.remove(self)
        spec = importlib.machinery.PathFinder.find_spec(fullname, path)
        loader = None if spec is None else spec.loader
        if spec is None or loader is None or not hasattr(loader, "exec_module"):
            return spec
        run_gymnasium = loader.exec_module

        def run_then_register(module: ModuleType) -> None:
            run_gymnasium(module)
            importlib.import_module(_ENVIRONMENTS)

        loader.exec_module = run_then_register  # type: ignore[method-assign]
        return spec


def register_when_gymnasium_loads() -> None:
    """Import ``solitaire_widget.env`` now if gymnasium is imported, else once it is."""
    if _GYMNASIUM in sys.modules:
        importlib.import_module(_ENVIRONMENTS)
    elif not any(isinstance(finder, _AfterGymnasium) for finder in sys.meta_path):
        sys.meta_path.insert(0, _AfterGymnasium())
