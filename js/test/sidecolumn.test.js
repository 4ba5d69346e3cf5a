import { afterEach, describe, expect, it, vi } from "vitest";
import {
  FakeModel,
  click,
  fixture,
  key,
  mainLine,
  mount,
  mountForTest,
  resetMessage,
  variationRow,
} from "./helpers.js";

/** A Klondike state standing at `ply` of a line of `length` moves (the rows of mainLine(length)). */
function lineState(length, ply = length, changes = {}) {
  return { ...fixture("klondike_start"), ply, moves: ply, line_length: length, line_end: length, ...changes };
}

/** The state Python sends after a goto to `ply`. */
function wentTo(state, ply, changes = {}) {
  const last = ply === 0 ? null : { action: "goto", source: "tableau/4", target: "foundation/0", count: 1 };
  return { ...structuredClone(state), version: state.version + 1, ply, moves: ply, last_move: last, ...changes };
}

function change(version, rows, removed = []) {
  return { kind: "timeline", version, reset: false, rows, removed };
}

function view(stateOrModel, options) {
  const mounted = mountForTest(stateOrModel, options);
  const entry = (ply) => mounted.q(`[data-timeline] [data-ply="${ply}"]`);
  const variation = (id) => mounted.q(`[data-timeline] [data-node="${id}"]`);
  const live = () => mounted.q('[aria-live="polite"]').textContent.trim();
  return { ...mounted, entry, variation, live };
}

afterEach(() => {
  vi.useRealTimers();
  delete globalThis.ResizeObserver;
});

