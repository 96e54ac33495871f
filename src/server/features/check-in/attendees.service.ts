import { Readable } from "node:stream";
import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";
import { answerText, ATTENDEE_CSV_COLUMNS, ATTENDEE_CSV_OTHER_ANSWERS, type TicketQuestion, bookingRefundState, bookingStateLabel, eventPlace, formatNumericDateTime, LISTED_BOOKING_STATUSES, CSV_BOM, csvPounds, toCsv, type AttendeeList } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events, orderLines, tickets, ticketTypes } from "../../db/schema";
import { bookingMoney } from "../ledger/ledger";
import type { Actor } from "../auth/session";
import { findManagedEvent } from "../events/managed-events";

type Attendee = AttendeeList["attendees"][number];

const listedOfEvent = (eventId: string) => and(eq(bookings.eventId, eventId), inArray(bookings.status, [...LISTED_BOOKING_STATUSES]));

/**
 * The attendees of an event, a row per ticket (issue 36): bookings newest first (ties by booking id), each
 * booking's tickets in their order, `limit` bookings at a time after `after` (keyset: the last booking's
 * created_at as PostgreSQL wrote it, microseconds and all, and its id), with what went back from the ledger.
 */
async function attendeeRows(db: Db, eventId: string, { limit, after }: { limit: number; after?: { createdAt: string; id: string } }) {
  const rows = await db
    .select({ booking: bookings, cursor: sql<string>`${bookings.createdAt}::text`, unitPricePence: orderLines.unitPricePence, feePerTicketPence: orderLines.feePerTicketPence, named: orderLines.attendees })
    .from(bookings)
    .leftJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .where(and(listedOfEvent(eventId), after ? sql`(${bookings.createdAt}, ${bookings.id}) < (${after.createdAt}::timestamptz, ${after.id}::uuid)` : undefined))
    .orderBy(desc(bookings.createdAt), desc(bookings.id))
    .limit(limit);
  if (!rows.length) return { attendees: [], bookings: 0, next: undefined };
  const bookingIds = rows.map(({ booking }) => booking.id);
  const [money, issued] = await Promise.all([
    bookingMoney(db, bookingIds),
    db
      .select({ ticket: tickets, typeName: ticketTypes.name })
      .from(tickets)
      .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
      .where(inArray(tickets.bookingId, bookingIds))
      .orderBy(asc(tickets.bookingId), asc(tickets.position)),
  ]);
  const ticketsOf = new Map<string, typeof issued>();
  for (const row of issued) {
    const ofBooking = ticketsOf.get(row.ticket.bookingId);
    if (ofBooking) ofBooking.push(row);
    else ticketsOf.set(row.ticket.bookingId, [row]);
  }
  const attendees: Attendee[] = rows.flatMap(({ booking: row, unitPricePence, feePerTicketPence, named }) => {
    const refundedPence = money.get(row.id)?.refundedPence ?? 0;
    const ofBooking = {
      bookingId: row.id,
      buyerName: row.attendeeName,
      buyerEmail: row.attendeeEmail,
      status: row.status,
      tickets: row.ticketQuantity,
      amountPence: row.totalAmountPence,
      refundedTickets: row.refundedQuantity,
      refundState: bookingRefundState({ ticketQuantity: row.ticketQuantity, refundedQuantity: row.refundedQuantity, refundedPence: money.get(row.id)?.refundedPence }),
      refundedPence,
      unitPricePence: unitPricePence ?? 0,
      feePerTicketPence: feePerTicketPence ?? 0,
      bookedAt: row.createdAt.toISOString(),
      bookingCode: row.ticketCode,
      qrCode: row.qrCode,
      bookingCheckedInAt: row.checkedInAt?.toISOString() ?? null,
    };
    return (ticketsOf.get(row.id) ?? []).map(({ ticket, typeName }) => ({
      ticketId: ticket.id,
      ticketCode: ticket.code,
      name: ticket.attendeeName,
      email: ticket.attendeeEmail ?? row.attendeeEmail,
      typeName,
      ticketStatus: ticket.status === "refunded" ? ("refunded" as const) : ("valid" as const),
      checkedInAt: ticket.checkedInAt?.toISOString() ?? null,
      // Answers were given at checkout for the ticket in this place of its line (issue 36).
      answers: named?.[ticket.position - 1]?.answers ?? [],
      ...ofBooking,
    }));
  });
  const last = rows.at(-1);
  return { attendees, bookings: rows.length, next: last ? { createdAt: last.cursor, id: last.booking.id } : undefined };
}

/**
 * spec §6 Organiser: the door's list, attendees of an event its owner (or an admin) manages, a row per ticket
 * (issue 36), newest booking first: paid bookings' tickets, with refunded and disputed ones shown in their state
 * (issue 19) and what went back from the ledger.
 */
