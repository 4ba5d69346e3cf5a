// The play aids in the view: the Hint button (and H) with the hint's marks on the board and
// its sentence, the Options menu (winnable deals only, auto-play after each move, the
// still-winnable check, the demo's speed), the still-winnable indicator and the chip of a
// winnable deal.
// The hint's sentence goes in a panel at the top of the move list's column (beside or under
// the board): a toast over the board would hide the very cards it points at.
// Python works the aids out (the `aids` trait, see protocol.md); this shows them, and sends
// the hint, setting and winnable new_game intents, none of which waits for a new state.

import "./aids.css";
import { currentHint, dealNews, dealOf, hintKind, hintMarks, hintWords, lostEnd, verdictOf } from "./aids.js";
import { SUPPRESS_SHORTCUTS, makeButton, makeElement, makeIcon, setAttr, setText } from "./dom.js";
import { Menu } from "./menu.js";
import { isRunning } from "./run.js";

const BULB = [
  ["path", { d: "M8 1.2a4.6 4.6 0 0 0-2.7 8.3c.5.4.8.9.8 1.5v.6h3.8V11c0-.6.3-1.1.8-1.5A4.6 4.6 0 0 0 8 1.2z" }],
  ["rect", { x: 6.1, y: 12.4, width: 3.8, height: 1.2, rx: 0.5 }],
  ["rect", { x: 6.7, y: 14.2, width: 2.6, height: 1.1, rx: 0.5 }],
];
const SLIDERS = [
  ["rect", { x: 1.5, y: 3.3, width: 13, height: 1.4, rx: 0.7 }],
  ["rect", { x: 1.5, y: 7.3, width: 13, height: 1.4, rx: 0.7 }],
  ["rect", { x: 1.5, y: 11.3, width: 13, height: 1.4, rx: 0.7 }],
  ["circle", { cx: 5, cy: 4, r: 2, class: "sw-icon-knob" }],
  ["circle", { cx: 11, cy: 8, r: 2, class: "sw-icon-knob" }],
  ["circle", { cx: 7, cy: 12, r: 2, class: "sw-icon-knob" }],
];

// The choices of the menu's selects, as Python names them, the default first.
const AUTOPLAY_MODES = [
  ["off", "Off"],
  ["safe", "Safe moves home"],
];
const DEMO_SPEEDS = [
  ["normal", "Normal"],
  ["slow", "Slow"],
  ["fast", "Fast"],
];
const HINT_MODES = [
  ["fair", "Fair: from what you can see"],
  ["solver", "Solver's: sees every card"],
];
const SCORINGS = [
  ["off", "Off"],
  ["standard", "Standard"],
  ["vegas", "Vegas (Klondike)"],
];
const HINT_TITLES = {
  fair: "Show the move with the best win chance from the cards you have seen (H)",
  solver: "Show the solver's move; it sees every card, the face-down ones too (H)",
};
// The model's traits these controls show.
const SYNCED = ["aids", "check_winnable", "autoplay_mode", "demo_speed", "hint_mode", "scoring"];

function select(control, choices) {
  const el = makeElement("select", "sw-select", { ...SUPPRESS_SHORTCUTS, "data-control": control });
  for (const [value, words] of choices) {
    const choice = makeElement("option", "", { value });
    choice.textContent = words;
    el.append(choice);
  }
  return el;
}

/** The value `value` if it is one of `choices`, else the default (a model from an older kernel). */
function oneOf(value, choices) {
  return choices.some(([name]) => name === value) ? value : choices[0][0];
}

function iconButton(action, text, shapes) {
  const button = makeButton(action, text, "");
  button.querySelector(".sw-button-icon").append(makeIcon(shapes));
  return button;
}

/** A labelled row of the Options menu: `control`, its words and a line on what it does. */
function option(control, words, about) {
  const row = makeElement("label", "sw-option");
  const text = makeElement("span", "sw-option-text");
  const title = makeElement("span", "sw-option-title");
  title.textContent = words;
  const note = makeElement("span", "sw-option-note");
  note.textContent = about;
  text.append(title, note);
  row.append(control, text);
  return row;
}

function heading(text) {
  const el = makeElement("p", "sw-menu-heading");
  el.textContent = text;
  return el;
}

