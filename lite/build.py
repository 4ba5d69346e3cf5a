"""Builds the JupyterLite site (``./run lite``): the notebooks with a Pyodide kernel, the
package's pure-Python wheel and everything the kernel loads, served from the site itself.

Nothing in the built site comes from a CDN, and nothing in the build does either:

- Pyodide's core files (``pyodide.mjs``, the WebAssembly interpreter, the standard library)
  come from the npm registry's ``pyodide`` package in ``node_modules/pyodide``, at the
  version the Pyodide kernel was built against (checked here);
- the packages the kernel loads from Pyodide's own distribution (micropip, IPython and its
  dependencies, jedi, ...) are pure-Python wheels: the ones at the versions Pyodide's lock
  file names are downloaded from PyPI, and the lock file is rewritten to list those files
  alone (with their hashes), so a package the site does not carry is missing, not fetched;
- the widget's own dependencies (anywidget, ipywidgets, ...) are PyPI's pure-Python wheels at
  the versions installed here, whose JupyterLab extensions the site carries; the package
  itself is built as a pure-Python wheel (the compiled search cannot load in Pyodide: the
  solver uses its Python search there). They join the lock file, so the kernel loads them
  when a cell imports ``solitaire_widget``, as it loads Pyodide's own packages: a visitor
  installs nothing.

Every requirement of every wheel added to the lock file is checked to be served too, so a
missing dependency fails the build rather than a visitor's first cell.

    python lite/build.py [--output DIR]      (default: build/lite)
"""

from __future__ import annotations

import argparse
import hashlib
import json
import os
import shutil
import subprocess
import sys
import tempfile
import zipfile
from email.parser import Parser
from importlib import metadata
from pathlib import Path
from typing import Any

from jupyterlite_pyodide_kernel.constants import PYODIDE_PYTHON_VERSION, PYODIDE_VERSION
from packaging.markers import default_environment
from packaging.requirements import Requirement
from packaging.utils import canonicalize_name, parse_wheel_filename

ROOT = Path(__file__).resolve().parents[1]
SOURCES = Path(__file__).resolve().parent
DEFAULT_OUTPUT = ROOT / "build" / "lite"
NPM_PYODIDE = ROOT / "node_modules" / "pyodide"

PYODIDE_CORE = ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "package.json")
"""The files of the npm ``pyodide`` package that a browser loads (the lock file is rewritten)."""

LOCK_PACKAGES = ("micropip", "ipython", "jedi", "typing-extensions")
"""What the site serves from Pyodide's distribution (with what they depend on there): the
kernel loads micropip first, then IPython and jedi through piplite; anywidget needs
typing-extensions."""

WIDGET_PACKAGES = ("anywidget", "psygnal", "ipywidgets", "comm", "jupyterlab-widgets")
"""The widget's dependencies that Pyodide's distribution lacks: PyPI's wheels at the versions
installed here, so the kernel's side matches the site's JupyterLab extensions."""

KERNEL_SHIMS = ("ipykernel", "widgetsnbextension", "piplite", "pyodide-kernel")
"""Packages the Pyodide kernel's own extension serves (small stand-ins of its own, installed
as the kernel starts)."""

LAB_EXTENSIONS = ("@jupyterlite/pyodide-kernel-extension", "@jupyter-widgets/jupyterlab-manager", "anywidget")
"""The JupyterLab extensions the site carries (and no others this environment may have)."""

BROWSER_ENVIRONMENT = {
    **default_environment(),
    "python_version": PYODIDE_PYTHON_VERSION,
    "python_full_version": f"{PYODIDE_PYTHON_VERSION}.0",
    "sys_platform": "emscripten",
    "platform_system": "Emscripten",
    "platform_machine": "wasm32",
    "os_name": "posix",
    "implementation_name": "cpython",
    "platform_python_implementation": "CPython",
}
"""Where the wheels run, for their requirements' markers: Pyodide's CPython in a browser."""


def run(*command: str | Path, env: dict[str, str] | None = None, cwd: Path | None = None) -> None:
    """Run ``command``, stopping the build with its words when it fails."""
    done = subprocess.run([str(part) for part in command], env=env, cwd=cwd, capture_output=True, text=True)
    if done.returncode != 0:
        sys.exit(f"{' '.join(map(str, command))} failed:\n{done.stdout}{done.stderr}")


