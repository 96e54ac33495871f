import { and, desc, eq } from "drizzle-orm";
import type { MyTicket } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { ticketEmailStatus } from "./send-ticket-email.service";
import { qrPayloadFor } from "./ticket-lookup.service";
import type { TicketSigner } from "./ticket-signer";

/** spec §2 My Tickets: the user's confirmed bookings, newest first, each with its signed QR payload. */
export async function listMyTickets({ db, signer, userId }: { db: Db; signer: TicketSigner; userId: string }): Promise<MyTicket[]> {
  const rows = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.userId, userId), eq(bookings.status, "confirmed")))
    .orderBy(desc(bookings.createdAt));
  return Promise.all(
    rows.map(async ({ booking, event }) => ({
      bookingId: booking.id,
      ticketCode: booking.ticketCode,
      status: booking.status,
      ticketQuantity: booking.ticketQuantity,
      totalAmountPence: booking.totalAmountPence,
      attendeeName: booking.attendeeName,
      attendeeEmail: booking.attendeeEmail,
      checkedInAt: booking.checkedInAt?.toISOString() ?? null,
      createdAt: booking.createdAt.toISOString(),
      event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString(), venue: event.venue, location: event.location, imageUrl: event.imageUrl },
      qrPayload: await signer.sign(qrPayloadFor(booking, event)),
      ticketEmail: ticketEmailStatus(booking),
    })),
  );
}

/** The QR image of a ticket for mail clients that load it by URL; only a valid signature of that ticket opens it. */
export async function signedTicketForImage({ db, signer, ticketCode, kid, sig }: { db: Db; signer: TicketSigner; ticketCode: string; kid: string; sig: string }) {
  const [row] = await db
    .select({ booking: bookings, event: events })
    .from(bookings)
    .innerJoin(events, eq(events.id, bookings.eventId))
    .where(and(eq(bookings.ticketCode, ticketCode.toUpperCase()), eq(bookings.status, "confirmed")))
    .limit(1);
  if (!row) return null;
  const payload = { ...qrPayloadFor(row.booking, row.event), kid, sig };
  return (await signer.verify(payload)) ? payload : null;
}
