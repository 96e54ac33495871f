import { MAX_TICKETS_PER_EVENT } from "./checkout";

/**
 * The cart lives in local storage (spec §3: client only); this cookie mirrors its lines (event id, ticket
 * type id and quantity, nothing else) so the server can draw /cart and the header's badge on first paint.
 * Here, not in the web app, because the server's page cache keys pages on the same count (issue 21).
 *
 * A line is `eventId:ticketTypeId:qty` (issue 36: a line per type). A line written before types,
 * `eventId:qty`, still reads: its type is null, the event's single (or default) type.
 */
export const CART_COOKIE = "cart";
/** At two ids a line (77 characters at most) the cookie stays under the 4,096 bytes browsers keep. */
export const MAX_CART_COOKIE_LINES = 50;
const UUID = "[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}";
const LINE = new RegExp(`^(${UUID})(?::(${UUID}))?:(\\d{1,3})$`, "i");

export interface CartCookieLine {
  eventId: string;
  /** Null on a line written before ticket types: the event's single (or default) type. */
  ticketTypeId: string | null;
  ticketQuantity: number;
}

/**
 * Lines capped so that each event's lines together hold at most MAX_TICKETS_PER_EVENT tickets, as
 * create-payment counts them (its lines merged per event across their types, issue 16): a line past the
 * limit is cut to what is left, or dropped when nothing is.
 */
export function capLinesPerEvent<Line extends { eventId: string; ticketQuantity: number }>(lines: readonly Line[]): Line[] {
  const held = new Map<string, number>();
  const capped: Line[] = [];
  for (const line of lines) {
    const before = held.get(line.eventId) ?? 0;
    const ticketQuantity = Math.min(line.ticketQuantity, MAX_TICKETS_PER_EVENT - before);
    if (ticketQuantity < 1) continue;
    held.set(line.eventId, before + ticketQuantity);
    capped.push(ticketQuantity === line.ticketQuantity ? line : { ...line, ticketQuantity });
  }
  return capped;
}

/** The cookie's value for some lines: cookie-safe characters only. */
export function cartCookieValue(lines: readonly CartCookieLine[]): string {
  return lines
    .slice(0, MAX_CART_COOKIE_LINES)
    .map((line) => (line.ticketTypeId ? `${line.eventId}:${line.ticketTypeId}:${line.ticketQuantity}` : `${line.eventId}:${line.ticketQuantity}`))
    .join(",");
}

/** The lines a Cookie header carries; anything malformed or repeated is dropped (it is only a first-paint hint). */
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
    const [, eventId, ticketTypeId = null, quantity] = match;
    const ticketQuantity = Number(quantity);
    if (ticketQuantity < 1 || lines.some((line) => line.eventId === eventId && line.ticketTypeId === ticketTypeId)) continue;
    lines.push({ eventId: eventId!, ticketTypeId, ticketQuantity });
  }
  return capLinesPerEvent(lines);
}

/** The number of tickets the cookie's lines add up to (the header's badge before the page runs). */
export function cartCookieCount(cookieHeader: string | null | undefined): number {
  return parseCartCookie(cookieHeader).reduce((sum, line) => sum + line.ticketQuantity, 0);
}
