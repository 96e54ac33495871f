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

/**
 * Events (or tickets for them) split into upcoming, soonest first, and past, most recent first
 * (issue 17: Attendee Management and My Tickets). An event stays upcoming until it ends, so tonight's
 * event stays first while the door is open.
 */
export function upcomingThenPast<T>(items: readonly T[], timesOf: (item: T) => EventTimes, now: Date = new Date()): { upcoming: T[]; past: T[] } {
  const start = (item: T) => new Date(timesOf(item).dateTime).getTime();
  const upcoming: T[] = [];
  const past: T[] = [];
  for (const item of items) (eventEndsAt(timesOf(item)).getTime() >= now.getTime() ? upcoming : past).push(item);
  upcoming.sort((a, b) => start(a) - start(b));
  past.sort((a, b) => start(b) - start(a));
  return { upcoming, past };
}
