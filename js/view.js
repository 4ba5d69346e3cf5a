// The board people see and play. Everything drawn comes from the model's `state`; every
// click, drag and key becomes an intent sent to Python, which answers with a new state or
// a refusal (the protocol is in solitaire_widget/widget/protocol.md).
//
// SolitaireView holds the state and what the player holds, and wires events to the parts
// that handle them (board.js, overlay.js, pointer.js, keyboard.js, focus.js, toolbar.js,
// feedback.js, sidecolumn.js for the move list, its analysis, the lesson and a study's
// chapters, playaids.js for hints, options and verdicts, librarypanel.js for the Statistics
// panel and History list, rules.js for the Rules panel, teaching.js for File and Present):
// commands.js runs the buttons' and keys' commands, requests.js sends intents and takes
// their refusals, instantmoves.js draws a move before Python answers, dealing.js deals new
// games. A kernel that does not answer within the watchdog's time is said to be busy or
// stopped, and the picture stays.

import { Board } from "./board.js";
import { Commands } from "./commands.js";
import { DealConfirmation } from "./confirm.js";
import { NewDeals } from "./dealing.js";
import { makeElement } from "./dom.js";
import { Feedback } from "./feedback.js";
import { Fitting } from "./fitting.js";
import { PanelFolds } from "./folding.js";
import { FocusKeeper } from "./focus.js";
import { Hand } from "./hand.js";
import { InstantMoves } from "./instantmoves.js";
import { IntentChannel, makeViewId } from "./intents.js";
import { KernelLink } from "./kernel.js";
import { KeyboardPlay } from "./keyboard.js";
import { describeChange } from "./labels.js";
import { lessonNews } from "./lesson.js";
import { LibraryPanel } from "./librarypanel.js";
import { DrawingLayer } from "./overlay.js";
import { stateProblem } from "./piles.js";
import { PlayAids } from "./playaids.js";
import { PointerPlay } from "./pointer.js";
import { Requests } from "./requests.js";
import { RulesPanel } from "./rules.js";
import { runNews } from "./run.js";
import { SideColumn } from "./sidecolumn.js";
import { TeachingTools } from "./teaching.js";
import { Toolbar } from "./toolbar.js";

/** Render the view of `model` into `host`; returns the cleanup function anywidget calls. */
export function renderView(model, host) {
  const view = new SolitaireView(model, host);
  return () => view.destroy();
}

export class SolitaireView {
  constructor(model, host) {
    this.model = model;
    this.host = host;
    this.viewId = makeViewId();
    this.listeners = [];
    this.state = null;
    this.problem = "no game state has arrived yet"; // stateProblem(this.state), kept up to date
    this.held = null; // { source, count } picked up by click, drag or keyboard
    this.focusId = "stock"; // the pile with the board's tab stop
    this.kernelLink = new KernelLink({
      model,
      host,
      onLost: () => this.kernelLost(),
      say: (text) => this.feedback.announce(text),
    });
    this.channel = new IntentChannel({
      viewId: this.viewId,
      send: (content) => this.model.send(content),
      // A busy kernel answers late, not never: the move shown stays shown, and the view
      // says it is waiting; only Python's state or refusal changes the board.
      onTimeout: () => {
        this.sideColumn.replay.stop();
        this.feedback.onAnswerTimeout();
      },
    });

    this.buildBoard();
    this.buildPanels();
    this.assemble();
    this.wireEvents();
    this.sideColumn.loadSaved();
    this.setState(this.model.get("state"));
    // Rows saved with the notebook may be old: the kernel's, when one answers, replace them.
    this.sideColumn.requestSync();
  }

  /** Makes the parts that draw and play the board. */
  buildBoard() {
    this.root = makeElement("div", "sw-root");
    this.felt = makeElement("div", "sw-felt");
    this.toolbar = new Toolbar(this);
    this.keyboard = new KeyboardPlay(this);
    this.board = new Board(this, this.keyboard.help.id);
    this.pointer = new PointerPlay(this);
    this.hand = new Hand(this);
    this.requests = new Requests(this);
    this.commands = new Commands(this);
    this.instant = new InstantMoves({
      board: this.board,
      root: this.root,
      stateNow: () => this.state,
      isWaiting: (version) => this.channel.isWaiting(version),
      send: (kind, fields) => this.sendIntent(kind, fields),
      release: () => {
        this.held = null;
        this.board.updateHighlights();
      },
      // A dropped card is placed in its new pile now, so nothing waits at the drop point.
      placed: () => {
        this.pointer.awaiting = null;
      },
    });
    const live = () => !this.problem && this.kernelLink.live;
    this.drawing = new DrawingLayer({
      viewId: this.viewId,
      board: this.board,
      send: (kind, fields) => this.sendIntent(kind, fields),
      say: (text) => this.feedback.announce(text),
      live,
    });
    this.feedback = new Feedback(this);
  }

