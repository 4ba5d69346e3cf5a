// The commands of the buttons (`data-action`) and the keys that stand for them, each handed
// to the part of the view that carries it out; a click that is no command goes to the move
// list, else to the board.

import { SIDE_COLUMN_ACTIONS } from "./sidecolumn.js";
import { TEACHING_ACTIONS } from "./teaching.js";

export class Commands {
  constructor(view) {
    this.view = view;
  }

  /** Runs the command `action` (a button's `data-action`, or a key's). */
  run(action) {
    const view = this.view;
    view.instant.forgetDraws();
    if (TEACHING_ACTIONS.has(action)) {
      view.teaching.runCommand(action);
      return;
    }
    if (SIDE_COLUMN_ACTIONS.has(action)) {
      view.sideColumn.runCommand(action);
      return;
    }
    switch (action) {
      case "new":
        view.deals.newGame();
        break;
      case "undo":
      case "redo":
      case "restart":
      case "autoplay":
      case "demo":
      case "stop":
        view.held = null;
        view.board.updateHighlights();
        view.sendIntent(action);
        break;
      case "hint":
        // A hint asked for shows whole, though its panel was folded.
        view.folds.unfold("hint");
        view.aids.runCommand(action);
        break;
      case "options":
        view.aids.runCommand(action);
        break;
      case "confirm_deal":
      case "keep_playing":
        view.confirmation.answer(action === "confirm_deal");
        break;
      case "help":
        view.toolbar.helpButton.setAttribute("aria-expanded", String(view.keyboard.toggleHelp()));
        break;
      default:
        break;
    }
  }

  /** Clicks on buttons run their commands, on the move list go to a move; the rest is board play. */
  onClick(event) {
    const { root, sideColumn, pointer } = this.view;
    const button = event.target.closest?.("button[data-action]");
    if (button && root.contains(button)) {
      if (!button.disabled) this.run(button.getAttribute("data-action"));
      return;
    }
    if (sideColumn.onClick(event)) return;
    pointer.onClick(event);
  }
}
