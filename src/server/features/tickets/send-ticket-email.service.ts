import { and, eq } from "drizzle-orm";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import type { EmailSender } from "../../providers/email/email";
import type { Actor } from "../auth/session";
import { ticketEmailMessage } from "./ticket-email";
import { qrPayloadFor } from "./ticket-lookup.service";

export interface TicketEmailResult {
  success: boolean;
  provider: string;
  recipient: string | null;
  error: string | null;
}

/** spec §5 Ticket viewer and resender: TCKT- is a ticket code, cs_ a payment session, longer than 30 a booking id. */
function identifierCondition(identifier: string) {
  if (identifier.toUpperCase().startsWith("TCKT-")) return eq(bookings.ticketCode, identifier.toUpperCase());
  if (identifier.startsWith("cs_")) return eq(bookings.stripeSessionId, identifier);
  if (identifier.length > 30 && /^[0-9a-f-]{36}$/i.test(identifier)) return eq(bookings.id, identifier);
  return null;
}

/** j***@example.com: enough for the buyer to recognise, not enough to harvest. */
export function maskEmail(email: string): string {
  const [local, domain] = email.split("@");
  return `${local!.slice(0, 1)}***@${domain}`;
}

/**
 * Re-sends a ticket, only ever to the e-mail already on the booking (decisions D11). The recipient is
 * shown in full to the buyer, the event's organiser and admins, masked to anyone else.
 */
export async function sendTicketEmail({
  db,
  email,
  actor,
  identifier,
  publicUrl,
}: {
  db: Db;
  email: EmailSender;
  actor: Actor | null;
  identifier: string;
  publicUrl: string;
}): Promise<TicketEmailResult> {
  const condition = identifierCondition(identifier.trim());
  const [row] = condition
    ? await db
        .select({ booking: bookings, event: events })
        .from(bookings)
        .innerJoin(events, eq(events.id, bookings.eventId))
        .where(and(condition, eq(bookings.status, "confirmed")))
        .limit(1)
    : [];
  if (!row) return { success: false, provider: email.provider, recipient: null, error: "Ticket not found. Please check the booking ID or ticket code." };
  const { booking, event } = row;
  // The buyer, the event's organiser and admins see the address in full (decisions D10).
  const entitled = actor !== null && (actor.isAdmin || booking.userId === actor.userId || event.userId === actor.userId);
  const recipient = entitled ? booking.attendeeEmail : maskEmail(booking.attendeeEmail);
  try {
    await email.send(
      await ticketEmailMessage({
        to: booking.attendeeEmail,
        attendeeName: booking.attendeeName,
        ticketCode: booking.ticketCode,
        ticketQuantity: booking.ticketQuantity,
        totalAmountPence: booking.totalAmountPence,
        event,
        qrPayload: qrPayloadFor(booking, event),
        myTicketsUrl: `${publicUrl}/my-tickets`,
      }),
    );
    return { success: true, provider: email.provider, recipient, error: null };
  } catch (error) {
    return { success: false, provider: email.provider, recipient, error: `The e-mail could not be sent: ${(error as Error).message}` };
  }
}
