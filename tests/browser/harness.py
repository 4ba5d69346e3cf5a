"""JupyterLab + Chromium harness shared by the browser tests and ``benchmarks/widget.py``.

``JupyterServer`` runs a private, offline JupyterLab (its own config, data, runtime and
settings directories under a temporary folder, a kernelspec that points at the Python
running this code, the checkout on ``PYTHONPATH``). ``launch_chromium`` starts Debian's
Chromium through Playwright. ``NotebookPage`` drives one notebook in JupyterLab or
Jupyter Notebook 7: run every cell, run one more cell and read what it prints, and read the
solitaire board that the widget drew.

Every wait here is for a condition (in the page, or the server's answer to a poll), never
for a fixed time, so the helpers hold on a slow, loaded machine; Playwright's own timeout
or an explicit deadline bounds each wait.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import secrets
import signal
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.request
from collections.abc import Iterable, Iterator, Sequence
from pathlib import Path
from typing import Any

import nbformat
from playwright.sync_api import Browser, Locator, Page, Playwright, expect

REPO_ROOT = Path(__file__).resolve().parents[2]
CHROMIUM = "/usr/bin/chromium"
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
KERNELSPEC = {"name": "python3", "display_name": "Python 3", "language": "python"}

# The widget's root element carries the state version it shows; every pile and card inside
# carries data-pile / data-card (set by js/board.js).
ROOT = "[data-version]"
PILE = "[data-pile]"
CARD = "[data-card]"

# JupyterLab settings that keep it quiet and offline and make the page deterministic:
# no news, no update checks, no toasts; every cell stays in the DOM (no virtual
# windowing), so a widget scrolled out of view is still there to read.
QUIET_SETTINGS: dict[str, dict[str, Any]] = {
    "@jupyterlab/apputils-extension:notification": {
        "fetchNews": "false",
        "checkForUpdates": False,
        "doNotDisturbMode": True,
    },
    "@jupyterlab/notebook-extension:tracker": {"windowingMode": "none"},
    "@jupyterlab/docmanager-extension:plugin": {"autosave": False},
}


# A cell that shows the Klondike deal most tests play.
KLONDIKE_SEED_3 = "import solitaire_widget as sw\nw = sw.SolitaireWidget('klondike', seed=3)\nw"


def free_port() -> int:
    """A TCP port on 127.0.0.1 that nothing listens on right now."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def launch(command: Sequence[str], cwd: Path, env: dict[str, str], log_path: Path) -> subprocess.Popen:
    """Start a server: ``command`` in a process group of its own (so that stopping it stops
    its kernels), its output into ``log_path``."""
    with log_path.open("wb") as log:  # the server keeps its own copy of the file
        return subprocess.Popen(
            list(command),
            cwd=cwd,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )


def end_process_group(process: subprocess.Popen) -> None:
    """End ``process`` and every process of its group (a server and its kernels): politely,
    then for sure."""
    for sig, grace in ((signal.SIGTERM, 15), (signal.SIGKILL, 5)):
        try:
            os.killpg(process.pid, sig)
        except ProcessLookupError:
            break
        try:
            process.wait(grace)
            break
        except subprocess.TimeoutExpired:
            continue


def tail(log: Path, lines: int = 40) -> str:
    """The last ``lines`` lines of the ``log`` file ("" before it exists)."""
    if not log.exists():
        return ""
    return "\n".join(log.read_text(errors="replace").splitlines()[-lines:])


def write_notebook(path: Path, cells: Iterable[str]) -> Path:
    """Write a notebook of code cells at ``path``, with the kernelspec JupyterLab needs to
    start the kernel without asking."""
    notebook = nbformat.v4.new_notebook()
    notebook.metadata["kernelspec"] = dict(KERNELSPEC)
    notebook.metadata["language_info"] = {"name": "python"}
    notebook.cells = [nbformat.v4.new_code_cell(source) for source in cells]
    nbformat.write(notebook, path)
    return path


