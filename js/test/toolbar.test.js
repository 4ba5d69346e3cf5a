import { describe, expect, it } from "vitest";
import { MAX_SEED, parseSeed, seedRefusal } from "../toolbar.js";

describe("seeds typed in the seed box", () => {
  it("takes whole numbers from 0 to 2**53 - 1, the range Python takes", () => {
    expect(MAX_SEED).toBe(9007199254740991);
    expect(parseSeed("0")).toBe(0);
    expect(parseSeed("12345")).toBe(12345);
    expect(parseSeed("007")).toBe(7);
    expect(parseSeed("9007199254740991")).toBe(9007199254740991);
  });

  it("refuses anything else, however close", () => {
    for (const typed of [
      "9007199254740992",
      "9007199254740993",
      "18446744073709551615",
      "-1",
      "+1",
      "1.0",
      "1e3",
      "0x10",
      "12a",
      " ",
      "",
    ]) {
      expect(parseSeed(typed)).toBe(null);
    }
  });

  it("says why in Python's words", () => {
    expect(seedRefusal("12a")).toBe('a seed is a whole number from 0 to 9007199254740991, not "12a"');
  });
});
