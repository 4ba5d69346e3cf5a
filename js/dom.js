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

/** A button whose click runs the command `action` (see Commands.run in commands.js). */
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

const SVG = "http://www.w3.org/2000/svg";

/** A 16 x 16 icon in the text's colour from `shapes`: [[tag, attributes], ...] (e.g. ["rect", { x, y, ... }]). */
export function makeIcon(shapes) {
  const svg = document.createElementNS(SVG, "svg");
  for (const [name, value] of Object.entries({
    viewBox: "0 0 16 16",
    width: "1em",
    height: "1em",
    fill: "currentColor",
  })) {
    svg.setAttribute(name, value);
  }
  for (const [tag, attributes] of shapes) {
    const shape = document.createElementNS(SVG, tag);
    for (const [name, value] of Object.entries(attributes)) shape.setAttribute(name, String(value));
    svg.append(shape);
  }
  return svg;
}

export function translate(x, y) {
  return `translate(${x}px, ${y}px)`;
}
