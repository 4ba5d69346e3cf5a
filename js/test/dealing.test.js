// New deals and past games from the board (dealing.js): the game and seed chosen, the
// question before a game in progress is abandoned, the game the player switched to.

import { describe, expect, it } from "vitest";
import { NewDeals } from "../dealing.js";
import { click, fixture, key, mountForTest, nextState } from "./helpers.js";

const view = mountForTest;

describe("dealing from the toolbar and the keys", () => {
  it("a new deal over a game in progress asks once; keeping it changes nothing", () => {
    const state = fixture("klondike_mid");
    const { model, q, pile } = view(state);
    const dialog = q(".sw-confirm");
    expect(dialog.hidden).toBe(true);
    // The chooser: asked, kept, and the chooser shows the game on the board again.
    const chooser = q('[data-control="game"]');
    chooser.value = "father";
    chooser.dispatchEvent(new Event("change", { bubbles: true }));
    expect(dialog.hidden).toBe(false);
    expect(dialog.textContent).toContain(`This game (${state.moves} moves) will be abandoned`);
    expect(document.activeElement).toBe(q('[data-action="keep_playing"]'));
    click(q('[data-action="keep_playing"]'));
    expect(dialog.hidden).toBe(true);
    expect(chooser.value).toBe("klondike");
    expect(model.sent).toHaveLength(0);
    // n, then Escape: kept, and the focus goes back to the board.
    pile("stock").focus();
    key(pile("stock"), "n");
    expect(dialog.hidden).toBe(false);
    key(document.activeElement, "Escape");
    expect(dialog.hidden).toBe(true);
    expect(document.activeElement).toBe(pile("stock"));
    expect(model.sent).toHaveLength(0);
    // New game, then yes: one deal.
    click(q('[data-action="new"]'));
    click(q('[data-action="confirm_deal"]'));
    expect(model.sent.map((intent) => intent.kind)).toEqual(["new_game"]);
  });

  it("a game at its deal, or over, is dealt anew without asking", () => {
    for (const state of [fixture("klondike_start"), fixture("klondike_won")]) {
      const { model, q } = view(state);
      click(q('[data-action="new"]'));
      expect(q(".sw-confirm").hidden).toBe(true);
      expect(model.sent.map((intent) => intent.kind)).toEqual(["new_game"]);
    }
  });

  it("the seed box shows the seed; typing another deals that seed", () => {
    const state = fixture("father_mid");
    const { model, q } = view(state);
    const seed = q('[data-control="seed"]');
    expect(seed.value).toBe(String(state.seed));
    seed.value = "12345";
    key(seed, "Enter");
    click(q('[data-action="confirm_deal"]'));
    expect(model.sent[0]).toMatchObject({ kind: "new_game", game: "father", seed: 12345, options: state.options });
  });

  it("Enter in the seed box deals the seed it shows, the one on the board too; New game deals at random", () => {
    const state = fixture("father_start");
    const { model, q } = view(state);
    const seed = q('[data-control="seed"]');
    seed.focus();
    seed.value = String(state.seed); // typed again: the deal on the board
    seed.dispatchEvent(new Event("input", { bubbles: true }));
    key(seed, "Enter");
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", game: "father", seed: state.seed });
    model.setState(nextState(state, { started_at: state.started_at + 1 }));
    key(seed, "Enter"); // untouched, the box still says which deal: Enter deals it again
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", seed: state.seed });
    model.setState(nextState(model.get("state"), { started_at: state.started_at + 2 }));
    click(q('[data-action="new"]'));
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", seed: null });
    model.setState(nextState(model.get("state"), { started_at: state.started_at + 3 }));
    seed.focus();
    seed.value = String(state.seed);
    seed.dispatchEvent(new Event("input", { bubbles: true }));
    click(q('[data-action="new"]')); // typed, even the same seed: New game deals what was typed
    expect(model.sent.at(-1)).toMatchObject({ kind: "new_game", seed: state.seed });
  });

  it("the seed box always shows the deal on the board, unless the player is typing in it", () => {
    const state = fixture("klondike_start");
    const { model, q, pile } = view(state);
    const seed = q('[data-control="seed"]');
    const type = (text) => {
      seed.focus();
      seed.value = text;
      seed.dispatchEvent(new Event("input", { bubbles: true }));
    };
    // A winnable deal found from the seed typed (15 gave 16): the box says 16, focused or not.
    type("15");
    key(seed, "Enter");
    expect(document.activeElement).toBe(seed);
    let shown = nextState(state, { seed: 16, moves: 0, started_at: state.started_at + 1 });
    model.setState(shown);
    expect(seed.value).toBe("16");
    // Typing while the board changes under it (a strategy plays): the typing stays.
    type("99");
    shown = nextState(shown, { moves: 1 });
    model.setState(shown);
    expect(seed.value).toBe("99");
    // Undo to the start, with the focus on the board: the box shows the deal again.
    pile("stock").focus();
    shown = nextState(shown, { moves: 0 });
    model.setState(shown);
    expect(seed.value).toBe("16");
    // A past game opened from History, a restart, a new deal: each writes its own seed.
    type("123");
    for (const [changes, text] of [
      [{ seed: 4242, started_at: shown.started_at + 1 }, "4242"],
      [{ seed: null, started_at: shown.started_at + 2 }, ""],
      [{ game: "father", seed: 7, started_at: shown.started_at + 3 }, "7"],
    ]) {
      shown = nextState(shown, changes);
      model.setState(shown);
      expect(seed.value).toBe(text);
    }
    type("8");
    key(seed, "Escape");
    expect(seed.value).toBe("7");
  });

  it("a seed that is not a whole number is refused in the view", () => {
    const { model, q, root } = view(fixture("father_mid"));
    const seed = q('[data-control="seed"]');
    seed.value = "12a";
    click(q('[data-action="new"]'));
    expect(model.sent).toHaveLength(0);
    expect(root.querySelector(".sw-toast").textContent).toBe(
      'a seed is a whole number from 0 to 9007199254740991, not "12a"',
    );
  });

  it("seeds run from 0 to 2**53 - 1, as in Python", () => {
    const { model, q, root } = view(fixture("father_mid"));
    const seed = q('[data-control="seed"]');
    seed.value = "9007199254740992";
    key(seed, "Enter");
    expect(model.sent).toHaveLength(0);
    const refusal = 'a seed is a whole number from 0 to 9007199254740991, not "9007199254740992"';
    expect(root.querySelector(".sw-toast").textContent).toBe(refusal);
    expect(root.querySelector('[aria-live="polite"]').textContent.trim()).toBe(refusal);
    seed.value = "9007199254740991";
    key(seed, "Enter");
    click(q('[data-action="confirm_deal"]'));
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ kind: "new_game", game: "father", seed: 9007199254740991 });
    expect(JSON.stringify(model.sent[0])).toContain('"seed":9007199254740991,');
  });

  it("the game chooser and draw 1/3 deal new games", () => {
    const state = fixture("klondike_start");
    const { model, q } = view(state);
    expect(q('[data-control="draw"]').hidden).toBe(false);
    const game = q('[data-control="game"]');
    game.value = "following";
    game.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent[0]).toMatchObject({ kind: "new_game", game: "following", seed: null, options: {} });
    model.message({ kind: "refused", request: model.sent[0].request, reason: "no" });
    // Refused: the chooser shows the game still on the board.
    expect(game.value).toBe("klondike");
    const draw = q('[data-control="draw"]');
    draw.value = "3";
    draw.dispatchEvent(new Event("change", { bubbles: true }));
    expect(model.sent[1]).toMatchObject({ kind: "new_game", game: "klondike", options: { ...state.options, draw: 3 } });
    model.setState(nextState(fixture("father_start"), { version: state.version + 1 }));
    expect(q('[data-control="draw"]').hidden).toBe(true);
    expect(game.value).toBe("father");
  });
});