class JupyterServer:
    """A JupyterLab server of our own, started in ``workdir`` and stopped with its children.

    ``settings`` are extra JupyterLab setting overrides (plugin id -> values), merged over
    ``QUIET_SETTINGS``; they apply to every page the server serves. ``extra_args`` go on the
    command line. Two servers may share a ``workdir``: they then share notebooks, settings
    and the key that marks saved notebooks as trusted.
    """

    def __init__(
        self,
        workdir: Path,
        settings: dict[str, dict[str, Any]] | None = None,
        extra_args: Iterable[str] = (),
    ):
        self.workdir = Path(workdir)
        self.root_dir = self.workdir / "notebooks"
        self.port = free_port()
        self.token = secrets.token_hex(16)
        self.base_url = f"http://127.0.0.1:{self.port}"
        self.log_path = self.workdir / f"jupyter-{self.port}.log"
        self._settings = {**QUIET_SETTINGS, **(settings or {})}
        self._extra_args = list(extra_args)
        self._process: subprocess.Popen | None = None

    # ------------------------------------------------------------------ start and stop
    def _prepare_dirs(self) -> dict[str, str]:
        dirs = {
            "JUPYTER_CONFIG_DIR": self.workdir / "config",
            "JUPYTER_DATA_DIR": self.workdir / "data",
            "JUPYTER_RUNTIME_DIR": self.workdir / "runtime",
            "JUPYTERLAB_SETTINGS_DIR": self.workdir / "lab-user-settings",
            "JUPYTERLAB_WORKSPACES_DIR": self.workdir / "lab-workspaces",
            "IPYTHONDIR": self.workdir / "ipython",
        }
        for path in [*dirs.values(), self.root_dir, self.app_settings_dir]:
            path.mkdir(parents=True, exist_ok=True)
        # The kernel must be the interpreter running this code, whatever "python" is on PATH.
        kernel_dir = dirs["JUPYTER_DATA_DIR"] / "kernels" / KERNELSPEC["name"]
        kernel_dir.mkdir(parents=True, exist_ok=True)
        (kernel_dir / "kernel.json").write_text(
            json.dumps(
                {
                    "argv": [sys.executable, "-m", "ipykernel_launcher", "-f", "{connection_file}"],
                    "display_name": KERNELSPEC["display_name"],
                    "language": KERNELSPEC["language"],
                    "metadata": {"debugger": False},
                }
            )
        )
        (self.app_settings_dir / "overrides.json").write_text(json.dumps(self._settings, indent=1))
        return {name: str(path) for name, path in dirs.items()}

    @property
    def library_path(self) -> Path:
        """The game library the kernels of this server record into (SOLITAIRE_WIDGET_LIBRARY)."""
        return self.workdir / "library.sqlite3"

    @property
    def app_settings_dir(self) -> Path:
        return self.workdir / "lab-app-settings"

    def start(self, timeout: float = 120.0) -> JupyterServer:
        """Start JupyterLab and return once its REST API answers."""
        env = {key: value for key, value in os.environ.items() if not key.startswith(("JUPYTER", "JPY_"))}
        env.update(self._prepare_dirs())
        env["PYTHONPATH"] = os.pathsep.join(filter(None, [str(REPO_ROOT), os.environ.get("PYTHONPATH")]))
        env["PYDEVD_DISABLE_FILE_VALIDATION"] = "1"
        # Boards in the kernels record into a library of this server's own, never the user's.
        env["SOLITAIRE_WIDGET_LIBRARY"] = str(self.library_path)
        command = [
            sys.executable,
            "-m",
            "jupyter",
            "lab",
            "--no-browser",
            "--ip=127.0.0.1",
            f"--port={self.port}",
            "--port-retries=0",
            f"--IdentityProvider.token={self.token}",  # ServerApp.token, minus its deprecation warning
            f"--ServerApp.root_dir={self.root_dir}",
            "--ServerApp.open_browser=False",
            "--LabApp.news_url=None",
            "--LabApp.check_for_updates_class=jupyterlab.NeverCheckForUpdate",
            "--LabApp.extension_manager=readonly",
            # window.jupyterapp: tests open notebooks in a running JupyterLab instead of
            # loading the whole application again for each one.
            "--LabApp.expose_app_in_browser=True",
            f"--LabApp.app_settings_dir={self.app_settings_dir}",
            f"--JupyterNotebookApp.app_settings_dir={self.app_settings_dir}",
        ]
        if os.geteuid() == 0:  # containers and CI run as root
            command.append("--allow-root")
        command += self._extra_args
        self._process = launch(command, self.root_dir, env, self.log_path)
        deadline = time.monotonic() + timeout
        while True:
            if self._process.poll() is not None:
                raise RuntimeError(f"JupyterLab exited with {self._process.returncode}:\n{self.log_tail()}")
            try:
                self.api("GET", "api/status", timeout=2)
                return self
            except (OSError, urllib.error.URLError):
                if time.monotonic() > deadline:
                    self.stop()
                    raise RuntimeError(
                        f"JupyterLab did not answer within {timeout:.0f} s:\n{self.log_tail()}"
                    ) from None
                time.sleep(0.2)

    def stop(self) -> None:
        """Shut every kernel down, then end the server's process group."""
        process, self._process = self._process, None
        if process is None:
            return
        if process.poll() is None:
            # The server is going away anyway; its process group goes next.
            with contextlib.suppress(OSError, urllib.error.URLError):
                self.shutdown_kernels()
        end_process_group(process)

    def log_tail(self, lines: int = 40) -> str:
        return tail(self.log_path, lines)

    # ------------------------------------------------------------------ REST and URLs
    def url(self, path: str) -> str:
        """The address of ``path`` on this server, with the token that logs the browser in."""
        separator = "&" if "?" in path else "?"
        return f"{self.base_url}/{path.lstrip('/')}{separator}token={self.token}"

    def api(self, method: str, path: str, body: Any = None, timeout: float = 30) -> Any:
        """Call the server's REST API; the decoded JSON answer (None when empty)."""
        data = None if body is None else json.dumps(body).encode()
        request = urllib.request.Request(
            f"{self.base_url}/{path.lstrip('/')}",
            data=data,
            method=method,
            headers={"Authorization": f"token {self.token}", "Content-Type": "application/json"},
        )
        with urllib.request.urlopen(request, timeout=timeout) as answer:
            payload = answer.read()
        return json.loads(payload) if payload else None

    def shutdown_kernels(self) -> None:
        """End every session and kernel (each test starts from a quiet server)."""
        for session in self.api("GET", "api/sessions"):
            self.api("DELETE", f"api/sessions/{session['id']}")
        for kernel in self.api("GET", "api/kernels"):
            self.api("DELETE", f"api/kernels/{kernel['id']}")

    def set_user_setting(self, plugin: str, values: dict[str, Any]) -> None:
        """Save ``values`` as the user's settings of ``plugin`` (as the Settings Editor does);
        pages opened afterwards use them."""
        self.api("PUT", f"lab/api/settings/{plugin}", {"raw": json.dumps(values)})