  /** Makes the parts around the board: the side column, the play aids, the panels and the
   * teaching tools, and what deals a new game. */
  buildPanels() {
    this.sideColumn = new SideColumn(this);
    this.aids = new PlayAids(this);
    this.library = new LibraryPanel({
      viewId: this.viewId,
      model: this.model,
      query: () => (this.problem ? null : this.aids.query("library")),
      open: (id) =>
        this.deals.abandoning(() => this.sendIntent("open_game", { id }), {
          question: "Open this past game?",
          yes: "Open it",
        }),
      feedback: this.feedback,
    });
    this.rules = new RulesPanel({
      viewId: this.viewId,
      model: this.model,
      focusBoard: () => this.keyboard.setFocus(this.focusId),
    });
    this.teaching = new TeachingTools({
      viewId: this.viewId,
      root: this.root,
      rowNow: () => this.sideColumn.rowNow(),
      step: (action) => this.sideColumn.navigate(action),
      relayout: () => this.fitting.onResize(this.root.clientWidth, true),
      sendIntent: (kind, fields) => this.sendIntent(kind, fields),
      query: (kind, fields) => this.aids.query(kind, fields),
      say: (text) => this.feedback.announce(text),
    });
    // Kept games leave the chooser and Draw 1/3 showing the game on the board.
    this.confirmation = new DealConfirmation({ viewId: this.viewId, onAnswered: () => this.toolbar.update() });
    this.deals = new NewDeals({
      toolbar: this.toolbar,
      aids: this.aids,
      confirmation: this.confirmation,
      feedback: this.feedback,
      stateNow: () => this.state,
      problem: () => this.problem,
      refused: () => this.kernelLink.refused(),
      send: (kind, fields) => this.sendIntent(kind, fields),
    });
    this.focus = new FocusKeeper(this);
    this.folds = new PanelFolds({ viewId: this.viewId });
    this.fitting = new Fitting({
      root: this.root,
      board: this.board,
      presenting: () => this.teaching.presenting,
      redraw: () => this.render(),
    });
  }

  /** Puts the parts' elements in their places: the toolbar, the board with what lies over it,
   * the side column and the panels. */
  assemble() {
    const { files, presentation } = this.teaching;
    this.toolbar.helpButton.before(this.library.button, this.rules.button, files.button, presentation.button);
    this.toolbar.helpButton.after(this.keyboard.keyTable);
    this.aids.hintPanel.after(this.library.el);
    this.foldPanels();
    this.board.el.append(this.drawing.el);
    this.felt.append(this.board.el, this.board.placeholder, this.feedback.overlay, this.confirmation.el, files.el);
    // Messages show on a line of their own under the board, never over its cards.
    const play = makeElement("div", "sw-play");
    play.append(this.kernelLink.note, presentation.header, this.felt, presentation.caption, this.feedback.toast);
    const main = makeElement("div", "sw-main");
    main.append(play, this.sideColumn.el, this.rules.el);
    this.root.append(this.toolbar.el, main, this.keyboard.help, this.feedback.live);
    this.host.append(this.root);
  }

  /** Every panel of the side column but the move list folds to its header line. */
  foldPanels() {
    const { folds, aids, library } = this;
    const { chapters, lesson, analysisPanel } = this.sideColumn;
    folds.add("hint", { panel: aids.hintPanel, head: aids.hintHead, label: "Hint" });
    folds.add("library", { panel: library.el, head: library.head, label: "Statistics" });
    folds.add("chapters", { panel: chapters.el, head: chapters.head, label: "Chapters" });
    folds.add("lesson", { panel: lesson.el, head: lesson.head, label: "Lesson" });
    folds.add("analysis", { panel: analysisPanel.el, head: analysisPanel.head, label: "Analysis" });
  }

  /** Routes the model's changes and messages, and the DOM's events, to the parts that handle them. */
  wireEvents() {
    this.onStateChange = () => this.setState(this.model.get("state"));
    this.onCustomMessage = (content) => this.onMessage(content);
    this.model.on("change:state", this.onStateChange);
    this.model.on("msg:custom", this.onCustomMessage);
    const { board, pointer, keyboard, toolbar, sideColumn, aids } = this;
    this.listen(this.root, "click", (e) => this.commands.onClick(e));
    this.listen(this.root, "change", (e) => toolbar.onControlChange(e));
    this.listen(this.root, "change", (e) => aids.onControlChange(e));
    this.listen(toolbar.seedInput, "keydown", (e) => toolbar.onSeedKey(e));
    // The Statistics button opens its panel whole (its own listener, added first, opened it).
    this.listen(this.library.button, "click", () => this.folds.unfold("library"));
    this.listen(board.el, "dblclick", (e) => pointer.onDoubleClick(e));
    // Capturing at the window runs before the notebook's own shortcut handling (on the
    // document), so keys meant for the board never reach it; see KeyboardPlay.onWindowKey.
    // Presentation mode takes its keys first; then Escape ends a drag, before the board's keys see it.
    this.listen(window, "keydown", (e) => this.teaching.onWindowKey(e), true);
    this.listen(window, "keydown", (e) => pointer.onWindowKey(e), true);
    this.listen(window, "keydown", (e) => keyboard.onWindowKey(e), true);
    this.listen(window, "keydown", (e) => sideColumn.onWindowKey(e), true);
    this.listen(this.root, "keydown", (e) => this.focus.onKeyInside(e));
    this.listen(board.el, "focusin", (e) => keyboard.onFocusIn(e));
    this.listen(board.el, "pointerdown", (e) => pointer.onPointerDown(e));
    this.listen(board.el, "pointermove", (e) => pointer.onPointerMove(e));
    this.listen(board.el, "pointerup", (e) => pointer.onPointerUp(e));
    this.listen(board.el, "pointercancel", () => pointer.cancelDrag());
    this.listen(board.el, "lostpointercapture", () => pointer.cancelDrag());
    // The notebook scrolled under a drag (the wheel, a cell's output): cards stay under the pointer.
    this.listen(window, "scroll", () => pointer.followLayout(), { capture: true, passive: true });
    this.fitting.follow((target, type, handler) => this.listen(target, type, handler));
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push([target, type, handler, options]);
  }

