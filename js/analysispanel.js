// The analysis under the move list: the Analyse button (Stop while it runs, as Escape does),
// what the analysis says (its progress, why it stopped, the count of mistakes), and the strip
// of the win chance along the line: one cell per judged move, its bar as high as the chance
// after the move, judged moves marked by their glyph, the current ply highlighted. Clicking
// a cell goes to that move. Python runs the analysis (the `analysis` trait); this shows it.

import "./analysis.css";
import { mistakesToLearn, percent, stripCells } from "./analysis.js";
import { makeButton, makeElement, makeIcon, setAttr, setText } from "./dom.js";

// Bars of different heights: the chance along the line (drawn: fonts lack most chart characters).
const BARS = [
  ["rect", { x: 1.5, y: 8, width: 3, height: 6.5, rx: 0.6 }],
  ["rect", { x: 6.5, y: 3, width: 3, height: 11.5, rx: 0.6 }],
  ["rect", { x: 11.5, y: 6, width: 3, height: 8.5, rx: 0.6 }],
];

export class AnalysisPanel {
  /** `goto(cell)` goes to a cell's move (from stripCells). */
  constructor({ goto }) {
    this.goto = goto;
    this.el = makeElement("section", "sw-analysis", { "aria-label": "Analysis" });
    this.head = makeElement("div", "sw-analysis-head");
    this.analyseButton = makeButton("analyse", "Analyse", "");
    this.analyseButton.querySelector(".sw-button-icon").append(makeIcon(BARS));
    this.analyseButton.title =
      "Judge every move of the line from what the player could see (win chances by sampling the hidden cards)";
    this.stopButton = makeButton("stop_analysis", "Stop", "\u25A0");
    this.stopButton.title = "Stop the analysis (Escape); the game stays as it is";
    this.stopButton.classList.add("sw-button--active");
    this.stopButton.hidden = true;
    this.learnButton = makeButton("learn_from_mistakes", "Learn from mistakes", "\u2691");
    this.learnButton.title = "A lesson that stops before each mistake and blunder and asks for a better move";
    this.learnButton.hidden = true;
    // Said to screen readers by the view's live region (SideColumn.tellAnalysis), not as each move is judged.
    this.words = makeElement("p", "sw-analysis-words");
    this.head.append(this.analyseButton, this.stopButton, this.learnButton, this.words);
    this.strip = makeElement("div", "sw-strip", {
      "data-strip": "",
      role: "group",
      "aria-label": "Win chance after each move; the move list says each move's chances",
      hidden: "",
    });
    this.el.append(this.head, this.strip);
    this.cells = []; // the strip's cell elements, reused
    this.shown = []; // the cells (from stripCells) they show
  }

  /**
   * Draws `analysis` (from analysisOf) for the line on show, saying `words` (analysisWords);
   * `enabled` when the board takes an analyse intent.
   */
  render(analysis, line, ply, enabled, words) {
    const running = analysis.status === "running";
    this.analyseButton.hidden = running;
    this.stopButton.hidden = !running;
    this.analyseButton.disabled = !enabled;
    this.learnButton.hidden = running || mistakesToLearn(analysis) === 0;
    this.learnButton.disabled = !enabled;
    setAttr(this.el, "data-status", analysis.status);
    setText(this.words, words);
    this.words.hidden = !words;
    this.shown = stripCells(analysis, line, ply);
    this.strip.hidden = this.shown.length === 0;
    this.drawCells();
  }

  drawCells() {
    while (this.cells.length < this.shown.length) {
      const cell = makeElement("div", "sw-strip-cell");
      cell.append(makeElement("span", "sw-strip-bar"), makeElement("span", "sw-strip-mark"));
      this.cells.push(cell);
      this.strip.append(cell);
    }
    this.cells.forEach((el, at) => {
      const cell = this.shown[at];
      el.hidden = !cell;
      if (!cell) return;
      setAttr(el, "data-ply", String(cell.ply));
      setAttr(el, "data-judgement", cell.judgement);
      setAttr(el, "title", cell.title);
      el.classList.toggle("sw-strip-cell--current", cell.current);
      el.classList.toggle("sw-strip-cell--off-line", !cell.onLine);
      const [bar] = el.children;
      // At least a sliver, so a lost position still shows a cell to click.
      const height = `${Math.max(4, Math.round(cell.chance * 100))}%`;
      if (bar.style.height !== height) bar.style.height = height;
      setAttr(bar, "data-chance", percent(cell.chance));
    });
  }

  /** A click in the view: true when it was on a strip cell (which it then goes to). */
  onClick(event) {
    const el = event.target instanceof Element ? event.target.closest(".sw-strip-cell") : null;
    if (!el || !this.strip.contains(el)) return false;
    const cell = this.shown[this.cells.indexOf(el)];
    if (cell) this.goto(cell);
    return true;
  }
}
