// The buttons' and keys' commands (commands.js), each carried out by its part of the view.

import { describe, expect, it } from "vitest";
import { Commands } from "../commands.js";
import { click, fixture, key, mountForTest, nextState } from "./helpers.js";

const view = mountForTest;

describe("buttons run their commands", () => {
  it("every enabled button sends its intent", () => {
    const state = { ...fixture("klondike_start"), moves: 4, can_undo: true, can_redo: true };
    const { model, q } = view(state);
    let version = state.version;
    for (const action of ["undo", "redo", "restart", "autoplay"]) {
      click(q(`[data-action="${action}"]`));
      expect(model.sent.at(-1)).toMatchObject({ kind: action, version });
      version += 1;
      model.setState(nextState(model.get("state")));
    }
    click(q('[data-action="new"]'));
    click(q('[data-action="confirm_deal"]'));
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", game: "klondike", seed: null, version });
  });

  it("a disabled button runs nothing", () => {
    const { model, q } = view(fixture("klondike_start"));
    click(q('[data-action="undo"]'));
    expect(model.sent).toEqual([]);
  });

  it("the ? button and key show the keys as a table beside the button, and hide it again", () => {
    const { q, pile } = view(fixture("klondike_start"));
    const table = q(".sw-keyhelp");
    const button = q('[data-action="help"]');
    expect(table.hidden).toBe(true);
    expect(button.nextElementSibling).toBe(table);
    click(button);
    expect(table.hidden).toBe(false);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    const rows = [...table.querySelectorAll("tr")].map((row) => [...row.children].map((cell) => cell.textContent));
    expect(rows).toContainEqual(["U, R", "undo, redo"]);
    expect(rows.at(-1)).toEqual(["?", "show or hide these keys"]);
    // Screen readers keep the sentence, whichever way the table is.
    expect(q(".sw-visually-hidden[id^='sw-help-']").textContent).toContain("U undo, R redo");
    pile("stock").focus();
    key(pile("stock"), "?");
    expect(table.hidden).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
  });
});

describe("Commands alone", () => {
  /** A view whose parts record the commands handed to them. */
  function fakeView() {
    const ran = [];
    const record = (part) => ({ runCommand: (action) => ran.push([part, action]) });
    const fake = {
      ran,
      instant: { forgetDraws: () => ran.push(["instant", "forget"]) },
      sideColumn: record("sideColumn"),
      teaching: record("teaching"),
      aids: record("aids"),
      folds: { unfold: (name) => ran.push(["folds", name]) },
      deals: { newGame: () => ran.push(["deals", "new"]) },
      confirmation: { answer: (yes) => ran.push(["confirmation", yes]) },
      board: { updateHighlights: () => ran.push(["board", "highlights"]) },
      sendIntent: (kind) => ran.push(["intent", kind]),
      held: { source: "waste", count: 1 },
    };
    return fake;
  }

  it("each command goes to the part that carries it out, and drops the queued stock clicks", () => {
    const fake = fakeView();
    const commands = new Commands(fake);
    for (const action of ["last", "present", "hint", "new", "keep_playing", "undo"]) commands.run(action);
    expect(fake.ran).toEqual([
      ["instant", "forget"],
      ["sideColumn", "last"],
      ["instant", "forget"],
      ["teaching", "present"],
      ["instant", "forget"],
      ["folds", "hint"],
      ["aids", "hint"],
      ["instant", "forget"],
      ["deals", "new"],
      ["instant", "forget"],
      ["confirmation", false],
      ["instant", "forget"],
      ["board", "highlights"],
      ["intent", "undo"],
    ]);
    expect(fake.held).toBe(null);
  });
});
