import { EVENT_CATEGORIES, EventInput, formatPoundsPlain, isoToLondonInput, londonInputToIso, poundsToPence, type EditableEvent } from "@domain";

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
function formFieldOf(inputField: PropertyKey | undefined): EventFormField | undefined {
  if (inputField === "pricePence") return "price";
  return typeof inputField === "string" && inputField in EMPTY_EVENT_FORM ? (inputField as EventFormField) : undefined;
}

/** A datetime-local value as an ISO instant: null when empty, undefined when it is not a date and time. */
function isoOrNull(local: string): string | null | undefined {
  if (local.trim() === "") return null;
  return londonInputToIso(local) ?? undefined;
}

export interface AssembleOptions {
  hasImageFile: boolean;
  /** Who is filling in the form, when they are an admin (they alone may choose the organiser). */
  admin: { actorId: string; editing: boolean } | null;
}

/**
 * An admin's organiser choice. Empty means the admin: null when creating (the server's default), but
 * their own id when editing, because there null keeps the event's current organiser.
 */
function organiserIdFor(values: EventFormValues, admin: AssembleOptions["admin"]): string | null {
  if (!admin) return null;
  return values.organiserId || (admin.editing ? admin.actorId : null);
}

export type AssembledEvent = { ok: true; input: EventInput } | { ok: false; problem: FieldProblem };

const FIELD_ORDER = Object.keys(EMPTY_EVENT_FORM) as EventFormField[];
const positionOf = (problem: FieldProblem) => (problem.field ? FIELD_ORDER.indexOf(problem.field) : FIELD_ORDER.length);

/**
 * The body for POST/PATCH /api/events, checked with the schema the server uses (spec §5 Create event):
 * pounds become pence, empty fields null, times UK time as ISO instants, and an ongoing business has no
 * times. With an image file the URL is null: the file is the image. When something is wrong, the
 * problem reported is the one nearest the top of the form.
 */
export function assembleEventInput(values: EventFormValues, options: AssembleOptions): AssembledEvent {
  const problems: FieldProblem[] = [];

  const priceText = values.price.trim();
  const pricePence = priceText === "" ? 0 : poundsToPence(priceText);
  if (pricePence === null) problems.push({ field: "price", message: "Price must be an amount in pounds, such as 12.50" });

  const maxText = values.maxAttendees.trim();
  const maxAttendees = maxText === "" ? null : Number(maxText);
  if (maxAttendees !== null && !Number.isFinite(maxAttendees)) problems.push({ field: "maxAttendees", message: "Max attendees must be a whole number" });

  const ongoing = isOngoingBusiness(values.category);
  const dateTime = ongoing ? null : isoOrNull(values.dateTime);
  if (dateTime === undefined) problems.push({ field: "dateTime", message: "Start Date & Time must be a date and time" });
  const endTime = ongoing ? null : isoOrNull(values.endTime);
  if (endTime === undefined) problems.push({ field: "endTime", message: "End time must be a date and time" });

  const assembled: EventInput = {
    title: values.title,
    description: values.description,
    category: values.category,
    dateTime: dateTime ?? null,
    endTime: endTime ?? null,
    venue: values.venue,
    location: values.location,
    pricePence: pricePence ?? 0,
    maxAttendees: maxAttendees !== null && Number.isFinite(maxAttendees) ? maxAttendees : null,
    minAge: values.minAge === "" ? null : Number(values.minAge),
    // Only a paid event has a booking fee to absorb.
    absorbsBookingFee: values.absorbsBookingFee && (pricePence ?? 0) > 0,
    imageUrl: options.hasImageFile ? null : values.imageUrl,
    videoUrl: values.videoUrl,
    affiliateCode: values.affiliateCode,
    organiserId: organiserIdFor(values, options.admin),
  };
  const parsed = EventInput.safeParse(assembled);
  if (parsed.success && problems.length === 0) return { ok: true, input: parsed.data };
  for (const issue of parsed.error?.issues ?? []) problems.push({ field: formFieldOf(issue.path[0]), message: issue.message });
  // A stable sort keeps this module's own wording ahead of the schema's for the same field.
  const first = problems.sort((a, b) => positionOf(a) - positionOf(b))[0]!;
  return { ok: false, problem: first };
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
