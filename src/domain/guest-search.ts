import { SOLD_BOOKING_STATUSES } from "./ticket-revocation";

// Find a guest at the door (issue 38): the scanner looks a guest up by name, e-mail or ticket code among
// the events it may check. The rules of what it finds and shows; the lookup's shapes are in
// guest-search-shapes.ts (zod stays out of the scanner's bundle).

export const GUEST_SEARCH_MIN = 2;
export const GUEST_SEARCH_MAX = 100;
/** The most guests one lookup answers: the door wants the right one, not a list to browse. */
export const GUEST_SEARCH_LIMIT = 20;
/** Words of a name matched at most (each must be in the name): more only narrows what is typed anyway. */
export const GUEST_SEARCH_MAX_WORDS = 6;

export const GUEST_SEARCH_TOO_SHORT = `Type at least ${GUEST_SEARCH_MIN} characters of a name, e-mail or ticket code.`;
export const GUEST_SEARCH_TOO_LONG = `A search is at most ${GUEST_SEARCH_MAX} characters.`;
export const GUEST_SEARCH_NEEDS_CONNECTION = "Finding a guest needs a connection. Scan their QR code instead, or try again when you are back online.";

/**
 * Where a found ticket stands at the door: valid (admissible), refunded (the ticket or its booking),
 * cancelled (its event was), disputed (the payment is, with the card issuer) or unpaid (never sold).
 */
export const GUEST_STATUSES = ["valid", "refunded", "cancelled", "disputed", "unpaid"] as const;
export type GuestStatus = (typeof GUEST_STATUSES)[number];

export const GUEST_STATUS_LABELS: Record<GuestStatus, string> = {
  valid: "Valid",
  refunded: "Refunded",
  cancelled: "Event cancelled",
  disputed: "Payment disputed",
  unpaid: "Unpaid",
};

/**
 * A found ticket's standing, by the same order as the door's revokedTicketMessage (refunds.ts): a booking
 * never sold is unpaid; a cancelled event revokes every ticket; then a refund; then a dispute.
 */
export function guestStatus(booking: { status: string }, ticket: { status: string }, event: { status: string }): GuestStatus {
  if (!(SOLD_BOOKING_STATUSES as readonly string[]).includes(booking.status)) return "unpaid";
  if (event.status === "cancelled") return "cancelled";
  if (booking.status === "refunded" || ticket.status === "refunded") return "refunded";
  if (booking.status === "disputed") return "disputed";
  return "valid";
}

/** "a***@example.com": the first character of the address's local part, and its domain. */
export function maskEmail(email: string | null): string | null {
  if (!email) return null;
  const at = email.lastIndexOf("@");
  if (at < 1) return "***";
  return `${Array.from(email.slice(0, at))[0]}***${email.slice(at)}`;
}

/** The words a name must each contain, as typed (at most GUEST_SEARCH_MAX_WORDS). */
export function guestNameWords(q: string): string[] {
  return q.trim().split(/\s+/).filter(Boolean).slice(0, GUEST_SEARCH_MAX_WORDS);
}

/**
 * The ticket code a lookup may mean, upper-cased: as typed ("tckt-2026-ab12cd34"), or without its
 * "TCKT-" prefix ("2026-AB12CD34"). Null when it cannot be a code.
 */
export function guestCode(q: string): string | null {
  const code = q.trim().toUpperCase();
  if (/^TCKT-\d{4}-[0-9A-F]{8}$/.test(code)) return code;
  if (/^\d{4}-[0-9A-F]{8}$/.test(code)) return `TCKT-${code}`;
  return null;
}

/** The last part of a code typed alone ("ab12cd34", as the ticket shows it big), upper-cased; else null. */
export function guestCodeTail(q: string): string | null {
  const tail = q.trim().toUpperCase();
  return /^[0-9A-F]{8}$/.test(tail) ? tail : null;
}
