"""The apps the browser tests open outside JupyterLab (a marimo app, a Voila app): a server
started on loopback in a folder of its own, a page of the test's own that reaches nothing but
this machine, and a screenshot when the test fails."""

from __future__ import annotations

import contextlib
import os
import subprocess
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator, Mapping, Sequence
from pathlib import Path

from harness import REPO_ROOT, end_process_group, free_port, launch, tail
from playwright.sync_api import BrowserContext, Page, Route
from playwright.sync_api import Error as PlaywrightError

LOOPBACK = {"127.0.0.1", "localhost", "[::1]", "::1"}


class AppServer:
    """A server process on 127.0.0.1:``port``, its output in ``workdir``, stopped with its
    children. It sees the checkout on ``PYTHONPATH``, no game library
    (``SOLITAIRE_WIDGET_LIBRARY=off``) and configuration folders of its own under
    ``workdir``, so it neither reads nor writes the user's."""

    def __init__(self, workdir: Path, name: str, env: Mapping[str, str] | None = None):
        self.workdir = Path(workdir)
        self.port = free_port()
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.workdir / f"{name}-{self.port}.log"
        self._env = dict(env or {})
        self._process: subprocess.Popen | None = None

    def _environment(self) -> dict[str, str]:
        env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "JPY_"))}
        for variable, folder in (
            ("XDG_CONFIG_HOME", "config"),
            ("XDG_CACHE_HOME", "cache"),
            ("XDG_STATE_HOME", "state"),
            ("JUPYTER_CONFIG_DIR", "jupyter-config"),
            ("JUPYTER_RUNTIME_DIR", "jupyter-runtime"),
            ("IPYTHONDIR", "ipython"),
        ):
            path = self.workdir / folder
            path.mkdir(parents=True, exist_ok=True)
            env[variable] = str(path)
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
        env["SOLITAIRE_WIDGET_LIBRARY"] = "off"
        env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        env.update(self._env)
        return env

    def start(self, command: Sequence[str], timeout: float = 120.0) -> AppServer:
        """Run ``command`` (which must listen on ``self.port``) and return once its page answers."""
        self.workdir.mkdir(parents=True, exist_ok=True)
        self._process = launch(command, self.workdir, self._environment(), self.log_path)
        deadline = time.monotonic() + timeout
        while True:
            if self._process.poll() is not None:
                raise RuntimeError(
                    f"{command[:4]} exited with {self._process.returncode}:\n{self.log_tail()}"
                )
            try:
                with urllib.request.urlopen(self.base_url + "/", timeout=10) as answer:
                    if answer.status == 200:
                        return self
            except (urllib.error.URLError, ConnectionError, TimeoutError):
                pass
            if time.monotonic() > deadline:
                self.stop()
                raise RuntimeError(f"{command[:4]} did not answer within {timeout:.0f} s:\n{self.log_tail()}")
            time.sleep(0.2)

    def stop(self) -> None:
        """End the server's process group (its kernels with it)."""
        process, self._process = self._process, None
        if process is None:
            return
        end_process_group(process)

    def log_tail(self, lines: int = 40) -> str:
        return tail(self.log_path, lines)


def keep_on_loopback(page: Page) -> list[str]:
    """Let ``page`` load only from this machine: every request elsewhere (a CDN) is aborted,
    and its address added to the list returned."""
    refused: list[str] = []

    def route(request: Route) -> None:
        url = request.request.url
        host = urllib.parse.urlsplit(url).hostname
        if url.startswith(("data:", "blob:")) or host in LOOPBACK:
            request.continue_()
        else:
            refused.append(url)
            request.abort()

    page.route("**/*", route)
    return refused


@contextlib.contextmanager
def screenshot_on_failure(page: Page, failure_screenshot: Path) -> Iterator[None]:
    """When the block fails (its deadline included), ``page`` is saved to
    ``failure_screenshot`` before the failure goes on."""
    try:
        yield
    except BaseException:
        failure_screenshot.parent.mkdir(parents=True, exist_ok=True)
        with contextlib.suppress(PlaywrightError):  # the page may be what broke
            page.screenshot(path=failure_screenshot)
        raise


@contextlib.contextmanager
def own_page(context: BrowserContext, failure_screenshot: Path) -> Iterator[Page]:
    """A new page, closed afterwards; when the block fails (its deadline included) the page
    is saved to ``failure_screenshot`` first."""
    page = context.new_page()
    try:
        with screenshot_on_failure(page, failure_screenshot):
            yield page
    finally:
        page.close()