/** The hint's panel: a head ("Hint" and where the hint comes from) and its sentence. */
function hintPanel() {
  const panel = makeElement("section", "sw-hint-panel", { "aria-label": "Hint", hidden: "" });
  const head = makeElement("p", "sw-hint-head");
  const icon = makeElement("span", "sw-hint-icon", { "aria-hidden": "true" });
  icon.append(makeIcon(BULB));
  const title = makeElement("span", "sw-hint-title");
  title.textContent = "Hint";
  const source = makeElement("span", "sw-hint-source");
  head.append(icon, title, source);
  const text = makeElement("p", "sw-hint-text");
  panel.append(head, text);
  return { panel, head, title, source, text };
}

function chip(className, tag = "span") {
  const el = makeElement(tag, `sw-chip ${className}`, { hidden: "" });
  el.append(makeElement("span", "sw-chip-dot", { "aria-hidden": "true" }), makeElement("span", "sw-chip-text"));
  return el;
}

function showChip(el, shown, attribute) {
  el.hidden = !shown;
  if (!shown) return;
  setText(el.lastChild, shown.text);
  setAttr(el, "title", shown.title);
  setAttr(el, attribute, shown.status);
  if (shown.luck) setAttr(el, "data-luck", shown.luck);
  else if (el.hasAttribute("data-luck")) el.removeAttribute("data-luck");
}

export class PlayAids {
  constructor(view) {
    this.view = view;
    this.winnableDeals = false; // this view's choice, sent with every new game
    this.toldHint = null; // what was last said about the hint, so each one is said once
    this.toldDeal = null;
    this.toldVerdict = null;

    this.hintButton = iconButton("hint", "Hint", BULB);
    this.makeOptionsMenu(view);

    ({
      panel: this.hintPanel,
      head: this.hintHead,
      title: this.hintTitle,
      source: this.hintSource,
      text: this.hintText,
    } = hintPanel());

    // A button: it goes back to where the game could still be won (when it names a move).
    this.verdictChip = chip("sw-verdict", "button");
    for (const [name, value] of Object.entries({ ...SUPPRESS_SHORTCUTS, type: "button", "data-action": "goto_lost" })) {
      this.verdictChip.setAttribute(name, value);
    }
    this.dealChip = chip("sw-deal");
    const { toolbar } = view;
    toolbar.autoButton.after(this.hintButton, this.menu.el);
    toolbar.seedInput.parentElement.after(this.dealChip);
    toolbar.movesText.before(this.verdictChip);
    view.sideColumn.el.prepend(this.hintPanel);

    this.onModelChange = () => this.render();
    for (const name of SYNCED) view.model.on(`change:${name}`, this.onModelChange);
  }

  /** The Options menu: its button, and the settings it holds (see SYNCED). */
  makeOptionsMenu(view) {
    const optionsButton = iconButton("options", "Options", SLIDERS);
    optionsButton.title = "Winnable deals, auto-play and the still-winnable check";
    this.menu = new Menu(optionsButton, "Options", `sw-options-${view.viewId}`, () => view.root);

    const box = (control) =>
      makeElement("input", "sw-checkbox", { ...SUPPRESS_SHORTCUTS, type: "checkbox", "data-control": control });
    this.winnableBox = box("winnable-deals");
    this.checkBox = box("check-winnable");
    this.autoplaySelect = select("autoplay-mode", AUTOPLAY_MODES);
    this.demoSelect = select("demo-speed", DEMO_SPEEDS);
    this.hintSelect = select("hint-mode", HINT_MODES);
    this.scoringSelect = select("scoring", SCORINGS);
    this.vegasChoice = this.scoringSelect.querySelector("option[value='vegas']");
    const hintRow = option(
      this.hintSelect,
      "Hints",
      "Fair hints judge by sampling the cards you have not seen; the solver's see them all.",
    );
    const autoplayRow = option(
      this.autoplaySelect,
      "Auto-play after each move",
      "Sends cards home after your move when that can never cost the game.",
    );
    const demoRow = option(this.demoSelect, "Demo speed", "How fast Demo plays the solver's winning line.");
    const scoringRow = option(
      this.scoringSelect,
      "Score",
      "Shown beside the move count. " +
        "Vegas (Klondike): a deal costs $52, each card home pays $5, and the balance adds up across games.",
    );
    for (const row of [hintRow, autoplayRow, demoRow, scoringRow]) row.classList.add("sw-option--select");
    this.menu.panel.append(
      heading("New games"),
      option(
        this.winnableBox,
        "Winnable deals only",
        "Deals the first seed from yours on that the solver proves winnable.",
      ),
      heading("While playing"),
      hintRow,
      autoplayRow,
      option(this.checkBox, "Still winnable?", "Checks in the background after every move; play never waits for it."),
      scoringRow,
      heading("Demo"),
      demoRow,
    );
  }

