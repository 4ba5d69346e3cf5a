// Building a study on the board: the File dialog's New study (a title, then start_study) and,
// under the chapter list, Add chapter (a title, then add_chapter: the game on show becomes the
// study's next chapter, an exercise when moves are asked, see asking.js). What the questions
// asked and their judging come to is said under it, from state.study (asked, judging, said;
// the protocol is in solitaire_widget/widget/building.py).

import { SUPPRESS_SHORTCUTS, makeButton, makeElement, setAttr, setText } from "./dom.js";

/** The buttons' actions of building a study. */
export const BUILDING_ACTIONS = new Set(["study_start", "add_chapter"]);

function questions(count) {
  return `${count} question${count === 1 ? "" : "s"}`;
}

/** The title a new chapter gets when none is typed: "Chapter n", n its number. */
export function defaultChapterTitle(study) {
  return `Chapter ${(Array.isArray(study?.chapters) ? study.chapters.length : 0) + 1}`;
}

/**
 * What Add chapter will do, or is doing, in words, for `study` (state.study): judging under
 * way, else the moves asked (judged when the chapter is added, up to a second each), else
 * the last thing building said.
 */
export function buildingWords(study) {
  if (!study) return "";
  const judging = study.judging;
  if (judging && Number.isInteger(judging.questions)) {
    const what = `${questions(judging.questions)} for \u201C${judging.title}\u201D`;
    return `Judging ${what}\u2026 up to a second each; play on meanwhile.`;
  }
  const asked = Array.isArray(study.asked) ? study.asked : [];
  if (asked.length) {
    const moves = asked.map((question) => question.ply).join(", ");
    const many = asked.length === 1 ? "Move" : "Moves";
    return (
      `${many} ${moves} asked: Add chapter makes the game on show an exercise of ${questions(asked.length)} ` +
      `(judged then, up to a second each).`
    );
  }
  return typeof study.said === "string" ? study.said : "";
}

export class ChapterAdder {
  /** `add(title)` sends add_chapter (its request id, or null); `say(text)` tells screen readers. */
  constructor({ viewId, add, say }) {
    this.add = add;
    this.say = say;
    this.said = undefined; // state.study.said last drawn, so each new one is said once
    this.el = makeElement("div", "sw-chapter-add", { role: "group", "aria-label": "Add a chapter" });
    const label = makeElement("label", "sw-visually-hidden", { for: `sw-chapter-title-${viewId}` });
    label.textContent = "Title of the new chapter";
    this.input = makeElement("input", "sw-chapter-title-input", {
      ...SUPPRESS_SHORTCUTS,
      id: `sw-chapter-title-${viewId}`,
      type: "text",
      autocomplete: "off",
      maxlength: "200",
      "data-control": "chapter-title",
    });
    this.button = makeButton("add_chapter", "Add chapter", "+");
    this.button.title = "Add the game on show to the study as its next chapter";
    const row = makeElement("div", "sw-chapter-add-row");
    row.append(label, this.input, this.button);
    this.status = makeElement("p", "sw-chapter-add-status", { "data-building": "" });
    this.el.append(row, this.status);
    this.study = null;
    this.controller = new AbortController();
    this.input.addEventListener("keydown", (event) => this.onKey(event), { signal: this.controller.signal });
  }

  destroy() {
    this.controller.abort();
  }

  /** Draws the form for `study` (state.study, or null); `free`: the board takes edits now. */
  update(study, free) {
    this.study = study;
    this.el.hidden = !study;
    if (!study) return;
    const judging = Boolean(study.judging);
    this.input.placeholder = defaultChapterTitle(study);
    this.button.disabled = !free || judging;
    setAttr(this.el, "aria-busy", String(judging));
    setText(this.status, buildingWords(study));
    const said = typeof study.said === "string" ? study.said : null;
    if (this.said !== undefined && said && said !== this.said) this.say(said);
    this.said = said;
  }

  /** Add chapter pressed (or Enter in the title): the typed title, else "Chapter n". */
  run() {
    if (!this.study || this.button.disabled) return;
    const title = this.input.value.trim() || defaultChapterTitle(this.study);
    if (this.add(title) !== null) this.input.value = "";
  }

  onKey(event) {
    event.stopPropagation();
    if (event.key === "Enter") {
      event.preventDefault();
      this.run();
    }
  }
}

export class StudyStarter {
  /** The File dialog's New study: `start(title)` sends start_study; `hasStudy()` whether a
   * study with chapters is on show (put aside by a new one: the first press warns). */
  constructor({ viewId, start, hasStudy, tell }) {
    this.start = start;
    this.hasStudy = hasStudy;
    this.tell = tell;
    this.warned = false;
    this.pending = null; // the title of the study asked for, until it is on show
    this.el = makeElement("div", "sw-file-study");
    const label = makeElement("label", "sw-file-label", { for: `sw-study-title-${viewId}` });
    label.textContent = "New study ";
    this.input = makeElement("input", "sw-file-input", {
      ...SUPPRESS_SHORTCUTS,
      id: `sw-study-title-${viewId}`,
      type: "text",
      autocomplete: "off",
      maxlength: "200",
      placeholder: "its title",
      "data-control": "study-title",
    });
    const button = makeButton("study_start", "Start", "\u2605");
    button.title = "Start a new study: then add the game on show as its first chapter";
    this.el.append(label, this.input, button);
  }

  /** Start pressed (or Enter in the title); a study on show is put aside at the second press. */
  run() {
    const title = this.input.value.trim();
    if (!title) {
      this.tell("Type the study's title first.");
      return;
    }
    if (this.hasStudy() && !this.warned) {
      this.warned = true;
      this.tell("The study on show will be put aside: save it first, or press Start again.");
      return;
    }
    this.warned = false;
    if (this.start(title) !== null) {
      this.pending = title;
      this.tell(`Starting the study \u201C${title}\u201D\u2026`);
    }
  }

  /** A state arrived: said once the study asked for is on show (`study`: state.study). */
  stateArrived(study) {
    if (this.pending === null || study?.title !== this.pending || study.chapters?.length) return;
    this.pending = null;
    this.input.value = "";
    this.tell(
      "Started. Add the game on show as its first chapter with Add chapter, under the chapter list; " +
        "Q asks for a move in an exercise.",
    );
  }
}
