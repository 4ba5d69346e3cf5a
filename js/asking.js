// Asking for a move in an exercise, from the board: the editing bar's Ask (key Q) marks the
// move on show as a question of the next chapter of the study on show, with the author's hint,
// in an editor that opens in place under the move, as the comment editor does. Python keeps
// the questions (state.study.asked) and judges them when the chapter is added (the protocol
// is in solitaire_widget/widget/building.py). The hint stays plain text.

import { makeButton, setAttr } from "./dom.js";

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
   * readers; `editor` is the editing bar's `EntryEditor`, shared so that one editor is open
   * at a time under the move list's entries. */
  constructor({ send, say, editor }) {
    this.send = send;
    this.say = say;
    this.editor = editor;
    this.button = makeButton("ask", "Ask", "?");
    this.button.setAttribute("aria-pressed", "false");
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
  }

  /** Opens the question editor on the move on show, or says why it cannot be asked. */
  run(here) {
    if (!here) return;
    const refusal = askRefusal(here.state, here.path);
    if (refusal) {
      this.say(refusal);
      return;
    }
    const row = here.path[here.path.length - 1];
    const asked = askedOf(here.state).get(row.id);
    const sent = (request) => request !== null;
    this.editor.show({
      node: row.id,
      kind: "question",
      className: "sw-question-editor",
      label: `Ask for move ${row.ply}. Hint for the student (optional):`,
      text: asked ? asked.hint : "",
      rows: 2,
      save: { name: "ask", text: asked ? "Keep asking" : "Ask" },
      buttons: [
        {
          name: "unask",
          text: "Don't ask",
          hidden: !asked,
          onClick: (node) => sent(this.send("unask", { node })) && this.editor.close(true),
        },
      ],
      onSave: (hint) => sent(this.send("ask", { node: row.id, hint })),
    });
  }
}
