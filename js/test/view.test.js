import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import widget from "../widget.js";
import { FakeModel, click, doubleClick, fixture, key, mount, mountForTest, nextState, pointer } from "./helpers.js";

const SUIT_WORDS = { C: "clubs", D: "diamonds", H: "hearts", S: "spades" };

function pileIdsOf(state) {
  const { position } = state;
  return [
    "stock",
    "waste",
    ...position.foundations.map((_, i) => `foundation/${i}`),
    ...position.tableau.map((_, i) => `tableau/${i}`),
  ];
}

/** The request id's view part, from the first intent a view sent. */
function viewIdOf(model) {
  return model.sent[0].request.split(":")[0];
}

const view = mountForTest;

afterEach(() => {
  vi.useRealTimers();
});

describe("marks for tests, screen readers and scripts", () => {
  for (const name of [
    "klondike_start",
    "father_start",
    "following_start",
    "klondike_mid",
    "father_mid",
    "following_mid",
  ]) {
    it(`${name}: every pile and card is marked`, () => {
      const state = fixture(name);
      const { qa, pile, root } = view(state);
      const ids = qa("[data-pile]").map((el) => el.getAttribute("data-pile"));
      expect(ids.sort()).toEqual(pileIdsOf(state).sort());
      const { position } = state;
      const faceUp = [...position.waste, ...position.foundations.flat(), ...position.tableau.flatMap((p) => p.up)];
      const faceDown = position.stock.length + position.tableau.reduce((n, p) => n + p.down.length, 0);
      expect(qa('[data-card="down"]')).toHaveLength(faceDown);
      expect(
        qa('[data-card]:not([data-card="down"])')
          .map((el) => el.getAttribute("data-card"))
          .sort(),
      ).toEqual([...faceUp].sort());
      for (const el of qa('[data-card="down"]')) {
        expect(el.getAttribute("aria-label")).toBe("face-down card");
        expect(el.textContent).toBe("");
      }
      for (const code of faceUp) {
        const el = root.querySelector(`[data-card="${code}"]`);
        expect(el.getAttribute("aria-label")).toMatch(new RegExp(`^\\w+ of ${SUIT_WORDS[code[1]]}$`));
      }
      // Each card sits inside the element of its pile, bottom card first.
      position.tableau.forEach((p, i) => {
        const codes = Array.from(pile(`tableau/${i}`).querySelectorAll("[data-card]")).map((el) =>
          el.getAttribute("data-card"),
        );
        expect(codes).toEqual([...p.down.map(() => "down"), ...p.up]);
      });
      expect(root.dataset.version).toBe(String(state.version));
      expect(Number(root.dataset.renderMs)).toBeGreaterThanOrEqual(0);
    });
  }

  it("pile labels name the pile, its size and its top card", () => {
    const { pile, card } = view(fixture("klondike_start"));
    expect(pile("tableau/3").getAttribute("aria-label")).toBe(
      "column 4, 4 cards, 3 face down, face up: queen of diamonds",
    );
    expect(pile("waste").getAttribute("aria-label")).toBe("waste, 1 card, top: three of clubs");
    expect(pile("stock").getAttribute("aria-label")).toBe("stock, 23 cards, unlimited redeals");
    expect(pile("foundation/0").getAttribute("aria-label")).toBe("foundation 1, empty, takes any of the aces");
    expect(card("AH").getAttribute("aria-label")).toBe("ace of hearts");
  });

  it("the stock shows its count and the redeals left", () => {
    const { pile } = view(fixture("following_mid"));
    expect(pile("stock").querySelector(".sw-badge").textContent).toBe("14");
    expect(pile("stock").querySelector(".sw-caption").textContent).toBe("1 redeal left");
  });

  it("the version and render time follow each new state", () => {
    const state = fixture("klondike_start");
    const { model, root } = view(state);
    model.setState(nextState(state));
    expect(root.dataset.version).toBe(String(state.version + 1));
    expect(root.dataset.renderMs).toMatch(/^\d+\.\d\d$/);
  });

  it("a state naming an unknown card is not drawn", () => {
    const state = fixture("klondike_start");
    state.position.waste = ["ZZ"];
    const { root } = view(state);
    expect(root.querySelector(".sw-placeholder").textContent).toBe(
      'This game cannot be shown: "ZZ" is not a card code.',
    );
    expect(root.querySelector(".sw-board").hidden).toBe(true);
  });

  it("a missing or broken state shows a message instead of a board", () => {
    const { model, root, qa } = view(undefined);
    expect(root.querySelector(".sw-placeholder").textContent).toBe("Dealing\u2026");
    model.setState({ version: 1, position: { stock: [] } });
    expect(root.querySelector(".sw-placeholder").textContent).toMatch(
      /cannot be shown: the position has no waste list/,
    );
    model.setState(fixture("klondike_start"));
    expect(root.querySelector(".sw-placeholder").hidden).toBe(true);
    expect(qa("[data-pile]")).toHaveLength(13);
  });
});

