"""How fast the widget answers in a real browser with a real kernel.

Starts JupyterLab and Chromium (the harness of the browser tests), opens a Klondike board
and plays about 50 moves on it by clicking (the stock, or a card and then its target).
For every move it measures, inside the page:

- click to first paint: from the release of the click that makes the move to the first
  animation frame after the view drew the move itself, before any answer (the root gets
  ``data-pending``; every move played here is in the state's legal list, so each is drawn
  at once);
- click to confirmed state: from the same release to the first animation frame after the
  board's root shows Python's new state version (what was called click to repaint before
  instant moves), split into the view sending the intent, the kernel's answer coming back,
  and the view drawing it;
- board render: the time the view reports for drawing the whole board from a new state
  (``data-render-ms``), and the same for ten new deals, where every card moves;
- the floor: the same click to confirmed state for a bare anywidget that only bumps a
  number, so the widget's own share shows beside what the kernel round trip and JupyterLab cost;
- bytes: the size of the websocket frames that carry the widget's comm messages (the
  intent up, the new state and the timeline row down).

Then it opens a second board on a 400-move Klondike game with 20 variations and measures
the move list: its first render (every entry), its render after a jump (``goto``), and
the comm bytes of a move played at move 400 and beyond.

Run: ``python benchmarks/widget.py`` (needs the built bundle: ``npm run build``).
"""

from __future__ import annotations

import statistics
import sys
import tempfile
import time
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parents[1]
sys.path[:0] = [str(REPO_ROOT), str(REPO_ROOT / "tests" / "browser")]

from harness import JupyterServer, NotebookPage, launch_chromium, write_notebook
from playwright.sync_api import sync_playwright

import solitaire_widget as sw

SEED = 158  # a deal where the moves chosen below are mostly card moves (35 of 50)
MOVES = 50
TARGET_FIRST_PAINT_MS = 16  # one frame at 60 Hz: no kernel round trip fits in it
TARGET_CONFIRMED_MS = 50
TARGET_RENDER_MS = 8
TARGET_BYTES = 4096
NEW_DEALS = 10
ECHOES = 30
TARGET_LIST_MS = 16
LONG_LINE = 400
VARIATIONS = 20
LATE_MOVES = 10
LONG_BOARD = 2  # the third root with a data-version: the first board, the echo widget, this one

# A 400-move line with 20 variations (random play that backs up out of dead ends; each
# variation is one other move tried at a random ply).
LONG_GAME_CELL = f"""import random
long_game = sw.Game.new('klondike', seed=5)
rng = random.Random(5)
while long_game.ply < {LONG_LINE}:
    moves = long_game.legal_moves()
    if moves:
        long_game.play(moves[rng.randrange(len(moves))])
    else:
        long_game.goto(max(long_game.ply - rng.randrange(1, 30), 0))
main_line = long_game.node
tried = 0
while tried < {VARIATIONS}:
    long_game.enter(main_line)
    long_game.goto(rng.randrange({LONG_LINE}))
    others = [m for m in long_game.legal_moves() if m != long_game.future[0]]
    if others:
        long_game.play(others[0])
        tried += 1
long_game.enter(main_line)
lw = sw.SolitaireWidget(long_game)
lw"""

# The floor under click to confirmed state on this machine: a bare anywidget whose click sends a
# message that Python answers by bumping a synced number, measured the same way. What the
# solitaire widget adds is the difference.
ECHO_CELL = '''import anywidget, traitlets

class Echo(anywidget.AnyWidget):
    _esm = """
    export default { render({ model, el }) {
        const button = document.createElement("button");
        button.className = "echo-floor";
        button.textContent = "echo";
        const show = () => { el.dataset.version = String(model.get("count")); };
        model.on("change:count", show);
        button.addEventListener("click", () => model.send({ n: model.get("count") }));
        show();
        el.append(button);
        return () => model.off("change:count", show);
    } }"""
    count = traitlets.Int(0).tag(sync=True)

    def __init__(self):
        super().__init__()
        self.on_msg(lambda _widget, _content, _buffers: setattr(self, "count", self.count + 1))

echo = Echo()
echo'''

