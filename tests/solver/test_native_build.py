"""The C search held to the standard of the Python: its sources compile without a warning
under strict flags, the library shows Python its ``sw_`` functions alone, and the parity
tests (the C search against the Python one, node for node) pass against a build with
AddressSanitizer and UndefinedBehaviorSanitizer, which end the run at their first report.

Each builds into a temporary folder with the ``cc`` on PATH (skipped where there is none);
the package's own build (``hatch_build.py``) keeps the platform's flags."""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
import time
from pathlib import Path

import pytest

from solitaire_widget.solver import native
from solitaire_widget.solver.native import sources

ROOT = Path(__file__).resolve().parents[2]
CC = shutil.which("cc") or shutil.which("gcc") or shutil.which("clang")

pytestmark = pytest.mark.skipif(CC is None or sys.platform == "win32", reason="no Unix C compiler on PATH")

STRICT = [
    "-Wall",
    "-Wextra",
    "-Wshadow",
    "-Wpedantic",
    "-Wconversion",
    "-Wmissing-prototypes",
    "-Wstrict-prototypes",
]
"""Warnings the sources compile without: ``-Wall -Wextra`` and what catches a shadowed name,
a lossy conversion, a function shared between files with no declaration in ``search.h``."""
SANITIZERS = [
    "-fsanitize=address,undefined",
    "-fno-sanitize-recover=all",
    "-fno-omit-frame-pointer",
    "-g",
    "-O1",
]
SANITIZER_OPTIONS = {
    "ASAN_OPTIONS": "detect_leaks=0",  # Python's own allocations are not this library's leaks
    "UBSAN_OPTIONS": "halt_on_error=1:print_stacktrace=1",
}
PARITY_TESTS = [
    "tests/solver/test_native.py::test_both_paths_search_the_same_positions",
    "tests/solver/test_native.py::test_random_endgames_get_the_same_verdict_on_both_paths",
    "tests/solver/test_native.py::test_a_visited_table_cleared_when_full_keeps_the_verdicts",
    "tests/solver/test_native.py::test_the_c_search_ends_at_its_first_look_at_a_raised_stop_flag",
    "tests/solver/test_native.py::test_the_c_search_checks_every_count_and_card_python_hands_it",
    "tests/solver/test_python_restarts.py::test_python_and_c_search_the_same_positions_across_restarts",
    "tests/solver/test_best_first.py::test_c_searches_the_same_positions_as_python_with_the_best_first_search",
    "tests/solver/test_restarts_and_table.py::test_the_table_doubles_in_place_keeping_every_key",
]
"""What runs against the sanitized library: 32 deals of every game and 80 random endgames
searched by both paths, a table cleared when full and one doubled, restarts and the
best-first search node for node, the stop flag, and every refused request (some 11 s on two
cores, where the same tests take 8 s unsanitized)."""


def compile_library(into: Path, flags: list[str], c_files: list[Path] | None = None) -> Path:
    """The C sources (or ``c_files``) compiled and linked with ``flags`` into a library in
    ``into``, with the sources' digest, as the package's build makes it; fails the test with
    the compiler's words on any error."""
    assert CC is not None
    library = into / native.LIBRARY.name
    built = subprocess.run(
        [
            CC,
            "-std=c99",
            "-shared",
            "-fPIC",
            f"-DSW_SOURCE_DIGEST={sources.digest()}",
            *flags,
            *map(str, sources.c_files() if c_files is None else c_files),
            "-o",
            str(library),
        ],
        capture_output=True,
        text=True,
    )
    assert built.returncode == 0 and not built.stderr, built.stderr
    return library


def test_the_sources_compile_without_a_warning_under_strict_flags(tmp_path):
    compile_library(tmp_path, ["-O2", "-Werror", *STRICT])


