// The toolbar: game chooser (its last entry opens the rules of the game on show), draw 1 or
// 3, new game and the seed box, restart, undo, redo, autoplay, Demo (the solver's line played
// on the board), the move count, the score (when scoring is on) and the clock; Stop while a
// strategy or the demo plays.

import { SUPPRESS_SHORTCUTS, makeButton, makeElement, setAttr, setText } from "./dom.js";
import { clockText, timePlayed } from "./labels.js";
import { scoreText, scoreTitle } from "./library.js";
import { hasFoundationMove } from "./legal.js";
import { isRunning } from "./run.js";

const GAMES = [
  ["klondike", "Klondike"],
  ["father", "Father"],
  ["following", "Following"],
];

/** The largest seed Python takes (2**53 - 1: larger integers do not survive JSON in JavaScript). */
export const MAX_SEED = 2 ** 53 - 1;

/** The seed `typed` in the seed box (trimmed), or null when it is not a seed Python takes. */
export function parseSeed(typed) {
  // A string of digits above MAX_SEED rounds to 2**53 or more, so the comparison is exact.
  return /^\d+$/.test(typed) && Number(typed) <= MAX_SEED ? Number(typed) : null;
}

export function seedRefusal(typed) {
  return `a seed is a whole number from 0 to ${MAX_SEED}, not "${typed}"`;
}

/** The game chooser's entry that opens the Rules panel instead of dealing. */
const RULES_ENTRY = "rules";

const CLOCK_HELD =
  "The time recorded with this game (none for a lesson): the clock starts again with a move of your own.";

function seedText(seed) {
  return seed === null || seed === undefined ? "" : String(seed);
}

/** What makes a state another deal: its game, its seed or when it began. */
function dealKey(state) {
  return JSON.stringify([state.game, state.seed ?? null, state.started_at ?? null]);
}

