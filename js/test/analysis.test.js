import { afterEach, describe, expect, it } from "vitest";
import { hintKind, lostEnd, lostMoveWords, lostPly, verdictOf } from "../aids.js";
import { analysisOf, analysisWords, judgedByNode, judgementCounts, lostStory, stripCells } from "../analysis.js";
import { click, fixture, key, mount } from "./helpers.js";

const chance = (estimate) => ({ estimate, low: Math.max(0, estimate - 0.1), high: Math.min(1, estimate + 0.1) });

/** A judged move as Python sends it (see protocol.md, Analysis), node id = ply as in mainLine. */
function row(ply, judgement, after, glyph = "") {
  return {
    ply,
    node: ply,
    move: `t${ply % 7}>f0`,
    judgement,
    glyph,
    before: chance(0.5),
    best: chance(0.5),
    after: chance(after),
    best_move: "s>w",
    words:
      `Move ${ply}, move ${ply} in words: ${judgement}. ` +
      `Win chance 50% before it, ${Math.round(after * 100)}% after it.`,
  };
}

const DONE = {
  status: "done",
  done: null,
  total: null,
  said: null,
  moves: [row(1, "best", 0.5), row(2, "mistake", 0.35, "?"), row(3, "blunder", 0, "??")],
};

describe("reading the analysis", () => {
  it("takes a well-formed analysis and makes anything else none", () => {
    expect(analysisOf(DONE)).toEqual(DONE);
    for (const odd of [undefined, null, {}, { status: "won" }, "done"]) {
      expect(analysisOf(odd)).toEqual({ status: "none", done: null, total: null, said: null, moves: [] });
    }
    const forged = analysisOf({ ...DONE, moves: [row(1, "best", 0.5), { ply: "2" }, null] });
    expect(forged.moves).toHaveLength(1);
  });

  it("gives a cell per judged move along the line, the current one marked", () => {
    const line = [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }];
    const cells = stripCells(analysisOf(DONE), line, 2);
    expect(cells.map((cell) => [cell.ply, cell.chance, cell.glyph, cell.current, cell.onLine])).toEqual([
      [1, 0.5, "", false, true],
      [2, 0.35, "?", true, true],
      [3, 0, "??", false, true],
    ]);
    expect(cells[2].title).toMatch(/^Move 3, .*: blunder\. Win chance 50% before it, 0% after it\.$/);
    // Another line from move 2 on: its cells are off the line and none is current there.
    const other = stripCells(analysisOf(DONE), [{ id: 0 }, { id: 1 }, { id: 9 }], 2);
    expect(other.map((cell) => [cell.onLine, cell.current])).toEqual([
      [true, false],
      [false, false],
      [false, false],
    ]);
  });

  it("says the progress, the end, and the count of each judgement", () => {
    expect(analysisWords(analysisOf({ ...DONE, status: "running", done: 2, total: 30, moves: [] }))).toBe(
      "Analysing\u2026 2 of 30 moves",
    );
    expect(analysisWords(analysisOf(DONE))).toBe("Analysed 3 moves: 1 blunder, 1 mistake.");
    const open = { ...DONE, moves: [...DONE.moves, row(4, null, 0.2)] };
    expect(analysisWords(analysisOf(open))).toBe(
      "Analysed 4 moves: 1 blunder, 1 mistake; 1 not judged (more samples would tell).",
    );
    const stopped = { status: "stopped", said: "stopped after 4 of 9 moves: the game is unchanged", moves: [] };
    expect(analysisWords(analysisOf(stopped))).toBe(
      "Analysis stopped: stopped after 4 of 9 moves: the game is unchanged.",
    );
    expect(analysisWords(analysisOf(null))).toBe("");
    expect(judgementCounts([row(1, "best", 1), row(2, "good", 1)])).toBe("no mistakes");
    expect(judgementCounts([row(1, "inaccuracy", 1), row(2, "inaccuracy", 1), row(3, "only move", 1)])).toBe(
      "2 inaccuracies, 1 only move",
    );
    expect(judgedByNode(analysisOf(DONE)).get(3).judgement).toBe("blunder");
  });

  it("counts wasted moves apart, after saying there was no mistake", () => {
    const wasted = [row(1, "best", 1), row(2, "wasted", 1, "\u21ba"), row(3, "wasted", 1, "\u21ba")];
    expect(judgementCounts(wasted)).toBe("no mistakes, 2 wasted moves");
    expect(judgementCounts([...wasted, row(4, "mistake", 0.3)])).toBe("1 mistake, 2 wasted moves");
  });

  it("tells one story with the move the check named as the one that lost the game", () => {
    const line = [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 3 }, { id: 4 }];
    const moves = [row(1, "best", 0.5), row(2, "mistake", 0.3), row(3, "good", 0.3), row(4, "best", 0)];
    expect(lostStory(moves, 4, line)).toBe(
      "Move 4 lost the game, but from what you could see it was bad luck; the mistake was move 2, a mistake.",
    );
    expect(lostStory(moves, 2, line)).toBe("Move 2 lost the game: a mistake.");
    expect(lostStory([row(1, "best", 0.5), row(2, "good", 0)], 2, line)).toBe(
      "Move 2 lost the game, but from what you could see it was bad luck: no move up to it was a mistake.",
    );
    expect(lostStory([row(1, null, 0)], 1, line)).toMatch(/cannot tell a mistake from bad luck/);
    // Not on the line on show, or not analysed: nothing is said.
    expect(lostStory(moves, 4, [{ id: 0 }, { id: 1 }, { id: 2 }, { id: 7 }, { id: 9 }])).toBe("");
    expect(lostStory(moves, 9, line)).toBe("");
    const done = analysisOf({ ...DONE, moves });
    expect(analysisWords(done, { at: 4, line })).toBe(
      "Analysed 4 moves: 1 mistake. " +
        "Move 4 lost the game, but from what you could see it was bad luck; the mistake was move 2, a mistake.",
    );
  });
});

