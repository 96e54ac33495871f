import { EVENT_DATE_MAX_YEARS_AHEAD, latestEventDate } from "./events";
import { londonClock } from "./london-time";
import { POSTPONEMENT_REFUND_WINDOW_DAYS } from "./refunds";

/** What a buyer is told when they try to buy a ticket of a cancelled event (create-payment, the cart). */
export function eventCancelledMessage(title: string): string {
  return `${title} has been cancelled.`;
}

/** The longest reason an organiser may give for cancelling an event. */
export const CANCELLATION_REASON_MAX = 500;

/** How far the refunds of a cancelled event have gone (GET /api/events/:id/cancellation). */
export interface CancellationProgress {
  /** Bookings the cancellation refunds: those with valid tickets when it began. */
  bookings: number;
  /** Paid back (or, for free bookings, voided). */
  refunded: number;
  /** Still to pay back: not started yet, or waiting for the provider. */
  pending: number;
  /** Refused by the provider; an admin must look at them. */
  failed: number;
  done: boolean;
}

/**
 * Whether a new date for a postponed event may be taken: in the future, after the date it replaces, and
 * ending after it starts. Null when it may; else the message, and the field it names.
 */
export function postponementError(
  input: { dateTime: Date; endTime: Date | null },
  current: { dateTime: Date },
  now: Date = new Date(),
): { field: "dateTime" | "endTime"; message: string } | null {
  if (input.dateTime.getTime() <= now.getTime()) return { field: "dateTime", message: "The new date must be in the future." };
  if (input.dateTime.getTime() <= current.dateTime.getTime()) return { field: "dateTime", message: "The new date must be after the current one." };
  const latest = latestEventDate(now).getTime();
  if (input.dateTime.getTime() > latest) return { field: "dateTime", message: `The new date can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.` };
  if (input.endTime && input.endTime.getTime() > latest) return { field: "endTime", message: `End time can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.` };
  if (input.endTime && input.endTime.getTime() <= input.dateTime.getTime()) return { field: "endTime", message: "End time must be after the start" };
  return null;
}

/** Until when buyers of a postponed event may have a full refund on request. */
export function postponementRefundWindowEnd(postponedAt: Date): Date {
  return new Date(postponedAt.getTime() + POSTPONEMENT_REFUND_WINDOW_DAYS * 86_400_000);
}

/**
 * A postponement opens the refund window only when the date really moves (issue 33, decision 027): the
 * start moves at least this many hours later, or onto another UK calendar day.
 */
export const POSTPONEMENT_MIN_SHIFT_HOURS = 3;

export function postponementOpensRefundWindow(previousStart: Date, newStart: Date): boolean {
  if (newStart.getTime() - previousStart.getTime() >= POSTPONEMENT_MIN_SHIFT_HOURS * 3_600_000) return true;
  const day = (date: Date) => londonClock(date).toISOString().slice(0, 10);
  return day(newStart) !== day(previousStart);
}