  destroy() {
    // The kernel counts the views that show the board: with none left, it stops the
    // solver's worker process. A view whose kernel is gone has nobody to tell.
    try {
      this.channel.sendQuery("view_closed", this.problem ? 0 : this.state.version);
    } catch {
      // no kernel: nothing runs there to stop
    }
    this.model.off("change:state", this.onStateChange);
    this.model.off("msg:custom", this.onCustomMessage);
    for (const [target, type, handler, options] of this.listeners) target.removeEventListener(type, handler, options);
    this.listeners = [];
    const parts = [
      this.toolbar,
      this.pointer,
      this.feedback,
      this.sideColumn,
      this.aids,
      this.library,
      this.rules,
      this.teaching,
      this.kernelLink,
      this.drawing,
      this.fitting,
      this.folds,
    ];
    for (const part of parts) part.destroy();
    this.channel.settle();
    this.root.remove();
  }

  // ------------------------------------------------------------------ state
  setState(state) {
    const previous = this.problem ? null : this.state;
    this.state = state;
    // Every state from Python is the truth, whether or not it holds the pending move.
    this.instant.drop();
    this.problem = stateProblem(state);
    if (!this.problem) {
      this.channel.stateArrived(state.version);
      if (!previous || previous.version !== state.version) {
        this.letGo();
        this.sideColumn.stateArrived(state);
        this.library.stateArrived(state);
        this.rules.stateArrived(state, { chosen: this.deals.gameArrived(previous, state) });
        if (previous) this.announceState(previous, state);
      }
    }
    this.render();
    if (!this.problem) this.instant.drawQueued();
  }

  announceState(previous, state) {
    // Stepping through the line, where the game now stands says more than "moved" would.
    const news = this.sideColumn.describeNavigation(previous, state) || describeChange(previous, state);
    const run = runNews(previous, state);
    const text = [news, lessonNews(previous, state), run].filter(Boolean).join(" ");
    if (text) this.feedback.announce(text);
    if (run) this.feedback.showToast(run);
  }

  render() {
    const started = performance.now();
    if (this.problem) {
      this.board.showProblem(this.state, this.problem);
      this.feedback.hideOverlay();
      this.toolbar.update();
      this.sideColumn.showProblem();
      this.aids.render();
      this.kernelLink.mark(this.root);
      return;
    }
    const focused = document.activeElement;
    const wasOver = !this.feedback.overlay.hidden;
    this.board.render(this.instant.picture());
    this.drawing.render(this.instant.picture());
    this.pointer.followLayout();
    this.toolbar.update();
    this.sideColumn.render();
    this.aids.render();
    this.feedback.updateOverlay(this.state);
    this.teaching.render(this.state, this.felt, this.board.layout);
    this.kernelLink.mark(this.root);
    this.focus.afterRender(focused, wasOver);
    this.root.dataset.version = String(this.state.version);
    this.root.dataset.renderMs = (performance.now() - started).toFixed(2);
  }

  /** A custom message from Python, handed to the part it is for. */
  onMessage(content) {
    if (this.library.onMessage(content) || this.teaching.onMessage(content)) return;
    if (content && content.kind === "timeline") {
      this.sideColumn.onTimelineMessage(content);
      return;
    }
    this.requests.onMessage(content);
  }

  /** Sends intent `kind` (see requests.js); returns its request id, or null when it could not go out. */
  sendIntent(kind, fields = {}, options = {}) {
    return this.requests.send(kind, fields, options);
  }

  /**
   * The kernel went (restarted or shut down): what was in flight goes, and the board shows
   * the last state Python sent, greyed (kernel.js), its clock stopped and its controls off.
   */
  kernelLost() {
    this.letGo();
    this.instant.forgetDraws();
    this.channel.settle();
    this.sideColumn.replay.stop();
    this.confirmation.answer(false);
    this.instant.drop();
    this.render();
    this.feedback.announce(this.kernelLink.words);
  }

  /** The board changed under the player (a new state, the kernel gone): the cards held or
   * dragged go back, and the warnings and refusals about the board before go. */
  letGo() {
    this.feedback.clearKernelWarning();
    this.feedback.hideToast();
    this.pointer.cancelDrag();
    this.pointer.awaiting = null;
    this.held = null;
  }
}
