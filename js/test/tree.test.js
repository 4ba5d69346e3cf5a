import { describe, expect, it } from "vitest";
import { TimelineRows } from "../tree.js";
import { mainLine, resetMessage, variationRow } from "./helpers.js";

function change(version, rows, removed = []) {
  return { kind: "timeline", version, reset: false, rows, removed };
}

/** Where each entry of `entries` is: "L3" for line ply 3, "V12@1" for node 12 at depth 1. */
function shapeOf(entries) {
  return entries.map((e) => (e.kind === "line" ? `L${e.ply}` : `V${e.row.id}@${e.depth}`));
}

describe("timeline rows", () => {
  it("a reset replaces every row; changes add, replace and remove rows", () => {
    const timeline = new TimelineRows();
    expect(timeline.apply(resetMessage(mainLine(3), 4))).toBe(true);
    expect(timeline.version).toBe(4);
    expect(timeline.toArray().map((row) => row.id)).toEqual([0, 1, 2, 3]);
    const commented = { ...mainLine(3)[2], comment: "a fine move" };
    expect(timeline.apply(change(5, [commented, variationRow(4, 1, 1, 2)], [3]))).toBe(true);
    expect(timeline.rows.get(2).comment).toBe("a fine move");
    expect(
      timeline
        .toArray()
        .map((row) => row.id)
        .sort(),
    ).toEqual([0, 1, 2, 4]);
    expect(timeline.apply(resetMessage(mainLine(1), 9))).toBe(true);
    expect(timeline.toArray().map((row) => row.id)).toEqual([0, 1]);
    expect(timeline.version).toBe(9);
  });

  it("a change that does not follow the last version is not applied", () => {
    const timeline = new TimelineRows();
    expect(timeline.apply(change(1, mainLine(1)))).toBe(false);
    expect(timeline.rows.size).toBe(0);
    timeline.apply(resetMessage(mainLine(2), 3));
    expect(timeline.apply(change(5, [], [2]))).toBe(false);
    expect(timeline.apply(change(3, [], [2]))).toBe(false);
    expect(timeline.rows.has(2)).toBe(true);
    expect(timeline.version).toBe(3);
  });

  it("rows saved with a notebook have no version: only a reset may follow them", () => {
    const timeline = new TimelineRows();
    timeline.load([...mainLine(2), { id: "x" }, null, { id: 7, parent: 1 }]);
    expect(timeline.toArray().map((row) => row.id)).toEqual([0, 1, 2]);
    expect(timeline.version).toBe(null);
    expect(timeline.apply(change(1, []))).toBe(false);
  });

  it("the line goes from the start to its end node by the parents", () => {
    const timeline = new TimelineRows();
    timeline.apply(resetMessage([...mainLine(4), variationRow(5, 1, 1, 2), variationRow(6, 5, 0, 3)]));
    expect(timeline.lineOf(4).map((row) => row.id)).toEqual([0, 1, 2, 3, 4]);
    expect(timeline.lineOf(6).map((row) => row.id)).toEqual([0, 1, 5, 6]);
    expect(timeline.lineOf(99)).toBe(null);
  });

  it("a line with a missing row or a loop is not a line", () => {
    const timeline = new TimelineRows();
    timeline.load([variationRow(1, 0, 0, 1), variationRow(2, 3, 0, 2), variationRow(3, 2, 0, 3)]);
    expect(timeline.lineOf(1)).toBe(null);
    expect(timeline.lineOf(3)).toBe(null);
  });

  it("alternatives follow the move they replace, nested one level deeper per variation", () => {
    const timeline = new TimelineRows();
    timeline.apply(
      resetMessage([
        ...mainLine(4),
        variationRow(10, 1, 1, 2), // instead of move 2
        variationRow(11, 10, 0, 3), // its main continuation
        variationRow(12, 10, 1, 3), // an alternative to 11, inside the variation
        variationRow(13, 11, 0, 4),
        variationRow(14, 1, 2, 2), // a second alternative to move 2
        variationRow(15, 3, 1, 4), // instead of move 4
      ]),
    );
    const entries = timeline.entriesOf(timeline.lineOf(4));
    expect(shapeOf(entries)).toEqual([
      "L0",
      "L1",
      "L2",
      "V10@1",
      "V11@1",
      "V12@2",
      "V13@1",
      "V14@1",
      "L3",
      "L4",
      "V15@1",
    ]);
    // Following the variation makes it the line, and the old moves its alternatives.
    const other = timeline.entriesOf(timeline.lineOf(13));
    expect(shapeOf(other)).toEqual(["L0", "L1", "L2", "V2@1", "V3@1", "V4@1", "V15@2", "V14@1", "L3", "V12@1", "L4"]);
  });

  it("moves past the line's end are shown after it", () => {
    const timeline = new TimelineRows();
    timeline.apply(resetMessage([...mainLine(2), variationRow(3, 2, 0, 3)]));
    expect(shapeOf(timeline.entriesOf(timeline.lineOf(2)))).toEqual(["L0", "L1", "L2", "V3@1"]);
  });
});
