// A fake anywidget model and a mounted view, for tests of the view against real states.

import { afterEach } from "vitest";
import widget from "../widget.js";
import states from "./fixtures/states.json";

/**
 * A fresh copy of the fixture state `name` (see fixtures/make_states.py). States written
 * before the widget had a timeline lack its fields: they get those of a game played along
 * one line (the one mainLine(state.moves) gives), standing at its end.
 */
export function fixture(name) {
  if (!states[name]) throw new Error(`no fixture state ${name}`);
  const state = structuredClone(states[name]);
  state.ply ??= state.moves;
  state.line_length ??= state.moves;
  state.line_end ??= state.moves;
  state.standing ??= null;
  state.marks ??= [];
  state.timeline_version ??= 0;
  state.lesson ??= null;
  return state;
}

/**
 * The rows of a line of `length` moves with nothing else in the tree: ids 0 (the start) to
 * `length`, as Python's timeline messages give them.
 */
export function mainLine(length) {
  const rows = [{ id: 0, parent: null, index: 0, ply: 0, move: null, sentence: "the deal", comment: "", marks: [] }];
  for (let ply = 1; ply <= length; ply += 1) {
    rows.push({
      id: ply,
      parent: ply - 1,
      index: 0,
      ply,
      move: `t${ply % 7}>f0`,
      sentence: `move ${ply} in words`,
      comment: "",
      marks: [],
    });
  }
  return rows;
}

/** A variation row: node `id` played from node `parent` in place `index` of its variations. */
export function variationRow(id, parent, index, ply, fields = {}) {
  return {
    id,
    parent,
    index,
    ply,
    move: `w>t${index}`,
    sentence: `variation ${id} in words`,
    comment: "",
    marks: [],
    ...fields,
  };
}

/** A `timeline` message giving the whole timeline. */
export function resetMessage(rows, version = 0) {
  return { kind: "timeline", version, reset: true, rows, removed: [] };
}

export const FIXTURE_NAMES = Object.keys(states);

/** A state one version on, as Python would send after an accepted intent. */
export function nextState(state, changes = {}) {
  return { ...structuredClone(state), version: state.version + 1, ...changes };
}

/**
 * The model API a view uses (get/set/on/off/send/save_changes), recording what happens.
 * `sent` holds the intents the player's actions send; the sync_timeline every view sends
 * when it starts (and when it misses a timeline version) goes to `syncs`.
 */
export class FakeModel {
  constructor(state) {
    this.values = { state };
    this.handlers = new Map();
    this.sent = [];
    this.syncs = [];
    this.saves = 0;
    this.onCalls = 0;
    this.offCalls = 0;
  }

  get(name) {
    return this.values[name];
  }

  set(name, value) {
    this.values[name] = value;
  }

  on(event, handler) {
    this.onCalls += 1;
    if (!this.handlers.has(event)) this.handlers.set(event, []);
    this.handlers.get(event).push(handler);
  }

  off(event, handler) {
    this.offCalls += 1;
    const list = this.handlers.get(event) || [];
    const at = list.indexOf(handler);
    if (at >= 0) list.splice(at, 1);
  }

  listenerCount() {
    let count = 0;
    for (const list of this.handlers.values()) count += list.length;
    return count;
  }

  send(content) {
    (content.kind === "sync_timeline" ? this.syncs : this.sent).push(content);
  }

  save_changes() {
    this.saves += 1;
  }

  /** Python replacing the state: fires change:state like the widget manager does. */
  setState(state) {
    this.values.state = state;
    for (const handler of [...(this.handlers.get("change:state") || [])]) handler();
  }

  /** Python changing another synced trait (`aids`, `check_winnable`, ...). */
  change(name, value) {
    this.values[name] = value;
    for (const handler of [...(this.handlers.get(`change:${name}`) || [])]) handler();
  }

  /** An event of the widget framework itself (comm_live_update: the comm went, or came). */
  trigger(event) {
    for (const handler of [...(this.handlers.get(event) || [])]) handler();
  }

  /** A custom message from Python to every view. */
  message(content) {
    for (const handler of [...(this.handlers.get("msg:custom") || [])]) handler(content, []);
  }
}

/**
 * Render a view of `model` (or of a new model holding `state`) into a fresh element (with the
 * classes `hostClasses`, as the widget framework gives it). Like a kernel, the model then
 * answers the view's sync_timeline with `timeline` (rows), by default the line of the state's
 * length; `timeline: null` leaves the sync unanswered.
 */
