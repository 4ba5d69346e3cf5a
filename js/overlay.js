// Arrows over the board, and drawing them. The arrows of where the game stands
// (state.arrows) are an SVG layer over the cards that takes no pointer events, drawn again
// whenever the board is laid out. A right-drag from one pile or card to another asks Python
// for an arrow (the same arrow again takes it away), a right-click for a highlight of one;
// the modifiers pick the colour (drawing.js). From the keyboard, M highlights the focused
// pile and V starts an arrow there and V again ends it at the pile then focused. The view's
// own context menu is kept off the board only.

import { COLOURS, arrowLine, arrowsOf, colourOf, drawnIntent, endAt, endPoint } from "./drawing.js";
import { pileName } from "./piles.js";

const SVG = "http://www.w3.org/2000/svg";
const RIGHT_BUTTON = 2;

function svgElement(tag, attributes = {}) {
  const el = document.createElementNS(SVG, tag);
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, String(value));
  return el;
}

/** Where each end lies on `board` (a Board) now, for endPoint: see drawing.js. */
function placesOf(board) {
  const layout = board.layout;
  const places = { piles: layout.piles, cards: {}, tops: {}, under: {} };
  const byElement = new Map();
  for (const entry of board.cards.values()) byElement.set(entry.el, entry);
  const rectOf = (el) => {
    const entry = byElement.get(el);
    return { x: entry ? entry.left : 0, y: entry ? entry.top : 0, width: layout.cardWidth, height: layout.cardHeight };
  };
  for (const [id, pile] of board.piles) {
    const rects = board.cardElements(pile).map((el) => ({ code: el.getAttribute("data-card"), rect: rectOf(el) }));
    rects.forEach(({ code, rect }, i) => {
      const next = i + 1 < rects.length ? rects[i + 1].rect : null;
      if (!next) places.tops[id] = rect;
      // A card squared under another (stock, foundation) does not show: its pile stands for it.
      if (code === "down") return;
      if (next && next.x === rect.x && next.y === rect.y) {
        places.under[code] = id;
        return;
      }
      // A card others cover in a fan shows as a strip: its end is the strip's middle.
      if (next && next.y > rect.y) places.cards[code] = { ...rect, height: next.y - rect.y };
      else if (next && next.x > rect.x) places.cards[code] = { ...rect, width: next.x - rect.x };
      else places.cards[code] = rect;
    });
  }
  return places;
}

export class DrawingLayer {
  /**
   * `board`: the Board drawn over; `send(kind, fields)` sends an intent (null when it could
   * not go out); `say(text)` tells screen readers; `live()` is false while the board takes no
   * intents (no kernel, a problem state).
   */
  constructor({ viewId, board, send, say, live }) {
    this.board = board;
    this.send = send;
    this.say = say;
    this.live = live;
    this.viewId = viewId;
    this.drag = null; // a right-drag: { pointerId, from, colour, x, y } (x, y: the pointer on the board)
    this.keyStart = null; // an arrow started from the keyboard: { from, colour }
    this.state = null;
    this.el = svgElement("svg", { class: "sw-drawing", "aria-hidden": "true", "data-arrows": "0" });
    const defs = svgElement("defs");
    for (const [name, ink] of Object.entries(COLOURS)) {
      const marker = svgElement("marker", {
        id: this.headId(name),
        viewBox: "0 0 10 10",
        refX: 5,
        refY: 5,
        markerWidth: 3,
        markerHeight: 3,
        orient: "auto-start-reverse",
      });
      marker.append(svgElement("path", { d: "M0,0 L10,5 L0,10 z", fill: ink }));
      defs.append(marker);
    }
    this.lines = svgElement("g");
    this.el.append(defs, this.lines);
    this.controller = new AbortController();
    const signal = this.controller.signal;
    const boardEl = board.el;
    // JupyterLab opens its own menu from the document unless the element says not to.
    boardEl.setAttribute("data-jp-suppress-context-menu", "");
    boardEl.addEventListener(
      "contextmenu",
      (event) => {
        event.preventDefault();
        event.stopPropagation();
      },
      { signal },
    );
    boardEl.addEventListener("pointerdown", (event) => this.onPointerDown(event), { signal });
    boardEl.addEventListener("pointermove", (event) => this.onPointerMove(event), { signal });
    boardEl.addEventListener("pointerup", (event) => this.onPointerUp(event), { signal });
    window.addEventListener("pointerup", (event) => this.onWindowPointerUp(event), { signal });
  }

  destroy() {
    this.controller.abort();
  }

  headId(colour) {
    return `sw-head-${this.viewId}-${colour}`;
  }

