// Drags that the board lays out again under (a resize, a panel, a scrollbar), Escape during a
// drag, a state arriving during one, and a resize while cards glide: no drop is lost, no card
// is left held or half moved.

import { afterEach, describe, expect, it } from "vitest";
import { click, fixture, key, mountForTest, pointer, recordAnimations } from "./helpers.js";

let observers = [];

/** A view whose ResizeObservers the test drives: `resize(width)` reports the root's new width. */
function view(state) {
  observers = [];
  globalThis.ResizeObserver = class {
    constructor(callback) {
      this.callback = callback;
      this.targets = [];
      observers.push(this);
    }

    observe(target) {
      this.targets.push(target);
    }

    disconnect() {
      this.targets = [];
    }
  };
  const mounted = mountForTest(state);
  const rootObserver = observers.find((observer) => observer.targets.includes(mounted.root));
  const resize = (width) => rootObserver.callback([{ contentRect: { width } }]);
  return { ...mounted, resize };
}

afterEach(() => {
  delete globalThis.ResizeObserver;
  delete Element.prototype.animate;
});

/** `translate(Xpx, Ypx)` read back: [x, y]. */
function offsetOf(card) {
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(card.style.transform);
  return [Number(match[1]), Number(match[2])];
}

/** Where `card` shows on the board (jsdom puts the board at the window's corner). */
function placeOf(card) {
  const pile = card.closest("[data-pile]");
  const [x, y] = offsetOf(card);
  return [parseFloat(pile.style.left) + x, parseFloat(pile.style.top) + y];
}

/** The card size the board is laid out with: [width, height]. */
function cardSize(root) {
  const style = root.querySelector(".sw-board").style;
  return [parseFloat(style.getPropertyValue("--card-w")), parseFloat(style.getPropertyValue("--card-h"))];
}

/** The middle of `pile`'s top card (or of the pile), by the board's current layout. */
function middleOf(pile) {
  const cards = pile.querySelectorAll("[data-card]");
  const [x, y] = cards.length
    ? placeOf(cards[cards.length - 1])
    : [parseFloat(pile.style.left), parseFloat(pile.style.top)];
  const width = parseFloat(pile.style.width);
  return [x + width / 2, y + width / 2];
}

describe("a drag while the board is laid out again", () => {
  it("a resize keeps a drag: the card stays under the pointer and drops on the pile under it by the new layout", () => {
    const { model, card, pile, root, resize } = view(fixture("klondike_start"));
    resize(1400);
    const from = card("5H");
    const [left, top] = placeOf(from);
    const grip = [12, 9]; // where the pointer holds the card
    pointer(from, "pointerdown", left + grip[0], top + grip[1]);
    const [overX, overY] = middleOf(pile("tableau/5"));
    pointer(from, "pointermove", overX, overY);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);

    // A scrollbar appears beside the cell: the view narrows and is laid out again.
    const [wideWidth, wideHeight] = cardSize(root);
    resize(600);
    const [width, height] = cardSize(root);
    expect(width).toBeLessThan(wideWidth);
    expect(from.classList.contains("sw-card--dragging")).toBe(true);
    expect(from.classList.contains("sw-card--held")).toBe(true);
    // Held at the same spot of the card, now smaller.
    const [shownX, shownY] = placeOf(from);
    expect(shownX).toBeCloseTo(overX - (grip[0] * width) / wideWidth, 5);
    expect(shownY).toBeCloseTo(overY - (grip[1] * height) / wideHeight, 5);

    // The drop goes where the pointer is by the new layout.
    const [targetX, targetY] = middleOf(pile("tableau/5"));
    expect(targetX).not.toBeCloseTo(overX, 0);
    pointer(from, "pointermove", targetX, targetY);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", targetX, targetY);
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ kind: "move", source: "tableau/1", target: "tableau/5", count: 1 });
  });

  it("after a resize the pile a drop would land on is found again without the pointer moving", () => {
    const { model, card, pile, resize } = view(fixture("klondike_start"));
    resize(1400);
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    // Held over where tableau/5 will be once the view is narrower, not where it is now.
    resize(600);
    const [laterX, laterY] = middleOf(pile("tableau/5"));
    resize(1400);
    pointer(from, "pointermove", laterX, laterY);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(false);
    resize(600);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", laterX, laterY);
    expect(model.sent.map((sent) => sent.target)).toEqual(["tableau/5"]);
  });

  it("the notebook scrolling under a drag leaves the card under the pointer and finds the pile there", () => {
    const { model, card, pile, root } = view(fixture("klondike_start"));
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    // Held over column 6's card as it will be once the board has scrolled up by 400 px.
    const [x, y] = middleOf(pile("tableau/5"));
    pointer(from, "pointermove", x, y - 400);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(false);
    const board = root.querySelector(".sw-board");
    board.getBoundingClientRect = () => ({ left: 0, top: -400, right: 0, bottom: 0, width: 0, height: 0 });
    window.dispatchEvent(new Event("scroll"));
    const [shownX, shownY] = placeOf(from);
    expect([shownX, shownY - 400]).toEqual([x - 10, y - 400 - 10]);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", x, y - 400);
    expect(model.sent.map((sent) => sent.target)).toEqual(["tableau/5"]);
  });

  it("the notebook scrolling between the press and the drag leaves the card held where the pointer took it", () => {
    const { model, card, pile, root } = view(fixture("klondike_start"));
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    // JupyterLab may scroll the cell on the press: the board moves up 110 px under a still pointer.
    const board = root.querySelector(".sw-board");
    board.getBoundingClientRect = () => ({ left: 0, top: -110, right: 0, bottom: 0, width: 0, height: 0 });
    window.dispatchEvent(new Event("scroll"));
    const [x, y] = middleOf(pile("tableau/5"));
    pointer(from, "pointermove", x, y - 110);
    // Held 10 px into the card, as taken, not 10 px plus the scroll.
    expect(placeOf(from)).toEqual([x - 10, y - 10]);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", x, y - 110);
    expect(model.sent.map((sent) => sent.target)).toEqual(["tableau/5"]);
  });

  it("a render for something else (an analysis, a timeline) leaves the dragged card under the pointer", () => {
    const { model, card, pile } = view(fixture("klondike_start"));
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    pointer(from, "pointermove", left + 60, top + 90);
    const dragged = from.style.transform;
    model.change("analysis", { status: "running", rows: [] });
    expect(from.style.transform).toBe(dragged);
    expect(from.classList.contains("sw-card--dragging")).toBe(true);
    const [x, y] = middleOf(pile("tableau/5"));
    pointer(from, "pointermove", x, y);
    pointer(from, "pointerup", x, y);
    expect(model.sent.map((sent) => sent.target)).toEqual(["tableau/5"]);
  });
});

