// Folding the side column's panels: the hint, Statistics, a study's chapters, the lesson and
// the analysis each fold to their header line and unfold again by a button at its end
// (`data-fold`, `aria-expanded`; Enter or Space as any button), so the move list takes the
// room they leave. The folds are this view's own, as the Statistics panel's being open is:
// neither sent to Python nor kept with the notebook. A panel the player asks for again (the
// Hint button or H, the Statistics button) unfolds.

import "./folding.css";
import { SUPPRESS_SHORTCUTS, makeElement, makeIcon } from "./dom.js";

const CHEVRON = [["path", { d: "M3.5 6 8 10.5 12.5 6", fill: "none", stroke: "currentColor", "stroke-width": 1.8 }]];

export class PanelFolds {
  constructor({ viewId }) {
    this.viewId = viewId;
    this.panels = new Map(); // name -> { panel, button, label }
    this.folded = new Set(); // the names of the panels folded
    this.controller = new AbortController();
  }

  /**
   * Makes `panel` foldable, marked `name`: a button at the end of `head`, its header line,
   * which stays when the rest is folded away; `label` names the panel for screen readers.
   */
  add(name, { panel, head, label }) {
    if (this.panels.has(name)) throw new Error(`the panel ${name} is foldable already`);
    if (!panel.id) panel.id = `sw-${name}-${this.viewId}`;
    const button = makeElement("button", "sw-fold", {
      ...SUPPRESS_SHORTCUTS,
      type: "button",
      "data-fold": name,
      "aria-controls": panel.id,
      "aria-label": `${label} panel`,
    });
    button.append(makeIcon(CHEVRON));
    button.addEventListener("click", () => this.toggle(name), { signal: this.controller.signal });
    head.classList.add("sw-fold-head");
    head.append(button);
    this.panels.set(name, { panel, button, label });
    this.show(name);
  }

  isFolded(name) {
    return this.folded.has(name);
  }

  toggle(name) {
    this.setFolded(name, !this.folded.has(name));
  }

  unfold(name) {
    this.setFolded(name, false);
  }

  setFolded(name, folded) {
    if (!this.panels.has(name)) throw new Error(`no foldable panel ${name}: ${[...this.panels.keys()].join(", ")}`);
    if (folded) this.folded.add(name);
    else this.folded.delete(name);
    this.show(name);
  }

  /** Draws the fold of panel `name`: its mark (`data-folded`), its button's state and title. */
  show(name) {
    const { panel, button, label } = this.panels.get(name);
    const folded = this.folded.has(name);
    panel.toggleAttribute("data-folded", folded);
    button.setAttribute("aria-expanded", String(!folded));
    button.title = `${folded ? "Show" : "Fold"} the ${label.toLowerCase()} panel`;
  }

  destroy() {
    this.controller.abort();
  }
}
