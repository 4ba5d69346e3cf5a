// Instant moves: a legal move drawn before Python answers, and the stock's clicks queued
// while a move waits (instantmoves.js), on the view and on the class alone.

import { afterEach, describe, expect, it, vi } from "vitest";
import { InstantMoves } from "../instantmoves.js";
import { ANSWER_TIMEOUT_MS } from "../intents.js";
import cases from "./fixtures/moves.json";
import { click, doubleClick, fixture, key, mountForTest, nextState, pointer } from "./helpers.js";

const view = mountForTest;

afterEach(() => {
  vi.useRealTimers();
});

describe("instant moves", () => {
  /** Every pile's cards as the board shows them, bottom to top, "down" for a face-down card. */
  function shownPiles(root) {
    const piles = {};
    for (const pile of root.querySelectorAll("[data-pile]")) {
      piles[pile.dataset.pile] = Array.from(pile.querySelectorAll("[data-card]"), (card) => card.dataset.card);
    }
    return piles;
  }

  /** The same for a position, as a board drawing it must show it. */
  function pilesOf(position) {
    const piles = { stock: position.stock.map(() => "down"), waste: [...position.waste] };
    position.foundations.forEach((cards, i) => {
      piles[`foundation/${i}`] = [...cards];
    });
    position.tableau.forEach((pile, i) => {
      piles[`tableau/${i}`] = [...pile.down.map(() => "down"), ...pile.up];
    });
    return piles;
  }

  /** Python's answer to `move` on fixture `name`'s state: the engine's position, one version on. */
  function answer(state, name, move) {
    const entry = cases[name].after.find((e) => e.move.join() === [move.source, move.target, move.count].join());
    return nextState(state, {
      position: structuredClone(entry.position),
      moves: state.moves + 1,
      last_move: { action: "play", ...move },
      standing: { ...move },
    });
  }

  const live = (root) => root.querySelector('[aria-live="polite"]').textContent.trim();

  it("a legal click-move shows at once as pending; Python's state confirms it and turns the uncovered card", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root, qa } = view(state);
    click(card("5H"));
    click(card("6C"));
    const { request } = model.sent[0];
    expect(root.dataset.pending).toBe(request);
    expect(root.dataset.version).toBe(String(state.version));
    expect(card("5H").parentElement).toBe(pile("tableau/5"));
    expect(shownPiles(root)["tableau/5"]).toEqual([...state.position.tableau[5].down.map(() => "down"), "6C", "5H"]);
    // 2C lay under 5H face down: Python, not the view, turns it over.
    expect(shownPiles(root)["tableau/1"]).toEqual(["down"]);
    expect(qa(".sw-pile--target, .sw-card--held")).toEqual([]);
    expect(pile("tableau/1").classList.contains("sw-pile--from")).toBe(true);
    expect(pile("tableau/5").classList.contains("sw-pile--to")).toBe(true);

    const confirmed = answer(state, "klondike_start", { source: "tableau/1", target: "tableau/5", count: 1 });
    model.setState(confirmed);
    expect(root.dataset.pending).toBe(undefined);
    expect(root.dataset.version).toBe(String(confirmed.version));
    expect(shownPiles(root)).toEqual(pilesOf(confirmed.position));
    expect(shownPiles(root)["tableau/1"]).toEqual(["2C"]);
  });

  it("a draw, a redeal, a drag, a double-click and a keyboard move show at once", () => {
    const plays = [
      ["klondike_start", { source: "stock", target: "waste", count: 1 }, ({ pile }) => click(pile("stock"))],
      ["klondike_draw3", { source: "stock", target: "waste", count: 3 }, ({ pile }) => click(pile("stock"))],
      ["klondike_redeal", { source: "waste", target: "stock", count: 24 }, ({ pile }) => click(pile("stock"))],
      [
        "klondike_start",
        { source: "tableau/4", target: "foundation/0", count: 1 },
        ({ card }) => doubleClick(card("AH")),
      ],
      [
        "klondike_start",
        { source: "tableau/1", target: "tableau/5", count: 1 },
        ({ card, pile }) => {
          const dx = parseFloat(pile("tableau/5").style.left) - parseFloat(pile("tableau/1").style.left);
          pointer(card("5H"), "pointerdown", 100, 100);
          pointer(card("5H"), "pointermove", 100 + dx, 120);
          pointer(card("5H"), "pointerup", 100 + dx, 120);
        },
      ],
      [
        "father_mid",
        { source: "waste", target: "tableau/1", count: 1 },
        ({ pile }) => {
          pile("waste").focus();
          key(pile("waste"), "Enter");
          key(document.activeElement, "ArrowDown");
          while (document.activeElement.dataset.pile !== "tableau/1") key(document.activeElement, "ArrowLeft");
          key(document.activeElement, "Enter");
        },
      ],
    ];
    for (const [name, move, play] of plays) {
      const state = fixture(name);
      const mounted = view(state);
      play(mounted);
      expect(mounted.model.sent, name).toEqual([expect.objectContaining({ kind: "move", ...move })]);
      const predicted = answer(state, name, move).position;
      const shown = shownPiles(mounted.root);
      const expected = pilesOf(predicted);
      if (move.source.startsWith("tableau/") && predicted.tableau[Number(move.source.split("/")[1])].up.length === 1) {
        expected[move.source] = expected[move.source].slice(0, -1).concat("down");
      }
      expect(shown, `${name} ${move.source}>${move.target}`).toEqual(expected);
      expect(mounted.root.dataset.pending).toBe(mounted.model.sent[0].request);
    }
  });

  it("a refusal of the pending move puts the cards back and says why", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    const before = shownPiles(root);
    click(card("5H"));
    click(card("6C"));
    expect(card("5H").parentElement).toBe(pile("tableau/5"));
    model.message({ kind: "refused", request: model.sent[0].request, reason: "the board changed before this arrived" });
    expect(root.dataset.pending).toBe(undefined);
    expect(shownPiles(root)).toEqual(before);
    expect(root.querySelector(".sw-toast").textContent).toBe("The board changed before this arrived");
    expect(live(root)).toBe("Not allowed: the board changed before this arrived");
    // The board plays again.
    click(card("5H"));
    expect(card("5H").classList.contains("sw-card--held")).toBe(true);
  });

  it("a refusal of another request leaves the pending move alone", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    click(card("5H"));
    click(card("6C"));
    const viewId = model.sent[0].request.split(":")[0];
    model.message({ kind: "refused", request: `${viewId}:99`, reason: "an old request" });
    expect(root.dataset.pending).toBe(model.sent[0].request);
    expect(card("5H").parentElement).toBe(pile("tableau/5"));
  });

  it("any state from Python replaces the picture, with or without the move; a late refusal still says why", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    click(card("5H"));
    click(card("6C"));
    // Python played another move before this one arrived.
    const other = answer(state, "klondike_start", { source: "stock", target: "waste", count: 1 });
    model.setState(other);
    expect(root.dataset.pending).toBe(undefined);
    expect(shownPiles(root)).toEqual(pilesOf(other.position));
    expect(card("5H").parentElement).toBe(pile("tableau/1"));
    model.message({ kind: "refused", request: model.sent[0].request, reason: "the board changed before this arrived" });
    expect(root.querySelector(".sw-toast").hidden).toBe(false);
    expect(shownPiles(root)).toEqual(pilesOf(other.position));
  });

  it("no answer within the watchdog's time keeps the move shown and says the kernel is silent", () => {
    vi.useFakeTimers();
    const state = fixture("klondike_start");
    const { model, pile, root } = view(state);
    click(pile("stock"));
    const drawn = shownPiles(root);
    expect(drawn.waste).toEqual([...state.position.waste, state.position.stock.at(-1)]);
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS + 100);
    // No flicker: the move stays on the board while the kernel is busy.
    expect(root.dataset.pending).toBe(model.sent[0].request);
    expect(shownPiles(root)).toEqual(drawn);
    expect(root.querySelector(".sw-toast").textContent).toMatch(/kernel is not answering/);
    // A late answer is still the truth.
    const late = answer(state, "klondike_start", { source: "stock", target: "waste", count: 1 });
    model.setState(late);
    expect(shownPiles(root)).toEqual(pilesOf(late.position));
    expect(root.querySelector(".sw-toast").hidden).toBe(true);
  });

  it("a move not in the legal list is sent but not drawn: Python explains", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    click(card("5H"));
    click(card("QD"));
    expect(model.sent[0]).toMatchObject({ source: "tableau/1", target: "tableau/3" });
    expect(root.dataset.pending).toBe(undefined);
    expect(card("5H").parentElement).toBe(pile("tableau/1"));
  });

  it("while a move is pending the board takes no other: nothing is picked up, dragged or sent", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    click(pile("stock"));
    const drawn = shownPiles(root);
    click(card("5H"));
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(live(root)).toBe("Still waiting for the kernel to answer the last request.");
    doubleClick(card("AH"));
    pointer(card("5H"), "pointerdown", 100, 100);
    pointer(card("5H"), "pointermove", 300, 140);
    expect(card("5H").classList.contains("sw-card--dragging")).toBe(false);
    pointer(card("5H"), "pointerup", 300, 140);
    pile("tableau/4").focus();
    key(pile("tableau/4"), "Enter");
    click(pile("stock"));
    click(root.querySelector('[data-action="undo"]'));
    expect(model.sent).toHaveLength(1);
    expect(shownPiles(root)).toEqual(drawn);
    expect(root.querySelector(".sw-pile--target")).toBe(null);
  });

  it("what only Python knows stays blank while pending: a foundation's next card, if an emptied stock redeals", () => {
    const state = fixture("klondike_start");
    const { model, card, pile } = view(state);
    const foundation = pile("foundation/0");
    expect(foundation.querySelector(".sw-hint").textContent).toBe("A");
    doubleClick(card("AH"));
    expect(foundation.querySelector(".sw-hint").textContent).toBe("");
    expect(foundation.querySelector(".sw-caption").textContent).toBe("");
    expect(pile("foundation/1").querySelector(".sw-hint").textContent).toBe("A");
    model.setState(answer(state, "klondike_start", { source: "tableau/4", target: "foundation/0", count: 1 }));
    expect(foundation.querySelector(".sw-caption").textContent).not.toBe("");

    const last = fixture("klondike_start");
    last.position.stock = last.position.stock.slice(-1);
    const drawing = view(last);
    click(drawing.pile("stock"));
    const stock = drawing.pile("stock");
    expect(stock.querySelectorAll("[data-card]")).toHaveLength(0);
    expect(stock.querySelector(".sw-hint").textContent).toBe("");
    expect(stock.classList.contains("sw-stock--redeal")).toBe(false);
    expect(stock.getAttribute("aria-label")).toBe("stock, empty, unlimited redeals");
  });

  it("during a lesson a move waits for Python: the lesson may refuse a legal move", () => {
    const state = fixture("klondike_start");
    state.lesson = { total: 10, ply: 0, found: 0, shown: 0, done: false, said: null };
    const { model, card, pile, root } = view(state);
    click(card("5H"));
    click(card("6C"));
    expect(model.sent[0]).toMatchObject({ source: "tableau/1", target: "tableau/5" });
    expect(root.dataset.pending).toBe(undefined);
    expect(card("5H").parentElement).toBe(pile("tableau/1"));
  });
});

