// What the player holds: cards picked up by a click or the keyboard (a drag is pointer.js's),
// put back, or played on a pile; activatePile (keys.js) says which a pile's activation means.

import { runWords } from "./labels.js";
import { activatePile } from "./keys.js";
import { legalTargets } from "./legal.js";
import { pileName } from "./piles.js";

export const STILL_WAITING = "Still waiting for the kernel to answer the last request.";

export class Hand {
  constructor(view) {
    this.view = view;
  }

  /** True, after telling the player why, while a pending move holds the board. */
  waitingForMove() {
    if (!this.view.instant.pending) return false;
    this.view.feedback.announce(STILL_WAITING);
    return true;
  }

  pickUp(held) {
    const view = this.view;
    view.sideColumn.replay.stop();
    view.held = held;
    view.board.updateHighlights();
    const targets = legalTargets(view.state.legal, held.source, held.count);
    const cards = view.board.heldCards();
    const what = cards.length ? runWords(cards[0].getAttribute("aria-label"), held.count) : `${held.count} cards`;
    const where = targets.length ? `It can go to ${targets.map(pileName).join(", ")}.` : "No pile takes it now.";
    view.feedback.announce(`Picked up ${what} from ${pileName(held.source)}. ${where}`);
  }

  putBack() {
    this.view.held = null;
    this.view.board.updateHighlights();
    this.view.feedback.announce("Put the cards back.");
  }

  /** A click, Enter or Space on `pileId` (on the run of `count` cards from its top, if given). */
  activate(pileId, count = null) {
    const view = this.view;
    if (view.kernelLink.refused()) return;
    if (pileId === "stock" && !view.held && view.channel.isWaiting(view.state.version)) {
      view.instant.queueDraw();
      view.feedback.announce(STILL_WAITING);
      return;
    }
    if (this.waitingForMove()) return;
    const result = activatePile(view.state, view.held, pileId, count);
    switch (result.kind) {
      case "pick":
        this.pickUp(result.held);
        break;
      case "drop":
      case "send":
        view.instant.send(result.move);
        break;
      case "cancel":
        this.putBack();
        break;
      default:
        view.feedback.announce(result.reason);
        break;
    }
  }
}
