import { describe, expect, it } from "vitest";
import { COLOURS, arrowLine, arrowsOf, colourOf, drawnIntent, endPoint, marksOf } from "../drawing.js";
import { GLYPHS, glyphWords, variationOf } from "../editing.js";
import { fixture, key, mainLine, mountForTest, variationRow } from "./helpers.js";

/** A right-button pointer event (jsdom has no PointerEvent: a MouseEvent carrying a pointerId). */
function rightPointer(el, type, { x = 0, y = 0, ...modifiers } = {}) {
  const event = new MouseEvent(type, {
    bubbles: true,
    cancelable: true,
    clientX: x,
    clientY: y,
    button: 2,
    ...modifiers,
  });
  Object.defineProperty(event, "pointerId", { value: 7 });
  el.dispatchEvent(event);
  return event;
}

describe("what a teacher draws, as data", () => {
  it("the modifiers pick the colour, as Lichess does", () => {
    expect(colourOf({})).toBe("green");
    expect(colourOf({ shiftKey: true })).toBe("red");
    expect(colourOf({ altKey: true })).toBe("blue");
    expect(colourOf({ shiftKey: true, altKey: true })).toBe("yellow");
    expect(Object.keys(COLOURS)).toEqual(["green", "red", "blue", "yellow"]);
  });

  it("reads marks and arrows from the state, skipping what does not read", () => {
    const state = {
      marks: ["waste", ["7H", "red"], ["AS", "purple"], 3, null],
      arrows: [["tableau/1", "7H", "blue"], ["waste", "stock"], ["x"], "tableau/2", [1, 2, "red"]],
    };
    expect([...marksOf(state)]).toEqual([
      ["waste", "green"],
      ["7H", "red"],
    ]);
    expect(arrowsOf(state)).toEqual([
      { from: "tableau/1", to: "7H", colour: "blue" },
      { from: "waste", to: "stock", colour: "green" },
    ]);
    expect(arrowsOf({})).toEqual([]);
    expect(marksOf(null).size).toBe(0);
  });

  it("an end meets a card's visible middle, a pile's top card, or an empty slot's middle", () => {
    const places = {
      piles: {
        "tableau/0": { x: 0, y: 100, width: 60, height: 84 },
        "foundation/0": { x: 200, y: 0, width: 60, height: 84 },
      },
      cards: { "7H": { x: 0, y: 100, width: 60, height: 20 } },
      tops: { "tableau/0": { x: 0, y: 120, width: 60, height: 84 } },
      under: { AS: "foundation/0", "2S": "foundation/0" },
    };
    places.tops["foundation/0"] = { x: 200, y: 0, width: 60, height: 84 };
    expect(endPoint("7H", places)).toEqual({ x: 30, y: 110 });
    expect(endPoint("tableau/0", places)).toEqual({ x: 30, y: 162 });
    expect(endPoint("AS", places)).toEqual({ x: 230, y: 42 });
    delete places.tops["foundation/0"];
    expect(endPoint("foundation/0", places)).toEqual({ x: 230, y: 42 });
    expect(endPoint("KD", places)).toBe(null);
  });

  it("an arrow's line leaves both ends' middles free, unless they are close", () => {
    expect(arrowLine({ x: 0, y: 0 }, { x: 100, y: 0 }, 10)).toEqual({ x1: 10, y1: 0, x2: 90, y2: 0 });
    const diagonal = arrowLine({ x: 0, y: 0 }, { x: 30, y: 40 }, 5);
    expect(diagonal.x1).toBeCloseTo(3);
    expect(diagonal.y2).toBeCloseTo(36);
    expect(arrowLine({ x: 0, y: 0 }, { x: 30, y: 0 }, 10)).toEqual({ x1: 0, y1: 0, x2: 30, y2: 0 });
    expect(arrowLine({ x: 5, y: 5 }, { x: 5.2, y: 5 }, 10)).toBe(null);
  });

  it("a right-drag's release asks for a highlight, an arrow or nothing", () => {
    expect(drawnIntent("7H", "7H", "red")).toEqual({ kind: "highlight", fields: { end: "7H", colour: "red" } });
    expect(drawnIntent("7H", "tableau/2", "green")).toEqual({
      kind: "arrow",
      fields: { from: "7H", to: "tableau/2", colour: "green" },
    });
    expect(drawnIntent("7H", null, "green")).toBe(null);
  });

  it("glyphs have words, and a variation is found from the move on show", () => {
    expect(GLYPHS.map(([sign]) => sign)).toEqual(["!!", "!", "!?", "?!", "?", "??"]);
    expect(glyphWords("?!")).toBe("dubious move");
    expect(glyphWords("<b>")).toBe("");
    const rows = mainLine(4);
    expect(variationOf(rows)).toBe(null);
    const branch = variationRow(9, 2, 1, 3);
    expect(variationOf([...rows.slice(0, 3), branch, variationRow(10, 9, 0, 4)])).toBe(branch);
  });
});

