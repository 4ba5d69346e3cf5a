// A study's chapter list, at the top of the side column while the board shows a study
// (state.study): its title, then one button per chapter (data-chapter="i"), the one on show
// marked aria-current, exercises marked as such. A click opens the chapter (open_chapter).

import { SUPPRESS_SHORTCUTS, makeElement, setAttr, setText } from "./dom.js";

/** The study of `state` when it is well formed ({ title, chapters: [{ title, exercise }], chapter }), else null. */
export function studyOf(state) {
  const study = state?.study;
  if (!study || typeof study.title !== "string" || !Array.isArray(study.chapters)) return null;
  return study;
}

/** The title of the chapter on show in `state`, or null (no study, or another game on show). */
export function chapterTitle(state) {
  const study = studyOf(state);
  const chapter = study && Number.isInteger(study.chapter) ? study.chapters[study.chapter] : null;
  return chapter && typeof chapter.title === "string" ? chapter.title : null;
}

export class ChapterList {
  /** `open(index)` opens a chapter. */
  constructor({ open }) {
    this.open = open;
    this.el = makeElement("nav", "sw-chapters", { "aria-label": "Chapters", hidden: "" });
    this.title = makeElement("h3", "sw-chapters-title");
    this.head = makeElement("div", "sw-chapters-head");
    this.head.append(this.title);
    this.list = makeElement("ol", "sw-chapters-list", { "data-chapters": "" });
    this.el.append(this.head, this.list);
    this.shown = ""; // the chapters drawn, as JSON, so an unchanged list is not drawn again
  }

  /** Shows the study of `state`, or hides the list when there is none. */
  update(state) {
    const study = studyOf(state);
    this.el.hidden = !study;
    if (!study) return;
    setText(this.title, study.title || "Study");
    const drawn = JSON.stringify(study.chapters);
    if (drawn !== this.shown) {
      this.shown = drawn;
      this.list.replaceChildren(
        ...study.chapters.map((chapter, index) => {
          const item = makeElement("li");
          const button = makeElement("button", "sw-chapter", {
            ...SUPPRESS_SHORTCUTS,
            type: "button",
            "data-chapter": String(index),
          });
          const name = makeElement("span", "sw-chapter-title");
          name.textContent = String(chapter.title || `Chapter ${index + 1}`);
          button.append(name);
          if (chapter.exercise) {
            const badge = makeElement("span", "sw-chapter-badge");
            badge.textContent = "exercise";
            button.append(badge);
          }
          item.append(button);
          return item;
        }),
      );
    }
    for (const button of this.list.querySelectorAll("[data-chapter]")) {
      const current = Number(button.dataset.chapter) === study.chapter;
      if (current) setAttr(button, "aria-current", "true");
      else button.removeAttribute("aria-current");
    }
  }

  /** A click on a chapter opens it; true when the click was on the list. */
  onClick(event) {
    const button = event.target.closest?.("[data-chapter]");
    if (!button || !this.el.contains(button)) return false;
    this.open(Number(button.dataset.chapter));
    return true;
  }
}