def launch_chromium(playwright: Playwright, **options: Any) -> Browser:
    """Debian's Chromium, headless, without any network traffic of its own."""
    return playwright.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS, **options)


def shown_piles(position: dict[str, Any]) -> dict[str, list[str]]:
    """What a board showing ``position`` (a position dict) must mark: every pile id with its
    cards bottom to top, ``"down"`` for a face-down card (stock cards are face down)."""
    piles = {"stock": ["down"] * len(position["stock"]), "waste": list(position["waste"])}
    for number, cards in enumerate(position["foundations"]):
        piles[f"foundation/{number}"] = list(cards)
    for number, pile in enumerate(position["tableau"]):
        piles[f"tableau/{number}"] = ["down"] * len(pile["down"]) + list(pile["up"])
    return piles


# The in-page reader of the board: every pile with its cards in DOM order (bottom to top).
_READ_BOARD = """root => {
    const board = {};
    for (const pile of root.querySelectorAll('[data-pile]')) {
        board[pile.dataset.pile] = [...pile.querySelectorAll('[data-card]')].map(card => card.dataset.card);
    }
    return {version: Number(root.dataset.version), piles: board};
}"""


class CellError(AssertionError):
    """A cell run through ``NotebookPage.run_cell`` raised; the message is its traceback."""


