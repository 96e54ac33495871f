import { EventInput, londonInputToIso, poundsToPence } from "@domain";
import { EMPTY_EVENT_FORM, formFieldOf, isOngoingBusiness, type EventFormField, type EventFormValues, type FieldProblem } from "./event-form";

// The form's check before posting, with the server's own schema. The page imports this module when the form
// is sent, never with the page: zod and the schema are a chunk of their own (issue 35).

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