describe("stock clicks while a move waits", () => {
  it("clicks on the stock while a draw waits are all drawn, one per new state", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    for (let i = 0; i < 4; i += 1) click(pile("stock"));
    expect(model.sent).toHaveLength(1);
    // Python's answers (the position itself does not matter here: the stock still draws).
    let shown = state;
    for (let i = 1; i <= 3; i += 1) {
      shown = nextState(shown);
      model.setState(shown);
      expect(model.sent).toHaveLength(i + 1);
      expect(model.sent[i]).toMatchObject({ kind: "move", source: "stock", target: "waste", version: shown.version });
    }
    model.setState(nextState(shown));
    expect(model.sent).toHaveLength(4);
  });

  it("a refusal or another command drops the stock clicks still queued", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    for (let i = 0; i < 3; i += 1) click(pile("stock"));
    model.message({ kind: "refused", request: model.sent[0].request, reason: "not now" });
    model.setState(nextState(state));
    expect(model.sent).toHaveLength(1);
    click(pile("stock"));
    click(pile("stock"));
    pile("stock").focus();
    key(pile("stock"), "u");
    model.setState(nextState(state, { version: state.version + 2 }));
    expect(model.sent.map((intent) => intent.kind)).toEqual(["move", "move"]);
  });
});

describe("InstantMoves alone", () => {
  /** An InstantMoves on fixture `name`'s state, with a board that records what it draws. */
  function instantOn(name, { waiting = false } = {}) {
    const drawn = [];
    const sent = [];
    const told = [];
    const root = document.createElement("div");
    const state = fixture(name);
    const moves = new InstantMoves({
      board: { render: (picture) => drawn.push(picture) },
      root,
      stateNow: () => state,
      isWaiting: () => waiting,
      send: (kind, fields) => {
        sent.push({ kind, ...fields });
        return `v:${sent.length}`;
      },
      release: () => told.push("release"),
      placed: () => told.push("placed"),
    });
    return { moves, state, root, drawn, sent, told };
  }

  it("a legal move is sent and drawn at once; a move it cannot tell is only sent", () => {
    const { moves, state, root, drawn, sent, told } = instantOn("klondike_start");
    const move = { source: "tableau/1", target: "tableau/5", count: 1 };
    expect(moves.send(move)).toBe("v:1");
    expect(sent).toEqual([{ kind: "move", ...move }]);
    expect(told).toEqual(["release", "placed"]);
    expect(root.dataset.pending).toBe("v:1");
    expect(drawn).toHaveLength(1);
    expect(moves.picture()).toBe(drawn[0]);
    expect(drawn[0].position.tableau[5].up.at(-1)).toBe("5H");
    expect(moves.drop()).toBe(true);
    expect(moves.drop()).toBe(false);
    expect(root.dataset.pending).toBe(undefined);
    expect(moves.picture()).toBe(state);
    moves.send({ source: "tableau/0", target: "tableau/1", count: 1 });
    expect(sent).toHaveLength(2);
    expect(moves.pending).toBe(null);
  });

  it("a refusal of the move drawn puts Python's state back; of another request, only the queue goes", () => {
    const { moves, state, drawn } = instantOn("klondike_start");
    moves.send({ source: "tableau/1", target: "tableau/5", count: 1 });
    moves.queueDraw();
    moves.refused("v:9");
    expect(moves.drawsQueued).toBe(0);
    expect(moves.pending).not.toBe(null);
    moves.refused("v:1");
    expect(moves.pending).toBe(null);
    expect(drawn.at(-1)).toBe(state);
  });

  it("a queued draw goes out on a state that offers the stock, one per state, none while an intent waits", () => {
    const idle = instantOn("klondike_start");
    idle.moves.queueDraw();
    idle.moves.queueDraw();
    idle.moves.drawQueued();
    expect(idle.sent).toEqual([{ kind: "move", source: "stock", target: "waste", count: 1 }]);
    expect(idle.moves.drawsQueued).toBe(1);
    idle.moves.forgetDraws();
    idle.moves.drawQueued();
    expect(idle.sent).toHaveLength(1);
    const busy = instantOn("klondike_start", { waiting: true });
    busy.moves.queueDraw();
    busy.moves.drawQueued();
    expect(busy.sent).toEqual([]);
    expect(busy.moves.drawsQueued).toBe(1);
  });

  it("a game that ended drops the queued draws", () => {
    const { moves, sent } = instantOn("klondike_won");
    moves.queueDraw();
    moves.drawQueued();
    expect(sent).toEqual([]);
    expect(moves.drawsQueued).toBe(0);
  });
});
