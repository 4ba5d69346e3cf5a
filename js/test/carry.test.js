// A drag's held cards drawn over the page (carry.js): copies in the top layer follow the
// pointer where the notebook would cut the cards off; the cards keep their piles and marks,
// and the copies go when the drag ends, however it ends.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { fixture, key, mount, pointer } from "./helpers.js";

let mounted = null;

afterEach(() => {
  mounted?.cleanup();
  mounted = null;
  document.body.innerHTML = "";
});

/** `translate(Xpx, Ypx)` read back: [x, y]. */
function offsetOf(el) {
  const match = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(el.style.transform);
  return [Number(match[1]), Number(match[2])];
}

/** Where `card` shows from the board's corner. */
function placeOf(card) {
  const pile = card.closest("[data-pile]");
  const [x, y] = offsetOf(card);
  return [parseFloat(pile.style.left) + x, parseFloat(pile.style.top) + y];
}

describe("held cards drawn over the page", () => {
  let shown;

  beforeEach(() => {
    // jsdom has no popovers: the layer's top layer, as a browser gives it.
    shown = new Set();
    HTMLElement.prototype.showPopover = function showPopover() {
      shown.add(this);
    };
    HTMLElement.prototype.hidePopover = function hidePopover() {
      shown.delete(this);
    };
  });

  afterEach(() => {
    mounted?.cleanup();
    mounted = null;
    delete HTMLElement.prototype.showPopover;
    delete HTMLElement.prototype.hidePopover;
  });

  /** A board whose corner is at (30, -200) in the window (the notebook scrolled it up). */
  function board() {
    mounted = mount(fixture("klondike_start"));
    const boardEl = mounted.q(".sw-board");
    boardEl.getBoundingClientRect = () => ({ left: 30, top: -200, right: 830, bottom: 400, width: 800, height: 600 });
    return { ...mounted, boardEl, layer: mounted.q(".sw-carried") };
  }

  it("a drag shows a copy of each held card at its place in the window, the card itself unseen in its pile", () => {
    const { card, pile, boardEl, layer } = board();
    const held = card("5H");
    const [left, top] = placeOf(held);
    pointer(held, "pointerdown", 30 + left + 10, -200 + top + 10);
    pointer(held, "pointermove", 30 + left + 70, -200 + top + 90);

    expect(shown.has(layer)).toBe(true);
    expect(boardEl.classList.contains("sw-board--carrying")).toBe(true);
    const copies = Array.from(layer.children);
    expect(copies).toHaveLength(1);
    const [copy] = copies;
    // A picture of the card: no mark names it or makes it a control.
    for (const name of ["data-card", "aria-label", "role"]) expect(copy.hasAttribute(name)).toBe(false);
    expect(copy.classList.contains("sw-card--carried")).toBe(true);
    expect(copy.classList.contains("sw-card--dragging")).toBe(false);
    expect(copy.textContent).toBe(held.textContent);
    expect(layer.getAttribute("aria-hidden")).toBe("true");
    // The card keeps its pile and marks, and follows the pointer as before.
    expect(held.closest("[data-pile]")).toBe(pile("tableau/1"));
    expect(held.getAttribute("data-card")).toBe("5H");
    expect(held.classList.contains("sw-card--dragging")).toBe(true);
    expect(mounted.qa('[data-card="5H"]')).toHaveLength(1);
    // The copy is where the card is, in the window's coordinates.
    const [x, y] = placeOf(held);
    expect(x).toBeCloseTo(left + 60, 5);
    expect(offsetOf(copy)).toEqual([30 + x, -200 + y]);

    pointer(held, "pointermove", 30 + left + 20, -200 + top + 300);
    const [laterX, laterY] = placeOf(held);
    expect(offsetOf(copy)).toEqual([30 + laterX, -200 + laterY]);
  });

  it("a run of cards is copied bottom card first, each at its own place in the window", () => {
    mounted = mount(fixture("klondike_mid"));
    const { q, qa, card } = mounted;
    q(".sw-board").getBoundingClientRect = () => ({
      left: 30,
      top: -200,
      right: 830,
      bottom: 400,
      width: 800,
      height: 600,
    });
    const run = ["5C", "4H"].map(card);
    const [left, top] = placeOf(run[0]);
    pointer(run[0], "pointerdown", 30 + left + 10, -200 + top + 10);
    pointer(run[0], "pointermove", 30 + left + 10, -200 + top + 80);
    const copies = qa(".sw-carried > .sw-card--carried");
    expect(copies.map((copy) => copy.textContent)).toEqual(run.map((el) => el.textContent));
    copies.forEach((copy, i) => {
      const [x, y] = placeOf(run[i]);
      expect(offsetOf(copy)).toEqual([30 + x, -200 + y]);
    });
  });

  it("the drop, Escape and a new state each take the copies away and show the cards again", () => {
    const { card, pile, boardEl, layer, model } = board();
    const held = card("5H");
    const [left, top] = placeOf(held);
    const drag = () => {
      pointer(held, "pointerdown", 30 + left + 10, -200 + top + 10);
      pointer(held, "pointermove", 30 + left + 70, -200 + top + 90);
      expect(layer.children).toHaveLength(1);
    };
    const gone = () => {
      expect(layer.children).toHaveLength(0);
      expect(shown.has(layer)).toBe(false);
      expect(boardEl.classList.contains("sw-board--carrying")).toBe(false);
      expect(held.getAttribute("data-card")).toBe("5H");
    };

    drag();
    key(document.body, "Escape");
    gone();
    pointer(held, "pointerup", 30 + left + 70, -200 + top + 90);

    drag();
    pointer(held, "pointerup", 30 + left + 70, -200 + top + 90);
    gone();
    expect(held.closest("[data-pile]")).toBe(pile("tableau/1"));

    drag();
    model.setState({ ...fixture("klondike_start"), version: model.get("state").version + 1 });
    gone();
  });
});

describe("a browser without popovers", () => {
  it("draws the held cards in the board, as before: no layer, no copies", () => {
    mounted = mount(fixture("klondike_start"));
    const { card, q } = mounted;
    expect(q(".sw-carried")).toBe(null);
    const held = card("5H");
    const [left, top] = placeOf(held);
    pointer(held, "pointerdown", left + 10, top + 10);
    pointer(held, "pointermove", left + 70, top + 90);
    expect(held.classList.contains("sw-card--dragging")).toBe(true);
    expect(q(".sw-board").classList.contains("sw-board--carrying")).toBe(false);
    expect(q(".sw-card--carried")).toBe(null);
  });
});
