import { EventInput, londonInputToIso, poundsToPence, type QuestionInput, type TicketTypeInput } from "@domain";
import {
  EMPTY_EVENT_FORM,
  formFieldOf,
  isOngoingBusiness,
  type EventFormField,
  type EventFormValues,
  type FieldProblem,
  type ProblemField,
  type TicketTypeFormField,
  type TicketTypeFormValues,
} from "./event-form";

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
const TYPE_FIELD_ORDER: TicketTypeFormField[] = ["name", "price", "capacity", "salesStart", "salesEnd", "minPerOrder", "maxPerOrder", "hidden", "description"];

/** How far down the form a problem is: a type's field sits in the types' place, by type and then by field. */
function positionOf(problem: FieldProblem): number {
  if (!problem.field) return FIELD_ORDER.length;
  const [field, index, typeField] = problem.field.split(".") as [EventFormField, string?, TicketTypeFormField?];
  const at = FIELD_ORDER.indexOf(field);
  // A problem with the types as a whole (a type listed twice) follows any one type's own.
  if (index === undefined) return field === "ticketTypes" ? at + 0.5 : at;
  return at + (Number(index) + (typeField ? TYPE_FIELD_ORDER.indexOf(typeField) + 1 : 0) / 100) / 1000;
}

/**
 * The questions as the API takes them (issue 36): a choice's options one per line; asked on the types still
 * in the form (a type renamed or removed since drops out), or on every ticket.
 */
function assembleQuestions(values: EventFormValues): QuestionInput[] {
  const typeNames = values.ticketTypes?.map((type) => type.name.trim().toLowerCase()) ?? null;
  return values.questions.map((question) => ({
    ...(question.id ? { id: question.id } : {}),
    label: question.label,
    kind: question.kind,
    options: question.kind === "choice" ? question.options.split("\n").map((option) => option.trim()).filter(Boolean) : [],
    required: question.required,
    ticketTypes: typeNames && question.ticketTypes ? question.ticketTypes.filter((name) => typeNames.includes(name.trim().toLowerCase())) : null,
  }));
}

/** The form's field a schema issue is about; a type's (`ticketTypes.1.price`) when it is about one. */
function problemFieldOf(path: readonly PropertyKey[]): ProblemField | undefined {
  const field = formFieldOf(path[0]);
  if (field !== "ticketTypes" || typeof path[1] !== "number") return field;
  const typeField = path[2] === "pricePence" ? "price" : path[2];
  return typeof typeField === "string" && TYPE_FIELD_ORDER.includes(typeField as TicketTypeFormField) ? `ticketTypes.${path[1]}.${typeField as TicketTypeFormField}` : `ticketTypes.${path[1]}`;
}

/** A count as typed: null when empty, NaN when not a number (the schema then says what it must be). */
function countOrNull(text: string): number | null {
  return text.trim() === "" ? null : Number(text.trim());
}

/**
 * The types as the API takes them (issue 36): pounds as pence, UK times as ISO instants, blanks as null.
 * What cannot be read is a problem here; the rest is the server's schema's to judge (EventInput).
 */
function assembleTicketTypes(types: readonly TicketTypeFormValues[], problems: FieldProblem[]): TicketTypeInput[] {
  return types.map((type, index) => {
    const at = (field: TicketTypeFormField): ProblemField => `ticketTypes.${index}.${field}`;
    const priceText = type.price.trim();
    const pricePence = priceText === "" ? 0 : poundsToPence(priceText);
    if (pricePence === null) problems.push({ field: at("price"), message: "Price must be an amount in pounds, such as 12.50" });
    const salesStart = isoOrNull(type.salesStart);
    if (salesStart === undefined) problems.push({ field: at("salesStart"), message: "On sale from must be a date and time" });
    const salesEnd = isoOrNull(type.salesEnd);
    if (salesEnd === undefined) problems.push({ field: at("salesEnd"), message: "On sale until must be a date and time" });
    return {
      ...(type.id ? { id: type.id } : {}),
      name: type.name,
      description: type.description,
      pricePence: pricePence ?? 0,
      capacity: countOrNull(type.capacity),
      salesStart: salesStart ?? null,
      salesEnd: salesEnd ?? null,
      minPerOrder: countOrNull(type.minPerOrder) ?? 1,
      maxPerOrder: countOrNull(type.maxPerOrder),
      hidden: type.hidden,
    };
  });
}

/**
 * The body for POST/PATCH /api/events, checked with the schema the server uses (spec §5 Create event):
 * pounds become pence, empty fields null, times UK time as ISO instants, and an ongoing business has no
 * times. With an image file the URL is null: the file is the image. When something is wrong, the
 * problem reported is the one nearest the top of the form.
 */
export function assembleEventInput(values: EventFormValues, options: AssembleOptions): AssembledEvent {
  const problems: FieldProblem[] = [];

  // The one price, while the event sells one type (with several, each type has its own: assembleTicketTypes).
  const priceText = values.ticketTypes === null ? values.price.trim() : "";
  const pricePence = priceText === "" ? 0 : poundsToPence(priceText);
  if (pricePence === null) problems.push({ field: "price", message: "Price must be an amount in pounds, such as 12.50" });

  const maxText = values.maxAttendees.trim();
  const maxAttendees = maxText === "" ? null : Number(maxText);
  if (maxAttendees !== null && !Number.isFinite(maxAttendees)) problems.push({ field: "maxAttendees", message: "Max attendees must be a whole number" });

  // Several types (issue 36): each has its price, and the event's one price is not sent.
  const ticketTypes = values.ticketTypes === null ? undefined : assembleTicketTypes(values.ticketTypes, problems);
  const paid = ticketTypes ? ticketTypes.some((type) => type.pricePence > 0) : (pricePence ?? 0) > 0;

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
    ...(ticketTypes ? { ticketTypes } : { pricePence: pricePence ?? 0 }),
    maxAttendees: maxAttendees !== null && Number.isFinite(maxAttendees) ? maxAttendees : null,
    minAge: values.minAge === "" ? null : Number(values.minAge),
    transferCutoffHours: values.transferCutoffHours.trim() === "" ? null : Number(values.transferCutoffHours),
    questions: assembleQuestions(values),
    // Only a paid event has a booking fee to absorb.
    absorbsBookingFee: values.absorbsBookingFee && paid,
    imageUrl: options.hasImageFile ? null : values.imageUrl,
    videoUrl: values.videoUrl,
    affiliateCode: values.affiliateCode,
    organiserId: organiserIdFor(values, options.admin),
  };
  const parsed = EventInput.safeParse(assembled);
  if (parsed.success && problems.length === 0) return { ok: true, input: parsed.data };
  for (const issue of parsed.error?.issues ?? []) {
    // A question's problem names which question: the editor shows it above the list.
    const message = issue.path[0] === "questions" && typeof issue.path[1] === "number" ? `Question ${issue.path[1] + 1}: ${issue.message}` : issue.message;
    problems.push({ field: problemFieldOf(issue.path), message });
  }
  // A stable sort keeps this module's own wording ahead of the schema's for the same field.
  const first = problems.sort((a, b) => positionOf(a) - positionOf(b))[0]!;
  return { ok: false, problem: first };
}