class NotebookPage:
    """One notebook open in a browser page, in JupyterLab (``ui="lab"``) or Notebook 7
    (``ui="notebook"``)."""

    def __init__(self, page: Page, server: JupyterServer, ui: str = "lab"):
        if ui not in ("lab", "notebook"):
            raise ValueError(f"ui must be 'lab' or 'notebook', not {ui!r}")
        self.page = page
        self.server = server
        self.ui = ui
        self.name: str | None = None

    # ------------------------------------------------------------------ opening and running
    def open(self, name: str) -> NotebookPage:
        """Open the notebook ``name`` (relative to the server's root) and wait until its
        kernel is connected and idle. In a page already running JupyterLab the notebook
        opens in it; otherwise the page loads JupyterLab (or Notebook 7) on it."""
        if self.ui == "lab" and self.page.evaluate("() => Boolean(window.jupyterapp)"):
            self.page.evaluate(
                "path => window.jupyterapp.commands.execute('docmanager:open', {path, factory: 'Notebook'})",
                name,
            )
        elif self.ui == "lab":
            # ?reset: a fresh workspace, so notebooks of earlier runs do not reopen.
            self.page.goto(self.server.url(f"lab/tree/{name}?reset"))
        else:
            self.page.goto(self.server.url(f"notebooks/{name}"))
        self.page.locator(".jp-NotebookPanel:visible .jp-Notebook .jp-Cell").first.wait_for()
        self.wait_for_kernel_idle(name)
        self.name = name
        return self

    def close_all(self) -> None:
        """Close every document in JupyterLab without asking to save (the next test's
        notebook then is the only one on the page)."""
        self.page.evaluate(
            """() => {
                for (const widget of [...window.jupyterapp.shell.widgets('main')]) {
                    if (widget.context) widget.context.model.dirty = false;
                    widget.dispose();
                }
            }"""
        )

    @property
    def notebook(self) -> Locator:
        return self.page.locator(".jp-NotebookPanel:visible .jp-Notebook")

    def wait_for_kernel_idle(self, name: str, timeout: float = 60.0) -> None:
        """Wait until the notebook ``name`` has its kernel, connected to this page and idle.

        The toolbar alone can show the preferred kernel's name and "Idle" before the kernel
        exists, so the server's word that the page is connected is awaited first.
        """
        deadline = time.monotonic() + timeout
        while not any(
            session["path"] == name
            and session["kernel"]["connections"] > 0
            and session["kernel"]["execution_state"] == "idle"
            for session in self.server.api("GET", "api/sessions")
        ):
            if time.monotonic() > deadline:
                raise AssertionError(f"the kernel of {name} did not start within {timeout:.0f} s")
            time.sleep(0.1)
        self.page.wait_for_function(
            """() => {
                const panel = [...document.querySelectorAll('.jp-NotebookPanel')].find(p => p.offsetParent);
                const name = panel && panel.querySelector('.jp-KernelName');
                const status = panel && panel.querySelector('.jp-Notebook-ExecutionIndicator');
                return Boolean(name && status) && name.textContent.trim() !== 'No Kernel'
                    && /Kernel status: Idle/.test(status.textContent);
            }"""
        )

    def save(self) -> None:
        """Save the notebook with File > Save Notebook and wait until the save has finished:
        JupyterLab's document context reports "completed" once the server has answered the
        save request, that is once the file is written.

        Nothing may read the notebook through the server while it is being saved: the server
        truncates the file, then writes it, and a read that finds it half written makes the
        server "recover" it by putting the previous version back and moving the one being
        written aside (to ``<name>.invalid``), so the save is lost or the file is gone.
        """
        self.page.evaluate(
            """() => {
                const context = window.jupyterapp.shell.currentWidget.context;
                const save = {path: context.path, outcome: null};
                const settle = (_, state) => {
                    if (state === 'started') return;
                    save.outcome = state;
                    context.saveState.disconnect(settle);
                };
                context.saveState.connect(settle);
                window.__solitaireSave = save;
            }"""
        )
        self.menu("File", "Save Notebook")
        self.page.wait_for_function("() => window.__solitaireSave.outcome !== null")
        save = self.page.evaluate("() => window.__solitaireSave")
        if save["outcome"] != "completed":
            raise AssertionError(f"saving {save['path']} {save['outcome']}:\n{self.server.log_tail()}")

    def menu(self, *path: str) -> None:
        """Click through the main menu, e.g. ``menu("Run", "Run All Cells")``."""
        self.page.locator(".lm-MenuBar-item", has_text=re.compile(f"^{re.escape(path[0])}$")).click()
        for label in path[1:]:
            self.page.locator(
                ".lm-Menu:visible .lm-Menu-item",
                has=self.page.locator(".lm-Menu-itemLabel", has_text=re.compile(f"^{re.escape(label)}$")),
            ).click()

    def run_all(self) -> None:
        """Run every cell and wait until each has run."""
        self.menu("Run", "Run All Cells")
        self.wait_for_cells_done()

    def wait_for_cells_done(self) -> None:
        prompts = self.notebook.locator(".jp-CodeCell .jp-InputArea-prompt")
        self.page.wait_for_function(
            "prompts => prompts.length > 0 && prompts.every(p => /^\\[\\d+\\]:$/.test(p.textContent.trim()))",
            arg=prompts.element_handles(),
        )

    def run_cell(self, code: str) -> str:
        """Append a code cell with ``code``, run it, and return what it printed (stdout).

        Raises ``CellError`` with the traceback when the cell raises.
        """
        cells = self.notebook.locator(".jp-Cell")
        count = cells.count()
        cells.nth(count - 1).locator(".jp-InputArea-prompt").click()  # the last cell is active
        self.page.locator(
            ".jp-NotebookPanel:visible .jp-NotebookPanel-toolbar [data-command='notebook:insert-cell-below']"
        ).click()
        cell = cells.nth(count)
        cell.locator(".cm-content").click()
        self.page.keyboard.insert_text(code)
        self.page.keyboard.press("Control+Enter")  # run in place (no extra empty cell)
        prompt = cell.locator(".jp-InputArea-prompt")
        self.page.wait_for_function(
            "prompt => /^\\[\\d+\\]:$/.test(prompt.textContent.trim())", arg=prompt.element_handle()
        )
        errors = cell.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr']")
        if errors.count():
            raise CellError(f"cell failed:\n{code}\n---\n" + "\n".join(errors.all_inner_texts()))
        texts = cell.locator(".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stdout']")
        return "".join(texts.all_text_contents())

    @contextlib.contextmanager
    def game_held(self, folder: Path, then: str = "", widget: str = "w") -> Iterator[None]:
        """Keep the board's game busy while the block runs, as a long cell playing on
        ``w.game`` would: the kernel runs a loop holding the game's lock, so what the view
        sends meanwhile waits, whether JupyterLab delivers it on a kernel subshell (its
        default: the intent waits for the lock) or on the main shell (it queues behind the
        loop). On release the kernel runs ``then`` (code) still holding the lock, and only
        after it the intents that waited.

        The loop is sent straight to this notebook's kernel from the page (not a cell). It
        writes a file in ``folder`` once it holds the lock, which the block waits for, and it
        ends when the block has ended, not after a fixed time that a slow machine could use
        up before the block is done.
        """
        token = secrets.token_hex(4)
        held, release = folder / f"game-held-{token}", folder / f"release-the-game-{token}"
        body = f"\n    {then}" if then else ""
        code = (
            f"import pathlib, time\nwith {widget}.game.lock:\n    pathlib.Path({str(held)!r}).touch()\n"
            f"    while not pathlib.Path({str(release)!r}).exists():\n        time.sleep(0.02){body}"
        )
        self.run_code_in_background(code)
        try:
            wait_for_file(held)
            yield
        finally:
            release.touch()

    def run_code_in_background(self, code: str) -> None:
        """Send ``code`` straight to this notebook's kernel, as a cell would run it, without
        waiting for it (nothing shows in the notebook)."""
        self.page.evaluate(
            """([code, path]) => {
                const panels = [...window.jupyterapp.shell.widgets('main')];
                const panel = panels.find(w => w.context?.path === path);
                panel.sessionContext.session.kernel.requestExecute({code});
            }""",
            [code, self.name],
        )

    def python_json(self, expression: str) -> Any:
        """The value of the Python ``expression`` in the kernel, sent through JSON."""
        return json.loads(self.run_cell(f"import json as _json\nprint(_json.dumps({expression}))"))

    # ------------------------------------------------------------------ the widget
    def widget(self, index: int = 0) -> Locator:
        """The root element of the ``index``-th solitaire widget in the notebook."""
        return self.notebook.locator(ROOT).nth(index)

    def wait_for_widget(self, index: int = 0) -> Locator:
        """Wait until the ``index``-th widget has drawn its piles; return its root."""
        root = self.widget(index)
        root.locator(PILE).first.wait_for()
        return root

    def version(self, index: int = 0) -> int:
        return int(self.widget(index).get_attribute("data-version"))

    def wait_for_version(self, after: int, index: int = 0) -> int:
        """Wait until the widget shows a state newer than ``after``; return its version."""
        self.page.wait_for_function(
            "([root, after]) => Number(root.dataset.version) > after",
            arg=[self.widget(index).element_handle(), after],
        )
        return self.version(index)

    def board(self, index: int = 0) -> dict[str, Any]:
        """What the widget shows: ``{"version": v, "piles": {pile id: [card, ...]}}`` with
        each pile's cards bottom to top and face-down cards as ``"down"``."""
        return self.widget(index).evaluate(_READ_BOARD)

    def pile(self, pile_id: str, index: int = 0) -> Locator:
        return self.widget(index).locator(f'[data-pile="{pile_id}"]')

    def python_state(self, widget: str = "w") -> dict[str, Any]:
        """The kernel's side: ``{"version", "status", "message", "position"}`` of the widget
        named ``widget``, the position being ``game.to_dict()``."""
        return self.python_json(
            f"{{'version': {widget}.state['version'], 'status': {widget}.state['status'], "
            f"'message': {widget}.state['message'], 'position': {widget}.game.to_dict()}}"
        )

    def assert_board_matches_python(self, widget: str = "w", index: int = 0) -> dict[str, Any]:
        """Check that the board on screen shows exactly the kernel's game; return the kernel's side."""
        python = self.python_state(widget)
        board = self.board(index)
        assert board["version"] == python["version"], (board["version"], python["version"])
        expected = shown_piles(python["position"])
        assert board["piles"] == expected, _differences(board["piles"], expected)
        return python

    # ------------------------------------------------------------------ playing on the board
    def pile_cards(self, pile_id: str, index: int = 0) -> Locator:
        return self.pile(pile_id, index).locator(CARD)

    def source_card(self, source: str, count: int = 1, index: int = 0) -> Locator:
        """The card a move of ``count`` cards from ``source`` takes hold of: the top card,
        or for a run the lowest card of the run."""
        cards = self.pile_cards(source, index)
        total = cards.count()
        if total < count:
            raise AssertionError(f"{source} shows {total} cards, fewer than the {count} to move")
        return cards.nth(total - count)

    def target_spot(self, target: str, index: int = 0) -> Locator:
        """Where to point at ``target``: its top card, or the empty pile itself."""
        cards = self.pile_cards(target, index)
        total = cards.count()
        return cards.nth(total - 1) if total else self.pile(target, index)

    def click_pile(self, pile_id: str, index: int = 0) -> None:
        """Click a pile (its top card when it has one): the stock draws or redeals."""
        self.target_spot(pile_id, index).click()

    def click_move(self, source: str, target: str, count: int = 1, index: int = 0) -> None:
        """Play by clicking the card, then the pile it goes to."""
        card = self.source_card(source, count, index)
        card.click(position=self._top_strip(card))
        self.target_spot(target, index).click()

    def drag_move(self, source: str, target: str, count: int = 1, index: int = 0) -> None:
        """Play by dragging the card onto the pile it goes to (press, move in steps, release)."""
        start = self._centre(self.source_card(source, count, index), top=True)
        end = self._centre(self.target_spot(target, index))
        mouse = self.page.mouse
        mouse.move(*start)
        mouse.down()
        mouse.move(end[0], end[1], steps=12)
        mouse.up()

    def keyboard_move(self, source: str, target: str, count: int = 1, index: int = 0) -> None:
        """Play with the keyboard: focus the source pile, Enter, arrow keys to the target, Enter.

        Enter picks up the longest run that may move; Shift+Down shortens it to ``count``.
        """
        self.pile(source, index).focus()
        self.page.keyboard.press("Enter")
        for _ in range(52):
            held = self.widget(index).locator(".sw-card--held").count()
            if held <= count:
                break
            self.page.keyboard.press("Shift+ArrowDown")
        for _ in range(40):  # more than any two piles are apart
            focused = self.focused_pile()
            if focused == target:
                break
            self.page.keyboard.press(self._arrow_towards(focused, target))
        else:
            raise AssertionError(f"the arrow keys did not reach {target} from {source}")
        self.page.keyboard.press("Enter")

    def double_click(self, pile_id: str, index: int = 0) -> None:
        """Double-click the top card of ``pile_id`` (sends it to a foundation)."""
        cards = self.pile_cards(pile_id, index)
        cards.nth(cards.count() - 1).dblclick()

    def undo_button(self, index: int = 0) -> Locator:
        return self.widget(index).locator(".sw-toolbar [data-action='undo']")

    def focused_pile(self) -> str | None:
        return self.page.evaluate(
            "() => { const p = document.activeElement && document.activeElement.closest('[data-pile]');"
            " return p ? p.dataset.pile : null; }"
        )

    @staticmethod
    def _arrow_towards(current: str | None, target: str) -> str:
        """The arrow key that brings focus one pile nearer ``target``: the board's rows are
        stock, waste and foundations on top, the tableau below."""
        if current is None:
            raise AssertionError("no pile has the keyboard focus")

        def place(pile: str) -> tuple[int, int]:
            kind, _, number = pile.partition("/")
            if kind == "tableau":
                return 1, int(number)
            return 0, {"stock": 0, "waste": 1}.get(kind, 2 + int(number or 0))

        (row, column), (target_row, target_column) = place(current), place(target)
        if row != target_row:
            return "ArrowDown" if target_row > row else "ArrowUp"
        return "ArrowRight" if target_column > column else "ArrowLeft"

    @staticmethod
    def _top_strip(card: Locator) -> dict[str, float]:
        """A point on the part of ``card`` that the cards fanned over it leave visible."""
        box = card.bounding_box()
        if box is None:
            raise AssertionError(f"{card} is not on screen")
        return {"x": box["width"] / 2, "y": min(8, box["height"] / 2)}

    def _centre(self, locator: Locator, top: bool = False) -> tuple[float, float]:
        """The middle of an element (with ``top``, of its visible top strip, for a card that
        others overlap)."""
        locator.scroll_into_view_if_needed()
        box = locator.bounding_box()
        if box is None:
            raise AssertionError(f"{locator} is not on screen")
        y = box["y"] + (min(8, box["height"] / 2) if top else box["height"] / 2)
        return box["x"] + box["width"] / 2, y