const view = mountForTest;

describe("drawing on the board", () => {
  it("the arrows of the state are drawn over the board, between the ends' places", () => {
    const state = {
      ...fixture("klondike_start"),
      arrows: [
        ["tableau/0", "foundation/0", "red"],
        ["waste", "nowhere"],
      ],
      marks: [["tableau/3", "blue"], "stock"],
    };
    const { q, qa, pile } = view(state);
    const layer = q("svg.sw-drawing");
    expect(layer.getAttribute("data-arrows")).toBe("2");
    const lines = qa("svg.sw-drawing line");
    expect(lines).toHaveLength(1); // "nowhere" is not on the board
    expect(lines[0].getAttribute("stroke")).toBe(COLOURS.red);
    expect(lines[0].getAttribute("marker-end")).toMatch(/^url\(#sw-head-.+-red\)$/);
    expect(Number(lines[0].getAttribute("y2"))).toBeLessThan(Number(lines[0].getAttribute("y1")));
    expect(pile("tableau/3").getAttribute("data-mark")).toBe("blue");
    expect(pile("stock").getAttribute("data-mark")).toBe("green");
    expect(pile("waste").hasAttribute("data-mark")).toBe(false);
  });

  it("a right-click highlights, a right-drag draws an arrow, coloured by the modifiers; no context menu", () => {
    const state = fixture("klondike_start");
    const { model, pile, card } = view(state);
    const top = pile("tableau/0").lastElementChild;
    const code = top.getAttribute("data-card");
    rightPointer(top, "pointerdown");
    rightPointer(top, "pointerup");
    expect(model.sent.at(-1)).toMatchObject({ kind: "highlight", end: code, colour: "green", version: state.version });
    model.setState({ ...state, version: state.version + 1 });
    rightPointer(card(code), "pointerdown", { shiftKey: true });
    rightPointer(pile("foundation/1"), "pointermove", { x: 300, y: 10 });
    rightPointer(pile("foundation/1"), "pointerup");
    expect(model.sent.at(-1)).toMatchObject({ kind: "arrow", from: code, to: "foundation/1", colour: "red" });
    const menu = new MouseEvent("contextmenu", { bubbles: true, cancelable: true });
    pile("waste").dispatchEvent(menu);
    expect(menu.defaultPrevented).toBe(true);
  });

  it("a face-down card stands for its pile", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    const down = pile("tableau/3").querySelector('[data-card="down"]');
    rightPointer(down, "pointerdown", { altKey: true });
    rightPointer(pile("tableau/5"), "pointerup", { altKey: true });
    expect(model.sent.at(-1)).toMatchObject({ kind: "arrow", from: "tableau/3", to: "tableau/5", colour: "blue" });
  });

  it("M highlights the focused pile; V, arrows, V draw an arrow; Escape cancels one", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    pile("stock").focus();
    key(pile("stock"), "M", { shiftKey: true });
    expect(model.sent.at(-1)).toMatchObject({ kind: "highlight", end: "stock", colour: "red" });
    model.setState({ ...state, version: state.version + 1 });
    key(document.activeElement, "v");
    key(document.activeElement, "ArrowRight");
    key(document.activeElement, "v");
    expect(model.sent.at(-1)).toMatchObject({ kind: "arrow", from: "stock", to: "waste", colour: "green" });
    model.setState({ ...state, version: state.version + 2 });
    const sent = model.sent.length;
    key(document.activeElement, "v");
    key(document.activeElement, "Escape");
    key(document.activeElement, "ArrowRight");
    expect(model.sent).toHaveLength(sent);
  });
});