def check_pyodide_version() -> None:
    """Stop the build unless the npm ``pyodide`` package is the version the kernel loads."""
    package = NPM_PYODIDE / "package.json"
    if not package.exists():
        sys.exit(f"{NPM_PYODIDE} is missing: run `npm ci` (package.json names pyodide {PYODIDE_VERSION})")
    version = json.loads(package.read_text())["version"]
    if version != PYODIDE_VERSION:
        sys.exit(
            f"node_modules has pyodide {version}, the Pyodide kernel expects {PYODIDE_VERSION}: "
            "set that version in package.json's devDependencies and run `npm install`"
        )


def pip_download(requirements: list[str], destination: Path) -> None:
    """Download pure-Python wheels (exact versions, no dependencies) from the package index."""
    run(
        sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", "--only-binary=:all:",
        "--platform", "any", "--implementation", "py", "--abi", "none",
        "--python-version", PYODIDE_PYTHON_VERSION, "--dest", destination, *requirements,
    )  # fmt: skip


def package_wheel(destination: Path, built: Path | None) -> Path:
    """The package's pure-Python wheel, ``built`` already (the tests build one wheel for all
    their uses) or built now with no C compiler (``CC=false``), so the build hook makes the
    ``py3-none-any`` wheel that Pyodide can install."""
    with tempfile.TemporaryDirectory() as scratch:
        if built is None:
            env = {**os.environ, "CC": "false"}
            run(sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--no-build-isolation",
                "--wheel-dir", scratch, ROOT, env=env)  # fmt: skip
            (built,) = Path(scratch).glob("solitaire_widget-*.whl")
        if not built.name.endswith("-py3-none-any.whl"):
            sys.exit(f"the package's wheel is {built.name}, not a pure-Python one")
        return Path(shutil.copy2(built, destination))


def lock_closure(packages: dict[str, dict[str, Any]], wanted: tuple[str, ...]) -> list[str]:
    """``wanted`` and everything they depend on in Pyodide's lock file, by lock name."""
    names = {canonicalize_name(name): name for name in packages}
    found: list[str] = []
    waiting = list(wanted)
    while waiting:
        name = names[canonicalize_name(waiting.pop())]
        if name not in found:
            found.append(name)
            waiting.extend(packages[name]["depends"])
    return sorted(found)


def pyodide_folder(destination: Path, wheel: Path | None) -> None:
    """Pyodide's core files from npm and every wheel the site serves, with a lock file that
    lists those wheels alone (so ``import solitaire_widget`` in a cell loads the package and
    its dependencies, as Pyodide loads the packages of its distribution)."""
    check_pyodide_version()
    destination.mkdir(parents=True)
    for name in PYODIDE_CORE:
        shutil.copy2(NPM_PYODIDE / name, destination / name)
    lock = json.loads((NPM_PYODIDE / "pyodide-lock.json").read_text())
    pyodide_names = lock_closure(lock["packages"], LOCK_PACKAGES)
    pip_download([f"{name}=={lock['packages'][name]['version']}" for name in pyodide_names], destination)
    added = [package_wheel(destination, wheel)]
    pip_download([f"{name}=={metadata.version(name)}" for name in WIDGET_PACKAGES], destination)
    wheels = {wheel_name(path): path for path in destination.glob("*.whl")}
    added += [wheels[canonicalize_name(name)] for name in WIDGET_PACKAGES]
    check_served(added, wheels)
    served = {
        name: served_entry(lock["packages"][name], wheels[canonicalize_name(name)]) for name in pyodide_names
    }
    for wheel in added:
        served[wheel_name(wheel)] = new_entry(wheel, wheels)
    lock["packages"] = dict(sorted(served.items()))
    (destination / "pyodide-lock.json").write_text(json.dumps(lock, indent=1))
    print(f"{destination}: {len(pyodide_names)} packages of Pyodide's, {len(added)} more")


def wheel_name(wheel: Path) -> str:
    """The canonical name of the project a wheel file holds."""
    return canonicalize_name(parse_wheel_filename(wheel.name)[0])


def served_entry(entry: dict[str, Any], wheel: Path) -> dict[str, Any]:
    """Pyodide's lock entry for a package, pointing at PyPI's wheel of the same version."""
    sha256 = hashlib.sha256(wheel.read_bytes()).hexdigest()
    return {**entry, "file_name": wheel.name, "sha256": sha256, "unvendored_tests": False}


