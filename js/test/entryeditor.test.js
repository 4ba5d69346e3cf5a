import { afterEach, describe, expect, it, vi } from "vitest";
import { EntryEditor } from "../entryeditor.js";

function setup() {
  const entries = new Map([1, 2].map((id) => [id, Object.assign(document.createElement("li"), { tabIndex: -1 })]));
  for (const entry of entries.values()) document.body.append(entry);
  const controller = new AbortController();
  const editor = new EntryEditor({ entryOf: (id) => entries.get(id), signal: controller.signal });
  return { entries, editor, controller };
}

const comment = (node, onSave, more = {}) => ({
  node,
  kind: "comment",
  label: "Comment on move 1",
  text: "old",
  rows: 3,
  save: { name: "save", text: "Save" },
  onSave,
  ...more,
});

afterEach(() => {
  document.body.replaceChildren();
});

describe("the editor in place under a move", () => {
  it("opens under the move's entry with its text, focused, and saves on Enter", () => {
    const { entries, editor } = setup();
    const onSave = vi.fn(() => true);
    editor.show(comment(1, onSave));
    const form = entries.get(1).querySelector("[data-comment-editor='1']");
    const textarea = form.querySelector("textarea");
    expect(textarea.value).toBe("old");
    expect(document.activeElement).toBe(textarea);
    textarea.value = "new";
    textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(onSave).toHaveBeenCalledWith("new");
    expect(editor.node).toBe(null);
    expect(document.activeElement).toBe(entries.get(1));
  });

  it("stays open when the text could not be sent, and Shift+Enter does not save", () => {
    const { entries, editor } = setup();
    const onSave = vi.fn(() => false);
    editor.show(comment(1, onSave));
    const textarea = entries.get(1).querySelector("textarea");
    textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", shiftKey: true, bubbles: true }));
    expect(onSave).not.toHaveBeenCalled();
    textarea.dispatchEvent(new KeyboardEvent("keydown", { key: "Enter", bubbles: true }));
    expect(onSave).toHaveBeenCalledTimes(1);
    expect(editor.node).toBe(1);
  });

  it("cancels on Escape and closes when another move is on show", () => {
    const { entries, editor } = setup();
    editor.show(comment(1, () => true));
    entries
      .get(1)
      .querySelector("textarea")
      .dispatchEvent(new KeyboardEvent("keydown", { key: "Escape", bubbles: true }));
    expect(entries.get(1).querySelector("form")).toBe(null);
    editor.show(comment(1, () => true));
    editor.follow(1);
    expect(editor.node).toBe(1);
    editor.follow(2);
    expect(editor.node).toBe(null);
  });

  it("is one at a time: another kind on the same move replaces it, and its buttons act", () => {
    const { entries, editor } = setup();
    editor.show(comment(1, () => true));
    const removed = vi.fn();
    editor.show({
      ...comment(1, () => true),
      kind: "question",
      save: { name: "ask", text: "Ask" },
      buttons: [{ name: "unask", text: "Don't ask", onClick: removed }],
    });
    expect(entries.get(1).querySelectorAll("form")).toHaveLength(1);
    entries.get(1).querySelector("[data-editor='unask']").click();
    expect(removed).toHaveBeenCalledWith(1);
    expect([...entries.get(1).querySelectorAll("[data-editor]")].map((b) => b.dataset.editor)).toEqual([
      "ask",
      "unask",
      "cancel",
    ]);
  });
});
