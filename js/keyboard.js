// Playing with the keys: one tab stop on the board, arrows move it between piles, Enter or
// Space picks cards up and puts them down, letters run the toolbar's commands.

import { makeElement } from "./dom.js";
import { colourOf } from "./drawing.js";
import { focusRows, keyAction, moveFocus, resizeHeld } from "./keys.js";
import { isRunning } from "./run.js";

const KEY_HELP =
  "Arrow keys move between piles. Enter or Space picks up cards and puts them down. " +
  "Shift with Up or Down changes how many cards are held. Escape puts them back. " +
  "U undo, R redo, A auto-move to foundations, H hint, D demo (D again stops it), N new game. " +
  "Escape stops a demo, a strategy, a replay or an analysis; " +
  "with nothing to stop it leaves the board for the notebook. " +
  "[ and ] step back and forward through the moves of the line. " +
  "P presents the board (arrow keys step, Escape leaves). " +
  "M highlights the focused pile; V starts an arrow there and V again ends it at the pile then focused " +
  "(with Shift, in red). " +
  "C comments the move on show, G picks its glyph, + promotes its variation and - or Delete deletes it. " +
  "Q asks the student for the move on show in the next chapter of a study being built. " +
  "With the mouse, a right-click highlights a pile or card and a right-drag draws an arrow " +
  "(Shift red, Alt blue, both yellow). " +
  "? shows or hides this help.";

/** The keys as the ? button shows them: what to press, and what it does. */
export const KEY_TABLE = [
  ["\u2190 \u2191 \u2192 \u2193", "move between piles"],
  ["Enter, Space", "pick up cards, put them down"],
  ["Shift \u2191 \u2193", "hold more or fewer cards"],
  ["Escape", "put held cards back; stop a demo, a strategy, a replay or an analysis; else leave the board"],
  ["U, R", "undo, redo"],
  ["A", "send cards home while it is safe"],
  ["H", "hint"],
  ["D", "demo (D again stops it)"],
  ["N", "new game"],
  ["[ ]", "step back, forward through the moves"],
  ["M; V \u2026 V", "highlight the pile; draw an arrow to another (Shift: red)"],
  ["Right-click, -drag", "the same with the mouse (Shift red, Alt blue, both yellow)"],
  ["C, G, +, \u2212", "comment, glyph, promote, delete the variation on show"],
  ["Q", "ask for the move on show in a study's exercise, with a hint"],
  ["P", "presentation mode: the board large, arrow keys step, Escape leaves"],
  ["?", "show or hide these keys"],
];

export class KeyboardPlay {
  constructor(view) {
    this.view = view;
    // Screen readers hear the keys as a sentence (the board's description); the table is the
    // same for the eyes, beside the ? button.
    this.help = makeElement("p", "sw-visually-hidden", { id: `sw-help-${view.viewId}` });
    this.help.textContent = KEY_HELP;
    this.keyTable = makeElement("div", "sw-keyhelp", { "aria-hidden": "true", hidden: "" });
    const table = makeElement("table", "sw-keyhelp-table");
    for (const [keys, what] of KEY_TABLE) {
      const row = makeElement("tr");
      const keysCell = makeElement("th", "", { scope: "row" });
      keysCell.textContent = keys;
      const whatCell = makeElement("td");
      whatCell.textContent = what;
      row.append(keysCell, whatCell);
      table.append(row);
    }
    this.keyTable.append(table);
  }

  /** Shows the keys' table beside the ? button, or hides it (the ? button and key). */
  toggleHelp() {
    this.keyTable.hidden = !this.keyTable.hidden;
    return !this.keyTable.hidden;
  }

  /** Gives `pileId` the board's tab stop (view.focusId) and, unless told not to, the focus. */
  setFocus(pileId, moveDomFocus = true) {
    const piles = this.view.board.piles;
    const previous = piles.get(this.view.focusId);
    const next = piles.get(pileId);
    if (!next) return;
    if (previous && previous !== next) previous.el.setAttribute("tabindex", "-1");
    next.el.setAttribute("tabindex", "0");
    this.view.focusId = pileId;
    if (moveDomFocus) next.el.focus({ preventScroll: false });
  }

  onFocusIn(event) {
    const pileEl = event.target.closest?.("[data-pile]");
    if (pileEl && pileEl.parentElement === this.view.board.el) this.setFocus(pileEl.getAttribute("data-pile"), false);
  }

  /**
   * The board's keys, pressed while a pile has the focus, must not also work as notebook
   * shortcuts (arrows would select other cells, Enter edit the cell). Capturing them at the
   * window runs before the notebook's handler on the document. Other printable keys are
   * kept from the notebook by the view (see staysInWidget); Escape with nothing to cancel
   * goes on, and the view then hands the focus back to the notebook.
   */
  onWindowKey(event) {
    if (!(event.target instanceof Node) || !this.view.board.el.contains(event.target)) return;
    const action = keyAction(event);
    if (!action || (action === "cancel" && !this.cancellation())) return;
    event.stopPropagation();
    this.onKey(event);
  }

  /** What Escape cancels, most recent first: an arrow being drawn, held cards, a run (the demo or a strategy), a
   * replay of the line, an analysis; null when there is nothing to cancel. */
  cancellation() {
    const view = this.view;
    if (view.drawing.drawing) return () => view.drawing.cancel();
    if (view.held) return () => view.hand.putBack();
    if (isRunning(view.state)) return () => view.commands.run("stop");
    if (view.sideColumn.replay.playing) return () => view.sideColumn.replay.stop();
    if (view.sideColumn.analysis().status === "running") return () => view.commands.run("stop_analysis");
    return null;
  }

  onKey(event) {
    const view = this.view;
    const action = keyAction(event);
    if (!action || view.problem) return;
    event.preventDefault();
    switch (action) {
      case "left":
      case "right":
      case "up":
      case "down":
      case "first":
      case "last": {
        const { layout, pileOrder } = view.board;
        const centre = (id) => {
          const rect = layout.piles[id];
          return rect.x + rect.width / 2;
        };
        this.setFocus(moveFocus(view.focusId, action, focusRows(pileOrder), centre));
        view.drawing.focusMoved(view.focusId);
        break;
      }
      case "highlight":
        view.drawing.keyHighlight(view.focusId, colourOf(event));
        break;
      case "arrow":
        view.drawing.keyArrow(view.focusId, colourOf(event));
        break;
      case "longer":
      case "shorter": {
        const resized = resizeHeld(view.state, view.held, action === "longer" ? 1 : -1);
        if (resized !== view.held) view.hand.pickUp(resized);
        break;
      }
      case "activate":
        view.hand.activate(view.focusId);
        break;
      case "cancel": {
        const cancel = this.cancellation();
        if (cancel) cancel();
        break;
      }
      case "demo":
        // The key that starts the demo stops it too, as Stop does.
        view.commands.run(isRunning(view.state) ? "stop" : "demo");
        break;
      case "new":
        view.deals.newGame();
        break;
      default:
        view.commands.run(action);
        break;
    }
  }
}
