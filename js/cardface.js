// The face of a card as DOM: corner indices, then pips (two to ten), a framed letter
// (jack, queen, king) or one large suit (ace). Sizes come from CSS (--card-w), so a card
// is crisp at any zoom; suits are drawn by CSS masks, not font glyphs.

import { rankOf, rankText } from "./cards.js";

const L = 30;
const M = 50;
const R = 70;
const TOP = 30;
const BOTTOM = 70;
const MIDDLE = 50;
const THIRD = TOP + (BOTTOM - TOP) / 3;
const TWO_THIRDS = TOP + (2 * (BOTTOM - TOP)) / 3;

// Pip centres in percent of the card (x, y), by rank, in the usual playing-card patterns.
// biome-ignore format: a rank to a line (two for 8 to 10), so the patterns compare at a glance
const PIPS = {
  2: [[M, TOP], [M, BOTTOM]],
  3: [[M, TOP], [M, MIDDLE], [M, BOTTOM]],
  4: [[L, TOP], [R, TOP], [L, BOTTOM], [R, BOTTOM]],
  5: [[L, TOP], [R, TOP], [M, MIDDLE], [L, BOTTOM], [R, BOTTOM]],
  6: [[L, TOP], [R, TOP], [L, MIDDLE], [R, MIDDLE], [L, BOTTOM], [R, BOTTOM]],
  7: [[L, TOP], [R, TOP], [M, (TOP + MIDDLE) / 2], [L, MIDDLE], [R, MIDDLE], [L, BOTTOM], [R, BOTTOM]],
  8: [
    [L, TOP], [R, TOP], [M, (TOP + MIDDLE) / 2], [L, MIDDLE], [R, MIDDLE],
    [M, (MIDDLE + BOTTOM) / 2], [L, BOTTOM], [R, BOTTOM],
  ],
  9: [
    [L, TOP], [R, TOP], [L, THIRD], [R, THIRD], [M, MIDDLE],
    [L, TWO_THIRDS], [R, TWO_THIRDS], [L, BOTTOM], [R, BOTTOM],
  ],
  10: [
    [L, TOP], [R, TOP], [M, (TOP + THIRD) / 2], [L, THIRD], [R, THIRD],
    [L, TWO_THIRDS], [R, TWO_THIRDS], [M, (TWO_THIRDS + BOTTOM) / 2], [L, BOTTOM], [R, BOTTOM],
  ],
};

const FACE_LETTERS = { 11: "J", 12: "Q", 13: "K" };

/** A suit's mark: the element that CSS draws the suit symbol in. */
function mark(suit) {
  return `<span class="sw-mark sw-suit-${suit}"></span>`;
}

function index(code, corner) {
  const rank = `<span class="sw-rank">${rankText(code)}</span>`;
  return `<span class="sw-index sw-index--${corner}" aria-hidden="true">${rank}${mark(code[1])}</span>`;
}

/** The inner HTML of the face of card `code` (a valid card code). */
export function faceHTML(code) {
  const rank = rankOf(code);
  const suit = code[1];
  let centre;
  if (rank === 1) {
    centre = `<span class="sw-ace sw-mark sw-suit-${suit}"></span>`;
  } else if (FACE_LETTERS[rank]) {
    centre = `<span class="sw-court"><span class="sw-court-letter">${FACE_LETTERS[rank]}</span>${mark(suit)}</span>`;
  } else {
    const pips = PIPS[rank]
      .map(([x, y]) => {
        const flip = y > MIDDLE ? " sw-pip--flip" : "";
        return `<span class="sw-pip sw-mark sw-suit-${suit}${flip}" style="left:${x}%;top:${y}%"></span>`;
      })
      .join("");
    centre = `<span class="sw-pips">${pips}</span><span class="sw-big sw-mark sw-suit-${suit}"></span>`;
  }
  return `${index(code, "tl")}${centre}${index(code, "br")}`;
}
