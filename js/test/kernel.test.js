// A board with no kernel behind it: one drawn from saved widget state (a picture from the
// start), and one whose kernel restarted or shut down while it played (it greys at once).

import { afterEach, describe, expect, it, vi } from "vitest";
import { DISCONNECTED_CLASS, kernelGone, linkAtStart } from "../kernel.js";
import { FakeModel, click, fakeKernel, fixture, key, mountForTest, pointer } from "./helpers.js";

function view(modelOrState, options) {
  const mounted = mountForTest(modelOrState, options);
  const live = () => mounted.q('[aria-live="polite"]').textContent.trim();
  const note = () => mounted.q(".sw-no-kernel");
  const enabled = () => mounted.qa("button, select, input").filter((control) => !control.disabled);
  return { ...mounted, live, note, enabled };
}

afterEach(() => {
  vi.useRealTimers();
});

/** A game in play with its clock running since `first` (ms since the epoch). */
function playing(first) {
  return { ...fixture("klondike_start"), moves: 3, first_move_at: first, finished_at: null };
}

describe("what stands behind a board", () => {
  it("a model with no live comm is a picture; a stopped kernel's board is gone; else it plays", () => {
    expect(linkAtStart(true, "idle")).toBe("picture");
    expect(linkAtStart(true, undefined)).toBe("picture");
    expect(linkAtStart(false, "dead")).toBe("gone");
    expect(linkAtStart(false, "idle")).toBe("live");
    expect(linkAtStart(false, undefined)).toBe("live");
  });

  it("a kernel restarting or dead no longer holds the widget; busy, idle or starting does", () => {
    for (const status of ["dead", "restarting", "autorestarting"]) expect(kernelGone(status)).toBe(true);
    for (const status of ["idle", "busy", "starting", "unknown", "terminating"]) expect(kernelGone(status)).toBe(false);
  });
});

describe("a board drawn from saved widget state", () => {
  function picture() {
    const model = new FakeModel(playing(Date.now() - 90_000));
    // Rows saved with the notebook: the move list shows them without a kernel.
    model.set("timeline", [
      { id: 0, parent: null, index: 0, ply: 0, move: null, sentence: "the deal", comment: "", marks: [] },
    ]);
    return view(model, { hostClasses: [DISCONNECTED_CLASS], timeline: null });
  }

  it("says it is a picture and how to play, and offers no control", () => {
    const { root, note, enabled, q } = picture();
    expect(root.dataset.kernel).toBe("picture");
    expect(note().hidden).toBe(false);
    expect(note().textContent).toMatch(
      /^This is a picture of the board, saved with the notebook: it does not play here\. To play, run the notebook/,
    );
    expect(note().textContent).toMatch(/JupyterLite/);
    expect(enabled()).toEqual([]);
    expect(q("[data-timeline] [data-ply='0']")).not.toBe(null);
    expect(root.classList.contains("sw-waiting")).toBe(false);
  });

  it("a click, a drag, a key or a move list entry sends nothing and holds nothing; the player is told why", () => {
    const { model, root, card, pile, live, q } = picture();
    click(card("5H"));
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(live()).toMatch(/^This is a picture of the board/);
    click(pile("stock"));
    const from = card("5H");
    pointer(from, "pointerdown", 10, 10);
    pointer(from, "pointermove", 90, 90);
    expect(from.classList.contains("sw-card--dragging")).toBe(false);
    pointer(from, "pointerup", 90, 90);
    pile("tableau/1").focus();
    key(pile("tableau/1"), "Enter");
    key(pile("tableau/1"), "u");
    key(pile("tableau/1"), "n");
    click(q("[data-timeline] [data-ply='0']"));
    expect(root.querySelector(".sw-card--held, .sw-confirm:not([hidden])")).toBe(null);
    expect(model.sent).toEqual([]);
  });
});

