// The side column beside (or under) the board: a study's chapter list, the move list with
// its navigation and replay, the analysis with its strip under the list (judgements marked
// in the list) and the lesson panel. It keeps the timeline in step with Python (timeline
// messages, sync_timeline, the rows saved in the model for a notebook shown without a kernel)
// and turns clicks and keys on the list into goto and enter intents.

import { lostPly, lostVerdict } from "./aids.js";
import { analysisOf, analysisWords, judgedByNode } from "./analysis.js";
import { AnalysisPanel } from "./analysispanel.js";
import { askedOf } from "./asking.js";
import { ChapterAdder } from "./building.js";
import { ChapterList, studyOf } from "./chapters.js";
import { makeElement } from "./dom.js";
import { EDIT_ACTIONS, EditBar } from "./editing.js";
import { LessonPanel } from "./lesson.js";
import { NavigationBar } from "./navigation.js";
import { Replay } from "./replay.js";
import { isRunning } from "./run.js";
import { MoveList } from "./timeline.js";
import { TimelineRows } from "./tree.js";

/** The buttons' actions the side column answers (the view hands them to `SideColumn.runCommand`). */
export const SIDE_COLUMN_ACTIONS = new Set([
  "first",
  "back",
  "forward",
  "last",
  "replay",
  "show_me",
  "exercise_hint",
  "end_lesson",
  "learn_from_mistakes",
  "analyse",
  "stop_analysis",
  "goto_lost",
  "add_chapter",
  ...EDIT_ACTIONS,
]);

export class SideColumn {
  constructor(view) {
    this.view = view;
    this.timeline = new TimelineRows();
    this.syncAskedOn = null; // the state version a sync_timeline went out on, until a reset answers it
    this.toldAnalysis = null; // what was last said of the analysis, so each change is said once
    this.lesson = new LessonPanel();
    this.navigation = new NavigationBar();
    this.moveList = new MoveList({
      helpId: `sw-timeline-help-${view.viewId}`,
      navigate: (action) => this.navigate(action),
      goto: (ply) => this.goto(ply),
      enter: (node) => this.view.sendIntent("enter", { node }),
      edit: (action) => this.editBar.run(action),
    });
    this.editBar = new EditBar({
      send: (kind, fields) => this.view.sendIntent(kind, fields),
      say: (text) => this.view.feedback.announce(text),
      here: () => this.here(),
      entryOf: (node) => this.moveList.elementOf(node),
    });
    this.replay = new Replay({
      stateNow: () => this.view.state,
      step: (ply) => this.view.sendIntent("goto", { ply }, { fromReplay: true }),
      delayMs: () => this.navigation.delayMs(),
      changed: () => this.updateNavigation(),
    });
    // A cell of the analysed line goes to its ply on the line on show, else to its node.
    this.analysisPanel = new AnalysisPanel({
      goto: (cell) => (cell.onLine ? this.goto(cell.ply) : this.view.sendIntent("enter", { node: cell.node })),
    });
    this.chapters = new ChapterList({ open: (index) => this.view.sendIntent("open_chapter", { index }) });
    // Under the chapter list, as a study's own list ends: Add chapter, and what building says.
    this.adder = new ChapterAdder({
      viewId: view.viewId,
      add: (title) => this.view.sendIntent("add_chapter", { title }),
      say: (text) => this.view.feedback.announce(text),
    });
    this.chapters.el.append(this.adder.el);
    this.el = makeElement("section", "sw-side", { "aria-label": "Move list, analysis and lesson" });
    this.el.append(
      this.chapters.el,
      this.lesson.el,
      this.navigation.el,
      this.editBar.el,
      this.moveList.waiting,
      this.moveList.el,
      this.moveList.help,
      this.analysisPanel.el,
    );
    // The whole view draws again: the focus may be on the Analyse or Stop button just hidden.
    this.onAnalysisChange = () => this.view.render();
    this.view.model.on("change:analysis", this.onAnalysisChange);
    // A verdict naming the move that lost the game changes what the analysis says of it.
    this.onAidsChange = () => {
      if (!this.view.problem) this.renderAnalysis();
    };
    this.view.model.on("change:aids", this.onAidsChange);
  }

  destroy() {
    this.view.model.off("change:analysis", this.onAnalysisChange);
    this.view.model.off("change:aids", this.onAidsChange);
    this.replay.stop();
    this.moveList.destroy();
    this.editBar.destroy();
    this.adder.destroy();
  }

