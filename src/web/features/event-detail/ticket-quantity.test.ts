import { describe, expect, it } from "vitest";
import { MAX_TICKETS_PER_EVENT } from "@domain";
import { maxTicketsFor, normaliseQuantity } from "./ticket-quantity";

describe("maxTicketsFor", () => {
  it("is the line limit for unlimited events", () => {
    expect(maxTicketsFor(null)).toBe(MAX_TICKETS_PER_EVENT);
  });
  it("is the places left when fewer than the line limit", () => {
    expect(maxTicketsFor(3)).toBe(3);
    expect(maxTicketsFor(MAX_TICKETS_PER_EVENT + 100)).toBe(MAX_TICKETS_PER_EVENT);
  });
  it("is 0 for a sold-out event", () => {
    expect(maxTicketsFor(0)).toBe(0);
  });
});

describe("normaliseQuantity", () => {
  it("resets empty, zero, negative and non-numbers to 1", () => {
    for (const raw of ["", "  ", "0", "-4", "abc", "0.5"]) expect(normaliseQuantity(raw, null)).toBe(1);
  });
  it("keeps whole numbers and rounds fractions down", () => {
    expect(normaliseQuantity("4", null)).toBe(4);
    expect(normaliseQuantity(" 2.7 ", null)).toBe(2);
  });
  it("caps at the places left", () => {
    expect(normaliseQuantity("9", 3)).toBe(3);
  });
  it("caps at the line limit", () => {
    expect(normaliseQuantity("500", null)).toBe(MAX_TICKETS_PER_EVENT);
    expect(normaliseQuantity("Infinity", null)).toBe(1);
  });
});