describe("the move list", () => {
  const withVariations = [
    ...mainLine(12),
    variationRow(20, 4, 1, 5),
    variationRow(21, 20, 0, 6),
    variationRow(23, 21, 0, 7),
    variationRow(22, 21, 1, 7),
  ];

  it("shows the start and the line's moves numbered; data-ply only on line entries", () => {
    const { q, qa, entry, variation } = view(lineState(12), { timeline: withVariations });
    const list = q("[data-timeline]");
    expect(qa("[data-timeline]")).toHaveLength(1);
    expect(list.getAttribute("role")).toBe("list");
    expect(list.getAttribute("aria-label")).toBe("Moves");
    const plies = qa("[data-timeline] [data-ply]").map((el) => el.getAttribute("data-ply"));
    expect(plies).toEqual(Array.from({ length: 13 }, (_, ply) => String(ply)));
    expect(qa('[data-timeline] [data-ply="5"]')).toHaveLength(1);
    expect(entry(0).textContent).toContain("the deal");
    expect(entry(3).querySelector(".sw-entry-number").textContent).toBe("3.");
    expect(entry(3).querySelector(".sw-entry-move").textContent).toBe("t3>f0");
    expect(entry(3).querySelector(".sw-entry-sentence").textContent).toBe("move 3 in words");
    // The variations replacing move 5 follow it, indented, named by node and never by ply.
    const nodes = qa("[data-timeline] [data-node]");
    expect(nodes.map((el) => el.getAttribute("data-node"))).toEqual(["20", "21", "23", "22"]);
    for (const el of nodes) expect(el.hasAttribute("data-ply")).toBe(false);
    expect(entry(5).nextElementSibling).toBe(variation(20));
    expect(variation(22).nextElementSibling).toBe(entry(6));
    expect(variation(20).style.getPropertyValue("--sw-depth")).toBe("1");
    expect(variation(22).style.getPropertyValue("--sw-depth")).toBe("2");
    expect(Number(list.dataset.renderMs)).toBeGreaterThanOrEqual(0);
  });

  it("marks where the game stands and dims the moves ahead of it", () => {
    const state = lineState(12);
    const { model, qa, entry, variation } = view(state, { timeline: withVariations });
    expect(qa('[aria-current="step"]')).toEqual([entry(12)]);
    expect(qa(".sw-entry--ahead")).toHaveLength(0);
    model.setState(wentTo(state, 5));
    expect(qa('[aria-current="step"]')).toEqual([entry(5)]);
    expect(entry(5).classList.contains("sw-entry--current")).toBe(true);
    expect(qa(".sw-entry--ahead").map((el) => el.getAttribute("data-ply"))).toEqual([
      "6",
      "7",
      "8",
      "9",
      "10",
      "11",
      "12",
    ]);
    expect(variation(20).classList.contains("sw-entry--ahead")).toBe(false);
  });

  it("a click on a move goes there, on a variation enters it; one intent per version", () => {
    const state = lineState(12);
    const { model, entry, variation, live } = view(state, { timeline: withVariations });
    click(entry(12));
    expect(model.sent).toHaveLength(0);
    click(entry(3).querySelector(".sw-entry-sentence"));
    expect(model.sent).toEqual([{ kind: "goto", version: state.version, request: model.sent[0].request, ply: 3 }]);
    click(variation(21));
    expect(model.sent).toHaveLength(1);
    expect(live()).toBe("Still waiting for the kernel to answer the last request.");
    model.setState(wentTo(state, 3));
    click(variation(21));
    expect(model.sent[1]).toEqual({
      kind: "enter",
      version: state.version + 1,
      request: model.sent[1].request,
      node: 21,
    });
  });

  it("following a variation makes it the line", () => {
    const state = lineState(12);
    const { model, qa, entry, variation } = view(state, { timeline: withVariations });
    model.setState(wentTo(state, 5, { line_end: 23, line_length: 7 }));
    expect(qa("[data-timeline] [data-ply]")).toHaveLength(8);
    expect(entry(5).querySelector(".sw-entry-sentence").textContent).toBe("variation 20 in words");
    expect(entry(5).hasAttribute("data-node")).toBe(false);
    expect(variation(5).hasAttribute("data-ply")).toBe(false);
    expect(qa('[aria-current="step"]')).toEqual([entry(5)]);
  });

  it("comments show as text, never as markup", () => {
    const comment = "<script>window.hacked = true</script> & <b>not bold</b>";
    const rows = mainLine(3);
    rows[2] = { ...rows[2], comment };
    const { q, entry } = view(lineState(3), { timeline: rows });
    expect(entry(2).querySelector(".sw-entry-comment").textContent).toBe(comment);
    expect(q("[data-timeline] script")).toBe(null);
    expect(q("[data-timeline] b")).toBe(null);
    expect(window.hacked).toBe(undefined);
    expect(entry(1).querySelector(".sw-entry-comment")).toBe(null);
  });

  it("timeline messages add, change and remove rows, kept in the model but never saved", () => {
    const state = lineState(3);
    const { model, qa, entry } = view(state);
    const first = entry(1);
    expect(model.get("timeline")).toHaveLength(4);
    model.message(change(1, [mainLine(4)[4]]));
    model.setState(next(state, { ply: 4, line_length: 4, line_end: 4, timeline_version: 1 }));
    expect(qa("[data-timeline] [data-ply]")).toHaveLength(5);
    expect(entry(1)).toBe(first);
    expect(model.get("timeline")).toHaveLength(5);
    model.message(change(2, [{ ...mainLine(4)[2], comment: "the key move" }]));
    expect(entry(2).querySelector(".sw-entry-comment").textContent).toBe("the key move");
    model.message(change(3, [], [4]));
    model.setState(next(model.get("state"), { ply: 3, line_length: 3, line_end: 3, timeline_version: 3 }));
    expect(qa("[data-timeline] [data-ply]")).toHaveLength(4);
    expect(
      model
        .get("timeline")
        .map((row) => row.id)
        .sort(),
    ).toEqual([0, 1, 2, 3]);
    expect(model.saves).toBe(0);
    expect(model.syncs).toHaveLength(1);
  });

  it("a reset replaces the whole list", () => {
    const state = lineState(6);
    const { model, qa } = view(state);
    model.message(resetMessage(mainLine(2), 7));
    model.setState(next(state, { ply: 2, line_length: 2, line_end: 2, timeline_version: 7 }));
    expect(qa("[data-timeline] [data-ply]")).toHaveLength(3);
    expect(model.syncs).toHaveLength(1);
  });

  it("a missed version asks for the whole timeline, once per state", () => {
    const state = lineState(3);
    const { model } = view(state);
    expect(model.syncs).toEqual([{ kind: "sync_timeline", version: state.version, request: model.syncs[0].request }]);
    model.message(change(2, [mainLine(4)[4]]));
    expect(model.syncs).toHaveLength(2);
    expect(model.syncs[1]).toMatchObject({ kind: "sync_timeline", version: state.version });
    model.message(change(3, []));
    expect(model.syncs).toHaveLength(2);
    const later = next(state, { timeline_version: 3 });
    model.setState(later);
    expect(model.syncs).toHaveLength(3);
    expect(model.syncs[2].version).toBe(later.version);
    model.message(resetMessage(mainLine(3), 3));
    model.setState(next(later));
    expect(model.syncs).toHaveLength(3);
  });

  it("a state whose timeline version was never applied asks for it", () => {
    const state = lineState(3);
    const { model } = view(state);
    model.setState(next(state, { timeline_version: 1 }));
    expect(model.syncs).toHaveLength(2);
  });

  it("without a kernel the list shows the rows saved in the model; the kernel's replace them", () => {
    const state = lineState(2);
    const model = new FakeModel(state);
    const saved = mainLine(2);
    saved[1] = { ...saved[1], comment: "saved with the notebook" };
    model.set("timeline", saved);
    const { entry } = view(model, { timeline: null });
    expect(entry(1).querySelector(".sw-entry-comment").textContent).toBe("saved with the notebook");
    expect(model.syncs).toHaveLength(1);
    model.message(resetMessage(mainLine(2), state.timeline_version));
    expect(entry(1).querySelector(".sw-entry-comment")).toBe(null);
  });

  it("waits for the kernel's rows when it has none", () => {
    const { q, qa } = view(lineState(2), { timeline: null });
    expect(qa("[data-timeline] .sw-entry")).toHaveLength(0);
    expect(q(".sw-timeline-waiting").hidden).toBe(false);
  });
});

