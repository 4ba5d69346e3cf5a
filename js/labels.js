// Words the view shows or speaks: pile labels, foundation hints, stock captions, move news.

import { cardShort, cardWords, rankOf, rankPlural, rankText } from "./cards.js";
import { cardsOf } from "./legal.js";
import { pileName } from "./piles.js";

const UP_ARROW = "\u2191";
const DOWN_ARROW = "\u2193";

function plural(count, word) {
  return `${count} ${word}${count === 1 ? "" : "s"}`;
}

/**
 * Whether a foundation builds down: it starts with a king (Father's King foundations).
 * Read from the pile itself, or when empty from what it takes, so no game is named here.
 */
export function buildsDown(pile, takes) {
  if (pile.length > 0) return rankOf(pile[0]) === 13;
  return takes.length > 0 && takes.every((code) => rankOf(code) === 13);
}

/** True when the game has foundations building in both directions, so arrows are worth showing. */
export function hasMixedDirections(foundations, takes) {
  const downs = foundations.map((pile, i) => buildsDown(pile, takes[i] || []));
  return downs.some(Boolean) && downs.some((down) => !down);
}

/**
 * What foundation `pile` takes, from `takes` (its foundation_takes list), for the board:
 * "A" (any ace), "2♣" (one card), "K ↓" with `arrows`; "" when it is complete.
 */
export function foundationHint(pile, takes, arrows) {
  if (takes.length === 0) return "";
  const ranks = new Set(takes.map(rankOf));
  let text;
  if (takes.length === 1) text = cardShort(takes[0]);
  else if (ranks.size === 1) text = rankText(takes[0]);
  else text = takes.map(cardShort).join(" ");
  if (!arrows) return text;
  return `${text} ${buildsDown(pile, takes) ? DOWN_ARROW : UP_ARROW}`;
}

/** The same in words: "takes aces", "takes the two of clubs next", "complete". */
export function foundationHintWords(pile, takes) {
  if (takes.length === 0) return pile.length > 0 ? "complete" : "takes nothing now";
  const ranks = new Set(takes.map(rankOf));
  if (takes.length === 1) return `takes the ${cardWords(takes[0])} ${pile.length ? "next" : "first"}`;
  if (ranks.size === 1) return `takes ${takes.length === 4 ? "any of the " : ""}${rankPlural(rankOf(takes[0]))}`;
  return `takes ${takes.map(cardWords).join(" or ")}`;
}

/** "1 redeal left", "unlimited redeals", "no redeal left". */
export function redealsWords(redealsLeft) {
  if (redealsLeft === null || redealsLeft === undefined) return "unlimited redeals";
  if (redealsLeft === 0) return "no redeal left";
  return `${plural(redealsLeft, "redeal")} left`;
}

/** The caption under the stock: "∞ redeals", "1 redeal left"; `short`: "↻ ∞", "↻ 1". */
export function stockCaption(redealsLeft, short) {
  const unlimited = redealsLeft === null || redealsLeft === undefined;
  if (short) return `\u21BB ${unlimited ? "\u221E" : redealsLeft}`;
  if (unlimited) return "\u221E redeals";
  return redealsLeft === 0 ? "no redeals" : `${plural(redealsLeft, "redeal")} left`;
}

/**
 * The aria-label of a pile: "column 4, 4 cards, 3 face down, face up: seven of hearts",
 * "waste, 3 cards, top: two of clubs", "stock, 23 cards".
 * `pile` is { id, kind, cards: [{code, up}] }; `extra` adds foundation and stock details.
 */
