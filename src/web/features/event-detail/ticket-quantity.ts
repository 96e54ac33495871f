import { MAX_TICKETS_PER_EVENT } from "@domain";

/** The most tickets one purchase may take: the places left (decisions.md D9), never more than a line allows. */
export function maxTicketsFor(remaining: number | null): number {
  if (remaining == null) return MAX_TICKETS_PER_EVENT;
  return Math.max(0, Math.min(remaining, MAX_TICKETS_PER_EVENT));
}

/**
 * Ticket quantity rule (spec §5 Ticket quantity): an integer of at least 1; empty or below 1 becomes 1.
 * It never exceeds the places left (decisions.md D9) or MAX_TICKETS_PER_EVENT.
 */
export function normaliseQuantity(raw: string, remaining: number | null): number {
  const text = raw.trim();
  const value = Number(text);
  if (text === "" || !Number.isFinite(value) || value < 1) return 1;
  return Math.max(1, Math.min(Math.floor(value), maxTicketsFor(remaining)));
}
