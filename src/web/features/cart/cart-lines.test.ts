import { describe, expect, it } from "vitest";
import { MAX_TICKETS_PER_EVENT } from "@domain";
import {
  addCartLine,
  cartSummary,
  checkoutItems,
  isCartCoveredBy,
  lineTotal,
  parseCartItems,
  removeCartLine,
  setLineQuantity,
  type CartItem,
} from "./cart-lines";

const gig: CartItem = {
  eventId: "e1",
  eventTitle: "Jazz Night",
  ticketPricePence: 2500,
  absorbsBookingFee: false,
  ticketQuantity: 2,
  eventDate: "2026-07-01T19:00:00Z",
  eventLocation: "London",
};
const talk: CartItem = { ...gig, eventId: "e2", eventTitle: "Tech Talk", ticketPricePence: 1000, ticketQuantity: 1 };

describe("parseCartItems", () => {
  it("reads a stored cart", () => {
    expect(parseCartItems(JSON.stringify([gig, talk]))).toEqual([gig, talk]);
  });
  it("is empty for nothing, broken JSON or a non-list", () => {
    for (const raw of [null, "", "{", "{}", "42"]) expect(parseCartItems(raw)).toEqual([]);
  });
  it("drops malformed lines (an older format with pounds, a zero quantity)", () => {
    const old = { ...gig, ticketPricePence: undefined, ticketPrice: 25 };
    expect(parseCartItems(JSON.stringify([old, { ...talk, ticketQuantity: 0 }, talk]))).toEqual([talk]);
  });
  it("caps an edited quantity at the line limit", () => {
    expect(parseCartItems(JSON.stringify([{ ...gig, ticketQuantity: 999 }]))[0]!.ticketQuantity).toBe(MAX_TICKETS_PER_EVENT);
  });
});

describe("addCartLine", () => {
  it("adds a new line", () => {
    expect(addCartLine([gig], talk)).toEqual({ items: [gig, talk], quantity: 1, capped: false });
  });
  it("increases the quantity of an event already in the cart (spec §4 Cart)", () => {
    const result = addCartLine([gig, talk], { ...gig, ticketQuantity: 3 });
    expect(result.items).toEqual([{ ...gig, ticketQuantity: 5 }, talk]);
    expect(result.quantity).toBe(5);
    expect(result.capped).toBe(false);
  });
  it("never holds more than the places left", () => {
    const result = addCartLine([gig], { ...gig, ticketQuantity: 3 }, 4);
    expect(result).toEqual({ items: [{ ...gig, ticketQuantity: 4 }], quantity: 4, capped: true });
  });
  it("never holds more than the line limit", () => {
    expect(addCartLine([], { ...gig, ticketQuantity: MAX_TICKETS_PER_EVENT + 5 }).quantity).toBe(MAX_TICKETS_PER_EVENT);
  });
});

describe("setLineQuantity and removeCartLine", () => {
  it("changes one line's quantity", () => {
    expect(setLineQuantity([gig, talk], "e2", 3)).toEqual([gig, { ...talk, ticketQuantity: 3 }]);
  });
  it("removes the line at 0 or below (spec §4 Cart)", () => {
    expect(setLineQuantity([gig, talk], "e1", 0)).toEqual([talk]);
    expect(setLineQuantity([gig, talk], "e1", -1)).toEqual([talk]);
  });
  it("caps at the line limit", () => {
    expect(setLineQuantity([gig], "e1", MAX_TICKETS_PER_EVENT + 1)[0]!.ticketQuantity).toBe(MAX_TICKETS_PER_EVENT);
  });
  it("removes a line", () => {
    expect(removeCartLine([gig, talk], "e1")).toEqual([talk]);
  });
});

describe("cart maths (spec §9 Fees and money)", () => {
  it("line total is (price + £2.30) × quantity", () => {
    expect(lineTotal(gig)).toBe((2500 + 230) * 2);
  });
  it("summary: subtotal, fee per ticket and total", () => {
    expect(cartSummary([gig, talk])).toEqual({ subtotal: 6000, fees: 690, total: 6690, itemCount: 3 });
    expect(cartSummary([])).toEqual({ subtotal: 0, fees: 0, total: 0, itemCount: 0 });
  });
});

describe("checkout", () => {
  it("sends event ids and quantities only (decisions.md D8)", () => {
    expect(checkoutItems([gig, talk])).toEqual([
      { eventId: "e1", ticketQuantity: 2 },
      { eventId: "e2", ticketQuantity: 1 },
    ]);
  });
  it("the cart is bought when the bookings cover all its events", () => {
    expect(isCartCoveredBy([gig, talk], ["e2", "e1"])).toBe(true);
    expect(isCartCoveredBy([gig, talk], ["e1"])).toBe(false);
    expect(isCartCoveredBy([], ["e1"])).toBe(false);
  });
});
