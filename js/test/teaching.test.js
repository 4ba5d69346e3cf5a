import { describe, expect, it } from "vitest";
import { fileName } from "../filedialog.js";
import { chapterTitle, studyOf } from "../chapters.js";
import { pointedAt, presentationKey, presentedWords } from "../presentation.js";
import { presentedScale } from "../teaching.js";
import { click, fixture, key, mainLine, mountForTest } from "./helpers.js";

const STUDY = {
  title: "Klondike <basics>",
  chapters: [
    { title: "Aces first", exercise: false },
    { title: "Your turn", exercise: true },
  ],
  chapter: 0,
};

function studyState(changes = {}) {
  return { ...fixture("klondike_start"), ply: 2, moves: 2, line_length: 3, line_end: 3, study: STUDY, ...changes };
}

const view = mountForTest;

describe("a study's chapter list", () => {
  it("reads the study and the chapter on show from the state", () => {
    expect(studyOf({ study: null })).toBe(null);
    expect(studyOf({ study: { title: "x" } })).toBe(null);
    expect(chapterTitle(studyState())).toBe("Aces first");
    expect(chapterTitle(studyState({ study: { ...STUDY, chapter: null } }))).toBe(null);
  });

  it("lists the chapters as text, marks the one on show and opens another on a click", () => {
    const { q, qa, model } = view(studyState());
    const list = q(".sw-chapters");
    expect(list.hidden).toBe(false);
    expect(q(".sw-chapters-title").textContent).toBe("Klondike <basics>");
    const buttons = qa("[data-chapter]");
    expect(buttons.map((b) => b.querySelector(".sw-chapter-title").textContent)).toEqual(["Aces first", "Your turn"]);
    expect(buttons[0].getAttribute("aria-current")).toBe("true");
    expect(buttons[1].hasAttribute("aria-current")).toBe(false);
    expect(buttons[1].querySelector(".sw-chapter-badge").textContent).toBe("exercise");
    expect(q(".sw-chapters-title").innerHTML).not.toContain("<basics>");
    click(buttons[1]);
    expect(model.sent.at(-1)).toMatchObject({ kind: "open_chapter", index: 1 });
  });

  it("is hidden without a study", () => {
    const { q } = view({ ...fixture("klondike_start"), study: null });
    expect(q(".sw-chapters").hidden).toBe(true);
  });
});

describe("an exercise in the lesson panel", () => {
  const exercise = {
    kind: "exercise",
    total: 2,
    ply: 0,
    found: 0,
    shown: 0,
    hints: 0,
    done: false,
    answered: null,
    said: "Move 21: find the move.",
  };

  it("asks the question, offers the author's hint, and marks a wrong answer", () => {
    const state = studyState({ lesson: exercise, study: { ...STUDY, chapter: 1 } });
    const { q, model } = view(state);
    expect(q(".sw-lesson-progress").textContent).toBe("Question 1 of 2 \u00B7 found 0 \u00B7 shown 0");
    const hint = q('[data-action="exercise_hint"]');
    expect(hint.hidden).toBe(false);
    click(hint);
    expect(model.sent.at(-1)).toMatchObject({ kind: "exercise_hint" });
    const wrong = { ...exercise, answered: "wrong", said: "Not that: turn one card from the stock." };
    model.setState({ ...state, version: state.version + 1, lesson: wrong });
    expect(q(".sw-lesson-said").dataset.answered).toBe("wrong");
    expect(q(".sw-lesson-said").textContent).toBe(wrong.said);
    const right = { ...exercise, ply: 2, found: 1, done: true, answered: "right", said: "Right: the ace home." };
    model.setState({ ...state, version: state.version + 2, lesson: right });
    expect(q(".sw-lesson-said").dataset.answered).toBe("right");
    expect(q(".sw-lesson-final").textContent).toBe("Exercise done: you found 1 of 2 moves yourself, 0 shown.");
    expect(q('[data-action="exercise_hint"]').disabled).toBe(true);
  });

  it("has no Hint button in other lessons", () => {
    const { q } = view(studyState({ lesson: { ...exercise, kind: "moves" } }));
    expect(q('[data-action="exercise_hint"]').hidden).toBe(true);
  });
});

