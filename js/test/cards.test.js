import { describe, expect, it } from "vitest";
import { cardShort, cardWords, isCardCode, isRed, rankOf, rankPlural, rankText } from "../cards.js";

describe("cards", () => {
  it("names cards in words and short form", () => {
    expect(cardWords("7H")).toBe("seven of hearts");
    expect(cardWords("TS")).toBe("ten of spades");
    expect(cardWords("AC")).toBe("ace of clubs");
    expect(cardWords("KD")).toBe("king of diamonds");
    expect(cardShort("TS")).toBe("10\u2660");
    expect(cardShort("2C")).toBe("2\u2663");
    expect(rankText("QH")).toBe("Q");
  });

  it("knows ranks, colours and codes", () => {
    expect(rankOf("AS")).toBe(1);
    expect(rankOf("KS")).toBe(13);
    expect(rankOf(null)).toBe(0);
    expect(isRed("5D")).toBe(true);
    expect(isRed("5H")).toBe(true);
    expect(isRed("5C")).toBe(false);
    expect(isRed("5S")).toBe(false);
    expect(isCardCode("TH")).toBe(true);
    expect(isCardCode("1H")).toBe(false);
    expect(isCardCode("down")).toBe(false);
    expect(rankPlural(1)).toBe("aces");
    expect(rankPlural(6)).toBe("sixes");
  });
});
