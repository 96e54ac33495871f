import { describe, expect, it } from "vitest";
import {
  CHECKOUT_HOLD_MINUTES,
  CHECKOUT_SESSION_MINUTES,
  checkoutLines,
  checkoutSessionExpiry,
  cartTotals,
  commissionEarner,
  MAX_TICKETS_PER_EVENT,
  STRIPE_MIN_SESSION_MINUTES,
  ticketLimitError,
  ticketTotal,
} from "./checkout";
import { CreatePaymentInput } from "./checkout-shapes";

const A = "00000000-0000-4000-8000-00000000000a";
const B = "00000000-0000-4000-8000-00000000000b";

describe("checkoutLines (decisions D6)", () => {
  it("merges a cart's lines for one event into one line, summing the quantities", () => {
    const input = CreatePaymentInput.parse({ items: [{ eventId: A, ticketQuantity: 30 }, { eventId: B, ticketQuantity: 1 }, { eventId: A, ticketQuantity: 30 }], attendeeName: "Ada Lovelace" });
    expect(checkoutLines(input)).toEqual([
      { eventId: A, ticketTypeId: null, quantity: 60, attendees: null },
      { eventId: B, ticketTypeId: null, quantity: 1, attendees: null },
    ]);
  });

  it("keeps one line per event and ticket type (issue 36)", () => {
    const [vip, standard] = ["7d6f3a1e-2b4c-4d5e-8f9a-0b1c2d3e4f5a", "8e7a4b2f-3c5d-4e6f-9a0b-1c2d3e4f5a6b"];
    const input = CreatePaymentInput.parse({
      items: [
        { eventId: A, ticketTypeId: vip, ticketQuantity: 2 },
        { eventId: A, ticketTypeId: standard, ticketQuantity: 1 },
        { eventId: A, ticketTypeId: vip, ticketQuantity: 1 },
      ],
      attendeeName: "Ada Lovelace",
    });
    expect(checkoutLines(input)).toEqual([
      { eventId: A, ticketTypeId: vip, quantity: 3, attendees: null },
      { eventId: A, ticketTypeId: standard, quantity: 1, attendees: null },
    ]);
  });

  it("concatenates merged lines' attendees in order, naming a line without any after the buyer (issue 36)", () => {
    const input = CreatePaymentInput.parse({
      items: [
        { eventId: A, ticketQuantity: 2, attendees: [{ name: " Ada " }, { name: "Grace", email: " grace@example.com " }] },
        { eventId: A, ticketQuantity: 1 },
        { eventId: A, ticketQuantity: 1, attendees: [{ name: "Alan", email: "" }] },
        { eventId: B, ticketQuantity: 1 },
      ],
      attendeeName: "Buyer Name",
    });
    expect(checkoutLines(input)).toEqual([
      { eventId: A, ticketTypeId: null, quantity: 4, attendees: [{ name: "Ada" }, { name: "Grace", email: "grace@example.com" }, { name: "Buyer Name" }, { name: "Alan" }] },
      { eventId: B, ticketTypeId: null, quantity: 1, attendees: null },
    ]);
  });
});

