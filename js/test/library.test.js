// The Statistics panel and History list, drawn from a real answer of the widget
// (fixtures/library.json, written by make_library.py), and the words they use.

import { describe, expect, it } from "vitest";
import answer from "./fixtures/library.json";
import {
  WIN_RATE_WORDS,
  dateText,
  historyRows,
  recentCells,
  recordingText,
  scoreText,
  statisticsRows,
  streakText,
} from "../library.js";
import { click, fixture, key, mount } from "./helpers.js";

function fresh() {
  return structuredClone(answer);
}

/** A mounted board with its Statistics panel open; `reply(content)` answers the view's last library query. */
function opened(state = fixture("klondike_start")) {
  const mounted = mount(state);
  const button = mounted.qa("button").find((el) => el.textContent.includes("Statistics"));
  click(button);
  const reply = (content) => {
    const query = mounted.model.sent.filter((sent) => sent.kind === "library").at(-1);
    mounted.model.message({ ...content, request: query.request });
  };
  return { ...mounted, button, reply };
}

describe("the library's words", () => {
  it("says every figure of the statistics", () => {
    expect(statisticsRows(answer.statistics)).toEqual([
      ["Played", "22"],
      ["Won", "12"],
      ["Lost", "6"],
      ["Abandoned", "4"],
      ["Win rate", "55%"],
      ["Current streak", "1 won"],
      ["Longest win streak", "3"],
      ["Longest losing streak", "2"],
      ["Best time", "1:35"],
      ["Fewest moves", "11"],
      ["Average moves of wins", "11"],
    ]);
    const none = {
      played: 0,
      won: 0,
      win_rate: 0,
      current_streak: 0,
      best_seconds: null,
      fewest_moves: null,
      average_moves_won: null,
      recent: [],
    };
    expect(Object.fromEntries(statisticsRows(none))).toMatchObject({
      "Win rate": "\u2013",
      "Current streak": "none",
      "Best time": "\u2013",
    });
  });

  it("puts streaks, dates and scores in words", () => {
    expect([streakText(3), streakText(-2), streakText(0)]).toEqual(["3 won", "2 lost", "none"]);
    expect(dateText("not a date")).toBe("\u2013");
    const moment = new Date(2026, 0, 2, 3, 4); // local time, as the list shows it
    expect(dateText(moment.getTime() / 1000, new Date(2026, 5, 1))).toBe("Jan 2, 03:04");
    expect(dateText(moment.toISOString(), new Date(2027, 5, 1))).toBe("Jan 2, 2026");
    expect(scoreText({ scoring: "vegas", game: -47, total: -52 })).toBe("Vegas -$52");
    expect(scoreText({ scoring: "standard", game: 15, total: 15 })).toBe("Score 15");
    expect(scoreText(null)).toBe("");
  });

  it("gives each recent result a cell with its words, oldest first", () => {
    const cells = recentCells(answer.statistics);
    expect(cells).toHaveLength(20);
    expect(cells[0]).toEqual({ result: "lost", label: "game 1: lost" });
    expect(recentCells({ recent: ["forged"] })[0].result).toBe("unknown");
  });

  it("reads the history rows and drops malformed ones", () => {
    const rows = historyRows([...answer.history, { id: "x" }, null]);
    expect(rows).toHaveLength(answer.history.length);
    expect(rows[0]).toMatchObject({ id: 23, result: "playing", moves: "1", time: "0:12", current: true });
    expect(historyRows([{ ...answer.history[1], demo: true }])[0].result).toBe("won by the demo");
  });

  it("says how to turn recording on when it is off, and why it failed", () => {
    expect(recordingText(answer.recording)).toBe("");
    expect(recordingText({ status: "off", said: "Games are not recorded." })).toMatch(/SOLITAIRE_WIDGET_LIBRARY/);
    expect(recordingText({ status: "failed", said: "Games are not recorded: disk full." })).toBe(
      "Games are not recorded: disk full.",
    );
  });
});

