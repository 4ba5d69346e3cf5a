import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ANSWER_TIMEOUT_MS, IntentChannel, makeViewId } from "../intents.js";

describe("intent channel", () => {
  let sent;
  let timeouts;
  let channel;

  beforeEach(() => {
    vi.useFakeTimers();
    sent = [];
    timeouts = [];
    channel = new IntentChannel({ viewId: "v1", send: (c) => sent.push(c), onTimeout: (p) => timeouts.push(p) });
  });

  afterEach(() => {
    vi.useRealTimers();
  });

  it("numbers requests after the view id and names the version", () => {
    expect(channel.send("undo", 4)).toBe("v1:1");
    channel.stateArrived(5);
    expect(channel.send("move", 5, { source: "waste", target: "tableau/1", count: 1 })).toBe("v1:2");
    expect(sent).toEqual([
      { kind: "undo", version: 4, request: "v1:1" },
      { kind: "move", version: 5, request: "v1:2", source: "waste", target: "tableau/1", count: 1 },
    ]);
  });

  it("sends one intent per state version while it waits", () => {
    expect(channel.send("move", 3, { source: "stock", target: "waste", count: 1 })).toBe("v1:1");
    expect(channel.send("move", 3, { source: "stock", target: "waste", count: 1 })).toBe(null);
    expect(channel.send("undo", 3)).toBe(null);
    expect(sent).toHaveLength(1);
    expect(channel.stateArrived(3)).toBe(false);
    expect(channel.stateArrived(4)).toBe(true);
    expect(channel.send("move", 4, { source: "stock", target: "waste", count: 1 })).toBe("v1:2");
  });

  it("a refusal of its own request frees the version again", () => {
    const request = channel.send("move", 3, {});
    expect(channel.isOwn(request)).toBe(true);
    expect(channel.isOwn("v12:1")).toBe(false);
    expect(channel.isOwn("other:1")).toBe(false);
    expect(channel.isOwn(null)).toBe(false);
    expect(channel.refusalArrived("other:1")).toBe(false);
    expect(channel.refusalArrived(request)).toBe(true);
    expect(channel.send("move", 3, {})).toBe("v1:2");
  });

  it("says when no answer came in time, once", () => {
    channel.send("move", 3, {});
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS - 1);
    expect(timeouts).toHaveLength(0);
    vi.advanceTimersByTime(1);
    expect(timeouts).toHaveLength(1);
    expect(timeouts[0].request).toBe("v1:1");
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS * 3);
    expect(timeouts).toHaveLength(1);
    // A late answer is still awaited: no second intent on the same version meanwhile.
    expect(channel.isWaiting(3)).toBe(true);
    expect(channel.send("move", 3, {})).toBe(null);
    channel.stateArrived(4);
    expect(channel.send("move", 4, {})).toBe("v1:2");
  });

  it("an answer in time stops the watchdog", () => {
    channel.send("move", 3, {});
    vi.advanceTimersByTime(1000);
    channel.stateArrived(4);
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS * 2);
    expect(timeouts).toHaveLength(0);
    expect(vi.getTimerCount()).toBe(0);
  });

  it("view ids are random and fit Python's request id pattern", () => {
    const a = makeViewId();
    const b = makeViewId();
    expect(a).not.toBe(b);
    expect(`${a}:12`).toMatch(/^[\w.-]{1,64}:[0-9]{1,16}$/);
  });
});
