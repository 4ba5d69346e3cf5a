// The buttons over the move list: to the start, back, forward, to the end of the line, and
// the replay with its speed. Each button runs its command through the view (data-action).

import { SUPPRESS_SHORTCUTS, makeButton, makeElement, makeIcon, setAttr, setText } from "./dom.js";

// The step icons (⏮ ◀ ▶ ⏭) are drawn, not typed: many fonts lack the characters ⏮ and ⏭.
// Each is [action, words, its keys, shapes in a 16 x 16 box].
const STEPS = [
  [
    "first",
    "To the start",
    "Home in the move list",
    [
      ["rect", { x: 3, y: 3, width: 2, height: 10 }],
      ["polygon", { points: "13,3 13,13 6,8" }],
    ],
  ],
  ["back", "Back one move", "[, or Left in the move list", [["polygon", { points: "11,3 11,13 4,8" }]]],
  ["forward", "Forward one move", "], or Right in the move list", [["polygon", { points: "5,3 5,13 12,8" }]]],
  [
    "last",
    "To the end of the line",
    "End in the move list",
    [
      ["polygon", { points: "3,3 3,13 10,8" }],
      ["rect", { x: 11, y: 3, width: 2, height: 10 }],
    ],
  ],
];

const REPLAY_DELAYS_MS = [500, 1000, 2000];
const DEFAULT_DELAY_MS = 1000;

export class NavigationBar {
  constructor() {
    this.el = makeElement("div", "sw-nav", { role: "group", "aria-label": "Step through the moves" });
    this.steps = new Map();
    for (const [action, words, keys, shapes] of STEPS) {
      const button = makeButton(action, words, "");
      button.querySelector(".sw-button-icon").append(makeIcon(shapes));
      button.classList.add("sw-button--icon");
      button.title = `${words} (${keys})`;
      this.steps.set(action, button);
      this.el.append(button);
    }
    this.replayButton = makeButton("replay", "Replay", "");
    this.replayButton.setAttribute("aria-pressed", "false");
    this.replayButton.title = "Play the line forward from here";
    this.speedSelect = makeElement("select", "sw-select", {
      ...SUPPRESS_SHORTCUTS,
      "data-control": "replay-speed",
      "aria-label": "Replay speed: time per move",
    });
    for (const ms of REPLAY_DELAYS_MS) {
      const option = makeElement("option", "", { value: String(ms) });
      option.textContent = `${ms / 1000} s`;
      this.speedSelect.append(option);
    }
    this.speedSelect.value = String(DEFAULT_DELAY_MS);
    this.el.append(this.replayButton, this.speedSelect);
    this.showReplaying(false);
  }

  /** The time the replay waits between moves. */
  delayMs() {
    const ms = Number(this.speedSelect.value);
    return REPLAY_DELAYS_MS.includes(ms) ? ms : DEFAULT_DELAY_MS;
  }

  /**
   * `enabled`: whether stepping is possible at all (a drawable state, no lesson); `ply` and
   * `lineLength` disable the buttons that would step past an end of the line.
   */
  update({ enabled, ply, lineLength, replaying }) {
    const atStart = !enabled || ply <= 0;
    const atEnd = !enabled || ply >= lineLength;
    this.steps.get("first").disabled = atStart;
    this.steps.get("back").disabled = atStart;
    this.steps.get("forward").disabled = atEnd;
    this.steps.get("last").disabled = atEnd;
    // A running replay can always be stopped.
    this.replayButton.disabled = !replaying && atEnd;
    this.speedSelect.disabled = !enabled;
    this.showReplaying(replaying);
  }

  showReplaying(replaying) {
    const button = this.replayButton;
    setAttr(button, "aria-pressed", String(replaying));
    setText(button.querySelector(".sw-button-icon"), replaying ? "\u25A0" : "\u25B7");
    setText(button.querySelector(".sw-button-label"), replaying ? "Stop" : "Replay");
    button.classList.toggle("sw-button--active", replaying);
  }
}
