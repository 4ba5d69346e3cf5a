// Fitting the view to its width (fitting.js): the move list beside the board or under it,
// the board alone while presenting, laid out again when the width changes.

import { afterEach, describe, expect, it } from "vitest";
import { Fitting } from "../fitting.js";
import { PRESENTED_BOARD_WIDTH } from "../teaching.js";
import { fixture, mountForTest } from "./helpers.js";

const view = mountForTest;

describe("fitting the container", () => {
  afterEach(() => {
    delete globalThis.ResizeObserver;
  });

  function observed() {
    const observers = [];
    globalThis.ResizeObserver = class {
      constructor(callback) {
        this.callback = callback;
        observers.push(this);
      }

      observe() {}

      disconnect() {}
    };
    return (width) => observers.at(-1).callback([{ contentRect: { width } }]);
  }

  for (const [name, columns] of [
    ["klondike_mid", 7],
    ["father_mid", 12],
    ["following_mid", 6],
  ]) {
    it(`${name}: cards scale with the width and ${columns} columns fit in 600 px`, () => {
      const resize = observed();
      const { root, pile } = view(fixture(name));
      const board = root.querySelector(".sw-board");
      resize(1000);
      const wide = parseFloat(board.style.getPropertyValue("--card-w"));
      resize(600);
      const narrow = parseFloat(board.style.getPropertyValue("--card-w"));
      expect(narrow).toBeLessThan(wide);
      expect(parseFloat(board.style.width)).toBe(600);
      const last = pile(`tableau/${columns - 1}`);
      expect(parseFloat(last.style.left) + narrow).toBeLessThanOrEqual(600);
      expect(narrow).toBeGreaterThanOrEqual(40);
    });
  }
});

describe("Fitting alone", () => {
  /** A Fitting over a board that records its widths (a change each time the width is new). */
  function fittingOf({ presenting = false } = {}) {
    const widths = [];
    const told = [];
    const root = document.createElement("div");
    const board = {
      setWidth: (width) => {
        const changed = widths.at(-1) !== width;
        widths.push(width);
        return changed;
      },
      settleGlides: () => told.push("settle"),
    };
    const fitting = new Fitting({ root, board, presenting: () => presenting, redraw: () => told.push("redraw") });
    return { fitting, root, widths, told };
  }

  it("wide enough, the move list goes beside the board; narrower, under it", () => {
    const { fitting, root, widths } = fittingOf();
    fitting.split(1200);
    expect(root.classList.contains("sw-root--wide")).toBe(true);
    expect(widths.at(-1)).toBeLessThan(1200);
    fitting.split(700);
    expect(root.classList.contains("sw-root--wide")).toBe(false);
    expect(widths.at(-1)).toBe(700);
  });

  it("presenting, the board alone at the presented width", () => {
    const { fitting, root, widths } = fittingOf({ presenting: true });
    fitting.split(1400);
    expect(root.classList.contains("sw-root--wide")).toBe(false);
    expect(widths).toEqual([PRESENTED_BOARD_WIDTH]);
  });

  it("draws again only when the board's width changed, unless told to always", () => {
    const { fitting, told } = fittingOf();
    fitting.onResize(700);
    expect(told).toEqual(["settle", "redraw"]);
    fitting.onResize(700);
    expect(told).toHaveLength(2);
    fitting.onResize(700, true);
    expect(told).toHaveLength(4);
  });

  it("without a ResizeObserver, it lays out at once and follows the window", () => {
    const { fitting, root } = fittingOf();
    const listened = [];
    fitting.follow((target, type) => listened.push([target, type]));
    expect(listened).toEqual([[window, "resize"]]);
    expect(root.classList.contains("sw-root--wide")).toBe(false);
    fitting.destroy();
  });
});