describe("foundation labels", () => {
  const hintOf = (pile) => pile.querySelector(".sw-hint").textContent;
  const captionOf = (pile) => pile.querySelector(".sw-caption").textContent;

  it("Klondike: an empty foundation says A", () => {
    const { pile } = view(fixture("klondike_start"));
    for (let i = 0; i < 4; i += 1) expect(hintOf(pile(`foundation/${i}`))).toBe("A");
  });

  it("Father: ace foundations say A \u2191, king foundations K \u2193", () => {
    const { pile } = view(fixture("father_start"));
    for (let i = 0; i < 4; i += 1) expect(hintOf(pile(`foundation/${i}`))).toBe("A \u2191");
    for (let i = 4; i < 8; i += 1) expect(hintOf(pile(`foundation/${i}`))).toBe("K \u2193");
  });

  it("Following: a started foundation names the next card of the rotation", () => {
    const { pile } = view(fixture("following_mid"));
    expect(captionOf(pile("foundation/0"))).toBe("3\u2665");
    expect(captionOf(pile("foundation/1"))).toBe("4\u2665");
    expect(hintOf(pile("foundation/2"))).toBe("A");
    expect(pile("foundation/0").getAttribute("aria-label")).toBe(
      "foundation 1, 2 cards, top: two of spades, takes the three of hearts next",
    );
  });
});

