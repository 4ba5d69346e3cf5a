// Asking before a new deal throws away a game in progress (the game chooser, Draw 1/3, the
// seed box, New game and N all deal at once otherwise, and no undo brings the old game back;
// opening a past game from the History list asks the same).
// One question over the board, answered by its buttons, Enter on the focused one, or Escape.

import { makeButton, makeElement } from "./dom.js";

export class DealConfirmation {
  /** `onAnswered(dealt)` runs after each answer, with whether the new deal went ahead. */
  constructor({ viewId, onAnswered }) {
    this.onAnswered = onAnswered;
    this.deal = null;
    this.returnFocus = null;
    const titleId = `sw-confirm-${viewId}`;
    this.el = makeElement("div", "sw-overlay-panel sw-confirm", {
      hidden: "",
      role: "alertdialog",
      "aria-labelledby": titleId,
    });
    this.text = makeElement("p", "sw-confirm-text", { id: titleId });
    this.dealButton = makeButton("confirm_deal", "New deal", "\u2726");
    this.dealButton.classList.add("sw-button--primary");
    this.keepButton = makeButton("keep_playing", "Keep playing", "\u21A9");
    const buttons = makeElement("div", "sw-overlay-buttons");
    buttons.append(this.keepButton, this.dealButton);
    this.el.append(this.text, buttons);
  }

  get open() {
    return !this.el.hidden;
  }

  /** Asks whether to abandon a game of `moves` moves for a new deal (or what `question` and
   * the `yes` button say); `deal()` makes it. */
  ask(moves, deal, { question = "Start a new deal?", yes = "New deal" } = {}) {
    this.deal = deal;
    if (!this.open) this.returnFocus = document.activeElement;
    this.text.textContent = `${question} This game (${moves} move${moves === 1 ? "" : "s"}) will be abandoned.`;
    this.dealButton.querySelector(".sw-button-label").textContent = yes;
    this.el.hidden = false;
    // Keeping the game is the safe answer to a key pressed by mistake.
    this.keepButton.focus();
  }

  answer(yes) {
    if (!this.open) return;
    const deal = this.deal;
    this.deal = null;
    this.el.hidden = true;
    const back = this.returnFocus;
    this.returnFocus = null;
    if (back instanceof HTMLElement && back.isConnected && !back.disabled) back.focus();
    if (yes) deal();
    this.onAnswered(yes);
  }
}
