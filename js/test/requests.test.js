// This view's intents and Python's refusals of them (requests.js): a refusal said in words
// and the board put back, one intent per state version, a kernel silent or gone.

import { afterEach, describe, expect, it, vi } from "vitest";
import { ANSWER_TIMEOUT_MS } from "../intents.js";
import { click, fixture, mountForTest, nextState, pointer } from "./helpers.js";

const view = mountForTest;

afterEach(() => {
  vi.useRealTimers();
});

describe("refusals and waiting for the kernel", () => {
  it("shows a refusal of its own request, in words, and ignores other views' refusals", () => {
    const state = fixture("klondike_start");
    const { model, card, root } = view(state);
    click(card("5H"));
    click(card("QD"));
    const { request } = model.sent[0];
    const toast = root.querySelector(".sw-toast");
    model.message({ kind: "refused", request: "someoneelse:1", reason: "not yours" });
    expect(toast.hidden).toBe(true);
    model.message({ kind: "refused", request: `${request.split(":")[0]}0:1`, reason: "prefix, not the same view" });
    expect(toast.hidden).toBe(true);
    model.message({ kind: "refused", request, reason: "5\u2665 cannot go on Q\u2666: in Klondike columns build down" });
    expect(toast.hidden).toBe(false);
    expect(toast.textContent).toBe("5\u2665 cannot go on Q\u2666: in Klondike columns build down");
    expect(root.querySelector('[aria-live="polite"]').textContent).toContain(
      "Not allowed: 5\u2665 cannot go on Q\u2666",
    );
  });

  it("a refused drag snaps its cards back", () => {
    const state = fixture("klondike_start");
    const { model, card, pile } = view(state);
    const from = card("5H");
    const home = from.style.transform;
    const dx = parseFloat(pile("tableau/3").style.left) - parseFloat(pile("tableau/1").style.left);
    pointer(from, "pointerdown", 100, 100);
    pointer(from, "pointermove", 100 + dx, 130);
    pointer(from, "pointerup", 100 + dx, 130);
    expect(model.sent[0]).toMatchObject({ source: "tableau/1", target: "tableau/3" });
    expect(from.style.transform).not.toBe(home);
    model.message({ kind: "refused", request: model.sent[0].request, reason: "no" });
    expect(from.style.transform).toBe(home);
  });

  it("rapid clicks send one move per state version", () => {
    const state = fixture("klondike_start");
    const { model, pile, root } = view(state);
    const stock = pile("stock");
    for (let i = 0; i < 5; i += 1) click(stock);
    expect(model.sent).toHaveLength(1);
    click(root.querySelector('[data-action="undo"]'));
    expect(model.sent).toHaveLength(1);
    model.setState(nextState(state));
    click(stock);
    click(stock);
    expect(model.sent).toHaveLength(2);
    expect(model.sent[1].version).toBe(state.version + 1);
    expect(model.sent[1].request).toMatch(/:3$/);
  });

  it("after a refusal the same version may be tried again", () => {
    const state = fixture("klondike_start");
    const { model, pile } = view(state);
    click(pile("stock"));
    model.message({ kind: "refused", request: model.sent[0].request, reason: "try again" });
    click(pile("stock"));
    expect(model.sent).toHaveLength(2);
  });

  it("says the kernel is not answering after about four seconds", () => {
    vi.useFakeTimers();
    const state = fixture("klondike_start");
    const { model, pile, root } = view(state);
    click(pile("stock"));
    const toast = root.querySelector(".sw-toast");
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS - 100);
    expect(toast.hidden).toBe(true);
    vi.advanceTimersByTime(200);
    expect(toast.hidden).toBe(false);
    expect(toast.textContent).toMatch(/kernel is not answering/);
    // It stays up until the kernel answers.
    vi.advanceTimersByTime(60_000);
    expect(toast.hidden).toBe(false);
    model.setState(nextState(state));
    expect(toast.hidden).toBe(true);
  });

  it("says at once that the kernel is gone when sending fails, and stays usable", () => {
    const state = fixture("klondike_start");
    const { model, pile, root } = view(state);
    model.send = () => {
      throw new Error("Cannot send: the kernel is gone");
    };
    expect(() => click(pile("stock"))).not.toThrow();
    const toast = root.querySelector(".sw-toast");
    expect(toast.hidden).toBe(false);
    expect(toast.textContent).toMatch(/kernel is not answering/);
    expect(root.classList.contains("sw-waiting")).toBe(false);
    // Nothing is left pending: once sending works again, the next click goes out.
    const sent = [];
    model.send = (content) => sent.push(content);
    click(pile("stock"));
    expect(sent).toHaveLength(1);
    expect(sent[0]).toMatchObject({ kind: "move", source: "stock", target: "waste", version: state.version });
  });

  it("no warning when the answer comes in time", () => {
    vi.useFakeTimers();
    const state = fixture("klondike_start");
    const { model, pile, root } = view(state);
    click(pile("stock"));
    vi.advanceTimersByTime(1500);
    model.setState(nextState(state));
    vi.advanceTimersByTime(ANSWER_TIMEOUT_MS * 2);
    expect(root.querySelector(".sw-toast").hidden).toBe(true);
  });

  it("no intent goes out while the state cannot be drawn", () => {
    const { model, q } = view({ ...fixture("klondike_start"), position: null });
    click(q('[data-action="new"]'));
    expect(model.sent).toEqual([]);
  });
});
