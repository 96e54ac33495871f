import { MAX_TICKETS_PER_EVENT } from "./checkout";

/**
 * The cart lives in local storage (spec §3: client only); this cookie mirrors its lines (event id and
 * quantity, nothing else) so the server can draw /cart and the header's badge on first paint. Here,
 * not in the web app, because the server's page cache keys pages on the same count (issue 21).
 */
export const CART_COOKIE = "cart";
export const MAX_CART_COOKIE_LINES = 50;
const LINE = /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}):(\d{1,3})$/i;

export interface CartCookieLine {
  eventId: string;
  ticketQuantity: number;
}

/** The lines a Cookie header carries; anything malformed is dropped (it is only a first-paint hint). */
export function parseCartCookie(cookieHeader: string | null | undefined): CartCookieLine[] {
  const value = cookieHeader
    ?.split(";")
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${CART_COOKIE}=`))
    ?.slice(CART_COOKIE.length + 1);
  if (!value) return [];
  const lines: CartCookieLine[] = [];
  for (const entry of value.split(",").slice(0, MAX_CART_COOKIE_LINES)) {
    const match = LINE.exec(entry);
    if (!match) continue;
    const ticketQuantity = Number(match[2]);
    if (ticketQuantity < 1 || lines.some((line) => line.eventId === match[1])) continue;
    lines.push({ eventId: match[1]!, ticketQuantity: Math.min(ticketQuantity, MAX_TICKETS_PER_EVENT) });
  }
  return lines;
}

/** The number of tickets the cookie's lines add up to (the header's badge before the page runs). */
export function cartCookieCount(cookieHeader: string | null | undefined): number {
  return parseCartCookie(cookieHeader).reduce((sum, line) => sum + line.ticketQuantity, 0);
}
