import { notForThisEventMessage, type CheckInList, type CheckInListTicket, type CheckResult } from "@domain";
import { parseSignedTicket, type TicketSignatureCheck } from "./ticket-signature";

/** A ticket admitted on this device while offline, waiting to be sent to the server. */
export interface LocalCheckIn {
  ticketId: string;
  eventId: string;
  eventTitle: string;
  attendeeName: string;
  /** ISO time of the scan on this device. */
  checkedInAt: string;
}

/** Why an offline scan was refused (shown as the 'Invalid ticket' detail). */
export const OFFLINE_REASONS = {
  unsigned: "This code cannot be verified offline. Scan the QR code on the ticket.",
  forged: "The ticket's signature is not valid.",
  notFound: "Ticket not found or unpaid",
} as const;

export interface OfflineCheckOutcome {
  result: CheckResult;
  /** The check-in to store, when this scan admitted the ticket. */
  admitted: LocalCheckIn | null;
}

function invalid(ticketId: string | null, error: string): OfflineCheckOutcome {
  return {
    result: { valid: false, error, ticketId, status: null, alreadyCheckedIn: false, checkedInAt: null, event: null, attendee: null },
    admitted: null,
  };
}

function findTicket(lists: readonly CheckInList[], ticketId: string): { list: CheckInList; ticket: CheckInListTicket } | null {
  for (const list of lists) {
    const ticket = list.tickets.find((candidate) => candidate.ticketId === ticketId);
    if (ticket) return { list, ticket };
  }
  return null;
}

/**
 * The offline scanner's rules: only a ticket whose QR signature verifies against the list's keys, which
 * is in a downloaded list for the same booking and is confirmed, is valid; it is admitted once (from the
 * list's check-in time, else this device's), and a second scan reports when it was checked in.
 */
export async function checkTicketOffline({
  text,
  lists,
  localCheckIns,
  checkIn,
  now,
  verifySignature,
  doorEventId = null,
}: {
  text: string;
  lists: readonly CheckInList[];
  localCheckIns: readonly LocalCheckIn[];
  checkIn: boolean;
  now: Date;
  verifySignature: TicketSignatureCheck;
  /** The event this door admits to; null admits any downloaded event's ticket. */
  doorEventId?: string | null;
}): Promise<OfflineCheckOutcome> {
  const payload = parseSignedTicket(text);
  if (!payload) return invalid(text.trim().slice(0, 100) || null, OFFLINE_REASONS.unsigned);
  const found = findTicket(lists, payload.ticketId);
  // Without the event's list there are no keys to check against: unknown, like an unpaid ticket.
  if (!found) return invalid(payload.ticketId, OFFLINE_REASONS.notFound);
  const { list, ticket } = found;
  if (!(await verifySignature(payload, list.keys))) return invalid(payload.ticketId, OFFLINE_REASONS.forged);
  if (ticket.bookingId !== payload.bookingId || ticket.status !== "confirmed") return invalid(payload.ticketId, OFFLINE_REASONS.notFound);
  if (doorEventId && list.event.id !== doorEventId) return invalid(payload.ticketId, notForThisEventMessage(list.event.title, list.event.dateTime));

  const base: CheckResult = {
    valid: true,
    error: null,
    ticketId: ticket.ticketId,
    status: ticket.status,
    alreadyCheckedIn: false,
    checkedInAt: null,
    event: { id: list.event.id, title: list.event.title, date: list.event.dateTime, venue: list.event.venue || null, location: list.event.location || null },
    attendee: { name: ticket.attendeeName, email: ticket.attendeeEmail, tickets: ticket.ticketQuantity },
  };
  const earlier = ticket.checkedInAt ?? localCheckIns.find((entry) => entry.ticketId === ticket.ticketId)?.checkedInAt ?? null;
  if (earlier) return { result: { ...base, alreadyCheckedIn: true, checkedInAt: earlier }, admitted: null };
  if (!checkIn) return { result: base, admitted: null };
  const admitted: LocalCheckIn = {
    ticketId: ticket.ticketId,
    eventId: list.event.id,
    eventTitle: list.event.title,
    attendeeName: ticket.attendeeName,
    checkedInAt: now.toISOString(),
  };
  return { result: { ...base, checkedInAt: admitted.checkedInAt }, admitted };
}
