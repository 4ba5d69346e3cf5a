// A text editor that opens in place under a move of the move list: the comment editor and
// an exercise's question editor. Enter saves, Shift+Enter starts a new line (and does not
// run the cell), Escape cancels; clicks and keys in it are its own, not the move list's
// (which would go to the move). One is open at a time, on one move.

import { SUPPRESS_SHORTCUTS, makeElement } from "./dom.js";

function editorButton(name, text, type = "button") {
  const button = makeElement("button", "sw-button", { ...SUPPRESS_SHORTCUTS, type, "data-editor": name });
  button.textContent = text;
  return button;
}

export class EntryEditor {
  /** `entryOf(nodeId)`: the move list's element for a node, where the editor opens;
   * `signal`: ends the editor's listeners with its owner. */
  constructor({ entryOf, signal }) {
    this.entryOf = entryOf;
    this.signal = signal;
    this.open = null; // { el, textarea, node, kind, save } while open
  }

  /** The node the editor is open on, or null. */
  get node() {
    return this.open ? this.open.node : null;
  }

  /**
   * Opens the editor under the entry of `node` (only focuses it when open there already, as
   * the same kind).
   * `kind` marks it (`data-<kind>-editor`, the node's id); `label` says what it is for
   * (`hideLabel`: for screen readers only); `text` is what it starts with; `save` names and
   * words the submit button; `buttons` are more ({ name, text, onClick, hidden }); `onSave(text)`
   * sends the text and returns whether it went, and the editor then closes.
   */
  show({ node, kind, className = "", label, hideLabel = false, text, rows, save, buttons = [], onSave }) {
    if (this.open && this.open.node === node && this.open.kind === kind) {
      this.open.textarea.focus();
      return;
    }
    this.close();
    const el = makeElement("form", `sw-comment-editor ${className}`.trim(), { [`data-${kind}-editor`]: String(node) });
    const labelEl = makeElement("label", hideLabel ? "sw-visually-hidden" : "", { for: `sw-${kind}-${node}` });
    labelEl.textContent = label;
    const textarea = makeElement("textarea", "", {
      ...SUPPRESS_SHORTCUTS,
      id: `sw-${kind}-${node}`,
      maxlength: "10000",
      rows: String(rows),
    });
    textarea.value = text;
    const row = makeElement("div", "sw-comment-editor-buttons");
    const signal = this.signal;
    row.append(editorButton(save.name, save.text, "submit"));
    for (const { name, text: words, onClick, hidden = false } of buttons) {
      const button = editorButton(name, words);
      button.hidden = hidden;
      button.addEventListener("click", () => onClick(node), { signal });
      row.append(button);
    }
    const cancel = editorButton("cancel", "Cancel");
    cancel.addEventListener("click", () => this.close(true), { signal });
    row.append(cancel);
    el.append(labelEl, textarea, row);
    el.addEventListener(
      "submit",
      (event) => {
        event.preventDefault();
        this.save();
      },
      { signal },
    );
    el.addEventListener("click", (event) => event.stopPropagation(), { signal });
    el.addEventListener("keydown", (event) => this.onKey(event), { signal });
    this.open = { el, textarea, node, kind, save: onSave };
    this.place();
    textarea.focus();
  }

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
    if (this.open.save(this.open.textarea.value)) this.close(true);
  }

  /** Keeps the editor under its move's entry (the move list draws entries anew), and closes
   * it when `node` (the move on show, or null) is another move. */
  follow(node) {
    if (!this.open) return;
    if (node !== this.open.node) this.close();
    else this.place();
  }

  place() {
    const entry = this.entryOf(this.open.node);
    if (entry && this.open.el.parentElement !== entry) entry.append(this.open.el);
  }

  /** Closes the editor; with `refocus`, the focus goes back to its move's entry. */
  close(refocus = false) {
    if (!this.open) return;
    const entry = this.entryOf(this.open.node);
    this.open.el.remove();
    this.open = null;
    if (refocus && entry) entry.focus({ preventScroll: true });
  }
}
