// The board people see and play. Everything drawn comes from the model's `state`; every
// click, drag and key becomes an intent sent to Python, which answers with a new state or
// a refusal (the protocol is in solitaire_widget/widget/protocol.md).
//
// SolitaireView holds the state and what the player holds, wires events to the parts that
// handle them (board.js, overlay.js, pointer.js, keyboard.js, focus.js, toolbar.js,
// feedback.js, sidecolumn.js for the move list, its analysis, the lesson and a study's
// chapters, playaids.js for hints, options and verdicts, librarypanel.js for the Statistics
// panel and History list, rules.js for the Rules panel, teaching.js for File and Present)
// and sends intents.
//
// Instant moves: a move in the state's legal list is drawn on the board the moment it is
// made (optimistic.js predicts the piles) while its intent goes out. Until Python answers,
// the root carries data-pending (the request id), data-version stays the last state Python
// sent, and the board takes no other move: what it shows is not a state Python has, so a
// second move is refused with "still waiting" -- except clicks on the stock, which are
// counted and drawn one per state Python sends, so that no draw is lost however fast the
// clicks. Python's next state, whatever it holds, replaces the picture; only a refusal of
// the move puts the last state from Python back. A kernel that does not answer within the
// watchdog's time is said to be busy or stopped, and the picture stays.

