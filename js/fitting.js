// Fitting the view to its width: the move list beside the board when there is room, else
// under it (layout.js says which); while presenting, the board alone, scaled to the room.
// Laid out again whenever the view changes width: the window, a scrollbar, a panel,
// presentation mode.

import { splitWidth } from "./layout.js";
import { PRESENTED_BOARD_WIDTH } from "./teaching.js";

export class Fitting {
  /**
   * `root` takes the wide class (`sw-root--wide`), `board` its width; `presenting()` says
   * whether presentation mode is on, and `redraw()` draws the view again at its new size.
   */
  constructor({ root, board, presenting, redraw }) {
    this.root = root;
    this.board = board;
    this.presenting = presenting;
    this.redraw = redraw;
    this.observer = null;
  }

  /** Follows the root's width from now on: a ResizeObserver, else the window's resize
   * (through `listen(target, type, handler)`, which the view undoes at its cleanup). */
  follow(listen) {
    if (typeof ResizeObserver === "function") {
      this.observer = new ResizeObserver((entries) => this.onResize(Math.floor(entries[0].contentRect.width)));
      this.observer.observe(this.root);
    } else {
      this.split(this.root.clientWidth);
      listen(window, "resize", () => this.onResize(this.root.clientWidth));
    }
  }

  /** Lays the view out for `width`; true when the board's width changed. */
  split(width) {
    const { wide, boardWidth } = this.presenting()
      ? { wide: false, boardWidth: PRESENTED_BOARD_WIDTH }
      : splitWidth(width);
    this.root.classList.toggle("sw-root--wide", wide);
    return this.board.setWidth(boardWidth);
  }

  /** The view changed width: laid out again (`always`: whatever the width); a drag goes on. */
  onResize(width, always = false) {
    // While presenting, a change of height too scales the board again.
    if (!this.split(width) && !always && !this.presenting()) return;
    this.board.settleGlides();
    this.redraw();
  }

  destroy() {
    if (this.observer) this.observer.disconnect();
  }
}
