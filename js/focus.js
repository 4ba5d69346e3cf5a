// The focus inside the widget: where it goes when a render takes away the control that had
// it, and the keys that bubble up to the widget's root (printable keys stop there, Escape
// closes what is open or leaves the widget for the notebook).

import { staysInWidget } from "./keys.js";

export class FocusKeeper {
  constructor(view) {
    this.view = view;
  }

  /**
   * The focus, when this render took away the control that had it (Stop once the run ends,
   * Restart back at the deal, the end overlay's buttons once it closes), goes to Demo in
   * Stop's place (the analysis's Stop in Analyse's, and back), else to the board's pile with
   * the tab stop: a keyboard player is never dropped on the page's body. A game that just
   * ended takes the focus into its overlay, if the focus was in the widget (a cell's move
   * does not pull it from the notebook).
   */
  afterRender(focused, wasOver) {
    const { root, feedback, sideColumn, toolbar, keyboard } = this.view;
    if (!(focused instanceof HTMLElement) || !root.contains(focused)) return;
    if (!feedback.overlay.hidden && !wasOver) {
      feedback.focusOverlay();
      return;
    }
    if (!focused.disabled && !focused.closest("[hidden]")) return;
    const { analyseButton: analyse, stopButton: stop } = sideColumn.analysisPanel;
    const inPlace = new Map([
      [toolbar.stopButton, toolbar.demoButton],
      [analyse, stop],
      [stop, analyse],
    ]).get(focused);
    if (inPlace && !inPlace.hidden && !inPlace.disabled) inPlace.focus();
    else keyboard.setFocus(this.view.focusId);
  }

  /**
   * Keys that bubble up to the widget's root after its own parts had them. Printable keys
   * stop here: in a notebook's command mode they are shortcuts (x cuts the cell), and a
   * focused pile, button or move entry would otherwise fire them. Escape that nothing in the
   * widget used leaves the widget for the notebook, as Escape leaves a cell's editor.
   */
  onKeyInside(event) {
    const { confirmation, rules, sideColumn } = this.view;
    const isEscape = event.key === "Escape";
    if (isEscape && confirmation.open) {
      event.stopPropagation();
      confirmation.answer(false);
    } else if (isEscape && rules.isOpen && !event.defaultPrevented && !event.target.closest("input, textarea")) {
      // Escape that the board did not use (nothing held, nothing running) closes the rules;
      // in the seed box it puts the deal's seed back.
      event.stopPropagation();
      rules.close();
      // Escape stops an analysis wherever the focus is in the widget (a run, from the board).
    } else if (staysInWidget(event) || (isEscape && sideColumn.stopAnalysis())) event.stopPropagation();
    else if (isEscape && !event.defaultPrevented && !event.target.closest("input, select, textarea")) {
      this.leaveWidget();
    }
  }

  /** The focus goes to the nearest focusable element around the widget (in JupyterLab, the
   * notebook in command mode), or nowhere when there is none. */
  leaveWidget() {
    const { host, root } = this.view;
    const outer = host.parentElement?.closest("[tabindex]");
    if (outer) outer.focus();
    else if (document.activeElement && root.contains(document.activeElement)) document.activeElement.blur();
  }
}
