// Playing with the pointer: click a card then a pile, double-click to send a card home,
// drag cards and drop them on a pile. A drag lasts until the button is released, Escape is
// pressed or the board changes under it (a new state); the board laid out again meanwhile
// (a resize, a scrollbar or a panel appearing) keeps the cards under the pointer, and held
// near the top or bottom of what shows, they scroll the notebook (autoscroll.js). The held
// cards are drawn over the page, whole, wherever the notebook would cut them off (carry.js).

import { EdgeScroll } from "./autoscroll.js";
import { CarriedCards } from "./carry.js";
import { cardWords } from "./cards.js";
import { translate } from "./dom.js";
import { runWords } from "./labels.js";
import { dropTarget, foundationMoveFor } from "./legal.js";
import { pileName } from "./piles.js";

const DRAG_THRESHOLD_PX = 5;

export class PointerPlay {
  constructor(view) {
    this.view = view;
    this.press = null; // pointer pressed on a card, not yet a drag
    this.drag = null;
    this.awaiting = null; // cards dropped by a drag, waiting for Python's answer
    this.suppressClick = false;
    this.edgeScroll = new EdgeScroll(view.board.el, () => this.followLayout());
    this.carried = new CarriedCards(view.board.el);
  }

  destroy() {
    this.edgeScroll.stop();
    this.carried.drop();
  }

  /** The pile a drag is over and would drop on, or null. */
  hoveredPile() {
    return this.drag ? this.drag.hover : null;
  }

  /** A click on the board (the toolbar's and overlay's buttons are the view's). */
  onClick(event) {
    const view = this.view;
    if (!view.board.el.contains(event.target) || view.problem) return;
    if (this.suppressClick) {
      this.suppressClick = false;
      return;
    }
    const pileEl = event.target.closest("[data-pile]");
    if (!pileEl) {
      if (view.held) view.hand.putBack();
      return;
    }
    const pileId = pileEl.getAttribute("data-pile");
    view.keyboard.setFocus(pileId, false);
    const count = this.countAt(pileId, event.target.closest(".sw-card"));
    if (count === 0 && !view.held) {
      view.feedback.announce("That card is face down.");
      return;
    }
    if (view.held && view.held.source === pileId && count && count !== view.held.count) {
      view.hand.pickUp({ source: pileId, count });
      return;
    }
    view.hand.activate(pileId, count || null);
  }

  /** Cards from `cardEl` to the top of its pile (0 for a face-down card, null for no card). */
  countAt(pileId, cardEl) {
    if (!cardEl || !pileId.startsWith("tableau/")) return null;
    const board = this.view.board;
    const cards = board.cardElements(board.piles.get(pileId));
    const index = cards.indexOf(cardEl);
    if (index < 0) return null;
    if (cardEl.classList.contains("sw-card--down")) return 0;
    return cards.length - index;
  }

  onDoubleClick(event) {
    const view = this.view;
    const cardEl = event.target.closest?.(".sw-card");
    const pileEl = cardEl?.closest("[data-pile]");
    // While a move is pending, its two clicks have already said the board is waiting.
    if (!pileEl || view.problem || view.instant.pending) return;
    const pileId = pileEl.getAttribute("data-pile");
    if (pileId === "stock" || pileId.startsWith("foundation/")) return;
    const pile = view.board.piles.get(pileId);
    if (pile.el.lastElementChild !== cardEl && pileId !== "waste") return;
    if (cardEl.classList.contains("sw-card--down")) return;
    event.preventDefault();
    view.held = null;
    const move = foundationMoveFor(view.state, pileId);
    if (move) {
      view.instant.send(move);
    } else {
      view.board.updateHighlights();
      const said = `No foundation takes the ${cardWords(cardEl.getAttribute("data-card"))} now.`;
      view.feedback.showToast(said);
      view.feedback.announce(said);
    }
  }

  onPointerDown(event) {
    this.suppressClick = false;
    const view = this.view;
    if (event.button !== 0 || this.drag || view.problem || view.instant.pending || !view.kernelLink.live) return;
    const cardEl = event.target.closest?.(".sw-card");
    const pileEl = cardEl?.closest("[data-pile]");
    if (!pileEl || cardEl.classList.contains("sw-card--down")) return;
    const source = pileEl.getAttribute("data-pile");
    if (source === "stock") return;
    const count = source.startsWith("tableau/") ? this.countAt(source, cardEl) : 1;
    const grip = this.gripAt(source, count, event.clientX, event.clientY);
    this.press = { pointerId: event.pointerId, x: event.clientX, y: event.clientY, source, count, grip };
  }

