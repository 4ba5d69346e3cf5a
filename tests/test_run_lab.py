"""``./run lab`` as a newcomer meets it: JupyterLab starts (as root too, as in most
containers, where it would otherwise stop at "Running as root is not recommended"), and its
first start asks no question about news, set in the project's own environment."""

from __future__ import annotations

import json
import os
import signal
import socket
import subprocess
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow

ROOT = Path(__file__).resolve().parents[1]
NEWS_SETTINGS = "lab/api/settings/@jupyterlab/apputils-extension:notification"
STARTUP_GUARD = 180.0
"""Seconds after which a server that never answered is a failure (a guard, not a measure)."""


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


def answer(url: str) -> dict[str, object] | None:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return json.load(response)  # type: ignore[no-any-return]
    except (urllib.error.URLError, ConnectionError):
        return None


def test_run_lab_starts_jupyterlab_with_no_news_question(tmp_path):
    port, token = free_port(), "run-lab-test"
    server = subprocess.Popen(
        [
            "bash",
            str(ROOT / "run"),
            "lab",
            "--no-browser",
            f"--ServerApp.port={port}",
            "--ServerApp.ip=127.0.0.1",
            f"--IdentityProvider.token={token}",
            f"--ServerApp.root_dir={ROOT}",
        ],
        env={**os.environ, "JUPYTER_RUNTIME_DIR": str(tmp_path / "runtime")},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    base = f"http://127.0.0.1:{port}"
    try:
        guard = time.monotonic() + STARTUP_GUARD
        status = None
        while status is None and server.poll() is None and time.monotonic() < guard:
            status = answer(f"{base}/api/status?token={token}")
            if status is None:
                time.sleep(0.5)  # polling a server that is starting: nothing to wait on
        assert status is not None, f"JupyterLab did not start: {server.poll()=}"
        settings = answer(f"{base}/{NEWS_SETTINGS}?token={token}")
        assert settings is not None, "no answer"
        # The override becomes the setting's default, which JupyterLab's own is "none": ask.
        assert settings["schema"]["properties"]["fetchNews"]["default"] == "false"  # type: ignore[index]
    finally:
        os.killpg(server.pid, signal.SIGTERM)
        _, said = server.communicate(timeout=60)
    assert "Running as root is not recommended" not in said