export async function listAttendees({ db, actor, eventId }: { db: Db; actor: Actor; eventId: string }): Promise<AttendeeList> {
  const event = await findManagedEvent(db, actor, eventId);
  const attendees: Attendee[] = [];
  for await (const page of attendeePages(db, eventId)) attendees.push(...page);
  return { event: { ...event, dateTime: event.dateTime.toISOString() }, attendees };
}

/** Bookings read per page: a page's ledger sums and tickets are small queries, never ones over every booking of the event. */
const PAGE_SIZE = 500;

/** An event's attendees a page of bookings at a time, newest first (keyset: no page skips or repeats a booking). */
async function* attendeePages(db: Db, eventId: string): AsyncGenerator<Attendee[]> {
  let after: { createdAt: string; id: string } | undefined;
  for (;;) {
    const page = await attendeeRows(db, eventId, { limit: PAGE_SIZE, after });
    if (page.attendees.length) yield page.attendees;
    if (page.bookings < PAGE_SIZE) return;
    after = page.next;
  }
}

/** '22/11/2026 19:30' (UK time): what a UK spreadsheet reads as a date and time. */
function spreadsheetDateTime(iso: string): string {
  return formatNumericDateTime(iso) ?? iso;
}

/** A ticket's state in the export: admitted, still to come, or refunded. */
const ticketStateLabel = (attendee: Attendee) => (attendee.ticketStatus === "refunded" ? "Refunded" : attendee.checkedInAt ? "Checked In" : "Pending");

/**
 * The CSV rows of some attendees, one per ticket (spec §9 Display, issue 36), with cells a spreadsheet cannot
 * run as formulas: when the event asks (or asked) questions, a column per question it asks, then answers to
 * questions it no longer asks.
 */
function attendeeCsvRows(place: string, questions: readonly Pick<TicketQuestion, "id">[] | null, attendees: readonly Attendee[]): string {
  const asked = new Set(questions?.map((question) => question.id));
  return toCsv(
    attendees.map((attendee) => [
      attendee.name,
      attendee.email,
      attendee.typeName,
      attendee.ticketCode,
      ticketStateLabel(attendee),
      attendee.checkedInAt ? spreadsheetDateTime(attendee.checkedInAt) : "",
      attendee.buyerName,
      attendee.buyerEmail,
      spreadsheetDateTime(attendee.bookedAt),
      place,
      attendee.tickets,
      csvPounds(attendee.amountPence),
      attendee.refundedTickets,
      bookingStateLabel({ status: attendee.status, ticketQuantity: attendee.tickets, refundedQuantity: attendee.refundedTickets, refundedPence: attendee.refundedPence }) ?? "",
      csvPounds(attendee.refundedPence),
      ...(questions
        ? [
            ...questions.map((question) => {
              const given = attendee.answers.find((answer) => answer.questionId === question.id);
              return given ? answerText(given.answer) : "";
            }),
            attendee.answers
              .filter((answer) => !asked.has(answer.questionId))
              .map((answer) => `${answer.question}: ${answerText(answer.answer)}`)
              .join("; "),
          ]
        : []),
    ]),
  );
}

/**
 * The attendee export, streamed: the header, then the tickets a page of bookings at a time, so an event
 * of 20,000 bookings never sits in memory whole.
 */
async function* attendeesCsv(db: Db, eventId: string, place: string): AsyncGenerator<string> {
  // An event that never asked a question exports the spec's columns only.
  const [event] = await db
    .select({
      questions: events.questions,
      answered: sql<boolean>`exists (select 1 from ${orderLines} ol where ol.event_id = ${eventId} and jsonb_path_exists(ol.attendees, '$[*].answers'))`,
    })
    .from(events)
    .where(eq(events.id, eventId));
  const questions = event?.questions ?? [];
  const asking = questions.length > 0 || Boolean(event?.answered);
  yield CSV_BOM + toCsv([[...ATTENDEE_CSV_COLUMNS, ...(asking ? [...questions.map((question) => question.label), ATTENDEE_CSV_OTHER_ANSWERS] : [])]]);
  for await (const page of attendeePages(db, eventId)) yield attendeeCsvRows(place, asking ? questions : null, page);
}

/**
 * GET /api/events/:id/attendees: the list, or with ?format=csv a download named after the event, as a
 * stream. Access is checked before the first byte: a refusal is an error reply, never a partial file.
 */
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
}): Promise<{ list: AttendeeList } | { csv: Readable; filename: string }> {
  if (format !== "csv") return { list: await listAttendees({ db, actor, eventId }) };
  const event = await findManagedEvent(db, actor, eventId);
  const name = event.title.replace(/[^A-Za-z0-9]+/g, "-").replace(/^-|-$/g, "").slice(0, 60) || "event";
  return { csv: Readable.from(attendeesCsv(db, eventId, eventPlace(event))), filename: `attendees-${name}.csv` };
}
