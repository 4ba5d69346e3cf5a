// Card codes ("7H", "TS") as the protocol writes them, and the ways the view shows them.

export const RANKS = "A23456789TJQK";
export const SUITS = "CDHS";

const RANK_WORDS = [
  "ace",
  "two",
  "three",
  "four",
  "five",
  "six",
  "seven",
  "eight",
  "nine",
  "ten",
  "jack",
  "queen",
  "king",
];
const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };
export const SUIT_SYMBOLS = { C: "\u2663", D: "\u2666", H: "\u2665", S: "\u2660" };

/** Rank 1 (ace) to 13 (king) of a card code, or 0 when the code is not a card. */
export function rankOf(code) {
  return typeof code === "string" ? RANKS.indexOf(code[0]) + 1 : 0;
}

export function suitOf(code) {
  return code[1];
}

export function isRed(code) {
  return code[1] === "D" || code[1] === "H";
}

export function isCardCode(code) {
  return typeof code === "string" && code.length === 2 && RANKS.includes(code[0]) && SUITS.includes(code[1]);
}

/** The rank as printed on a card: "A", "2" ... "10", "J", "Q", "K". */
export function rankText(code) {
  return code[0] === "T" ? "10" : code[0];
}

/** "seven of hearts" */
export function cardWords(code) {
  return `${RANK_WORDS[rankOf(code) - 1]} of ${SUIT_WORDS[code[1]]}`;
}

/** "7♥" */
export function cardShort(code) {
  return rankText(code) + SUIT_SYMBOLS[code[1]];
}

/** "kings", "aces": a rank in the plural, for "takes aces". */
export function rankPlural(rank) {
  const word = RANK_WORDS[rank - 1];
  return word === "six" ? "sixes" : `${word}s`;
}
