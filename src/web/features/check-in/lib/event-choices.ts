import { upcomingThenPast, type EventTimes } from "@domain";

/** Events to pick a ticket list from: upcoming first (soonest first), then past ones (latest first); the rule lives in the domain. */
export function eventChoices<Event extends EventTimes>(events: readonly Event[], now: Date): { upcoming: Event[]; past: Event[] } {
  return upcomingThenPast(events, (event) => event, now);
}