describe("a board whose kernel goes", () => {
  /** A board playing on `kernel` (as JupyterLab's widget manager holds it). */
  function withKernel(kernel, state = playing(Date.now() - 60_000)) {
    const model = new FakeModel(state);
    model.widget_manager = { kernel };
    return view(model);
  }

  /** What ipywidgets does to every view when the kernel restarts: the host is marked, then the model says so. */
  function disconnect({ el, model }) {
    el.classList.add(DISCONNECTED_CLASS);
    model.trigger("comm_live_update");
  }

  it("a restart greys it at once: its clock stops, its controls go off, it says to run the cell again", () => {
    vi.useFakeTimers();
    const mounted = withKernel(fakeKernel());
    const { root, note, enabled, q, live } = mounted;
    expect(root.dataset.kernel).toBe("live");
    expect(note().hidden).toBe(true);
    expect(enabled().length).toBeGreaterThan(5);
    disconnect(mounted);
    expect(root.dataset.kernel).toBe("gone");
    expect(note().hidden).toBe(false);
    expect(note().textContent).toBe(
      "The kernel behind this board restarted or shut down, so the board no longer plays. Run the cell again to play.",
    );
    expect(live()).toBe(note().textContent);
    expect(enabled()).toEqual([]);
    const clock = q(".sw-clock").textContent;
    expect(clock).toBe("1:00");
    vi.advanceTimersByTime(5000);
    expect(q(".sw-clock").textContent).toBe(clock);
  });

  it("a shutdown (the kernel's status, or its connection disposed of) does the same; a busy kernel does not", () => {
    const kernel = fakeKernel();
    const { root, model } = withKernel(kernel);
    kernel.set("busy");
    kernel.set("idle");
    expect(root.dataset.kernel).toBe("live");
    kernel.set("dead");
    expect(root.dataset.kernel).toBe("gone");
    click(root.querySelector('[data-pile="stock"]'));
    expect(model.sent).toEqual([]);

    const shut = fakeKernel();
    const other = withKernel(shut);
    shut.dispose();
    expect(other.root.dataset.kernel).toBe("gone");
  });

  it("comm_live_update for a comm that is still live changes nothing", () => {
    const { root, model } = withKernel(fakeKernel());
    model.trigger("comm_live_update");
    expect(root.dataset.kernel).toBe("live");
  });

  it("a view started on a kernel already dead, or disposed of, is gone from the start", () => {
    const { root, note } = withKernel(fakeKernel("dead"));
    expect(root.dataset.kernel).toBe("gone");
    expect(note().hidden).toBe(false);
    const disposed = fakeKernel();
    disposed.isDisposed = true;
    expect(withKernel(disposed).root.dataset.kernel).toBe("gone");
  });

  it("what was in flight goes: a drag, held cards, a move drawn before Python answered", () => {
    const kernel = fakeKernel("idle");
    const state = fixture("klondike_start");
    const mounted = withKernel(kernel, state);
    const { root, card, pile, model } = mounted;
    // A move drawn before its answer: the board shows it, pending.
    click(card("5H"));
    click(card("6C"));
    expect(root.dataset.pending).toBeDefined();
    expect(card("5H").closest("[data-pile]").dataset.pile).toBe("tableau/5");
    kernel.set("restarting");
    expect(root.dataset.pending).toBeUndefined();
    expect(card("5H").closest("[data-pile]").dataset.pile).toBe("tableau/1");
    expect(pile("tableau/1").querySelectorAll("[data-card]")).toHaveLength(2);
    expect(model.sent).toHaveLength(1);

    const second = withKernel(fakeKernel("idle"), state);
    click(second.card("5H"));
    pointer(second.card("QD"), "pointerdown", 10, 10);
    pointer(second.card("QD"), "pointermove", 80, 80);
    expect(second.root.querySelector(".sw-card--dragging")).not.toBe(null);
    disconnect(second);
    expect(second.root.querySelector(".sw-card--dragging, .sw-card--held, .sw-pile--hover, .sw-pile--target")).toBe(
      null,
    );
    pointer(second.card("QD"), "pointerup", 80, 80);
    expect(second.model.sent).toEqual([]);
  });

  it("a new deal asked for just before the kernel went is not asked again over a dead board", () => {
    const kernel = fakeKernel();
    const { q, model } = withKernel(kernel);
    click(q('.sw-toolbar [data-action="new"]'));
    expect(q(".sw-confirm").hidden).toBe(false);
    kernel.set("dead");
    expect(q(".sw-confirm").hidden).toBe(true);
    expect(model.sent).toEqual([]);
  });

  it("cleanup lets go of the kernel's status and the model's comm events", () => {
    const kernel = fakeKernel();
    const { cleanup, model } = withKernel(kernel);
    expect([kernel.statusChanged.slots.size, kernel.disposed.slots.size]).toEqual([1, 1]);
    cleanup();
    expect([kernel.statusChanged.slots.size, kernel.disposed.slots.size]).toEqual([0, 0]);
    expect(model.listenerCount()).toBe(0);
  });
});
