import { describe, expect, it } from "vitest";
import {
  buildsDown,
  clockText,
  describeLastMove,
  foundationHint,
  foundationHintWords,
  hasMixedDirections,
  pileLabel,
  runWords,
  stockCaption,
} from "../labels.js";
import { pilesOf } from "../piles.js";
import { fixture } from "./helpers.js";

function hints(state) {
  const { foundations } = state.position;
  const arrows = hasMixedDirections(foundations, state.foundation_takes);
  return foundations.map((pile, i) => foundationHint(pile, state.foundation_takes[i], arrows));
}

describe("foundation hints", () => {
  it("Klondike's empty foundations take an ace", () => {
    expect(hints(fixture("klondike_start"))).toEqual(["A", "A", "A", "A"]);
  });

  it("Father marks ace foundations up and king foundations down", () => {
    const state = fixture("father_start");
    expect(hints(state)).toEqual([
      "A \u2191",
      "A \u2191",
      "A \u2191",
      "A \u2191",
      "K \u2193",
      "K \u2193",
      "K \u2193",
      "K \u2193",
    ]);
    const mid = fixture("father_mid");
    const [first] = hints(mid);
    // The first ace foundation holds two cards of one suit: it wants the three of that suit, upwards.
    expect(mid.position.foundations[0]).toHaveLength(2);
    expect(first).toBe(
      `3${{ C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" }[mid.position.foundations[0][0][1]]} \u2191`,
    );
    expect(hints(mid)[5]).toMatch(/\u2193$/);
  });

  it("Following shows the next card of the suit rotation", () => {
    const state = fixture("following_mid");
    // 2S on foundation 0 wants the three of hearts; 3S on foundation 1 the four of hearts.
    expect(state.position.foundations[0].at(-1)).toBe("2S");
    expect(state.position.foundations[1].at(-1)).toBe("3S");
    expect(hints(state)).toEqual(["3\u2665", "4\u2665", "A", "A"]);
    expect(hints(fixture("following_start"))).toEqual(["A", "A", "A", "A"]);
  });

  it("a complete foundation has no hint, and words say so", () => {
    const won = fixture("klondike_won");
    expect(hints(won)).toEqual(["", "", "", ""]);
    expect(foundationHintWords(won.position.foundations[0], [])).toBe("complete");
    expect(foundationHintWords([], ["AC", "AD", "AH", "AS"])).toBe("takes any of the aces");
    expect(foundationHintWords(["AH"], ["2C"])).toBe("takes the two of clubs next");
  });

  it("direction is read from the pile, not the game name", () => {
    expect(buildsDown([], ["KC", "KD", "KH", "KS"])).toBe(true);
    expect(buildsDown(["KH", "QH"], ["JH"])).toBe(true);
    expect(buildsDown(["AH"], ["2H"])).toBe(false);
  });
});

describe("pile labels", () => {
  it("says the pile (counted from 1), its size, what lies face down and every face-up card", () => {
    const piles = pilesOf(fixture("klondike_start").position);
    const byId = Object.fromEntries(piles.map((pile) => [pile.id, pile]));
    expect(pileLabel(byId["tableau/3"])).toBe("column 4, 4 cards, 3 face down, face up: queen of diamonds");
    expect(pileLabel(byId["tableau/0"])).toBe("column 1, 1 card, face up: five of clubs");
    const run = {
      id: "tableau/6",
      kind: "tableau",
      cards: [
        { code: "KS", up: false },
        { code: "9H", up: true },
        { code: "8C", up: true },
      ],
    };
    expect(pileLabel(run)).toBe("column 7, 3 cards, 1 face down, face up: nine of hearts, eight of clubs");
    expect(pileLabel(byId.waste)).toBe("waste, 1 card, top: three of clubs");
    expect(pileLabel(byId["foundation/2"], { takes: ["AC", "AD", "AH", "AS"] })).toBe(
      "foundation 3, empty, takes any of the aces",
    );
    expect(pileLabel(byId.stock, { canRedeal: false, redealsLeft: null })).toBe("stock, 23 cards, unlimited redeals");
  });

  it("an empty stock says whether a redeal is possible", () => {
    const stock = { id: "stock", kind: "stock", cards: [] };
    expect(pileLabel(stock, { canRedeal: true, redealsLeft: 1 })).toBe("stock, empty, select to redeal, 1 redeal left");
    expect(pileLabel(stock, { canRedeal: false, redealsLeft: 0 })).toBe(
      "stock, empty, nothing left to draw, no redeal left",
    );
  });

  it("stock captions", () => {
    expect(stockCaption(null, false)).toBe("\u221E redeals");
    expect(stockCaption(1, false)).toBe("1 redeal left");
    expect(stockCaption(2, false)).toBe("2 redeals left");
    expect(stockCaption(0, false)).toBe("no redeals");
    expect(stockCaption(null, true)).toBe("\u21BB \u221E");
    expect(stockCaption(1, true)).toBe("\u21BB 1");
  });
});

describe("move news", () => {
  const position = fixture("klondike_mid").position;

  it("describes plays, draws, redeals, undo and redo", () => {
    const target = position.tableau.findIndex((pile) => pile.up.length >= 3);
    const up = position.tableau[target].up;
    const third = up[up.length - 3];
    expect(
      describeLastMove({ action: "play", source: "tableau/0", target: `tableau/${target}`, count: 3 }, position),
    ).toMatch(new RegExp(`^Moved the .+ and 2 cards on it to column ${target + 1}\\.$`));
    expect(
      describeLastMove({ action: "play", source: "tableau/0", target: `tableau/${target}`, count: 3 }, position),
    ).toContain({ C: "clubs", D: "diamonds", H: "hearts", S: "spades" }[third[1]]);
    expect(describeLastMove({ action: "play", source: "stock", target: "waste", count: 1 }, position)).toMatch(
      /^Drew the /,
    );
    expect(describeLastMove({ action: "play", source: "waste", target: "stock", count: 5 }, position)).toBe(
      "Turned the waste over: 5 cards back in the stock.",
    );
    expect(describeLastMove({ action: "undo", source: "stock", target: "waste", count: 1 }, position)).toBe(
      "Undid a draw: 1 card back to the stock.",
    );
    expect(describeLastMove({ action: "redo", source: "stock", target: "waste", count: 1 }, position)).toMatch(
      /^Redid: Drew/,
    );
    expect(describeLastMove(null, position)).toBe("");
  });

  it("names a run of cards by its lowest card", () => {
    expect(runWords("five of hearts", 1)).toBe("the five of hearts");
    expect(runWords("five of hearts", 2)).toBe("the five of hearts and 1 card on it");
    expect(runWords("five of hearts", 4)).toBe("the five of hearts and 3 cards on it");
  });
});

describe("clock", () => {
  it("shows minutes and seconds, then hours", () => {
    expect(clockText(0)).toBe("0:00");
    expect(clockText(65_400)).toBe("1:05");
    expect(clockText(3_723_000)).toBe("1:02:03");
    expect(clockText(-5)).toBe("0:00");
  });
});
