// The teaching side of the view: the move list with its navigation and replay, and the
// lesson panel. It keeps the timeline in step with Python (timeline messages, sync_timeline,
// the rows saved in the model for a notebook shown without a kernel) and turns clicks and
// keys on the list into goto and enter intents.

import { makeElement } from "./dom.js";
import { LessonPanel } from "./lesson.js";
import { NavigationBar } from "./navigation.js";
import { Replay } from "./replay.js";
import { isRunning } from "./run.js";
import { MoveList } from "./timeline.js";
import { TimelineRows } from "./tree.js";

export class Study {
  constructor(view) {
    this.view = view;
    this.timeline = new TimelineRows();
    this.syncAskedOn = null; // the state version a sync_timeline went out on, until a reset answers it
    this.boardHeight = "";
    this.lesson = new LessonPanel();
    this.navigation = new NavigationBar();
    this.moveList = new MoveList({
      helpId: `sw-timeline-help-${view.viewId}`,
      navigate: (action) => this.navigate(action),
      goto: (ply) => this.goto(ply),
      enter: (node) => this.view.sendIntent("enter", { node }),
    });
    this.replay = new Replay({
      stateNow: () => this.view.state,
      step: (ply) => this.view.sendIntent("goto", { ply }, { fromReplay: true }),
      delayMs: () => this.navigation.delayMs(),
      changed: () => this.updateNavigation(),
    });
    this.el = makeElement("section", "sw-study", { "aria-label": "Move list and lesson" });
    this.el.append(this.lesson.el, this.navigation.el, this.moveList.waiting, this.moveList.el, this.moveList.help);
  }

  destroy() {
    this.replay.stop();
    this.moveList.destroy();
  }

  /** Before the first state: the rows saved with the notebook, if any, until the kernel sends its own. */
  loadSaved() {
    const saved = this.view.model.get("timeline");
    if (Array.isArray(saved) && saved.length) this.timeline.load(saved);
  }

  /** Asks Python for the whole timeline, once per state version until a reset answers. */
  requestSync() {
    const state = this.view.state;
    const version = state && Number.isInteger(state.version) ? state.version : 0;
    if (this.syncAskedOn === version) return;
    this.syncAskedOn = version;
    try {
      this.view.channel.sendQuery("sync_timeline", version);
    } catch {
      // No kernel (a saved notebook shown without one): the rows saved with it stay on show.
    }
  }

  onTimelineMessage(message) {
    if (!this.timeline.apply(message)) {
      this.requestSync();
      return;
    }
    if (message.reset) this.syncAskedOn = null;
    // Kept in the model but not saved back to Python: a notebook saved with its widget state
    // then shows the move list without a kernel.
    this.view.model.set("timeline", this.timeline.toArray());
    if (!this.view.problem) this.render();
  }

  /** A new drawable state arrived (after any timeline message that goes with it). */
  stateArrived(state) {
    if (state.timeline_version !== this.timeline.version) this.requestSync();
    this.replay.stateArrived(state);
  }

  onRefused() {
    this.replay.stop();
  }

  render() {
    const state = this.view.state;
    this.moveList.render(this.timeline, state);
    this.updateNavigation();
    this.lesson.update(state.lesson || null);
    // Beside the board the panel is no taller than the board (its list scrolls instead).
    const height = `${this.view.board.layout.height}px`;
    if (height !== this.boardHeight) {
      this.boardHeight = height;
      this.el.style.setProperty("--sw-board-h", height);
    }
  }

  /** The state cannot be drawn: nothing to step through or to be shown. */
  showProblem() {
    this.replay.stop();
    this.updateNavigation();
    this.lesson.update(null);
  }

  updateNavigation() {
    const { state, problem } = this.view;
    const drawable = !problem;
    this.navigation.update({
      // A lesson plays only its own line, and a playing strategy its own moves: Python
      // refuses goto and enter until they end.
      enabled: drawable && !state.lesson && !isRunning(state),
      ply: drawable ? state.ply : 0,
      lineLength: drawable ? state.line_length : 0,
      replaying: this.replay.playing,
    });
  }

  runCommand(action) {
    switch (action) {
      case "first":
      case "back":
      case "forward":
      case "last":
        this.navigate(action);
        break;
      case "replay":
        if (this.replay.playing) this.replay.stop();
        else if (!this.view.problem) this.replay.start();
        break;
      case "show_me":
        this.view.sendIntent("show_me");
        break;
      default:
        break;
    }
  }

  /** Steps the game along the line: to the start, one back, one forward, to the end. */
  navigate(action) {
    const { state, problem } = this.view;
    if (problem) return;
    const ply = { first: 0, back: state.ply - 1, forward: state.ply + 1, last: state.line_length }[action];
    if (ply < 0 || ply > state.line_length || ply === state.ply) {
      this.view.feedback.announce(action === "first" || action === "back" ? "At the start." : "At the end of the line.");
      return;
    }
    this.goto(ply);
  }

  goto(ply) {
    if (!this.view.problem && ply !== this.view.state.ply) this.view.sendIntent("goto", { ply });
  }

  onClick(event) {
    return this.moveList.onClick(event);
  }

  onWindowKey(event) {
    this.moveList.onWindowKey(event);
  }

  /** "Move 5 of 12: 7♦ from the waste onto 8♠ in column 3." after a goto; null for other changes. */
  describeNavigation(previous, state) {
    const last = state.last_move;
    // A goto to the start leaves last_move empty, as a new deal does; a new deal restarts the clock.
    const wentTo = last ? last.action === "goto" : state.started_at === previous.started_at && state.ply !== previous.ply;
    if (!wentTo) return null;
    const line = this.timeline.lineOf(state.line_end);
    const row = line && line[state.ply];
    const sentence = row && typeof row.sentence === "string" && row.sentence ? `: ${row.sentence}` : "";
    return `Move ${state.ply} of ${state.line_length}${sentence}.`;
  }
}
