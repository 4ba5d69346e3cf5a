// The lesson panel, shown while state.lesson is set: how far the student is, what the lesson
// said last (in an exercise marked right or wrong: data-answered), "Show me" for the next
// move, the author's hint in an exercise, and the final count. What it says is read out
// through the view's live region, with the news of the move (see lessonNews).

import { makeButton, makeElement, setAttr, setText } from "./dom.js";

function moves(count) {
  return `${count} move${count === 1 ? "" : "s"}`;
}

export class LessonPanel {
  constructor() {
    this.el = makeElement("section", "sw-lesson", { "aria-label": "Lesson", hidden: "" });
    this.progress = makeElement("p", "sw-lesson-progress");
    this.head = makeElement("div", "sw-lesson-head");
    this.head.append(this.progress);
    this.final = makeElement("p", "sw-lesson-final", { hidden: "" });
    this.said = makeElement("p", "sw-lesson-said");
    this.showMeButton = makeButton("show_me", "Show me", "\u261E");
    this.hintButton = makeButton("exercise_hint", "Hint", "?");
    this.hintButton.title = "The author's hint for this move";
    this.endButton = makeButton("end_lesson", "End lesson", "\u2715");
    this.endButton.title = "End the lesson and play on from here as an ordinary game";
    const buttons = makeElement("div", "sw-lesson-buttons");
    buttons.append(this.hintButton, this.showMeButton, this.endButton);
    this.el.append(this.head, this.final, this.said, buttons);
  }

  /** Shows `lesson` (state.lesson), or hides the panel for null (no lesson, or no state to show). */
  update(lesson) {
    this.el.hidden = !lesson;
    if (!lesson) return;
    const mistakes = lesson.kind === "mistakes";
    const exercise = lesson.kind === "exercise";
    const asked = mistakes || exercise ? Math.min(lesson.ply + 1, lesson.total) : lesson.ply;
    const where = `${mistakes ? "Mistake" : exercise ? "Question" : "Move"} ${asked}`;
    setText(this.progress, `${where} of ${lesson.total} \u00B7 found ${lesson.found} \u00B7 shown ${lesson.shown}`);
    this.hintButton.hidden = !exercise;
    this.hintButton.disabled = Boolean(lesson.done);
    setAttr(this.said, "data-answered", exercise && typeof lesson.answered === "string" ? lesson.answered : "");
    this.final.hidden = !lesson.done;
    if (lesson.done) {
      const found = mistakes
        ? `${lesson.found} of ${lesson.total} better moves`
        : `${lesson.found} of ${moves(lesson.total)}`;
      setText(
        this.final,
        `${exercise ? "Exercise" : "Lesson"} done: you found ${found} yourself, ${lesson.shown} shown.`,
      );
    }
    this.showMeButton.title = mistakes ? "Play the best move here for me" : "Play the lesson's next move for me";
    this.showMeButton.disabled = Boolean(lesson.done);
    setText(this.said, saidOf(lesson));
  }
}

function saidOf(lesson) {
  return lesson && typeof lesson.said === "string" ? lesson.said : "";
}

/**
 * What the lesson has to say about the change from state `previous` to `state`: its words
 * when it said something new or the student moved on (the same words after another move are
 * news too); null otherwise.
 */
export function lessonNews(previous, state) {
  const said = saidOf(state.lesson);
  if (!said) return null;
  const before = previous.lesson;
  return before && saidOf(before) === said && before.ply === state.lesson.ply ? null : said;
}
