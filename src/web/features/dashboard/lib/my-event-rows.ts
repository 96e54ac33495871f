import { eventEndsAt, formatPounds, hasPlaceholderDate, isBusinessListing, type DashboardEvent, formatDateTime } from "@domain";
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
  /**
   * Tickets sold, ticket income and net due as the event's statement states them (issue 33); null for a
   * listing, where '0 sold / £0.00' would only mislead (issue 17).
   */
  figures: { sold: string; ticketIncome: string; netDue: string } | null;
  /**
   * Each ticket type's sales when the event sells several (issue 36): sold of its own capacity ("12 / 50",
   * "30 / no limit") and places left as a buyer would find them ("36", "Sold out", "No limit"). Null for one
   * type (the figures above are that type's) and for a listing.
   */
  ticketTypes: MyEventTicketType[] | null;
  /** "Cancelled — refunding 120 of 200 bookings" while a cancelled event's refunds go through; null unless cancelled. */
  cancellation: string | null;
  /** "Postponed from …": the date a postponement replaced; null if never postponed. */
  postponedFrom: string | null;
  /**
   * Which actions the row offers: an event with bookings is cancelled, never deleted (decision 027); one that
   * has ended can be neither cancelled nor postponed (the server refuses both), so it offers neither (issue 33).
   */
  actions: { cancel: boolean; postpone: boolean; delete: boolean };
}

export interface MyEventTicketType {
  id: string;
  name: string;
  hidden: boolean;
  sold: string;
  left: string;
}

function ticketTypeRows(types: DashboardEvent["ticketTypes"]): MyEventTicketType[] {
  return types.map((type) => ({
    id: type.id,
    name: type.name,
    hidden: type.hidden,
    sold: `${type.sold} / ${type.capacity ?? "no limit"}`,
    left: type.remaining === null ? "No limit" : type.remaining === 0 ? "Sold out" : String(type.remaining),
  }));
}

export function myEventRow(event: DashboardEvent, now: Date = new Date()): MyEventRow {
  const listing = isBusinessListing(event);
  // The one event-end rule the server's cancel and postpone apply.
  const ended = event.status === "active" && !hasPlaceholderDate(event) && eventEndsAt(event).getTime() < now.getTime();
  const open = event.status === "active" && !ended;
  return {
    id: event.id,
    title: event.title,
    imageUrl: event.imageUrl,
    when: hasPlaceholderDate(event) ? "Open all year" : formatDateTime(event.dateTime),
    location: event.location,
    status: ended ? "ended" : event.status,
    statusVariant: open ? "default" : "secondary",
    kind: listing ? "Business listing" : null,
    cancellation: event.cancellation ? describeCancellation(event.cancellation) : null,
    postponedFrom: event.previousDateTime && event.status === "active" ? `Postponed from ${formatDateTime(event.previousDateTime)}` : null,
    actions: {
      cancel: open && event.hasBookings,
      postpone: open && !hasPlaceholderDate(event),
      delete: !event.hasBookings,
    },
    ticketTypes: !listing && event.ticketTypes.length > 1 ? ticketTypeRows(event.ticketTypes) : null,
    figures: listing
      ? null
      : {
          sold: event.maxAttendees === null ? `${event.ticketsSold} sold` : `${event.ticketsSold} / ${event.maxAttendees} sold`,
          ticketIncome: formatPounds(event.ticketIncomePence),
          netDue: formatPounds(event.netDuePence),
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
