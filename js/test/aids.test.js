import { afterEach, describe, expect, it } from "vitest";
import { currentHint, dealNews, dealOf, hintMarks, hintWords, verdictOf } from "../aids.js";
import { click, fixture, key, mount } from "./helpers.js";

const STATE = { version: 7, game: "klondike", seed: 11 };
const READY = {
  version: 7,
  status: "ready",
  source: "solver",
  sentence: "7♦ from the waste onto 8♠ in column 3: the first move of a winning line (54 moves to a win)",
  move: { source: "waste", target: "tableau/3", count: 1 },
};

describe("which aids belong to the board on show", () => {
  it("a hint shows only with the state it was made for", () => {
    expect(currentHint(STATE, { hint: READY })).toBe(READY);
    expect(currentHint({ ...STATE, version: 8 }, { hint: READY })).toBe(null);
    expect(currentHint(STATE, { hint: null })).toBe(null);
    expect(currentHint(STATE, undefined)).toBe(null);
  });

  it("a hint marks its source and target, and the run that moves", () => {
    expect(hintMarks(READY)).toEqual({ source: "waste", target: "tableau/3", count: 1 });
    expect(hintMarks({ ...READY, move: { source: "tableau/2", target: "tableau/5", count: 3 } })).toEqual({
      source: "tableau/2",
      target: "tableau/5",
      count: 3,
    });
    // A redeal moves the whole waste; only its top card shows.
    expect(hintMarks({ ...READY, move: { source: "waste", target: "stock", count: 24 } }).count).toBe(1);
    expect(hintMarks({ ...READY, move: null })).toBe(null);
    expect(hintMarks({ version: 7, status: "thinking" })).toBe(null);
  });

  it("says a hint in a sentence", () => {
    expect(hintWords({ status: "thinking" })).toBe("Thinking\u2026");
    expect(hintWords(READY)).toBe(
      "7♦ from the waste onto 8♠ in column 3: the first move of a winning line (54 moves to a win).",
    );
    expect(hintWords({ status: "failed", sentence: "no hint: the solver failed (boom)" })).toBe(
      "No hint: the solver failed (boom).",
    );
  });
});

describe("the still-winnable indicator", () => {
  const verdict = (status, lostAt = null, version = 7) => ({ winnable: { version, status, lost_at: lostAt } });

  it("is off unless the check is on, and gone once the game is won", () => {
    expect(verdictOf(STATE, verdict("winnable"), false)).toBe(null);
    expect(verdictOf({ ...STATE, status: "won", termination: "won" }, verdict("winnable"), true)).toBe(null);
  });

  it("reads winnable, lost since move k, lost from the deal, unknown", () => {
    expect(verdictOf(STATE, verdict("winnable"), true).text).toBe("winnable");
    expect(verdictOf(STATE, verdict("lost", 12), true).text).toBe("lost since move 12");
    expect(verdictOf(STATE, verdict("lost", 0), true).text).toBe("lost from the deal");
    expect(verdictOf(STATE, verdict("lost", null), true).text).toBe("lost");
    const between = { winnable: { version: 7, status: "lost", lost_at: null, lost_between: [93, 105] } };
    expect(verdictOf(STATE, between, true)).toMatchObject({
      text: "lost by move 105",
      title: expect.stringContaining("after move 92 it still could"),
    });
    expect(verdictOf(STATE, verdict("unknown"), true)).toMatchObject({ status: "unknown", text: "unknown" });
  });

  it("says checking… until the verdict for this very state arrives", () => {
    expect(verdictOf(STATE, verdict("checking"), true).text).toBe("checking\u2026");
    expect(verdictOf(STATE, verdict("lost", 3, 6), true)).toMatchObject({ status: "checking", text: "checking\u2026" });
    expect(verdictOf(STATE, { winnable: null }, true).status).toBe("checking");
  });
});

describe("winnable deals", () => {
  const dealt = { status: "dealt", game: "klondike", seed: 11, from_seed: 10, difficulty: null };

  it("while dealing, and once the deal is on show", () => {
    expect(dealOf(STATE, { deal: { status: "dealing", game: "klondike", from_seed: 10 } }).text).toBe(
      "dealing a winnable game\u2026",
    );
    expect(dealOf(STATE, { deal: dealt })).toMatchObject({ status: "dealt", text: "winnable \u00B7 rating\u2026" });
    const rated = dealOf(STATE, { deal: { ...dealt, difficulty: { level: "hard", nodes: 12345 } } });
    expect(rated.text).toBe("winnable \u00B7 hard");
    expect(rated.title).toBe(
      "Seed 11 (the first winnable one from seed 10) is winnable. " +
        "Difficulty: hard, from the 12,345 positions the solver searched to win it.",
    );
  });

  it("a deal of another game or seed is not the one on show", () => {
    expect(dealOf({ ...STATE, seed: 12 }, { deal: dealt })).toBe(null);
    expect(dealOf({ ...STATE, game: "father" }, { deal: dealt })).toBe(null);
  });

  it("news of the deal says its seed, then its difficulty", () => {
    expect(dealNews(dealt)).toBe("Winnable deal: seed 11, the first winnable one from 10.");
    expect(dealNews({ ...dealt, from_seed: 11 })).toBe("Winnable deal: seed 11.");
    expect(dealNews({ ...dealt, difficulty: { level: "easy", nodes: 80 } })).toBe("Seed 11 is easy.");
  });
});