function next(state, changes = {}) {
  return { ...structuredClone(state), version: state.version + 1, ...changes };
}

describe("stepping through the line", () => {
  it("Left, Right, Home and End in the list send goto; focus follows the game", () => {
    const state = lineState(12, 5);
    const { model, entry, variation } = view(state, { timeline: [...mainLine(12), variationRow(20, 4, 1, 5)] });
    const reached = [];
    const notebook = (event) => reached.push(event.key);
    document.addEventListener("keydown", notebook, true);
    try {
      expect(entry(5).getAttribute("tabindex")).toBe("0");
      entry(5).focus();
      const left = key(entry(5), "ArrowLeft");
      expect(left.defaultPrevented).toBe(true);
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 4, version: state.version });
      model.setState(wentTo(state, 4));
      expect(document.activeElement).toBe(entry(4));
      key(document.activeElement, "ArrowRight");
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 5 });
      model.setState(wentTo(model.get("state"), 5));
      key(document.activeElement, "Home");
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 0 });
      model.setState(wentTo(model.get("state"), 0));
      expect(document.activeElement).toBe(entry(0));
      key(document.activeElement, "End");
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 12 });
      model.setState(wentTo(model.get("state"), 12));
      // Up and Down move the focus only; Enter goes to the entry with the focus.
      key(document.activeElement, "ArrowUp");
      key(document.activeElement, "ArrowUp");
      expect(document.activeElement).toBe(entry(10));
      expect(model.sent).toHaveLength(4);
      for (let i = 0; i < 5; i += 1) key(document.activeElement, "ArrowUp");
      expect(document.activeElement).toBe(variation(20));
      expect(variation(20).getAttribute("tabindex")).toBe("0");
      key(document.activeElement, "Enter");
      expect(model.sent.at(-1)).toMatchObject({ kind: "enter", node: 20 });
      expect(reached).toEqual([]);
      // With a modifier a key is the notebook's.
      key(document.activeElement, "ArrowLeft", { ctrlKey: true });
      expect(reached).toEqual(["ArrowLeft"]);
    } finally {
      document.removeEventListener("keydown", notebook, true);
    }
  });

  it("at an end of the line a key says so and sends nothing", () => {
    const { model, entry, live } = view(lineState(3, 3));
    entry(3).focus();
    key(entry(3), "ArrowRight");
    expect(live()).toBe("At the end of the line.");
    key(entry(3), "End");
    expect(model.sent).toHaveLength(0);
  });

  it("[ and ] on the board step back and forward", () => {
    const state = lineState(12, 5);
    const { model, pile, q } = view(state);
    pile("stock").focus();
    const back = key(pile("stock"), "[");
    expect(back.defaultPrevented).toBe(true);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 4 });
    model.setState(wentTo(state, 4));
    key(pile("stock"), "]");
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 5 });
    expect(document.activeElement).toBe(pile("stock"));
    expect(q(".sw-visually-hidden[id^='sw-help-']").textContent).toContain("[ and ] step back and forward");
  });

  it("the buttons go to the start, back, forward and to the end, disabled at the ends", () => {
    const state = lineState(12, 0);
    const { model, q } = view(state);
    const button = (action) => q(`[data-action="${action}"]`);
    expect(button("first").disabled).toBe(true);
    expect(button("back").disabled).toBe(true);
    expect(button("forward").disabled).toBe(false);
    click(button("forward"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 1 });
    model.setState(wentTo(state, 6));
    const expected = { first: 0, back: 5, forward: 7, last: 12 };
    for (const [action, ply] of Object.entries(expected)) {
      click(button(action));
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply });
      model.message({ kind: "refused", request: model.sent.at(-1).request, reason: "try the next" });
    }
    model.setState(wentTo(model.get("state"), 12));
    expect(button("forward").disabled).toBe(true);
    expect(button("last").disabled).toBe(true);
    expect(button("back").disabled).toBe(false);
  });

  it("a comment added at the start is no new deal", () => {
    const state = lineState(0);
    const { model, live } = view(state);
    model.setState(next(state, { last_move: null }));
    expect(live()).toBe("");
    model.setState(next(model.get("state"), { seed: 8, started_at: state.started_at + 5000 }));
    expect(live()).toBe("New deal: Klondike, seed 8.");
  });

  it("says where the game stands after a goto", () => {
    const state = lineState(12);
    const { model, live } = view(state);
    model.setState(wentTo(state, 5));
    expect(live()).toBe("Move 5 of 12: move 5 in words.");
    model.setState(wentTo(model.get("state"), 0));
    expect(live()).toBe("Move 0 of 12: the deal.");
  });
});

