/** Without an end time an event is taken to last two hours: its calendar entry, and when it counts as past. */
export const DEFAULT_EVENT_DURATION_MS = 2 * 60 * 60 * 1000;

export interface EventTimes {
  dateTime: Date | string;
  endTime?: Date | string | null;
}

export function eventEndsAt(event: EventTimes): Date {
  if (event.endTime) return new Date(event.endTime);
  return new Date(new Date(event.dateTime).getTime() + DEFAULT_EVENT_DURATION_MS);
}

/** An event stays upcoming on the day it starts (doors are scanned after the start time too), and until it ends. */
const UPCOMING_AFTER_START_MS = 12 * 60 * 60 * 1000;

export function isUpcoming(event: EventTimes, now: Date = new Date()): boolean {
  const over = Math.max(eventEndsAt(event).getTime(), new Date(event.dateTime).getTime() + UPCOMING_AFTER_START_MS);
  return over >= now.getTime();
}

/**
 * Events (or tickets for them) split into upcoming, soonest first, and past, most recent first
 * (issue 17: Attendee Management, My Tickets, and the scanner's event list).
 */
export function upcomingThenPast<T>(items: readonly T[], timesOf: (item: T) => EventTimes, now: Date = new Date()): { upcoming: T[]; past: T[] } {
  const start = (item: T) => new Date(timesOf(item).dateTime).getTime();
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const item of items) (isUpcoming(timesOf(item), now) ? upcoming : past).push(item);
  upcoming.sort((a, b) => start(a) - start(b));
  past.sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}
