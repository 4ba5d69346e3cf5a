import { describe, expect, it } from "vitest";
import { canPredict, pendingState, predictPosition } from "../optimistic.js";
import cases from "./fixtures/moves.json";
import { fixture } from "./helpers.js";

const asMove = ([source, target, count]) => ({ source, target, count });

/** The engine's position after `move`, with the card it turned over (if any) still face down. */
function predictedFromEngine(before, move, after) {
  const expected = structuredClone(after);
  if (move.source.startsWith("tableau/")) {
    const index = Number(move.source.split("/")[1]);
    if (after.tableau[index].down.length < before.tableau[index].down.length) {
      expected.tableau[index] = { down: [...before.tableau[index].down], up: [] };
    }
  }
  return expected;
}

/** The case `name`'s position and the engine's position after its legal move `notation`. */
function caseMove(name, [source, target, count]) {
  const { position, after } = cases[name];
  const entry = after.find((e) => e.move[0] === source && e.move[1] === target && e.move[2] === count);
  if (!entry) throw new Error(`${name}: ${source}>${target}x${count} is not one of its legal moves`);
  return { before: position, move: asMove(entry.move), engine: entry.position };
}

describe("predicting the piles after a legal move", () => {
  for (const [name, { position, after }] of Object.entries(cases)) {
    it(`${name}: every legal move gives the engine's piles, an uncovered card left face down`, () => {
      const untouched = structuredClone(position);
      for (const entry of after) {
        const move = asMove(entry.move);
        expect(predictPosition(position, move), entry.move.join(" ")).toEqual(
          predictedFromEngine(position, move, entry.position),
        );
      }
      expect(position).toEqual(untouched);
    });
  }

  it("covers every kind of move of the three games", () => {
    const kinds = new Set();
    for (const [name, { after }] of Object.entries(cases)) {
      const game = name.split("_")[0];
      for (const { move } of after) {
        const [source, target, count] = move;
        const from = source.split("/")[0];
        const to = target.split("/")[0];
        kinds.add(`${game} ${from}>${to}${from === "tableau" && to === "tableau" && count > 1 ? " run" : ""}`);
      }
    }
    for (const kind of [
      "klondike tableau>tableau run",
      "klondike tableau>tableau",
      "klondike waste>tableau",
      "klondike waste>foundation",
      "klondike tableau>foundation",
      "klondike foundation>tableau",
      "klondike stock>waste",
      "klondike waste>stock",
      "father tableau>tableau",
      "father waste>tableau",
      "father waste>foundation",
      "father tableau>foundation",
      "father stock>waste",
      "following tableau>tableau run",
      "following waste>tableau",
      "following stock>waste",
      "following waste>stock",
    ]) {
      expect(kinds, kind).toContain(kind);
    }
  });

  it("a run moves whole and in order onto its target", () => {
    const { before, move, engine } = caseMove("klondike_mid", ["tableau/2", "tableau/1", 10]);
    const run = before.tableau[2].up.slice(-10);
    const predicted = predictPosition(before, move);
    expect(predicted.tableau[1].up.slice(-10)).toEqual(run);
    expect(predicted.tableau[2].up).toEqual(before.tableau[2].up.slice(0, -10));
    expect(predicted.tableau[1]).toEqual(engine.tableau[1]);
  });

  it("the waste's top card goes onto a column or a foundation", () => {
    for (const [name, target] of [
      ["klondike_waste_to_tableau", null],
      ["klondike_waste_home", "foundation/"],
      ["father_mid", "foundation/"],
    ]) {
      const { position, after } = cases[name];
      const entry = after.find((e) => e.move[0] === "waste" && (target === null || e.move[1].startsWith(target)));
      const move = asMove(entry.move);
      const predicted = predictPosition(position, move);
      const top = position.waste.at(-1);
      expect(predicted.waste).toEqual(position.waste.slice(0, -1));
      const [kind, index] = move.target.split("/");
      const landed = kind === "foundation" ? predicted.foundations[index] : predicted.tableau[index].up;
      expect(landed.at(-1)).toBe(top);
    }
  });

  it("a draw of one turns the stock's top card onto the waste", () => {
    const { before, move } = caseMove("klondike_start", ["stock", "waste", 1]);
    const predicted = predictPosition(before, move);
    expect(predicted.waste).toEqual([...before.waste, before.stock.at(-1)]);
    expect(predicted.stock).toEqual(before.stock.slice(0, -1));
  });

  it("a draw of three turns the stock's three top cards over one by one: the third from the top lies on top", () => {
    const { before, move } = caseMove("klondike_draw3", ["stock", "waste", 3]);
    const [third, second, first] = before.stock.slice(-3);
    expect(predictPosition(before, move).waste.slice(-3)).toEqual([first, second, third]);
    const short = caseMove("klondike_draw3_short", ["stock", "waste", 2]);
    expect(short.before.stock).toHaveLength(2);
    expect(predictPosition(short.before, short.move).stock).toEqual([]);
    expect(predictPosition(short.before, short.move).waste.slice(-2)).toEqual([...short.before.stock].reverse());
  });

  it("a redeal turns the waste over into the stock and counts the redeal", () => {
    const unlimited = caseMove("klondike_redeal", ["waste", "stock", 24]);
    const predicted = predictPosition(unlimited.before, unlimited.move);
    expect(predicted.stock).toEqual([...unlimited.before.waste].reverse());
    expect(predicted.waste).toEqual([]);
    expect(predicted.redeals_left).toBe(null);
    const last = cases.following_last_redeal;
    const redeal = asMove(last.after[0].move);
    expect(last.position.redeals_left).toBe(1);
    expect(predictPosition(last.position, redeal).redeals_left).toBe(0);
  });

  it("a foundation's top card comes back to a column", () => {
    const { position, after } = cases.klondike_won;
    const move = asMove(after.find((e) => e.move[0] === "foundation/0").move);
    const predicted = predictPosition(position, move);
    expect(predicted.foundations[0]).toEqual(position.foundations[0].slice(0, -1));
    expect(predicted.tableau[Number(move.target.split("/")[1])].up).toEqual([position.foundations[0].at(-1)]);
  });

  it("the face-down card a move uncovers stays face down: Python turns it over", () => {
    const { before, move, engine } = caseMove("klondike_start", ["tableau/4", "foundation/0", 1]);
    const predicted = predictPosition(before, move);
    expect(predicted.tableau[4]).toEqual({ down: before.tableau[4].down, up: [] });
    expect(engine.tableau[4].up).toEqual([before.tableau[4].down.at(-1)]);
    expect(predicted.foundations[0]).toEqual(["AH"]);
  });
});

