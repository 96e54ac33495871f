import { describe, expect, it } from "vitest";
import { MAX_TICKETS_PER_EVENT } from "@domain";
import { anEvent } from "~/test/events";
import {
  addCartLine,
  cartItemFor,
  cartLineTitle,
  cartSummary,
  checkoutItems,
  isCartCoveredBy,
  lineLimits,
  lineTotal,
  parseCartItems,
  removeCartLine,
  setLineQuantity,
  withCatalogue,
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
    expect(setLineQuantity([gig, talk], talk, 3)).toEqual([gig, { ...talk, ticketQuantity: 3 }]);
  });
  it("removes the line at 0 or below (spec §4 Cart)", () => {
    expect(setLineQuantity([gig, talk], gig, 0)).toEqual([talk]);
    expect(setLineQuantity([gig, talk], gig, -1)).toEqual([talk]);
  });
  it("caps at the line limit", () => {
    expect(setLineQuantity([gig], gig, MAX_TICKETS_PER_EVENT + 1)[0]!.ticketQuantity).toBe(MAX_TICKETS_PER_EVENT);
  });
  it("removes a line", () => {
    expect(removeCartLine([gig, talk], gig)).toEqual([talk]);
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

describe("a line per ticket type (issue 36)", () => {
  const typeOf = (id: string, name: string, pricePence: number, overrides: Partial<ReturnType<typeof anEvent>["ticketTypes"][number]> = {}) => ({
    ...anEvent().ticketTypes[0]!,
    id,
    name,
    pricePence,
    ...overrides,
  });
  const standard = typeOf("t-standard", "Standard", 1500);
  const vip = typeOf("t-vip", "VIP", 4000, { remaining: 12, maxPerOrder: 4 });
  const early = typeOf("t-early", "Early bird", 1000, { onSale: false, salesState: "ended" });
  const harbour = anEvent({ title: "Harbour Night", ticketTypes: [early, standard, vip] });

  it("makes a line of the chosen type, named and priced as it", () => {
    const line = cartItemFor(harbour, 2, "t-vip");
    expect(line).toMatchObject({ eventId: harbour.id, ticketTypeId: "t-vip", ticketTypeName: "VIP", ticketPricePence: 4000, ticketQuantity: 2 });
    expect(cartLineTitle(line)).toBe("Harbour Night: VIP");
  });

  it("a one-type event's line names no type, so it reads as the spec's", () => {
    const line = cartItemFor(anEvent(), 1);
    expect(line).toMatchObject({ ticketTypeId: anEvent().ticketTypes[0]!.id, ticketTypeName: null, ticketPricePence: 2550 });
    expect(cartLineTitle(line)).toBe("Jazz Night");
  });

  it("reads a line saved before types as the event's single type, or the first type on sale when it now sells several", () => {
    const old: CartItem = { ...gig, eventId: harbour.id, ticketPricePence: 999 };
    expect(withCatalogue(old, { [harbour.id]: harbour.ticketTypes })).toMatchObject({ ticketTypeId: "t-standard", ticketTypeName: "Standard", ticketPricePence: 1500 });
    expect(withCatalogue(old, { [harbour.id]: [standard] })).toMatchObject({ ticketTypeId: "t-standard", ticketTypeName: null, ticketPricePence: 1500 });
    expect(withCatalogue(old, {})).toBe(old);
    expect(cartItemFor(harbour, 1, null).ticketTypeId).toBe("t-standard");
  });

  it("keeps two types of one event as two lines, changed and removed apart", () => {
    const first = addCartLine([], cartItemFor(harbour, 2, "t-standard")).items;
    const both = addCartLine(first, cartItemFor(harbour, 1, "t-vip")).items;
    expect(both.map((line) => [line.ticketTypeId, line.ticketQuantity])).toEqual([
      ["t-standard", 2],
      ["t-vip", 1],
    ]);
    expect(setLineQuantity(both, { eventId: harbour.id, ticketTypeId: "t-vip" }, 3).map((line) => line.ticketQuantity)).toEqual([2, 3]);
    expect(removeCartLine(both, { eventId: harbour.id, ticketTypeId: "t-standard" }).map((line) => line.ticketTypeId)).toEqual(["t-vip"]);
    expect(checkoutItems(both)).toEqual([
      { eventId: harbour.id, ticketTypeId: "t-standard", ticketQuantity: 2 },
      { eventId: harbour.id, ticketTypeId: "t-vip", ticketQuantity: 1 },
    ]);
  });

  it("limits a line by its type (maximum per order, places left) and an event's lines together by the per-event limit", () => {
    const lines = [cartItemFor(harbour, 40, "t-standard"), cartItemFor(harbour, 1, "t-vip")];
    expect(lineLimits(lines, lines[1]!, vip)).toEqual({ min: 1, max: 4 });
    expect(lineLimits([cartItemFor(harbour, 48, "t-standard"), lines[1]!], lines[1]!, vip)).toEqual({ min: 1, max: MAX_TICKETS_PER_EVENT - 48 });
    expect(lineLimits(lines, lines[0]!, { ...standard, minPerOrder: 2, remaining: null })).toEqual({ min: 2, max: MAX_TICKETS_PER_EVENT - 1 });
    // Adding and setting stay within the event's limit across its lines.
    expect(addCartLine(lines, cartItemFor(harbour, 20, "t-vip")).items[1]!.ticketQuantity).toBe(MAX_TICKETS_PER_EVENT - 40);
    expect(setLineQuantity(lines, lines[0]!, 50)[0]!.ticketQuantity).toBe(MAX_TICKETS_PER_EVENT - 1);
    const full = [cartItemFor(harbour, MAX_TICKETS_PER_EVENT, "t-standard")];
    expect(addCartLine(full, cartItemFor(harbour, 1, "t-vip"))).toEqual({ items: full, quantity: 0, capped: true });
    expect(parseCartItems(JSON.stringify([...lines, cartItemFor(harbour, 30, "t-early")])).map((line) => line.ticketQuantity)).toEqual([40, 1, MAX_TICKETS_PER_EVENT - 41]);
  });
});
