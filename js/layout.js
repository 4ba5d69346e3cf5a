// Where every pile and card goes, in pixels, from the container's width: pure numbers, no DOM.

export const CARD_RATIO = 1.4;
export const MIN_CARD_WIDTH = 34;
export const MAX_CARD_WIDTH = 104;

// Fan steps as fractions of the card height. The face-up minimum still shows a card's
// corner index (rank and suit), so a squeezed column stays readable.
const DOWN_STEP = 0.1;
const DOWN_STEP_MIN = 0.045;
const UP_STEP = 0.26;
const UP_STEP_MIN = 0.2;
// Stacks (stock, waste, foundations) look thick: one pixel up-left per this many cards.
const CARDS_PER_DEPTH_PIXEL = 6;
const MAX_DEPTH_PIXELS = 3;
const WASTE_FAN = 0.3; // draw-three fan step, as a fraction of the card width

function clamp(value, low, high) {
  return Math.min(high, Math.max(low, value));
}

/**
 * Card size and spacing for a board `width` pixels wide with `columns` card columns.
 * Cards grow with the width up to MAX_CARD_WIDTH (the board is then centred) and shrink
 * to MIN_CARD_WIDTH (the board then scrolls sideways rather than becoming unreadable).
 */
export function boardMetrics(width, columns) {
  const pad = clamp(Math.round(width * 0.014), 6, 18);
  const gap = clamp(Math.round(width * 0.008), 3, 14);
  const fit = Math.floor((width - 2 * pad - (columns - 1) * gap) / columns);
  const cardWidth = clamp(fit, MIN_CARD_WIDTH, MAX_CARD_WIDTH);
  const cardHeight = Math.round(cardWidth * CARD_RATIO);
  const boardWidth = 2 * pad + columns * cardWidth + (columns - 1) * gap;
  const captionHeight = Math.max(16, Math.round(cardWidth * 0.24));
  return {
    pad,
    gap,
    columns,
    cardWidth,
    cardHeight,
    captionHeight,
    boardWidth,
    left: Math.max(0, Math.floor((width - boardWidth) / 2)),
  };
}

/**
 * Vertical steps for a tableau pile of `down` face-down then `up` face-up cards, so the
 * pile fits in `maxHeight` when it can: face-down steps shrink first, then face-up ones,
 * each no lower than its minimum (past that the pile grows taller than `maxHeight`).
 */
export function fanSteps(down, up, cardHeight, maxHeight) {
  const downGaps = up > 0 ? down : Math.max(0, down - 1);
  const upGaps = Math.max(0, up - 1);
  const heightWith = (downStep, upStep) => cardHeight + downGaps * downStep + upGaps * upStep;
  let downStep = cardHeight * DOWN_STEP;
  let upStep = cardHeight * UP_STEP;
  if (heightWith(downStep, upStep) > maxHeight && downGaps > 0) {
    const room = maxHeight - heightWith(0, upStep);
    downStep = clamp(room / downGaps, cardHeight * DOWN_STEP_MIN, downStep);
  }
  if (heightWith(downStep, upStep) > maxHeight && upGaps > 0) {
    const room = maxHeight - heightWith(downStep, 0);
    upStep = clamp(room / upGaps, cardHeight * UP_STEP_MIN, upStep);
  }
  return { down: downStep, up: upStep, height: Math.ceil(heightWith(downStep, upStep)) };
}

/** Offsets of the cards of a squared-up stack: a pixel of thickness every few cards. */
export function stackOffsets(count) {
  const offsets = [];
  for (let i = 0; i < count; i += 1) {
    const depth = Math.min(MAX_DEPTH_PIXELS, Math.floor(i / CARDS_PER_DEPTH_PIXEL));
    offsets.push({ x: -depth, y: -depth });
  }
  return offsets;
}

/** Waste offsets: a stack, with its top `fanned` cards spread to the right (draw three). */
export function wasteOffsets(count, fanned, cardWidth) {
  const offsets = stackOffsets(count);
  const shown = Math.min(fanned, count);
  const step = Math.round(cardWidth * WASTE_FAN);
  for (let k = 0; k < shown; k += 1) {
    const index = count - shown + k;
    offsets[index] = { x: offsets[count - shown].x + k * step, y: offsets[count - shown].y };
  }
  return offsets;
}

/** Offsets of a tableau pile's cards, given the pile's face-down count and fan steps. */
export function tableauOffsets(down, up, steps) {
  const offsets = [];
  let y = 0;
  for (let i = 0; i < down + up; i += 1) {
    offsets.push({ x: 0, y: Math.round(y) });
    y += i < down ? steps.down : steps.up;
  }
  return offsets;
}

/**
 * The whole board: metrics plus a rectangle for every pile, keyed by pile id.
 *
 * `board` gives the pile counts and contents that matter for the layout:
 * { foundations, tableau: [{down, up}], wasteFan } where wasteFan is how many waste
 * cards are spread (3 in draw three, 1 otherwise). `maxBoardHeight` is the height the
 * board should try to stay within (the visible part of the page).
 */
export function boardLayout(width, maxBoardHeight, board) {
  const tableauCount = board.tableau.length;
  const columns = Math.max(tableauCount, 2 + board.foundations);
  const m = boardMetrics(width, columns);
  const { pad, gap, cardWidth: w, cardHeight: h } = m;
  const columnX = (column) => m.left + pad + column * (w + gap);
  const piles = {};
  const wasteWidth = w + (board.wasteFan > 1 ? (board.wasteFan - 1) * Math.round(w * WASTE_FAN) : 0);
  piles.stock = { x: columnX(0), y: pad, width: w, height: h };
  piles.waste = { x: columnX(1), y: pad, width: wasteWidth, height: h };
  const firstFoundation = columns - board.foundations;
  for (let i = 0; i < board.foundations; i += 1) {
    piles[`foundation/${i}`] = { x: columnX(firstFoundation + i), y: pad, width: w, height: h };
  }
  const tableauTop = pad + h + m.captionHeight + gap;
  const maxPileHeight = Math.max(h * 3.2, maxBoardHeight - tableauTop - pad);
  const firstTableau = Math.floor((columns - tableauCount) / 2);
  let tallest = h;
  const steps = [];
  board.tableau.forEach((pile, i) => {
    const step = fanSteps(pile.down, pile.up, h, maxPileHeight);
    steps.push(step);
    tallest = Math.max(tallest, step.height);
    piles[`tableau/${i}`] = { x: columnX(firstTableau + i), y: tableauTop, width: w, height: step.height };
  });
  return {
    ...m,
    piles,
    steps,
    tableauTop,
    height: tableauTop + tallest + pad,
    width: Math.max(width, m.left * 2 + m.boardWidth),
  };
}

// The move list goes beside the board from this width of the view on, else under it.
const WIDE_VIEW_PX = 1000;
const SIDE_WIDTH_PX = 300; // keep in step with .sw-root--wide .sw-side in widget.css
const SIDE_GAP_PX = 12; // and with .sw-main's gap

/** How a view `width` pixels wide is shared: { wide, boardWidth } (the move list takes the rest). */
export function splitWidth(width) {
  const wide = width >= WIDE_VIEW_PX;
  return { wide, boardWidth: wide ? width - SIDE_WIDTH_PX - SIDE_GAP_PX : width };
}
