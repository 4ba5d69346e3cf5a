// The teacher's tools on the toolbar: File (save and open a study or a record, filedialog.js)
// and Present (presentation mode, presentation.js). The view places their elements and hands
// them its commands, messages and keys; they reach the rest of the view only through the
// callbacks given here.

import "./teaching.css";
import { StudyStarter } from "./building.js";
import { FileDialog } from "./filedialog.js";
import { Presentation } from "./presentation.js";

/** The board's width while presenting: cards at their largest, then scaled to the room. */
export const PRESENTED_BOARD_WIDTH = 840;

/** The buttons' actions these tools answer. */
export const TEACHING_ACTIONS = new Set([
  "file",
  "file_save",
  "file_open",
  "file_close",
  "study_start",
  "present",
  "present_leave",
]);

/** How much a board laid out as `layout` ({ width, height }) is scaled to fill `room`
 * ({ width, height }): never below half its size, rounded to a thousandth. */
export function presentedScale(layout, room) {
  const scale = Math.min(room.width / layout.width, room.height / layout.height);
  return Math.round(Math.max(0.5, scale) * 1000) / 1000;
}

export class TeachingTools {
  /**
   * `root`: the view's element; `rowNow()`: the timeline row the game stands on;
   * `step(action)`: back, forward, first or last along the line; `relayout()`: lay the view
   * out again; `sendIntent(kind, fields)` and `query(kind, fields)` send intents answered by
   * a state or not; `say(text)`: tell screen readers.
   */
  constructor({ viewId, root, rowNow, step, relayout, sendIntent, query, say }) {
    this.files = new FileDialog({
      viewId,
      save: (name) => query("save_file", { name }),
      open: (name) => sendIntent("open_file", { name }),
      say,
    });
    this.state = null;
    // New study sits in the File dialog, above the file name: File is where a study begins and ends.
    this.starter = new StudyStarter({
      viewId,
      start: (title) => (this.files.request = sendIntent("start_study", { title })),
      hasStudy: () => Boolean(this.state?.study?.chapters?.length),
      tell: (text) => this.files.tell(text),
    });
    this.files.status.before(this.starter.el);
    this.presentation = new Presentation({ root, rowNow, step, changed: relayout, say });
    this.controller = new AbortController();
    const signal = this.controller.signal;
    this.files.input.addEventListener("keydown", (event) => this.files.onKey(event), { signal });
    this.starter.input.addEventListener("keydown", (event) => this.onStarterKey(event), { signal });
  }

  onStarterKey(event) {
    if (event.key !== "Enter") return;
    event.preventDefault();
    this.starter.run();
  }

  get presenting() {
    return this.presentation.on;
  }

  destroy() {
    this.controller.abort();
    this.presentation.destroy();
  }

  runCommand(action) {
    if (action.startsWith("present")) this.presentation.runCommand(action);
    else if (action === "study_start") this.starter.run();
    else this.files.runCommand(action);
  }

  /** A message from Python for these tools; true when it was theirs alone. */
  onMessage(content) {
    return this.files.onMessage(content);
  }

  onWindowKey(event) {
    this.presentation.onWindowKey(event);
  }

  /** Draws what presentation mode shows of `state`, and scales `felt` so that the board
   * (laid out as `layout`) fills the room; unscaled when not presenting. */
  render(state, felt, layout) {
    this.state = state;
    this.starter.stateArrived(state.study);
    this.presentation.render(state);
    if (!this.presenting || !layout) {
      if (felt.style.zoom) felt.style.zoom = "";
      return;
    }
    const scale = presentedScale(layout, this.presentation.room());
    felt.style.zoom = String(scale);
    // What the estimate missed (margins, a comment that wraps at this width) comes off the board.
    const over = this.presentation.overflow();
    const tall = felt.getBoundingClientRect().height;
    if (over > 0 && tall > over)
      felt.style.zoom = String(Math.max(0.5, Math.floor((scale * (tall - over) * 1000) / tall) / 1000));
  }
}
