import { and, desc, eq, inArray } from "drizzle-orm";
import { ATTENDEE_CSV_COLUMNS, bookingRefundState, bookingStateLabel, eventPlace, LISTED_BOOKING_STATUSES, formatPounds, toCsv, type AttendeeList } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, orderLines } from "../../db/schema";
import { bookingMoney } from "../refunds/ledger";
import type { Actor } from "../auth/session";
import { findManagedEvent } from "../events/managed-events";

/**
 * spec §6 Organiser: the door's list, attendees of an event its owner (or an admin) manages, newest first:
 * paid bookings, with refunded and disputed ones shown in their state (issue 19) and what went back from the ledger.
 */
export async function listAttendees({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<AttendeeList> {
  const event = await findManagedEvent(db, actor, eventId);
  const rows = await db
    .select({ booking: bookings, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence })
    .from(bookings)
    .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .where(and(eq(bookings.eventId, eventId), inArray(bookings.status, [...LISTED_BOOKING_STATUSES])))
    .orderBy(desc(bookings.createdAt));
  const money = await bookingMoney(db, rows.map(({ booking }) => booking.id));
  return {
    event: { ...event, dateTime: event.dateTime.toISOString() },
    attendees: rows.map(({ booking: row, unitPricePence, feePerTicketPence }) => ({
      bookingId: row.id,
      name: row.attendeeName,
      email: row.attendeeEmail,
      status: row.status,
      tickets: row.ticketQuantity,
      amountPence: row.totalAmountPence,
      refundedTickets: row.refundedQuantity,
      refundState: bookingRefundState({ ticketQuantity: row.ticketQuantity, refundedQuantity: row.refundedQuantity, refundedPence: money.get(row.id)?.refundedPence }),
      refundedPence: money.get(row.id)?.refundedPence ?? 0,
      unitPricePence: unitPricePence ?? 0,
      feePerTicketPence: feePerTicketPence ?? 0,
      bookedAt: row.createdAt.toISOString(),
      ticketCode: row.ticketCode,
      qrCode: row.qrCode,
      checkedInAt: row.checkedInAt?.toISOString() ?? null,
    })),
  };
}

const UK_NUMERIC = new Intl.DateTimeFormat("en-GB", {
  timeZone: "Europe/London",
  day: "2-digit",
  month: "2-digit",
  year: "numeric",
  hour: "2-digit",
  minute: "2-digit",
  hourCycle: "h23",
});

/** '22/11/2026 19:30' (UK time): what a UK spreadsheet reads as a date and time. */
function spreadsheetDateTime(iso: string): string {
  const part = Object.fromEntries(UK_NUMERIC.formatToParts(new Date(iso)).map((p) => [p.type, p.value]));
  return `${part.day}/${part.month}/${part.year} ${part.hour}:${part.minute}`;
}

/** spec §9 Display: the attendee export, with cells a spreadsheet cannot run as formulas. */
export function attendeesCsv(list: AttendeeList): string {
  const place = eventPlace(list.event);
  return toCsv([
    [...ATTENDEE_CSV_COLUMNS],
    ...list.attendees.map((attendee) => [
      attendee.name,
      attendee.email,
      attendee.tickets,
      formatPounds(attendee.amountPence),
      spreadsheetDateTime(attendee.bookedAt),
      attendee.checkedInAt ? "Checked In" : "Pending",
      attendee.qrCode ?? attendee.ticketCode,
      place,
      attendee.refundedTickets,
      bookingStateLabel({ status: attendee.status, ticketQuantity: attendee.tickets, refundedQuantity: attendee.refundedTickets, refundedPence: attendee.refundedPence }) ?? "",
      formatPounds(attendee.refundedPence),
    ]),
  ]);
}

/** GET /api/events/:id/attendees: the list, or with ?format=csv a download named after the event. */
export async function exportAttendees({
  db,
  actor,
  eventId,
  format,
}: {
  db: Db;
  actor: Actor;
  eventId: string;
  format: "json" | "csv";
}): Promise<{ list: AttendeeList } | { csv: string; filename: string }> {
  const list = await listAttendees({ db, actor, eventId });
  if (format !== "csv") return { list };
  const name = list.event.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "event";
  return { csv: attendeesCsv(list), filename: `attendees-${name}.csv` };
}