describe("playing with the pointer", () => {
  it("click a card, then a target pile: one move intent with version and request id", () => {
    const state = fixture("klondike_start");
    const { model, card, pile, root } = view(state);
    click(card("5H"));
    expect(card("5H").classList.contains("sw-card--held")).toBe(true);
    expect(pile("tableau/5").classList.contains("sw-pile--target")).toBe(true);
    expect(pile("tableau/0").classList.contains("sw-pile--target")).toBe(false);
    click(card("6C"));
    expect(model.sent).toHaveLength(1);
    const [intent] = model.sent;
    // Request 1 was the sync_timeline the view sent when it started (model.syncs).
    expect(model.syncs.map((sync) => sync.request)).toEqual([`${viewIdOf(model)}:1`]);
    expect(intent).toEqual({
      kind: "move",
      version: state.version,
      request: `${viewIdOf(model)}:2`,
      source: "tableau/1",
      target: "tableau/5",
      count: 1,
    });
    expect(intent.request).toMatch(/^[0-9a-f]{12}:2$/);
    expect(root.querySelector(".sw-card--held")).toBe(null);
  });

  it("clicking a card inside a column picks the run from it up", () => {
    const state = fixture("klondike_mid");
    const { model, pile } = view(state);
    const up = state.position.tableau[2].up;
    const cards = pile("tableau/2").querySelectorAll("[data-card]");
    const third = cards[cards.length - 3];
    click(third);
    expect(pile("tableau/2").querySelectorAll(".sw-card--held")).toHaveLength(3);
    click(pile("tableau/1"));
    expect(model.sent[0]).toMatchObject({ kind: "move", source: "tableau/2", target: "tableau/1", count: 3 });
    expect(third.getAttribute("data-card")).toBe(up[up.length - 3]);
  });

  it("an illegal target is still sent: Python explains", () => {
    const state = fixture("klondike_start");
    const { model, card } = view(state);
    click(card("5H"));
    click(card("QD"));
    expect(model.sent[0]).toMatchObject({ source: "tableau/1", target: "tableau/3", count: 1 });
  });

  it("clicking the held card again, or the felt, puts it back", () => {
    const { model, card, root } = view(fixture("klondike_start"));
    click(card("5H"));
    click(card("5H"));
    expect(root.querySelector(".sw-card--held")).toBe(null);
    click(card("5H"));
    click(root.querySelector(".sw-board"));
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(model.sent).toHaveLength(0);
  });

  it("double-click sends a card to the foundation that takes it", () => {
    const state = fixture("klondike_start");
    const { model, card } = view(state);
    doubleClick(card("AH"));
    expect(model.sent).toEqual([
      {
        kind: "move",
        version: state.version,
        request: `${viewIdOf(model)}:2`,
        source: "tableau/4",
        target: "foundation/0",
        count: 1,
      },
    ]);
  });

  it("a double-click on a card no foundation takes sends nothing and says so", () => {
    const state = fixture("klondike_start");
    const { model, card, q } = view(state);
    const top = state.position.tableau[0].up.at(-1);
    expect(state.legal.some((e) => e[0] === "tableau/0" && e[1].startsWith("foundation/"))).toBe(false);
    doubleClick(card(top));
    expect(model.sent).toEqual([]);
    expect(q(".sw-toast").textContent).toMatch(/^No foundation takes the .+ now\.$/);
  });

  it("clicking the stock draws; an empty stock redeals", () => {
    const start = fixture("klondike_start");
    const first = view(start);
    click(first.pile("stock").querySelector("[data-card]"));
    expect(first.model.sent[0]).toMatchObject({
      kind: "move",
      source: "stock",
      target: "waste",
      count: 1,
      version: start.version,
    });

    const draw3 = fixture("klondike_draw3");
    const second = view(draw3);
    click(second.pile("stock"));
    expect(second.model.sent[0]).toMatchObject({ source: "stock", target: "waste", count: 3 });

    const redeal = fixture("klondike_redeal");
    const third = view(redeal);
    const stock = third.pile("stock");
    expect(stock.querySelector(".sw-hint").textContent).toBe("\u21BB");
    expect(stock.classList.contains("sw-stock--redeal")).toBe(true);
    click(stock);
    expect(third.model.sent[0]).toMatchObject({ source: "waste", target: "stock", count: 24, version: redeal.version });
  });

  it("drag a card onto a pile and drop it there", () => {
    const state = fixture("klondike_start");
    const { model, card, pile } = view(state);
    const from = card("5H");
    pointer(from, "pointerdown", 100, 100);
    pointer(from, "pointermove", 104, 100);
    expect(from.classList.contains("sw-card--dragging")).toBe(false);
    // Move the card by the distance between the two columns (read from their positions).
    const dx = parseFloat(pile("tableau/5").style.left) - parseFloat(pile("tableau/1").style.left);
    const dy = 20;
    pointer(from, "pointermove", 100 + dx / 2, 100 + dy);
    expect(from.classList.contains("sw-card--dragging")).toBe(true);
    pointer(from, "pointermove", 100 + dx, 100 + dy);
    expect(pile("tableau/5").classList.contains("sw-pile--hover")).toBe(true);
    pointer(from, "pointerup", 100 + dx, 100 + dy);
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ kind: "move", source: "tableau/1", target: "tableau/5", count: 1 });
    expect(from.classList.contains("sw-card--dragging")).toBe(false);
    // The click that follows a drag is not a second pick.
    click(from);
    expect(from.classList.contains("sw-card--held")).toBe(false);
  });

  it("a drag dropped back on its own pile sends nothing and snaps back", () => {
    const { model, card } = view(fixture("klondike_start"));
    const from = card("5H");
    const before = from.style.transform;
    pointer(from, "pointerdown", 100, 100);
    pointer(from, "pointermove", 110, 112);
    expect(from.style.transform).not.toBe(before);
    pointer(from, "pointerup", 110, 112);
    expect(model.sent).toHaveLength(0);
    expect(from.style.transform).toBe(before);
  });
});