  /** Draws the arrows of `state` (and the one being drawn) over the board as laid out now. */
  render(state) {
    this.state = state;
    const layout = this.board.layout;
    if (!layout) return;
    this.el.setAttribute("viewBox", `0 0 ${layout.width} ${layout.height}`);
    this.el.setAttribute("width", String(layout.width));
    this.el.setAttribute("height", String(layout.height));
    const places = placesOf(this.board);
    const width = Math.max(4, layout.cardWidth * 0.12);
    const shapes = [];
    const arrows = arrowsOf(state);
    for (const { from, to, colour } of arrows) {
      const line = this.lineBetween(endPoint(from, places), endPoint(to, places), layout.cardWidth);
      if (line)
        shapes.push(this.arrowShape(line, colour, width, { "data-from": from, "data-to": to, "data-colour": colour }));
    }
    const preview = this.preview(places);
    if (preview) {
      const line = this.lineBetween(preview.a, preview.b, layout.cardWidth);
      if (line) shapes.push(this.arrowShape(line, preview.colour, width, { class: "sw-drawing-preview" }));
    }
    this.lines.replaceChildren(...shapes);
    this.el.setAttribute("data-arrows", String(arrows.length));
  }

  lineBetween(a, b, cardWidth) {
    return a && b ? arrowLine(a, b, cardWidth * 0.22) : null;
  }

  arrowShape(line, colour, width, attributes) {
    return svgElement("line", {
      x1: line.x1.toFixed(1),
      y1: line.y1.toFixed(1),
      x2: line.x2.toFixed(1),
      y2: line.y2.toFixed(1),
      stroke: COLOURS[colour],
      "stroke-width": width.toFixed(1),
      "stroke-linecap": "round",
      "marker-end": `url(#${this.headId(colour)})`,
      ...attributes,
    });
  }

  /** The arrow being drawn, by the pointer or the keyboard: { a, b, colour }, or null. */
  preview(places) {
    if (this.drag && this.drag.x !== null) {
      return { a: endPoint(this.drag.from, places), b: { x: this.drag.x, y: this.drag.y }, colour: this.drag.colour };
    }
    if (this.keyStart?.to && this.keyStart.to !== this.keyStart.from) {
      return {
        a: endPoint(this.keyStart.from, places),
        b: endPoint(this.keyStart.to, places),
        colour: this.keyStart.colour,
      };
    }
    return null;
  }

  redraw() {
    if (this.state) this.render(this.state);
  }

  // ------------------------------------------------------------------ the pointer
  onPointerDown(event) {
    if (event.button !== RIGHT_BUTTON || !this.live()) return;
    const from = endAt(event.target);
    if (!from) return;
    event.preventDefault();
    this.drag = { pointerId: event.pointerId, from, colour: colourOf(event), x: null, y: null };
  }

  onPointerMove(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    const box = this.board.el.getBoundingClientRect();
    drag.x = event.clientX - box.left;
    drag.y = event.clientY - box.top;
    this.redraw();
  }

  onPointerUp(event) {
    const drag = this.drag;
    if (!drag || event.pointerId !== drag.pointerId) return;
    this.drag = null;
    const intent = drawnIntent(drag.from, endAt(event.target), drag.colour);
    if (intent) this.send(intent.kind, intent.fields);
    this.redraw();
  }

  /** Released off the board: the arrow being drawn goes. */
  onWindowPointerUp(event) {
    if (this.drag && event.pointerId === this.drag.pointerId && !this.board.el.contains(event.target)) {
      this.drag = null;
      this.redraw();
    }
  }

  // ------------------------------------------------------------------ the keyboard
  /** M: a highlight of pile `pileId` in `colour`. */
  keyHighlight(pileId, colour) {
    if (this.live()) this.send("highlight", { end: pileId, colour });
  }

  /** V: starts an arrow at `pileId`, or ends the one started at `pileId`. */
  keyArrow(pileId, colour) {
    if (!this.live()) return;
    const start = this.keyStart;
    if (!start) {
      this.keyStart = { from: pileId, to: pileId, colour };
      this.say(`Arrow from ${pileName(pileId)}: move to where it points and press V again; Escape cancels.`);
      return;
    }
    this.keyStart = null;
    this.redraw();
    if (start.from === pileId) {
      this.say("No arrow: it must point at another pile.");
      return;
    }
    this.send("arrow", { from: start.from, to: pileId, colour: start.colour });
  }

  /** The focus moved to `pileId`: the arrow being drawn from the keyboard follows it. */
  focusMoved(pileId) {
    if (!this.keyStart) return;
    this.keyStart.to = pileId;
    this.redraw();
  }

  /** True while an arrow is being drawn (Escape cancels it). */
  get drawing() {
    return this.keyStart !== null || this.drag !== null;
  }

  cancel() {
    this.keyStart = null;
    this.drag = null;
    this.redraw();
    this.say("Arrow cancelled.");
  }
}
