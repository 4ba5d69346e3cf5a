// Small DOM helpers shared by the view's modules.

// JupyterLab and Notebook match their keyboard shortcuts from the focused element upwards
// and stop at this attribute; a focused button matches selectors such as
// ".jp-Notebook :focus" itself, so each toolbar control carries it (else Enter on a button
// would put the cell in edit mode instead of pressing the button).
export const SUPPRESS_SHORTCUTS = { "data-lm-suppress-shortcuts": "true" };

export function makeElement(tag, className, attributes = {}) {
  const el = document.createElement(tag);
  if (className) el.className = className;
  for (const [name, value] of Object.entries(attributes)) el.setAttribute(name, value);
  return el;
}

/** A button whose click runs the command `action` (see SolitaireView.runCommand). */
export function makeButton(action, text, icon) {
  const button = makeElement("button", "sw-button", { ...SUPPRESS_SHORTCUTS, type: "button", "data-action": action });
  const glyph = makeElement("span", "sw-button-icon", { "aria-hidden": "true" });
  glyph.textContent = icon;
  const label = makeElement("span", "sw-button-label");
  label.textContent = text;
  button.append(glyph, label);
  return button;
}

// Writing only what changed keeps re-renders from touching the DOM needlessly.
export function setText(el, text) {
  if (el.textContent !== text) el.textContent = text;
}

export function setAttr(el, name, value) {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
}

export function translate(x, y) {
  return `translate(${x}px, ${y}px)`;
}
