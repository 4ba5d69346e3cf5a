// Asking for a move in an exercise, from the board: the editing bar's Ask (key Q) marks the
// move on show as a question of the next chapter of the study on show, with the author's hint,
// in an editor that opens in place under the move, as the comment editor does. Python keeps
// the questions (state.study.asked) and judges them when the chapter is added (the protocol
// is in solitaire_widget/widget/building.py). The hint stays plain text.

import { SUPPRESS_SHORTCUTS, makeButton, makeElement, setAttr } from "./dom.js";

/** The questions marked on the game on show, by timeline node id: Map(id -> { ply, hint }). */
export function askedOf(state) {
  const asked = state?.study?.asked;
  const found = new Map();
  if (!Array.isArray(asked)) return found;
  for (const question of asked) {
    if (question && Number.isInteger(question.node) && Number.isInteger(question.ply))
      found.set(question.node, { ply: question.ply, hint: typeof question.hint === "string" ? question.hint : "" });
  }
  return found;
}

/**
 * Why the move at the end of `path` (rows from the start) cannot be asked in `state`, in
 * words, or null when it can: a question goes in a study, on a move of the main line.
 */
export function askRefusal(state, path) {
  if (!state?.study) return "Start a study first (File, New study): a question goes with a chapter.";
  const row = path[path.length - 1];
  if (!row || row.parent === null) return "The deal is not a move: go to the move the student must find.";
  if (path.some((step) => (step.index || 0) > 0))
    return "An exercise asks for moves of the main line: promote this variation first.";
  return null;
}

export class AskControl {
  /** `send(kind, fields)` sends an intent (its request id, or null); `say(text)` tells screen
   * readers; `entryOf(nodeId)` the move list's element for a node, where the editor opens. */
  constructor({ send, say, entryOf }) {
    this.send = send;
    this.say = say;
    this.entryOf = entryOf;
    this.button = makeButton("ask", "Ask", "?");
    this.button.setAttribute("aria-pressed", "false");
    this.editor = null; // { el, textarea, node } while the question editor is open
    this.controller = new AbortController();
  }

  destroy() {
    this.controller.abort();
  }

  /** The button for the move on show (`here`: { state, path } or null). */
  render(here) {
    const row = here ? here.path[here.path.length - 1] : null;
    const asked = here && row ? askedOf(here.state).get(row.id) : undefined;
    // Only a teacher building a study asks: without one the bar keeps to its edits.
    this.button.hidden = !here?.state?.study;
    this.button.disabled = !row;
    setAttr(this.button, "aria-pressed", String(Boolean(asked)));
    const refusal = here ? askRefusal(here.state, here.path) : null;
    this.button.title = asked
      ? `Move ${asked.ply} is asked in the next chapter's exercise: change its hint or remove it (Q)`
      : refusal || "Ask the student for the move on show, in the next chapter's exercise (Q)";
    if (this.editor && (!row || row.id !== this.editor.node)) this.close();
    else if (this.editor) this.place();
  }

  /** Opens the question editor on the move on show, or says why it cannot be asked. */
  run(here) {
    if (!here) return;
    const refusal = askRefusal(here.state, here.path);
    if (refusal) {
      this.say(refusal);
      return;
    }
    this.open(here.path[here.path.length - 1], askedOf(here.state).get(here.path[here.path.length - 1].id));
  }

  open(row, asked) {
    if (this.editor && this.editor.node === row.id) {
      this.editor.textarea.focus();
      return;
    }
    this.close();
    const el = makeElement("form", "sw-comment-editor sw-question-editor", { "data-question-editor": String(row.id) });
    const label = makeElement("label", "", { for: `sw-question-${row.id}` });
    label.textContent = `Ask for move ${row.ply}. Hint for the student (optional):`;
    const textarea = makeElement("textarea", "", {
      ...SUPPRESS_SHORTCUTS,
      id: `sw-question-${row.id}`,
      maxlength: "10000",
      rows: "2",
    });
    textarea.value = asked ? asked.hint : "";
    const buttons = makeElement("div", "sw-comment-editor-buttons");
    const button = (name, text, type = "button") => {
      const made = makeElement("button", "sw-button", { ...SUPPRESS_SHORTCUTS, type, "data-editor": name });
      made.textContent = text;
      return made;
    };
    const save = button("ask", asked ? "Keep asking" : "Ask", "submit");
    const remove = button("unask", "Don't ask");
    const cancel = button("cancel", "Cancel");
    remove.hidden = !asked;
    buttons.append(save, remove, cancel);
    el.append(label, textarea, buttons);
    const signal = this.controller.signal;
    el.addEventListener(
      "submit",
      (event) => {
        event.preventDefault();
        this.save();
      },
      { signal },
    );
    remove.addEventListener("click", () => this.finish(this.send("unask", { node: row.id })), { signal });
    cancel.addEventListener("click", () => this.close(true), { signal });
    el.addEventListener("click", (event) => event.stopPropagation(), { signal });
    el.addEventListener("keydown", (event) => this.onKey(event), { signal });
    this.editor = { el, textarea, node: row.id };
    this.place();
    textarea.focus();
  }

  /** Enter asks, Shift+Enter starts a new line, Escape cancels; no key leaves the editor. */
  onKey(event) {
    event.stopPropagation();
    if (event.key === "Enter" && !event.shiftKey) {
      event.preventDefault();
      this.save();
    } else if (event.key === "Escape") {
      event.preventDefault();
      this.close(true);
    }
  }

  save() {
    const { node, textarea } = this.editor;
    this.finish(this.send("ask", { node, hint: textarea.value }));
  }

  finish(request) {
    if (request !== null) this.close(true);
  }

  place() {
    const entry = this.entryOf(this.editor.node);
    if (entry && this.editor.el.parentElement !== entry) entry.append(this.editor.el);
  }

  close(refocus = false) {
    if (!this.editor) return;
    const entry = this.entryOf(this.editor.node);
    this.editor.el.remove();
    this.editor = null;
    if (refocus && entry) entry.focus({ preventScroll: true });
  }
}
