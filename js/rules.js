// The rules of the game on show, in a panel over the board and the move list. Python sends them in the `rules`
// trait as Markdown: the part for that game of the one text docs/rules.md shows whole
// (solitaire_widget/engine/games/rules.md). The panel opens from the toolbar's Rules button
// and from the game chooser's last entry, and by itself once, the first time the player
// chooses a game this browser has not shown on a board before (kept in localStorage). It
// closes with its Close button, Escape or the Rules button again.
//
// The Markdown is the few forms that text uses (headings, paragraphs, lists, tables, quotes;
// bold, emphasis and code inside them), read here into elements whose text is set as text:
// nothing in it is ever taken as HTML.

import "./rules.css";
import { SUPPRESS_SHORTCUTS, makeButton, makeElement, makeIcon } from "./dom.js";

const BOOK = [
  ["path", { d: "M1 3.2c2.2-1 4.6-.9 6.4.5V14c-1.8-1.2-4.2-1.3-6.4-.5z" }],
  ["path", { d: "M15 3.2c-2.2-1-4.6-.9-6.4.5V14c1.8-1.2 4.2-1.3 6.4-.5z" }],
];

/** The key under which the games this browser has shown on a board are kept. */
export const MET_KEY = "solitaire_widget.games-met";

const LIST_ITEM = /^(-|\d+\.)\s+(.*)$/;
const HEADING = /^(#{1,6})\s+(.*)$/;

function startsBlock(line) {
  return HEADING.test(line) || LIST_ITEM.test(line) || line.startsWith("|") || line.startsWith(">");
}

function tableCells(line) {
  return line
    .trim()
    .replace(/^\|/, "")
    .replace(/\|$/, "")
    .split("|")
    .map((cell) => cell.trim());
}

/**
 * The blocks of `markdown`: {kind: "heading", level, text}, {kind: "paragraph", text},
 * {kind: "list", ordered, items: [text]}, {kind: "quote", text} and {kind: "table", head:
 * [text], rows: [[text]]}, their text still holding its inline marks (see appendInline).
 */
export function rulesBlocks(markdown) {
  const lines = String(markdown).split("\n");
  const blocks = [];
  let at = 0;
  // The lines from `at` on while `keep(line)` holds.
  const take = (keep) => {
    const taken = [];
    while (at < lines.length && lines[at].trim() !== "" && keep(lines[at], taken)) taken.push(lines[at++]);
    return taken;
  };
  while (at < lines.length) {
    const line = lines[at];
    const heading = HEADING.exec(line);
    if (line.trim() === "") {
      at += 1;
    } else if (heading) {
      blocks.push({ kind: "heading", level: heading[1].length, text: heading[2].trim() });
      at += 1;
    } else if (line.startsWith("|")) {
      const rows = take((next) => next.startsWith("|"))
        .filter((row) => !/^\|[\s:|-]+\|?\s*$/.test(row))
        .map(tableCells);
      blocks.push({ kind: "table", head: rows[0], rows: rows.slice(1) });
    } else if (line.startsWith(">")) {
      const text = take((next) => next.startsWith(">")).map((quoted) => quoted.replace(/^>\s?/, "").trim());
      blocks.push({ kind: "quote", text: text.join(" ") });
    } else if (LIST_ITEM.test(line)) {
      const ordered = LIST_ITEM.exec(line)[1] !== "-";
      const items = [];
      // An item goes on over the indented lines under it.
      take((next) => {
        const item = LIST_ITEM.exec(next);
        if (item && (item[1] !== "-") === ordered) items.push(item[2].trim());
        else if (/^\s/.test(next)) items[items.length - 1] += ` ${next.trim()}`;
        else return false;
        return true;
      });
      blocks.push({ kind: "list", ordered, items });
    } else {
      const text = take((next, taken) => taken.length === 0 || !startsBlock(next)).map((part) => part.trim());
      blocks.push({ kind: "paragraph", text: text.join(" ") });
    }
  }
  return blocks;
}

const INLINE = /(\*\*[^*]+\*\*|`[^`]+`|\*[^*\s][^*]*\*)/;

/**
 * Appends `text` to `el`, its **bold** and *emphasis* (which may hold code) and `code` as
 * elements, the rest as text.
 */
export function appendInline(el, text) {
  for (const part of text.split(INLINE)) {
    if (part.startsWith("`") && part.endsWith("`") && part.length > 2) {
      const code = makeElement("code");
      code.textContent = part.slice(1, -1);
      el.append(code);
    } else if (part.startsWith("**") && part.endsWith("**") && part.length > 4) {
      el.append(inlineElement("strong", part.slice(2, -2)));
    } else if (part.startsWith("*") && part.endsWith("*") && part.length > 2) {
      el.append(inlineElement("em", part.slice(1, -1)));
    } else if (part) {
      el.append(document.createTextNode(part));
    }
  }
}

function inlineElement(tag, text) {
  const el = makeElement(tag);
  appendInline(el, text);
  return el;
}

/**
 * `markdown` as elements, for a panel whose own title is a heading of level 2: the text's
 * headings go one level down (## is h3, ### is h4), and no lower than h6.
 */
export function renderRules(markdown) {
  const fragment = document.createDocumentFragment();
  for (const block of rulesBlocks(markdown)) {
    if (block.kind === "heading") {
      fragment.append(inlineElement(`h${Math.min(6, block.level + 1)}`, block.text));
    } else if (block.kind === "paragraph") {
      fragment.append(inlineElement("p", block.text));
    } else if (block.kind === "quote") {
      const quote = makeElement("blockquote");
      quote.append(inlineElement("p", block.text));
      fragment.append(quote);
    } else if (block.kind === "list") {
      const list = makeElement(block.ordered ? "ol" : "ul");
      for (const item of block.items) list.append(inlineElement("li", item));
      fragment.append(list);
    } else {
      // Wide tables scroll sideways in their own box, never the panel.
      const box = makeElement("div", "sw-rules-table");
      const table = makeElement("table");
      const head = makeElement("thead");
      const headRow = makeElement("tr");
      for (const cell of block.head) headRow.append(inlineElement("th", cell));
      head.append(headRow);
      const body = makeElement("tbody");
      for (const row of block.rows) {
        const tr = makeElement("tr");
        for (const cell of row) tr.append(inlineElement("td", cell));
        body.append(tr);
      }
      table.append(head, body);
      box.append(table);
      fragment.append(box);
    }
  }
  return fragment;
}

/** The page's localStorage, or null where the page may not use it (a sandboxed frame). */
export function localStore() {
  try {
    return window.localStorage;
  } catch {
    return null;
  }
}

/**
 * The games this browser has shown on a board, kept in `storage` under MET_KEY (read again
 * on each question, so every board and tab shares them), and in memory besides, for a page
 * whose storage is missing, full or refused.
 */
export class GamesMet {
  constructor(storage) {
    this.storage = storage;
    this.here = new Set();
  }

  stored() {
    try {
      const games = JSON.parse(this.storage.getItem(MET_KEY) || "[]");
      return Array.isArray(games) ? games.filter((game) => typeof game === "string") : [];
    } catch {
      return [];
    }
  }

  has(game) {
    return this.here.has(game) || this.stored().includes(game);
  }

  add(game) {
    this.here.add(game);
    const stored = this.stored();
    if (stored.includes(game)) return;
    try {
      this.storage.setItem(MET_KEY, JSON.stringify([...stored, game]));
    } catch {
      // kept in memory only: this board still shows the rules once
    }
  }
}

export class RulesPanel {
  /**
   * `model`: the widget's model (its `rules` trait); `storage`: where the games met are kept
   * (localStorage by default); `focusBoard()`: gives the board the focus when the panel
   * closes and the control that opened it is gone.
   */
  constructor({ viewId, model, storage = localStore(), focusBoard }) {
    this.model = model;
    this.met = new GamesMet(storage);
    this.focusBoard = focusBoard;
    this.title = "";
    this.shown = null; // the rules text on show, drawn again only when it changes
    this.unread = false; // drawn while shut: the next opening starts at its top
    this.returnFocus = null;
    this.controller = new AbortController();
    const { signal } = this.controller;

    const panelId = `sw-rules-${viewId}`;
    this.button = makeButton("", "Rules", "");
    this.button.removeAttribute("data-action"); // the panel answers its own button
    this.button.querySelector(".sw-button-icon").append(makeIcon(BOOK));
    this.button.title = "The rules of this game";
    this.button.setAttribute("aria-expanded", "false");
    this.button.setAttribute("aria-controls", panelId);
    this.button.addEventListener("click", () => this.toggle(), { signal });

    this.el = makeElement("section", "sw-rules", {
      ...SUPPRESS_SHORTCUTS,
      id: panelId,
      role: "dialog",
      "aria-labelledby": `${panelId}-title`,
      hidden: "",
    });
    this.heading = makeElement("h2", "sw-rules-title", { id: `${panelId}-title` });
    this.closeButton = makeButton("", "Close", "\u2715");
    this.closeButton.removeAttribute("data-action");
    this.closeButton.classList.add("sw-rules-close");
    this.closeButton.title = "Close the rules (Escape)";
    this.closeButton.addEventListener("click", () => this.close(), { signal });
    const head = makeElement("div", "sw-rules-head");
    head.append(this.heading, this.closeButton);
    // Focusable, so the keys scroll it.
    this.text = makeElement("div", "sw-rules-text", {
      tabindex: "0",
      role: "document",
      "aria-labelledby": `${panelId}-title`,
    });
    this.el.append(head, this.text);
    this.el.addEventListener("keydown", (event) => this.onKey(event), { signal });
    this.onRules = () => this.draw();
    model.on("change:rules", this.onRules);
  }

  destroy() {
    this.model.off("change:rules", this.onRules);
    this.controller.abort();
  }

  get isOpen() {
    return !this.el.hidden;
  }

  /** Shows the rules of the game on show, the focus in their text. */
  open() {
    if (!this.isOpen) this.returnFocus = document.activeElement;
    this.el.hidden = false;
    this.button.setAttribute("aria-expanded", "true");
    this.button.classList.add("sw-button--active");
    this.draw();
    // Rules read before and opened again keep their place; new ones start at the top.
    if (this.unread) this.text.scrollTop = 0;
    this.unread = false;
    this.text.focus();
  }

  /** Hides the panel; the focus goes back where it was when the panel opened. */
  close() {
    if (!this.isOpen) return;
    const within = this.el.contains(document.activeElement);
    this.el.hidden = true;
    this.button.setAttribute("aria-expanded", "false");
    this.button.classList.remove("sw-button--active");
    const back = this.returnFocus;
    this.returnFocus = null;
    if (!within) return;
    if (back instanceof HTMLElement && back.isConnected && !back.disabled && !back.closest("[hidden]")) back.focus();
    else this.focusBoard();
  }

  toggle() {
    if (this.isOpen) this.close();
    else this.open();
  }

  onKey(event) {
    if (event.key !== "Escape") return;
    event.preventDefault();
    event.stopPropagation();
    this.close();
  }

  /**
   * A state from Python was drawn: its game is one this browser has met. `chosen`: the
   * player chose that game on this board just now, so a game never met before shows its
   * rules (a game a cell put on the board does not: nobody asked here).
   */
  stateArrived(state, { chosen = false } = {}) {
    this.title = state.title || state.game;
    const first = chosen && !this.met.has(state.game);
    this.met.add(state.game);
    if (first) this.open();
    else if (this.isOpen) this.draw();
  }

  draw() {
    const rules = this.model.get("rules") || "";
    const heading = `Rules of ${this.title}`;
    if (this.heading.textContent !== heading) this.heading.textContent = heading;
    if (rules === this.shown) return;
    this.shown = rules;
    this.text.replaceChildren(rules ? renderRules(rules) : "The rules have not come from Python yet.");
    // A shut panel has no scroll position to set: its next opening does it.
    this.text.scrollTop = 0;
    this.unread = !this.isOpen;
  }
}