def new_entry(wheel: Path, wheels: dict[str, Path]) -> dict[str, Any]:
    """A lock entry for a wheel Pyodide's distribution lacks: its top-level modules are its
    imports, its requirements the site serves are its dependencies."""
    name, version, *_ = parse_wheel_filename(wheel.name)
    with zipfile.ZipFile(wheel) as archive:
        tops = {path.split("/")[0] for path in archive.namelist() if "/" in path}
    imports = sorted(top for top in tops if not top.endswith((".dist-info", ".data")))
    depends = sorted({canonicalize_name(r.name) for r in requirements_of(wheel)} & set(wheels))
    return {
        "name": name,
        "version": str(version),
        "file_name": wheel.name,
        "install_dir": "site",
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "package_type": "package",
        "imports": imports,
        "depends": depends,
        "unvendored_tests": False,
    }


def requirements_of(wheel: Path) -> list[Requirement]:
    """The requirements a wheel's metadata names that apply in the browser (no extras)."""
    with zipfile.ZipFile(wheel) as archive:
        (name,) = [n for n in archive.namelist() if n.endswith(".dist-info/METADATA")]
        fields = Parser().parsestr(archive.read(name).decode())
    requirements = [Requirement(text) for text in fields.get_all("Requires-Dist") or []]
    environment = {**BROWSER_ENVIRONMENT, "extra": ""}
    return [r for r in requirements if r.marker is None or r.marker.evaluate(environment)]


def check_served(added: list[Path], wheels: dict[str, Path]) -> None:
    """Stop the build when a wheel added to Pyodide's requires a package the site does not
    serve, or a version of it the site does not have. (Pyodide's own packages depend on what
    its lock file says, which ``lock_closure`` follows.)"""
    versions = {name: parse_wheel_filename(wheel.name)[1] for name, wheel in wheels.items()}
    missing = []
    for wheel in added:
        for requirement in requirements_of(wheel):
            name = canonicalize_name(requirement.name)
            if name in KERNEL_SHIMS:
                continue
            if name not in versions or not requirement.specifier.contains(versions[name], prereleases=True):
                missing.append(f"{wheel.name} requires {requirement} (served: {versions.get(name)})")
    if missing:
        sys.exit("the site would not install:\n  " + "\n  ".join(missing))


def staged_sources(stage: Path, output: Path, wheel: Path | None) -> None:
    """The site's sources in ``stage`` (a lite dir): the configuration from ``lite/``, the
    notebooks, and Pyodide with every wheel (the package's: ``wheel``, or built)."""
    for name in ("jupyter-lite.json", "overrides.json"):
        shutil.copy2(SOURCES / name, stage / name)
    pyodide_folder(stage / "static" / "pyodide", wheel)
    extensions = Path(sys.prefix) / "share" / "jupyter" / "labextensions"
    config = {
        "LiteBuildConfig": {
            "output_dir": str(output),
            "contents": [str(path) for path in sorted((ROOT / "notebooks").glob("*.ipynb"))],
            "ignore_sys_prefix": True,
            "federated_extensions": [str(extensions / name) for name in LAB_EXTENSIONS],
            "no_sourcemaps": True,
        },
    }
    (stage / "jupyter_lite_config.json").write_text(json.dumps(config, indent=1))


def build(output: Path, wheel: Path | None = None) -> None:
    """Build the site into ``output`` (replacing what was there), with the package's
    pure-Python ``wheel`` when given (else it is built)."""
    if output.exists():
        shutil.rmtree(output)
    with tempfile.TemporaryDirectory(prefix="solitaire-lite-") as scratch:
        stage = Path(scratch)
        staged_sources(stage, output, wheel)
        jupyter = Path(sys.executable).with_name("jupyter")
        # In the stage, where it keeps its task database too.
        run(jupyter, "lite", "build", "--lite-dir", stage, cwd=stage)
    print(f"built {output}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--output", type=Path, default=DEFAULT_OUTPUT, help="where the site goes")
    parser.add_argument("--wheel", type=Path, help="the package's pure-Python wheel, built already")
    arguments = parser.parse_args()
    build(arguments.output.resolve(), arguments.wheel and arguments.wheel.resolve())


if __name__ == "__main__":
    main()