describe("keyboard play", () => {
  it("every pile is focusable with one tab stop; arrows move between piles", () => {
    const { pile, qa, board } = (() => {
      const mounted = view(fixture("klondike_start"));
      return { ...mounted, board: mounted.root.querySelector(".sw-board") };
    })();
    expect(qa('[data-pile][tabindex="0"]').map((el) => el.getAttribute("data-pile"))).toEqual(["stock"]);
    expect(qa('[data-pile][tabindex="-1"]')).toHaveLength(12);
    pile("stock").focus();
    key(board, "ArrowRight");
    expect(document.activeElement).toBe(pile("waste"));
    key(document.activeElement, "ArrowDown");
    expect(document.activeElement.getAttribute("data-pile")).toBe("tableau/1");
    key(document.activeElement, "ArrowRight");
    key(document.activeElement, "ArrowRight");
    expect(document.activeElement).toBe(pile("tableau/3"));
    key(document.activeElement, "ArrowUp");
    expect(document.activeElement.getAttribute("data-pile")).toBe("foundation/0");
    expect(qa('[data-pile][tabindex="0"]')).toEqual([pile("foundation/0")]);
  });

  it("Enter picks up, arrows choose the target, Enter drops", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    pile("tableau/1").focus();
    const event = key(pile("tableau/1"), "Enter");
    expect(event.defaultPrevented).toBe(true);
    expect(pile("tableau/1").querySelector(".sw-card--held").getAttribute("data-card")).toBe("5H");
    expect(pile("tableau/5").classList.contains("sw-pile--target")).toBe(true);
    // Held cards quiet the other outlines (the board's data-holding, see widget.css).
    const board = pile("tableau/1").closest(".sw-board");
    expect(board.hasAttribute("data-holding")).toBe(true);
    for (let i = 0; i < 4; i += 1) key(document.activeElement, "ArrowRight");
    expect(document.activeElement).toBe(pile("tableau/5"));
    key(document.activeElement, " ");
    expect(model.sent[0]).toMatchObject({
      kind: "move",
      version: state.version,
      source: "tableau/1",
      target: "tableau/5",
      count: 1,
    });
    expect(board.hasAttribute("data-holding")).toBe(false);
  });

  it("Enter on a column picks its longest movable run; Shift+Up/Down change it; Escape cancels", () => {
    const state = fixture("klondike_mid");
    const { model, pile, root } = view(state);
    const longest = Math.max(...state.legal.filter((m) => m[0] === "tableau/2").map((m) => m[2]));
    pile("tableau/2").focus();
    key(pile("tableau/2"), "Enter");
    expect(pile("tableau/2").querySelectorAll(".sw-card--held")).toHaveLength(longest);
    key(pile("tableau/2"), "ArrowDown", { shiftKey: true });
    expect(pile("tableau/2").querySelectorAll(".sw-card--held")).toHaveLength(Math.max(1, longest - 1));
    key(pile("tableau/2"), "Escape");
    expect(root.querySelector(".sw-card--held")).toBe(null);
    expect(model.sent).toHaveLength(0);
  });

  it("Enter on the stock draws", () => {
    const { model, pile } = view(fixture("klondike_start"));
    pile("stock").focus();
    key(pile("stock"), "Enter");
    expect(model.sent[0]).toMatchObject({ source: "stock", target: "waste", count: 1 });
  });

  it("u, r and n send undo, redo and a new game", () => {
    const state = fixture("klondike_mid");
    state.can_redo = true;
    const { model, pile, q } = view(state);
    pile("stock").focus();
    key(pile("stock"), "u");
    model.setState(nextState(state));
    key(pile("stock"), "r");
    model.setState(nextState(model.get("state")));
    key(pile("stock"), "n");
    click(q('[data-action="confirm_deal"]')); // a game in progress: the board asks first
    const id = viewIdOf(model);
    expect(model.sent).toEqual([
      { kind: "undo", version: state.version, request: `${id}:2` },
      { kind: "redo", version: state.version + 1, request: `${id}:3` },
      {
        kind: "new_game",
        version: state.version + 2,
        request: `${id}:4`,
        game: "klondike",
        seed: null,
        options: state.options,
      },
    ]);
  });

  it("keys with Ctrl or Meta, Tab and Shift+Enter are left to the browser and the notebook", () => {
    const { model, pile } = view(fixture("klondike_start"));
    const reached = [];
    // JupyterLab 4 reads its shortcuts from keydown bubbling up to the document.
    const notebook = (event) => reached.push(event.key);
    document.addEventListener("keydown", notebook);
    try {
      pile("stock").focus();
      const save = key(pile("stock"), "s", { ctrlKey: true });
      key(pile("stock"), "Tab");
      key(pile("stock"), "Enter", { shiftKey: true });
      expect(save.defaultPrevented).toBe(false);
      expect(reached).toEqual(["s", "Tab", "Enter"]);
      // The board's own keys, and every other printable key, stop in the widget.
      for (const name of ["ArrowDown", "Enter", "b", "q", "x", "j", "y", "z", "0", "B", "Escape", "u"]) {
        key(document.activeElement, name);
      }
      expect(reached).toEqual(["s", "Tab", "Enter"]);
      expect(model.sent.map((intent) => intent.kind)).toEqual(["undo"]);
    } finally {
      document.removeEventListener("keydown", notebook);
    }
  });

  it("printable keys on buttons and the move list stay in the widget too", () => {
    const { q } = view(fixture("klondike_mid"));
    const reached = [];
    const notebook = (event) => reached.push(event.key);
    document.addEventListener("keydown", notebook);
    try {
      for (const el of [q('[data-action="undo"]'), q("[data-timeline]")]) {
        for (const name of ["x", "m", "0", "a"]) key(el, name);
      }
      expect(reached).toEqual([]);
    } finally {
      document.removeEventListener("keydown", notebook);
    }
  });

  it("Escape with nothing to cancel leaves the board for the notebook around it", () => {
    const outer = document.createElement("div");
    outer.tabIndex = -1;
    document.body.append(outer);
    const model = new FakeModel(fixture("klondike_start"));
    const el = document.createElement("div");
    outer.append(el);
    const cleanup = widget.render({ model, el });
    try {
      // Held cards: Escape puts them back and the focus stays; a second Escape leaves.
      const column = el.querySelector('[data-pile="tableau/0"]');
      column.focus();
      key(column, "Enter");
      expect(el.querySelectorAll(".sw-card--held").length).toBeGreaterThan(0);
      key(column, "Escape");
      expect(el.querySelectorAll(".sw-card--held")).toHaveLength(0);
      expect(document.activeElement).toBe(column);
      key(column, "Escape");
      expect(document.activeElement).toBe(outer);
    } finally {
      cleanup();
    }
  });

  it("Escape and d stop a run; d starts the demo when none plays", () => {
    const state = fixture("klondike_start");
    const running = nextState(state, { run: { playing: true, demo: true, said: "" } });
    const { model, pile } = view(running);
    pile("stock").focus();
    key(pile("stock"), "Escape");
    expect(model.sent.map((intent) => intent.kind)).toEqual(["stop"]);
    model.setState(nextState(running));
    key(pile("stock"), "d");
    expect(model.sent.map((intent) => intent.kind)).toEqual(["stop", "stop"]);
    model.setState(
      nextState(running, { version: running.version + 2, run: { playing: false, demo: true, said: "stopped" } }),
    );
    key(pile("stock"), "d");
    expect(model.sent.map((intent) => intent.kind)).toEqual(["stop", "stop", "demo"]);
  });

  it("keys typed in the toolbar are not taken by the board", () => {
    const { model, q } = view(fixture("klondike_start"));
    const seed = q('[data-control="seed"]');
    seed.focus();
    const typed = key(seed, "n");
    expect(typed.defaultPrevented).toBe(false);
    expect(model.sent).toHaveLength(0);
    expect(seed.getAttribute("data-lm-suppress-shortcuts")).toBe("true");
  });

  it("the live region announces moves", () => {
    const state = fixture("klondike_start");
    const { model, root } = view(state);
    const moved = nextState(state, {
      last_move: { action: "play", source: "tableau/4", target: "foundation/0", count: 1 },
    });
    moved.position.foundations[0] = ["AH"];
    moved.position.tableau[4].up = [moved.position.tableau[4].down.pop()];
    model.setState(moved);
    expect(root.querySelector('[aria-live="polite"]').textContent.trim()).toBe(
      "Moved the ace of hearts to foundation 1.",
    );
  });
});