describe("replay", () => {
  it("plays a move per delay, each once the last state arrived, and stops at the end", () => {
    vi.useFakeTimers();
    const state = lineState(12, 9);
    const { model, q, root } = view(state);
    const replay = q('[data-action="replay"]');
    const speed = q('[data-control="replay-speed"]');
    expect(Array.from(speed.options, (option) => option.textContent)).toEqual(["0.5 s", "1 s", "2 s"]);
    speed.value = "500";
    speed.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent).toHaveLength(0);
    vi.advanceTimersByTime(20); // the frame that scrolls the list
    const timers = vi.getTimerCount();
    click(replay);
    expect(model.sent).toEqual([{ kind: "goto", version: state.version, request: model.sent[0].request, ply: 10 }]);
    expect(replay.getAttribute("aria-pressed")).toBe("true");
    expect(replay.textContent).toContain("Stop");
    vi.advanceTimersByTime(600);
    expect(model.sent).toHaveLength(1);
    model.setState(wentTo(state, 10));
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 11, version: state.version + 1 });
    model.setState(wentTo(model.get("state"), 11));
    expect(model.sent).toHaveLength(2);
    vi.advanceTimersByTime(499);
    expect(model.sent).toHaveLength(2);
    vi.advanceTimersByTime(1);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 12 });
    model.setState(wentTo(model.get("state"), 12));
    expect(replay.getAttribute("aria-pressed")).toBe("false");
    expect(replay.textContent).toContain("Replay");
    expect(replay.disabled).toBe(true);
    vi.advanceTimersByTime(5000);
    expect(model.sent).toHaveLength(3);
    expect(vi.getTimerCount()).toBe(timers);
    expect(root.contains(replay)).toBe(true);
  });

  it("stops on Stop, on a refusal and on anything else the player does", () => {
    vi.useFakeTimers();
    const state = lineState(12, 2);
    const { model, q, pile } = view(state);
    const replay = q('[data-action="replay"]');
    const stoppedAfter = (sent) => {
      expect(replay.getAttribute("aria-pressed")).toBe("false");
      vi.advanceTimersByTime(10_000);
      expect(model.sent).toHaveLength(sent);
    };
    click(replay);
    model.setState(wentTo(state, 3));
    click(replay);
    stoppedAfter(1);

    click(replay);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 4 });
    model.message({ kind: "refused", request: model.sent.at(-1).request, reason: "not now" });
    stoppedAfter(2);

    click(replay);
    model.setState(wentTo(model.get("state"), 4));
    click(pile("stock"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "move", source: "stock" });
    stoppedAfter(4);
    model.setState(wentTo(model.get("state"), 4)); // Python's answer to the draw

    click(replay);
    vi.advanceTimersByTime(1000);
    // Another view or the notebook moved the game elsewhere.
    model.setState(wentTo(model.get("state"), 9));
    stoppedAfter(5);
  });

  it("cleanup stops it and clears its timer", () => {
    vi.useFakeTimers();
    const state = lineState(12, 2);
    const timers = vi.getTimerCount();
    const mounted = mount(state);
    click(mounted.q('[data-action="replay"]'));
    mounted.model.setState(wentTo(state, 3));
    mounted.cleanup();
    expect(vi.getTimerCount()).toBe(timers);
    vi.advanceTimersByTime(10_000);
    // The replay's one step, then the view's word that it has gone; no step after it.
    expect(mounted.model.sent.map((intent) => intent.kind)).toEqual(["goto", "view_closed"]);
  });
});

