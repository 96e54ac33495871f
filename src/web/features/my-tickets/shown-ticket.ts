import type { MyTicket, SignedBookingTicket } from "@domain";

/**
 * One ticket of a booking as My Tickets shows it (issue 36): its entry QR code drawn by the server in place of
 * the signed payload it carries. `admits`: it gets its holder in (valid, of a confirmed booking). `qrImage` is
 * null for a code that could not be drawn; `qrDrawn` is false for one the page left for "Show all" (the first
 * few of a large booking come drawn: the page's HTML budget, scripts/budgets.ts).
 */
export type ShownBookingTicket = Omit<SignedBookingTicket, "qrPayload"> & { admits: boolean; qrDrawn: boolean; qrImage: string | null };

/** A booking as My Tickets shows it: each of its tickets with its own QR code. */
export type ShownTicket = Omit<MyTicket, "qrPayload" | "tickets"> & { tickets: ShownBookingTicket[] };