describe("editing the move on show", () => {
  const tree = [...mainLine(6), variationRow(20, 3, 1, 4), variationRow(21, 20, 0, 5)];
  const onVariation = (changes = {}) => ({
    ...fixture("klondike_start"),
    ply: 5,
    moves: 5,
    line_length: 5,
    line_end: 21,
    ...changes,
  });

  it("the comment editor opens in place, saves plain text, and Escape closes it", () => {
    const state = { ...fixture("klondike_start"), ply: 3, moves: 3, line_length: 6, line_end: 6 };
    const { model, q } = view(state, { timeline: mainLine(6) });
    key(q('[data-timeline] [data-ply="3"]'), "c");
    const editor = q('[data-timeline] [data-ply="3"] [data-comment-editor] textarea');
    expect(editor).not.toBe(null);
    editor.value = "<b>Free</b> the ace.";
    key(editor, "ArrowLeft");
    expect(model.sent).toHaveLength(0);
    key(editor, "Enter");
    expect(model.sent.at(-1)).toMatchObject({ kind: "comment", node: 3, text: "<b>Free</b> the ace." });
    expect(q("[data-comment-editor]")).toBe(null);
    q('button[data-action="comment"]').click();
    key(q("[data-comment-editor] textarea"), "Escape");
    expect(q("[data-comment-editor]")).toBe(null);
  });

  it("a glyph is chosen for the move on show, and shown with its words", () => {
    const state = { ...fixture("klondike_start"), ply: 2, moves: 2, line_length: 6, line_end: 6 };
    const rows = mainLine(6);
    rows[2] = { ...rows[2], glyph: "!?" };
    const { model, q } = view(state, { timeline: rows });
    const entry = q('[data-timeline] [data-ply="2"]');
    expect(entry.querySelector(".sw-entry-nag").textContent).toBe("!?");
    expect(entry.querySelector(".sw-entry-sentence").textContent).toBe("move 2 in words (interesting move)");
    const select = q('select[data-control="glyph"]');
    expect(select.value).toBe("!?");
    select.value = "??";
    select.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ kind: "glyph", node: 2, glyph: "??" });
  });

  it("on a variation, Promote and Delete name where it branches; on the main line they are off", () => {
    const { model, q } = view(onVariation(), { timeline: tree });
    expect(q('button[data-action="promote"]').disabled).toBe(false);
    q('button[data-action="promote"]').click();
    expect(model.sent.at(-1)).toMatchObject({ kind: "promote", node: 20 });
    model.setState(onVariation({ version: onVariation().version + 1 }));
    key(q('[data-timeline] [data-ply="5"]'), "Delete");
    expect(model.sent.at(-1)).toMatchObject({ kind: "delete", node: 20 });
    model.setState(onVariation({ version: onVariation().version + 2, ply: 2, moves: 2, line_length: 6, line_end: 6 }));
    expect(q('button[data-action="promote"]').disabled).toBe(true);
    expect(q('button[data-action="delete_variation"]').disabled).toBe(true);
  });

  it("the main line stays at the top level while the game follows a variation", () => {
    const { q } = view(onVariation(), { timeline: tree });
    const main4 = q('[data-timeline] [data-node="4"]');
    const line4 = q('[data-timeline] [data-ply="4"]');
    expect(main4.style.getPropertyValue("--sw-depth") || "0").toBe("0");
    expect(main4.nextElementSibling).toBe(line4);
    expect(line4.style.getPropertyValue("--sw-depth")).toBe("1");
    expect(q('[aria-current="step"]').getAttribute("data-ply")).toBe("5");
  });
});
