// The game library on the board: the toolbar's Statistics button opens a panel at the top of
// the move list's column with two tabs. Statistics: the figures of the games of the kind on
// show (played, won, lost and abandoned apart, the win rate and how it counts abandoned games,
// streaks, best time, fewest moves, average moves of wins) and the last 20 results as a strip
// of coloured cells, each with its result in words. History: the latest games of that kind,
// newest first (50 at most); a click or Enter on a row opens that game on the board (after
// the board's "abandon this game?" question when one is in progress). Python answers a
// `library` query with one message (see protocol.md); the panel asks when it opens and again
// when the game on show starts, ends or changes kind. When the
// `recording` trait says recording failed (a full disk, a locked or corrupt file), the board
// says so once, in a toast and to screen readers; play goes on.

import "./library.css";
import { WIN_RATE_WORDS, historyRows, kindText, recentCells, recordingText, statisticsRows } from "./library.js";
import { SUPPRESS_SHORTCUTS, makeButton, makeElement, makeIcon, setText } from "./dom.js";

const CHART = [
  ["rect", { x: 1.5, y: 9, width: 3, height: 5.5, rx: 0.6 }],
  ["rect", { x: 6.5, y: 5, width: 3, height: 9.5, rx: 0.6 }],
  ["rect", { x: 11.5, y: 1.5, width: 3, height: 13, rx: 0.6 }],
];
const TABS = [
  ["statistics", "Statistics"],
  ["history", "History"],
];
const COLUMNS = ["Date", "Result", "Moves", "Time"];

/** What makes the figures old: another game, deal, or end. */
function kindKey(state) {
  return JSON.stringify([state.game, state.options, state.started_at, state.status]);
}

export class LibraryPanel {
  /**
   * `model`: the widget's model (its `recording` trait); `query()` sends the `library` query
   * and returns its request id (null when it could not go out); `open(id)` asks to show a past
   * game on the board; `feedback`: the view's Feedback (its live region and toasts).
   */
  constructor({ viewId, model, query, open, feedback }) {
    this.model = model;
    this.query = query;
    this.open = open;
    this.feedback = feedback;
    this.toldFailure = null;
    this.asked = null; // the request id of the query whose answer is awaited
    this.askedFor = null; // kindKey of the state it was asked on
    this.answer = null;
    this.tab = "statistics";
    this.controller = new AbortController();
    const { signal } = this.controller;

    this.button = makeButton("", "Statistics", "");
    this.button.removeAttribute("data-action"); // the panel answers its own button
    this.button.querySelector(".sw-button-icon").append(makeIcon(CHART));
    this.button.title = "Statistics and history of the games of this kind";
    this.button.setAttribute("aria-expanded", "false");
    this.button.addEventListener("click", () => this.toggle(), { signal });

    const panelId = `sw-library-${viewId}`;
    this.button.setAttribute("aria-controls", panelId);
    this.el = makeElement("section", "sw-library", {
      ...SUPPRESS_SHORTCUTS,
      id: panelId,
      "aria-label": "Statistics and history",
      hidden: "",
    });
    this.title = makeElement("p", "sw-library-title");
    const tablist = this.makeTabs(panelId, signal);
    this.head = makeElement("div", "sw-library-head");
    this.head.append(this.title, tablist);
    this.note = makeElement("p", "sw-library-note", { hidden: "" });
    this.waiting = makeElement("p", "sw-library-waiting");
    this.waiting.textContent = "Asking the library\u2026";
    this.buildStatistics();
    this.buildHistory();
    this.el.append(this.head, this.note, this.waiting, ...this.pages.values());
    this.selectTab("statistics", false);
    this.onRecording = () => this.tellFailure();
    model.on("change:recording", this.onRecording);
    this.tellFailure();
  }