describe("CreatePaymentInput's attendees (issue 36)", () => {
  const refusal = (body: unknown) => {
    const parsed = CreatePaymentInput.safeParse(body);
    return parsed.success ? null : { path: parsed.error.issues[0]!.path.join("."), message: parsed.error.issues[0]!.message };
  };

  it("takes one attendee per ticket on the one-event body and on cart lines", () => {
    expect(refusal({ eventId: A, ticketQuantity: 2, attendeeName: "Ada", attendees: [{ name: "Ada" }, { name: "Grace", email: "grace@example.com" }] })).toBeNull();
    expect(refusal({ items: [{ eventId: A, ticketQuantity: 1, attendees: [{ name: "Ada", email: null }] }], attendeeName: "Ada" })).toBeNull();
  });

  it("names the field that is wrong: the count, a blank name, a bad e-mail", () => {
    expect(refusal({ items: [{ eventId: A, ticketQuantity: 3, attendees: [{ name: "Ada" }] }], attendeeName: "Ada" })).toEqual({
      path: "items.0.attendees",
      message: "attendees must name each ticket, one per ticket: 3 expected, 1 given",
    });
    expect(refusal({ eventId: A, ticketQuantity: 1, attendeeName: "Ada", attendees: [{ name: "Ada" }, { name: "Grace" }] })?.path).toBe("attendees");
    expect(refusal({ items: [{ eventId: A, ticketQuantity: 2, attendees: [{ name: "Ada" }, { name: "  " }] }], attendeeName: "Ada" })).toEqual({
      path: "items.0.attendees.1.name",
      message: "Please enter the attendee's name.",
    });
    expect(refusal({ items: [{ eventId: A, ticketQuantity: 1, attendees: [{ name: "Ada", email: "not-an-address" }] }], attendeeName: "Ada" })).toEqual({
      path: "items.0.attendees.0.email",
      message: "Please enter a valid e-mail address, or leave it empty.",
    });
    expect(refusal({ items: [{ eventId: A, ticketQuantity: 1, attendees: [{ name: "Ada", email: `${"a".repeat(250)}@example.com` }] }], attendeeName: "Ada" })?.message).toBe(
      "The e-mail address can be at most 254 characters.",
    );
  });
});

describe("ticketLimitError (issue 16: per event, after merging)", () => {
  it("allows up to the per-event maximum in one order", () => {
    expect(ticketLimitError({ title: "Jazz", requested: MAX_TICKETS_PER_EVENT, alreadyHeld: 0 })).toBeNull();
  });

  it("refuses an order over the maximum with a 400 naming the event and the limit", () => {
    const error = ticketLimitError({ title: "Jazz", requested: MAX_TICKETS_PER_EVENT + 1, alreadyHeld: 0 });
    expect(error).toMatchObject({ status: 400, code: "VALIDATION_FAILED", details: { reason: "ORDER_LIMIT", limit: MAX_TICKETS_PER_EVENT } });
    expect(error!.message).toBe(`You can buy at most ${MAX_TICKETS_PER_EVENT} tickets for Jazz in one order (this order asks for ${MAX_TICKETS_PER_EVENT + 1}).`);
  });

  it("refuses a request that would take the account's open holds over the maximum with a 409", () => {
    expect(ticketLimitError({ title: "Jazz", requested: 10, alreadyHeld: MAX_TICKETS_PER_EVENT - 10 })).toBeNull();
    const error = ticketLimitError({ title: "Jazz", requested: 11, alreadyHeld: MAX_TICKETS_PER_EVENT - 10 });
    expect(error).toMatchObject({ status: 409, details: { reason: "HOLD_LIMIT", held: MAX_TICKETS_PER_EVENT - 10 } });
    expect(error!.message).toContain(`at most ${MAX_TICKETS_PER_EVENT}`);
    expect(error!.message).toContain("Jazz");
  });
});

describe("commissionEarner (spec §9, issue 16: never on one's own purchase; issue 33: nor on one's own event)", () => {
  const referral = { id: "ref", userId: "referrer" };
  const eventAffiliate = { id: "evt", userId: "promoter" };
  const organiserId = "organiser";

  it("credits the buyer's referral over the event's affiliate", () => {
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral, eventAffiliate })).toBe(referral);
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral: null, eventAffiliate })).toBe(eventAffiliate);
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral: null, eventAffiliate: null })).toBeNull();
  });

  it("treats the buyer's own code as no code, and never credits the buyer as the event's affiliate", () => {
    expect(commissionEarner({ buyerId: "referrer", organiserId, referral, eventAffiliate })).toBe(eventAffiliate);
    expect(commissionEarner({ buyerId: "promoter", organiserId, referral: null, eventAffiliate })).toBeNull();
    expect(commissionEarner({ buyerId: "promoter", organiserId, referral: { id: "own", userId: "promoter" }, eventAffiliate })).toBeNull();
  });

  it("never credits the event's organiser, as its affiliate or as the buyer's referral", () => {
    const organisersCode = { id: "org", userId: organiserId };
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral: null, eventAffiliate: organisersCode })).toBeNull();
    expect(commissionEarner({ buyerId: null, organiserId, referral: null, eventAffiliate: organisersCode })).toBeNull();
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral: organisersCode, eventAffiliate })).toBe(eventAffiliate);
    expect(commissionEarner({ buyerId: "buyer", organiserId, referral: organisersCode, eventAffiliate: organisersCode })).toBeNull();
  });
});