describe("the Statistics panel", () => {
  it("opens from the toolbar, asks Python, and draws the figures and the strip", () => {
    const { model, q, qa, button, reply } = opened();
    expect(button.getAttribute("aria-expanded")).toBe("true");
    expect(model.sent.at(-1)).toMatchObject({ kind: "library" });
    expect(q(".sw-library-waiting").hidden).toBe(false);
    reply(fresh());
    expect(q(".sw-library-waiting").hidden).toBe(true);
    expect(q(".sw-library-title").textContent).toBe("Klondike, draw 1");
    const figures = qa(".sw-figure").map((el) => [
      el.querySelector(".sw-figure-label").textContent,
      el.querySelector(".sw-figure-value").textContent,
    ]);
    expect(figures).toEqual(statisticsRows(answer.statistics));
    // Abandoned games apart from losses, and in words how the win rate counts them.
    expect(figures.slice(1, 5).map(([label]) => label)).toEqual(["Won", "Lost", "Abandoned", "Win rate"]);
    expect(q(".sw-figures-note").hidden).toBe(false);
    expect(q(".sw-figures-note").textContent).toBe(WIN_RATE_WORDS);
    expect(WIN_RATE_WORDS).toMatch(/abandoned game counts as a game not won/);
    const cells = qa("[data-results] .sw-result");
    expect(cells).toHaveLength(20);
    expect(cells.map((el) => el.getAttribute("data-result"))).toEqual(answer.statistics.recent);
    expect(cells[1].textContent).toBe("game 2: abandoned");
    expect(q(".sw-library-note").hidden).toBe(true);
  });

  it("takes no other view's answer", () => {
    const { q, model } = opened();
    model.message({ ...fresh(), request: "another:1" });
    expect(q(".sw-figure")).toBeNull();
  });

  it("says recording is off, and how to turn it on, with no library", () => {
    const { q, reply } = opened();
    reply({
      ...fresh(),
      recording: { status: "off", said: "Games are not recorded: library=False." },
      statistics: null,
      history: [],
    });
    expect(q(".sw-library-note").hidden).toBe(false);
    expect(q(".sw-library-note").textContent).toMatch(/library=False.*SOLITAIRE_WIDGET_LIBRARY/);
    expect(q(".sw-figure")).toBeNull();
    expect(q(".sw-figures-note").hidden).toBe(true);
  });

  it("asks again when the game on show ends or another deal comes", () => {
    const state = fixture("klondike_start");
    const { model, reply } = opened(state);
    reply(fresh());
    const asked = () => model.sent.filter((sent) => sent.kind === "library").length;
    expect(asked()).toBe(1);
    model.setState({ ...state, version: state.version + 1, moves: 1 });
    expect(asked()).toBe(1);
    model.setState({ ...state, version: state.version + 2, status: "won" });
    expect(asked()).toBe(2);
  });
});

describe("the History list", () => {
  it("lists the games newest first and opens one on a click", () => {
    const { model, q, qa, reply } = opened();
    reply(fresh());
    click(q('[role="tab"][data-tab="history"]'));
    expect(q('[role="tab"][data-tab="history"]').getAttribute("aria-selected")).toBe("true");
    const rows = qa("[data-history] tbody tr");
    expect(rows.map((row) => Number(row.getAttribute("data-game-id")))).toEqual(answer.history.map((row) => row.id));
    expect(rows[0].getAttribute("aria-current")).toBe("true");
    expect(Array.from(rows[1].cells, (cell) => cell.textContent).slice(1)).toEqual(["won", "11", "7:32"]);
    click(rows[2].cells[1]);
    expect(model.sent.at(-1)).toMatchObject({ kind: "open_game", id: answer.history[2].id });
  });

  it("opens the focused game with Enter, after the question when a game is in progress", () => {
    const { model, q, qa, reply } = opened(fixture("klondike_mid"));
    reply(fresh());
    key(q('[role="tab"][data-tab="statistics"]'), "ArrowRight");
    const rows = qa("[data-history] tbody tr");
    key(rows[0], "ArrowDown");
    expect(document.activeElement).toBe(rows[1]);
    key(rows[1], "Enter");
    expect(model.sent.at(-1).kind).toBe("library");
    expect(q(".sw-confirm-text").textContent).toBe("Open this past game? This game (60 moves) will be abandoned.");
    click(q('[data-action="confirm_deal"]'));
    expect(model.sent.at(-1)).toMatchObject({ kind: "open_game", id: answer.history[1].id });
  });

  it("says when the kind has no game yet, and that it shows the latest 50", () => {
    const empty = opened();
    empty.reply({ ...fresh(), history: [] });
    expect(empty.q(".sw-library-empty").hidden).toBe(false);
    expect(empty.q(".sw-library-more").hidden).toBe(true);
    const full = opened();
    const many = Array.from({ length: 50 }, (_, at) => ({ ...answer.history[1], id: at + 1 }));
    full.reply({ ...fresh(), history: many });
    expect(full.q(".sw-library-more").hidden).toBe(false);
  });
});

describe("a failed recording", () => {
  it("is said once, in a toast, and play goes on", () => {
    const { model, q } = mount(fixture("klondike_start"));
    const failed = { status: "failed", said: "Games are not recorded: database or disk is full (the game goes on)" };
    model.change("recording", failed);
    expect(q(".sw-toast").textContent).toBe(failed.said);
    q(".sw-toast").textContent = "";
    model.change("recording", { ...failed });
    expect(q(".sw-toast").textContent).toBe("");
  });
});

describe("the score", () => {
  it("shows beside the move count when scoring is on", () => {
    const state = { ...fixture("klondike_start"), score: { scoring: "vegas", game: -52, total: -104 } };
    const { q, model } = mount(state);
    expect(q(".sw-score").hidden).toBe(false);
    expect(q(".sw-score").textContent).toBe("Vegas -$104");
    model.setState({ ...state, version: state.version + 1, score: null });
    expect(q(".sw-score").hidden).toBe(true);
  });
});
