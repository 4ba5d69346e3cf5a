"""The package as users install it: the wheel carries the compiled search, which then runs
where no C compiler is (nothing is compiled at run time), and a machine with no compiler
still builds a working pure-Python wheel. The wheels are built offline from this checkout
(no build isolation: the dev extra has the build's requirements) and installed into fresh
virtual environments with nothing else in them."""

from __future__ import annotations

import os
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

pytestmark = pytest.mark.packaging

ROOT = Path(__file__).resolve().parents[1]
PROGRAM = (
    "import solitaire_widget as sw; from solitaire_widget.solver import native; "
    "print(native.available(), native.LIBRARY.parent.parent.parent.parent.name, "
    "sw.solve(sw.Game.new('klondike', seed=1), node_limit=5000).verdict)"
)


def build_wheel(into: Path, path: str) -> tuple[Path, str]:
    """Build the wheel with ``path`` as PATH; the wheel and what the build said."""
    built = subprocess.run(
        [sys.executable, "-m", "pip", "wheel", str(ROOT), "--no-deps", "--no-build-isolation", "-v"],
        cwd=into,
        env={**os.environ, "PATH": path},
        capture_output=True,
        text=True,
        check=True,
    )
    (wheel,) = into.glob("*.whl")
    return wheel, built.stdout + built.stderr


def run_in_fresh_venv(tmp_path: Path, wheel: Path) -> list[str]:
    """Install ``wheel`` alone into a new virtual environment and run ``PROGRAM`` there with
    a PATH that has no C compiler on it."""
    venv = tmp_path / "venv"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(venv)], check=True)
    python = venv / ("Scripts/python.exe" if sys.platform == "win32" else "bin/python")
    pip = [sys.executable, "-m", "pip", "--python", str(python)]
    subprocess.run([*pip, "install", "-q", "--no-deps", "--no-index", str(wheel)], check=True)
    empty = tmp_path / "empty"
    empty.mkdir()
    ran = subprocess.run(
        [str(python), "-c", PROGRAM],
        cwd=empty,  # not this checkout, whose package would be imported instead
        env={"PATH": str(empty)},
        capture_output=True,
        text=True,
        check=True,
    )
    return ran.stdout.split()


def test_the_wheel_carries_the_compiled_search_and_uses_it_where_no_compiler_is(tmp_path):
    (tmp_path / "dist").mkdir()
    wheel, _ = build_wheel(tmp_path / "dist", os.environ["PATH"])
    tag = wheel.name.removesuffix(".whl").split("-", 2)[2]
    assert tag.startswith("py3-none-") and not tag.endswith("-any")
    with zipfile.ZipFile(wheel) as contents:
        names = contents.namelist()
    from solitaire_widget.solver import native
    from solitaire_widget.solver.native import sources

    assert f"solitaire_widget/solver/native/{native.LIBRARY.name}" in names
    # its sources too, which the package digests to check the library against
    assert {f"solitaire_widget/solver/native/{path.name}" for path in sources.files()} <= set(names)
    assert run_in_fresh_venv(tmp_path, wheel) == ["True", "site-packages", "winnable"]


@pytest.mark.skipif(sys.platform == "win32", reason="an empty PATH does not hide MSVC")
def test_with_no_compiler_the_build_succeeds_says_so_once_and_gives_pure_python(pure_wheel, tmp_path):
    wheel, said = pure_wheel
    assert wheel.name.endswith("-py3-none-any.whl")
    assert said.count("the solver's C search could not be compiled") == 1
    assert run_in_fresh_venv(tmp_path, wheel) == ["False", "site-packages", "winnable"]