  destroy() {
    for (const name of SYNCED) this.view.model.off(`change:${name}`, this.onModelChange);
    this.menu.destroy();
  }

  runCommand(action) {
    if (action === "hint") this.requestHint();
    else if (action === "options") this.menu.toggle();
  }

  /** Asks Python for a hint; one already on show is said again instead. */
  requestHint() {
    const { state, problem, model } = this.view;
    if (problem || this.hintButton.disabled) return;
    this.view.sideColumn.replay.stop();
    const hint = currentHint(state, model.get("aids"));
    if (hint && hint.status !== "failed") {
      this.toldHint = null;
      this.render();
      return;
    }
    this.query("hint");
  }

  /** Deals a new game through the winnable deals' search (see NewDeals.newGame in dealing.js); one at a time. */
  dealWinnable(fields) {
    const { model, feedback, sideColumn, toolbar } = this.view;
    sideColumn.replay.stop();
    const aids = model.get("aids");
    if (aids?.deal?.status === "dealing") {
      toolbar.update(); // the game chooser shows the game on the board again
      feedback.showToast("Still dealing a winnable game\u2026");
      feedback.announce("Still dealing a winnable game.");
      return;
    }
    this.query("new_game", { ...fields, winnable: true });
  }

  onControlChange(event) {
    const control = event.target.getAttribute?.("data-control");
    if (control === "winnable-deals") {
      this.winnableDeals = this.winnableBox.checked;
      this.render();
      this.view.feedback.announce(
        this.winnableDeals ? "New games will be winnable deals." : "New games will be any deal.",
      );
    } else if (control === "check-winnable") {
      this.query("setting", { name: "check_winnable", value: this.checkBox.checked });
    } else if (control === "autoplay-mode") {
      this.query("setting", { name: "autoplay_mode", value: oneOf(this.autoplaySelect.value, AUTOPLAY_MODES) });
    } else if (control === "hint-mode") {
      this.query("setting", { name: "hint_mode", value: oneOf(this.hintSelect.value, HINT_MODES) });
    } else if (control === "scoring") {
      this.query("setting", { name: "scoring", value: oneOf(this.scoringSelect.value, SCORINGS) });
    } else if (control === "demo-speed") {
      this.query("setting", { name: "demo_speed", value: oneOf(this.demoSelect.value, DEMO_SPEEDS) });
    }
  }

  /** Sends a query (no state answers it); its request id, or null when no kernel took it. */
  query(kind, fields = {}) {
    const { state, problem } = this.view;
    try {
      return this.view.channel.sendQuery(kind, problem ? 0 : state.version, fields);
    } catch {
      // No kernel to answer: say so, and show the settings as they still are.
      this.view.feedback.onAnswerTimeout();
      this.render();
      return null;
    }
  }