describe("marks on the board", () => {
  it("the move the game stands after and the marks of its comment", () => {
    const state = lineState(12, 5, {
      standing: { source: "tableau/4", target: "foundation/0", count: 1 },
      marks: ["tableau/2", "5H", "AH"],
    });
    const down = state.position.tableau[6].down[0];
    state.marks.push(down);
    const { model, qa, pile, card } = view(state);
    expect(qa(".sw-pile--from")).toEqual([pile("tableau/4")]);
    expect(qa(".sw-pile--to")).toEqual([pile("foundation/0")]);
    expect(qa(".sw-pile--marked")).toEqual([pile("tableau/2")]);
    expect(
      qa(".sw-card--marked")
        .map((el) => el.getAttribute("data-card"))
        .sort(),
    ).toEqual(["5H", "AH"]);
    expect(card("5H").getAttribute("aria-label")).toBe("five of hearts");
    model.setState(wentTo(state, 0, { standing: null, marks: [] }));
    expect(qa(".sw-pile--from, .sw-pile--to, .sw-pile--marked, .sw-card--marked")).toHaveLength(0);
  });
});

describe("lessons", () => {
  const lesson = { total: 12, ply: 3, found: 2, shown: 0, done: false, said: "Good: the ace goes home first." };

  it("shows the progress and what the lesson said; Show me asks for the next move", () => {
    const state = lineState(3, 3, { lesson, can_undo: true });
    const { model, q, live } = view(state);
    const panel = q(".sw-lesson");
    expect(panel.hidden).toBe(false);
    expect(panel.querySelector(".sw-lesson-progress").textContent).toBe("Move 3 of 12 \u00B7 found 2 \u00B7 shown 0");
    expect(panel.querySelector(".sw-lesson-said").textContent).toBe(lesson.said);
    expect(panel.querySelector(".sw-lesson-final").hidden).toBe(true);
    for (const action of ["new", "restart", "autoplay", "undo", "first", "back", "replay"]) {
      expect(q(`.sw-toolbar [data-action="${action}"], .sw-nav [data-action="${action}"]`).disabled).toBe(true);
    }
    const showMe = q('[data-action="show_me"]');
    click(showMe);
    expect(model.sent).toEqual([{ kind: "show_me", version: state.version, request: model.sent[0].request }]);
    const shown = next(state, {
      ply: 4,
      line_length: 4,
      line_end: 4,
      last_move: { action: "play", source: "tableau/4", target: "foundation/0", count: 1 },
      lesson: { ...lesson, ply: 4, shown: 1, said: "The move: the ace of hearts to foundation 0." },
    });
    model.message(change(1, [mainLine(4)[4]]));
    model.setState({ ...shown, timeline_version: 1 });
    expect(live()).toContain("The move: the ace of hearts to foundation 0.");
    expect(panel.querySelector(".sw-lesson-progress").textContent).toBe("Move 4 of 12 \u00B7 found 2 \u00B7 shown 1");
  });

  it("a finished lesson shows the final count; without one the panel goes", () => {
    const done = { ...lesson, ply: 12, found: 9, shown: 3, done: true, said: "Done: 9 found, 3 shown." };
    const state = lineState(12, 12, {
      lesson: done,
      status: "won",
      termination: "won",
      message: "You won in 12 moves!",
    });
    const { model, q } = view(state);
    expect(q('.sw-overlay [data-action="new"]').disabled).toBe(true);
    const final = q(".sw-lesson-final");
    expect(final.hidden).toBe(false);
    expect(final.textContent).toBe("Lesson done: you found 9 of 12 moves yourself, 3 shown.");
    expect(q('[data-action="show_me"]').disabled).toBe(true);
    model.setState(next(state, { lesson: null }));
    expect(q(".sw-lesson").hidden).toBe(true);
    expect(q('.sw-overlay [data-action="new"]').disabled).toBe(false);
    expect(q('.sw-toolbar [data-action="new"]').disabled).toBe(false);
  });
});