export function mount(modelOrState, { timeline, hostClasses = [] } = {}) {
  const model = modelOrState instanceof FakeModel ? modelOrState : new FakeModel(modelOrState);
  const el = document.createElement("div");
  el.classList.add(...hostClasses);
  document.body.append(el);
  const cleanup = widget.render({ model, el });
  const state = model.get("state");
  const rows =
    timeline === undefined && state && Number.isInteger(state.line_length) ? mainLine(state.line_length) : timeline;
  if (rows) model.message(resetMessage(rows, state.timeline_version));
  const root = el.querySelector(".sw-root");
  const q = (selector) => root.querySelector(selector);
  const qa = (selector) => Array.from(root.querySelectorAll(selector));
  const pile = (id) => q(`[data-pile="${id}"]`);
  const card = (code) => q(`[data-card="${code}"]`);
  const viewId = () => {
    const request = model.sent.length ? model.sent[model.sent.length - 1].request : null;
    return request ? request.split(":")[0] : null;
  };
  return { model, el, root, cleanup, q, qa, pile, card, viewId };
}

const mountedViews = [];

/** `mount`, and after the test the view is cleaned up (unless the test did) and the page
 * emptied again. */
export function mountForTest(modelOrState, options) {
  const mounted = mount(modelOrState, options);
  let cleaned = false;
  const cleanup = () => {
    if (cleaned) return;
    cleaned = true;
    mounted.cleanup();
  };
  mountedViews.push({ cleanup });
  return { ...mounted, cleanup };
}

afterEach(() => {
  for (const mounted of mountedViews.splice(0)) mounted.cleanup();
  document.body.innerHTML = "";
});

export function click(el) {
  el.dispatchEvent(new MouseEvent("click", { bubbles: true, cancelable: true, button: 0 }));
}

export function doubleClick(el) {
  click(el);
  click(el);
  el.dispatchEvent(new MouseEvent("dblclick", { bubbles: true, cancelable: true, button: 0 }));
}

export function key(el, name, extra = {}) {
  const event = new KeyboardEvent("keydown", { key: name, bubbles: true, cancelable: true, ...extra });
  el.dispatchEvent(event);
  return event;
}

/** A pointer event (jsdom has no PointerEvent: a MouseEvent carrying a pointerId). */
export function pointer(el, type, x, y, pointerId = 1) {
  const event = new MouseEvent(type, { bubbles: true, cancelable: true, clientX: x, clientY: y, button: 0 });
  Object.defineProperty(event, "pointerId", { value: pointerId });
  el.dispatchEvent(event);
  return event;
}

/** A Lumino signal as JupyterLab's kernel connection has them (statusChanged). */
export class FakeSignal {
  constructor(sender) {
    this.sender = sender;
    this.slots = new Set();
  }

  connect(slot) {
    this.slots.add(slot);
    return true;
  }

  disconnect(slot) {
    return this.slots.delete(slot);
  }

  emit(args) {
    for (const slot of [...this.slots]) slot(this.sender, args);
  }
}

/**
 * A kernel connection as a widget manager holds it: a test sets its status
 * (`kernel.set("dead")`) or disposes of it (`kernel.dispose()`, as a shutdown does).
 */
export function fakeKernel(status = "idle") {
  const kernel = { status, isDisposed: false };
  kernel.statusChanged = new FakeSignal(kernel);
  kernel.disposed = new FakeSignal(kernel);
  kernel.set = (next) => {
    kernel.status = next;
    kernel.statusChanged.emit(next);
  };
  kernel.dispose = () => {
    kernel.isDisposed = true;
    kernel.disposed.emit();
  };
  return kernel;
}

/**
 * Element.animate for jsdom, which has none: each call gives an animation that runs until a
 * test finishes or a view cancels it; returns the list of them.
 */
export function recordAnimations() {
  const animations = [];
  Element.prototype.animate = function animate(frames, options) {
    const listeners = new Map();
    const animation = {
      el: this,
      frames,
      options,
      playState: "running",
      addEventListener(type, listener) {
        listeners.set(type, [...(listeners.get(type) || []), listener]);
      },
      end(type) {
        if (this.playState !== "running") return;
        this.playState = type === "finish" ? "finished" : "idle";
        for (const listener of listeners.get(type) || []) listener();
      },
      finish() {
        this.end("finish");
      },
      cancel() {
        this.end("cancel");
      },
    };
    animations.push(animation);
    return animation;
  };
  return animations;
}
