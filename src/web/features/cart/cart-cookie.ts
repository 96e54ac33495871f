import { MAX_TICKETS_PER_EVENT } from "@domain";
import type { CartItem } from "./cart-lines";

/**
 * The cart lives in local storage (spec §3: client only); this cookie mirrors its lines (event id and
 * quantity, nothing else) so the server can draw /cart on first paint instead of placeholders.
 */
export const CART_COOKIE = "cart";
const MAX_LINES = 50;
const LINE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,3})$/i;

export interface CartCookieLine {
  eventId: string;
  ticketQuantity: number;
}

/** `id:qty,id:qty`: cookie-safe characters only, well under 4 KB for MAX_LINES lines. */
export function encodeCartCookie(items: readonly CartItem[]): string {
  return items
    .slice(0, MAX_LINES)
    .map((item) => `${item.eventId}:${item.ticketQuantity}`)
    .join(",");
}

/** The lines a Cookie header carries; anything malformed is dropped (it is only a first-paint hint). */
export function parseCartCookie(cookieHeader: string | null): CartCookieLine[] {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
  if (!value) return [];
  const lines: CartCookieLine[] = [];
  for (const entry of value.split(",").slice(0, MAX_LINES)) {
    const match = LINE.exec(entry);
    if (!match) continue;
    const ticketQuantity = Number(match[2]);
    if (ticketQuantity < 1 || lines.some((line) => line.eventId === match[1])) continue;
    lines.push({ eventId: match[1]!, ticketQuantity: Math.min(ticketQuantity, MAX_TICKETS_PER_EVENT) });
  }
  return lines;
}

/** The number of tickets the cookie's lines add up to (the header's badge before the page runs). */
export function cartCookieCount(cookieHeader: string | null): number {
  return parseCartCookie(cookieHeader).reduce((sum, line) => sum + line.ticketQuantity, 0);
}

/** The Set-Cookie value for document.cookie: kept a month like the cart itself, removed when empty. */
export function cartCookieString(items: readonly CartItem[], secure: boolean): string {
  const attributes = `Path=/; SameSite=Lax${secure ? "; Secure" : ""}`;
  return items.length === 0 ? `${CART_COOKIE}=; Max-Age=0; ${attributes}` : `${CART_COOKIE}=${encodeCartCookie(items)}; Max-Age=2592000; ${attributes}`;
}
