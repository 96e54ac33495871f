import { describe, expect, it } from "vitest";
import { cartAddedToast } from "./cart-toasts";

describe("cartAddedToast", () => {
  it("names the tickets added", () => {
    expect(cartAddedToast({ title: "Jazz Night", added: 1, result: { quantity: 1, capped: false } })).toEqual({
      title: "Added to cart",
      description: "1 ticket for Jazz Night.",
    });
  });
  it("mentions the line's new quantity when the event was already in the cart", () => {
    expect(cartAddedToast({ title: "Jazz Night", added: 2, result: { quantity: 5, capped: false } }).description).toBe(
      "2 tickets for Jazz Night (5 in your cart).",
    );
  });
  it("says when the line hit its limit", () => {
    expect(cartAddedToast({ title: "Jazz Night", added: 4, result: { quantity: 3, capped: true } }).description).toBe(
      "Jazz Night: your cart now holds 3 tickets, the most available for this event.",
    );
  });
});