  /** The tabs (Statistics, History) in their tablist, and their pages, still empty. */
  makeTabs(panelId, signal) {
    const tablist = makeElement("div", "sw-tabs", { role: "tablist", "aria-label": "Statistics or history" });
    this.tabs = new Map();
    this.pages = new Map();
    for (const [name, words] of TABS) {
      const tab = makeElement("button", "sw-tab", {
        ...SUPPRESS_SHORTCUTS,
        type: "button",
        role: "tab",
        id: `${panelId}-${name}-tab`,
        "aria-controls": `${panelId}-${name}`,
        "data-tab": name,
      });
      tab.textContent = words;
      tab.addEventListener("click", () => this.selectTab(name, true), { signal });
      tablist.append(tab);
      this.tabs.set(name, tab);
      this.pages.set(
        name,
        makeElement("div", "sw-library-page", {
          role: "tabpanel",
          id: `${panelId}-${name}`,
          "aria-labelledby": `${panelId}-${name}-tab`,
        }),
      );
    }
    tablist.addEventListener("keydown", (event) => this.onTabKey(event), { signal });
    return tablist;
  }

  /** Says once that recording failed, and why. */
  tellFailure() {
    const recording = this.model.get("recording");
    if (recording?.status !== "failed" || recording.said === this.toldFailure) return;
    this.toldFailure = recording.said;
    this.feedback.showToast(recording.said, { kind: "error" });
    this.feedback.announce(recording.said);
  }

  buildStatistics() {
    this.figures = makeElement("div", "sw-figures");
    this.rateWords = makeElement("p", "sw-figures-note", { hidden: "" });
    this.rateWords.textContent = WIN_RATE_WORDS;
    const caption = makeElement("p", "sw-results-caption");
    caption.textContent = "Last 20 results, oldest first";
    this.strip = makeElement("ol", "sw-results", { "data-results": "", "aria-label": "Last 20 results, oldest first" });
    this.pages.get("statistics").append(this.figures, this.rateWords, caption, this.strip);
  }

  buildHistory() {
    this.table = makeElement("table", "sw-history", { "data-history": "" });
    const head = makeElement("thead");
    const row = makeElement("tr");
    for (const name of COLUMNS) {
      const cell = makeElement("th", "", { scope: "col" });
      cell.textContent = name;
      row.append(cell);
    }
    head.append(row);
    this.rows = makeElement("tbody");
    this.table.append(head, this.rows);
    this.empty = makeElement("p", "sw-library-empty", { hidden: "" });
    this.more = makeElement("p", "sw-library-more", { hidden: "" });
    const { signal } = this.controller;
    this.rows.addEventListener("click", (event) => this.onRowClick(event), { signal });
    this.rows.addEventListener("keydown", (event) => this.onRowKey(event), { signal });
    this.pages.get("history").append(this.table, this.empty, this.more);
  }

  destroy() {
    this.model.off("change:recording", this.onRecording);
    this.controller.abort();
  }

  get isOpen() {
    return !this.el.hidden;
  }

  toggle() {
    this.el.hidden = this.isOpen;
    this.button.setAttribute("aria-expanded", String(this.isOpen));
    this.button.classList.toggle("sw-button--active", this.isOpen);
    if (this.isOpen) {
      this.ask(this.state);
      this.tabs.get(this.tab).focus();
    }
  }

  /** A new state from Python: asks again, while open, when the figures it shows are old. */
  stateArrived(state) {
    this.state = state;
    if (this.isOpen && kindKey(state) !== this.askedFor) this.ask(state);
  }

  ask(state) {
    this.askedFor = state ? kindKey(state) : null;
    this.asked = this.query();
    this.waiting.hidden = this.asked === null || this.answer !== null;
  }

  /** A message from Python: true when it was the library's (drawn when it answers this view's last query). */
  onMessage(content) {
    if (content?.kind !== "library") return false;
    if (content.request === this.asked) {
      this.asked = null;
      this.answer = content;
      this.render(content);
    }
    return true;
  }

