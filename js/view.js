// The board people see and play. Everything drawn comes from the model's `state`; every
// click, drag and key becomes an intent sent to Python, which answers with a new state or
// a refusal (see briefs/common.md for the protocol).

import { faceHTML } from "./cardface.js";
import { cardWords, isRed } from "./cards.js";
import { IntentChannel, makeViewId } from "./intents.js";
import { activatePile, focusRows, keyAction, moveFocus, resizeHeld } from "./keys.js";
import {
  clockText,
  describeLastMove,
  foundationHint,
  hasMixedDirections,
  pileLabel,
  stockCaption,
} from "./labels.js";
import { boardLayout, stackOffsets, tableauOffsets, wasteOffsets } from "./layout.js";
import {
  canRedeal,
  dropTarget,
  foundationMoveFor,
  hasFoundationMove,
  legalTargets,
} from "./legal.js";
import { pileName, pilesOf, stateProblem } from "./piles.js";

const GAMES = [
  ["klondike", "Klondike"],
  ["father", "Father"],
  ["following", "Following"],
];
const DRAG_THRESHOLD_PX = 5;
const TOAST_MS = 6000;
const MOVE_ANIMATION_MS = 180;
const MAX_ANIMATED_CARDS = 30;
const COMPACT_CARD_WIDTH = 62; // below this, number cards show one large suit, not pips
const FALLBACK_WIDTH = 800; // before the view is attached and has a width
const PAGE_CHROME_PX = 150; // toolbar and notebook chrome above and below the board
const KEY_HELP =
  "Arrow keys move between piles. Enter or Space picks up cards and puts them down. " +
  "Shift with Up or Down changes how many cards are held. Escape puts them back. " +
  "U undo, R redo, A auto-move to foundations, N new game.";

// JupyterLab and Notebook match their keyboard shortcuts from the focused element upwards
// and stop at this attribute; a focused button matches selectors such as
// ".jp-Notebook :focus" itself, so each toolbar control carries it (else Enter on a button
// would put the cell in edit mode instead of pressing the button).
const SUPPRESS_SHORTCUTS = { "data-lm-suppress-shortcuts": "true" };

function make(tag, className, attributes = {}) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

