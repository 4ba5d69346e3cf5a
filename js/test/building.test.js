import { describe, expect, it } from "vitest";
import { askRefusal, askedOf } from "../asking.js";
import { buildingWords, defaultChapterTitle } from "../building.js";
import { click, fixture, key, mainLine, mountForTest, variationRow } from "./helpers.js";

const BUILDING = {
  title: "Klondike basics",
  chapters: [{ title: "Aces first", exercise: false }],
  chapter: null,
  asked: [],
  judging: null,
  said: null,
};

function building(study = {}, changes = {}) {
  return {
    ...fixture("klondike_start"),
    ply: 3,
    moves: 3,
    line_length: 6,
    line_end: 6,
    study: { ...BUILDING, ...study },
    ...changes,
  };
}

const view = mountForTest;

describe("building a study: what it says", () => {
  it("reads the questions asked, and says why a move cannot be asked", () => {
    const asked = askedOf({ study: { asked: [{ node: 4, ply: 4, hint: "Look <here>" }, { node: "x" }] } });
    expect([...asked]).toEqual([[4, { ply: 4, hint: "Look <here>" }]]);
    expect(askedOf({ study: null }).size).toBe(0);
    const line = mainLine(3);
    expect(askRefusal({ study: null }, line)).toMatch(/^Start a study first/);
    expect(askRefusal({ study: BUILDING }, line.slice(0, 1))).toMatch(/^The deal is not a move/);
    expect(askRefusal({ study: BUILDING }, [...line.slice(0, 2), variationRow(9, 1, 1, 2)])).toMatch(
      /promote this variation first/,
    );
    expect(askRefusal({ study: BUILDING }, line)).toBe(null);
  });

  it("says what Add chapter will do, is doing, or did", () => {
    expect(defaultChapterTitle(BUILDING)).toBe("Chapter 2");
    expect(buildingWords(null)).toBe("");
    expect(buildingWords({ ...BUILDING, said: "Added chapter 1, 'Aces first': to read." })).toBe(
      "Added chapter 1, 'Aces first': to read.",
    );
    expect(buildingWords({ ...BUILDING, asked: [{ node: 3, ply: 3, hint: "" }] })).toBe(
      "Move 3 asked: Add chapter makes the game on show an exercise of 1 question (judged then, up to a second each).",
    );
    expect(
      buildingWords({
        ...BUILDING,
        asked: [
          { node: 3, ply: 3, hint: "" },
          { node: 5, ply: 5, hint: "" },
        ],
      }),
    ).toMatch(/^Moves 3, 5 asked: .* an exercise of 2 questions/);
    expect(buildingWords({ ...BUILDING, judging: { title: "Your turn", questions: 2 } })).toBe(
      "Judging 2 questions for \u201CYour turn\u201D\u2026 up to a second each; play on meanwhile.",
    );
  });
});

describe("building a study on the board", () => {
  it("Ask (and Q) opens the question editor on the move on show; the hint stays text", () => {
    const { model, q } = view(building(), { timeline: mainLine(6) });
    const ask = q('button[data-action="ask"]');
    expect(ask.hidden).toBe(false);
    expect(ask.getAttribute("aria-pressed")).toBe("false");
    key(q('[data-timeline] [data-ply="3"]'), "q");
    const editor = q('[data-timeline] [data-ply="3"] [data-question-editor] textarea');
    expect(editor).not.toBe(null);
    editor.value = "Look at the <b>waste</b>.";
    key(editor, "Enter");
    expect(model.sent.at(-1)).toMatchObject({ kind: "ask", node: 3, hint: "Look at the <b>waste</b>." });
    expect(q("[data-question-editor]")).toBe(null);
  });

  it("marks the moves asked in the list, and the editor removes a question", () => {
    const state = building({ asked: [{ node: 3, ply: 3, hint: "Look <here>" }] });
    const { model, q, qa } = view(state, { timeline: mainLine(6) });
    expect(qa("[data-timeline] [data-asked]").map((el) => el.dataset.ply)).toEqual(["3"]);
    const badge = q('[data-ply="3"] .sw-entry-asked');
    expect(badge.textContent).toBe("asked (hint: Look <here>)");
    expect(badge.innerHTML).not.toContain("<here>");
    expect(q('button[data-action="ask"]').getAttribute("aria-pressed")).toBe("true");
    click(q('button[data-action="ask"]'));
    expect(q("[data-question-editor] textarea").value).toBe("Look <here>");
    click(q('[data-question-editor] [data-editor="unask"]'));
    expect(model.sent.at(-1)).toMatchObject({ kind: "unask", node: 3 });
    model.setState({ ...state, version: state.version + 1, study: { ...state.study, asked: [] } });
    expect(q("[data-timeline] [data-asked]")).toBe(null);
  });

  it("says why the start or a variation cannot be asked, and sends nothing", () => {
    const tree = [...mainLine(6), variationRow(20, 3, 1, 4)];
    const { model, q, root } = view(building({}, { ply: 4, line_length: 4, line_end: 20 }), { timeline: tree });
    key(q('[data-timeline] [aria-current="step"]'), "q");
    expect(root.querySelector('[aria-live="polite"]').textContent).toMatch(/promote this variation first/);
    expect(model.sent).toHaveLength(0);
  });

  it("Ask stays out of sight without a study", () => {
    const { q } = view({ ...fixture("klondike_start"), study: null });
    expect(q('button[data-action="ask"]').hidden).toBe(true);
  });

  it("Add chapter sends the title typed, else Chapter n, and waits while a chapter is judged", () => {
    const state = building();
    const { model, q } = view(state, { timeline: mainLine(6) });
    const input = q('[data-control="chapter-title"]');
    expect(input.placeholder).toBe("Chapter 2");
    click(q('button[data-action="add_chapter"]'));
    expect(model.sent.at(-1)).toMatchObject({ kind: "add_chapter", title: "Chapter 2" });
    model.setState({ ...state, version: state.version + 1 });
    input.value = "  Your turn ";
    key(input, "Enter");
    expect(model.sent.at(-1)).toMatchObject({ kind: "add_chapter", title: "Your turn" });
    const judging = { judging: { title: "Your turn", questions: 1 } };
    model.setState({ ...state, version: state.version + 2, study: { ...state.study, ...judging } });
    expect(q('button[data-action="add_chapter"]').disabled).toBe(true);
    expect(q("[data-building]").textContent).toMatch(/^Judging 1 question for/);
    expect(q(".sw-chapter-add").getAttribute("aria-busy")).toBe("true");
  });

  it("New study in the File dialog starts one, warning first when a study is on show", () => {
    const state = building();
    const { model, q } = view(state, { timeline: mainLine(6) });
    click(q('button[data-action="file"]'));
    const title = q('[data-control="study-title"]');
    click(q('button[data-action="study_start"]'));
    expect(q(".sw-file-status").textContent).toBe("Type the study's title first.");
    title.value = "Openings";
    click(q('button[data-action="study_start"]'));
    expect(q(".sw-file-status").textContent).toMatch(/will be put aside: save it first/);
    expect(model.sent).toHaveLength(0);
    key(title, "Enter");
    expect(model.sent.at(-1)).toMatchObject({ kind: "start_study", title: "Openings" });
    const started = { ...BUILDING, title: "Openings", chapters: [] };
    model.setState({ ...state, version: state.version + 1, study: started });
    expect(q(".sw-file-status").textContent).toMatch(/^Started\. Add the game on show/);
    expect(q(".sw-chapters-title").textContent).toBe("Openings");
  });
});
