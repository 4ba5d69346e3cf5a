// Cards held near the top or bottom of what shows scroll the notebook towards the piles out
// of sight, the cards staying under the pointer; nothing scrolls once the drag is over.

import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { edgeStep } from "../autoscroll.js";
import { fixture, mount, pointer } from "./helpers.js";

describe("how fast a drag scrolls", () => {
  it("not at all in the middle, faster nearer an edge, at most 20 px a frame", () => {
    expect(edgeStep(300, 0, 600)).toBe(0);
    expect(edgeStep(560, 0, 600)).toBeGreaterThan(0);
    expect(edgeStep(590, 0, 600)).toBeGreaterThan(edgeStep(560, 0, 600));
    expect(edgeStep(600, 0, 600)).toBe(20);
    expect(edgeStep(900, 0, 600)).toBe(20);
    expect(edgeStep(10, 0, 600)).toBeLessThan(0);
    expect(edgeStep(-50, 0, 600)).toBe(-20);
  });

  it("a short band leaves its middle half still", () => {
    expect(edgeStep(50, 0, 100)).toBe(0);
    expect(edgeStep(80, 0, 100)).toBeGreaterThan(0);
  });
});

describe("a drag at the edge of what shows", () => {
  let frames;
  let mounted;

  beforeEach(() => {
    frames = [];
    globalThis.requestAnimationFrame = (callback) => frames.push(callback);
    globalThis.cancelAnimationFrame = (id) => {
      frames[id - 1] = null;
    };
  });

  afterEach(() => {
    mounted.cleanup();
    document.body.innerHTML = "";
    delete globalThis.requestAnimationFrame;
    delete globalThis.cancelAnimationFrame;
  });

  /** Runs the frames asked for so far (and none they ask for); returns how many ran. */
  function runFrames() {
    const due = frames.splice(0);
    frames.push(...due.map(() => null));
    let ran = 0;
    for (const frame of due) {
      if (frame) {
        frame();
        ran += 1;
      }
    }
    return ran;
  }

  /**
   * The board in a notebook that shows `shown` px of it from the window's top (a number, or
   * a function of the board mounted) and scrolls 2000 px more: the board's place on screen
   * follows the scroll.
   */
  function inScroller(shownFor) {
    mounted = mount(fixture("klondike_start"));
    const shown = typeof shownFor === "function" ? shownFor(mounted) : shownFor;
    const scroller = document.createElement("div");
    scroller.style.overflowY = "auto";
    document.body.append(scroller);
    scroller.append(mounted.el);
    let scrollTop = 0;
    Object.defineProperty(scroller, "scrollHeight", { value: shown + 2000 });
    Object.defineProperty(scroller, "clientHeight", { value: shown });
    Object.defineProperty(scroller, "scrollTop", {
      get: () => scrollTop,
      set: (value) => {
        scrollTop = Math.max(0, Math.min(2000, value));
      },
    });
    scroller.getBoundingClientRect = () => ({
      left: 0,
      top: 0,
      right: 1000,
      bottom: shown,
      width: 1000,
      height: shown,
    });
    const board = mounted.root.querySelector(".sw-board");
    board.getBoundingClientRect = () => ({ left: 0, top: -scrollTop, right: 1000, bottom: 0, width: 1000, height: 0 });
    runFrames(); // the move list's, on mounting
    return scroller;
  }

  /** Where `card` shows on the board: [x, y]. */
  function placeOf(card) {
    const pile = card.closest("[data-pile]");
    const [, x, y] = /translate\((-?[\d.]+)px, (-?[\d.]+)px\)/.exec(card.style.transform).map(Number);
    return [parseFloat(pile.style.left) + x, parseFloat(pile.style.top) + y];
  }

  it("scrolls the notebook frame by frame, the card under the pointer, and drops on the pile it scrolled to", () => {
    const scroller = inScroller(400);
    const { card, pile, model } = mounted;
    const from = card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    pointer(from, "pointermove", left + 30, top + 40);
    expect(runFrames()).toBe(0);
    pointer(from, "pointermove", left + 30, 395);
    for (let frame = 0; frame < 3; frame += 1) expect(runFrames()).toBe(1);
    const scrolled = scroller.scrollTop;
    expect(scrolled).toBeGreaterThan(3 * 10);
    // The card went down the board with the scroll, under the still pointer.
    expect(placeOf(from)).toEqual([left + 20, 395 + scrolled - 10]);

    const target = pile("tableau/5");
    const x = parseFloat(target.style.left) + 20;
    const y = parseFloat(target.style.top) + 20;
    pointer(from, "pointermove", x, y - scrolled);
    runFrames();
    expect(scroller.scrollTop).toBe(scrolled); // out of the band: the scroll stopped
    expect(runFrames()).toBe(0);
    expect(target.classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", x, y - scrolled);
    expect(model.sent.map((sent) => [sent.source, sent.target])).toEqual([["tableau/1", "tableau/5"]]);
    expect(scroller.scrollTop).toBe(scrolled);
  });

  it("a drag taken at the edge scrolls only once the pointer has left it and come back", () => {
    // The card's top shows in the band at the bottom of what shows.
    const scroller = inScroller(({ card }) => placeOf(card("5H"))[1] + 20);
    const held = mounted.card("5H");
    const [left, top] = placeOf(held);
    pointer(held, "pointerdown", left + 10, top + 10);
    pointer(held, "pointermove", left + 10, top + 18);
    runFrames();
    expect(scroller.scrollTop).toBe(0);
    pointer(held, "pointermove", left + 10, (top + 20) / 2);
    pointer(held, "pointermove", left + 10, top + 18);
    runFrames();
    expect(scroller.scrollTop).toBeGreaterThan(0);
  });

  it("ends with the drag: Escape, or the release, leaves no scroll to come", () => {
    const scroller = inScroller(400);
    const from = mounted.card("5H");
    const [left, top] = placeOf(from);
    pointer(from, "pointerdown", left + 10, top + 10);
    pointer(from, "pointermove", left + 30, top + 40);
    pointer(from, "pointermove", left + 30, 399);
    expect(runFrames()).toBe(1);
    const scrolled = scroller.scrollTop;
    window.dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true, cancelable: true }));
    expect(runFrames()).toBe(0);
    expect(scroller.scrollTop).toBe(scrolled);
    expect(from.classList.contains("sw-card--dragging")).toBe(false);
  });
});
