import { formatPounds, hasPlaceholderDate, isBusinessListing, type DashboardEvent, formatDateTime } from "@domain";
import { describeCancellation } from "./cancellation-progress";

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
  /** 'Business listing' for restaurants and ongoing businesses, which sell no tickets; else null. */
  kind: "Business listing" | null;
  /** Tickets sold and revenue; null for a listing, where '0 sold / £0.00' would only mislead (issue 17). */
  figures: { sold: string; revenue: string } | null;
  /** "Cancelled — refunding 120 of 200 bookings" while a cancelled event's refunds go through; null unless cancelled. */
  cancellation: string | null;
  /** "Postponed from …": the date a postponement replaced; null if never postponed. */
  postponedFrom: string | null;
  /** Which actions the row offers: an event with bookings is cancelled, never deleted (decision 027). */
  actions: { cancel: boolean; postpone: boolean; delete: boolean };
}

export function myEventRow(event: DashboardEvent): MyEventRow {
  const listing = isBusinessListing(event);
  return {
    id: event.id,
    title: event.title,
    imageUrl: event.imageUrl,
    when: hasPlaceholderDate(event) ? "Open all year" : formatDateTime(event.dateTime),
    location: event.location,
    status: event.status,
    statusVariant: event.status === "active" ? "default" : "secondary",
    kind: listing ? "Business listing" : null,
    cancellation: event.cancellation ? describeCancellation(event.cancellation) : null,
    postponedFrom: event.previousDateTime && event.status === "active" ? `Postponed from ${formatDateTime(event.previousDateTime)}` : null,
    actions: {
      cancel: event.status === "active" && event.hasBookings,
      postpone: event.status === "active" && !hasPlaceholderDate(event),
      delete: !event.hasBookings,
    },
    figures: listing
      ? null
      : {
          sold: event.maxAttendees === null ? `${event.ticketsSold} sold` : `${event.ticketsSold} / ${event.maxAttendees} sold`,
          revenue: formatPounds(event.revenuePence),
        },
  };
}

/** An event in a select: "Title · date", the title alone for an ongoing business (its date is a placeholder). */
export function eventChoiceLabel(event: Pick<DashboardEvent, "title" | "category" | "dateTime">): string {
  return hasPlaceholderDate(event) ? event.title : `${event.title} · ${formatDateTime(event.dateTime)}`;
}

/** Attendee Management's events as the server groups and orders them (dashboard.service attendeeEventChoices). */
export interface AttendeeEventGroups {
  upcoming: DashboardEvent[];
  past: DashboardEvent[];
}

/** The event to show attendees for: the one in the address if it is offered, else the next upcoming one, else the latest past one (issue 17). */
export function chooseAttendeeEvent({ upcoming, past }: AttendeeEventGroups, requested: string | null): DashboardEvent | null {
  return [...upcoming, ...past].find((event) => event.id === requested) ?? upcoming[0] ?? past[0] ?? null;
}