describe("the state drawn while a move is pending", () => {
  it("has the predicted piles, no legal moves, the move as where the game stands, and the state's version", () => {
    const state = fixture("klondike_start");
    state.marks = ["tableau/1"];
    const untouched = structuredClone(state);
    const move = { source: "tableau/4", target: "foundation/0", count: 1 };
    const pending = pendingState(state, move);
    expect(pending.position).toEqual(predictPosition(state.position, move));
    expect(pending.legal).toEqual([]);
    expect(pending.pending).toEqual(move);
    expect(pending.standing).toEqual(move);
    expect(pending.marks).toEqual([]);
    expect(pending.version).toBe(state.version);
    expect(state).toEqual(untouched);
  });

  it("leaves unknown what the foundations the move touched take next", () => {
    const state = fixture("klondike_start");
    const pending = pendingState(state, { source: "tableau/4", target: "foundation/0", count: 1 });
    expect(pending.foundation_takes[0]).toBe(null);
    expect(pending.foundation_takes.slice(1)).toEqual(state.foundation_takes.slice(1));
    const won = fixture("klondike_won");
    const back = pendingState(won, { source: "foundation/2", target: "tableau/0", count: 1 });
    expect(back.foundation_takes.map((takes) => takes === null)).toEqual([false, false, true, false]);
  });
});

describe("which moves are drawn before Python answers", () => {
  it("a move in the legal list; not another, not during a lesson", () => {
    const state = fixture("klondike_start");
    expect(canPredict(state, { source: "tableau/1", target: "tableau/5", count: 1 })).toBe(true);
    expect(canPredict(state, { source: "stock", target: "waste", count: 1 })).toBe(true);
    expect(canPredict(state, { source: "tableau/1", target: "tableau/3", count: 1 })).toBe(false);
    expect(canPredict(state, { source: "tableau/1", target: "tableau/5", count: 2 })).toBe(false);
    state.lesson = { total: 10, ply: 0, found: 0, shown: 0, done: false, said: null };
    expect(canPredict(state, { source: "tableau/1", target: "tableau/5", count: 1 })).toBe(false);
  });
});
