import { and, asc, eq, inArray } from "drizzle-orm";
import {
  AppError,
  isUuid,
  managesEvent,
  newTicketCode,
  TICKET_TRANSFER_MESSAGES,
  ticketTransferRefusal,
  TRANSFERRED_TICKET_MESSAGE,
  type ChangedTicket,
  type RenameTicketInput,
  type TransferTicketInput,
} from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { bookings, events, ticketChanges, tickets } from "../../db/schema";
import { QUEUES, type Jobs, type TicketEmailJob } from "../../jobs/jobs";
import { walletPassesChanged } from "../wallet/wallet-passes.service";
import type { Actor } from "../auth/session";

const NOT_FOUND = "Ticket not found";

type TicketRow = typeof tickets.$inferSelect;

/** A ticket as it stands after a change, with its history, oldest first. */
async function changedTicket(tx: Tx, ticket: TicketRow): Promise<ChangedTicket> {
  const history = await tx.select().from(ticketChanges).where(eq(ticketChanges.ticketId, ticket.id)).orderBy(asc(ticketChanges.createdAt));
  return {
    ticketId: ticket.id,
    bookingId: ticket.bookingId,
    code: ticket.code,
    attendeeName: ticket.attendeeName,
    attendeeEmail: ticket.attendeeEmail,
    history: history.map((change) => ({ kind: change.kind as "transfer" | "rename", fromName: change.fromName, toName: change.toName, at: change.createdAt.toISOString() })),
  };
}

/** The ticket with its booking and event, its booking locked: every writer of a booking's tickets locks it first (decision 041). */
async function lockedTicket(tx: Tx, ticketId: string) {
  if (!isUuid(ticketId)) return null;
  const [row] = await tx
    .select({ ticket: tickets, booking: { id: bookings.id, status: bookings.status, userId: bookings.userId, attendeeEmail: bookings.attendeeEmail }, event: events })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .where(eq(tickets.id, ticketId.toLowerCase()))
    .for("update", { of: bookings });
  if (!row) return null;
  // Read again under the lock: a scan or refund that held it may have changed the ticket.
  const [ticket] = await tx.select().from(tickets).where(eq(tickets.id, row.ticket.id));
  return { ...row, ticket: ticket! };
}

/**
 * A buyer passes one of their tickets to someone else (issue 36): the ticket gets a new code (so a new QR) in the
 * new holder's name and e-mail, and the old code is refused at the door from now on (online at once; offline
 * scanners once they download the list again, whose revocations carry it). Only the booking's buyer, and only
 * while `ticketTransferRefusal` allows: never a ticket checked in, refunded, of a cancelled event, or after the
 * organiser's cut-off. Recorded in the ticket's history.
 */
export async function transferTicket({
  db,
  jobs,
  actor,
  ticketId,
  input,
  now = new Date(),
}: {
  db: Db;
  jobs: Pick<Jobs, "enqueue">;
  actor: Actor;
  ticketId: string;
  input: TransferTicketInput;
  now?: Date;
}): Promise<ChangedTicket> {
  return db.transaction(async (tx) => {
    const row = await lockedTicket(tx, ticketId);
    if (!row || row.booking.userId !== actor.userId) throw new AppError("TICKET_NOT_FOUND", NOT_FOUND);
    const refusal = ticketTransferRefusal(row.ticket, row.booking, row.event, now);
    if (refusal) throw new AppError("CONFLICT", refusal, { reason: "TRANSFER_NOT_ALLOWED" });
    const email = input.email.toLowerCase();
    if (row.ticket.attendeeName === input.name && row.ticket.attendeeEmail?.toLowerCase() === email) {
      throw new AppError("CONFLICT", TICKET_TRANSFER_MESSAGES.sameHolder, { reason: "SAME_HOLDER" });
    }
    const code = newTicketCode(now);
    const [moved] = await tx.update(tickets).set({ code, attendeeName: input.name, attendeeEmail: input.email }).where(eq(tickets.id, row.ticket.id)).returning();
    // The old holder's wallet pass carries the old code: voided with the transfer (D27); the new holder takes a new one.
    await walletPassesChanged(tx, { ticketIds: [row.ticket.id] }, jobs);
    const [change] = await tx
      .insert(ticketChanges)
      .values({
      ticketId: row.ticket.id,
      eventId: row.ticket.eventId,
      kind: "transfer",
      fromName: row.ticket.attendeeName,
      fromEmail: row.ticket.attendeeEmail ?? row.booking.attendeeEmail,
      toName: input.name,
      toEmail: input.email,
      oldCode: row.ticket.code,
      newCode: code,
      changedBy: actor.userId,
    })
      .returning();
    // In the transfer's transaction: the new holder's ticket (its own e-mail job, as an attendee's) and both sides' notices.
    await jobs.enqueue(tx, QUEUES.ticketEmail, { bookingId: row.ticket.bookingId, ticketId: row.ticket.id } satisfies TicketEmailJob, { singletonKey: `transfer:${change!.id}` });
    await jobs.enqueue(tx, QUEUES.ticketTransferNotice, { changeId: change!.id }, { singletonKey: change!.id });
    return changedTicket(tx, moved!);
  });
}

/**
 * The organiser (or an admin) renames a ticket of their event (issue 36): the name it carries and, when given,
 * the attendee's own e-mail. The code stays, so the QR already sent still admits; recorded in its history.
 */
export async function renameTicket({ db, jobs, actor, ticketId, input }: { db: Db; jobs?: Pick<Jobs, "enqueue">; actor: Actor; ticketId: string; input: RenameTicketInput }): Promise<ChangedTicket> {
  return db.transaction(async (tx) => {
    const row = await lockedTicket(tx, ticketId);
    if (!row || !managesEvent(actor, row.event.userId)) throw new AppError("TICKET_NOT_FOUND", NOT_FOUND);
    const attendeeEmail = input.attendeeEmail === undefined ? row.ticket.attendeeEmail : input.attendeeEmail || null;
    const [renamed] = await tx.update(tickets).set({ attendeeName: input.attendeeName, attendeeEmail }).where(eq(tickets.id, row.ticket.id)).returning();
    // Same code, new name: the ticket's wallet passes show it (D27).
    await walletPassesChanged(tx, { ticketIds: [row.ticket.id] }, jobs);
    await tx.insert(ticketChanges).values({
      ticketId: row.ticket.id,
      eventId: row.ticket.eventId,
      kind: "rename",
      fromName: row.ticket.attendeeName,
      fromEmail: row.ticket.attendeeEmail,
      toName: input.attendeeName,
      toEmail: attendeeEmail,
      oldCode: row.ticket.code,
      newCode: row.ticket.code,
      changedBy: actor.userId,
    });
    return changedTicket(tx, renamed!);
  });
}

/**
 * Codes given up by a transfer, among these events, with why the door refuses them: what the scan answers for a
 * code no ticket carries any more, and the revocations an offline list carries.
 */
export async function revokedCodes(db: Db | Tx, eventIds: string[], codes?: string[]): Promise<{ ticketId: string; eventId: string; reason: string }[]> {
  if (!eventIds.length && !codes?.length) return [];
  const rows = await db
    .select({ code: ticketChanges.oldCode, eventId: ticketChanges.eventId })
    .from(ticketChanges)
    .where(and(eq(ticketChanges.kind, "transfer"), eventIds.length ? inArray(ticketChanges.eventId, eventIds) : undefined, codes?.length ? inArray(ticketChanges.oldCode, codes) : undefined));
  return rows.map((row) => ({ ticketId: row.code, eventId: row.eventId, reason: TRANSFERRED_TICKET_MESSAGE }));
}