def wait_for_file(path: Path, timeout: float = 30.0) -> None:
    """Wait until ``path`` exists (a kernel's sign that it has got so far)."""
    deadline = time.monotonic() + timeout
    while not path.exists():
        if time.monotonic() > deadline:
            raise AssertionError(f"{path.name} did not appear within {timeout} s")
        time.sleep(0.02)


def _differences(shown: dict[str, list[str]], expected: dict[str, list[str]]) -> str:
    lines = ["the board differs from the kernel's game:"]
    for pile in sorted(set(shown) | set(expected)):
        if shown.get(pile) != expected.get(pile):
            lines.append(f"  {pile}: board {shown.get(pile)} != kernel {expected.get(pile)}")
    return "\n".join(lines)


def saved_widget_state(server: JupyterServer, name: str, version: int) -> dict:
    """The solitaire ``state`` of ``version`` in the notebook file ``name``, read once the
    save has finished (``NotebookPage.save``)."""
    metadata = server.api("GET", f"api/contents/{name}")["content"]["metadata"]
    models = metadata.get("widgets", {}).get("application/vnd.jupyter.widget-state+json", {}).get("state", {})
    for model in models.values():
        state = model.get("state", {}).get("state")
        if isinstance(state, dict) and state.get("version") == version:
            return state
    raise AssertionError(f"{name} was not saved with the widget state: {json.dumps(metadata)[:500]}")


