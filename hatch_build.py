"""Builds the solver's C search into the package when the package is built.

hatchling runs ``CompiledSearchHook`` for every wheel, editable installs included:

- a wheel (``pip wheel .``, ``python -m build``) gets the compiled library inside it and a
  platform tag (``py3-none-<platform>``: the library is loaded with ``ctypes``, so one wheel
  serves every Python version on its platform);
- an editable install (``pip install -e .``) compiles it in place, next to ``search.c``;
- with no working C compiler the build still succeeds, says so once, and gives the
  pure-Python package (``py3-none-any``), whose solver uses its Python search.

The compiler is found the way setuptools finds one for C extensions (``CC`` and the flags
Python was built with on Unix, MSVC through the registry on Windows), so the wheels that
cibuildwheel builds on each platform need nothing more. Nothing is ever compiled at run time.

Run as a script (``python hatch_build.py``) it compiles the library in place when it is
missing or older than ``search.c``, as after a change to the source in a development
checkout (``./run`` runs it every time).
"""

from __future__ import annotations

import hashlib
import os
import sys
import sysconfig
import tempfile
from pathlib import Path
from typing import Any

NATIVE = Path(__file__).parent / "solitaire_widget" / "solver" / "native"
SOURCE = NATIVE / "search.c"
LIBRARY_NAMES = {"win32": "search.dll", "darwin": "libsearch.dylib"}
"""The compiled library's file name by ``sys.platform`` (any other: ``libsearch.so``); the
package reads the same table (``solver.native.LIBRARY``)."""


def library_name() -> str:
    return LIBRARY_NAMES.get(sys.platform, "libsearch.so")


def source_digest() -> str:
    """The first 16 hex digits of ``search.c``'s SHA-256: built into the library, checked
    against the shipped source when the package loads it."""
    return hashlib.sha256(SOURCE.read_bytes()).hexdigest()[:16]


def compile_search(destination: Path) -> str | None:
    """Compile ``search.c`` into ``destination``; None when done, else why it could not be."""
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
                [str(SOURCE)],
                output_dir=scratch,
                macros=[("SW_SOURCE_DIGEST", source_digest())],
                extra_postargs=["-O2", "-std=c99"] if unix else ["/O2"],
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
    if not library.exists() or library.stat().st_mtime < SOURCE.stat().st_mtime:
        problem = compile_search(library)
        if problem is not None:
            sys.exit(f"could not compile {SOURCE} ({problem}): the solver will use its Python search")
        print(f"compiled {library}")
