// The cards a drag holds, drawn whole over the page. In JupyterLab the board sits in an
// output area that cuts off what reaches past its edges (overflow hidden and auto), inside a
// notebook laid out with `contain: strict` (which cuts off its contents too and makes
// `position: fixed` relative to it, not to the window): a card held over the foot of a long
// column showed in part. While a drag lasts, copies of the held cards are drawn in the top
// layer (a manual popover), where no ancestor's overflow, containment or transform reaches;
// the cards themselves stay in their piles with their marks (data-card, aria-label), unseen,
// following the pointer as before, and show again, where the drag leaves them, when it ends.
// A browser without popovers draws the held cards in the board, as it always did.

import { makeElement, translate } from "./dom.js";

// What names a card or makes it a control: the copy is a picture, the card itself keeps them.
const CARD_MARKS = ["data-card", "aria-label", "role"];

export class CarriedCards {
  /** `boardEl`: the board; the layer lives in it, so the board's styles and sizes apply. */
  constructor(boardEl) {
    this.boardEl = boardEl;
    this.el = makeElement("div", "sw-carried", { "aria-hidden": "true" });
    this.copies = [];
    this.supported = typeof this.el.showPopover === "function";
    if (this.supported) {
      this.el.popover = "manual";
      boardEl.append(this.el);
    }
  }

  /** True while copies of held cards are on show. */
  get carrying() {
    return this.copies.length > 0;
  }

  /** Draws copies of `cardEls` (bottom card first) over the page and hides the cards. */
  lift(cardEls) {
    if (!this.supported || cardEls.length === 0) return;
    this.drop();
    for (const cardEl of cardEls) {
      const copy = cardEl.cloneNode(true);
      for (const name of CARD_MARKS) copy.removeAttribute(name);
      copy.classList.remove("sw-card--held", "sw-card--dragging", "sw-card--gliding");
      copy.classList.add("sw-card--carried");
      copy.style.transform = "";
      this.copies.push(copy);
    }
    this.el.replaceChildren(...this.copies);
    this.el.showPopover();
    this.boardEl.classList.add("sw-board--carrying");
  }

  /** Puts the copies at `places`, one { x, y } per card in the window's coordinates. */
  follow(places) {
    this.copies.forEach((copy, i) => {
      const place = places[i];
      if (place) copy.style.transform = translate(place.x, place.y);
    });
  }

  /** Takes the copies away; the cards show again where they are. */
  drop() {
    if (!this.carrying) return;
    this.boardEl.classList.remove("sw-board--carrying");
    this.el.hidePopover();
    this.el.replaceChildren();
    this.copies = [];
  }
}
