import { describe, expect, it } from "vitest";
import {
  canRedeal,
  cardsOf,
  dropTarget,
  foundationMoveFor,
  hasFoundationMove,
  isLegal,
  legalTargets,
  longestMovableRun,
  stockMove,
} from "../legal.js";
import { parsePileId } from "../piles.js";
import { fixture } from "./helpers.js";

describe("reading the legal moves", () => {
  it("lists the targets of a source and count", () => {
    const state = fixture("klondike_start");
    expect(legalTargets(state.legal, "tableau/4", 1)).toEqual([
      "foundation/0",
      "foundation/1",
      "foundation/2",
      "foundation/3",
    ]);
    expect(legalTargets(state.legal, "tableau/1", 1)).toEqual(["tableau/5"]);
    expect(legalTargets(state.legal, "tableau/1", 2)).toEqual([]);
    expect(isLegal(state.legal, "tableau/1", "tableau/5", 1)).toBe(true);
    expect(isLegal(state.legal, "tableau/1", "tableau/4", 1)).toBe(false);
  });

  it("reads a pile id into its kind and index, and a pile's reachable cards from it", () => {
    expect(parsePileId("tableau/11")).toEqual({ kind: "tableau", index: 11 });
    expect(parsePileId("foundation/0")).toEqual({ kind: "foundation", index: 0 });
    expect(parsePileId("waste")).toEqual({ kind: "waste", index: 0 });
    const position = fixture("klondike_mid").position;
    expect(cardsOf(position, "tableau/6")).toEqual(position.tableau[6].up);
    expect(cardsOf(position, "foundation/1")).toEqual(position.foundations[1]);
    expect(cardsOf(position, "waste")).toEqual(position.waste);
    expect(cardsOf(position, "tableau/99")).toEqual([]);
  });

  it("finds the longest run that may move", () => {
    const state = fixture("klondike_mid");
    for (const [source, , count] of state.legal) {
      if (source.startsWith("tableau/")) expect(longestMovableRun(state.legal, source)).toBeGreaterThanOrEqual(count);
    }
    expect(
      longestMovableRun(
        [
          ["tableau/2", "tableau/5", 3],
          ["tableau/2", "tableau/1", 1],
        ],
        "tableau/2",
      ),
    ).toBe(3);
    expect(longestMovableRun([], "tableau/2")).toBe(0);
  });

  it("a double-click means the first legal foundation move", () => {
    expect(foundationMoveFor(fixture("klondike_start"), "tableau/4")).toEqual({
      source: "tableau/4",
      target: "foundation/0",
      count: 1,
    });
  });

  it("with no legal foundation move, a double-click means no move", () => {
    const state = fixture("klondike_mid");
    state.legal = [["waste", "tableau/2", 1]];
    expect(foundationMoveFor(state, "waste")).toBe(null);
  });

  it("the stock draws, or redeals when it is empty", () => {
    expect(stockMove(fixture("klondike_start"))).toEqual({ source: "stock", target: "waste", count: 1 });
    expect(stockMove(fixture("klondike_draw3"))).toEqual({ source: "stock", target: "waste", count: 3 });
    const redeal = fixture("klondike_redeal");
    expect(stockMove(redeal)).toEqual({ source: "waste", target: "stock", count: 24 });
    expect(canRedeal(redeal)).toBe(true);
    expect(canRedeal(fixture("klondike_start"))).toBe(false);
    const spent = fixture("klondike_redeal");
    spent.legal = [];
    expect(stockMove(spent)).toEqual({ source: "waste", target: "stock", count: 24 });
  });

  it("knows when something can go to a foundation", () => {
    expect(hasFoundationMove(fixture("klondike_start").legal)).toBe(true);
    expect(hasFoundationMove([["foundation/0", "tableau/1", 1]])).toBe(false);
  });
});

describe("drop targets", () => {
  const legal = [
    ["waste", "tableau/2", 1],
    ["waste", "foundation/0", 1],
  ];

  it("prefers a legal target the cards overlap, even a smaller overlap", () => {
    const candidates = [
      { id: "tableau/1", area: 900 },
      { id: "tableau/2", area: 100 },
    ];
    expect(dropTarget(candidates, legal, "waste", 1)).toBe("tableau/2");
  });

  it("otherwise takes the pile under the pointer, then the biggest overlap", () => {
    const candidates = [
      { id: "tableau/3", area: 500 },
      { id: "tableau/4", area: 800 },
    ];
    expect(dropTarget(candidates, legal, "waste", 1, "tableau/3")).toBe("tableau/3");
    expect(dropTarget(candidates, legal, "waste", 1)).toBe("tableau/4");
  });

  it("puts the cards back when they still lie mostly on their own pile", () => {
    const candidates = [
      { id: "tableau/3", area: 900 },
      { id: "tableau/4", area: 80 },
    ];
    expect(dropTarget(candidates, legal, "tableau/3", 1)).toBe(null);
    expect(dropTarget(candidates, legal, "tableau/3", 1, "tableau/3")).toBe(null);
    expect(dropTarget(candidates, [["tableau/3", "tableau/4", 1]], "tableau/3", 1)).toBe("tableau/4");
  });

  it("never targets the source or the stock, and may find nothing", () => {
    expect(dropTarget([{ id: "waste", area: 900 }], legal, "waste", 1, "waste")).toBe(null);
    expect(dropTarget([{ id: "stock", area: 900 }], legal, "waste", 1, "stock")).toBe(null);
    expect(dropTarget([], legal, "waste", 1)).toBe(null);
  });
});
