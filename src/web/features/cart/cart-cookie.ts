import { CART_COOKIE, MAX_CART_COOKIE_LINES } from "@domain";
import type { CartItem } from "./cart-lines";

export { CART_COOKIE, cartCookieCount, parseCartCookie, type CartCookieLine } from "@domain";

/** `id:qty,id:qty`: cookie-safe characters only, well under 4 KB for the cookie's most lines. */
export function encodeCartCookie(items: readonly CartItem[]): string {
  return items
    .slice(0, MAX_CART_COOKIE_LINES)
    .map((item) => `${item.eventId}:${item.ticketQuantity}`)
    .join(",");
}

/** The Set-Cookie value for document.cookie: kept a month like the cart itself, removed when empty. */
export function cartCookieString(items: readonly CartItem[], secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return items.length === 0 ? `${CART_COOKIE}=; Max-Age=0; ${attributes}` : `${CART_COOKIE}=${encodeCartCookie(items)}; Max-Age=2592000; ${attributes}`;
}
