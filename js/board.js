// The board: piles and cards drawn from the state (a DOM node kept per card and diffed),
// the glide of cards that changed place, and the highlights of held cards and their targets.

import { faceHTML } from "./cardface.js";
import { marksOf } from "./drawing.js";
import { cardWords, isRed } from "./cards.js";
import { makeElement, setAttr, setText, translate } from "./dom.js";
import { foundationHint, hasMixedDirections, pileLabel, stockCaption } from "./labels.js";
import { boardLayout, stackOffsets, tableauOffsets, wasteOffsets } from "./layout.js";
import { canRedeal, legalTargets } from "./legal.js";
import { pilesOf } from "./piles.js";

export const MOVE_ANIMATION_MS = 180;
const MAX_ANIMATED_CARDS = 30;
const COMPACT_CARD_WIDTH = 62; // below this, number cards show one large suit, not pips
const FALLBACK_WIDTH = 800; // before the view is attached and has a width
const PAGE_CHROME_PX = 150; // toolbar and notebook chrome above and below the board

/** Where each card of `pile` lies from the pile's corner: fanned, stacked or squared. */
function cardOffsets(pile, layout, context) {
  if (pile.kind === "tableau") {
    const source = context.state.position.tableau[pile.index];
    return tableauOffsets(source.down.length, source.up.length, layout.steps[pile.index]);
  }
  if (pile.kind === "waste") return wasteOffsets(pile.cards.length, context.wasteFan, layout.cardWidth);
  return stackOffsets(pile.cards.length);
}

/**
 * A foundation's words: what it takes next, as the empty slot's hint or as the caption under
 * its cards (a tick once it wants nothing more), and the `extra` its label reads.
 */
function foundationWords(pile, context) {
  // null: a pending move touched this foundation, and what it takes next is Python's to say.
  const listed = context.takes[pile.index];
  const takes = listed === null ? null : listed || [];
  const codes = pile.cards.map((card) => card.code);
  const words = { hint: "", caption: "", badge: "", extra: { takes } };
  if (takes !== null) {
    const text = foundationHint(codes, takes, context.arrows);
    if (codes.length === 0) words.hint = text;
    else words.caption = text || "\u2713";
  }
  return words;
}

export class Board {
  /** `helpId`: the element that explains the board's keys. */
  constructor(view, helpId) {
    this.view = view;
    this.el = makeElement("div", "sw-board", { role: "application", "aria-describedby": helpId });
    this.placeholder = makeElement("div", "sw-placeholder");
    this.cards = new Map(); // code -> the card's element and where it is (see cardEntry)
    this.piles = new Map(); // pile id -> { el, slot, hint, caption, badge, kind, decor }
    this.pileOrder = [];
    this.layout = null;
    this.styledSize = "";
    this.width = 0;
    this.laidOutWidth = 0;
    this.glides = new Set(); // the animations of cards gliding to their places
    this.reduceMotion =
      typeof window.matchMedia === "function" && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  }

  /**
   * The width to lay the board out in. The resize observer keeps it (its first report comes
   * before the first paint), so rendering never forces the browser to lay the page out.
   */
  layoutWidth() {
    return this.width > 0 ? this.width : FALLBACK_WIDTH;
  }

  /** Takes the container's new width; true when the board must be laid out again. */
  setWidth(width) {
    this.width = width;
    return this.layoutWidth() !== this.laidOutWidth;
  }

  showProblem(state, problem) {
    this.el.hidden = true;
    this.placeholder.hidden = false;
    setText(this.placeholder, state ? `This game cannot be shown: ${problem}.` : "Dealing\u2026");
  }

