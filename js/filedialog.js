// Saving and opening from the board: the toolbar's File button opens a small dialog with a
// file name (a .json name in the notebook's folder: Python checks it and refuses anything
// else), Save (the study on show, else the game's record) and Open (a study or a record).
// Python's answer is a "file" message, or a refusal, said in the dialog and to screen readers.

import { SUPPRESS_SHORTCUTS, makeButton, makeElement, setText } from "./dom.js";

/** The name typed, trimmed, with ".json" added when it has no ending of its own. */
export function fileName(typed) {
  const name = String(typed || "").trim();
  if (!name) return "";
  return /\.[A-Za-z0-9]+$/.test(name) ? name : `${name}.json`;
}

export class FileDialog {
  /** `save(name)` and `open(name)` send the intents and return their request ids (or null);
   * `say(text)` tells screen readers. */
  constructor({ viewId, save, open, say }) {
    this.save = save;
    this.openFile = open;
    this.say = say;
    this.request = null; // the request this dialog waits for
    const titleId = `sw-file-${viewId}`;
    this.button = makeButton("file", "File", "\u21C5");
    this.button.title = "Start a study; save or open a study or a game record (a file in the notebook's folder)";
    this.button.setAttribute("aria-expanded", "false");
    this.el = makeElement("div", "sw-overlay-panel sw-file", {
      hidden: "",
      role: "dialog",
      "aria-labelledby": titleId,
    });
    const title = makeElement("p", "sw-file-title", { id: titleId });
    title.textContent = "Start a study, or save or open a file in the notebook's folder";
    const label = makeElement("label", "sw-file-label");
    label.append("File name ");
    this.input = makeElement("input", "sw-file-input", {
      ...SUPPRESS_SHORTCUTS,
      type: "text",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "lesson.json",
      "data-control": "file-name",
    });
    label.append(this.input);
    this.status = makeElement("p", "sw-file-status", { role: "status" });
    const buttons = makeElement("div", "sw-overlay-buttons");
    buttons.append(
      makeButton("file_save", "Save", "\u2193"),
      makeButton("file_open", "Open", "\u2191"),
      makeButton("file_close", "Close", "\u2715"),
    );
    this.el.append(title, label, this.status, buttons);
  }

  get isOpen() {
    return !this.el.hidden;
  }

  toggle() {
    if (this.isOpen) this.close();
    else {
      this.el.hidden = false;
      this.button.setAttribute("aria-expanded", "true");
      setText(this.status, "");
      this.input.focus();
    }
  }

  close() {
    this.el.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    this.request = null;
  }

  /** Save or Open pressed (or Enter in the name: Save): sends the name typed. */
  runCommand(action) {
    if (action === "file") return this.toggle();
    if (action === "file_close") return this.close();
    const name = fileName(this.input.value);
    if (!name) {
      this.tell("Type a file name first, such as lesson.json.");
      return undefined;
    }
    this.input.value = name;
    this.request = action === "file_save" ? this.save(name) : this.openFile(name);
    if (this.request) setText(this.status, action === "file_save" ? `Saving ${name}\u2026` : `Opening ${name}\u2026`);
    return undefined;
  }

  onKey(event) {
    if (event.key === "Enter" && event.target === this.input) {
      event.preventDefault();
      this.runCommand("file_save");
    }
  }

  /** Python's answer to this dialog's request: a "file" message or a refusal; true when it was one. */
  onMessage(content) {
    if (!content || !this.request || content.request !== this.request) return false;
    if (content.kind === "file") {
      this.tell(String(content.said || "Done."));
      this.request = null;
      return true;
    }
    if (content.kind === "refused") {
      this.tell(`Not done: ${content.reason}`);
      this.request = null;
    }
    return false;
  }

  tell(text) {
    setText(this.status, text);
    this.say(text);
  }
}
