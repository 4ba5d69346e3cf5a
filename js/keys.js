// Keyboard play: which key does what, how focus moves between piles, and what picking up
// or dropping on a pile means. Pure functions; the view applies their answers.

import { cardsOf, longestMovableRun, stockMove } from "./legal.js";
import { pileName } from "./piles.js";

// The board's command keys (any letter case). Brackets step through the moves: the arrows
// already move between the piles. M, V, C, G, + and - are a teacher's: highlight, arrow,
// comment, glyph, promote and delete a variation; Q asks for the move on show in an exercise;
// P presents the board.
const LETTER_ACTIONS = new Map([
  ["u", "undo"],
  ["r", "redo"],
  ["n", "new"],
  ["a", "autoplay"],
  ["h", "hint"],
  ["d", "demo"],
  ["?", "help"],
  ["[", "back"],
  ["]", "forward"],
  ["m", "highlight"],
  ["v", "arrow"],
  ["c", "comment"],
  ["g", "glyph"],
  ["+", "promote"],
  ["-", "delete_variation"],
  ["q", "ask"],
  ["p", "present"],
]);

/**
 * The action of a key press, or null for keys the board leaves alone (anything with
 * Ctrl, Alt or Meta, and Shift+Enter, so the browser's and the notebook's own shortcuts
 * keep working).
 */
export function keyAction(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.key === "Enter" && event.shiftKey) return null; // Jupyter's "run the cell"
  switch (event.key) {
    case "ArrowLeft":
      return "left";
    case "ArrowRight":
      return "right";
    case "ArrowUp":
      return event.shiftKey ? "longer" : "up";
    case "ArrowDown":
      return event.shiftKey ? "shorter" : "down";
    case "Home":
      return "first";
    case "End":
      return "last";
    case "Enter":
    case " ":
    case "Spacebar":
      return "activate";
    case "Escape":
      return "cancel";
    case "Delete":
      return "delete_variation";
    default:
      break;
  }
  return event.key.length === 1 ? LETTER_ACTIONS.get(event.key.toLowerCase()) || null : null;
}

/**
 * True for a key press that must stay inside the widget: every printable key without Ctrl,
 * Alt or Meta. In a notebook's command mode single letters and digits are shortcuts (x cuts
 * the cell, m makes it Markdown, 0 0 restarts the kernel), and they would otherwise fire
 * from a focused pile, button or move list. Keys with modifiers, Tab, Shift+Enter and the
 * like still reach the notebook.
 */
export function staysInWidget(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return false;
  return typeof event.key === "string" && event.key.length === 1;
}

/** The two rows of piles focus moves through: stock, waste, foundations; then the tableau. */
export function focusRows(pileIds) {
  const tableau = pileIds.filter((id) => id.startsWith("tableau/"));
  const top = pileIds.filter((id) => !id.startsWith("tableau/"));
  return [top, tableau];
}

/**
 * The pile focus moves to from `current` for a navigation action. Left/right move along a
 * row (stopping at its ends), up/down jump to the pile of the other row nearest in x;
 * `centreX(id)` gives a pile's horizontal centre.
 */
export function moveFocus(current, action, rows, centreX) {
  const rowIndex = rows.findIndex((row) => row.includes(current));
  if (rowIndex < 0) return rows[0][0] || current;
  const row = rows[rowIndex];
  const at = row.indexOf(current);
  switch (action) {
    case "left":
      return row[Math.max(0, at - 1)];
    case "right":
      return row[Math.min(row.length - 1, at + 1)];
    case "first":
      return row[0];
    case "last":
      return row[row.length - 1];
    case "up":
    case "down": {
      const other = rows[action === "up" ? rowIndex - 1 : rowIndex + 1];
      if (!other || other.length === 0) return current;
      const x = centreX(current);
      return other.reduce((best, id) => (Math.abs(centreX(id) - x) < Math.abs(centreX(best) - x) ? id : best));
    }
    default:
      return current;
  }
}

/**
 * What Enter/Space (or a click) on pile `pileId` does, given what is held (`held` is
 * { source, count } or null). Returns one of
 *   { kind: "send", move }       the stock: draw or redeal
 *   { kind: "pick", held }       pick up `count` cards from this pile
 *   { kind: "drop", move }       put the held cards on this pile (sent as an intent)
 *   { kind: "cancel" }           the held cards go back (activated their own pile)
 *   { kind: "nothing", reason }  nothing to pick up here
 * `count` (optional) is the run length the user pointed at; by default a tableau pile
 * offers its longest movable run and every other pile its top card.
 */
export function activatePile(state, held, pileId, count = null) {
  if (held) {
    if (held.source === pileId) return { kind: "cancel" };
    if (pileId === "stock") return { kind: "send", move: stockMove(state) };
    return { kind: "drop", move: { source: held.source, target: pileId, count: held.count } };
  }
  if (pileId === "stock") return { kind: "send", move: stockMove(state) };
  const cards = cardsOf(state.position, pileId);
  if (cards.length === 0) return { kind: "nothing", reason: `${pileName(pileId)} has no card to pick up` };
  let picked = count;
  if (picked === null) picked = pileId.startsWith("tableau/") ? longestMovableRun(state.legal, pileId) || 1 : 1;
  picked = Math.max(1, Math.min(picked, pileId.startsWith("tableau/") ? cards.length : 1));
  return { kind: "pick", held: { source: pileId, count: picked } };
}

/** Held run made one card longer or shorter (Shift+Up/Down), kept within the face-up cards. */
export function resizeHeld(state, held, delta) {
  if (!held?.source.startsWith("tableau/")) return held;
  const faceUp = cardsOf(state.position, held.source).length;
  const count = Math.max(1, Math.min(faceUp, held.count + delta));
  return count === held.count ? held : { source: held.source, count };
}