def save_after_one_move(page: Page, server: JupyterServer, name: str) -> tuple[NotebookPage, dict, dict]:
    """Open a new notebook ``name`` showing ``KLONDIKE_SEED_3``, draw a card, save it with
    its widget state; return the page, the position played (as Python has it) and the
    state saved in the file."""
    write_notebook(server.root_dir / name, [KLONDIKE_SEED_3])
    notebook = NotebookPage(page, server).open(name)
    notebook.run_all()
    notebook.wait_for_widget()
    notebook.click_pile("stock")
    notebook.wait_for_version(1)
    played = notebook.assert_board_matches_python()
    notebook.save()
    return notebook, played, saved_widget_state(server, name, played["version"])


DARK, LIGHT = "JupyterLab Dark", "JupyterLab Light"
"""JupyterLab's two themes, by the names its theme command takes."""


def set_theme(notebook: NotebookPage, theme: str) -> None:
    """Switch JupyterLab to ``theme`` (``LIGHT`` or ``DARK``) and wait until its styles apply."""
    notebook.page.evaluate(
        "theme => window.jupyterapp.commands.execute('apputils:change-theme', {theme})", theme
    )
    light = "true" if theme == LIGHT else "false"
    notebook.page.wait_for_function("light => document.body.dataset.jpThemeLight === light", arg=light)
    # JupyterLab shows its splash over the page while the theme's styles load.
    notebook.page.wait_for_function("() => !document.querySelector('#jupyterlab-splash')")