describe("toolbar and messages", () => {
  it("undo and redo follow can_undo and can_redo; autoplay needs a foundation move", () => {
    const state = fixture("klondike_start");
    const { model, q } = view(state);
    expect(q('[data-action="undo"]').disabled).toBe(true);
    expect(q('[data-action="redo"]').disabled).toBe(true);
    expect(q('[data-action="restart"]').disabled).toBe(true);
    expect(q('[data-action="autoplay"]').disabled).toBe(false);
    model.setState(nextState(state, { can_undo: true, can_redo: true, moves: 3, legal: [["stock", "waste", 1]] }));
    expect(q('[data-action="undo"]').disabled).toBe(false);
    expect(q('[data-action="redo"]').disabled).toBe(false);
    expect(q('[data-action="restart"]').disabled).toBe(false);
    expect(q('[data-action="autoplay"]').disabled).toBe(true);
  });

  it("moves and a running clock that stops when the game ends", () => {
    vi.useFakeTimers();
    vi.setSystemTime(1_700_000_000_000 + 65_000);
    const state = fixture("klondike_mid");
    const { model, q } = view(state);
    expect(q(".sw-moves").textContent).toBe("60 moves");
    expect(q(".sw-clock").textContent).toBe("1:05");
    vi.advanceTimersByTime(10_000);
    expect(q(".sw-clock").textContent).toBe("1:15");
    model.setState(
      nextState(state, { status: "stuck", message: "No moves left.", finished_at: state.started_at + 70_000 }),
    );
    vi.advanceTimersByTime(10_000);
    expect(q(".sw-clock").textContent).toBe("1:10");
  });

  it("the clock waits for the first move", () => {
    vi.useFakeTimers();
    const state = fixture("klondike_start");
    vi.setSystemTime(state.started_at + 30_000);
    const { model, q } = view(state);
    vi.advanceTimersByTime(10_000);
    expect(q(".sw-clock").textContent).toBe("0:00");
    model.setState(nextState(state, { moves: 1, first_move_at: state.started_at + 40_000 }));
    vi.advanceTimersByTime(12_000);
    expect(q(".sw-clock").textContent).toBe("0:12");
  });

  it("the clock of a record or a lesson stands still at its recorded time, and says why", () => {
    vi.useFakeTimers();
    const state = fixture("klondike_mid");
    const now = state.started_at + 500_000;
    vi.setSystemTime(now);
    const held = nextState(state, { clock_held: true, finished_at: now, first_move_at: now - 95_000 });
    const { model, q } = view(held);
    const clock = q(".sw-clock");
    expect(clock.textContent).toBe("1:35");
    vi.advanceTimersByTime(10_000);
    expect(clock.textContent).toBe("1:35");
    expect(clock.classList.contains("sw-clock--held")).toBe(true);
    expect(clock.title).toMatch(/clock starts again with a move of your own/);
    expect(clock.getAttribute("aria-label")).toBe("time played, stopped");
    // Played on: Python's state lets it run from there.
    model.setState(nextState(held, { clock_held: false, finished_at: null, first_move_at: Date.now() - 95_000 }));
    vi.advanceTimersByTime(5_000);
    expect(clock.textContent).toBe("1:40");
    expect(clock.classList.contains("sw-clock--held")).toBe(false);
    expect(clock.getAttribute("aria-label")).toBe("time played");
  });

  it("a win shows over the board, each fact once, with Undo and New game", () => {
    const won = fixture("klondike_won");
    won.message = "You won in 123 moves!";
    won.moves = 123;
    won.can_undo = true;
    const { model, q } = view(won);
    const overlay = q(".sw-overlay");
    expect(overlay.hidden).toBe(false);
    expect(overlay.querySelector(".sw-overlay-title").textContent).toBe("You won!");
    // The message would say the win and the moves again: the title and the stats say them.
    expect(overlay.querySelector(".sw-overlay-text").hidden).toBe(true);
    expect(overlay.querySelector(".sw-overlay-stats").textContent).toMatch(/^123 moves/);
    click(overlay.querySelector('[data-action="undo"]'));
    expect(model.sent[0]).toMatchObject({ kind: "undo", version: won.version });
    model.message({ kind: "refused", request: model.sent[0].request, reason: "x" });
    click(overlay.querySelector('[data-action="new"]'));
    expect(model.sent[1]).toMatchObject({ kind: "new_game" });
  });

  it("a game that ends by the player's move takes the focus into the overlay; a cell's does not", () => {
    const state = fixture("klondike_mid");
    const won = { ...fixture("klondike_won"), version: state.version + 1, can_undo: true };
    const played = view(state);
    played.pile("stock").focus();
    played.model.setState(won);
    expect(document.activeElement).toBe(played.q('.sw-overlay [data-action="new"]'));

    const outside = document.createElement("button");
    document.body.append(outside);
    const watched = view(state);
    outside.focus();
    watched.model.setState(won);
    expect(document.activeElement).toBe(outside);
  });

  it("focus lands on a control after Stop, Restart and the overlay go", () => {
    const state = { ...fixture("klondike_mid"), can_undo: true };
    const running = nextState(state, { run: { playing: true, demo: true, said: "" } });
    const { model, q } = view(running);
    q('[data-action="stop"]').focus();
    model.setState(nextState(running, { run: { playing: false, demo: true, said: "stopped" } }));
    expect(document.activeElement).toBe(q('[data-action="demo"]'));

    const restart = q('[data-action="restart"]');
    restart.focus();
    const atDeal = nextState(model.get("state"), { moves: 0, can_undo: false, can_redo: true });
    atDeal.run = null;
    model.setState({ ...atDeal, can_redo: false });
    expect(restart.disabled).toBe(true);
    expect(document.activeElement.closest("[data-pile]")).not.toBe(null);

    const won = { ...fixture("klondike_won"), version: model.get("state").version + 1, can_undo: true };
    model.setState(won);
    expect(document.activeElement).toBe(q('.sw-overlay [data-action="new"]'));
    model.setState(nextState(state, { version: won.version + 1 }));
    expect(document.activeElement.closest("[data-pile]")).not.toBe(null);
  });

  it("a stuck game says why", () => {
    const stuck = fixture("father_stuck");
    const { q } = view(stuck);
    const overlay = q(".sw-overlay");
    expect(overlay.hidden).toBe(false);
    expect(stuck.termination).toBe("no_moves");
    expect(overlay.querySelector(".sw-overlay-title").textContent).toBe("No moves left");
    // The title is not said twice: the text goes on from it.
    expect(stuck.message).toMatch(/^No moves left\. Undo still works/);
    expect(overlay.querySelector(".sw-overlay-text").textContent).toBe(stuck.message.replace("No moves left. ", ""));
    expect(overlay.querySelector('[data-action="undo"]').disabled).toBe(false);
  });

  it("a game with no useful move left says so", () => {
    const stuck = fixture("father_stuck");
    stuck.termination = "no_useful_moves";
    stuck.message = "No useful moves left: the stock only goes round. Undo still works.";
    const { q } = view(stuck);
    const overlay = q(".sw-overlay");
    expect(overlay.hidden).toBe(false);
    expect(overlay.classList.contains("sw-overlay--won")).toBe(false);
    expect(overlay.querySelector(".sw-overlay-title").textContent).toBe("No useful moves left");
    expect(overlay.querySelector(".sw-overlay-text").textContent).toBe("The stock only goes round. Undo still works.");
  });

  it("a game the demo won says the demo won it, not the player", () => {
    const won = {
      ...fixture("klondike_won"),
      message: "You won in 140 moves!",
      run: { playing: false, demo: true, end: "won", said: "won" },
    };
    const { q } = view(won);
    expect(q(".sw-overlay-title").textContent).toBe("The demo won");
    expect(q(".sw-overlay-text").textContent).not.toMatch(/You won/);
  });

  it("an empty stock shows ✕ only when no redeal is left", () => {
    const state = fixture("father_stuck");
    const redealsLeft = state.position.redeals_left;
    const { pile } = view(state);
    const hint = pile("stock").querySelector(".sw-hint").textContent;
    expect(state.position.stock).toEqual([]);
    expect(hint).toBe(redealsLeft === 0 ? "\u2715" : "");
  });

  it("the overlay goes by termination, never by the message's words", () => {
    const state = fixture("father_stuck");
    const { model, q } = view({ ...state, termination: "no_useful_moves", message: "No moves left." });
    const overlay = q(".sw-overlay");
    const title = overlay.querySelector(".sw-overlay-title");
    expect(title.textContent).toBe("No useful moves left");
    model.setState(nextState(state, { termination: "no_moves", message: "No useful moves left. You won!" }));
    expect(title.textContent).toBe("No moves left");
    model.setState(nextState(model.get("state"), { status: "won", termination: "won", message: "No moves left." }));
    expect(title.textContent).toBe("You won!");
    expect(overlay.classList.contains("sw-overlay--won")).toBe(true);
    expect(overlay.querySelector(".sw-overlay-text").hidden).toBe(true);
    model.setState(nextState(fixture("father_mid"), { version: model.get("state").version + 1, message: "You won!" }));
    expect(overlay.hidden).toBe(true);
  });
});

