// Scrolling the page under a drag: a board taller than the part of the notebook on screen
// (a small window, a panel under the board) has piles out of sight. Held near the top or
// bottom edge of what shows, the cards scroll the notebook towards them, faster the nearer
// the edge, until the pointer leaves the edge or there is nothing more to scroll.

const EDGE_PX = 48; // the band along the top and bottom of what shows
const MAX_STEP_PX = 20; // scrolled per frame with the pointer at or past the edge

/** The element that scrolls `el` up and down: its nearest scrolling ancestor, else the page. */
export function verticalScroller(el) {
  for (let node = el.parentElement; node; node = node.parentElement) {
    const overflow = getComputedStyle(node).overflowY;
    if (
      (overflow === "auto" || overflow === "scroll" || overflow === "overlay") &&
      node.scrollHeight > node.clientHeight
    ) {
      return node;
    }
  }
  return document.scrollingElement || document.documentElement;
}

/**
 * Pixels to scroll by in one frame for a pointer at `y` in a band from `top` to `bottom`
 * (window coordinates): negative near the top, positive near the bottom, else 0.
 */
export function edgeStep(y, top, bottom) {
  const edge = Math.min(EDGE_PX, (bottom - top) / 4);
  if (y > bottom - edge) return Math.ceil(MAX_STEP_PX * Math.min(1, (y - (bottom - edge)) / edge));
  if (y < top + edge) return -Math.ceil(MAX_STEP_PX * Math.min(1, (top + edge - y) / edge));
  return 0;
}

export class EdgeScroll {
  /** `el`: the element dragged over; `onScrolled()`: called after each step scrolls. */
  constructor(el, onScrolled) {
    this.el = el;
    this.onScrolled = onScrolled;
    this.scroller = null; // found once per drag
    this.y = null; // the pointer's height in the window, while a drag goes on
    this.armed = false;
    this.frame = null;
  }

  /**
   * The pointer is at `y` (window coordinates) with cards held. A drag that starts at an
   * edge scrolls only once the pointer has left it and come back: taking a card near the
   * top of what shows must not move the notebook.
   */
  follow(y) {
    if (this.y === null) this.scroller = verticalScroller(this.el);
    this.y = y;
    if (!this.armed) {
      this.armed = this.step() === 0;
      return;
    }
    if (this.frame === null && typeof requestAnimationFrame === "function" && this.step() !== 0) {
      this.frame = requestAnimationFrame(() => this.scroll());
    }
  }

  /** The drag ended: no more scrolling. */
  stop() {
    if (this.frame !== null) cancelAnimationFrame(this.frame);
    this.frame = null;
    this.y = null;
    this.armed = false;
    this.scroller = null;
  }

  /** What one frame would scroll by now, in the band of the scroller that shows. */
  step() {
    const scroller = this.scroller;
    const page = scroller === document.scrollingElement || scroller === document.documentElement;
    const rect = page ? { top: 0, bottom: window.innerHeight } : scroller.getBoundingClientRect();
    const top = Math.max(0, rect.top);
    const bottom = Math.min(window.innerHeight, rect.bottom);
    if (bottom <= top) return 0;
    return edgeStep(this.y, top, bottom);
  }

  scroll() {
    this.frame = null;
    if (this.y === null) return;
    const by = this.step();
    const before = this.scroller.scrollTop;
    this.scroller.scrollTop = before + by;
    if (by === 0 || this.scroller.scrollTop === before) return;
    this.onScrolled();
    this.frame = requestAnimationFrame(() => this.scroll());
  }
}