import { Board } from "./board.js";
import { makeElement } from "./dom.js";
import { Feedback } from "./feedback.js";
import { FocusKeeper } from "./focus.js";
import { Hand, STILL_WAITING } from "./hand.js";
import { IntentChannel, makeViewId } from "./intents.js";
import { KernelLink } from "./kernel.js";
import { KeyboardPlay } from "./keyboard.js";
import { lessonNews } from "./lesson.js";
import { DealConfirmation } from "./confirm.js";
import { DrawingLayer } from "./overlay.js";
import { describeChange } from "./labels.js";
import { splitWidth } from "./layout.js";
import { stockPlayable, stockMove } from "./legal.js";
import { canPredict, pendingState } from "./optimistic.js";
import { stateProblem } from "./piles.js";
import { LibraryPanel } from "./librarypanel.js";
import { PlayAids } from "./playaids.js";
import { PointerPlay } from "./pointer.js";
import { RulesPanel } from "./rules.js";
import { isRunning, runNews } from "./run.js";
import { SIDE_COLUMN_ACTIONS, SideColumn } from "./sidecolumn.js";
import { TEACHING_ACTIONS, PRESENTED_BOARD_WIDTH, TeachingTools } from "./teaching.js";
import { Toolbar, seedRefusal } from "./toolbar.js";

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
    this.pending = null; // { request, state }: a move drawn before Python's answer, and that picture
    this.drawsQueued = 0; // clicks on the stock made while a move waited, drawn one per new state
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

    this.buildParts();
    this.assemble();
    this.wireEvents();
    this.sideColumn.loadSaved();
    this.setState(this.model.get("state"));
    // Rows saved with the notebook may be old: the kernel's, when one answers, replace them.
    this.sideColumn.requestSync();
  }

  /** Makes the parts of the view and places their elements in the host. */
  buildParts() {
    this.root = makeElement("div", "sw-root");
    this.felt = makeElement("div", "sw-felt");
    this.toolbar = new Toolbar(this);
    this.keyboard = new KeyboardPlay(this);
    this.board = new Board(this, this.keyboard.help.id);
    this.pointer = new PointerPlay(this);
    this.hand = new Hand(this);
    const live = () => !this.problem && this.kernelLink.live;
    this.drawing = new DrawingLayer({
      viewId: this.viewId,
      board: this.board,
      send: (kind, fields) => this.sendIntent(kind, fields),
      say: (text) => this.feedback.announce(text),
      live,
    });
    this.feedback = new Feedback(this);
    this.sideColumn = new SideColumn(this);
    this.aids = new PlayAids(this);
    this.library = new LibraryPanel({
      viewId: this.viewId,
      model: this.model,
      query: () => (this.problem ? null : this.aids.query("library")),
      open: (id) =>
        this.abandoning(() => this.sendIntent("open_game", { id }), {
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
      relayout: () => this.onResize(this.root.clientWidth, true),
      sendIntent: (kind, fields) => this.sendIntent(kind, fields),
      query: (kind, fields) => this.aids.query(kind, fields),
      say: (text) => this.feedback.announce(text),
    });
    this.switchingTo = null; // the game the player chose here, until a state of it arrives
    // Kept games leave the chooser and Draw 1/3 showing the game on the board.
    this.confirmation = new DealConfirmation({ viewId: this.viewId, onAnswered: () => this.toolbar.update() });
    this.focus = new FocusKeeper(this);
  }

  /** Puts the parts' elements in their places: the toolbar, the board with what lies over it,
   * the side column and the panels. */
  assemble() {
    const { files, presentation } = this.teaching;
    this.toolbar.helpButton.before(this.library.button, this.rules.button, files.button, presentation.button);
    this.toolbar.helpButton.after(this.keyboard.keyTable);
    this.aids.hintPanel.after(this.library.el);
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

  /** Routes the model's changes and messages, and the DOM's events, to the parts that handle them. */
  wireEvents() {
    this.onStateChange = () => this.setState(this.model.get("state"));
    this.onCustomMessage = (content) => this.onMessage(content);
    this.model.on("change:state", this.onStateChange);
    this.model.on("msg:custom", this.onCustomMessage);
    const { board, pointer, keyboard, toolbar, sideColumn, aids } = this;
    this.listen(this.root, "click", (e) => this.onClick(e));
    this.listen(this.root, "change", (e) => toolbar.onControlChange(e));
    this.listen(this.root, "change", (e) => aids.onControlChange(e));
    this.listen(toolbar.seedInput, "keydown", (e) => toolbar.onSeedKey(e));
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
    if (typeof ResizeObserver === "function") {
      this.resizeObserver = new ResizeObserver((entries) => this.onResize(Math.floor(entries[0].contentRect.width)));
      this.resizeObserver.observe(this.root);
    } else {
      this.splitWidth(this.root.clientWidth);
      this.listen(window, "resize", () => this.onResize(this.root.clientWidth));
    }
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
    if (this.resizeObserver) this.resizeObserver.disconnect();
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
    this.dropPending();
    this.problem = stateProblem(state);
    if (!this.problem) {
      this.channel.stateArrived(state.version);
      if (!previous || previous.version !== state.version) {
        this.letGo();
        this.sideColumn.stateArrived(state);
        this.library.stateArrived(state);
        const switched = !previous || previous.game !== state.game;
        this.rules.stateArrived(state, { chosen: switched && this.switchingTo === state.game });
        if (switched) this.switchingTo = null;
        if (previous) this.announceState(previous, state);
      }
    }
    this.render();
    if (!this.problem) this.drawQueued();
  }

  /** One queued click on the stock, drawn on the state that just arrived; a state that
   * offers no draw or redeal (the game ended, a strategy plays) drops the rest. */
  drawQueued() {
    if (this.drawsQueued === 0 || this.channel.isWaiting(this.state.version)) return;
    const offered = this.state.status === "playing" && !isRunning(this.state) && stockPlayable(this.state);
    this.drawsQueued = offered ? this.drawsQueued - 1 : 0;
    if (offered) this.sendMove(stockMove(this.state));
  }

  announceState(previous, state) {
    // Stepping through the line, where the game now stands says more than "moved" would.
    const news = this.sideColumn.describeNavigation(previous, state) || describeChange(previous, state);
    const run = runNews(previous, state);
    const text = [news, lessonNews(previous, state), run].filter(Boolean).join(" ");
    if (text) this.feedback.announce(text);
    if (run) this.feedback.showToast(run);
  }

  /** Lays the view out for `width`: the move list beside the board when there is room, else
   * under it; while presenting, the board alone (scaled to the room as it is drawn). */
  splitWidth(width) {
    const { wide, boardWidth } = this.teaching.presenting
      ? { wide: false, boardWidth: PRESENTED_BOARD_WIDTH }
      : splitWidth(width);
    this.root.classList.toggle("sw-root--wide", wide);
    return this.board.setWidth(boardWidth);
  }

  /** The view changed width (the window, a scrollbar, a panel, presentation mode): laid out
   * again (`always`: whatever the width); a drag goes on. */
  onResize(width, always = false) {
    // While presenting, a change of height too scales the board again.
    if (!this.splitWidth(width) && !always && !this.teaching.presenting) return;
    this.board.settleGlides();
    this.render();
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
    this.board.render(this.pending ? this.pending.state : this.state);
    this.drawing.render(this.pending ? this.pending.state : this.state);
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

  onMessage(content) {
    if (this.library.onMessage(content) || this.teaching.onMessage(content)) return;
    if (content && content.kind === "timeline") {
      this.sideColumn.onTimelineMessage(content);
      return;
    }
    if (content?.kind !== "refused" || !this.channel.isOwn(content.request)) return;
    this.channel.refusalArrived(content.request);
    this.drawsQueued = 0;
    if (this.pending && this.pending.request === content.request) {
      this.dropPending();
      this.board.render(this.state);
    }
    this.sideColumn.onRefused();
    this.feedback.clearKernelWarning();
    const reason = typeof content.reason === "string" && content.reason ? content.reason : "that move is not allowed";
    const text = reason.charAt(0).toUpperCase() + reason.slice(1);
    this.held = null;
    this.pointer.snapBackDropped();
    this.board.updateHighlights();
    // A refused new game leaves the chooser showing the game still on the board.
    this.toolbar.update();
    this.feedback.showToast(text, { kind: "error" });
    this.feedback.announce(`Not allowed: ${reason}`);
  }

  // ------------------------------------------------------------------ intents
  /** Sends intent `kind`; returns its request id, or null when it could not go out. */
  sendIntent(kind, fields = {}, { fromReplay = false } = {}) {
    // Whatever the player asks for ends a replay; only the replay's own steps keep it going.
    if (!fromReplay) this.sideColumn.replay.stop();
    const state = this.state;
    if (this.problem || this.kernelLink.refused()) return null;
    let request;
    try {
      request = this.channel.send(kind, state.version, fields);
    } catch {
      // The model throws when it has no kernel to send to (shut down, or the connection
      // lost): no answer can come, so say so now instead of after the watchdog.
      this.channel.settle();
      this.sideColumn.replay.stop();
      this.feedback.onAnswerTimeout();
      return null;
    }
    if (request === null) {
      this.feedback.announce(STILL_WAITING);
      return null;
    }
    this.root.classList.add("sw-waiting");
    return request;
  }

  sendMove(move) {
    this.held = null;
    this.board.updateHighlights();
    const state = this.state;
    const request = this.sendIntent("move", { source: move.source, target: move.target, count: move.count });
    if (request !== null && canPredict(state, move)) this.showPending(request, pendingState(state, move));
    return request;
  }

  /** Draws `picture`, the board after the move of `request`, until Python answers. */
  showPending(request, picture) {
    this.pending = { request, state: picture };
    // A dropped card is placed in its new pile now, so nothing waits at the drop point.
    this.pointer.awaiting = null;
    this.root.dataset.pending = request;
    this.board.render(picture);
  }

  /** Forgets the pending picture (the caller draws what replaces it); true when there was one. */
  dropPending() {
    if (!this.pending) return false;
    this.pending = null;
    delete this.root.dataset.pending;
    return true;
  }

  /**
   * The kernel went (restarted or shut down): what was in flight goes, and the board shows
   * the last state Python sent, greyed (kernel.js), its clock stopped and its controls off.
   */
  kernelLost() {
    this.letGo();
    this.drawsQueued = 0;
    this.channel.settle();
    this.sideColumn.replay.stop();
    this.confirmation.answer(false);
    this.dropPending();
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

  newGame(game = null, { fromSeedBox = false } = {}) {
    const state = this.state;
    if (this.problem) return;
    const chosen = game || state.game;
    const seed = this.toolbar.typedSeed(state, fromSeedBox);
    if (seed === undefined) {
      const text = seedRefusal(this.toolbar.seedInput.value.trim());
      this.feedback.showToast(text, { kind: "error" });
      this.feedback.announce(text);
      return;
    }
    const options = chosen === state.game ? { ...(state.options || {}) } : {};
    if (chosen === "klondike") options.draw = this.toolbar.chosenDraw();
    const deal = () => {
      if (chosen !== state.game) this.switchingTo = chosen;
      if (this.aids.winnableDeals) this.aids.dealWinnable({ game: chosen, seed, options });
      else this.sendIntent("new_game", { game: chosen, seed, options });
    };
    this.abandoning(deal);
  }

  /** Runs `go` (a new deal, a past game opened), once the player agrees to abandon the game in progress, if one is. */
  abandoning(go, words) {
    if (this.kernelLink.refused()) return;
    const moves = Number(this.state.moves) || 0;
    if (this.state.status === "playing" && moves > 0) this.confirmation.ask(moves, go, words);
    else go();
  }

  runCommand(action) {
    this.drawsQueued = 0;
    if (SIDE_COLUMN_ACTIONS.has(action) || TEACHING_ACTIONS.has(action)) {
      (TEACHING_ACTIONS.has(action) ? this.teaching : this.sideColumn).runCommand(action);
      return;
    }
    switch (action) {
      case "new":
        this.newGame();
        break;
      case "undo":
      case "redo":
      case "restart":
      case "autoplay":
      case "demo":
      case "stop":
        this.held = null;
        this.board.updateHighlights();
        this.sendIntent(action);
        break;
      case "hint":
      case "options":
        this.aids.runCommand(action);
        break;
      case "confirm_deal":
      case "keep_playing":
        this.confirmation.answer(action === "confirm_deal");
        break;
      case "help":
        this.toolbar.helpButton.setAttribute("aria-expanded", String(this.keyboard.toggleHelp()));
        break;
      default:
        break;
    }
  }

  /** Clicks on buttons run their commands, on the move list go to a move; the rest is board play. */
  onClick(event) {
    const button = event.target.closest?.("button[data-action]");
    if (button && this.root.contains(button)) {
      if (!button.disabled) this.runCommand(button.getAttribute("data-action"));
      return;
    }
    if (this.sideColumn.onClick(event)) return;
    this.pointer.onClick(event);
  }
}
