import { formatEventDate, formatEventTime } from "./format";

/** The latest an organiser may close transfers before the start: 30 days (issue 36). */
export const TRANSFER_CUTOFF_MAX_HOURS = 720;

export const TICKET_TRANSFER_MESSAGES = {
  cancelled: "This event was cancelled, so its tickets cannot be passed on.",
  notValid: "This ticket is no longer valid, so it cannot be passed on.",
  checkedIn: "This ticket was checked in at the door, so it cannot be passed on.",
  sameHolder: "This ticket is already in that name and e-mail.",
} as const;

/** What the door says to a QR whose ticket was passed on to someone else: the new holder has a new code. */
export const TRANSFERRED_TICKET_MESSAGE = "This ticket was passed on to someone else, so this QR code is no longer valid for entry.";

/** When buyers can no longer pass an event's tickets on: the cut-off its organiser set, in hours before the start. */
export function transfersCloseAt(event: { dateTime: Date | string; transferCutoffHours: number }): Date {
  return new Date(new Date(event.dateTime).getTime() - event.transferCutoffHours * 3_600_000);
}

/**
 * Why a buyer cannot pass this ticket on now, or null when they can (issue 36): only a valid ticket of a
 * confirmed booking, not yet checked in, of an event not cancelled, before the organiser's cut-off.
 */
export function ticketTransferRefusal(
  ticket: { status: string; checkedInAt: Date | string | null },
  booking: { status: string },
  event: { status: string; dateTime: Date | string; transferCutoffHours: number },
  now: Date = new Date(),
): string | null {
  if (event.status === "cancelled") return TICKET_TRANSFER_MESSAGES.cancelled;
  if (booking.status !== "confirmed" || ticket.status !== "valid") return TICKET_TRANSFER_MESSAGES.notValid;
  if (ticket.checkedInAt) return TICKET_TRANSFER_MESSAGES.checkedIn;
  const closes = transfersCloseAt(event);
  if (now >= closes) return `Tickets for this event could be passed on until ${formatEventDate(closes)}, ${formatEventTime(closes)}.`;
  return null;
}
