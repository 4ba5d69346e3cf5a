"""Builds the solver's C search into the package when the package is built.

hatchling runs ``CompiledSearchHook`` for every wheel, editable installs included:

- a wheel (``pip wheel .``, ``python -m build``) gets the compiled library inside it and a
  platform tag (``py3-none-<platform>``: the library is loaded with ``ctypes``, so one wheel
  serves every Python version on its platform);
- an editable install (``pip install -e .``) compiles it in place, next to its sources;
- with no working C compiler the build still succeeds, says so once, and gives the
  pure-Python package (``py3-none-any``), whose solver uses its Python search.

The compiler is found the way setuptools finds one for C extensions (``CC`` and the flags
Python was built with on Unix, MSVC through the registry on Windows), so the wheels that
cibuildwheel builds on each platform need nothing more. Nothing is ever compiled at run time.

The library is compiled from every ``*.c`` file in ``solitaire_widget/solver/native/`` (which
``sources.py`` there names, and digests for the package's check) into one shared library.
The flags stay those of the platform, plus ``-Wall -Wextra`` on Unix, which the sources
compile without a warning (``tests/solver/test_native_build.py`` makes warnings errors).

Run as a script (``python hatch_build.py``) it compiles the library in place when it is
missing or older than a source, as after a change in a development checkout (``./run`` runs
it every time).
"""

from __future__ import annotations

import importlib.util
import os
import sys
import sysconfig
import tempfile
from pathlib import Path
from types import ModuleType
from typing import Any

NATIVE = Path(__file__).parent / "solitaire_widget" / "solver" / "native"
LIBRARY_NAMES = {"win32": "search.dll", "darwin": "libsearch.dylib"}
"""The compiled library's file name by ``sys.platform`` (any other: ``libsearch.so``); the
package reads the same table (``solver.native.LIBRARY``)."""


def library_name() -> str:
    return LIBRARY_NAMES.get(sys.platform, "libsearch.so")


def _load_sources() -> ModuleType:
    """``solitaire_widget/solver/native/sources.py``, loaded by its path: the package itself
    may not import in the build's environment."""
    spec = importlib.util.spec_from_file_location("_solitaire_widget_sources", NATIVE / "sources.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


sources = _load_sources()


def compile_search(destination: Path) -> str | None:
    """Compile the C sources into the library ``destination``; None when done, else why it
    could not be."""
    import setuptools  # noqa: F401, I001  (first: on Python 3.12+ it is what provides distutils)
    from distutils.ccompiler import new_compiler
    from distutils.errors import CCompilerError, DistutilsError
    from distutils.sysconfig import customize_compiler

    compiler = new_compiler()
    customize_compiler(compiler)
    unix = compiler.compiler_type == "unix"
    with tempfile.TemporaryDirectory() as scratch:
        try:
            objects = compiler.compile(
                [str(path) for path in sources.c_files(NATIVE)],
                output_dir=scratch,
                macros=[("SW_SOURCE_DIGEST", sources.digest(NATIVE))],
                extra_postargs=["-O2", "-std=c99", "-Wall", "-Wextra"] if unix else ["/O2"],
            )
            # Linked under a temporary name, then renamed: a reader never sees half a file.
            partial = destination.with_name(f".{destination.name}.partial")
            compiler.link_shared_object(objects, str(partial))
            os.replace(partial, destination)
        except (CCompilerError, DistutilsError, OSError) as error:
            return f"{type(error).__name__}: {error}"
    return None


def _platform_tag() -> str:
    return sysconfig.get_platform().replace("-", "_").replace(".", "_")


try:
    from hatchling.builders.hooks.plugin.interface import BuildHookInterface
except ImportError:  # run as a script in an environment without hatchling
    BuildHookInterface = object  # type: ignore[assignment,misc]


class CompiledSearchHook(BuildHookInterface):  # type: ignore[misc,valid-type]
    """Puts the compiled search into wheels and editable installs (see the module's docstring)."""

    PLUGIN_NAME = "custom"

    def initialize(self, version: str, build_data: dict[str, Any]) -> None:
        if self.target_name != "wheel":
            return
        if version == "editable":
            problem = compile_search(NATIVE / library_name())
        else:
            self._scratch = tempfile.TemporaryDirectory()
            built = Path(self._scratch.name) / library_name()
            problem = compile_search(built)
            if problem is None:
                build_data["force_include"][str(built)] = f"solitaire_widget/solver/native/{library_name()}"
        if problem is not None:
            self.app.display_warning(
                "solitaire_widget: the solver's C search could not be compiled "
                f"({problem}); building the pure-Python package, whose solver is slower."
            )
            return
        build_data["pure_python"] = False
        build_data["tag"] = f"py3-none-{_platform_tag()}"

    def finalize(self, version: str, build_data: dict[str, Any], artifact_path: str) -> None:
        scratch = getattr(self, "_scratch", None)
        if scratch is not None:
            scratch.cleanup()


if __name__ == "__main__":
    library = NATIVE / library_name()
    changed = max(path.stat().st_mtime for path in sources.files(NATIVE))
    if not library.exists() or library.stat().st_mtime < changed:
        problem = compile_search(library)
        if problem is not None:
            sys.exit(
                f"could not compile the C search in {NATIVE} ({problem}): the solver uses its Python search"
            )
        print(f"compiled {library}")