PICTURE = re.compile(
    r"^This is a picture of the board, saved with the notebook: it does not play here\. "
    r"To play, run the notebook in Jupyter, or open it in JupyterLite"
)


def assert_a_picture(root: Locator) -> None:
    """A board drawn from saved widget state looks static: it says it is a picture and how
    to play, offers no control, waits for nothing, shows no clock, and a click moves nothing."""
    expect(root).to_have_attribute("data-kernel", "picture")
    expect(root.locator(".sw-no-kernel")).to_be_visible()
    expect(root.locator(".sw-no-kernel")).to_have_text(PICTURE)
    controls = root.locator("button, select, input")
    assert controls.count() > 5
    assert all(controls.nth(i).is_disabled() for i in range(controls.count()))
    expect(root).not_to_have_class(re.compile(r"\bsw-waiting\b"))
    expect(root.locator(".sw-timeline-waiting")).to_be_hidden()
    expect(root.locator(".sw-clock")).to_have_css("visibility", "hidden")
    before = root.evaluate("root => root.querySelector('[data-pile=\"waste\"]').innerHTML")
    root.locator('[data-pile="stock"]').click()
    root.locator('[data-pile="waste"] [data-card]').last.click()
    expect(root.locator("[aria-live]")).to_have_text(PICTURE)
    expect(root.locator(".sw-card--held")).to_have_count(0)
    assert root.evaluate("root => root.querySelector('[data-pile=\"waste\"]').innerHTML") == before