describe("the play aids in the view", () => {
  let mounted = [];
  afterEach(() => {
    for (const view of mounted) view.cleanup();
    mounted = [];
    document.body.innerHTML = "";
  });
  const view = (state) => {
    const shown = mount(state);
    mounted.push(shown);
    return shown;
  };
  const hintFor = (state, move) => ({
    hint: {
      version: state.version,
      status: "ready",
      source: "heuristic",
      sentence: "a♥ home: the heuristic's best move",
      move,
    },
    winnable: null,
    deal: null,
  });

  it("the Hint button and H ask Python, without waiting for a state", () => {
    const state = fixture("klondike_start");
    const { model, q, pile, root } = view(state);
    click(q("[data-action='hint']"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "hint", version: state.version });
    expect(root.classList.contains("sw-waiting")).toBe(false);
    model.change("aids", { hint: { version: state.version, status: "thinking" }, winnable: null, deal: null });
    expect(q("[data-action='hint']").getAttribute("aria-busy")).toBe("true");
    expect(q(".sw-hint-text").textContent).toBe("Thinking\u2026");
    // Thinking already: H sends nothing more.
    key(pile("stock"), "h");
    expect(model.sent.filter((sent) => sent.kind === "hint")).toHaveLength(1);
  });

  it("a hint marks its piles and the card that moves, says why, and goes with the next state", () => {
    const state = fixture("klondike_start");
    const { model, q, qa, pile, card } = view(state);
    model.change("aids", hintFor(state, { source: "tableau/4", target: "foundation/0", count: 1 }));
    expect(pile("tableau/4").getAttribute("data-hint")).toBe("source");
    expect(pile("foundation/0").getAttribute("data-hint")).toBe("target");
    expect(qa("[data-hint]")).toHaveLength(2);
    expect(qa(".sw-card--hint")).toEqual([card("AH")]);
    // The hint quiets the last move's outlines (the board's data-hinting, see widget.css).
    expect(q(".sw-board").hasAttribute("data-hinting")).toBe(true);
    expect(pile("tableau/4").getAttribute("data-pile")).toBe("tableau/4");
    expect(q(".sw-hint-panel").hidden).toBe(false);
    expect(q(".sw-hint-text").textContent).toBe("A♥ home: the heuristic's best move.");
    expect(q(".sw-hint-title").textContent).toBe("Solver's hint");
    expect(q(".sw-hint-source").textContent).toBe("sees every card \u00B7 best guess");
    expect(q("[aria-live]").textContent.trim()).toBe("Solver's hint: A♥ home: the heuristic's best move.");

    model.setState({ ...structuredClone(state), version: state.version + 1 });
    expect(qa("[data-hint]")).toHaveLength(0);
    expect(qa(".sw-card--hint")).toHaveLength(0);
    expect(q(".sw-board").hasAttribute("data-hinting")).toBe(false);
    expect(q(".sw-hint-panel").hidden).toBe(true);
  });

  it("no hint during a lesson or once the game is over", () => {
    const won = view(fixture("klondike_won"));
    expect(won.q("[data-action='hint']").disabled).toBe(true);
    const lesson = view({
      ...fixture("klondike_start"),
      lesson: { total: 3, ply: 0, found: 0, shown: 0, done: false, said: null },
    });
    expect(lesson.q("[data-action='hint']").disabled).toBe(true);
    key(lesson.pile("stock"), "h");
    expect(lesson.model.sent).toEqual([]);
  });

  it("the Options menu sets the check and auto-play in Python, and shows what Python says", () => {
    const state = fixture("klondike_start");
    const { model, q, root } = view(state);
    const options = q("[data-action='options']");
    const panel = q(".sw-menu-panel");
    expect(panel.hidden).toBe(true);
    click(options);
    expect(panel.hidden).toBe(false);
    expect(options.getAttribute("aria-expanded")).toBe("true");

    const check = q("[data-control='check-winnable']");
    check.checked = true;
    check.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ kind: "setting", name: "check_winnable", value: true });
    const mode = q("[data-control='autoplay-mode']");
    mode.value = "safe";
    mode.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ kind: "setting", name: "autoplay_mode", value: "safe" });
    const speed = q("[data-control='demo-speed']");
    expect(speed.value).toBe("normal");
    speed.value = "fast";
    speed.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent.at(-1)).toMatchObject({ kind: "setting", name: "demo_speed", value: "fast" });
    model.change("demo_speed", "slow");
    expect(speed.value).toBe("slow");

    model.change("check_winnable", true);
    const chip = q(".sw-verdict");
    expect(chip.hidden).toBe(false);
    expect(chip.textContent).toBe("checking\u2026");
    model.change("aids", { hint: null, winnable: { version: state.version, status: "lost", lost_at: 4 }, deal: null });
    expect(chip.textContent).toBe("lost since move 4");
    // Said to screen readers once, when it comes.
    expect(root.querySelector('[aria-live="polite"]').textContent.trim()).toBe("Still winnable? lost since move 4.");
    expect(chip.getAttribute("data-verdict")).toBe("lost");
    // The chip is a button back to where the game could still be won: before move 4.
    expect(chip.tagName).toBe("BUTTON");
    click(chip);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 3 });
    model.change("check_winnable", false);
    expect(chip.hidden).toBe(true);
    expect(check.checked).toBe(false);

    key(panel, "Escape");
    expect(panel.hidden).toBe(true);
  });

  it("a game that ended lost names the move that lost it, and its button goes back there", () => {
    const stuck = { ...fixture("father_stuck"), moves: 30, ply: 30, line_length: 30, line_end: 30 };
    const { model, q } = view(stuck);
    const overlay = q(".sw-overlay");
    const lost = overlay.querySelector(".sw-overlay-lost");
    expect(overlay.hidden).toBe(false);
    expect(lost.textContent).toBe("Looking for the move that lost it\u2026");
    const back = overlay.querySelector("[data-action='goto_lost']");
    expect(back.hidden).toBe(true);
    const judged = {
      status: "judged",
      ply: 21,
      luck: "bad luck",
      sentence: "Move 21 (x) was bad luck: it was as good as any.",
    };
    model.change("aids", {
      hint: null,
      winnable: { version: stuck.version, status: "lost", lost_at: 21, lost_move: judged },
      deal: null,
    });
    expect(lost.textContent).toBe(
      "Move 21 lost it: before it the game could still be won. Move 21 (x) was bad luck: it was as good as any.",
    );
    expect(back.hidden).toBe(false);
    expect(back.textContent).toContain("Back to before move 21");
    // The chip shows it too, though the check is off.
    expect(q(".sw-verdict").textContent).toBe("lost since move 21 \u00B7 bad luck");
    click(back);
    expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 20 });
  });

  it("a press outside the open menu closes it", () => {
    const { q } = view(fixture("klondike_start"));
    click(q("[data-action='options']"));
    document.body.dispatchEvent(new MouseEvent("pointerdown", { bubbles: true }));
    expect(q(".sw-menu-panel").hidden).toBe(true);
  });

  it("with winnable deals only, a new game goes to the solver's search and its seed shows", () => {
    const state = fixture("klondike_start");
    const { model, q, root } = view(state);
    const box = q("[data-control='winnable-deals']");
    box.checked = true;
    box.dispatchEvent(new Event("change", { bubbles: true }));
    expect(q("[data-action='new']").classList.contains("sw-button--winnable")).toBe(true);
    click(q("[data-action='new']"));
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", game: "klondike", seed: null, winnable: true });
    expect(root.classList.contains("sw-waiting")).toBe(false);

    model.change("aids", { hint: null, winnable: null, deal: { status: "dealing", game: "klondike", from_seed: 40 } });
    expect(q(".sw-deal").textContent).toBe("dealing a winnable game\u2026");
    click(q("[data-action='new']"));
    expect(model.sent.filter((sent) => sent.kind === "new_game")).toHaveLength(1);
    expect(q(".sw-toast").textContent).toBe("Still dealing a winnable game\u2026");
    const deal = { status: "dealt", game: "klondike", seed: 41, from_seed: 40, difficulty: null };
    model.setState({
      ...structuredClone(state),
      version: state.version + 1,
      seed: 41,
      started_at: state.started_at + 1,
    });
    model.change("aids", { hint: null, winnable: null, deal });
    expect(q(".sw-deal").textContent).toBe("winnable \u00B7 rating\u2026");
    expect(q(".sw-toast").textContent).toBe("Winnable deal: seed 41, the first winnable one from 40.");
    model.change("aids", { hint: null, winnable: null, deal: { ...deal, difficulty: { level: "easy", nodes: 90 } } });
    expect(q(".sw-deal").textContent).toBe("winnable \u00B7 easy");
    expect(q("[aria-live]").textContent.trim()).toBe("Seed 41 is easy.");
  });

  it("without winnable deals, a new game is the usual intent", () => {
    const state = fixture("klondike_start");
    const { model, q } = view(state);
    click(q("[data-action='new']"));
    expect(model.sent.at(-1)).toEqual({
      kind: "new_game",
      version: state.version,
      request: model.sent.at(-1).request,
      game: "klondike",
      seed: null,
      options: state.options,
    });
  });
});