  /**
   * Where the pointer at (`clientX`, `clientY`) holds the lead card of the `count` cards on
   * top of `source`, as a share of the card's size. Taken at the press: the notebook may
   * scroll or the view be laid out again before the pointer moves far enough to drag, and
   * the cards must then be held where they were taken, not where the board has moved to.
   */
  gripAt(source, count, clientX, clientY) {
    const board = this.view.board;
    const cards = board.cardElements(board.piles.get(source));
    const lead = board.cards.get(cards[cards.length - count].getAttribute("data-card"));
    const boardRect = board.el.getBoundingClientRect();
    const { cardWidth, cardHeight } = board.layout;
    return {
      x: (clientX - boardRect.left - lead.left) / cardWidth,
      y: (clientY - boardRect.top - lead.top) / cardHeight,
    };
  }

  onPointerMove(event) {
    if (!this.drag) {
      const press = this.press;
      if (!press || event.pointerId !== press.pointerId) return;
      if (Math.hypot(event.clientX - press.x, event.clientY - press.y) < DRAG_THRESHOLD_PX) return;
      this.startDrag(press);
    } else if (event.pointerId !== this.drag.pointerId) {
      return;
    }
    this.moveDrag(event.clientX, event.clientY);
    this.edgeScroll.follow(event.clientY);
  }

  onPointerUp(event) {
    const drag = this.drag;
    this.press = null;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.suppressClick = true;
    this.finishDrag(event);
  }

  startDrag(press) {
    const view = this.view;
    const board = view.board;
    this.press = null;
    view.sideColumn.replay.stop();
    view.held = { source: press.source, count: press.count };
    const pile = board.piles.get(press.source);
    const elements = board.heldCards();
    const entries = elements.map((el) => board.cards.get(el.getAttribute("data-card")));
    const [lead] = entries;
    this.drag = {
      pointerId: press.pointerId,
      source: press.source,
      count: press.count,
      entries,
      pileEl: pile.el,
      hover: null,
      // A share of the lead card's size: laid out again at another size, the cards stay
      // held at the same spot.
      grip: press.grip,
      clientX: press.x,
      clientY: press.y,
      boardRect: board.el.getBoundingClientRect(),
    };
    try {
      board.el.setPointerCapture(press.pointerId);
    } catch {
      // A synthetic pointer cannot be captured; moves still arrive on the board.
    }
    pile.el.classList.add("sw-pile--lifted");
    for (const entry of entries) {
      entry.dragged = true;
      entry.el.classList.add("sw-card--dragging");
    }
    this.carried.lift(elements);
    board.updateHighlights();
    const what = runWords(lead.el.getAttribute("aria-label"), entries.length);
    view.feedback.announce(`Dragging ${what} from ${pileName(press.source)}.`);
  }

  /** The held cards follow the pointer, now at (`clientX`, `clientY`) in the window. */
  moveDrag(clientX, clientY) {
    const drag = this.drag;
    const board = this.view.board;
    drag.clientX = clientX;
    drag.clientY = clientY;
    // Read afresh each time: the notebook may have scrolled or the view been laid out again.
    drag.boardRect = board.el.getBoundingClientRect();
    const lead = drag.entries[0];
    const dx = clientX - drag.boardRect.left - drag.grip.x * board.layout.cardWidth - lead.left;
    const dy = clientY - drag.boardRect.top - drag.grip.y * board.layout.cardHeight - lead.top;
    drag.dx = dx;
    drag.dy = dy;
    for (const entry of drag.entries) {
      entry.dx = dx;
      entry.dy = dy;
      entry.el.style.transform = translate(entry.x + dx, entry.y + dy);
    }
    const { left, top } = drag.boardRect;
    this.carried.follow(drag.entries.map((entry) => ({ x: left + entry.left + dx, y: top + entry.top + dy })));
    const hover = this.dropTargetFor(drag, clientX, clientY);
    if (hover !== drag.hover) {
      drag.hover = hover;
      board.updateHighlights();
    }
  }