describe("which kind of hint, and the losing move", () => {
  it("names the fair hint and the solver's, which sees every card", () => {
    expect(hintKind({ source: "fair" })).toEqual({ title: "Fair hint", source: "from the cards you have seen" });
    expect(hintKind({ source: "solver" }).title).toBe("Solver's hint");
    expect(hintKind({ source: "heuristic" }).source).toBe("sees every card \u00B7 best guess");
    expect(hintKind(null).title).toBe("Hint");
  });

  it("adds bad luck or a mistake to the chip, with the sentence in its title", () => {
    const state = { version: 4, status: "playing" };
    const lost = (lostMove) => ({
      winnable: { version: 4, status: "lost", lost_at: 3, lost_between: [3, 3], lost_move: lostMove },
    });
    const judging = verdictOf(state, lost({ status: "judging", ply: 3 }), true);
    expect(judging.text).toBe("lost since move 3");
    expect(judging.title).toMatch(/the solver sees every card.*Judging it from what you could see/);
    const sentence =
      "Move 3 (turn one card from the stock) was bad luck: from what you could see it was as good as any, winning 41%.";
    const luck = verdictOf(
      state,
      lost({ status: "judged", ply: 3, luck: "bad luck", judgement: "best", sentence }),
      true,
    );
    expect([luck.text, luck.luck]).toEqual(["lost since move 3 \u00B7 bad luck", "bad luck"]);
    expect(luck.title.endsWith(sentence)).toBe(true);
    const mistake = verdictOf(
      state,
      lost({ status: "judged", ply: 3, luck: "mistake", judgement: "blunder", sentence: "…" }),
      true,
    );
    expect(mistake.text).toBe("lost since move 3 \u00B7 a mistake");
    // A judgement of another move (the verdict moved on) says nothing.
    expect(lostMoveWords({ status: "judged", ply: 2, luck: "mistake" }, 3)).toBe(null);
    expect(verdictOf(state, { winnable: { version: 4, status: "winnable" } }, true).title).toMatch(/sees every card/);
  });

  it("goes back to where a lost game could still be won: before the losing move, or the last winnable move", () => {
    expect(lostPly({ status: "lost", lost_at: 12 })).toBe(11);
    expect(lostPly({ status: "lost", lost_at: 0 })).toBe(null);
    expect(lostPly({ status: "lost", lost_at: null, lost_between: [93, 105] })).toBe(92);
    expect(lostPly({ status: "winnable" })).toBe(null);
    const state = { version: 4, status: "playing" };
    expect(verdictOf(state, { winnable: { version: 4, status: "lost", lost_at: 5 } }, true).ply).toBe(4);
  });

  it("names the move that lost a finished game, with or without the check on", () => {
    const stuck = { version: 9, status: "stuck", termination: "no_useful_moves" };
    const lost = (fields) => ({
      winnable: { version: 9, status: "lost", lost_between: null, lost_move: null, ...fields },
    });
    expect(lostEnd({ ...stuck, status: "playing" }, lost({ lost_at: 3 }))).toBe(null);
    expect(lostEnd(stuck, null).text).toBe("Looking for the move that lost it\u2026");
    const judged = {
      status: "judged",
      ply: 3,
      luck: "mistake",
      sentence: "Move 3 (x) was a blunder: it gave up 40 points.",
    };
    expect(lostEnd(stuck, lost({ lost_at: 3, lost_move: judged }))).toEqual({
      text: "Move 3 lost it: before it the game could still be won. Move 3 (x) was a blunder: it gave up 40 points.",
      ply: 2,
      button: "Back to before move 3",
    });
    expect(lostEnd(stuck, lost({ lost_at: 0 }))).toMatchObject({ ply: null, button: null });
    expect(lostEnd(stuck, lost({ lost_at: null, lost_between: [4, 9] })).button).toBe("Back to move 3");
    // The chip shows at the end of a lost game even with the check off.
    expect(verdictOf(stuck, lost({ lost_at: 3 }), false).text).toBe("lost since move 3");
  });
});

