import { businessTypeForCategory, DEFAULT_TICKET_TYPE_NAME, EVENT_CATEGORIES, formatPoundsPlain, isoToLondonInput, poundsToPence, type EditableEvent, type QuestionKind } from "@domain";

/** One question the organiser asks about each ticket's attendee (issue 36), as the form holds it. */
export interface QuestionFormValues {
  /** React's key and the controls' ids: the question's id, or made up for a new one. */
  key: string;
  /** A saved question's id, so that its answers stay its own; absent for one added now. */
  id?: string;
  label: string;
  kind: QuestionKind;
  /** A choice's options, one per line as typed. */
  options: string;
  required: boolean;
  /** The types it is asked on, by name; null: every ticket. */
  ticketTypes: string[] | null;
}

/** One ticket type as the form holds it (issue 36, decision 040): every field as typed text. */
export interface TicketTypeFormValues {
  /** Stable across edits and moves (React's key, the controls' ids): the type's id, or made up for a new one. */
  key: string;
  /** An existing type's id, so that saving changes it; absent for a type added now. */
  id?: string;
  name: string;
  description: string;
  /** Pounds as typed; empty means free. */
  price: string;
  /** Empty: no limit of its own, only the event's. */
  capacity: string;
  /** datetime-local values in UK time; empty: open. */
  salesStart: string;
  salesEnd: string;
  /** Empty: 1. */
  minPerOrder: string;
  /** Empty: no limit of its own (the per-event limit still holds). */
  maxPerOrder: string;
  hidden: boolean;
  /** Tickets sold (an edit's). */
  sold: number;
  /** Nothing sold or being bought: it may be removed; else its sales can only be ended. */
  removable: boolean;
}

export type TicketTypeFormField = "name" | "description" | "price" | "capacity" | "salesStart" | "salesEnd" | "minPerOrder" | "maxPerOrder" | "hidden";

/** What the form holds: every field as typed text. The keys are also the controls' names. */
export interface EventFormValues {
  title: string;
  description: string;
  category: string;
  /** datetime-local values in UK time. */
  dateTime: string;
  endTime: string;
  venue: string;
  location: string;
  /** Pounds as typed; empty means free. The spec's one price, while the event sells one type. */
  price: string;
  /** The event's types once the organiser adds another (issue 36); null: the spec's form, one price. */
  ticketTypes: TicketTypeFormValues[] | null;
  /** Empty means unlimited; with several types, the places they all share. */
  maxAttendees: string;
  /** "" (none), "14", "16", "18" or "21" (issue 34). */
  minAge: string;
  /** Hours before the start when buyers can no longer pass tickets on (issue 36); empty means until the start. */
  transferCutoffHours: string;
  /** The organiser pays the booking fee instead of the buyer (D22). */
  absorbsBookingFee: boolean;
  /** What checkout asks about each ticket's attendee (issue 36). */
  questions: QuestionFormValues[];
  imageUrl: string;
  videoUrl: string;
  affiliateCode: string;
  /** Admins only; empty means the admin themself. */
  organiserId: string;
}

export type EventFormField = keyof EventFormValues;

/** Where a problem is: a field of the form, one type's field (`ticketTypes.2.price`), or one type as a whole (`ticketTypes.2`). */
export type ProblemField = EventFormField | `ticketTypes.${number}` | `ticketTypes.${number}.${TicketTypeFormField}`;

/** A problem with one field (or the form as a whole), in words for the person filling it in. */
export interface FieldProblem {
  field?: ProblemField;
  message: string;
}

export const ONGOING_BUSINESS = "ongoing-business";

export const EMPTY_EVENT_FORM: EventFormValues = {
  title: "",
  description: "",
  category: "",
  dateTime: "",
  endTime: "",
  venue: "",
  location: "",
  price: "",
  ticketTypes: null,
  maxAttendees: "",
  minAge: "",
  transferCutoffHours: "",
  absorbsBookingFee: false,
  questions: [],
  imageUrl: "",
  videoUrl: "",
  affiliateCode: "",
  organiserId: "",
};

export function isOngoingBusiness(category: string): boolean {
  return category === ONGOING_BUSINESS;
}

function knownCategory(category: string | null): string {
  const value = category?.toLowerCase() ?? "";
  return EVENT_CATEGORIES.some((known) => known.value === value) ? value : "";
}

/**
 * The ticket price the fee notes go by: the one price, or with several types the lowest paid one (a free
 * type beside paid ones pays no fee). 0 when every type is free, null when what was typed is not an amount.
 */
export function formPricePence(values: Pick<EventFormValues, "price" | "ticketTypes">): number | null {
  if (values.ticketTypes === null) return poundsToPence(values.price.trim() || "0");
  const paid = values.ticketTypes.map((type) => poundsToPence(type.price.trim() || "0")).filter((pence): pence is number => pence !== null && pence > 0);
  return paid.length > 0 ? Math.min(...paid) : 0;
}

/** A paid event, whose tickets go on sale (a food venue's listing sells none): what the pending-sale notes are about. */
export function sellsTickets(values: Pick<EventFormValues, "price" | "ticketTypes" | "category">): boolean {
  const pence = formPricePence(values);
  return pence !== null && pence > 0 && businessTypeForCategory(values.category) !== "restaurant";
}

let typesAdded = 0;

/** A type the organiser has just added: nothing filled in but its limits' defaults. */
export function newTicketType(): TicketTypeFormValues {
  typesAdded += 1;
  return { key: `new-${typesAdded}`, name: "", description: "", price: "", capacity: "", salesStart: "", salesEnd: "", minPerOrder: "", maxPerOrder: "", hidden: false, sold: 0, removable: true };
}