# Before JupyterLab loads: note when a websocket frame that names the widget's comm goes
# out or comes in (``commId`` is filled in once the widget exists).
WIRE_TIMES = """(() => {
    const wire = {commId: null, sentAt: [], receivedAt: []};
    window.__solitaireWire = wire;
    const decoder = new TextDecoder();
    const text = data => typeof data === 'string' ? data
        : data instanceof ArrayBuffer || ArrayBuffer.isView(data) ? decoder.decode(data) : '';
    const names = data => wire.commId !== null && text(data).includes(wire.commId);
    const NativeWebSocket = window.WebSocket;
    const send = NativeWebSocket.prototype.send;
    NativeWebSocket.prototype.send = function (data) {
        if (names(data)) wire.sentAt.push(performance.now());
        return send.call(this, data);
    };
    window.WebSocket = class extends NativeWebSocket {
        constructor(...args) {
            super(...args);
            this.addEventListener('message', event => {
                if (names(event.data)) wire.receivedAt.push(performance.now());
            });
        }
    };
})()"""

# In the page: remember when the last click ended (the pointer's release: nothing can answer
# a click before it is complete). When the root gets a new data-pending (the view drew the
# move itself), record the time from the release to the next animation frame. When its
# data-version grows, record at the next animation frame the times from the release to the
# intent going out, to the new state coming in, and to that frame, and the render time the
# view wrote.
MEASURE = """root => {
    const bench = {pressedAt: null, samples: [], firstPaints: []};
    const wire = window.__solitaireWire;
    window.__solitaireBench = bench;
    document.addEventListener('pointerup', event => { bench.pressedAt = event.timeStamp; }, true);
    let shown = Number(root.dataset.version);
    let pending = root.dataset.pending || null;
    new MutationObserver(() => {
        const request = root.dataset.pending || null;
        if (request !== null && request !== pending) {
            const pressedAt = bench.pressedAt;
            const madeOn = shown;
            requestAnimationFrame(() => {
                bench.firstPaints.push({version: madeOn, firstPaintMs: performance.now() - pressedAt});
            });
        }
        pending = request;
        const version = Number(root.dataset.version);
        if (version <= shown) return;
        shown = version;
        const pressedAt = bench.pressedAt;
        requestAnimationFrame(() => {
            const now = performance.now();
            const sent = wire.sentAt.filter(t => t >= pressedAt).shift();
            const received = wire.receivedAt.filter(t => sent !== undefined && t >= sent).shift();
            bench.samples.push({
                version,
                confirmedMs: pressedAt === null ? null : now - pressedAt,
                toSendMs: sent === undefined ? null : sent - pressedAt,
                roundTripMs: received === undefined ? null : received - sent,
                toFrameMs: received === undefined ? null : now - received,
                renderMs: Number(root.dataset.renderMs),
            });
        });
    }).observe(root, {attributes: true, attributeFilter: ['data-version', 'data-pending']});
}"""


def plan_moves(seed: int, count: int) -> list[sw.Move]:
    """Moves a player might make: cards home first, then tableau moves that turn a card
    over, then the waste to the tableau, else the stock."""
    game = sw.Game.new("klondike", seed=seed)

    def turns_a_card(move: sw.Move) -> bool:
        pile = game.to_dict()["tableau"][int(move.source.split("/")[1])]
        return bool(pile["down"]) and move.count == len(pile["up"])

    preferences = (
        lambda m: m.target.startswith("foundation/") and not m.source.startswith("foundation/"),
        lambda m: m.source.startswith("tableau/") and m.target.startswith("tableau/") and turns_a_card(m),
        lambda m: m.source == "waste" and m.target.startswith("tableau/"),
        lambda m: m.source == "stock" or m.target == "stock",
    )
    planned: list[sw.Move] = []
    while len(planned) < count:
        legal = game.legal_moves()
        move = next((m for prefer in preferences for m in legal if prefer(m)), None)
        if move is None:
            break
        planned.append(game.play(move))
    return planned


class CommTraffic:
    """Bytes of the kernel websocket frames that carry the widget's comm messages."""

    def __init__(self) -> None:
        self.comm_id: bytes | None = None
        self.total = 0

    def watch(self, websocket) -> None:
        websocket.on("framesent", self._count)
        websocket.on("framereceived", self._count)

    def _count(self, payload) -> None:
        data = payload.encode() if isinstance(payload, str) else payload
        if self.comm_id is not None and self.comm_id in data:
            self.total += len(data)


