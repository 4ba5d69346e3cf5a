import { beforeEach, describe, expect, it } from "vitest";
import { GamesMet, MET_KEY, renderRules, rulesBlocks } from "../rules.js";
import { FakeModel, click, fixture, key, mountForTest } from "./helpers.js";
// The one text of the rules, as the package holds it (docs/rules.md includes it).
import RULES_MD from "../../solitaire_widget/engine/games/rules.md?raw";

const RULES = {
  klondike: "## Klondike\n\n- A card goes on a card one rank **higher** of the other colour.\n",
  father: "## Father\n\nThere is no building on the tableau.\n",
  following: "## Following\n\n> hearts → clubs → diamonds → spades\n",
};

function view(state, rules = RULES[state.game]) {
  const model = new FakeModel(state);
  model.set("rules", rules);
  const mounted = mountForTest(model);
  const panel = () => mounted.q(".sw-rules");
  const rulesButton = () => mounted.q(".sw-toolbar .sw-button[aria-controls^='sw-rules-']");
  return { ...mounted, panel, rulesButton };
}

/** Python dealing `game` on the board: its rules first, then its state. */
function deal(model, game) {
  const { version } = model.get("state");
  model.change("rules", RULES[game]);
  model.setState({ ...fixture(`${game}_start`), version: version + 1 });
}

/** The player choosing `game` in the game chooser. */
function choose(q, game) {
  const chooser = q('[data-control="game"]');
  chooser.focus();
  chooser.value = game;
  chooser.dispatchEvent(new Event("change", { bubbles: true }));
}

beforeEach(() => localStorage.clear());

