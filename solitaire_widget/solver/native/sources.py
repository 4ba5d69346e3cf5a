"""The C search's source files, and the digest that ties a compiled library to them.

The build hook ``hatch_build.py`` compiles every ``*.c`` file here into the one library and
builds the digest into it; the package computes the digest again when it loads the library
and refuses one built from other sources. This module imports nothing from the package, so
that the build hook can load it by its path before the package can be imported.

>>> [path.name for path in c_files()][:2]
['best_first.c', 'dead_ends.c']
>>> len(digest())
16
"""

from __future__ import annotations

import hashlib
from pathlib import Path

FOLDER = Path(__file__).parent


def files(folder: Path = FOLDER) -> list[Path]:
    """The library's sources in ``folder``, by name: its ``*.c`` and ``*.h`` files."""
    return sorted([*folder.glob("*.c"), *folder.glob("*.h")])


def c_files(folder: Path = FOLDER) -> list[Path]:
    """The files compiled into the library, by name."""
    return [path for path in files(folder) if path.suffix == ".c"]


def digest(folder: Path = FOLDER) -> str:
    """The first 16 hex digits of the SHA-256 of the sources in ``folder`` (``files``, each
    as its name and its bytes, both with their lengths): a change to any file, a file added
    or one renamed changes it. ``""`` when there are none (a package installed without
    them)."""
    if not files(folder):
        return ""
    sha = hashlib.sha256()
    for path in files(folder):
        content = path.read_bytes()
        for part in (path.name.encode(), content):
            sha.update(len(part).to_bytes(8, "little") + part)
    return sha.hexdigest()[:16]
