// Editing the game from the board, as a teacher: the bar over the move list (Comment, the
// glyph, Promote, Delete) and the comment editor that opens in place under the move on show.
// Each change is an intent Python carries out with Game's own methods (the protocol is in
// solitaire_widget/widget/editing.py); comments stay plain text (textContent and a textarea's
// value, never markup).

import "./drawing.css";
import { AskControl } from "./asking.js";
import { SUPPRESS_SHORTCUTS, makeButton, makeElement } from "./dom.js";
import { EntryEditor } from "./entryeditor.js";

/** The glyphs a move may carry, with their words (records/tree.py's GLYPHS, in order). */
export const GLYPHS = [
  ["!!", "brilliant"],
  ["!", "good"],
  ["!?", "interesting"],
  ["?!", "dubious"],
  ["?", "mistake"],
  ["??", "blunder"],
];

/** The words of a glyph ("good move"), or "" for none or one not known. */
export function glyphWords(glyph) {
  const found = GLYPHS.find(([sign]) => sign === glyph);
  return found ? `${found[1]} move` : "";
}

/**
 * The variation the row at the end of `path` (rows from the start, as TimelineRows.lineOf
 * gives) belongs to: its nearest row, itself included, that is not its parent's main
 * continuation; null on the main line.
 */
export function variationOf(path) {
  for (let at = path.length - 1; at > 0; at -= 1) if ((path[at].index || 0) > 0) return path[at];
  return null;
}

/** The actions the bar and the keys ask for (the view routes them through Study.runCommand). */
export const EDIT_ACTIONS = new Set(["comment", "glyph", "promote", "delete_variation", "ask"]);

export class EditBar {
  /**
   * `send(kind, fields)` sends an intent; `say(text)` tells screen readers; `here()` gives
   * where the game stands: { state, path } (path: the rows from the start to the move on
   * show) or null when nothing can be edited; `entryOf(nodeId)` the move list's element for
   * a node, where the comment editor opens.
   */
  constructor({ send, say, here, entryOf }) {
    this.send = send;
    this.say = say;
    this.here = here;
    this.el = makeElement("div", "sw-editbar", { role: "group", "aria-label": "Edit the move on show" });
    this.commentButton = makeButton("comment", "Comment", "\u270E");
    this.glyphSelect = makeElement("select", "sw-glyph", {
      ...SUPPRESS_SHORTCUTS,
      "aria-label": "Glyph of the move on show",
      "data-control": "glyph",
    });
    const none = makeElement("option", "", { value: "" });
    none.textContent = "No glyph";
    this.glyphSelect.append(none);
    for (const [sign, words] of GLYPHS) {
      const option = makeElement("option", "", { value: sign });
      option.textContent = `${sign}  ${words}`;
      this.glyphSelect.append(option);
    }
    this.promoteButton = makeButton("promote", "Promote", "\u2191");
    this.deleteButton = makeButton("delete_variation", "Delete", "\u2715");
    this.promoteButton.title = "Make the variation on show the main line where it branches (+)";
    this.deleteButton.title = "Delete the variation on show, from where it branches (- or Delete)";
    this.commentButton.title = "Comment the move on show (C)";
    this.controller = new AbortController();
    this.editor = new EntryEditor({ entryOf, signal: this.controller.signal });
    this.asking = new AskControl({ send, say, editor: this.editor });
    this.el.append(this.commentButton, this.glyphSelect, this.promoteButton, this.deleteButton, this.asking.button);
    this.glyphSelect.addEventListener("change", () => this.setGlyph(this.glyphSelect.value), {
      signal: this.controller.signal,
    });
  }

  destroy() {
    this.controller.abort();
  }

  /** The bar for where the game stands: what can be edited there, the glyph it has. */
  render() {
    const here = this.here();
    const row = here ? here.path[here.path.length - 1] : null;
    const variation = here ? variationOf(here.path) : null;
    this.commentButton.disabled = !row;
    this.glyphSelect.disabled = !row || row.parent === null;
    const glyph = row && typeof row.glyph === "string" ? row.glyph : "";
    if (this.glyphSelect.value !== glyph && document.activeElement !== this.glyphSelect) this.glyphSelect.value = glyph;
    this.promoteButton.disabled = !variation;
    this.deleteButton.disabled = !variation;
    // The editor belongs to the move it opened on: another move on show closes it.
    this.editor.follow(row ? row.id : null);
    this.asking.render(here);
  }

  run(action) {
    const here = this.here();
    if (!here) return;
    const row = here.path[here.path.length - 1];
    const variation = variationOf(here.path);
    switch (action) {
      case "comment":
        this.openEditor(row);
        break;
      case "ask":
        this.asking.run(here);
        break;
      case "glyph":
        if (row.parent === null) this.say("The start is not a move: a glyph goes on a move.");
        else this.glyphSelect.focus();
        break;
      case "promote":
      case "delete_variation":
        if (!variation)
          this.say(
            "The move on show is on the main line: there is no variation to " +
              (action === "promote" ? "promote." : "delete."),
          );
        else this.send(action === "promote" ? "promote" : "delete", { node: variation.id });
        break;
      default:
        break;
    }
  }

  setGlyph(glyph) {
    const here = this.here();
    const row = here?.path[here.path.length - 1];
    if (row && row.parent !== null) this.send("glyph", { node: row.id, glyph });
  }

  /** Opens the comment editor under the move of `row`. */
  openEditor(row) {
    this.editor.show({
      node: row.id,
      kind: "comment",
      label: row.ply > 0 ? `Comment on move ${row.ply}` : "Comment on the deal",
      hideLabel: true,
      text: typeof row.comment === "string" ? row.comment : "",
      rows: 3,
      save: { name: "save", text: "Save" },
      onSave: (text) => this.send("comment", { node: row.id, text }) !== null,
    });
  }
}