  /**
   * After the board was laid out again or moved on the page mid-drag (the view resized, a
   * scrollbar or a panel appeared, the notebook scrolled): the held cards go back under the
   * pointer, and the pile a drop would land on is found again, by the new layout.
   */
  followLayout() {
    if (this.drag) this.moveDrag(this.drag.clientX, this.drag.clientY);
  }

  /** The pile a drop here would target: by overlap of the lead card, then the pile under the pointer. */
  dropTargetFor(drag, clientX, clientY) {
    const { layout, pileOrder } = this.view.board;
    const lead = drag.entries[0];
    if (!lead) return null;
    const from = layout.piles[drag.source];
    const cardLeft = from.x + lead.x + (drag.dx || 0);
    const cardTop = from.y + lead.y + (drag.dy || 0);
    const candidates = [];
    for (const id of pileOrder) {
      const rect = layout.piles[id];
      const bottom = id.startsWith("tableau/") ? Math.max(rect.y + rect.height, layout.height) : rect.y + rect.height;
      const width = Math.min(cardLeft + layout.cardWidth, rect.x + rect.width) - Math.max(cardLeft, rect.x);
      const height = Math.min(cardTop + layout.cardHeight, bottom) - Math.max(cardTop, rect.y);
      candidates.push({ id, area: width > 0 && height > 0 ? width * height : 0 });
    }
    const x = clientX - drag.boardRect.left;
    const y = clientY - drag.boardRect.top;
    const under = pileOrder.find((id) => {
      const rect = layout.piles[id];
      return x >= rect.x && x <= rect.x + rect.width && y >= rect.y && y <= rect.y + rect.height;
    });
    return dropTarget(candidates, this.view.state.legal, drag.source, drag.count, under || null);
  }

  finishDrag(event) {
    const view = this.view;
    const drag = this.drag;
    this.moveDrag(event.clientX, event.clientY);
    const target = drag.hover;
    this.endDragStyles();
    if (!target || target === drag.source) {
      view.held = null;
      this.snapBack(drag.entries);
      view.board.updateHighlights();
      return;
    }
    this.awaiting = drag.entries;
    const request = view.instant.send({ source: drag.source, target, count: drag.count });
    if (request === null) this.snapBackDropped();
  }

  endDragStyles() {
    const drag = this.drag;
    if (!drag) return;
    this.drag = null;
    this.edgeScroll.stop();
    this.carried.drop();
    drag.pileEl.classList.remove("sw-pile--lifted");
    for (const entry of drag.entries) {
      entry.dragged = false;
      entry.el.classList.remove("sw-card--dragging");
    }
    const boardEl = this.view.board.el;
    if (boardEl.hasPointerCapture?.(drag.pointerId)) {
      boardEl.releasePointerCapture(drag.pointerId);
    }
  }

  /** Ends a drag without a move: the cards glide back; true when a drag was on. */
  cancelDrag() {
    this.press = null;
    const drag = this.drag;
    if (!drag) return false;
    this.endDragStyles();
    // The button may still be down: its release must not click the pile under it.
    this.suppressClick = true;
    this.view.held = null;
    this.snapBack(drag.entries);
    this.view.board.updateHighlights();
    return true;
  }

  /**
   * Escape during a drag puts the cards back, wherever the focus is, and goes no further
   * (not to the board's keys, nor to the notebook's): captured at the window before them.
   */
  onWindowKey(event) {
    if (event.key !== "Escape" || !this.drag) return;
    event.preventDefault();
    event.stopImmediatePropagation();
    this.cancelDrag();
    this.view.feedback.announce("Put the cards back.");
  }

  /** Cards moved by a drag glide back to their places (a refused or cancelled drop). */
  snapBack(entries) {
    for (const entry of entries) {
      const from = entry.el.style.transform;
      const to = translate(entry.x, entry.y);
      entry.dx = 0;
      entry.dy = 0;
      entry.el.style.transform = to;
      this.view.board.glide(entry.el, from, to, "ease-out");
    }
  }

  /** The cards of a drop that was refused or got no answer go back where they were. */
  snapBackDropped() {
    const entries = this.awaiting;
    this.awaiting = null;
    if (entries) this.snapBack(entries);
  }
}
