import { describe, expect, it } from "vitest";
import { cartCookieCount, cartCookieString, encodeCartCookie, parseCartCookie } from "./cart-cookie";
import type { CartItem } from "./cart-lines";

const A = "0b6f3c2e-1d4a-4c8e-9f10-2a3b4c5d6e7f";
const B = "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d";
const VIP = "5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f70819";

function item(eventId: string, ticketQuantity: number, ticketTypeId?: string): CartItem {
  return { eventId, ticketTypeId, eventTitle: "Jazz <b>Night</b>; x=1", ticketPricePence: 2500, absorbsBookingFee: false, ticketQuantity, eventDate: "2090-06-01T19:00:00.000Z", eventLocation: "Leeds" };
}

describe("cart cookie", () => {
  it("carries only event ids, type ids and quantities, and reads back what it wrote", () => {
    const cookie = encodeCartCookie([item(A, 1, VIP), item(B, 3)]);
    expect(cookie).toBe(`${A}:${VIP}:1,${B}:3`);
    expect(parseCartCookie(`theme=dark; cart=${cookie}; other=1`)).toEqual([
      { eventId: A, ticketTypeId: VIP, ticketQuantity: 1 },
      { eventId: B, ticketTypeId: null, ticketQuantity: 3 },
    ]);
  });

  it("drops malformed, duplicate and zero lines and caps quantities", () => {
    expect(parseCartCookie(`cart=${A}:0,${A}:2,${A}:4,nonsense,' or 1=1:1,${B}:999`)).toEqual([
      { eventId: A, ticketTypeId: null, ticketQuantity: 2 },
      { eventId: B, ticketTypeId: null, ticketQuantity: 50 },
    ]);
    expect(parseCartCookie(null)).toEqual([]);
    expect(cartCookieCount(`cart=${A}:2,${B}:${VIP}:3,junk`)).toBe(5);
    expect(parseCartCookie("carts=x; mycart=y")).toEqual([]);
  });

  it("expires the cookie when the cart is emptied and marks it Secure over HTTPS", () => {
    expect(cartCookieString([], false)).toBe("cart=; Max-Age=0; Path=/; SameSite=Lax");
    expect(cartCookieString([item(A, 2, VIP)], true)).toBe(`cart=${A}:${VIP}:2; Max-Age=2592000; Path=/; SameSite=Lax; Secure`);
  });
});
