/** Events to pick a ticket list from: upcoming first (soonest first), then past ones (latest first). */
export function eventChoices<Event extends { dateTime: string }>(events: readonly Event[], now: Date): { upcoming: Event[]; past: Event[] } {
  // An event stays "upcoming" for the day it starts: doors are scanned after the start time too.
  const cutoff = now.getTime() - 12 * 3_600_000;
  const upcoming = events.filter((event) => Date.parse(event.dateTime) >= cutoff).sort((a, b) => a.dateTime.localeCompare(b.dateTime));
  const past = events.filter((event) => Date.parse(event.dateTime) < cutoff).sort((a, b) => b.dateTime.localeCompare(a.dateTime));
  return { upcoming, past };
}
