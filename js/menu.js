// A button that opens a panel of settings under it (the toolbar's Options). The panel
// closes on a second click, Escape (focus goes back to the button), or a press elsewhere.

import { SUPPRESS_SHORTCUTS, makeElement } from "./dom.js";

export class Menu {
  /**
   * `button`: the toggle (made by the caller); `label`: the panel's name for screen readers;
   * `bounds()`: the element the open panel must stay within (it shifts left to fit).
   */
  constructor(button, label, panelId, bounds) {
    this.button = button;
    this.bounds = bounds;
    this.el = makeElement("div", "sw-menu");
    this.panel = makeElement("div", "sw-menu-panel", {
      ...SUPPRESS_SHORTCUTS,
      id: panelId,
      role: "group",
      "aria-label": label,
      hidden: "",
    });
    button.setAttribute("aria-expanded", "false");
    button.setAttribute("aria-controls", panelId);
    this.el.append(button, this.panel);
    this.onDocumentPointer = (event) => {
      if (!this.el.contains(event.target)) this.close();
    };
    this.onKey = (event) => {
      if (event.key !== "Escape" || this.panel.hidden) return;
      // Escape must close the menu, not reach the notebook (which would leave the cell).
      event.stopPropagation();
      this.close();
      this.button.focus();
    };
    this.el.addEventListener("keydown", this.onKey);
  }

  get isOpen() {
    return !this.panel.hidden;
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  open() {
    this.panel.hidden = false;
    this.panel.style.left = "";
    const overflow = this.panel.getBoundingClientRect().right - this.bounds().getBoundingClientRect().right;
    if (overflow > 0) this.panel.style.left = `${-overflow}px`;
    this.button.setAttribute("aria-expanded", "true");
    document.addEventListener("pointerdown", this.onDocumentPointer, true);
  }

  close() {
    if (!this.isOpen) return;
    this.panel.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    document.removeEventListener("pointerdown", this.onDocumentPointer, true);
  }

  destroy() {
    this.close();
    this.el.removeEventListener("keydown", this.onKey);
  }
}