describe("draw three", () => {
  it("fans the top three waste cards", () => {
    const state = fixture("klondike_draw3");
    const { pile } = view(state);
    const cards = Array.from(pile("waste").querySelectorAll("[data-card]"));
    expect(cards.map((el) => el.getAttribute("data-card"))).toEqual(state.position.waste);
    const xs = cards.map((el) => Number(/translate\((-?[\d.]+)px/.exec(el.style.transform)[1]));
    const [a, b, c] = xs.slice(-3);
    expect(b).toBeGreaterThan(a);
    expect(c - b).toBe(b - a);
    for (const x of xs.slice(0, -3)) expect(Math.abs(x - a)).toBeLessThanOrEqual(3);
  });

  it("draw one keeps the waste squared up", () => {
    const { pile } = view(fixture("following_mid"));
    const xs = Array.from(pile("waste").querySelectorAll("[data-card]")).map((el) =>
      Number(/translate\((-?[\d.]+)px/.exec(el.style.transform)[1]),
    );
    expect(Math.max(...xs) - Math.min(...xs)).toBeLessThanOrEqual(3);
  });
});

describe("views and cleanup", () => {
  let added;
  let removed;
  let originalAdd;
  let originalRemove;

  beforeEach(() => {
    added = [];
    removed = [];
    originalAdd = EventTarget.prototype.addEventListener;
    originalRemove = EventTarget.prototype.removeEventListener;
    EventTarget.prototype.addEventListener = function add(type, handler, options) {
      added.push([this, type, handler, options]);
      return originalAdd.call(this, type, handler, options);
    };
    EventTarget.prototype.removeEventListener = function remove(type, handler, options) {
      removed.push([this, type, handler]);
      return originalRemove.call(this, type, handler, options);
    };
  });

  afterEach(() => {
    EventTarget.prototype.addEventListener = originalAdd;
    EventTarget.prototype.removeEventListener = originalRemove;
  });

  it("cleanup removes every listener, observer, timer and element it added", () => {
    vi.useFakeTimers();
    const observers = [];
    globalThis.ResizeObserver = class {
      constructor(callback) {
        this.callback = callback;
        this.observed = 0;
        observers.push(this);
      }

      observe() {
        this.observed += 1;
      }

      disconnect() {
        this.observed = 0;
      }
    };
    try {
      // A line of three moves ahead, so a replay can run.
      const model = new FakeModel({ ...fixture("klondike_start"), line_length: 3, line_end: 3 });
      const timersBefore = vi.getTimerCount();
      const mounted = mount(model);
      click(mounted.pile("stock"));
      mounted.model.message({ kind: "refused", request: model.sent[0].request, reason: "shown in a toast" });
      click(mounted.q('[data-action="replay"]'));
      expect(model.sent.at(-1)).toMatchObject({ kind: "goto", ply: 1 });
      expect(vi.getTimerCount()).toBeGreaterThan(timersBefore);
      // The state and custom messages, the play aids with their five settings, the analysis and
      // the aids for the study side, recording, the rules, and the comm's coming and going.
      expect(model.listenerCount()).toBe(13);
      // The view's width and the move list's height.
      expect(observers.map((observer) => observer.observed)).toEqual([1, 1]);
      mounted.cleanup();
      // The kernel hears the view has gone (it stops the solver's worker with no view left).
      expect(model.sent.at(-1)).toMatchObject({ kind: "view_closed", request: expect.stringMatching(/^\w+:\d+$/) });
      expect(model.listenerCount()).toBe(0);
      expect(model.offCalls).toBe(model.onCalls);
      expect(observers.map((observer) => observer.observed)).toEqual([0, 0]);
      expect(vi.getTimerCount()).toBe(timersBefore);
      expect(mounted.el.children).toHaveLength(0);
      // A listener added with an AbortSignal goes when its signal aborts.
      const stillAttached = added.filter(
        ([target, type, handler, options]) =>
          !options?.signal?.aborted && !removed.some(([t, ty, h]) => t === target && ty === type && h === handler),
      );
      expect(stillAttached).toEqual([]);
      // A state arriving after cleanup touches nothing.
      model.setState(fixture("father_start"));
      expect(mounted.el.children).toHaveLength(0);
    } finally {
      delete globalThis.ResizeObserver;
    }
  });

  it("two views of one model stay in step; each shows only its own refusals", () => {
    const state = fixture("klondike_start");
    const model = new FakeModel(state);
    const a = view(model);
    const b = view(model);
    click(a.card("5H"));
    click(a.card("6C"));
    const moved = nextState(state, {
      last_move: { action: "play", source: "tableau/1", target: "tableau/5", count: 1 },
    });
    moved.position.tableau[5].up.push("5H");
    moved.position.tableau[1].up = [moved.position.tableau[1].down.pop()];
    model.setState(moved);
    for (const mounted of [a, b]) {
      expect(mounted.root.dataset.version).toBe(String(moved.version));
      expect(mounted.pile("tableau/5").lastElementChild.getAttribute("data-card")).toBe("5H");
      expect(mounted.pile("tableau/1").lastElementChild.getAttribute("data-card")).toBe("2C");
    }
    click(b.pile("stock"));
    const bRequest = model.sent.at(-1).request;
    expect(bRequest.split(":")[0]).not.toBe(model.sent[0].request.split(":")[0]);
    model.message({ kind: "refused", request: bRequest, reason: "only b sees this" });
    expect(b.q(".sw-toast").hidden).toBe(false);
    expect(a.q(".sw-toast").hidden).toBe(true);
  });
});
