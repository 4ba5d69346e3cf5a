import { describe, expect, it } from "vitest";
import { MoveList } from "../timeline.js";
import { TimelineRows } from "../tree.js";
import { mainLine, resetMessage, variationRow } from "./helpers.js";

const MOVES = 400;
const VARIATIONS = 20;

/** 400 moves, and 20 variations of 3 moves each spread over the line, every other one with a nested alternative. */
function bigTimeline() {
  const rows = mainLine(MOVES);
  let id = MOVES + 1;
  for (let v = 0; v < VARIATIONS; v += 1) {
    const from = 10 + v * 19;
    const first = id;
    rows.push(variationRow(id++, from, 1, from + 1));
    rows.push(variationRow(id++, first, 0, from + 2));
    rows.push(variationRow(id++, first + 1, 0, from + 3));
    if (v % 2 === 0) rows.push(variationRow(id++, first + 1, 1, from + 3, { comment: "a nested try" }));
  }
  return rows;
}

function median(values) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)];
}

describe("rendering a long move list", () => {
  it(`${MOVES} moves and ${VARIATIONS} variations: timed, drawn once, then only what changed`, () => {
    const timeline = new TimelineRows();
    timeline.apply(resetMessage(bigTimeline(), 0));
    const list = new MoveList({ helpId: "help", navigate() {}, goto() {}, enter() {} });
    document.body.append(list.el);
    const state = { ply: MOVES, line_length: MOVES, line_end: MOVES };

    const first = list.render(timeline, state);
    const entries = list.el.querySelectorAll(".sw-entry");
    expect(list.el.querySelectorAll("[data-ply]")).toHaveLength(MOVES + 1);
    expect(list.el.querySelectorAll("[data-node]")).toHaveLength(entries.length - MOVES - 1);
    expect(list.el.dataset.renderMs).toBe(first.toFixed(2));

    // Stepping back: the current entry and the dimmed ones change, nothing else.
    const steps = [];
    for (let ply = MOVES - 1; ply > MOVES - 21; ply -= 1) steps.push(list.render(timeline, { ...state, ply }));
    expect(list.el.querySelector('[aria-current="step"]').getAttribute("data-ply")).toBe(String(MOVES - 20));

    // A move played at the end: one row more, the other elements kept.
    const kept = list.el.querySelector('[data-ply="200"]');
    const appends = [];
    let length = MOVES;
    for (let n = 0; n < 20; n += 1) {
      length += 1;
      timeline.apply({ kind: "timeline", version: n + 1, reset: false, rows: [mainLine(length)[length]], removed: [] });
      appends.push(list.render(timeline, { ply: length, line_length: length, line_end: length }));
    }
    expect(list.el.querySelector('[data-ply="200"]')).toBe(kept);
    expect(list.el.querySelectorAll("[data-ply]")).toHaveLength(length + 1);

    // eslint-disable-next-line no-console
    console.log(
      `move list, ${MOVES} moves + ${VARIATIONS} variations (${entries.length} entries): ` +
        `first render ${first.toFixed(2)} ms, step median ${median(steps).toFixed(3)} ms, ` +
        `new move median ${median(appends).toFixed(3)} ms`,
    );
    list.destroy();
  });
});