export function pileLabel(pile, extra = {}) {
  const name = pileName(pile.id).replace(/^the /, "");
  const count = pile.cards.length;
  const parts = [name];
  if (count === 0) parts.push("empty");
  else {
    parts.push(plural(count, "card"));
    const top = pile.cards[count - 1];
    if (pile.kind === "tableau") parts.push(...columnWords(pile.cards));
    else if (pile.kind !== "stock") parts.push(`top: ${top.up ? cardWords(top.code) : "face-down card"}`);
  }
  if (pile.kind === "foundation" && extra.takes) parts.push(foundationHintWords(pile.cards, extra.takes));
  if (pile.kind === "stock") {
    // canRedeal null: not known yet (a pending move emptied the stock).
    if (count === 0 && extra.canRedeal !== null)
      parts.push(extra.canRedeal ? "select to redeal" : "nothing left to draw");
    parts.push(redealsWords(extra.redealsLeft));
  }
  return parts.join(", ");
}

/** A column's cards for a listener: how many lie face down, then every face-up card from
 * the lowest in the pile to its top, so the run that can move is heard, not just its top. */
function columnWords(cards) {
  const down = cards.filter((card) => !card.up).length;
  const up = cards.filter((card) => card.up).map((card) => cardWords(card.code));
  const words = down ? [`${down} face down`] : [];
  if (up.length) words.push(`face up: ${up.join(", ")}`);
  return words;
}

/** "the seven of hearts and 2 cards on it": `count` cards, the lowest named `lowestWords`. */
export function runWords(lowestWords, count) {
  const words = `the ${lowestWords}`;
  return count > 1 ? `${words} and ${plural(count - 1, "card")} on it` : words;
}

function cardsMoved(cards, count) {
  const first = cards[cards.length - count];
  return first ? runWords(cardWords(first), count) : plural(count, "card");
}

/**
 * A sentence for the live region about `lastMove` (the state's last_move), read against
 * the position after it: "Moved the seven of hearts to column 4."
 */
export function describeLastMove(lastMove, position) {
  if (!lastMove || typeof lastMove !== "object") return "";
  const { action, source, target, count } = lastMove;
  if (action === "undo") {
    if (source === "stock") return `Undid a draw: ${plural(count, "card")} back to the stock.`;
    if (target === "stock") return "Undid the redeal: the cards are back on the waste.";
    return `Undid: ${cardsMoved(cardsOf(position, source), count)} back to ${pileName(source)}.`;
  }
  const prefix = action === "redo" ? "Redid: " : "";
  if (source === "stock") {
    const drawn = position.waste;
    const top = drawn[drawn.length - 1];
    const what =
      count > 1
        ? `${plural(count, "card")}, ${top ? cardWords(top) : "none"} on top`
        : top
          ? `the ${cardWords(top)}`
          : "a card";
    return `${prefix}Drew ${what}.`;
  }
  if (target === "stock") return `${prefix}Turned the waste over: ${plural(count, "card")} back in the stock.`;
  return `${prefix}Moved ${cardsMoved(cardsOf(position, target), count)} to ${pileName(target)}.`;
}

/** The news of a new state: the game ending, the move made, a new deal; "" for none. */
export function describeChange(previous, state) {
  if (state.status !== "playing" && previous.status === "playing") {
    return state.message || (state.status === "won" ? "You won!" : "No moves left.");
  }
  if (state.last_move) return describeLastMove(state.last_move, state.position);
  // A deal starts its clock; a comment added at the start leaves it running.
  if (state.moves || state.started_at === previous.started_at) return "";
  const seed = state.seed === null || state.seed === undefined ? "" : `, seed ${state.seed}`;
  return `New deal: ${state.title || state.game}${seed}.`;
}

/** "4:05" or "1:02:09" from milliseconds. */
/** The time played in `state`, in ms: from the deal's first move to the end of the game, or
 * to `now` while it is on; 0 before the first move. */
export function timePlayed(state, now) {
  if (!state || !Number.isFinite(state.first_move_at)) return 0;
  const end = Number.isFinite(state.finished_at) ? state.finished_at : now;
  return Math.max(0, end - state.first_move_at);
}

export function clockText(ms) {
  const total = Math.max(0, Math.floor(ms / 1000));
  const hours = Math.floor(total / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = String(total % 60).padStart(2, "0");
  return hours > 0 ? `${hours}:${String(minutes).padStart(2, "0")}:${seconds}` : `${minutes}:${seconds}`;
}