describe("ending a drag without a drop", () => {
  it("Escape puts the cards back at once, wherever the focus is; the release drops nothing and lifts nothing", () => {
    const { model, card, root } = view(fixture("klondike_start"));
    const from = card("5H");
    const home = from.style.transform;
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    pointer(from, "pointermove", left + 80, top + 60);
    expect(from.style.transform).not.toBe(home);
    const pressed = key(document.body, "Escape");
    expect(pressed.defaultPrevented).toBe(true);
    expect(from.style.transform).toBe(home);
    expect(root.querySelector(".sw-card--dragging, .sw-card--held, .sw-pile--hover, .sw-pile--lifted")).toBe(null);
    expect(root.querySelector('[aria-live="polite"]').textContent.trim()).toBe("Put the cards back.");
    pointer(from, "pointermove", left + 200, top + 60);
    expect(from.style.transform).toBe(home);
    pointer(from, "pointerup", left + 200, top + 60);
    click(from); // the click the release makes
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(model.sent).toEqual([]);
  });

  it("Escape with no drag on is left to the board's keys", () => {
    const { card, pile } = view(fixture("klondike_start"));
    click(card("5H"));
    pile("tableau/1").focus();
    const pressed = key(pile("tableau/1"), "Escape");
    expect(pressed.defaultPrevented).toBe(true);
    expect(card("5H").classList.contains("sw-card--held")).toBe(false);
  });

  it("a new state during a drag puts the cards back; the release that follows picks nothing up", () => {
    const state = fixture("klondike_start");
    const { model, card, root } = view(state);
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    pointer(from, "pointermove", left + 80, top + 60);
    // A cell drew a card meanwhile.
    model.setState({ ...structuredClone(state), version: state.version + 1 });
    expect(root.querySelector(".sw-card--dragging, .sw-card--held")).toBe(null);
    pointer(from, "pointerup", left + 10, top + 10);
    click(from);
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(model.sent).toEqual([]);
  });
});

describe("a resize while cards glide", () => {
  it("the glides end at once and every card stands in its place by the new layout", () => {
    const animations = recordAnimations();
    const { model, card, resize } = view(fixture("klondike_start"));
    resize(1400);
    click(card("5H"));
    click(card("6C"));
    expect(model.sent).toHaveLength(1);
    // The move is drawn at once and glides there.
    const moved = card("5H");
    expect(moved.closest("[data-pile]").dataset.pile).toBe("tableau/5");
    const glide = animations.find((animation) => animation.el === moved);
    expect(glide.playState).toBe("running");
    expect(moved.classList.contains("sw-card--gliding")).toBe(true);
    const before = offsetOf(moved);
    resize(600);
    expect(glide.playState).toBe("idle");
    expect(moved.classList.contains("sw-card--gliding")).toBe(false);
    // Its place is the new layout's: one fan step below the 6 of clubs, which is smaller now.
    const [x, y] = offsetOf(moved);
    expect(x).toBe(0);
    expect(y).toBeGreaterThan(offsetOf(card("6C"))[1]);
    expect(y).toBeLessThan(before[1]);
    expect(animations.every((animation) => animation.playState !== "running")).toBe(true);
  });
});