  /** Where the game stands, for editing: { state, path } (the rows from the start to the move on show), or null. */
  here() {
    const { state, problem } = this.view;
    if (problem || state.lesson || isRunning(state)) return null;
    const line = this.timeline.lineOf(state.line_end);
    return line?.[state.ply] ? { state, path: line.slice(0, state.ply + 1) } : null;
  }

  /** The analysis Python publishes, checked (see analysis.js). */
  analysis() {
    return analysisOf(this.view.model.get("analysis"));
  }

  /** Stops the analysis running, if one is (Escape); true when it did. */
  stopAnalysis() {
    if (this.analysis().status !== "running") return false;
    this.runCommand("stop_analysis");
    return true;
  }

  /** Tells screen readers when an analysis starts and how it ended (`words`), once each. */
  tellAnalysis(analysis, words) {
    const told = analysis.status === "running" ? "running" : `${analysis.status}:${words}`;
    if (told === this.toldAnalysis) return;
    const first = this.toldAnalysis === null;
    this.toldAnalysis = told;
    if (!first && analysis.status !== "none") this.view.feedback.announce(words);
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
    this.editBar.render();
    this.renderAnalysis();
    this.updateNavigation();
    this.lesson.update(state.lesson || null);
    this.chapters.update(state);
    this.moveList.markAsked(askedOf(state));
    // A student answering an exercise sees the chapters, not the teacher's Add chapter.
    this.adder.update(state.lesson ? null : studyOf(state), this.here() !== null);
  }

  /** The judgements in the move list, and the analysis panel with its words and strip. */
  renderAnalysis() {
    const state = this.view.state;
    const analysis = this.analysis();
    this.moveList.markJudgements(judgedByNode(analysis));
    // Python refuses an analysis in a lesson, while a strategy plays, and of an empty line.
    const free = !state.lesson && !isRunning(state) && state.line_length > 0;
    const line = this.timeline.lineOf(state.line_end);
    const lost = lostVerdict(state, this.view.model.get("aids"));
    const words = analysisWords(analysis, lost && { at: lost.lost_at, line });
    this.analysisPanel.render(analysis, line, state.ply, free, words);
    this.tellAnalysis(analysis, words);
  }

  /** The state cannot be drawn: nothing to step through or to be shown. */
  showProblem() {
    this.replay.stop();
    this.updateNavigation();
    this.editBar.render();
    this.lesson.update(null);
    this.chapters.update(null);
    this.adder.update(null, false);
    this.analysisPanel.render(analysisOf(null), null, 0, false, "");
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
      case "exercise_hint":
      case "end_lesson":
      case "learn_from_mistakes":
        this.view.sendIntent(action);
        break;
      case "goto_lost":
        // The still-winnable chip and the end of a lost game: back to where it could still be won.
        if (!this.view.problem) {
          const ply = lostPly(lostVerdict(this.view.state, this.view.model.get("aids")));
          if (ply !== null) this.goto(ply);
        }
        break;
      case "comment":
      case "glyph":
      case "promote":
      case "delete_variation":
      case "ask":
        this.editBar.run(action);
        break;
      case "add_chapter":
        this.adder.run();
        break;
      case "analyse":
      case "stop_analysis":
        // Answered through the analysis trait, not a new state: the board plays on meanwhile.
        this.view.aids.query(action);
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
      this.view.feedback.announce(
        action === "first" || action === "back" ? "At the start." : "At the end of the line.",
      );
      return;
    }
    this.goto(ply);
  }

  goto(ply) {
    if (!this.view.problem && ply !== this.view.state.ply) this.view.sendIntent("goto", { ply });
  }

  onClick(event) {
    return this.chapters.onClick(event) || this.moveList.onClick(event) || this.analysisPanel.onClick(event);
  }

  /** The timeline row of the move the game stands on (the start at ply 0), or null. */
  rowNow() {
    const state = this.view.state;
    const line = this.view.problem ? null : this.timeline.lineOf(state.line_end);
    return line?.[state.ply] || null;
  }

  onWindowKey(event) {
    this.moveList.onWindowKey(event);
  }

  /** "Move 5 of 12: 7♦ from the waste onto 8♠ in column 3." after a goto; null for other changes. */
  describeNavigation(previous, state) {
    const last = state.last_move;
    // A goto to the start leaves last_move empty, as a new deal does; a new deal restarts the clock.
    const wentTo = last
      ? last.action === "goto"
      : state.started_at === previous.started_at && state.ply !== previous.ply;
    if (!wentTo) return null;
    const line = this.timeline.lineOf(state.line_end);
    const row = line?.[state.ply];
    const sentence = row && typeof row.sentence === "string" && row.sentence ? `: ${row.sentence}` : "";
    return `Move ${state.ply} of ${state.line_length}${sentence}.`;
  }
}