  selectTab(name, focus) {
    this.tab = name;
    for (const [tabName, tab] of this.tabs) {
      const chosen = tabName === name;
      tab.setAttribute("aria-selected", String(chosen));
      tab.tabIndex = chosen ? 0 : -1;
      this.pages.get(tabName).hidden = !chosen;
    }
    if (focus) this.tabs.get(name).focus();
  }

  onTabKey(event) {
    if (event.key !== "ArrowLeft" && event.key !== "ArrowRight") return;
    event.preventDefault();
    this.selectTab(this.tab === "statistics" ? "history" : "statistics", true);
  }

  render(answer) {
    this.waiting.hidden = true;
    setText(this.title, kindText(answer));
    const said = recordingText(answer.recording);
    setText(this.note, said);
    this.note.hidden = !said;
    const stats = answer.statistics;
    this.el.dataset.recording = answer.recording ? String(answer.recording.status) : "off";
    this.figures.replaceChildren();
    this.strip.replaceChildren();
    this.rateWords.hidden = !stats;
    if (stats) this.drawStatistics(stats);
    this.drawHistory(answer.history, Boolean(stats));
  }

  drawStatistics(stats) {
    // Plain elements, not a dl: the notebook's own styles for dl, dt and dd would reach in.
    for (const [label, text] of statisticsRows(stats)) {
      const item = makeElement("p", "sw-figure");
      const name = makeElement("span", "sw-figure-label");
      name.textContent = label;
      const value = makeElement("span", "sw-figure-value");
      value.textContent = text;
      item.append(name, " ", value);
      this.figures.append(item);
    }
    for (const cell of recentCells(stats)) {
      const item = makeElement("li", "sw-result", { "data-result": cell.result, title: cell.label });
      const words = makeElement("span", "sw-visually-hidden");
      words.textContent = cell.label;
      item.append(words);
      this.strip.append(item);
    }
  }

  drawHistory(history, recorded) {
    const rows = historyRows(history);
    this.rows.replaceChildren();
    for (const row of rows) {
      const tr = makeElement("tr", "sw-history-row", {
        tabindex: "-1",
        "data-game-id": String(row.id),
        "data-result": row.result,
        "aria-label": row.label,
      });
      if (row.current) tr.setAttribute("aria-current", "true");
      for (const text of [row.date, row.result, row.moves, row.time]) {
        const td = makeElement("td");
        td.textContent = text;
        tr.append(td);
      }
      this.rows.append(tr);
    }
    if (rows.length) this.rows.firstChild.tabIndex = 0;
    this.table.hidden = rows.length === 0;
    setText(
      this.empty,
      recorded ? "No game of this kind in the library yet: it records a game from its first move." : "",
    );
    this.empty.hidden = rows.length > 0 || !recorded;
    setText(this.more, rows.length >= 50 ? "The latest 50 games; w.library.games() has them all." : "");
    this.more.hidden = rows.length < 50;
  }

  rowOf(target) {
    const row = target instanceof Element ? target.closest("tr[data-game-id]") : null;
    return row && this.rows.contains(row) ? row : null;
  }

  onRowClick(event) {
    const row = this.rowOf(event.target);
    if (row) this.openRow(row);
  }

  /** Enter or Space opens the focused game; Up and Down move between rows. */
  onRowKey(event) {
    const row = this.rowOf(event.target);
    if (!row) return;
    let next = null;
    if (event.key === "Enter" || event.key === " ") {
      event.preventDefault();
      this.openRow(row);
    } else if (event.key === "ArrowDown") next = row.nextElementSibling;
    else if (event.key === "ArrowUp") next = row.previousElementSibling;
    if (!next) return;
    event.preventDefault();
    row.tabIndex = -1;
    next.tabIndex = 0;
    next.focus();
  }

  openRow(row) {
    for (const other of this.rows.children) other.tabIndex = other === row ? 0 : -1;
    const id = Number(row.getAttribute("data-game-id"));
    this.feedback.announce(`Opening the game of ${row.cells[0].textContent}.`);
    this.open(id);
  }
}
