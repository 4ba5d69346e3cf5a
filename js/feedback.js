// What the player is told: the live region screen readers read, toasts, the overlay over a
// finished game, and the warning that the kernel is not answering.

import { makeButton, makeElement, setText } from "./dom.js";
import { clockText, timePlayed } from "./labels.js";

const TOAST_MS = 6000;
const KERNEL_SILENT =
  "The kernel is not answering. It may be busy, or it may have stopped: if it has, restart it and run the cell again.";

const OVERLAY_TITLES = new Map([
  ["won", "You won!"],
  ["no_moves", "No moves left"],
  ["no_useful_moves", "No useful moves left"],
]);

/** `text` without a lead that repeats `title` ("No moves left. Undo still works..." under the
 * title "No moves left" reads "Undo still works..."). */
export function withoutLead(text, title) {
  if (!text.toLowerCase().startsWith(title.toLowerCase())) return text;
  const rest = text.slice(title.length).replace(/^[.:!]?\s*/, "");
  return rest.charAt(0).toUpperCase() + rest.slice(1);
}

export class Feedback {
  constructor(view) {
    this.view = view;
    this.toastTimer = null;
    this.kernelSilent = false;
    this.announceToggle = false;

    this.overlay = makeElement("div", "sw-overlay", { hidden: "" });
    const titleId = `sw-msg-${view.viewId}`;
    const panel = makeElement("div", "sw-overlay-panel", { role: "alertdialog", "aria-labelledby": titleId });
    this.overlayTitle = makeElement("h3", "sw-overlay-title", { id: titleId });
    this.overlayText = makeElement("p", "sw-overlay-text");
    this.overlayLost = makeElement("p", "sw-overlay-lost", { hidden: "" });
    this.overlayStats = makeElement("p", "sw-overlay-stats");
    const overlayButtons = makeElement("div", "sw-overlay-buttons");
    this.overlayBack = makeButton("goto_lost", "Back", "\u21A9");
    this.overlayBack.hidden = true;
    this.overlayUndo = makeButton("undo", "Undo", "\u21B6");
    this.overlayNew = makeButton("new", "New game", "\u2726");
    this.overlayNew.classList.add("sw-button--primary");
    overlayButtons.append(this.overlayBack, this.overlayUndo, this.overlayNew);
    panel.append(this.overlayTitle, this.overlayText, this.overlayLost, this.overlayStats, overlayButtons);
    this.overlay.append(panel);

    this.toast = makeElement("div", "sw-toast", { hidden: "" });
    this.live = makeElement("div", "sw-visually-hidden", { "aria-live": "polite", role: "status" });
  }

  destroy() {
    clearTimeout(this.toastTimer);
  }

  announce(text) {
    // Alternating a trailing space makes a repeated sentence count as new for screen readers.
    this.announceToggle = !this.announceToggle;
    this.live.textContent = text + (this.announceToggle ? "\u00A0" : "");
  }

  showToast(text, { kind = "info", sticky = false } = {}) {
    clearTimeout(this.toastTimer);
    this.toastTimer = null;
    this.toast.textContent = text;
    this.toast.className = `sw-toast sw-toast--${kind}`;
    this.toast.hidden = false;
    if (!sticky) {
      this.toastTimer = setTimeout(() => {
        this.toastTimer = null;
        this.toast.hidden = true;
      }, TOAST_MS);
    }
  }

  hideToast() {
    clearTimeout(this.toastTimer);
    this.toastTimer = null;
    this.toast.hidden = true;
  }

  /** An answer arrived: the kernel is there after all. */
  clearKernelWarning() {
    this.view.root.classList.remove("sw-waiting");
    if (this.kernelSilent) {
      this.kernelSilent = false;
      this.hideToast();
    }
  }

  onAnswerTimeout() {
    this.kernelSilent = true;
    this.view.root.classList.remove("sw-waiting");
    this.view.pointer.snapBackDropped();
    this.showToast(KERNEL_SILENT, { kind: "error", sticky: true });
    this.announce(KERNEL_SILENT);
  }

  /** Moves the focus to the overlay's main choice, New game. */
  focusOverlay() {
    this.overlayNew.focus();
  }

  hideOverlay() {
    this.overlay.hidden = true;
  }

  /**
   * How a game that ended without a win was lost (from lostEnd in aids.js, null for none):
   * the move that lost it, judged from what the player could see, and the button back to
   * where it could still be won.
   */
  showLost(lost) {
    this.overlayLost.hidden = !lost;
    setText(this.overlayLost, lost ? lost.text : "");
    this.overlayBack.hidden = !lost?.button;
    if (lost?.button) {
      setText(this.overlayBack.querySelector(".sw-button-label"), lost.button);
      this.overlayBack.title = `Go back to move ${lost.ply}, where the game could still be won, and try another way`;
    }
  }

  /** Over a finished game: how it ended, Python's message, the moves and time, Undo and New game. */
  updateOverlay(state) {
    const title = OVERLAY_TITLES.get(state.termination);
    const over = title !== undefined;
    this.overlay.hidden = !over;
    this.view.felt.classList.toggle("sw-felt--over", over);
    if (!over) return;
    this.overlay.classList.toggle("sw-overlay--won", state.termination === "won");
    const demoWon = state.termination === "won" && state.run && state.run.demo && state.run.end === "won";
    setText(this.overlayTitle, demoWon ? "The demo won" : title);
    const message = typeof state.message === "string" ? state.message : "";
    // A win's message ("You won in 116 moves!") says again what the title and the line of
    // moves and time say: each is said once.
    const text = demoWon
      ? "The solver's winning line, played to the end."
      : state.termination === "won"
        ? ""
        : withoutLead(message, title);
    setText(this.overlayText, text);
    this.overlayText.hidden = !text;
    const moves = Number(state.moves) || 0;
    const time =
      Number.isFinite(state.finished_at) && Number.isFinite(state.first_move_at)
        ? clockText(timePlayed(state, state.finished_at))
        : null;
    setText(this.overlayStats, `${moves} move${moves === 1 ? "" : "s"}${time ? ` \u00B7 ${time}` : ""}`);
    this.overlayUndo.disabled = !state.can_undo;
    // A finished lesson still runs until Python ends it, and refuses new games till then.
    this.overlayNew.disabled = Boolean(state.lesson);
  }
}
