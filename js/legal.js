// Reading the state's `legal` list: which targets to highlight, what a drop or a
// double-click means. The view never judges a move itself: a drop that nothing legal
// matches is still sent, so Python can say why; a double-click with no foundation to go
// to sends nothing, and the board says no foundation takes the card.

import { parsePileId } from "./piles.js";

function asMove(entry) {
  return { source: entry[0], target: entry[1], count: entry[2] };
}

/** Targets that take `count` cards from `source`, in the state's order. */
export function legalTargets(legal, source, count) {
  const targets = [];
  for (const entry of legal) {
    if (entry[0] === source && entry[2] === count && !targets.includes(entry[1])) targets.push(entry[1]);
  }
  return targets;
}

export function isLegal(legal, source, target, count) {
  return legal.some((entry) => entry[0] === source && entry[1] === target && entry[2] === count);
}

/** The longest run that may leave `source` now (0 when nothing may). */
export function longestMovableRun(legal, source) {
  let longest = 0;
  for (const entry of legal) {
    if (entry[0] === source && entry[1] !== "stock" && entry[1] !== "waste") longest = Math.max(longest, entry[2]);
  }
  return longest;
}

/**
 * The foundation move a double-click on the top card of `source` means: the first legal
 * one, or null when no foundation takes the card (the board then says so, sending nothing).
 */
export function foundationMoveFor(state, source) {
  const entry = state.legal.find((e) => e[0] === source && e[1].startsWith("foundation/") && e[2] === 1);
  return entry ? asMove(entry) : null;
}

/** The move a click on the stock means: draw, or redeal when the stock is empty. */
export function stockMove(state) {
  const drawOrRedeal = state.legal.find((e) => e[0] === "stock" || e[1] === "stock");
  if (drawOrRedeal) return asMove(drawOrRedeal);
  const { stock, waste } = state.position;
  if (stock.length === 0 && waste.length > 0) return { source: "waste", target: "stock", count: waste.length };
  const draw = Number(state.options?.draw || 1);
  return { source: "stock", target: "waste", count: Math.max(1, Math.min(draw, stock.length)) };
}

/** True when a click on the stock does something now: a draw or a redeal is legal. */
export function stockPlayable(state) {
  return state.legal.some((e) => e[0] === "stock" || e[1] === "stock");
}

export function canRedeal(state) {
  return state.legal.some((e) => e[0] === "waste" && e[1] === "stock");
}

/** True when some card may go to a foundation now (the autoplay button has work to do). */
export function hasFoundationMove(legal) {
  return legal.some((e) => e[1].startsWith("foundation/") && !e[0].startsWith("foundation/"));
}

export function topCardOf(position, pileId) {
  const cards = cardsOf(position, pileId);
  return cards.length ? cards[cards.length - 1] : null;
}

/** The cards of a pile that play can reach: all of them, but only the face-up ones of a tableau pile. */
export function cardsOf(position, pileId) {
  if (pileId === "stock") return position.stock;
  if (pileId === "waste") return position.waste;
  const { kind, index } = parsePileId(pileId);
  if (kind === "foundation") return position.foundations[index] || [];
  if (kind === "tableau") return (position.tableau[index] || { up: [] }).up;
  return [];
}

/**
 * Which pile a drop means. `candidates` are the piles with the area the dragged cards
 * overlap. A legal target the cards overlap wins; otherwise the pile under the pointer
 * (`fallback`), then the pile overlapped most, as long as that is not the source itself:
 * an illegal drop is still sent, so Python can say why. Null means "put the cards back".
 */
export function dropTarget(candidates, legal, source, count, fallback = null) {
  const targets = legalTargets(legal, source, count);
  const touched = candidates.filter((c) => c.area > 0);
  const best = (list) => list.reduce((a, b) => (b.area > a.area ? b : a), list[0]);
  const legalOnes = touched.filter((c) => targets.includes(c.id));
  if (legalOnes.length) return best(legalOnes).id;
  if (fallback && fallback !== source && fallback !== "stock") return fallback;
  const others = touched.filter((c) => c.id !== "stock");
  if (!others.length) return null;
  const winner = best(others).id;
  return winner === source ? null : winner;
}
