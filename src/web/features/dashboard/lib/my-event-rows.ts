import { formatPounds, hasPlaceholderDate, type DashboardEvent } from "@domain";
import { formatDateTime } from "./format-date-time";

/** One of the organiser's events in My Events (spec §2 Dashboard). */
export interface MyEventRow {
  id: string;
  title: string;
  imageUrl: string | null;
  /** Date and time in UK time; ongoing businesses have no date (spec §4 Create/edit form). */
  when: string;
  location: string;
  status: string;
  /** spec §3 Event: 'active' is the listed value; any other status shows as a secondary badge. */
  statusVariant: "default" | "secondary";
  sold: string;
  revenue: string;
}

export function myEventRow(event: DashboardEvent): MyEventRow {
  return {
    id: event.id,
    title: event.title,
    imageUrl: event.imageUrl,
    when: hasPlaceholderDate(event) ? "Open all year" : formatDateTime(event.dateTime),
    location: event.location,
    status: event.status,
    statusVariant: event.status === "active" ? "default" : "secondary",
    sold: event.maxAttendees === null ? `${event.ticketsSold} sold` : `${event.ticketsSold} / ${event.maxAttendees} sold`,
    revenue: formatPounds(event.revenuePence),
  };
}

/** An event in a select: "Title · date", the title alone for an ongoing business (its date is a placeholder). */
export function eventChoiceLabel(event: Pick<DashboardEvent, "title" | "category" | "dateTime">): string {
  return hasPlaceholderDate(event) ? event.title : `${event.title} · ${formatDateTime(event.dateTime)}`;
}

/** Attendee Management lists only the user's active events (spec §2 Dashboard). */
export function activeEvents(events: readonly DashboardEvent[]): DashboardEvent[] {
  return events.filter((event) => event.status === "active");
}

/** The event to show attendees for: the one in the address if it is still active, else the first with sales, else the first. */
export function chooseAttendeeEvent(events: readonly DashboardEvent[], requested: string | null): string | null {
  return events.find((event) => event.id === requested)?.id ?? events.find((event) => event.ticketsSold > 0)?.id ?? events[0]?.id ?? null;
}
