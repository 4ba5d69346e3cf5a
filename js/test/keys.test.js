import { describe, expect, it } from "vitest";
import { activatePile, focusRows, keyAction, moveFocus, resizeHeld, staysInWidget } from "../keys.js";
import { fixture } from "./helpers.js";

describe("keys", () => {
  it("maps keys to actions and leaves modified keys alone", () => {
    expect(keyAction({ key: "ArrowLeft" })).toBe("left");
    expect(keyAction({ key: "ArrowUp" })).toBe("up");
    expect(keyAction({ key: "ArrowUp", shiftKey: true })).toBe("longer");
    expect(keyAction({ key: "ArrowDown", shiftKey: true })).toBe("shorter");
    expect(keyAction({ key: "Enter" })).toBe("activate");
    expect(keyAction({ key: " " })).toBe("activate");
    expect(keyAction({ key: "Escape" })).toBe("cancel");
    expect(keyAction({ key: "u" })).toBe("undo");
    expect(keyAction({ key: "R" })).toBe("redo");
    expect(keyAction({ key: "n" })).toBe("new");
    expect(keyAction({ key: "a" })).toBe("autoplay");
    expect(keyAction({ key: "h" })).toBe("hint");
    expect(keyAction({ key: "[" })).toBe("back");
    expect(keyAction({ key: "]" })).toBe("forward");
    expect(keyAction({ key: "z" })).toBe(null);
    expect(keyAction({ key: "u", ctrlKey: true })).toBe(null);
    expect(keyAction({ key: "r", metaKey: true })).toBe(null);
    expect(keyAction({ key: "Tab" })).toBe(null);
    expect(keyAction({ key: "Enter", shiftKey: true })).toBe(null);
  });
});

describe("moving focus", () => {
  const ids = ["stock", "waste", "foundation/0", "foundation/1", "tableau/0", "tableau/1", "tableau/2", "tableau/3"];
  const x = {
    stock: 0,
    waste: 100,
    "foundation/0": 200,
    "foundation/1": 300,
    "tableau/0": 0,
    "tableau/1": 100,
    "tableau/2": 200,
    "tableau/3": 300,
  };
  const rows = focusRows(ids);
  const centre = (id) => x[id];

  it("splits piles into the top row and the tableau", () => {
    expect(rows).toEqual([
      ["stock", "waste", "foundation/0", "foundation/1"],
      ["tableau/0", "tableau/1", "tableau/2", "tableau/3"],
    ]);
  });

  it("moves along a row and stops at its ends", () => {
    expect(moveFocus("waste", "right", rows, centre)).toBe("foundation/0");
    expect(moveFocus("stock", "left", rows, centre)).toBe("stock");
    expect(moveFocus("tableau/3", "right", rows, centre)).toBe("tableau/3");
    expect(moveFocus("tableau/2", "first", rows, centre)).toBe("tableau/0");
    expect(moveFocus("tableau/0", "last", rows, centre)).toBe("tableau/3");
  });

  it("jumps between rows to the nearest pile", () => {
    expect(moveFocus("foundation/0", "down", rows, centre)).toBe("tableau/2");
    expect(moveFocus("tableau/3", "up", rows, centre)).toBe("foundation/1");
    expect(moveFocus("stock", "up", rows, centre)).toBe("stock");
    expect(moveFocus("tableau/1", "down", rows, centre)).toBe("tableau/1");
  });
});

describe("picking up and putting down", () => {
  const state = fixture("klondike_mid");

  it("the stock draws whatever is held", () => {
    expect(activatePile(state, null, "stock")).toEqual({
      kind: "send",
      move: { source: "stock", target: "waste", count: 1 },
    });
    expect(activatePile(state, { source: "waste", count: 1 }, "stock").kind).toBe("send");
  });

  it("a tableau pile offers its longest movable run, other piles their top card", () => {
    const longest = Math.max(0, ...state.legal.filter((m) => m[0] === "tableau/2").map((m) => m[2]));
    const picked = activatePile(state, null, "tableau/2");
    expect(picked.kind).toBe("pick");
    expect(picked.held).toEqual({ source: "tableau/2", count: longest || 1 });
    expect(activatePile(state, null, "waste")).toEqual({ kind: "pick", held: { source: "waste", count: 1 } });
    expect(activatePile(state, null, "tableau/2", 3).held.count).toBe(3);
  });

  it("nothing to pick up from an empty pile", () => {
    const result = activatePile(state, null, "tableau/1");
    expect(state.position.tableau[1].up).toEqual([]);
    expect(result).toEqual({ kind: "nothing", reason: "column 2 has no card to pick up" });
  });

  it("held cards drop on another pile, or go back on their own", () => {
    const held = { source: "waste", count: 1 };
    expect(activatePile(state, held, "tableau/4")).toEqual({
      kind: "drop",
      move: { source: "waste", target: "tableau/4", count: 1 },
    });
    expect(activatePile(state, held, "waste")).toEqual({ kind: "cancel" });
  });

  it("the held run grows and shrinks within the face-up cards", () => {
    const up = state.position.tableau[2].up.length;
    let held = { source: "tableau/2", count: 1 };
    for (let i = 0; i < up + 3; i += 1) held = resizeHeld(state, held, 1);
    expect(held.count).toBe(up);
    for (let i = 0; i < up + 3; i += 1) held = resizeHeld(state, held, -1);
    expect(held.count).toBe(1);
    const waste = { source: "waste", count: 1 };
    expect(resizeHeld(state, waste, 1)).toBe(waste);
  });
});

describe("staysInWidget", () => {
  it("keeps every printable key without Ctrl, Alt or Meta from the notebook's shortcuts", () => {
    for (const k of ["x", "m", "b", "0", "Z", " ", "?", "["]) expect(staysInWidget({ key: k })).toBe(true);
    expect(staysInWidget({ key: "B", shiftKey: true })).toBe(true);
  });
  it("lets keys with modifiers and named keys go on", () => {
    expect(staysInWidget({ key: "s", ctrlKey: true })).toBe(false);
    expect(staysInWidget({ key: "x", metaKey: true })).toBe(false);
    expect(staysInWidget({ key: "x", altKey: true })).toBe(false);
    for (const k of ["Enter", "Tab", "Escape", "ArrowUp", "F5"]) expect(staysInWidget({ key: k })).toBe(false);
  });
});
