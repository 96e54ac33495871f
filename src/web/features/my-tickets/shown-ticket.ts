import type { MyTicket } from "@domain";

/**
 * A booking as My Tickets shows it: its entry QR code drawn by the server in place of the signed payload it
 * carries, or null for a ticket that admits no one (or a code that could not be drawn).
 */
export type ShownTicket = Omit<MyTicket, "qrPayload"> & { qrImage: string | null };