def echo_floor(page, notebook: NotebookPage) -> list[float]:
    """Click to confirmed state times of the bare echo widget (see ``ECHO_CELL``)."""
    notebook.run_cell(ECHO_CELL)
    button = notebook.notebook.locator("button.echo-floor")
    button.wait_for()
    root = button.locator("xpath=..")
    comm_id = notebook.python_json("echo.model_id")
    page.evaluate("commId => { window.__solitaireWire.commId = commId; }", comm_id)
    root.evaluate(MEASURE)
    for count in range(ECHOES):
        button.click()
        page.wait_for_function(
            "count => window.__solitaireBench.samples.some(s => s.version > count)", arg=count
        )
    samples = page.evaluate("() => window.__solitaireBench.samples")
    return [s["confirmedMs"] for s in samples]


def long_game_figures(
    page, notebook: NotebookPage, traffic: CommTraffic
) -> tuple[float, list[float], list[int]]:
    """The move list of a 400-move game with variations: first render, renders after jumps,
    and comm bytes per move played after move 400."""
    notebook.run_cell(LONG_GAME_CELL)
    root = notebook.wait_for_widget(LONG_BOARD)
    timeline = root.locator("[data-timeline]")
    timeline.locator(f'[data-ply="{LONG_LINE}"]').wait_for()
    first = float(timeline.get_attribute("data-render-ms"))
    comm_id = notebook.python_json("lw.model_id")
    traffic.comm_id = comm_id.encode()
    version = notebook.version(LONG_BOARD)
    jumps: list[float] = []
    for ply in (0, LONG_LINE, 123, 377, 5, 250, 399, 1, 200, LONG_LINE):
        timeline.locator(f'[data-ply="{ply}"]').click()
        version = notebook.wait_for_version(version, LONG_BOARD)
        jumps.append(float(timeline.get_attribute("data-render-ms")))
    late: list[int] = []
    for _ in range(LATE_MOVES):
        before = traffic.total
        notebook.click_pile("stock", LONG_BOARD)
        version = notebook.wait_for_version(version, LONG_BOARD)
        late.append(traffic.total - before)
    return first, jumps, late


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> int:
    planned = plan_moves(SEED, MOVES)
    with tempfile.TemporaryDirectory(prefix="solitaire-bench-") as workdir:
        server = JupyterServer(Path(workdir)).start()
        try:
            with sync_playwright() as playwright:
                browser = launch_chromium(playwright)
                page = browser.new_page(viewport={"width": 1400, "height": 1000})
                page.set_default_timeout(30_000)
                traffic = CommTraffic()
                page.on("websocket", traffic.watch)
                page.add_init_script(WIRE_TIMES)
                write_notebook(
                    server.root_dir / "bench.ipynb",
                    [f"import solitaire_widget as sw\nw = sw.SolitaireWidget('klondike', seed={SEED})\nw"],
                )
                notebook = NotebookPage(page, server).open("bench.ipynb")
                notebook.run_all()
                root = notebook.wait_for_widget()
                comm_id = notebook.python_json("w.model_id")
                traffic.comm_id = comm_id.encode()
                page.evaluate("commId => { window.__solitaireWire.commId = commId; }", comm_id)
                root.evaluate(MEASURE)
                version = notebook.version()
                bytes_per_move: list[int] = []
                started = time.monotonic()
                for move in planned:
                    before = traffic.total
                    if move.source == "stock" or move.target == "stock":
                        notebook.click_pile("stock")
                    else:
                        notebook.click_move(move.source, move.target, move.count)
                    version = notebook.wait_for_version(version)
                    page.wait_for_function(
                        "version => window.__solitaireBench.samples.some(s => s.version >= version)",
                        arg=version,
                    )
                    bytes_per_move.append(traffic.total - before)
                elapsed = time.monotonic() - started
                samples = page.evaluate("() => window.__solitaireBench.samples")
                first_paints = page.evaluate("() => window.__solitaireBench.firstPaints")
                history = notebook.python_json("[str(m) for m in w.game.history]")
                # A new deal moves every card: the heaviest render the view does after its first.
                deal_renders: list[float] = []
                for _ in range(NEW_DEALS):
                    root.locator('.sw-toolbar button[data-action="new"]').click()
                    confirm = root.locator('[data-action="confirm_deal"]')
                    if confirm.is_visible():  # the board asks before abandoning a game in progress
                        confirm.click()
                    version = notebook.wait_for_version(version)
                    deal_renders.append(float(root.get_attribute("data-render-ms")))
                floor = echo_floor(page, notebook)
                long_list, jump_renders, late_bytes = long_game_figures(page, notebook, traffic)
                browser_version = browser.version
                browser.close()
        finally:
            server.stop()

    if history != [str(move) for move in planned]:
        print(f"the kernel's game does not match the moves clicked:\n{history}", file=sys.stderr)
        return 1
    confirmed = [s["confirmedMs"] for s in samples if s["confirmedMs"] is not None]
    first_paint = [s["firstPaintMs"] for s in first_paints]
    render = [s["renderMs"] for s in samples]
    card_moves = sum(1 for m in planned if m.source != "stock" and m.target != "stock")
    print(
        f"Klondike seed {SEED}: {len(planned)} moves ({card_moves} card moves, "
        f"{len(planned) - card_moves} stock clicks) in {elapsed:.1f} s; "
        f"JupyterLab + Chromium {browser_version}, {len(confirmed)} samples, "
        f"{len(first_paint)} moves drawn before the answer"
    )
    rows = [
        (
            "click to first paint (ms)",
            statistics.median(first_paint),
            percentile(first_paint, 0.95),
            f"median < {TARGET_FIRST_PAINT_MS}",
            statistics.median(first_paint) < TARGET_FIRST_PAINT_MS and len(first_paint) == len(planned),
        ),
        (
            "click to confirmed (ms)",
            statistics.median(confirmed),
            percentile(confirmed, 0.95),
            f"median < {TARGET_CONFIRMED_MS}",
            statistics.median(confirmed) < TARGET_CONFIRMED_MS,
        ),
        (
            "board render (ms)",
            statistics.median(render),
            percentile(render, 0.95),
            f"median < {TARGET_RENDER_MS}",
            statistics.median(render) < TARGET_RENDER_MS,
        ),
        (
            "new-deal render (ms)",
            statistics.median(deal_renders),
            percentile(deal_renders, 0.95),
            f"median < {TARGET_RENDER_MS}",
            statistics.median(deal_renders) < TARGET_RENDER_MS,
        ),
        (
            "comm bytes per move",
            statistics.median(bytes_per_move),
            percentile(bytes_per_move, 0.95),
            f"all < {TARGET_BYTES}",
            max(bytes_per_move) < TARGET_BYTES,
        ),
    ]
    rows += [
        (
            "list render, 400 moves (ms)",
            long_list,
            long_list,
            f"< {TARGET_LIST_MS}",
            long_list < TARGET_LIST_MS,
        ),
        (
            "list render after a jump",
            statistics.median(jump_renders),
            percentile(jump_renders, 0.95),
            f"median < {TARGET_LIST_MS}",
            statistics.median(jump_renders) < TARGET_LIST_MS,
        ),
        (
            "bytes per move at 400+",
            statistics.median(late_bytes),
            percentile(late_bytes, 0.95),
            f"all < {TARGET_BYTES}",
            max(late_bytes) < TARGET_BYTES,
        ),
    ]
    print(f"{'':28}{'median':>10}{'p95':>10}   target")
    for label, median, p95, target, met in rows:
        print(f"{label:28}{median:10.1f}{p95:10.1f}   {target:14} {'met' if met else 'MISSED'}")
    print(
        f"{'bare anywidget echo (ms)':28}{statistics.median(floor):10.1f}{percentile(floor, 0.95):10.1f}"
        "   click to confirmed state of a widget that does nothing: this machine's floor"
    )
    print("where click to confirmed state goes (ms, median / p95):")
    for label, key in (
        ("click to intent sent", "toSendMs"),
        ("intent to state back", "roundTripMs"),
        ("state to repainted", "toFrameMs"),
    ):
        values = [s[key] for s in samples if s[key] is not None]
        if values:
            print(f"  {label:26}{statistics.median(values):10.1f}{percentile(values, 0.95):10.1f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
