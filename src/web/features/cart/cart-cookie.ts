import { CART_COOKIE, cartCookieValue } from "@domain";
import type { CartItem } from "./cart-lines";

export { CART_COOKIE, cartCookieCount, parseCartCookie, type CartCookieLine } from "@domain";

/** `eventId:ticketTypeId:qty,…` (a line without a known type: `eventId:qty`), the domain's one format. */
export function encodeCartCookie(items: readonly CartItem[]): string {
  return cartCookieValue(items.map((item) => ({ eventId: item.eventId, ticketTypeId: item.ticketTypeId ?? null, ticketQuantity: item.ticketQuantity })));
}

/** The Set-Cookie value for document.cookie: kept a month like the cart itself, removed when empty. */
export function cartCookieString(items: readonly CartItem[], secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return items.length === 0 ? `${CART_COOKIE}=; Max-Age=0; ${attributes}` : `${CART_COOKIE}=${encodeCartCookie(items)}; Max-Age=2592000; ${attributes}`;
}