describe("the analysis on the board", () => {
  let mounted = null;
  afterEach(() => {
    if (mounted) mounted.cleanup();
    mounted = null;
  });

  function mountPlayed() {
    mounted = mount({ ...fixture("klondike_start"), moves: 3, ply: 3, line_length: 3, line_end: 3 });
    return mounted;
  }

  it("Analyse asks Python, and no new state is waited for", () => {
    const { model, q } = mountPlayed();
    expect(q("[data-strip]").hidden).toBe(true);
    click(q("[data-action='analyse']"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "analyse", version: model.get("state").version });
    expect(q("[data-action='analyse']").disabled).toBe(false);
  });

  it("shows the progress and a Stop that Escape presses too", () => {
    const { model, q } = mountPlayed();
    model.change("analysis", { status: "running", done: 1, total: 3, said: null, moves: [row(1, "best", 0.5)] });
    expect(q(".sw-analysis-words").textContent).toBe("Analysing\u2026 1 of 3 moves");
    expect(q("[data-action='analyse']").hidden).toBe(true);
    click(q("[data-action='stop_analysis']"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "stop_analysis" });
    key(q("[data-pile='stock']"), "Escape");
    expect(model.sent.at(-1)).toMatchObject({ kind: "stop_analysis" });
    expect(model.sent.filter((sent) => sent.kind === "stop_analysis")).toHaveLength(2);
    model.change("analysis", {
      status: "stopped",
      said: "stopped after 1 of 3 moves: the game is unchanged",
      moves: [],
    });
    expect(q("[data-action='stop_analysis']").hidden).toBe(true);
    expect(q(".sw-analysis").dataset.status).toBe("stopped");
    expect(q("[data-strip]").hidden).toBe(true);
  });

  it("the focus goes from Analyse to Stop and back, where Escape stops the analysis", () => {
    const { model, q } = mountPlayed();
    q("[data-action='analyse']").focus();
    click(q("[data-action='analyse']"));
    model.change("analysis", { status: "running", done: 0, total: 3, said: null, moves: [] });
    expect(document.activeElement).toBe(q("[data-action='stop_analysis']"));
    key(document.activeElement, "Escape");
    expect(model.sent.at(-1)).toMatchObject({ kind: "stop_analysis" });
    model.change("analysis", {
      status: "stopped",
      said: "stopped after 0 of 3 moves: the game is unchanged",
      moves: [],
    });
    expect(document.activeElement).toBe(q("[data-action='analyse']"));
    expect(q("[aria-live]").textContent).toBe("Analysis stopped: stopped after 0 of 3 moves: the game is unchanged.");
  });

  it("marks judged moves with their glyph, tooltip and words, and draws the strip", () => {
    const { model, q, qa } = mountPlayed();
    model.change("analysis", DONE);
    const entry = (ply) => q(`[data-timeline] [data-ply="${ply}"]`);
    expect(entry(3).dataset.judgement).toBe("blunder");
    expect(entry(3).querySelector(".sw-entry-glyph").textContent).toBe("??");
    expect(entry(3).querySelector(".sw-entry-glyph").getAttribute("aria-hidden")).toBe("true");
    expect(entry(3).title).toBe(DONE.moves[2].words);
    expect(entry(3).querySelector(".sw-entry-judgement").textContent).toBe(` (${DONE.moves[2].words})`);
    expect(entry(1).querySelector(".sw-entry-glyph").textContent).toBe("");
    expect(entry(0).hasAttribute("data-judgement")).toBe(false);

    const cells = qa("[data-strip] [data-ply]");
    expect(cells.map((cell) => [cell.dataset.ply, cell.dataset.judgement])).toEqual([
      ["1", "best"],
      ["2", "mistake"],
      ["3", "blunder"],
    ]);
    expect(cells.map((cell) => cell.firstChild.style.height)).toEqual(["50%", "35%", "4%"]);
    expect(q(".sw-strip-cell--current").dataset.ply).toBe("3");

    // A cell goes to its move.
    click(cells[0]);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 1 });
    // A new analysis without the blunder takes its marks away.
    model.change("analysis", { ...DONE, moves: DONE.moves.slice(0, 1) });
    expect(entry(3).hasAttribute("data-judgement")).toBe(false);
    expect(entry(3).querySelector(".sw-entry-glyph")).toBe(null);
    expect(qa("[data-strip] .sw-strip-cell:not([hidden])")).toHaveLength(1);
  });

  it("Analyse waits for a line with moves, and a lesson", () => {
    mounted = mount(fixture("klondike_start"));
    expect(mounted.q("[data-action='analyse']").disabled).toBe(true);
  });
});