describe("the File dialog", () => {
  it("adds .json to a bare name and keeps other endings for Python to refuse", () => {
    expect(fileName("  lesson ")).toBe("lesson.json");
    expect(fileName("notes.txt")).toBe("notes.txt");
    expect(fileName("")).toBe("");
  });

  it("saves as a query, opens as an intent, and says Python's answer or refusal", () => {
    const { q, model } = view(studyState());
    click(q('[data-action="file"]'));
    const dialog = q(".sw-file");
    expect(dialog.hidden).toBe(false);
    const input = dialog.querySelector("input");
    input.value = "basics";
    click(q('[data-action="file_save"]'));
    const save = model.sent.at(-1);
    expect(save).toMatchObject({ kind: "save_file", name: "basics.json" });
    model.message({ kind: "file", request: save.request, said: "Saved the study to basics.json." });
    expect(dialog.querySelector(".sw-file-status").textContent).toBe("Saved the study to basics.json.");
    input.value = "../out.json";
    click(q('[data-action="file_open"]'));
    const open = model.sent.at(-1);
    expect(open).toMatchObject({ kind: "open_file", name: "../out.json" });
    model.message({
      kind: "refused",
      request: open.request,
      reason: "'../out.json' is not a file name in the notebook's folder",
    });
    expect(dialog.querySelector(".sw-file-status").textContent).toContain("Not done: '../out.json' is not a file name");
    click(q('[data-action="file_close"]'));
    expect(dialog.hidden).toBe(true);
  });
});

describe("presentation mode", () => {
  it("knows its keys: arrows and page keys step, Escape leaves, modified keys are left alone", () => {
    expect(presentationKey({ key: "ArrowRight" })).toBe("forward");
    expect(presentationKey({ key: "PageUp" })).toBe("back");
    expect(presentationKey({ key: "Home" })).toBe("first");
    expect(presentationKey({ key: "Escape" })).toBe("leave");
    expect(presentationKey({ key: "ArrowRight", ctrlKey: true })).toBe(null);
    expect(presentationKey({ key: "x" })).toBe(null);
  });

  it("words the chapter, the move and the comment, and what the board points at", () => {
    const row = { sentence: "7\u2666 from the waste onto 8\u2660", comment: "Free a column <first>." };
    expect(presentedWords(studyState(), row)).toEqual({
      heading: "Aces first \u00B7 Move 2 of 3",
      sentence: row.sentence,
      comment: "Free a column <first>.",
    });
    expect(presentedWords({ ...studyState(), ply: 0, study: null }, null).heading).toBe(
      "Klondike \u00B7 The start (3 moves)",
    );
    expect(pointedAt({ marks: ["waste", "7H"] })).toBe("Marked: the waste, seven of hearts.");
    expect(pointedAt({ marks: [], arrows: [["tableau/2", "foundation/0", "green"]] })).toBe(
      "Arrow from column 3 to foundation 1.",
    );
  });

  it("scales the board to the room it has, never below half", () => {
    expect(presentedScale({ width: 840, height: 600 }, { width: 1680, height: 900 })).toBe(1.5);
    expect(presentedScale({ width: 840, height: 600 }, { width: 100, height: 100 })).toBe(0.5);
  });

  it("P or the Present button hides the rest, shows the comment large, steps with arrows, leaves with Escape", () => {
    const rows = mainLine(3);
    rows[2].comment = "Now the <b>king</b>.";
    const { q, root, model } = view(studyState(), { timeline: rows });
    click(q('[data-action="present"]'));
    expect(root.classList.contains("sw-root--presenting")).toBe(true);
    expect(q(".sw-present-heading").textContent).toBe("Aces first \u00B7 Move 2 of 3");
    expect(q("[data-present-comment]").textContent).toBe("Now the <b>king</b>.");
    expect(q("[data-present-comment] b")).toBe(null);
    key(root, "ArrowRight");
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 3 });
    key(root, "Escape");
    expect(root.classList.contains("sw-root--presenting")).toBe(false);
    expect(q(".sw-present-caption").hidden).toBe(true);
    q('[data-pile="stock"]').focus();
    key(q('[data-pile="stock"]'), "p");
    expect(root.classList.contains("sw-root--presenting")).toBe(true);
  });
});
