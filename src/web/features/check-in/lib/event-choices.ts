import { upcomingThenPast, type DashboardEvent } from "@domain";

/** Events to pick a ticket list from: upcoming first (soonest first), then past ones (latest first); the rule lives in the domain. */
export function eventChoices(events: readonly DashboardEvent[], now: Date): { upcoming: DashboardEvent[]; past: DashboardEvent[] } {
  return upcomingThenPast(events, (event) => event, now);
}