  render(state) {
    this.el.hidden = false;
    this.placeholder.hidden = true;
    const view = this.view;
    const position = state.position;
    const piles = pilesOf(position);
    const width = this.layoutWidth();
    this.laidOutWidth = width;
    const pageHeight = window.innerHeight > 0 ? window.innerHeight : 900;
    const wasteFan = Number(state.options?.draw) === 3 ? 3 : 1;
    const layout = boardLayout(width, Math.max(420, pageHeight - PAGE_CHROME_PX), {
      foundations: position.foundations.length,
      tableau: position.tableau.map((pile) => ({ down: pile.down.length, up: pile.up.length })),
      wasteFan,
    });
    this.layout = layout;
    const moving = [];

    const board = this.el;
    if (this.styledSize !== `${layout.width}x${layout.height}x${layout.cardWidth}`) {
      this.styledSize = `${layout.width}x${layout.height}x${layout.cardWidth}`;
      board.style.width = `${layout.width}px`;
      board.style.height = `${layout.height}px`;
      board.style.setProperty("--card-w", `${layout.cardWidth}px`);
      board.style.setProperty("--card-h", `${layout.cardHeight}px`);
      view.felt.classList.toggle("sw-felt--scroll", layout.width > width);
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
    if (!ids.includes(view.focusId)) view.focusId = "stock";
    const takes = Array.isArray(state.foundation_takes) ? state.foundation_takes : [];
    const arrows = hasMixedDirections(position.foundations, takes);
    // A pending move's board has no legal list: whether its empty stock redeals is unknown (null).
    const redeal = state.pending ? null : canRedeal(state);
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
    this.updateMarks(state);
    this.updateHighlights();
  }

  /**
   * Where the game stands: the piles of the move it stands after (state.standing), and the
   * piles and cards highlighted there (state.marks), each in its colour (data-mark).
   */
  updateMarks(state) {
    const standing = state.standing || null;
    const marks = marksOf(state);
    const mark = (el, colour) => {
      if (colour) el.setAttribute("data-mark", colour);
      else el.removeAttribute("data-mark");
    };
    for (const [id, pile] of this.piles) {
      pile.el.classList.toggle("sw-pile--from", standing !== null && standing.source === id);
      pile.el.classList.toggle("sw-pile--to", standing !== null && standing.target === id);
      pile.el.classList.toggle("sw-pile--marked", marks.has(id));
      mark(pile.el, marks.get(id));
    }
    // A face-down card is never ringed: the ring would tell which card lies there.
    for (const [code, entry] of this.cards) {
      const colour = entry.up ? marks.get(code) : undefined;
      entry.el.classList.toggle("sw-card--marked", Boolean(colour));
      mark(entry.el, colour);
    }
    this.el.toggleAttribute("data-marked", marks.size > 0);
  }

  renderPile(pile, layout, context) {
    const pileView = this.pileElement(pile.id, pile.kind);
    const rect = layout.piles[pile.id];
    this.placePile(pileView.el, pile, rect);
    let words = { hint: "", caption: "", badge: "", extra: {} };
    if (pile.kind === "foundation") words = foundationWords(pile, context);
    else if (pile.kind === "stock") words = this.stockWords(pileView.el, pile, layout, context);
    setText(pileView.hint, words.hint);
    setText(pileView.caption, words.caption);
    setText(pileView.badge, words.badge);
    pileView.badge.hidden = words.badge === "";
    setAttr(pileView.el, "aria-label", pileLabel(pile, words.extra));
    this.placeCards(pile, pileView, rect, cardOffsets(pile, layout, context), context.moving);
  }

  /** The pile's place and size (written only when changed), its tab stop and its empty look. */
  placePile(el, pile, rect) {
    const style = el.style;
    const left = `${rect.x}px`;
    const top = `${rect.y}px`;
    if (style.left !== left) style.left = left;
    if (style.top !== top) style.top = top;
    const width = `${rect.width}px`;
    const height = `${rect.height}px`;
    if (style.width !== width) style.width = width;
    if (style.height !== height) style.height = height;
    setAttr(el, "tabindex", pile.id === this.view.focusId ? "0" : "-1");
    el.classList.toggle("sw-pile--empty", pile.cards.length === 0);
  }

  /** The stock's words (see foundationWords), its title and whether its empty slot redeals. */
  stockWords(el, pile, layout, context) {
    const redealsLeft = context.state.position.redeals_left;
    const empty = pile.cards.length === 0;
    el.classList.toggle("sw-stock--redeal", empty && context.redeal === true);
    // ✕ only when no redeal is left: with redeals left and an empty waste, there is simply
    // nothing to turn over now.
    const spent = context.redeal === false && redealsLeft === 0;
    let title = "Draw";
    if (empty && context.redeal !== null) {
      title = context.redeal
        ? "Redeal: turn the waste over"
        : spent
          ? "Nothing left to draw"
          : "Nothing to redeal: the waste is empty";
    } else if (empty) title = "";
    setAttr(el, "title", title);
    return {
      hint: empty && context.redeal === true ? "\u21BB" : empty && spent ? "\u2715" : "",
      caption: stockCaption(redealsLeft, layout.cardWidth < COMPACT_CARD_WIDTH),
      badge: empty ? "" : String(pile.cards.length),
      extra: { canRedeal: context.redeal, redealsLeft },
    };
  }

  /**
   * Puts the pile's cards in it, in order, at `offsets` from its corner; a card that came
   * from another pile (or was dragged) goes on `moving` with where it was, to glide from there.
   */
  placeCards(pile, pileView, rect, offsets, moving) {
    const { el } = pileView;
    const children = el.children;
    pile.cards.forEach((card, i) => {
      const entry = this.cardEntry(card.code);
      this.turnCard(card.code, entry, card.up);
      const { x, y } = offsets[i];
      const left = rect.x + x;
      const top = rect.y + y;
      // A card the pointer holds stays with the pointer (PointerPlay.followLayout moves it there).
      if (entry.pile !== pile.id || (!entry.dragged && (entry.dx || entry.dy))) {
        if (entry.pile !== null) {
          moving.push({ entry, dx: entry.left + entry.dx - left, dy: entry.top + entry.dy - top });
        }
        entry.pile = pile.id;
        entry.dx = 0;
        entry.dy = 0;
        entry.x = NaN;
      }
      entry.left = left;
      entry.top = top;
      const at = children[pileView.decor + i];
      if (at !== entry.el) el.insertBefore(entry.el, at || null);
      if (entry.x !== x || entry.y !== y) {
        entry.x = x;
        entry.y = y;
        if (!entry.dragged) entry.el.style.transform = translate(x, y);
      }
    });
  }

  pileElement(id, kind) {
    let pile = this.piles.get(id);
    if (pile && pile.kind === kind) return pile;
    const el = makeElement("div", `sw-pile sw-pile--${kind}`, { "data-pile": id, role: "button", tabindex: "-1" });
    const slot = makeElement("div", "sw-slot", { "aria-hidden": "true" });
    const hint = makeElement("span", "sw-hint");
    slot.append(hint);
    const caption = makeElement("div", "sw-caption", { "aria-hidden": "true" });
    const badge = makeElement("div", "sw-badge", { "aria-hidden": "true" });
    el.append(slot, caption, badge);
    pile = { el, slot, hint, caption, badge, kind, decor: 3 };
    this.piles.set(id, pile);
    this.el.append(el);
    return pile;
  }

  /** The card elements of `pile` (from pileElement), bottom card first. */
  cardElements(pile) {
    return Array.from(pile.el.children).slice(pile.decor);
  }

  cardEntry(code) {
    let entry = this.cards.get(code);
    if (!entry) {
      const el = makeElement("div", "sw-card", { role: "img" });
      // x, y: offset in the pile; left, top: place on the board; dx, dy: a drag's displacement;
      // dragged: the pointer holds it now.
      entry = {
        el,
        faceNodes: null,
        up: null,
        pile: null,
        x: NaN,
        y: NaN,
        left: 0,
        top: 0,
        dx: 0,
        dy: 0,
        dragged: false,
      };
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

  /** Cards that changed pile glide from where they were (computed, so no layout is forced). */
  animateMoves(moving) {
    for (const { entry, dx, dy } of moving) {
      if (Math.abs(dx) < 1 && Math.abs(dy) < 1) continue;
      this.glide(
        entry.el,
        translate(entry.x + dx, entry.y + dy),
        translate(entry.x, entry.y),
        "cubic-bezier(.2,.7,.3,1)",
      );
    }
  }

  /** `el` glides from the transform `from` to `to` (its own transform already), unless motion is reduced. */
  glide(el, from, to, easing) {
    if (this.reduceMotion || from === to || typeof el.animate !== "function") return;
    const frames = [
      { transform: from, zIndex: 20 },
      { transform: to, zIndex: 20 },
    ];
    const glide = el.animate(frames, { duration: MOVE_ANIMATION_MS, easing });
    this.glides.add(glide);
    // A card on its way is not there yet: a click where it passes (the next click on the
    // stock, say) goes to what lies beneath, not to the card flying by.
    el.classList.add("sw-card--gliding");
    const landed = () => {
      this.glides.delete(glide);
      el.classList.remove("sw-card--gliding");
    };
    glide.addEventListener("finish", landed);
    glide.addEventListener("cancel", landed);
  }

  /**
   * Ends every glide at once: after the board is laid out at another size, a glide would
   * carry its card to where the old layout put it, then jump; the card shows in its new
   * place instead.
   */
  settleGlides() {
    for (const glide of [...this.glides]) glide.cancel();
  }

  /** The elements of the cards the player holds (view.held), bottom card first. */
  heldCards() {
    const held = this.view.held;
    if (!held) return [];
    const pile = this.piles.get(held.source);
    if (!pile) return [];
    const cards = this.cardElements(pile);
    return cards.slice(Math.max(0, cards.length - held.count));
  }

  updateHighlights() {
    const { state, held } = this.view;
    const targets = held && state ? legalTargets(state.legal, held.source, held.count) : [];
    const hover = this.view.pointer.hoveredPile();
    for (const [id, pile] of this.piles) {
      pile.el.classList.toggle("sw-pile--target", targets.includes(id));
      pile.el.classList.toggle("sw-pile--source", held !== null && held.source === id);
      pile.el.classList.toggle("sw-pile--hover", hover === id);
    }
    const heldCards = new Set(this.heldCards());
    for (const entry of this.cards.values()) entry.el.classList.toggle("sw-card--held", heldCards.has(entry.el));
    this.el.toggleAttribute("data-holding", held !== null);
  }
}
