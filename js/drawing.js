// What a teacher draws over the board, as data: the arrows and highlights of where the game
// stands (state.arrows, state.marks; the vocabulary is Python's notation/drawing.py), the
// colour a pointer's modifiers pick, the point of the board each end names and the line an
// arrow runs along. Pure functions; overlay.js draws them.

/** The colours by name, with their ink (the same as sw.svg's), green first: the default. */
export const COLOURS = { green: "#15781b", red: "#b3261e", blue: "#1a56b8", yellow: "#d98c00" };

/** The colour the modifiers held pick, as Lichess does: none green, Shift red, Alt blue, both yellow. */
export function colourOf(event) {
  const shift = Boolean(event?.shiftKey);
  const alt = Boolean(event?.altKey);
  if (shift && alt) return "yellow";
  if (shift) return "red";
  if (alt) return "blue";
  return "green";
}

const isEnd = (end) => typeof end === "string" && end.length > 0;
const isColour = (colour) => Object.hasOwn(COLOURS, colour);

/** The highlights of `state` as a Map from end (pile id or card code) to colour; entries that
 * do not read are skipped. */
export function marksOf(state) {
  const marks = new Map();
  for (const mark of Array.isArray(state?.marks) ? state.marks : []) {
    if (isEnd(mark)) marks.set(mark, "green");
    else if (Array.isArray(mark) && isEnd(mark[0]) && isColour(mark[1])) marks.set(mark[0], mark[1]);
  }
  return marks;
}

/** The arrows of `state` as [{ from, to, colour }], skipping entries that do not read. */
export function arrowsOf(state) {
  const arrows = [];
  for (const arrow of Array.isArray(state?.arrows) ? state.arrows : []) {
    if (!Array.isArray(arrow) || !isEnd(arrow[0]) || !isEnd(arrow[1])) continue;
    arrows.push({ from: arrow[0], to: arrow[1], colour: isColour(arrow[2]) ? arrow[2] : "green" });
  }
  return arrows;
}

/**
 * The point an end meets, in board pixels: a face-up card's centre (of the part that shows,
 * for a card others cover); a pile's top card's, or its slot's centre when it is empty.
 * A card squared under others (in the stock, on a foundation) meets its pile's top card.
 * `places` is { cards: { code: rect }, tops: { pile id: rect of its top card }, under: { code:
 * pile id }, piles: { id: rect } }, rects { x, y, width, height }. Null for an end that is not
 * on the board.
 */
export function endPoint(end, places) {
  const rect = places.cards[end] || places.tops[end] || places.tops[places.under[end]] || places.piles[end];
  if (!rect) return null;
  return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2 };
}

/**
 * The line an arrow from point `a` to point `b` is drawn along: it starts `gap` past `a` and
 * stops `gap` short of `b`, so both ends' cards stay readable under it, unless the points are
 * too close for that (then it runs between them). Null for two points in the same place.
 */
export function arrowLine(a, b, gap) {
  const dx = b.x - a.x;
  const dy = b.y - a.y;
  const length = Math.hypot(dx, dy);
  if (length < 1) return null;
  const cut = length > 4 * gap ? gap : 0;
  const ux = dx / length;
  const uy = dy / length;
  return { x1: a.x + ux * cut, y1: a.y + uy * cut, x2: b.x - ux * cut, y2: b.y - uy * cut };
}

/**
 * What was pointed at on the board, as an end: a face-up card's code, else the pile's id
 * (a face-down card stands for its pile: its name is not to be told). Null off the piles.
 */
export function endAt(target) {
  if (!target || typeof target.closest !== "function") return null;
  const card = target.closest("[data-card]");
  const code = card?.getAttribute("data-card");
  if (code && code !== "down") return code;
  const pile = target.closest("[data-pile]");
  return pile ? pile.getAttribute("data-pile") : null;
}

/** What a right-drag from end `from` released on end `to` asks: a highlight of one end, an
 * arrow between two, or nothing. */
export function drawnIntent(from, to, colour) {
  if (!from || !to) return null;
  if (from === to) return { kind: "highlight", fields: { end: from, colour } };
  return { kind: "arrow", fields: { from, to, colour } };
}