  render() {
    const { state, problem, model } = this.view;
    const aids = model.get("aids");
    const checking = Boolean(model.get("check_winnable"));
    this.checkBox.checked = checking;
    this.autoplaySelect.value = oneOf(model.get("autoplay_mode"), AUTOPLAY_MODES);
    this.demoSelect.value = oneOf(model.get("demo_speed"), DEMO_SPEEDS);
    const hintMode = oneOf(model.get("hint_mode"), HINT_MODES);
    this.hintSelect.value = hintMode;
    this.scoringSelect.value = oneOf(model.get("scoring"), SCORINGS);
    // Python refuses Vegas for the other games; the choice stays visible, greyed, to say it exists.
    this.vegasChoice.disabled = problem || state.game !== "klondike";
    setAttr(this.hintButton, "title", HINT_TITLES[hintMode]);
    this.winnableBox.checked = this.winnableDeals;
    this.view.toolbar.newButton.classList.toggle("sw-button--winnable", this.winnableDeals);

    const drawable = !problem;
    const hint = drawable ? currentHint(state, aids) : null;
    // A lesson asks the student to find its moves; a finished game has none to hint; a
    // strategy playing has the board to itself.
    this.hintButton.disabled = !(drawable && !state.lesson && state.status === "playing" && !isRunning(state));
    this.hintButton.classList.toggle("sw-button--busy", Boolean(hint && hint.status === "thinking"));
    setAttr(this.hintButton, "aria-busy", String(Boolean(hint && hint.status === "thinking")));
    this.markHint(hintMarks(hint));
    this.showHint(hint);

    const verdict = drawable ? verdictOf(state, aids, checking) : null;
    showChip(this.verdictChip, verdict, "data-verdict");
    this.verdictChip.disabled = !verdict || verdict.ply === null;
    this.tellVerdict(verdict);
    this.view.feedback.showLost(drawable ? lostEnd(state, aids) : null);
    const deal = drawable ? dealOf(state, aids) : null;
    showChip(this.dealChip, deal, "data-deal");
    this.tellDeal(drawable && aids ? aids.deal : null, deal);
  }

  /** Marks the hinted piles (data-hint="source" / "target") and the cards that would move. */
  markHint(marks) {
    const board = this.view.board;
    for (const [id, pile] of board.piles) {
      const role = marks && marks.source === id ? "source" : marks && marks.target === id ? "target" : null;
      if (role) setAttr(pile.el, "data-hint", role);
      else if (pile.el.hasAttribute("data-hint")) pile.el.removeAttribute("data-hint");
    }
    const source = marks && board.piles.get(marks.source);
    const cards = source ? board.cardElements(source) : [];
    const moving = new Set(cards.slice(Math.max(0, cards.length - (marks ? marks.count : 0))));
    for (const entry of board.cards.values()) entry.el.classList.toggle("sw-card--hint", moving.has(entry.el));
    board.el.toggleAttribute("data-hinting", Boolean(marks));
  }

  /** The hint's panel, and its words for screen readers, once per hint. */
  showHint(hint) {
    this.hintPanel.hidden = !hint;
    if (hint) {
      this.hintPanel.className = `sw-hint-panel sw-hint-panel--${hint.status}`;
      setText(this.hintText, hintWords(hint));
      const kind = hintKind(hint);
      setText(this.hintTitle, kind.title);
      setText(this.hintSource, kind.source);
      setAttr(this.hintPanel, "data-source", typeof hint.source === "string" ? hint.source : "");
    }
    const told = hint ? `${hint.version}:${hint.status}:${hint.sentence}` : null;
    if (told === this.toldHint) return;
    this.toldHint = told;
    if (hint)
      this.view.feedback.announce(
        hint.status === "thinking" ? "Looking for a hint." : `${hintKind(hint).title}: ${hintWords(hint)}`,
      );
  }

  /** A new verdict of the still-winnable check, said once to screen readers (not "checking"). */
  tellVerdict(verdict) {
    // A judged losing move is told with its sentence; the chip has room for only a word or two.
    const said = verdict?.luck ? `${verdict.text}. ${verdict.title}` : verdict?.text;
    const told = verdict && verdict.status !== "checking" ? said : null;
    if (told && told !== this.toldVerdict) this.view.feedback.announce(`Still winnable? ${told}.`);
    if (!verdict || told) this.toldVerdict = told;
  }

  tellDeal(deal, shown) {
    // A deal is told once the board shows it (its state comes before the aids that name it).
    if (deal && deal.status === "dealt" && !shown) return;
    const told = deal ? `${deal.status}:${deal.seed}:${Boolean(deal.difficulty)}` : null;
    if (told === this.toldDeal) return;
    this.toldDeal = told;
    if (!deal) return;
    const feedback = this.view.feedback;
    if (deal.status === "dealing") {
      feedback.showToast("Dealing a winnable game\u2026", { sticky: true });
      feedback.announce("Dealing a winnable game.");
    } else if (deal.status === "failed") {
      feedback.showToast(`No winnable deal: ${deal.reason}`, { kind: "error" });
    } else if (shown) {
      // A deal is news when it arrives; its rating, only to screen readers and on its chip.
      if (!deal.difficulty) feedback.showToast(dealNews(deal));
      feedback.announce(dealNews(deal));
    }
  }
}
