import { describe, expect, it } from "vitest";
import {
  MAX_CARD_WIDTH,
  MIN_CARD_WIDTH,
  boardLayout,
  boardMetrics,
  fanSteps,
  splitWidth,
  stackOffsets,
  tableauOffsets,
  wasteOffsets,
} from "../layout.js";
import { fixture } from "./helpers.js";

function layoutFor(state, width, maxHeight = 800) {
  const { position, options } = state;
  return boardLayout(width, maxHeight, {
    foundations: position.foundations.length,
    tableau: position.tableau.map((pile) => ({ down: pile.down.length, up: pile.up.length })),
    wasteFan: options.draw === 3 ? 3 : 1,
  });
}

function overlaps(a, b) {
  return a.x < b.x + b.width && b.x < a.x + a.width && a.y < b.y + b.height && b.y < a.y + a.height;
}

describe("board metrics", () => {
  it("scales cards with the width and caps them", () => {
    const narrow = boardMetrics(600, 7);
    const wide = boardMetrics(1000, 7);
    expect(wide.cardWidth).toBeGreaterThan(narrow.cardWidth);
    expect(boardMetrics(4000, 7).cardWidth).toBe(MAX_CARD_WIDTH);
    expect(boardMetrics(200, 12).cardWidth).toBe(MIN_CARD_WIDTH);
    expect(wide.cardHeight).toBe(Math.round(wide.cardWidth * 1.4));
  });

  it("centres a board whose cards reached their largest size", () => {
    const m = boardMetrics(2000, 7);
    expect(m.left).toBeGreaterThan(0);
    expect(m.left * 2 + m.boardWidth).toBeLessThanOrEqual(2000);
  });
});

describe("board layout", () => {
  for (const name of ["klondike_mid", "father_mid", "following_mid", "klondike_draw3"]) {
    for (const width of [600, 1000]) {
      it(`${name} fits ${width} px with no overlapping piles`, () => {
        const layout = layoutFor(fixture(name), width);
        const rects = Object.entries(layout.piles);
        expect(layout.width).toBe(width);
        for (const [, rect] of rects) {
          expect(rect.x).toBeGreaterThanOrEqual(0);
          expect(rect.x + rect.width).toBeLessThanOrEqual(width);
        }
        for (let i = 0; i < rects.length; i += 1) {
          for (let j = i + 1; j < rects.length; j += 1) {
            expect(overlaps(rects[i][1], rects[j][1]), `${rects[i][0]} / ${rects[j][0]}`).toBe(false);
          }
        }
        expect(layout.cardWidth).toBeGreaterThanOrEqual(40);
      });
    }
  }

  it("puts the foundations at the right end of the top row and the tableau below", () => {
    const layout = layoutFor(fixture("father_start"), 1000);
    expect(layout.piles["foundation/7"].x).toBeGreaterThan(layout.piles["foundation/0"].x);
    expect(layout.piles["tableau/11"].x + layout.cardWidth).toBeCloseTo(
      layout.piles["foundation/7"].x + layout.cardWidth,
    );
    expect(layout.piles["tableau/0"].y).toBeGreaterThan(layout.piles.stock.y + layout.cardHeight);
  });

  it("keeps a very tall column within the height it is given", () => {
    const state = fixture("klondike_tall");
    const layout = layoutFor(state, 1000, 800);
    expect(layout.height).toBeLessThanOrEqual(800);
    const step = layout.steps[6];
    expect(step.up).toBeLessThan(layout.cardHeight * 0.26);
    expect(step.up).toBeGreaterThanOrEqual(layout.cardHeight * 0.2 - 1e-9);
    // Where even the tightest readable fan does not fit, the board grows instead.
    const cramped = layoutFor(state, 1000, 500);
    expect(cramped.height).toBeGreaterThan(500);
    expect(cramped.steps[6].up).toBeCloseTo(cramped.cardHeight * 0.2);
  });
});

describe("fans and stacks", () => {
  it("face-down cards overlap tighter than face-up ones", () => {
    const steps = fanSteps(5, 3, 140, 10_000);
    expect(steps.down).toBeLessThan(steps.up);
    expect(steps.height).toBe(Math.ceil(140 + 5 * steps.down + 2 * steps.up));
  });

  it("squeezes face-down steps first, then face-up ones, never below the minimum", () => {
    const loose = fanSteps(6, 12, 100, 10_000);
    const squeezed = fanSteps(6, 12, 100, 300);
    expect(squeezed.down).toBeLessThan(loose.down);
    expect(squeezed.up).toBeLessThan(loose.up);
    const floor = fanSteps(6, 40, 100, 200);
    expect(floor.up).toBeCloseTo(20);
    expect(floor.down).toBeCloseTo(4.5);
    expect(floor.height).toBeGreaterThan(200);
  });

  it("a single card or an empty pile is one card high", () => {
    expect(fanSteps(0, 1, 100, 500).height).toBe(100);
    expect(fanSteps(0, 0, 100, 500).height).toBe(100);
  });

  it("tableau offsets step down the pile", () => {
    const offsets = tableauOffsets(2, 2, { down: 10, up: 30 });
    expect(offsets.map((o) => o.y)).toEqual([0, 10, 20, 50]);
  });

  it("stacks get a little thickness", () => {
    const offsets = stackOffsets(20);
    expect(offsets[0]).toEqual({ x: -0, y: -0 });
    expect(offsets[19].x).toBe(-3);
  });

  it("the draw-three waste fans its top three cards", () => {
    const offsets = wasteOffsets(10, 3, 100);
    // Cards under the fan stay squared up beneath its first card (a few pixels of thickness).
    expect(offsets.slice(0, 7).every((o) => Math.abs(o.x - offsets[7].x) <= 3)).toBe(true);
    expect(offsets[8].x - offsets[7].x).toBe(30);
    expect(offsets[9].x - offsets[8].x).toBe(30);
    const two = wasteOffsets(2, 3, 100);
    expect(two.map((o) => o.x)).toEqual([0, 30]);
    const single = wasteOffsets(5, 1, 100);
    expect(new Set(single.map((o) => o.x)).size).toBe(1);
  });
});

describe("sharing the view with the move list", () => {
  it("puts the list beside the board from 1000 px on, and under it below", () => {
    expect(splitWidth(999)).toEqual({ wide: false, boardWidth: 999 });
    expect(splitWidth(1000)).toEqual({ wide: true, boardWidth: 688 });
    expect(splitWidth(1400).boardWidth).toBe(1088);
  });
});