describe("sharing the cell", () => {
  it("the move list goes beside a wide board and under a narrow one", () => {
    let observer;
    globalThis.ResizeObserver = class {
      constructor(callback) {
        observer = callback;
      }

      observe() {}

      disconnect() {}
    };
    const { root, q } = view(lineState(3));
    observer([{ contentRect: { width: 1200 } }]);
    expect(root.classList.contains("sw-root--wide")).toBe(true);
    expect(q(".sw-board").style.width).toBe("888px");
    observer([{ contentRect: { width: 800 } }]);
    expect(root.classList.contains("sw-root--wide")).toBe(false);
    expect(q(".sw-board").style.width).toBe("800px");
  });
});

describe("the move list beside the board", () => {
  it("keeps the current move in view when the list gets shorter (a panel opened above it)", () => {
    const lists = [];
    globalThis.ResizeObserver = class {
      constructor(callback) {
        this.callback = callback;
        lists.push(this);
      }

      observe(target) {
        this.target = target;
      }

      disconnect() {}
    };
    const frames = [];
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
    globalThis.cancelAnimationFrame = () => {};
    try {
      const { q, entry } = view(lineState(40));
      for (const frame of frames.splice(0)) frame();
      const list = q("[data-timeline]");
      const observer = lists.find((one) => one.target === list);
      // Laid out as a browser would: 40 moves of 20 px, the list 300 px high, scrolled to the end.
      Object.defineProperty(entry(40), "offsetTop", { value: 800 });
      Object.defineProperty(entry(40), "offsetHeight", { value: 20 });
      let height = 300;
      Object.defineProperty(list, "clientHeight", { get: () => height });
      list.scrollTop = 520;
      height = 120; // the Statistics panel opened above the list
      observer.callback([{ target: list }]);
      for (const frame of frames.splice(0)) frame();
      expect(list.scrollTop).toBe(700);
    } finally {
      delete globalThis.requestAnimationFrame;
      delete globalThis.cancelAnimationFrame;
    }
  });
});