function translate(x, y) {
  return `translate(${x}px, ${y}px)`;
}

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
    this.cards = new Map(); // code -> the card's element and where it is (see cardEntry)
    this.piles = new Map(); // pile id -> { el, slot, hint, caption, badge, kind }
    this.pileOrder = [];
    this.state = null;
    this.problem = "no game state has arrived yet"; // stateProblem(this.state), kept up to date
    this.layout = null;
    this.held = null; // { source, count } picked up by click or keyboard
    this.focusId = "stock";
    this.press = null; // pointer pressed on a card, not yet a drag
    this.drag = null;
    this.awaiting = null; // cards dropped by a drag, waiting for Python's answer
    this.suppressClick = false;
    this.toastTimer = null;
    this.kernelSilent = false;
    this.announceToggle = false;
    this.width = 0;
    this.lastWidth = 0;
    this.reduceMotion =
      typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    this.channel = new IntentChannel({
      viewId: this.viewId,
      send: (content) => this.model.send(content),
      onTimeout: () => this.onAnswerTimeout(),
    });

    this.buildChrome();
    this.onStateChange = () => this.setState(this.model.get("state"));
    this.onCustomMessage = (content) => this.onMessage(content);
    this.model.on("change:state", this.onStateChange);
    this.model.on("msg:custom", this.onCustomMessage);
    this.listen(this.root, "click", (e) => this.onClick(e));
    this.listen(this.root, "change", (e) => this.onControlChange(e));
    this.listen(this.seedInput, "keydown", (e) => this.onSeedKey(e));
    this.listen(this.board, "dblclick", (e) => this.onDoubleClick(e));
    // Capturing at the window runs before the notebook's own shortcut handling (on the
    // document), so keys meant for the board never reach it; see onWindowKey.
    this.listen(window, "keydown", (e) => this.onWindowKey(e), true);
    this.listen(this.board, "focusin", (e) => this.onFocusIn(e));
    this.listen(this.board, "pointerdown", (e) => this.onPointerDown(e));
    this.listen(this.board, "pointermove", (e) => this.onPointerMove(e));
    this.listen(this.board, "pointerup", (e) => this.onPointerUp(e));
    this.listen(this.board, "pointercancel", () => this.cancelDrag());
    this.listen(this.board, "lostpointercapture", () => this.cancelDrag());
    if (typeof ResizeObserver === "function") {
      this.resizeObserver = new ResizeObserver((entries) => this.onResize(Math.floor(entries[0].contentRect.width)));
      this.resizeObserver.observe(this.root);
    } else {
      this.width = this.root.clientWidth;
      this.listen(window, "resize", () => this.onResize(this.root.clientWidth));
    }
    this.clockTimer = setInterval(() => this.updateClock(), 1000);
    this.setState(this.model.get("state"));
  }

  listen(target, type, handler, options) {
    target.addEventListener(type, handler, options);
    this.listeners.push([target, type, handler, options]);
  }

  destroy() {
    this.model.off("change:state", this.onStateChange);
    this.model.off("msg:custom", this.onCustomMessage);
    for (const [target, type, handler, options] of this.listeners) target.removeEventListener(type, handler, options);
    this.listeners = [];
    if (this.resizeObserver) this.resizeObserver.disconnect();
    clearInterval(this.clockTimer);
    clearTimeout(this.toastTimer);
    this.channel.settle();
    this.root.remove();
  }

  // ------------------------------------------------------------------ building
  buildChrome() {
    this.root = make("div", "sw-root");
    const toolbar = make("div", "sw-toolbar", { role: "group", "aria-label": "Game controls" });
    this.gameSelect = make("select", "sw-select", { ...SUPPRESS_SHORTCUTS, "data-control": "game", "aria-label": "Game" });
    for (const [value, title] of GAMES) {
      const option = make("option", "", { value });
      option.textContent = title;
      this.gameSelect.append(option);
    }
    this.drawSelect = make("select", "sw-select", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "draw",
      "aria-label": "Cards turned per draw",
    });
    for (const draw of ["1", "3"]) {
      const option = make("option", "", { value: draw });
      option.textContent = `Draw ${draw}`;
      this.drawSelect.append(option);
    }
    this.newButton = this.button("new", "New game", "\u2726");
    const seedLabel = make("label", "sw-seed");
    const seedText = make("span", "sw-seed-text");
    seedText.textContent = "Seed";
    this.seedInput = make("input", "sw-seed-input", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "seed",
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "random",
      title: "The seed of this deal. Type another and press Enter (or New game) to play that deal.",
    });
    seedLabel.append(seedText, this.seedInput);
    this.restartButton = this.button("restart", "Restart", "\u27F2");
    this.undoButton = this.button("undo", "Undo", "\u21B6");
    this.redoButton = this.button("redo", "Redo", "\u21B7");
    this.autoButton = this.button("autoplay", "Autoplay", "\u21D1");
    this.autoButton.title = "Move every card that can go to a foundation (A)";
    this.undoButton.title = "Take back the last move (U)";
    this.redoButton.title = "Play the undone move again (R)";
    this.restartButton.title = "Start this deal again from the beginning";
    this.movesText = make("span", "sw-moves");
    this.clockText = make("span", "sw-clock", { role: "timer", "aria-label": "time played" });
    const stats = make("div", "sw-stats");
    stats.append(this.movesText, this.clockText);
    const dealGroup = make("div", "sw-group");
    dealGroup.append(this.gameSelect, this.drawSelect, this.newButton, seedLabel);
    const playGroup = make("div", "sw-group");
    playGroup.append(this.restartButton, this.undoButton, this.redoButton, this.autoButton);
    toolbar.append(dealGroup, playGroup, stats);

    this.felt = make("div", "sw-felt");
    this.helpId = `sw-help-${this.viewId}`;
    this.board = make("div", "sw-board", { role: "application", "aria-describedby": this.helpId });
    const help = make("p", "sw-visually-hidden", { id: this.helpId });
    help.textContent = KEY_HELP;
    this.placeholder = make("div", "sw-placeholder");
    this.overlay = make("div", "sw-overlay", { hidden: "" });
    const panel = make("div", "sw-overlay-panel", { role: "alertdialog", "aria-labelledby": `sw-msg-${this.viewId}` });
    this.overlayTitle = make("h3", "sw-overlay-title", { id: `sw-msg-${this.viewId}` });
    this.overlayText = make("p", "sw-overlay-text");
    this.overlayStats = make("p", "sw-overlay-stats");
    const overlayButtons = make("div", "sw-overlay-buttons");
    this.overlayUndo = this.button("undo", "Undo", "\u21B6");
    this.overlayNew = this.button("new", "New game", "\u2726");
    this.overlayNew.classList.add("sw-button--primary");
    overlayButtons.append(this.overlayUndo, this.overlayNew);
    panel.append(this.overlayTitle, this.overlayText, this.overlayStats, overlayButtons);
    this.overlay.append(panel);
    this.toast = make("div", "sw-toast", { hidden: "" });
    this.felt.append(this.board, this.placeholder, this.overlay, this.toast);
    this.live = make("div", "sw-visually-hidden", { "aria-live": "polite", role: "status" });
    this.root.append(toolbar, this.felt, help, this.live);
    this.host.append(this.root);
  }

  button(action, text, icon) {
    const button = make("button", "sw-button", { ...SUPPRESS_SHORTCUTS, type: "button", "data-action": action });
    const glyph = make("span", "sw-button-icon", { "aria-hidden": "true" });
    glyph.textContent = icon;
    const label = make("span", "sw-button-label");
    label.textContent = text;
    button.append(glyph, label);
    return button;
  }

  pileElement(id, kind) {
    let pile = this.piles.get(id);
    if (pile && pile.kind === kind) return pile;
    const el = make("div", `sw-pile sw-pile--${kind}`, { "data-pile": id, role: "button", tabindex: "-1" });
    const slot = make("div", "sw-slot", { "aria-hidden": "true" });
    const hint = make("span", "sw-hint");
    slot.append(hint);
    const caption = make("div", "sw-caption", { "aria-hidden": "true" });
    const badge = make("div", "sw-badge", { "aria-hidden": "true" });
    el.append(slot, caption, badge);
    pile = { el, slot, hint, caption, badge, kind, decor: 3 };
    this.piles.set(id, pile);
    this.board.append(el);
    return pile;
  }

  cardEntry(code) {
    let entry = this.cards.get(code);
    if (!entry) {
      const el = make("div", "sw-card", { role: "img" });
      // x, y: offset in the pile; left, top: place on the board; dx, dy: a drag's displacement.
      entry = { el, faceNodes: null, up: null, pile: null, x: NaN, y: NaN, left: 0, top: 0, dx: 0, dy: 0 };
      this.cards.set(code, entry);
    }
    return entry;
  }

  turnCard(code, entry, up) {
    if (entry.up === up) return;
    entry.up = up;
    const el = entry.el;
    if (up) {
      if (!entry.faceNodes) {
        const holder = document.createElement("div");
        holder.innerHTML = faceHTML(code);
        entry.faceNodes = Array.from(holder.childNodes);
      }
      el.className = `sw-card ${isRed(code) ? "sw-red" : "sw-black"}`;
      el.append(...entry.faceNodes);
      el.setAttribute("data-card", code);
      el.setAttribute("aria-label", cardWords(code));
    } else {
      // A face-down card carries nothing that names it (its face nodes wait outside the document).
      el.className = "sw-card sw-card--down";
      for (const node of entry.faceNodes || []) node.remove();
      el.setAttribute("data-card", "down");
      el.setAttribute("aria-label", "face-down card");
    }
  }

  // ------------------------------------------------------------------ state
  setState(state) {
    const previous = this.problem ? null : this.state;
    this.state = state;
    this.problem = stateProblem(state);
    if (!this.problem) {
      this.channel.stateArrived(state.version);
      if (!previous || previous.version !== state.version) {
        // Warnings and refusals were about the board before this change.
        this.clearKernelWarning();
        this.hideToast();
        this.cancelDrag();
        this.awaiting = null;
        this.held = null;
        if (previous) this.announceState(previous, state);
      }
    }
    this.render();
  }

  announceState(previous, state) {
    if (state.status !== "playing" && previous.status === "playing") {
      this.announce(state.message || (state.status === "won" ? "You won!" : "No moves left."));
    } else if (state.last_move) {
      this.announce(describeLastMove(state.last_move, state.position));
    } else if (!state.moves) {
      const seed = state.seed === null || state.seed === undefined ? "" : `, seed ${state.seed}`;
      this.announce(`New deal: ${state.title || state.game}${seed}.`);
    }
  }

  /**
   * The width to lay the board out in. The resize observer keeps it (its first report comes
   * before the first paint), so rendering never forces the browser to lay the page out.
   */
  measureWidth() {
    return this.width > 0 ? this.width : FALLBACK_WIDTH;
  }

  onResize(width) {
    this.width = width;
    if (this.measureWidth() === this.lastWidth) return;
    this.cancelDrag();
    this.render();
  }

  // ------------------------------------------------------------------ rendering
  render() {
    const started = performance.now();
    const state = this.state;
    const problem = this.problem;
    this.board.hidden = problem !== null;
    this.placeholder.hidden = problem === null;
    if (problem) {
      setText(this.placeholder, state ? `This game cannot be shown: ${problem}.` : "Dealing\u2026");
      this.overlay.hidden = true;
      this.updateToolbar();
      return;
    }
    const position = state.position;
    const piles = pilesOf(position);
    const width = this.measureWidth();
    this.lastWidth = width;
    const pageHeight = window.innerHeight > 0 ? window.innerHeight : 900;
    const wasteFan = Number(state.options && state.options.draw) === 3 ? 3 : 1;
    const layout = boardLayout(width, Math.max(420, pageHeight - PAGE_CHROME_PX), {
      foundations: position.foundations.length,
      tableau: position.tableau.map((pile) => ({ down: pile.down.length, up: pile.up.length })),
      wasteFan,
    });
    this.layout = layout;
    const moving = [];

    const board = this.board;
    if (this.boardSize !== `${layout.width}x${layout.height}x${layout.cardWidth}`) {
      this.boardSize = `${layout.width}x${layout.height}x${layout.cardWidth}`;
      board.style.width = `${layout.width}px`;
      board.style.height = `${layout.height}px`;
      board.style.setProperty("--card-w", `${layout.cardWidth}px`);
      board.style.setProperty("--card-h", `${layout.cardHeight}px`);
      this.felt.classList.toggle("sw-felt--scroll", layout.width > width);
    }
    board.classList.toggle("sw-board--compact", layout.cardWidth < COMPACT_CARD_WIDTH);
    setAttr(board, "aria-label", `${state.title || state.game} board`);

    const ids = piles.map((pile) => pile.id);
    for (const [id, pile] of this.piles) {
      if (!ids.includes(id)) {
        pile.el.remove();
        this.piles.delete(id);
      }
    }
    this.pileOrder = ids;
    if (!ids.includes(this.focusId)) this.focusId = "stock";
    const takes = Array.isArray(state.foundation_takes) ? state.foundation_takes : [];
    const arrows = hasMixedDirections(position.foundations, takes);
    const redeal = canRedeal(state);
    const placed = new Set();
    for (const pile of piles) {
      this.renderPile(pile, layout, { takes, arrows, redeal, wasteFan, state, moving });
      for (const card of pile.cards) placed.add(card.code);
    }
    for (const [code, entry] of this.cards) {
      if (!placed.has(code)) {
        entry.el.remove();
        this.cards.delete(code);
      }
    }
    if (moving.length <= MAX_ANIMATED_CARDS) this.animateMoves(moving);
    this.updateHighlights();
    this.updateToolbar();
    this.updateOverlay(state);
    this.root.dataset.version = String(state.version);
    this.root.dataset.renderMs = (performance.now() - started).toFixed(2);
  }

  renderPile(pile, layout, context) {
    const view = this.pileElement(pile.id, pile.kind);
    const { el } = view;
    const rect = layout.piles[pile.id];
    const style = el.style;
    const left = `${rect.x}px`;
    const top = `${rect.y}px`;
    if (style.left !== left) style.left = left;
    if (style.top !== top) style.top = top;
    const width = `${rect.width}px`;
    const height = `${rect.height}px`;
    if (style.width !== width) style.width = width;
    if (style.height !== height) style.height = height;
    setAttr(el, "tabindex", pile.id === this.focusId ? "0" : "-1");
    el.classList.toggle("sw-pile--empty", pile.cards.length === 0);

    let offsets;
    let hint = "";
    let caption = "";
    let badge = "";
    let extra = {};
    if (pile.kind === "tableau") {
      const source = context.state.position.tableau[pile.index];
      offsets = tableauOffsets(source.down.length, source.up.length, layout.steps[pile.index]);
    } else if (pile.kind === "waste") {
      offsets = wasteOffsets(pile.cards.length, context.wasteFan, layout.cardWidth);
    } else {
      offsets = stackOffsets(pile.cards.length);
    }
    if (pile.kind === "foundation") {
      const takes = context.takes[pile.index] || [];
      const codes = pile.cards.map((card) => card.code);
      const text = foundationHint(codes, takes, context.arrows);
      if (codes.length === 0) hint = text;
      else caption = text || "\u2713";
      extra = { takes };
    } else if (pile.kind === "stock") {
      const redealsLeft = context.state.position.redeals_left;
      caption = stockCaption(redealsLeft, layout.cardWidth < COMPACT_CARD_WIDTH);
      badge = pile.cards.length ? String(pile.cards.length) : "";
      if (pile.cards.length === 0) hint = context.redeal ? "\u21BB" : "\u2715";
      el.classList.toggle("sw-stock--redeal", pile.cards.length === 0 && context.redeal);
      setAttr(el, "title", pile.cards.length ? "Draw" : context.redeal ? "Redeal: turn the waste over" : "Nothing left to draw");
      extra = { canRedeal: context.redeal, redealsLeft };
    }
    setText(view.hint, hint);
    setText(view.caption, caption);
    setText(view.badge, badge);
    view.badge.hidden = badge === "";
    setAttr(el, "aria-label", pileLabel(pile, extra));

    const children = el.children;
    pile.cards.forEach((card, i) => {
      const entry = this.cardEntry(card.code);
      this.turnCard(card.code, entry, card.up);
      const { x, y } = offsets[i];
      const left = rect.x + x;
      const top = rect.y + y;
      if (entry.pile !== pile.id || entry.dx || entry.dy) {
        if (entry.pile !== null) {
          context.moving.push({ entry, dx: entry.left + entry.dx - left, dy: entry.top + entry.dy - top });
        }
        entry.pile = pile.id;
        entry.dx = 0;
        entry.dy = 0;
        entry.x = NaN;
      }
      entry.left = left;
      entry.top = top;
      const at = children[view.decor + i];
      if (at !== entry.el) el.insertBefore(entry.el, at || null);
      if (entry.x !== x || entry.y !== y) {
        entry.x = x;
        entry.y = y;
        entry.el.style.transform = translate(x, y);
      }
    });
  }

  /** Cards that changed pile glide from where they were (computed, so no layout is forced). */
  animateMoves(moving) {
    if (this.reduceMotion) return;
    for (const { entry, dx, dy } of moving) {
      if ((Math.abs(dx) < 1 && Math.abs(dy) < 1) || typeof entry.el.animate !== "function") continue;
      entry.el.animate(
        [
          { transform: translate(entry.x + dx, entry.y + dy), zIndex: 20 },
          { transform: translate(entry.x, entry.y), zIndex: 20 },
        ],
        { duration: MOVE_ANIMATION_MS, easing: "cubic-bezier(.2,.7,.3,1)" },
      );
    }
  }

  heldCards() {
    if (!this.held) return [];
    const pile = this.piles.get(this.held.source);
    if (!pile) return [];
    const cards = Array.from(pile.el.children).slice(pile.decor);
    return cards.slice(Math.max(0, cards.length - this.held.count));
  }

  updateHighlights() {
    const state = this.state;
    const targets = this.held && state ? legalTargets(state.legal, this.held.source, this.held.count) : [];
    const hover = this.drag ? this.drag.hover : null;
    for (const [id, pile] of this.piles) {
      pile.el.classList.toggle("sw-pile--target", targets.includes(id));
      pile.el.classList.toggle("sw-pile--source", this.held !== null && this.held.source === id);
      pile.el.classList.toggle("sw-pile--hover", hover === id);
    }
    const held = new Set(this.heldCards());
    for (const entry of this.cards.values()) entry.el.classList.toggle("sw-card--held", held.has(entry.el));
  }

  updateToolbar() {
    const state = this.state;
    const playing = !this.problem;
    const game = playing ? state.game : this.gameSelect.value;
    if (playing) {
      if (this.gameSelect.value !== state.game) this.gameSelect.value = state.game;
      const draw = String((state.options && state.options.draw) || 1);
      if (this.drawSelect.value !== draw) this.drawSelect.value = draw;
      if (document.activeElement !== this.seedInput) {
        this.seedInput.value = state.seed === null || state.seed === undefined ? "" : String(state.seed);
      }
      this.newButton.title =
        state.seed === null || state.seed === undefined
          ? "Deal a new game (N)"
          : `Deal a new game (N). This deal's seed is ${state.seed}.`;
      const moves = Number(state.moves) || 0;
      setText(this.movesText, `${moves} move${moves === 1 ? "" : "s"}`);
    }
    this.drawSelect.hidden = game !== "klondike";
    this.undoButton.disabled = !(playing && state.can_undo);
    this.redoButton.disabled = !(playing && state.can_redo);
    this.restartButton.disabled = !(playing && (state.moves > 0 || state.can_redo));
    this.autoButton.disabled = !(playing && state.status === "playing" && hasFoundationMove(state.legal));
    this.newButton.disabled = !playing;
    this.gameSelect.disabled = !playing;
    this.drawSelect.disabled = !playing;
    this.updateClock();
  }

  updateClock() {
    const state = this.state;
    let text = "0:00";
    if (state && Number.isFinite(state.started_at)) {
      const end = Number.isFinite(state.finished_at) ? state.finished_at : Date.now();
      text = clockText(end - state.started_at);
    }
    setText(this.clockText, text);
  }

  updateOverlay(state) {
    const over = state.status === "won" || state.status === "stuck";
    this.overlay.hidden = !over;
    this.felt.classList.toggle("sw-felt--over", over);
    if (!over) return;
    const won = state.status === "won";
    this.overlay.classList.toggle("sw-overlay--won", won);
    const message = typeof state.message === "string" && state.message ? state.message : null;
    if (won) {
      setText(this.overlayTitle, message || "You won!");
      setText(this.overlayText, "Every card is home on the foundations.");
    } else {
      // The message usually starts by saying so; then a plainer title avoids saying it twice.
      const saysIt = message && /^no (useful )?moves left/i.test(message);
      setText(this.overlayTitle, saysIt ? "Game over" : "No moves left");
      setText(this.overlayText, message || "No useful move is left.");
    }
    const moves = Number(state.moves) || 0;
    const time = Number.isFinite(state.finished_at) && Number.isFinite(state.started_at)
      ? clockText(state.finished_at - state.started_at)
      : null;
    setText(this.overlayStats, `${moves} move${moves === 1 ? "" : "s"}${time ? ` \u00B7 ${time}` : ""}`);
    this.overlayUndo.disabled = !state.can_undo;
  }

  // ------------------------------------------------------------------ messages to the player
  announce(text) {
    // Alternating a trailing space makes a repeated sentence count as new for screen readers.
    this.announceToggle = !this.announceToggle;
    this.live.textContent = text + (this.announceToggle ? "\u00A0" : "");
  }

  showToast(text, { kind = "info", sticky = false } = {}) {
    clearTimeout(this.toastTimer);
    this.toastTimer = null;
    this.toast.textContent = text;
    this.toast.className = `sw-toast sw-toast--${kind}`;
    this.toast.hidden = false;
    if (!sticky) {
      this.toastTimer = setTimeout(() => {
        this.toastTimer = null;
        this.toast.hidden = true;
      }, TOAST_MS);
    }
  }

  hideToast() {
    clearTimeout(this.toastTimer);
    this.toastTimer = null;
    this.toast.hidden = true;
  }

  clearKernelWarning() {
    this.root.classList.remove("sw-waiting");
    if (this.kernelSilent) {
      this.kernelSilent = false;
      this.hideToast();
    }
  }

  onAnswerTimeout() {
    this.kernelSilent = true;
    this.root.classList.remove("sw-waiting");
    this.snapBack();
    const text = "The kernel is not answering. It may be busy, or it may have stopped: if it has, restart it and run the cell again.";
    this.showToast(text, { kind: "error", sticky: true });
    this.announce(text);
  }

  onMessage(content) {
    if (!content || content.kind !== "refused" || !this.channel.isOwn(content.request)) return;
    this.channel.refusalArrived(content.request);
    this.clearKernelWarning();
    const reason = typeof content.reason === "string" && content.reason ? content.reason : "that move is not allowed";
    const text = reason.charAt(0).toUpperCase() + reason.slice(1);
    this.held = null;
    this.snapBack();
    this.updateHighlights();
    // A refused new game leaves the chooser showing the game still on the board.
    this.updateToolbar();
    this.showToast(text, { kind: "error" });
    this.announce(`Not allowed: ${reason}`);
  }

  // ------------------------------------------------------------------ intents
  sendIntent(kind, fields = {}) {
    const state = this.state;
    if (this.problem) return null;
    let request;
    try {
      request = this.channel.send(kind, state.version, fields);
    } catch {
      // The model throws when it has no kernel to send to (shut down, or the connection
      // lost): no answer can come, so say so now instead of after the watchdog.
      this.channel.settle();
      this.onAnswerTimeout();
      return null;
    }
    if (request === null) {
      this.announce("Still waiting for the kernel to answer the last request.");
      return null;
    }
    this.root.classList.add("sw-waiting");
    return request;
  }

  sendMove(move) {
    this.held = null;
    this.updateHighlights();
    return this.sendIntent("move", { source: move.source, target: move.target, count: move.count });
  }

  newGame(game = null) {
    const state = this.state;
    if (this.problem) return;
    const chosen = game || state.game;
    const typed = this.seedInput.value.trim();
    let seed = null;
    if (typed !== "" && typed !== String(state.seed ?? "")) {
      const number = Number(typed);
      if (!/^\d+$/.test(typed) || !Number.isSafeInteger(number)) {
        const text = `A seed is a whole number from 0 to ${Number.MAX_SAFE_INTEGER}; "${typed}" is not one.`;
        this.showToast(text, { kind: "error" });
        this.announce(text);
        return;
      }
      seed = number;
    }
    const options = chosen === state.game ? { ...(state.options || {}) } : {};
    if (chosen === "klondike") options.draw = Number(this.drawSelect.value) === 3 ? 3 : 1;
    this.sendIntent("new_game", { game: chosen, seed, options });
  }

  runCommand(action) {
    switch (action) {
      case "new":
        this.newGame();
        break;
      case "undo":
      case "redo":
      case "restart":
      case "autoplay":
        this.held = null;
        this.updateHighlights();
        this.sendIntent(action);
        break;
      default:
        break;
    }
  }

  // ------------------------------------------------------------------ toolbar events
  onControlChange(event) {
    const control = event.target.getAttribute && event.target.getAttribute("data-control");
    if (control === "game") this.newGame(this.gameSelect.value);
    else if (control === "draw") this.newGame("klondike");
  }

  onSeedKey(event) {
    if (event.key === "Enter") {
      event.preventDefault();
      this.newGame();
    } else if (event.key === "Escape") {
      const seed = this.state && this.state.seed;
      this.seedInput.value = seed === null || seed === undefined ? "" : String(seed);
    }
  }

  // ------------------------------------------------------------------ pointer play
  onClick(event) {
    const button = event.target.closest && event.target.closest("button[data-action]");
    if (button && this.root.contains(button)) {
      if (!button.disabled) this.runCommand(button.getAttribute("data-action"));
      return;
    }
    if (!this.board.contains(event.target) || this.problem) return;
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const pileEl = event.target.closest("[data-pile]");
    if (!pileEl) {
      if (this.held) this.putBack();
      return;
    }
    const pileId = pileEl.getAttribute("data-pile");
    this.setFocus(pileId, false);
    const count = this.countAt(pileId, event.target.closest(".sw-card"));
    if (count === 0 && !this.held) {
      this.announce("That card is face down.");
      return;
    }
    if (this.held && this.held.source === pileId && count && count !== this.held.count) {
      this.pickUp({ source: pileId, count });
      return;
    }
    this.activate(pileId, count || null);
  }

  /** Cards from `cardEl` to the top of its pile (0 for a face-down card, null for no card). */
  countAt(pileId, cardEl) {
    if (!cardEl || !pileId.startsWith("tableau/")) return null;
    const pile = this.piles.get(pileId);
    const cards = Array.from(pile.el.children).slice(pile.decor);
    const index = cards.indexOf(cardEl);
    if (index < 0) return null;
    if (cardEl.classList.contains("sw-card--down")) return 0;
    return cards.length - index;
  }

  onDoubleClick(event) {
    const cardEl = event.target.closest && event.target.closest(".sw-card");
    const pileEl = cardEl && cardEl.closest("[data-pile]");
    if (!pileEl || this.problem) return;
    const pileId = pileEl.getAttribute("data-pile");
    if (pileId === "stock" || pileId.startsWith("foundation/")) return;
    const pile = this.piles.get(pileId);
    if (pile.el.lastElementChild !== cardEl && pileId !== "waste") return;
    if (cardEl.classList.contains("sw-card--down")) return;
    event.preventDefault();
    this.held = null;
    this.sendMove(foundationMoveFor(this.state, pileId));
  }

  onPointerDown(event) {
    this.suppressClick = false;
    if (event.button !== 0 || this.drag || this.problem) return;
    const cardEl = event.target.closest && event.target.closest(".sw-card");
    const pileEl = cardEl && cardEl.closest("[data-pile]");
    if (!pileEl || cardEl.classList.contains("sw-card--down")) return;
    const source = pileEl.getAttribute("data-pile");
    if (source === "stock") return;
    const count = source.startsWith("tableau/") ? this.countAt(source, cardEl) : 1;
    this.press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, source, count };
  }

  onPointerMove(event) {
    if (this.drag) {
      if (event.pointerId === this.drag.pointerId) this.moveDrag(event);
      return;
    }
    const press = this.press;
    if (!press || event.pointerId !== press.pointerId) return;
    if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return;
    this.startDrag(press);
    this.moveDrag(event);
  }

  onPointerUp(event) {
    const drag = this.drag;
    this.press = null;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.suppressClick = true;
    this.finishDrag(event);
  }

  startDrag(press) {
    this.press = null;
    this.held = { source: press.source, count: press.count };
    const pile = this.piles.get(press.source);
    const elements = this.heldCards();
    const entries = elements.map((el) => this.cards.get(el.getAttribute("data-card")));
    this.drag = {
      pointerId: press.pointerId,
      x: press.x,
      y: press.y,
      source: press.source,
      count: press.count,
      entries,
      pileEl: pile.el,
      hover: null,
      boardRect: this.board.getBoundingClientRect(),
    };
    try {
      this.board.setPointerCapture(press.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; moves still arrive on the board.
    }
    pile.el.classList.add("sw-pile--lifted");
    for (const entry of entries) entry.el.classList.add("sw-card--dragging");
    this.updateHighlights();
    const first = entries[0];
    if (first) this.announce(`Dragging ${pileLabelWords(first.el, entries.length)} from ${pileName(press.source)}.`);
  }

  moveDrag(event) {
    const drag = this.drag;
    const dx = event.clientX - drag.x;
    const dy = event.clientY - drag.y;
    drag.dx = dx;
    drag.dy = dy;
    for (const entry of drag.entries) {
      entry.dx = dx;
      entry.dy = dy;
      entry.el.style.transform = translate(entry.x + dx, entry.y + dy);
    }
    const hover = this.dropTargetFor(drag, event);
    if (hover !== drag.hover) {
      drag.hover = hover;
      this.updateHighlights();
    }
  }

  /** The pile a drop here would target: by overlap of the lead card, then the pile under the pointer. */
  dropTargetFor(drag, event) {
    const layout = this.layout;
    const lead = drag.entries[0];
    if (!lead) return null;
    const from = layout.piles[drag.source];
    const cardLeft = from.x + lead.x + (drag.dx || 0);
    const cardTop = from.y + lead.y + (drag.dy || 0);
    const candidates = [];
    for (const id of this.pileOrder) {
      const rect = layout.piles[id];
      const bottom = id.startsWith("tableau/") ? Math.max(rect.y + rect.height, layout.height) : rect.y + rect.height;
      const width = Math.min(cardLeft + layout.cardWidth, rect.x + rect.width) - Math.max(cardLeft, rect.x);
      const height = Math.min(cardTop + layout.cardHeight, bottom) - Math.max(cardTop, rect.y);
      candidates.push({ id, area: width > 0 && height > 0 ? width * height : 0 });
    }
    const x = event.clientX - drag.boardRect.left;
    const y = event.clientY - drag.boardRect.top;
    const under = this.pileOrder.find((id) => {
      const rect = layout.piles[id];
      return x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
    });
    return dropTarget(candidates, this.state.legal, drag.source, drag.count, under || null);
  }

  finishDrag(event) {
    const drag = this.drag;
    this.moveDrag(event);
    const target = drag.hover;
    this.endDragStyles();
    if (!target || target === drag.source) {
      this.held = null;
      this.snapBack(drag.entries);
      this.updateHighlights();
      return;
    }
    this.awaiting = drag.entries;
    const request = this.sendMove({ source: drag.source, target, count: drag.count });
    if (request === null) this.snapBack();
  }

  endDragStyles() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    drag.pileEl.classList.remove("sw-pile--lifted");
    for (const entry of drag.entries) entry.el.classList.remove("sw-card--dragging");
    if (this.board.hasPointerCapture && this.board.hasPointerCapture(drag.pointerId)) {
      this.board.releasePointerCapture(drag.pointerId);
    }
  }

  cancelDrag() {
    this.press = null;
    const drag = this.drag;
    if (!drag) return;
    this.endDragStyles();
    this.held = null;
    this.snapBack(drag.entries);
    this.updateHighlights();
  }

  /** Cards moved by a drag glide back to their places (a refused or cancelled drop). */
  snapBack(entries = this.awaiting) {
    if (entries === this.awaiting) this.awaiting = null;
    if (!entries) return;
    for (const entry of entries) {
      const from = entry.el.style.transform;
      const to = translate(entry.x, entry.y);
      entry.dx = 0;
      entry.dy = 0;
      entry.el.style.transform = to;
      if (from !== to && !this.reduceMotion && typeof entry.el.animate === "function") {
        entry.el.animate([{ transform: from, zIndex: 20 }, { transform: to, zIndex: 20 }], {
          duration: MOVE_ANIMATION_MS,
          easing: "ease-out",
        });
      }
    }
  }

  // ------------------------------------------------------------------ picking up and dropping
  pickUp(held) {
    this.held = held;
    this.updateHighlights();
    const targets = legalTargets(this.state.legal, held.source, held.count);
    const cards = this.heldCards();
    const what = cards.length ? pileLabelWords(cards[0], held.count) : `${held.count} cards`;
    const where = targets.length ? `It can go to ${targets.map(pileName).join(", ")}.` : "No pile takes it now.";
    this.announce(`Picked up ${what} from ${pileName(held.source)}. ${where}`);
  }

  putBack() {
    this.held = null;
    this.updateHighlights();
    this.announce("Put the cards back.");
  }

  activate(pileId, count = null) {
    const result = activatePile(this.state, this.held, pileId, count);
    switch (result.kind) {
      case "pick":
        this.pickUp(result.held);
        break;
      case "drop":
      case "send":
        this.sendMove(result.move);
        break;
      case "cancel":
        this.putBack();
        break;
      default:
        this.announce(result.reason);
        break;
    }
  }

  // ------------------------------------------------------------------ keyboard play
  setFocus(pileId, moveDomFocus = true) {
    const previous = this.piles.get(this.focusId);
    const next = this.piles.get(pileId);
    if (!next) return;
    if (previous && previous !== next) previous.el.setAttribute("tabindex", "-1");
    next.el.setAttribute("tabindex", "0");
    this.focusId = pileId;
    if (moveDomFocus) next.el.focus({ preventScroll: false });
  }

  onFocusIn(event) {
    const pileEl = event.target.closest && event.target.closest("[data-pile]");
    if (pileEl && pileEl.parentElement === this.board) this.setFocus(pileEl.getAttribute("data-pile"), false);
  }

  /**
   * The board's keys, pressed while a pile has the focus, must not also work as notebook
   * shortcuts (arrows would select other cells, Enter edit the cell). Capturing them at the
   * window runs before the notebook's handler on the document; every other key (Ctrl+S,
   * Shift+Enter, "b" for a new cell, Escape with nothing held) goes on to the notebook.
   */
  onWindowKey(event) {
    if (!(event.target instanceof Node) || !this.board.contains(event.target)) return;
    const action = keyAction(event);
    if (!action || (action === "cancel" && !this.held)) return;
    event.stopPropagation();
    this.onKey(event);
  }

  onKey(event) {
    const action = keyAction(event);
    if (!action || this.problem) return;
    event.preventDefault();
    switch (action) {
      case "left":
      case "right":
      case "up":
      case "down":
      case "first":
      case "last": {
        const rows = focusRows(this.pileOrder);
        const centre = (id) => {
          const rect = this.layout.piles[id];
          return rect.x + rect.width / 2;
        };
        this.setFocus(moveFocus(this.focusId, action, rows, centre));
        break;
      }
      case "longer":
      case "shorter": {
        const resized = resizeHeld(this.state, this.held, action === "longer" ? 1 : -1);
        if (resized !== this.held) this.pickUp(resized);
        break;
      }
      case "activate":
        this.activate(this.focusId);
        break;
      case "cancel":
        if (this.held) this.putBack();
        break;
      case "new":
        this.newGame();
        break;
      default:
        this.runCommand(action);
        break;
    }
  }
}

function pileLabelWords(cardEl, count) {
  const words = `the ${cardEl.getAttribute("aria-label")}`;
  return count > 1 ? `${words} and ${count - 1} card${count === 2 ? "" : "s"} on it` : words;
}

