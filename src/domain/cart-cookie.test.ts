import { describe, expect, it } from "vitest";
import { capLinesPerEvent, cartCookieCount, cartCookieValue, MAX_CART_COOKIE_LINES, parseCartCookie } from "./cart-cookie";
import { MAX_TICKETS_PER_EVENT } from "./checkout";

const EVENT = "0b6f3c2e-1d4a-4c8e-9f10-2a3b4c5d6e7f";
const OTHER = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const STANDARD = "3c1d2e3f-4a5b-4c6d-8e7f-8091a2b3c4d5";
const VIP = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819";

describe("the cart cookie's format (issue 36: a line per ticket type)", () => {
  it("writes a line per event and type, `eventId:ticketTypeId:qty`, and reads back what it wrote", () => {
    const lines = [
      { eventId: EVENT, ticketTypeId: STANDARD, ticketQuantity: 2 },
      { eventId: EVENT, ticketTypeId: VIP, ticketQuantity: 1 },
      { eventId: OTHER, ticketTypeId: null, ticketQuantity: 3 },
    ];
    const value = cartCookieValue(lines);
    expect(value).toBe(`${EVENT}:${STANDARD}:2,${EVENT}:${VIP}:1,${OTHER}:3`);
    expect(parseCartCookie(`theme=dark; cart=${value}; other=1`)).toEqual(lines);
  });

  it("still reads a line written before types, `eventId:qty`, as the event's single or default type (null)", () => {
    expect(parseCartCookie(`cart=${EVENT}:2,${OTHER}:${VIP}:1`)).toEqual([
      { eventId: EVENT, ticketTypeId: null, ticketQuantity: 2 },
      { eventId: OTHER, ticketTypeId: VIP, ticketQuantity: 1 },
    ]);
    expect(cartCookieCount(`cart=${EVENT}:2,${OTHER}:${VIP}:1`)).toBe(3);
  });

  it("drops malformed, repeated and zero lines; the same event with another type is another line", () => {
    expect(parseCartCookie(`cart=${EVENT}:0,${EVENT}:${VIP}:2,${EVENT}:${VIP}:4,${EVENT}:1,${EVENT}:${VIP}:x:1,${EVENT}::1,nonsense,' or 1=1:1`)).toEqual([
      { eventId: EVENT, ticketTypeId: VIP, ticketQuantity: 2 },
      { eventId: EVENT, ticketTypeId: null, ticketQuantity: 1 },
    ]);
    expect(parseCartCookie(null)).toEqual([]);
    expect(parseCartCookie("carts=x; mycart=y")).toEqual([]);
  });

  it("holds at most MAX_TICKETS_PER_EVENT of one event across its types, as create-payment counts them", () => {
    expect(parseCartCookie(`cart=${EVENT}:${STANDARD}:30,${EVENT}:${VIP}:30,${EVENT}:5,${OTHER}:999`)).toEqual([
      { eventId: EVENT, ticketTypeId: STANDARD, ticketQuantity: 30 },
      { eventId: EVENT, ticketTypeId: VIP, ticketQuantity: MAX_TICKETS_PER_EVENT - 30 },
      { eventId: OTHER, ticketTypeId: null, ticketQuantity: MAX_TICKETS_PER_EVENT },
    ]);
    expect(capLinesPerEvent([{ eventId: "e", ticketQuantity: 60 }, { eventId: "f", ticketQuantity: 1 }])).toEqual([
      { eventId: "e", ticketQuantity: MAX_TICKETS_PER_EVENT },
      { eventId: "f", ticketQuantity: 1 },
    ]);
  });

  it("stays under the 4,096 bytes a browser keeps with its most lines, each with a type", () => {
    const lines = Array.from({ length: MAX_CART_COOKIE_LINES + 5 }, () => ({ eventId: EVENT, ticketTypeId: VIP, ticketQuantity: 50 }));
    expect(`cart=${cartCookieValue(lines)}`.length).toBeLessThan(4096);
  });
});
