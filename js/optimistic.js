// Instant moves: the board as it will be after a move, drawn the moment the player makes it
// instead of one kernel round trip later. Only a move in the state's legal list is
// predicted (Python then takes it unless the board changed under the view), and the
// picture lasts only until Python answers: its new state replaces it, its refusal puts the
// last confirmed state back. The piles change as the engine's Position.push changes them
// (solitaire_widget/engine/position.py), with one difference: a face-down card that a move
// uncovers stays face down here, and Python's state turns it over. The view then never
// shows a card Python has not turned, not even for a move that Python goes on to refuse.

import { cardsOf, isLegal } from "./legal.js";

/**
 * True when `move` may be drawn before Python answers: it is in the state's legal list and
 * no lesson runs (a lesson refuses legal moves that are not the lesson's next one).
 */
export function canPredict(state, move) {
  return !state.lesson && isLegal(state.legal, move.source, move.target, move.count);
}

/** The position after legal `move` (a new object; `position` is left as it was). */
export function predictPosition(position, move) {
  const next = {
    ...position,
    stock: position.stock.slice(),
    waste: position.waste.slice(),
    foundations: position.foundations.map((pile) => pile.slice()),
    tableau: position.tableau.map((pile) => ({ down: pile.down.slice(), up: pile.up.slice() })),
  };
  const { source, target, count } = move;
  if (source === "stock") {
    // One at a time from the top of the stock, so the last card drawn lies on top.
    next.waste.push(...next.stock.splice(next.stock.length - count).reverse());
  } else if (target === "stock") {
    next.stock = next.waste.reverse();
    next.waste = [];
    if (Number.isInteger(position.redeals_left)) next.redeals_left = position.redeals_left - 1;
  } else {
    const from = cardsOf(next, source);
    cardsOf(next, target).push(...from.splice(from.length - count));
  }
  return next;
}

/**
 * The state the board draws while `move` waits for Python: the predicted position, no legal
 * moves (nothing can be picked up meanwhile), the move marked as the one the game stands
 * after, and `pending` set to the move. What only the rules can tell is left unknown: what
 * a foundation the move touched takes next (null in foundation_takes) and whether an
 * emptied stock may be redealt.
 */
export function pendingState(state, move) {
  const touched = new Set([move.source, move.target]);
  const takes = Array.isArray(state.foundation_takes) ? state.foundation_takes : [];
  return {
    ...state,
    position: predictPosition(state.position, move),
    legal: [],
    foundation_takes: takes.map((cards, i) => (touched.has(`foundation/${i}`) ? null : cards)),
    standing: { source: move.source, target: move.target, count: move.count },
    marks: [],
    arrows: [],
    pending: { source: move.source, target: move.target, count: move.count },
  };
}