/** A saved type as the form shows it (its times in UK time, as the event's). */
export function ticketTypeFormValues(type: EditableEvent["ticketTypes"][number]): TicketTypeFormValues {
  return {
    key: type.id,
    id: type.id,
    name: type.name,
    description: type.description ?? "",
    price: penceToPoundsInput(type.pricePence),
    capacity: type.capacity == null ? "" : String(type.capacity),
    salesStart: isoToLondonInput(type.salesStart),
    salesEnd: isoToLondonInput(type.salesEnd),
    minPerOrder: type.minPerOrder === 1 ? "" : String(type.minPerOrder),
    maxPerOrder: type.maxPerOrder == null ? "" : String(type.maxPerOrder),
    hidden: type.hidden,
    sold: type.sold,
    removable: type.removable,
  };
}

/**
 * "Add another ticket type" (issue 36): the one price becomes a list, its first type the one the event
 * sells now (kept by its id when editing, so its sales stay its own) at the price typed, then a new one.
 */
export function withAnotherTicketType(values: EventFormValues, event: EditableEvent | null): EventFormValues {
  if (values.ticketTypes !== null) return { ...values, ticketTypes: [...values.ticketTypes, newTicketType()] };
  const current = event?.ticketTypes[0];
  const first = current ? ticketTypeFormValues(current) : { ...newTicketType(), name: DEFAULT_TICKET_TYPE_NAME };
  return { ...values, ticketTypes: [{ ...first, price: values.price }, newTicketType()] };
}

/** 1250 → "12.50"; a free event shows an empty price (spec §5: empty means 0). */
export function penceToPoundsInput(pence: number): string {
  return pence <= 0 ? "" : formatPoundsPlain(pence);
}

/**
 * The form filled in from a saved event. An ongoing business's stored date is a placeholder
 * (ONGOING_BUSINESS_DATE), so its times stay empty. An admin editing someone else's event keeps that
 * organiser selected: saving must not hand the event to the admin.
 */
export function formValuesFromEvent(event: EditableEvent, actorId: string): EventFormValues {
  const category = knownCategory(event.category);
  const ongoing = isOngoingBusiness(category);
  return {
    title: event.title,
    description: event.description ?? "",
    category,
    dateTime: ongoing ? "" : isoToLondonInput(event.dateTime),
    endTime: ongoing ? "" : isoToLondonInput(event.endTime),
    venue: event.venue ?? "",
    location: event.location,
    price: penceToPoundsInput(event.pricePence),
    // One type reads as the spec's one price; several open as their list (issue 36).
    ticketTypes: event.ticketTypes.length > 1 ? event.ticketTypes.map(ticketTypeFormValues) : null,
    maxAttendees: event.maxAttendees == null ? "" : String(event.maxAttendees),
    minAge: event.minAge == null ? "" : String(event.minAge),
    transferCutoffHours: event.transferCutoffHours ? String(event.transferCutoffHours) : "",
    absorbsBookingFee: event.absorbsBookingFee,
    questions: event.questions.map((question) => ({ key: question.id, id: question.id, label: question.label, kind: question.kind, options: question.options.join("\n"), required: question.required, ticketTypes: question.ticketTypes })),
    imageUrl: event.imageUrl ?? "",
    videoUrl: event.videoUrl ?? "",
    affiliateCode: event.affiliateCode ?? "",
    organiserId: event.userId === actorId ? "" : event.userId,
  };
}

/** A question just added: short text, not required, on every ticket. */
export function newQuestion(): QuestionFormValues {
  return { key: `new-question-${Math.random().toString(36).slice(2, 10)}`, label: "", kind: "text", options: "", required: false, ticketTypes: null };
}

export type FormMode = "create" | "edit";

export function submitButtonLabel(mode: FormMode, saving: boolean): string {
  if (mode === "edit") return saving ? "Updating Event..." : "Update Event";
  return saving ? "Creating Event..." : "Create Event";
}

/** spec §4 Create/edit form: choosing ongoing-business clears (and the form hides) the start and end times. */
export function withCategory(values: EventFormValues, category: string): EventFormValues {
  return isOngoingBusiness(category) ? { ...values, category, dateTime: "", endTime: "" } : { ...values, category };
}

/** The input's fields as the form names them (pricePence is typed as pounds in "price"). */
export function formFieldOf(inputField: PropertyKey | undefined): EventFormField | undefined {
  if (inputField === "pricePence") return "price";
  return typeof inputField === "string" && inputField in EMPTY_EVENT_FORM ? (inputField as EventFormField) : undefined;
}

// How the server's messages name a field: "Invalid body field 'title': …", or the schema's own
// wording ("Location is required").
const FIELD_WORDING: [string, EventFormField][] = [
  ["Event Title", "title"],
  ["Description", "description"],
  ["event type", "category"],
  ["Start Date & Time", "dateTime"],
  ["End time", "endTime"],
  ["Venue", "venue"],
  ["Location", "location"],
  ["Price", "price"],
  ["Max attendees", "maxAttendees"],
  ["Minimum age", "minAge"],
  ["Transfer cut-off", "transferCutoffHours"],
  ["Image URL", "imageUrl"],
  ["Video URL", "videoUrl"],
  ["Affiliate code", "affiliateCode"],
  ["Ticket type", "ticketTypes"],
  ["ticket type", "ticketTypes"],
  ["Question", "questions"],
  ["question", "questions"],
];

/** The form field a server message is about, if it names one. */
export function fieldNamedIn(message: string): EventFormField | undefined {
  const quoted = /'([A-Za-z]+)'/.exec(message)?.[1];
  const byKey = formFieldOf(quoted);
  if (byKey) return byKey;
  return FIELD_WORDING.find(([wording]) => message.includes(wording))?.[1];
}