def test_the_library_shows_only_its_sw_functions(tmp_path):
    """Every other function is hidden (``SW_INTERNAL``), so that no function of another
    library loaded into Python (a ``push``, a ``run``) can stand in for one of the search's."""
    nm = shutil.which("nm")
    if nm is None or not sys.platform.startswith("linux"):
        pytest.skip("no GNU nm here to list a shared library's functions")
    library = compile_library(tmp_path, ["-O2"])
    listed = subprocess.run(
        [nm, "-D", "--defined-only", str(library)], capture_output=True, text=True, check=True
    )
    names = {line.split()[-1] for line in listed.stdout.splitlines() if " T " in line}
    assert names == {"sw_solve", "sw_free", "sw_interface_version", "sw_source_digest"}


def sanitizer_environment(library: Path) -> dict[str, str]:
    """What a Python process needs to load ``library``, built with the sanitizers: their
    runtime loaded first (Python itself was not built with it), the options that make any
    report end the process, and the package pointed at the library."""
    assert CC is not None
    runtime = subprocess.run(
        [CC, "-print-file-name=libasan.so"], capture_output=True, text=True
    ).stdout.strip()
    if not os.path.isabs(runtime) or not os.path.exists(runtime):
        pytest.skip(f"{CC} names no AddressSanitizer runtime to preload (libasan.so)")
    return {
        **os.environ,
        **SANITIZER_OPTIONS,
        "LD_PRELOAD": runtime,
        "SOLITAIRE_WIDGET_NATIVE_LIBRARY": str(library),
        "SOLITAIRE_WIDGET_NATIVE": "1",
    }


BAD_C = {
    "AddressSanitizer: heap-buffer-overflow": (
        "char *p = malloc(4); memset(p, 0, (size_t)i + 1); int r = p[1]; free(p); return r;"
    ),
    "runtime error: signed integer overflow": "return i + 2147483647;",
}
"""Functions of ``int i``, wrong for ``i = 4``, and the report each gets."""


@pytest.mark.parametrize("report", BAD_C)
def test_a_sanitizer_report_ends_the_process(tmp_path, report):
    """The harness works: a wrong function, built and loaded as the parity run loads the
    search, ends the process with the sanitizer's report."""
    bad = tmp_path / "bad.c"
    bad.write_text(f"#include <stdlib.h>\n#include <string.h>\nint sw_wrong(int i) {{ {BAD_C[report]} }}\n")
    library = compile_library(tmp_path, SANITIZERS, [bad])
    ran = subprocess.run(
        [sys.executable, "-c", f"import ctypes; ctypes.CDLL({str(library)!r}).sw_wrong(4); print('went on')"],
        env=sanitizer_environment(library),
        capture_output=True,
        text=True,
    )
    assert ran.returncode != 0 and report in ran.stderr and "went on" not in ran.stdout, ran.stderr


def test_the_parity_tests_pass_against_a_build_with_address_and_undefined_behaviour_sanitizers(tmp_path):
    library = compile_library(tmp_path, SANITIZERS)
    environment = sanitizer_environment(library)
    loaded = subprocess.run(
        [
            sys.executable,
            "-c",
            "from solitaire_widget.solver import native; print(native.available(), native.LIBRARY)",
        ],
        env=environment,
        capture_output=True,
        text=True,
    )
    assert loaded.stdout.split() == ["True", str(library)], loaded.stderr
    start = time.perf_counter()
    # -s: a report ends the process mid test, while pytest's capture holds the test's
    # stderr, and would leave nothing to read but the exit code.
    ran = subprocess.run(
        [sys.executable, "-m", "pytest", "-q", "-s", "-p", "no:cacheprovider", "-x", *PARITY_TESTS],
        cwd=ROOT,
        env=environment,
        capture_output=True,
        text=True,
    )
    said = ran.stdout + ran.stderr
    assert ran.returncode == 0, said[-6000:]
    assert "Sanitizer" not in said and "runtime error" not in said, said[-6000:]
    assert " passed" in said and "skipped" not in said, said[-2000:]
    print(f"parity tests under the sanitizers: {time.perf_counter() - start:.1f} s")
