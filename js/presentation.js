// Presentation mode, for a class watching a projected board: the toolbar's Present button
// (or P) gives the board the whole width of the cell, or the whole screen where the browser
// allows it (the Fullscreen API), scaled up to fill it; over it the chapter and the move,
// under it the comment at the move, large; the marks (and arrows) stay drawn on the board.
// Everything else is hidden. The arrow keys (and Page Up/Down, as presentation clickers send)
// step through the line, Home/End go to its ends; Escape, or the Leave button, leaves.

import { chapterTitle } from "./chapters.js";
import { isCardCode, cardWords } from "./cards.js";
import { makeButton, makeElement, setText } from "./dom.js";
import { pileName } from "./piles.js";

/** The keys that step in presentation mode, and the step each takes (a SideColumn.navigate action). */
const STEPS = {
  ArrowLeft: "back",
  ArrowUp: "back",
  PageUp: "back",
  ArrowRight: "forward",
  ArrowDown: "forward",
  PageDown: "forward",
  " ": "forward",
  Home: "first",
  End: "last",
};

/** The key's step in presentation mode ("back", "forward", "first", "last", "leave"), or null. */
export function presentationKey(event) {
  if (event.ctrlKey || event.altKey || event.metaKey) return null;
  if (event.key === "Escape") return "leave";
  return STEPS[event.key] || null;
}

function endWords(end) {
  if (typeof end !== "string") return "?";
  return isCardCode(end) ? cardWords(end) : pileName(end);
}

/**
 * What the board points at where the game stands, in words for screen readers: the marks,
 * and the arrows when the state carries them (state.arrows: [[from, to, colour?], ...], as
 * annotations will), e.g. "Marked: the waste. Arrow from column 3 to foundation 1."
 */
export function pointedAt(state) {
  const parts = [];
  const marks = Array.isArray(state.marks) ? state.marks : [];
  if (marks.length) parts.push(`Marked: ${marks.map(endWords).join(", ")}.`);
  for (const arrow of Array.isArray(state.arrows) ? state.arrows : []) {
    if (Array.isArray(arrow) && arrow.length >= 2)
      parts.push(`Arrow from ${endWords(arrow[0])} to ${endWords(arrow[1])}.`);
  }
  return parts.join(" ");
}

/**
 * The words presented for `state`, standing on `row` (its timeline row, or null):
 * { heading: "Chapter · Move 5 of 23", sentence, comment }.
 */
export function presentedWords(state, row) {
  const chapter = chapterTitle(state);
  const where =
    state.ply === 0 ? `The start (${state.line_length} moves)` : `Move ${state.ply} of ${state.line_length}`;
  const heading = [chapter || state.title, where].filter(Boolean).join(" \u00B7 ");
  const sentence = row && state.ply > 0 && typeof row.sentence === "string" ? row.sentence : "";
  const comment = row && typeof row.comment === "string" ? row.comment : "";
  return { heading, sentence, comment };
}

export class Presentation {
  /**
   * `root` is the view's element; `rowNow()` gives the timeline row the game stands on;
   * `step(action)` goes back, forward, first or last; `changed(on)` lays the view out again.
   */
  constructor({ root, rowNow, step, changed, say }) {
    this.root = root;
    this.rowNow = rowNow;
    this.step = step;
    this.changed = changed;
    this.say = say;
    this.on = false;
    this.button = makeButton("present", "Present", "\u25A3");
    this.button.title = "Presentation mode: the board large, the comment under it; arrow keys step, Escape leaves (P)";
    this.header = makeElement("div", "sw-present-header", { hidden: "" });
    this.heading = makeElement("p", "sw-present-heading");
    this.leaveButton = makeButton("present_leave", "Leave", "\u2715");
    this.leaveButton.title = "Leave presentation mode (Escape)";
    this.header.append(this.heading, this.leaveButton);
    // Not a live region: the view's own says where each step went.
    this.caption = makeElement("div", "sw-present-caption", { hidden: "" });
    this.sentence = makeElement("p", "sw-present-sentence");
    this.comment = makeElement("p", "sw-present-comment", { "data-present-comment": "" });
    this.pointed = makeElement("p", "sw-visually-hidden");
    this.caption.append(this.sentence, this.comment, this.pointed);
    this.onFullscreenChange = () => {
      // The browser's own way out of full screen (Escape, F11) leaves presentation mode too.
      if (this.on && this.fullscreen && document.fullscreenElement !== this.root) this.leave();
    };
    document.addEventListener("fullscreenchange", this.onFullscreenChange);
  }

  destroy() {
    document.removeEventListener("fullscreenchange", this.onFullscreenChange);
    if (this.on) this.leave();
  }

  runCommand(action) {
    if (action === "present_leave" || this.on) this.leave();
    else this.enter();
  }

  enter() {
    this.on = true;
    this.fullscreen = false;
    this.root.classList.add("sw-root--presenting");
    this.header.hidden = false;
    this.caption.hidden = false;
    this.root.setAttribute("tabindex", "-1");
    this.root.focus({ preventScroll: true });
    if (typeof this.root.requestFullscreen === "function") {
      // Where the page may not go full screen (an iframe without permission), the board
      // takes the cell's whole width instead.
      this.root.requestFullscreen().then(
        () => {
          this.fullscreen = true;
          this.changed(true);
        },
        () => this.changed(true),
      );
    }
    this.changed(true);
    this.say("Presentation mode: arrow keys step through the moves, Escape leaves.");
  }

  leave() {
    this.on = false;
    this.root.classList.remove("sw-root--presenting");
    this.header.hidden = true;
    this.caption.hidden = true;
    this.root.removeAttribute("tabindex");
    if (this.fullscreen && document.fullscreenElement === this.root && document.exitFullscreen)
      document.exitFullscreen().catch(() => {});
    this.fullscreen = false;
    this.changed(false);
  }

  /** Keys while presenting, captured at the window before the board's own: steps and Escape. */
  onWindowKey(event) {
    if (!this.on || event.target.closest?.("input, textarea, select")) return;
    // In a cell (not full screen) the keys are the board's only while the focus is on it.
    const here =
      event.target === document.body || this.root.contains(event.target) || document.fullscreenElement === this.root;
    if (!here) return;
    const action = presentationKey(event);
    if (!action) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    if (action === "leave") this.leave();
    else this.step(action);
  }

  render(state) {
    if (!this.on) return;
    const words = presentedWords(state, this.rowNow());
    setText(this.heading, words.heading);
    setText(this.sentence, words.sentence);
    setText(this.comment, words.comment);
    this.comment.hidden = !words.comment;
    setText(this.pointed, pointedAt(state));
  }

  /** How many pixels the presented view is taller than the window (0 or less: it fits). */
  overflow() {
    return this.root.scrollHeight - window.innerHeight;
  }

  /** The space the board may fill while presenting: the root's width, the screen's height
   * less the header and caption (the whole window in full screen). */
  room() {
    const width = this.root.clientWidth;
    const height = window.innerHeight - this.header.offsetHeight - this.caption.offsetHeight - 24;
    return { width, height: Math.max(200, height) };
  }
}