describe("NewDeals alone", () => {
  /** NewDeals on fixture `name`'s state, its parts fakes that record what they are asked
   * (`badSeed`: the seed box holds no whole number). */
  function dealsOn(name, { seed = null, badSeed = false, winnable = false, refused = false } = {}) {
    const sent = [];
    const asked = [];
    const said = [];
    const winnableAsked = [];
    const state = fixture(name);
    const deals = new NewDeals({
      toolbar: { typedSeed: () => (badSeed ? undefined : seed), chosenDraw: () => 3, seedInput: { value: " 12a " } },
      aids: { winnableDeals: winnable, dealWinnable: (fields) => winnableAsked.push(fields) },
      confirmation: { ask: (moves, go, words) => asked.push({ moves, go, words }) },
      feedback: { showToast: (text) => said.push(text), announce: (text) => said.push(text) },
      stateNow: () => state,
      problem: () => null,
      refused: () => refused,
      send: (kind, fields) => sent.push({ kind, ...fields }),
    });
    return { deals, state, sent, asked, said, winnableAsked };
  }

  it("deals the game chosen with the draw chosen, and knows the state that brings it", () => {
    const { deals, state, sent } = dealsOn("father_start");
    deals.newGame("klondike");
    expect(sent).toEqual([{ kind: "new_game", game: "klondike", seed: null, options: { draw: 3 } }]);
    const klondike = fixture("klondike_start");
    expect(deals.gameArrived(state, state)).toBe(false);
    expect(deals.gameArrived(state, klondike)).toBe(true);
    expect(deals.gameArrived(klondike, state)).toBe(false);
  });

  it("another game arriving first ends the choice", () => {
    const { deals, state } = dealsOn("klondike_start");
    deals.newGame("following");
    expect(deals.gameArrived(state, fixture("father_start"))).toBe(false);
    expect(deals.gameArrived(fixture("father_start"), fixture("following_start"))).toBe(false);
  });

  it("a game in progress is abandoned only once the player agrees", () => {
    const { deals, state, sent, asked } = dealsOn("klondike_mid");
    deals.newGame();
    expect(sent).toEqual([]);
    expect(asked).toHaveLength(1);
    expect(asked[0].moves).toBe(state.moves);
    asked[0].go();
    expect(sent).toEqual([{ kind: "new_game", game: "klondike", seed: null, options: { ...state.options, draw: 3 } }]);
    const words = { question: "Open this past game?", yes: "Open it" };
    deals.abandoning(() => sent.push("opened"), words);
    expect(asked[1].words).toBe(words);
  });

  it("winnable deals go through the play aids' search", () => {
    const { deals, sent, winnableAsked } = dealsOn("following_start", { seed: 5, winnable: true });
    deals.newGame();
    expect(sent).toEqual([]);
    expect(winnableAsked).toEqual([{ game: "following", seed: 5, options: fixture("following_start").options }]);
  });

  it("a seed that is not a whole number, or a kernel gone, deals nothing", () => {
    const bad = dealsOn("klondike_start", { badSeed: true });
    bad.deals.newGame();
    expect(bad.sent).toEqual([]);
    expect(bad.said).toEqual([
      'a seed is a whole number from 0 to 9007199254740991, not "12a"',
      'a seed is a whole number from 0 to 9007199254740991, not "12a"',
    ]);
    const gone = dealsOn("klondike_start", { refused: true });
    gone.deals.newGame();
    expect(gone.sent).toEqual([]);
    expect(gone.asked).toEqual([]);
  });
});
