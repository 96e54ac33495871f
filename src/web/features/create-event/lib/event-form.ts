import { businessTypeForCategory, EVENT_CATEGORIES, formatPoundsPlain, isoToLondonInput, poundsToPence, type EditableEvent } from "@domain";

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
  /** Pounds as typed; empty means free. */
  price: string;
  /** Empty means unlimited. */
  maxAttendees: string;
  /** "" (none), "14", "16", "18" or "21" (issue 34). */
  minAge: string;
  /** The organiser pays the booking fee instead of the buyer (D22). */
  absorbsBookingFee: boolean;
  imageUrl: string;
  videoUrl: string;
  affiliateCode: string;
  /** Admins only; empty means the admin themself. */
  organiserId: string;
}

export type EventFormField = keyof EventFormValues;

/** A problem with one field (or the form as a whole), in words for the person filling it in. */
export interface FieldProblem {
  field?: EventFormField;
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
  maxAttendees: "",
  minAge: "",
  absorbsBookingFee: false,
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

/** A paid event, whose tickets go on sale (a food venue's listing sells none): what the pending-sale notes are about. */
export function sellsTickets(price: string, category: string): boolean {
  const pence = poundsToPence(price.trim() || "0");
  return pence !== null && pence > 0 && businessTypeForCategory(category) !== "restaurant";
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
    maxAttendees: event.maxAttendees == null ? "" : String(event.maxAttendees),
    minAge: event.minAge == null ? "" : String(event.minAge),
    absorbsBookingFee: event.absorbsBookingFee,
    imageUrl: event.imageUrl ?? "",
    videoUrl: event.videoUrl ?? "",
    affiliateCode: event.affiliateCode ?? "",
    organiserId: event.userId === actorId ? "" : event.userId,
  };
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
  ["Image URL", "imageUrl"],
  ["Video URL", "videoUrl"],
  ["Affiliate code", "affiliateCode"],
];

/** The form field a server message is about, if it names one. */
export function fieldNamedIn(message: string): EventFormField | undefined {
  const quoted = /'([A-Za-z]+)'/.exec(message)?.[1];
  const byKey = formFieldOf(quoted);
  if (byKey) return byKey;
  return FIELD_WORDING.find(([wording]) => message.includes(wording))?.[1];
}
