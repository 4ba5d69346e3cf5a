// A fake anywidget model and a mounted view, for tests of the view against real states.

import widget from "../widget.js";
import states from "./fixtures/states.json";

/** A fresh copy of the fixture state `name` (see fixtures/make_states.py). */
export function fixture(name) {
  if (!states[name]) throw new Error(`no fixture state ${name}`);
  return structuredClone(states[name]);
}

export const FIXTURE_NAMES = Object.keys(states);

/** The model API a view uses (get/on/off/send/save_changes), recording what happens. */
export class FakeModel {
  constructor(state) {
    this.values = { state };
    this.handlers = new Map();
    this.sent = [];
    this.onCalls = 0;
    this.offCalls = 0;
  }

  get(name) {
    return this.values[name];
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
    this.sent.push(content);
  }

  save_changes() {}

  /** Python replacing the state: fires change:state like the widget manager does. */
  setState(state) {
    this.values.state = state;
    for (const handler of [...(this.handlers.get("change:state") || [])]) handler();
  }

  /** A custom message from Python to every view. */
  message(content) {
    for (const handler of [...(this.handlers.get("msg:custom") || [])]) handler(content, []);
  }
}

/** Render a view of `model` (or of a new model holding `state`) into a fresh element. */
export function mount(modelOrState) {
  const model = modelOrState instanceof FakeModel ? modelOrState : new FakeModel(modelOrState);
  const el = document.createElement("div");
  document.body.append(el);
  const cleanup = widget.render({ model, el });
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
