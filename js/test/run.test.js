import { afterEach, describe, expect, it } from "vitest";
import { isRunning, runNews } from "../run.js";
import { click, fixture, key, mount } from "./helpers.js";

const playing = { playing: true, said: null };
const ended = { playing: false, said: "the strategy resigned" };
const demo = { playing: true, said: null, demo: true };

describe("what a run says", () => {
  it("knows when a strategy plays", () => {
    expect(isRunning({ run: playing })).toBe(true);
    expect(isRunning({ run: ended })).toBe(false);
    expect(isRunning({ run: null })).toBe(false);
    expect(isRunning({})).toBe(false);
    expect(isRunning(null)).toBe(false);
  });

  it("says when a run starts and how it ended, and nothing in between", () => {
    expect(runNews({ run: null }, { run: playing })).toBe("A strategy is playing on the board. Press Stop to stop it.");
    expect(runNews({ run: playing }, { run: playing })).toBe(null);
    expect(runNews({ run: playing }, { run: ended })).toBe("The strategy's run ended: the strategy resigned.");
    expect(runNews({ run: playing }, { run: { playing: false, said: null } })).toBe(
      "The strategy's run ended: stopped.",
    );
    expect(runNews({ run: ended }, { run: ended })).toBe(null);
    // A new deal drops the run (run: null): nothing to say about it there.
    expect(runNews({ run: playing }, { run: null })).toBe(null);
  });

  it("calls the solver's line a demo", () => {
    expect(runNews({ run: null }, { run: demo })).toBe(
      "Demo: the solver looks for a winning line, then plays it. Press Stop to take over.",
    );
    const lost = { playing: false, said: "the solver proves this position lost", demo: true };
    expect(runNews({ run: demo }, { run: lost })).toBe("The demo ended: the solver proves this position lost.");
  });
});

describe("the board while a strategy plays", () => {
  let mounted = [];
  afterEach(() => {
    for (const view of mounted) view.cleanup();
    mounted = [];
    document.body.innerHTML = "";
  });

  function show(state) {
    const view = mount(state);
    mounted.push(view);
    return view;
  }

  it("shows Stop, which sends a stop intent, and holds back the other controls", () => {
    const state = { ...fixture("klondike_mid"), run: playing };
    const { q, model } = show(state);
    const stop = q(".sw-toolbar [data-action='stop']");
    expect(stop.hidden).toBe(false);
    expect(q(".sw-toolbar [data-action='undo']").disabled).toBe(true);
    expect(q(".sw-toolbar [data-action='new']").disabled).toBe(true);
    expect(q(".sw-toolbar [data-action='hint']").disabled).toBe(true);
    expect(q(".sw-nav [data-action='first']").disabled).toBe(true);
    click(stop);
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ kind: "stop", version: state.version });
  });

  it("hides Stop when no strategy plays, and tells how the run ended", () => {
    const state = { ...fixture("klondike_mid"), run: playing };
    const { q, model } = show(state);
    model.setState({ ...structuredClone(state), version: state.version + 1, run: ended });
    expect(q(".sw-toolbar [data-action='stop']").hidden).toBe(true);
    expect(q(".sw-toolbar [data-action='undo']").disabled).toBe(false);
    expect(q(".sw-toast").hidden).toBe(false);
    expect(q(".sw-toast").textContent).toBe("The strategy's run ended: the strategy resigned.");
  });

  it("has no Stop on a board no strategy has played on", () => {
    const { q } = show(fixture("klondike_start"));
    expect(q(".sw-toolbar [data-action='stop']").hidden).toBe(true);
  });

  it("has Demo, which sends a demo intent (button or D), and Stop in its place while it plays", () => {
    const state = fixture("klondike_start");
    const { q, model } = show(state);
    const button = q(".sw-toolbar [data-action='demo']");
    expect(button.hidden).toBe(false);
    expect(button.disabled).toBe(false);
    click(button);
    expect(model.sent).toHaveLength(1);
    expect(model.sent[0]).toMatchObject({ kind: "demo", version: state.version });
    const other = show(state);
    key(other.pile("stock"), "d");
    expect(other.model.sent).toHaveLength(1);
    expect(other.model.sent[0]).toMatchObject({ kind: "demo", version: state.version });
    model.setState({ ...structuredClone(state), version: state.version + 1, run: demo });
    expect(button.hidden).toBe(true);
    expect(q(".sw-toolbar [data-action='stop']").hidden).toBe(false);
    expect(q(".sw-toast").textContent).toContain("Demo: the solver looks for a winning line");
  });

  it("has no Demo to press once the game is over or during a lesson", () => {
    const won = show(fixture("klondike_won"));
    expect(won.q(".sw-toolbar [data-action='demo']").disabled).toBe(true);
    const lesson = show({
      ...fixture("klondike_start"),
      lesson: { total: 3, ply: 0, found: 0, shown: 0, done: false, said: null },
    });
    expect(lesson.q(".sw-toolbar [data-action='demo']").disabled).toBe(true);
  });
});
