// The piles of a position (the position dict of solitaire_widget/notation/positions.py), in
// the order the board shows them.

import { isCardCode } from "./cards.js";

/**
 * Every pile of `position`: { id, kind, index, cards: [{ code, up }] }, bottom card first.
 * Stock cards are face down; waste and foundation cards face up; a tableau pile has its
 * `down` cards, then its `up` cards.
 */
export function pilesOf(position) {
  const piles = [
    { id: "stock", kind: "stock", index: 0, cards: position.stock.map((code) => ({ code, up: false })) },
    { id: "waste", kind: "waste", index: 0, cards: position.waste.map((code) => ({ code, up: true })) },
  ];
  position.foundations.forEach((cards, index) => {
    piles.push({
      id: `foundation/${index}`,
      kind: "foundation",
      index,
      cards: cards.map((code) => ({ code, up: true })),
    });
  });
  position.tableau.forEach((pile, index) => {
    piles.push({
      id: `tableau/${index}`,
      kind: "tableau",
      index,
      cards: [...pile.down.map((code) => ({ code, up: false })), ...pile.up.map((code) => ({ code, up: true }))],
    });
  });
  return piles;
}

/** "tableau/3" -> { kind: "tableau", index: 3 } */
export function parsePileId(id) {
  const [kind, number] = String(id).split("/");
  return { kind, index: number === undefined ? 0 : Number(number) };
}

/**
 * A pile as people name it, the same in every game and counted from 1, as the engine's
 * sentences name it: "column 4" (tableau/3), "foundation 1" (foundation/0), "the stock",
 * "the waste".
 */
export function pileName(id) {
  const { kind, index } = parsePileId(id);
  if (kind === "tableau") return `column ${index + 1}`;
  if (kind === "foundation") return `foundation ${index + 1}`;
  return `the ${kind}`;
}

/**
 * Checks the parts of a state the view relies on; returns a sentence naming the first
 * problem, or null when the state can be drawn.
 */
export function stateProblem(state) {
  if (!state || typeof state !== "object") return "no game state has arrived yet";
  const position = state.position;
  if (!position || typeof position !== "object") return "the state has no position";
  for (const key of ["stock", "waste", "foundations", "tableau"]) {
    if (!Array.isArray(position[key])) return `the position has no ${key} list`;
  }
  if (!position.tableau.every((pile) => pile && Array.isArray(pile.down) && Array.isArray(pile.up))) {
    return "a tableau pile lacks its down or up list";
  }
  const cards = [
    ...position.stock,
    ...position.waste,
    ...position.foundations.flat(),
    ...position.tableau.flatMap((pile) => [...pile.down, ...pile.up]),
  ];
  const bad = cards.find((code) => !isCardCode(code));
  if (bad !== undefined) return `${JSON.stringify(bad)} is not a card code`;
  if (new Set(cards).size !== cards.length) return "a card appears twice";
  if (!Array.isArray(state.legal)) return "the state has no list of legal moves";
  if (!Number.isInteger(state.version)) return "the state has no version number";
  return null;
}