export class Toolbar {
  constructor(view) {
    this.view = view;
    this.el = makeElement("div", "sw-toolbar", { role: "group", "aria-label": "Game controls" });
    this.gameSelect = makeElement("select", "sw-select", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "game",
      "aria-label": "Game",
    });
    for (const [value, title] of GAMES) {
      const option = makeElement("option", "", { value });
      option.textContent = title;
      this.gameSelect.append(option);
    }
    this.rulesEntry = makeElement("option", "", { value: RULES_ENTRY });
    this.rulesEntry.textContent = "Rules\u2026";
    this.gameSelect.append(this.rulesEntry);
    this.drawSelect = makeElement("select", "sw-select", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "draw",
      "aria-label": "Cards turned per draw",
    });
    for (const draw of ["1", "3"]) {
      const option = makeElement("option", "", { value: draw });
      option.textContent = `Draw ${draw}`;
      this.drawSelect.append(option);
    }
    this.newButton = makeButton("new", "New game", "\u2726");
    this.controller = new AbortController();
    const seedLabel = this.makeSeedBox();
    this.makePlayButtons();
    this.movesText = makeElement("span", "sw-moves");
    this.scoreText = makeElement("span", "sw-score", { "data-score": "", hidden: "" });
    this.clockText = makeElement("span", "sw-clock", { role: "timer", "aria-label": "time played" });
    const stats = makeElement("div", "sw-stats");
    stats.append(this.movesText, this.scoreText, this.clockText, this.helpButton);
    const dealGroup = makeElement("div", "sw-group");
    dealGroup.append(this.gameSelect, this.drawSelect, this.newButton, seedLabel);
    const playGroup = makeElement("div", "sw-group");
    playGroup.append(
      this.restartButton,
      this.undoButton,
      this.redoButton,
      this.autoButton,
      this.demoButton,
      this.stopButton,
    );
    this.el.append(dealGroup, playGroup, stats);
    this.clockTimer = setInterval(() => this.updateClock(), 1000);
  }

  /** The seed box, in its label: the deal's seed, or one typed to play that deal. */
  makeSeedBox() {
    const seedLabel = makeElement("label", "sw-seed");
    const seedCaption = makeElement("span", "sw-seed-text");
    seedCaption.textContent = "Seed";
    this.seedInput = makeElement("input", "sw-seed-input", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "seed",
      type: "text",
      inputmode: "numeric",
      autocomplete: "off",
      spellcheck: "false",
      placeholder: "random",
      title: "The seed of this deal. Type another and press Enter (or New game) to play that deal.",
    });
    seedLabel.append(seedCaption, this.seedInput);
    this.seedEdited = false; // typed into since the box last showed the deal on the board
    this.shownDeal = null; // dealKey of the deal the box last showed
    this.seedInput.addEventListener("input", () => (this.seedEdited = true), { signal: this.controller.signal });
    return seedLabel;
  }

  /** Restart, undo, redo, autoplay, Demo and Stop (in Demo's place while a run plays), and
   * the key help's button. */
  makePlayButtons() {
    this.restartButton = makeButton("restart", "Restart", "\u27F2");
    this.undoButton = makeButton("undo", "Undo", "\u21B6");
    this.redoButton = makeButton("redo", "Redo", "\u21B7");
    this.autoButton = makeButton("autoplay", "Autoplay", "\u21D1");
    this.autoButton.title = "Send cards to the foundations while that is safe (A)";
    this.demoButton = makeButton("demo", "Demo", "\u25B6");
    this.demoButton.title = "Watch the solver win from here; Stop takes over (D)";
    this.stopButton = makeButton("stop", "Stop", "\u25A0");
    this.stopButton.title = "Stop the strategy playing on the board";
    this.stopButton.classList.add("sw-button--active");
    this.stopButton.hidden = true;
    this.undoButton.title = "Take back the last move (U)";
    this.redoButton.title = "Play the undone move again (R)";
    this.restartButton.title = "Start this deal again from the beginning";
    this.helpButton = makeButton("help", "Keys", "?");
    this.helpButton.title = "Show or hide the keys the board takes (?)";
    this.helpButton.setAttribute("aria-expanded", "false");
  }

  destroy() {
    clearInterval(this.clockTimer);
    this.controller.abort();
  }

  /**
   * The box shows the deal on the board: every new deal (a new game, a winnable deal found,
   * a past game opened, a restart) writes its seed there, whatever the focus, and so does
   * every other state, unless the player is typing a seed in the box at that moment.
   */
  showSeed(state) {
    const deal = dealKey(state);
    const typing = this.seedEdited && document.activeElement === this.seedInput;
    if (deal === this.shownDeal && typing) return;
    this.shownDeal = deal;
    this.seedEdited = false;
    this.seedInput.value = seedText(state.seed);
  }

  /**
   * The seed a new deal asks for, as typed in the box: null for a random deal, undefined
   * when the box holds no seed Python takes. `fromBox` (Enter in the box) takes what the box
   * says, the seed on the board included; otherwise (New game, N, the chooser, Draw 1/3) a
   * box that still shows the deal on the board means a random deal.
   */
  typedSeed(state, fromBox) {
    const typed = this.seedInput.value.trim();
    if (typed === "") return null;
    if (!fromBox && !this.seedEdited && typed === seedText(state.seed)) return null;
    return parseSeed(typed) ?? undefined;
  }

  /** The draw chosen for a new Klondike deal: 1 or 3. */
  chosenDraw() {
    return Number(this.drawSelect.value) === 3 ? 3 : 1;
  }

  update() {
    const { state, problem } = this.view;
    const playing = !problem;
    const game = playing ? state.game : this.gameSelect.value;
    if (playing) {
      if (this.gameSelect.value !== state.game) this.gameSelect.value = state.game;
      setText(this.rulesEntry, `Rules of ${state.title || state.game}\u2026`);
      const draw = String(state.options?.draw || 1);
      if (this.drawSelect.value !== draw) this.drawSelect.value = draw;
      this.showSeed(state);
      this.newButton.title =
        state.seed === null || state.seed === undefined
          ? "Deal a new game (N)"
          : `Deal a new game (N). This deal's seed is ${state.seed}.`;
      const moves = Number(state.moves) || 0;
      setText(this.movesText, `${moves} move${moves === 1 ? "" : "s"}`);
      const score = scoreText(state.score);
      setText(this.scoreText, score);
      setAttr(this.scoreText, "title", scoreTitle(state.score));
      this.scoreText.hidden = !score;
    }
    this.drawSelect.hidden = game !== "klondike";
    // A lesson keeps to its deal and its line until it ends, and a playing strategy keeps the
    // board until stopped (Python refuses the rest anyway).
    const running = playing && isRunning(state);
    this.stopButton.hidden = !running;
    this.demoButton.hidden = running;
    const free = playing && !state.lesson && !running;
    this.undoButton.disabled = !(free && state.can_undo);
    this.redoButton.disabled = !(free && state.can_redo);
    this.restartButton.disabled = !(free && (state.moves > 0 || state.can_redo));
    this.autoButton.disabled = !(free && state.status === "playing" && hasFoundationMove(state.legal));
    this.demoButton.disabled = !(free && state.status === "playing");
    this.newButton.disabled = !free;
    this.gameSelect.disabled = !free;
    this.drawSelect.disabled = !free;
    this.seedInput.disabled = playing && !free;
    this.updateClock();
  }

  updateClock() {
    const { state, kernelLink } = this.view;
    // Without a kernel the game cannot go on: the clock stops where the kernel went.
    setText(this.clockText, clockText(timePlayed(state, kernelLink.lostAt ?? Date.now())));
    // A record or a lesson on show is not being played: its clock says why it stands still.
    const held = Boolean(state?.clock_held);
    this.clockText.classList.toggle("sw-clock--held", held);
    setAttr(this.clockText, "title", held ? CLOCK_HELD : "");
    setAttr(this.clockText, "aria-label", held ? "time played, stopped" : "time played");
  }

  onControlChange(event) {
    const control = event.target.getAttribute?.("data-control");
    if (control === "game" && this.gameSelect.value === RULES_ENTRY) {
      // An entry to read, not a game: the chooser goes back to the game on show.
      this.gameSelect.value = this.view.problem ? GAMES[0][0] : this.view.state.game;
      this.view.rules.open();
    } else if (control === "game") this.view.deals.newGame(this.gameSelect.value);
    else if (control === "draw") this.view.deals.newGame("klondike");
  }

  onSeedKey(event) {
    if (event.key === "Enter") {
      event.preventDefault();
      this.view.deals.newGame(null, { fromSeedBox: true });
    } else if (event.key === "Escape") {
      this.seedEdited = false;
      this.seedInput.value = seedText(this.view.state?.seed);
    }
  }
}