describe("reading the rules' Markdown", () => {
  it("gives headings, paragraphs over several lines, lists with their indented lines, quotes and tables", () => {
    const markdown = [
      "## Klondike",
      "",
      "### Setup",
      "",
      "Seven columns hold",
      "28 cards.",
      "- first item",
      "  goes on here",
      "- second item",
      "1. won",
      "2. stuck",
      "",
      "> AH 2C 3D",
      "> 4S",
      "",
      "| you place a… | on a… |",
      "|---|---|",
      "| heart | club |",
      "| club | diamond |",
    ].join("\n");
    expect(rulesBlocks(markdown)).toEqual([
      { kind: "heading", level: 2, text: "Klondike" },
      { kind: "heading", level: 3, text: "Setup" },
      { kind: "paragraph", text: "Seven columns hold 28 cards." },
      { kind: "list", ordered: false, items: ["first item goes on here", "second item"] },
      { kind: "list", ordered: true, items: ["won", "stuck"] },
      { kind: "quote", text: "AH 2C 3D 4S" },
      {
        kind: "table",
        head: ["you place a…", "on a…"],
        rows: [
          ["heart", "club"],
          ["club", "diamond"],
        ],
      },
    ]);
  });

  it("draws bold, emphasis and code as elements, and anything else as text, never as HTML", () => {
    const box = document.createElement("div");
    box.append(renderRules("## Seeds\n\n**Ruling:** a *seed* is `g.seed`, <img src=x onerror=alert(1)> & so on."));
    expect(box.querySelector("h3").textContent).toBe("Seeds");
    const paragraph = box.querySelector("p");
    expect(paragraph.querySelector("strong").textContent).toBe("Ruling:");
    expect(paragraph.querySelector("em").textContent).toBe("seed");
    expect(paragraph.querySelector("code").textContent).toBe("g.seed");
    expect(box.querySelector("img")).toBeNull();
    expect(paragraph.textContent).toBe("Ruling: a seed is g.seed, <img src=x onerror=alert(1)> & so on.");
  });

  it("draws the whole rules text with none of its marks left over", () => {
    const box = document.createElement("div");
    box.append(renderRules(RULES_MD));
    const count = (pattern) => (RULES_MD.match(pattern) || []).length;
    expect(box.querySelectorAll("h2")).toHaveLength(count(/^# /gm));
    expect(box.querySelectorAll("h3")).toHaveLength(count(/^## /gm));
    expect(box.querySelectorAll("h4")).toHaveLength(count(/^### /gm));
    expect(box.querySelectorAll("table")).toHaveLength(count(/^\|[-|\s]+\|$/gm));
    expect(box.querySelectorAll("blockquote").length).toBeGreaterThan(0);
    expect(box.querySelectorAll("ol li")).toHaveLength(3); // the three ways a game ends
    const text = box.textContent;
    for (const mark of ["**", "`", "|", "# ", "\n- "]) expect(text).not.toContain(mark);
    expect(box.querySelectorAll("strong").length).toBe(count(/\*\*[^*]+\*\*/g));
    expect(box.querySelectorAll("code").length).toBe(count(/`[^`]+`/g));
    expect(text).toContain("a whole number from 0 to 2⁵³ − 1 (9,007,199,254,740,991,");
  });
});

describe("the Rules panel", () => {
  it("opens from the toolbar's Rules button over the board, with the rules of the game on show", () => {
    const { rulesButton, panel, q, model } = view(fixture("klondike_start"));
    expect(panel().hidden).toBe(true);
    expect(rulesButton().getAttribute("aria-expanded")).toBe("false");
    click(rulesButton());
    expect(panel().hidden).toBe(false);
    expect(panel().parentElement).toBe(q(".sw-main"));
    expect(panel().getAttribute("role")).toBe("dialog");
    const title = panel().querySelector(".sw-rules-title");
    expect(title.textContent).toBe("Rules of Klondike");
    expect(panel().getAttribute("aria-labelledby")).toBe(title.id);
    expect(panel().querySelector(".sw-rules-text li strong").textContent).toBe("higher");
    expect(document.activeElement).toBe(panel().querySelector(".sw-rules-text"));
    expect(rulesButton().getAttribute("aria-expanded")).toBe("true");
    expect(model.sent).toEqual([]);
    // The button again closes it, and the focus goes back to the button.
    rulesButton().focus();
    click(rulesButton());
    expect(panel().hidden).toBe(true);
  });

  it("closes with its Close button or Escape, the focus back where it was", () => {
    const { rulesButton, panel, pile } = view(fixture("klondike_start"));
    rulesButton().focus();
    click(rulesButton());
    click(panel().querySelector(".sw-rules-close"));
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(rulesButton());
    expect(rulesButton().getAttribute("aria-expanded")).toBe("false");

    pile("stock").focus();
    click(rulesButton());
    const pressed = key(panel().querySelector(".sw-rules-text"), "Escape");
    expect(pressed.defaultPrevented).toBe(true);
    expect(panel().hidden).toBe(true);
    expect(document.activeElement).toBe(pile("stock"));

    // Escape on the board, with nothing held or running there, closes it too.
    click(rulesButton());
    pile("stock").focus();
    key(pile("stock"), "Escape");
    expect(panel().hidden).toBe(true);
  });

  it("opens from the game chooser's last entry, which deals nothing", () => {
    const { panel, q, model } = view(fixture("father_start"));
    const chooser = q('[data-control="game"]');
    const entry = chooser.options[chooser.options.length - 1];
    expect(entry.textContent).toBe("Rules of Father\u2026");
    choose(q, entry.value);
    expect(panel().hidden).toBe(false);
    expect(panel().querySelector(".sw-rules-title").textContent).toBe("Rules of Father");
    expect(chooser.value).toBe("father");
    expect(model.sent).toEqual([]);
    key(document.activeElement, "Escape");
    expect(document.activeElement).toBe(chooser);
  });

  it("opens by itself the first time the player chooses a game this browser has not shown", () => {
    const { panel, q, model } = view(fixture("klondike_start"));
    choose(q, "father");
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", game: "father" });
    expect(panel().hidden).toBe(true); // not before the game is on the board
    deal(model, "father");
    expect(panel().hidden).toBe(false);
    expect(panel().querySelector(".sw-rules-title").textContent).toBe("Rules of Father");
    expect(panel().querySelector(".sw-rules-text").textContent).toBe("FatherThere is no building on the tableau.");
    expect(document.activeElement).toBe(panel().querySelector(".sw-rules-text"));
    key(document.activeElement, "Escape");
    expect(JSON.parse(localStorage.getItem(MET_KEY))).toEqual(["klondike", "father"]);

    // Klondike was on the board from the start, and Father has been met: neither opens again.
    for (const game of ["klondike", "father"]) {
      choose(q, game);
      deal(model, game);
      expect(panel().hidden).toBe(true);
    }
    // Following is new; while the panel is open, it follows the game on show.
    choose(q, "following");
    deal(model, "following");
    expect(panel().querySelector(".sw-rules-title").textContent).toBe("Rules of Following");
    deal(model, "klondike");
    expect(panel().querySelector(".sw-rules-title").textContent).toBe("Rules of Klondike");
    expect(panel().querySelector(".sw-rules-text li").textContent).toContain("one rank higher");
  });

  it("stays shut for a game a cell puts on the board, which is met from then on", () => {
    const { panel, q, model } = view(fixture("klondike_start"));
    deal(model, "following");
    expect(panel().hidden).toBe(true);
    choose(q, "klondike");
    deal(model, "klondike");
    choose(q, "following");
    deal(model, "following");
    expect(panel().hidden).toBe(true);
  });

  it("a board in another tab or cell shares the games met; without storage, each board shows them once", () => {
    const first = view(fixture("klondike_start"));
    choose(first.q, "father");
    deal(first.model, "father");
    expect(first.panel().hidden).toBe(false);
    const second = view(fixture("klondike_start"));
    choose(second.q, "father");
    deal(second.model, "father");
    expect(second.panel().hidden).toBe(true);

    const refusing = {
      getItem() {
        throw new Error("SecurityError");
      },
      setItem() {
        throw new Error("QuotaExceededError");
      },
    };
    const met = new GamesMet(refusing);
    expect(met.has("father")).toBe(false);
    met.add("father");
    expect(met.has("father")).toBe(true);
    localStorage.setItem(MET_KEY, "not json");
    expect(new GamesMet(localStorage).has("klondike")).toBe(false);
  });

  it("says so when the rules have not come, and draws new rules when they do", () => {
    const { rulesButton, panel, model } = view(fixture("klondike_start"), null);
    click(rulesButton());
    expect(panel().querySelector(".sw-rules-text").textContent).toBe("The rules have not come from Python yet.");
    model.change("rules", RULES.klondike);
    expect(panel().querySelector(".sw-rules-text h3").textContent).toBe("Klondike");
  });
});
