import { admissibleTickets, type CheckInCounts, type CheckInList, type LocalCheckIn } from "@domain";

export interface ShownCounts {
  admitted: number;
  expected: number;
  /** Includes check-ins made on this device that the server has not heard of yet. */
  local: boolean;
}

/**
 * The scanner's 'Admitted X / Y' for the door's event. The server's figures (from the counts route or
 * the live stream) plus this device's check-ins still waiting to sync, which the server cannot know of;
 * with no figures from the server (opened offline), the downloaded ticket list's own. Null when neither
 * is known.
 */
export function shownCounts({
  eventId,
  server,
  lists,
  pending,
}: {
  eventId: string;
  server: CheckInCounts | null;
  lists: readonly CheckInList[];
  pending: readonly LocalCheckIn[];
}): ShownCounts | null {
  const list = lists.find((candidate) => candidate.event.id === eventId);
  const quantity = new Map(list?.tickets.map((ticket) => [ticket.ticketId, ticket]) ?? []);
  const waiting = pending.filter((entry) => entry.eventId === eventId);
  // A pending ticket counts for the people it lets in; 1 when this device's list does not know it.
  // An old QR for several tickets (wholeBooking) lets in its booking's tickets not yet in.
  const peopleOf = (entry: LocalCheckIn) => {
    const ticket = quantity.get(entry.ticketId);
    if (!entry.wholeBooking || !list || !ticket) return ticket?.ticketQuantity ?? 1;
    return list.tickets.filter((other) => other.bookingId === ticket.bookingId && other.status === "confirmed" && other.ticketQuantity > 0 && !other.checkedInAt).length || 1;
  };
  const waitingTickets = waiting.reduce((sum, entry) => sum + peopleOf(entry), 0);
  if (server && server.eventId === eventId) return { admitted: server.admitted + waitingTickets, expected: server.expected, local: waiting.length > 0 };
  if (!list) return null;
  const waitingIds = new Set(waiting.map((entry) => entry.ticketId));
  const confirmed = admissibleTickets(list);
  const admittedBefore = confirmed.filter((ticket) => ticket.checkedInAt && !waitingIds.has(ticket.ticketId)).reduce((sum, ticket) => sum + ticket.ticketQuantity, 0);
  return {
    admitted: admittedBefore + waitingTickets,
    expected: confirmed.reduce((sum, ticket) => sum + ticket.ticketQuantity, 0),
    local: true,
  };
}
