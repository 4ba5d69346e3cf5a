// The side column's panels folded to their header line (folding.js), on the class alone and
// in a mounted view.

import { describe, expect, it } from "vitest";
import { PanelFolds } from "../folding.js";
import { click, fixture, key, mountForTest, nextState } from "./helpers.js";

const view = mountForTest;

/** A panel with a header line and a body, as the column's panels are built. */
function panelOf() {
  const panel = document.createElement("section");
  const head = document.createElement("p");
  const body = document.createElement("p");
  panel.append(head, body);
  document.body.append(panel);
  return { panel, head, body };
}

describe("PanelFolds alone", () => {
  it("a button at the end of the header line folds the panel and unfolds it again", () => {
    const folds = new PanelFolds({ viewId: "v1" });
    const { panel, head } = panelOf();
    folds.add("hint", { panel, head, label: "Hint" });
    const button = head.lastElementChild;
    expect(button.tagName).toBe("BUTTON");
    expect(button.dataset.fold).toBe("hint");
    expect(button.getAttribute("type")).toBe("button");
    expect(button.getAttribute("aria-label")).toBe("Hint panel");
    expect(button.getAttribute("aria-controls")).toBe(panel.id);
    expect(panel.id).toBe("sw-hint-v1");
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(head.classList.contains("sw-fold-head")).toBe(true);
    expect(panel.hasAttribute("data-folded")).toBe(false);
    click(button);
    expect(folds.isFolded("hint")).toBe(true);
    expect(panel.hasAttribute("data-folded")).toBe(true);
    expect(button.getAttribute("aria-expanded")).toBe("false");
    expect(button.title).toBe("Show the hint panel");
    click(button);
    expect(folds.isFolded("hint")).toBe(false);
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(button.title).toBe("Fold the hint panel");
  });

  it("each panel folds on its own; unfold leaves an open panel open; an id of its own is kept", () => {
    const folds = new PanelFolds({ viewId: "v1" });
    const first = panelOf();
    const second = panelOf();
    second.panel.id = "mine";
    folds.add("lesson", { ...first, label: "Lesson" });
    folds.add("analysis", { ...second, label: "Analysis" });
    expect(second.head.lastElementChild.getAttribute("aria-controls")).toBe("mine");
    folds.toggle("lesson");
    expect(first.panel.hasAttribute("data-folded")).toBe(true);
    expect(second.panel.hasAttribute("data-folded")).toBe(false);
    folds.unfold("analysis");
    folds.unfold("lesson");
    expect([folds.isFolded("lesson"), folds.isFolded("analysis")]).toEqual([false, false]);
  });

  it("an unknown panel, or one made foldable twice, is an error that changes nothing", () => {
    const folds = new PanelFolds({ viewId: "v1" });
    const { panel, head } = panelOf();
    folds.add("hint", { panel, head, label: "Hint" });
    expect(() => folds.setFolded("hints", true)).toThrow("no foldable panel hints: hint");
    expect(() => folds.add("hint", { panel, head, label: "Hint" })).toThrow("foldable already");
    expect(head.querySelectorAll("button")).toHaveLength(1);
    expect(folds.isFolded("hint")).toBe(false);
  });

  it("after destroy, its buttons fold nothing", () => {
    const folds = new PanelFolds({ viewId: "v1" });
    const { panel, head } = panelOf();
    folds.add("hint", { panel, head, label: "Hint" });
    folds.destroy();
    click(head.lastElementChild);
    expect(panel.hasAttribute("data-folded")).toBe(false);
  });
});

describe("folding the column's panels in the view", () => {
  const PANELS = {
    hint: ".sw-hint-panel",
    library: ".sw-library",
    chapters: ".sw-chapters",
    lesson: ".sw-lesson",
    analysis: ".sw-analysis",
  };

  it("every panel of the column but the move list has its fold button, in its header line", () => {
    const { q, qa } = view(fixture("klondike_mid"));
    expect(qa("[data-fold]").map((button) => button.dataset.fold)).toEqual(expect.arrayContaining(Object.keys(PANELS)));
    expect(qa("[data-fold]")).toHaveLength(Object.keys(PANELS).length);
    for (const [name, selector] of Object.entries(PANELS)) {
      const button = q(`[data-fold="${name}"]`);
      expect(button.parentElement.parentElement).toBe(q(selector));
      expect(button.parentElement).toBe(q(selector).firstElementChild);
    }
    expect(q("[data-timeline] [data-fold]")).toBe(null);
  });

  it("a fold outlasts new states and sends nothing to Python", () => {
    const state = fixture("klondike_mid");
    const { model, q } = view(state);
    click(q('[data-fold="analysis"]'));
    expect(q(".sw-analysis").hasAttribute("data-folded")).toBe(true);
    model.setState(nextState(state));
    expect(q(".sw-analysis").hasAttribute("data-folded")).toBe(true);
    expect(q('[data-fold="analysis"]').getAttribute("aria-expanded")).toBe("false");
    expect(model.sent).toEqual([]);
  });

  it("the Hint button and H unfold the hint; the Statistics button unfolds its panel", () => {
    const state = fixture("klondike_start");
    const { q, pile } = view(state);
    click(q('[data-fold="hint"]'));
    click(q('[data-fold="library"]'));
    click(q("[data-action='hint']"));
    expect(q(".sw-hint-panel").hasAttribute("data-folded")).toBe(false);
    click(q('[data-fold="hint"]'));
    pile("stock").focus();
    key(pile("stock"), "h");
    expect(q(".sw-hint-panel").hasAttribute("data-folded")).toBe(false);
    const statistics = q(".sw-library");
    expect(statistics.hasAttribute("data-folded")).toBe(true);
    click([...q(".sw-toolbar").querySelectorAll("button")].find((button) => button.textContent === "Statistics"));
    expect(statistics.hidden).toBe(false);
    expect(statistics.hasAttribute("data-folded")).toBe(false);
  });

  it("two views of one model fold apart", () => {
    const state = fixture("klondike_mid");
    const a = view(state);
    const b = view(a.model);
    click(a.q('[data-fold="lesson"]'));
    expect(a.q(".sw-lesson").hasAttribute("data-folded")).toBe(true);
    expect(b.q(".sw-lesson").hasAttribute("data-folded")).toBe(false);
  });
});
