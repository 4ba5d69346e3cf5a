"""Whether this Python can start threads and processes of the package's own."""

from __future__ import annotations

import sys

CAN_START_WORKERS = sys.platform not in ("emscripten", "wasi")
"""False where Python can start neither a thread nor a process: in a browser (Pyodide, as in
JupyterLite). There the package's own pools and workers give way to work done in turn, in
this thread: ``executor=None`` plays ``"serial"``, a deal's ``time_limit`` is not enforced (its
watchdog is a thread), and the widget's aids and runs work in the kernel."""