const MINUTE = 60_000;

describe("checkout session and hold lifetimes (decision 013)", () => {
  it("give Stripe a margin over its 30-minute minimum, and the hold a margin over the session", () => {
    expect(CHECKOUT_SESSION_MINUTES).toBeGreaterThan(STRIPE_MIN_SESSION_MINUTES);
    expect(CHECKOUT_HOLD_MINUTES).toBeGreaterThan(CHECKOUT_SESSION_MINUTES);
  });

  it("ends a session CHECKOUT_SESSION_MINUTES after it is requested, in whole seconds, before the hold", () => {
    const hold = new Date(Date.UTC(2026, 5, 1, 12, CHECKOUT_HOLD_MINUTES, 0));
    const now = new Date(Date.UTC(2026, 5, 1, 12, 0, 1, 750));
    const expiry = checkoutSessionExpiry(now, hold);
    expect(expiry.getTime() % 1000).toBe(0);
    expect(expiry.getTime()).toBe(Date.UTC(2026, 5, 1, 12, CHECKOUT_SESSION_MINUTES, 1));
    expect(expiry.getTime() - now.getTime()).toBeGreaterThan(STRIPE_MIN_SESSION_MINUTES * MINUTE);
    expect(expiry.getTime()).toBeLessThan(hold.getTime());
  });

  it("never ends a session after its hold, even when the request comes late", () => {
    const hold = new Date(Date.UTC(2026, 5, 1, 12, 30, 0, 500));
    const late = new Date(hold.getTime() - 10 * MINUTE);
    expect(checkoutSessionExpiry(late, hold).getTime()).toBeLessThanOrEqual(hold.getTime());
  });
});

describe("ticketTotal", () => {
  it("is (price + £2.30) × quantity for a paid event", () => {
    expect(ticketTotal(1250, 1, false)).toBe(1480);
    expect(ticketTotal(1250, 3, false)).toBe((1250 + 230) * 3);
  });

  it("is the price × quantity alone when the organiser absorbs the fee (D22)", () => {
    expect(ticketTotal(1250, 3, true)).toBe(1250 * 3);
  });

  it("is zero for free tickets, whatever the quantity", () => {
    expect(ticketTotal(0, 4, false)).toBe(0);
    expect(ticketTotal(0, 4, true)).toBe(0);
  });
});

describe("cartTotals", () => {
  it("sums subtotal, fees (paid tickets only) and total across free and paid lines", () => {
    const totals = cartTotals([
      { ticketPricePence: 1250, quantity: 2, absorbsBookingFee: false },
      { ticketPricePence: 0, quantity: 3, absorbsBookingFee: false },
      { ticketPricePence: 4000, quantity: 1, absorbsBookingFee: false },
    ]);
    expect(totals).toEqual({
      subtotal: 1250 * 2 + 4000,
      fees: 230 * 3,
      total: 1250 * 2 + 4000 + 230 * 3,
      itemCount: 6,
    });
  });

  it("charges the buyer no fee on a line whose organiser absorbs it (D22)", () => {
    const totals = cartTotals([
      { ticketPricePence: 1250, quantity: 2, absorbsBookingFee: true },
      { ticketPricePence: 4000, quantity: 1, absorbsBookingFee: false },
    ]);
    expect(totals).toEqual({ subtotal: 1250 * 2 + 4000, fees: 230, total: 1250 * 2 + 4000 + 230, itemCount: 3 });
  });

  it("is all zeros for an empty cart", () => {
    expect(cartTotals([])).toEqual({ subtotal: 0, fees: 0, total: 0, itemCount: 0 });
  });

  it("charges no fee on a cart of free tickets only", () => {
    expect(cartTotals([{ ticketPricePence: 0, quantity: 5, absorbsBookingFee: false }])).toEqual({ subtotal: 0, fees: 0, total: 0, itemCount: 5 });
  });
});
