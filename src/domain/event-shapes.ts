import { z } from "zod";
import { EVENT_CATEGORIES, PRICE_BANDS, SORT_OPTIONS, VENUE_MAX_LENGTH, venueRequired } from "./events";
import { printableName } from "./printable-text";
import { isWebAddress } from "./web-address";
import { isMinAge, MIN_AGES } from "./age-limits";
import { MAX_TICKETS_PER_EVENT } from "./checkout";
import { MAX_TICKET_TYPES, TICKET_TYPE_DESCRIPTION_MAX_LENGTH, TICKET_TYPE_NAME_MAX_LENGTH } from "./ticket-types";
import { TRANSFER_CUTOFF_MAX_HOURS } from "./ticket-changes";
import { MAX_QUESTION_OPTIONS, MAX_QUESTIONS, QUESTION_KINDS, QUESTION_LABEL_MAX_LENGTH, QUESTION_OPTION_MAX_LENGTH } from "./ticket-questions";

const priceBandValues = PRICE_BANDS.map((b) => b.value) as [string, ...string[]];
const sortValues = SORT_OPTIONS.map((s) => s.value) as [string, ...string[]];

const categoryValues = EVENT_CATEGORIES.map((c) => c.value) as [string, ...string[]];


/** Query of GET /api/events and the /events page's URL. */
export const EventListQuery = z.object({
  q: z
    .string()
    .trim()
    .max(200, "Search text is too long (200 characters at most)")
    // PostgreSQL text cannot hold NUL; without this check the search query fails with a 500.
    .refine((text) => !text.includes("\u0000"), "Search text contains a character that is not allowed")
    .optional(),
  category: z
    .string()
    .trim()
    .max(50, "Category is too long")
    .regex(/^[\w &/-]*$/, "Category may contain only letters, numbers, spaces and - & /")
    .optional(),
  price: z.enum(priceBandValues as [PriceBandValue, ...PriceBandValue[]]).optional(),
  // Unset means the default order (effectiveSort): relevance when searching, else date.
  sort: z.enum(sortValues as [SortValue, ...SortValue[]]).optional(),
  organiser: z
    .string()
    .trim()
    .max(40, "Organiser username is too long")
    .regex(/^[A-Za-z0-9_]*$/, "Organiser username can only contain letters, numbers, and underscores")
    .optional(),
  page: z.coerce.number().int().min(1).max(10_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(50).default(24),
});
type PriceBandValue = (typeof PRICE_BANDS)[number]["value"];
type SortValue = (typeof SORT_OPTIONS)[number]["value"];
export type EventListQuery = z.infer<typeof EventListQuery>;

export const EventId = z.uuid({ message: "Event id must be a UUID" });

/** An event as lists and cards show it. Dates are ISO strings so it crosses the wire unchanged. */
export const EventSummary = z.object({
  id: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  venue: z.string().nullable(),
  location: z.string(),
  category: z.string().nullable(),
  businessType: z.string().nullable(),
  pricePence: z.number().int().describe("The ticket price in pence as the organiser set it, before the buyer's booking fee: not the price to show a buyer (allInPricePence is)."),
  /** The organiser absorbs the booking fee (D22): buyers pay the ticket price only. */
  absorbsBookingFee: z.boolean(),
  // D21: every price a buyer sees before paying includes the booking fee.
  allInPricePence: z
    .number()
    .int()
    .describe("What a buyer pays per ticket, in pence: the ticket price plus the booking fee they pay (none when the organiser absorbs it, none on free events). The price to show a buyer."),
  /** Its ticket types have different prices: show "from" the all-in price (issue 36). */
  severalPrices: z.boolean(),
  maxAttendees: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  status: z.string(),
  /** The date a postponement replaced ("New date: …, was …"); null if never postponed. */
  previousDateTime: z.string().nullable(),
  /** The minimum age (issue 34): 14, 16, 18 or 21; null for none. */
  minAge: z.number().int().nullable(),
  organiser: z.object({ username: z.string().nullable(), displayName: z.string().nullable() }).nullable(),
});
export type EventSummary = z.infer<typeof EventSummary>;

/** Who sells a paid event's tickets (issue 34): public by the organiser's choice to sell, never their e-mail. */
export const EventSeller = z.object({
  name: z.string(),
  address: z.string(),
  kind: z.enum(["business", "individual"]),
  companyNumber: z.string().nullable(),
});

/** A ticket type as buyers see it (issue 36): shown types only; hidden ones are sold through a code. */
export const TicketTypeView = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  pricePence: z.number().int().describe("The type's price in pence before the buyer's booking fee: not the price to show a buyer (allInPricePence is)."),
  allInPricePence: z.number().int().describe("What a buyer pays per ticket of this type, booking fee included (D21)."),
  remaining: z.number().int().nullable().describe("Places left for this type: the least of its own and the event's; null for no limit."),
  onSale: z.boolean().describe("Whether it can be bought now: inside its sales window with places left, on an event that is on sale."),
  salesState: z.enum(["not-yet", "on-sale", "ended"]),
  salesStart: z.string().nullable(),
  salesEnd: z.string().nullable(),
  minPerOrder: z.number().int(),
  maxPerOrder: z.number().int().describe("The most one order may hold: the type's own limit, never above the per-event limit."),
  discountPence: z.number().int().optional().describe("With `?code=` (issue 37): what the code takes off each ticket; pricePence and allInPricePence are then the prices with it."),
});
export type TicketTypeView = z.infer<typeof TicketTypeView>;

/** A question the organiser asks about each ticket's attendee (issue 36); ticketTypeIds null: on every ticket. */
export const TicketQuestionView = z.object({
  id: z.string(),
  label: z.string(),
  kind: z.enum(QUESTION_KINDS),
  options: z.array(z.string()),
  required: z.boolean(),
  ticketTypeIds: z.array(z.string()).nullable(),
});

export const EventDetail = EventSummary.extend({
  /** The types a buyer can see, in the organiser's order (issue 36). */
  ticketTypes: z.array(TicketTypeView),
  /** What checkout asks about each ticket's attendee, in order (issue 36). */
  questions: z.array(TicketQuestionView),
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** A paid event's seller, once their details are complete; null for a free event or while they are missing. */
  seller: EventSeller.nullable(),
  /** A paid event whose organiser has not completed their seller details: not on sale until they do (issue 34). */
  awaitingSellerDetails: z.boolean(),
  /** The event's waiting list (issue 37, decision 043): whether buyers may join it once a type sells out. No per-user data: the page is cached. */
  waitingList: z.object({ enabled: z.boolean() }),
  /** With `?code=` (issue 37): the code as it stands for this event; `message` says why it cannot be used, null when it can. */
  code: z
    .object({ code: z.string(), state: z.enum(["not-found", "inactive", "not-yet", "expired", "used-up", "ok"]), message: z.string().nullable(), effectText: z.string().nullable() })
    .optional(),
});
export type EventDetail = z.infer<typeof EventDetail>;

export const EventListResult = z.object({
  events: z.array(EventSummary),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  stats: z.object({ events: z.number().int(), locations: z.number().int(), categories: z.number().int() }),
});
export type EventListResult = z.infer<typeof EventListResult>;

export const CategoryCount = z.object({ category: z.string(), count: z.number().int() });
export type CategoryCount = z.infer<typeof CategoryCount>;

const webUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2000, `${field} is too long`)
    .refine(isWebAddress, `${field} must be a web address starting with http:// or https://`);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullish().transform((v) => v ?? null));

const MIN_AGE_MESSAGE = `Minimum age must be none or one of ${MIN_AGES.join(", ")}`;

/** An image stored by this site for an event (/media/events/...). */
const storedImageUrl = z.string().regex(/^\/media\/(?:events\/[0-9a-f-]+\/[0-9a-f]+(?:-1200)?|seed\/[a-z0-9-]+)\.webp$/);

const dateTimeField = (field: string) => optional(z.iso.datetime({ offset: true, message: `${field} must be a date and time` }));
const perOrder = (field: string) =>
  z
    .number({ message: `${field} must be a number` })
    .int(`${field} must be a whole number`)
    .min(1, `${field} must be at least 1`)
    .max(MAX_TICKETS_PER_EVENT, `${field} must be at most ${MAX_TICKETS_PER_EVENT}`);

/** One ticket type of the create/edit form (issue 36); `id` names an existing type to change. */
export const TicketTypeInput = z
  .object({
    id: z.uuid("Ticket type id must be a ticket type's id").optional(),
    name: z
      .string({ message: "Ticket type name is required" })
      .trim()
      .min(1, "Ticket type name is required")
      .max(TICKET_TYPE_NAME_MAX_LENGTH, `Ticket type name is too long (${TICKET_TYPE_NAME_MAX_LENGTH} characters at most)`)
      .superRefine(printableName("Ticket type name")),
    description: optional(z.string().trim().max(TICKET_TYPE_DESCRIPTION_MAX_LENGTH, `Ticket type description is too long (${TICKET_TYPE_DESCRIPTION_MAX_LENGTH} characters at most)`)),
    pricePence: z.number({ message: "Ticket type price must be a number" }).int("Price must be in whole pence").min(0, "Price cannot be negative").max(1_000_000, "Price is too high (£10,000 at most)"),
    capacity: optional(z.number({ message: "Ticket type capacity must be a number" }).int("Ticket type capacity must be a whole number").min(1, "Ticket type capacity must be at least 1").max(1_000_000, "Ticket type capacity is too high")),
    salesStart: dateTimeField("On sale from"),
    salesEnd: dateTimeField("On sale until"),
    minPerOrder: perOrder("Minimum per order").default(1),
    maxPerOrder: optional(perOrder("Maximum per order")),
    hidden: z.boolean({ message: "hidden must be true or false" }).default(false),
  })
  .superRefine((type, ctx) => {
    if (type.maxPerOrder !== null && type.maxPerOrder < type.minPerOrder) {
      ctx.addIssue({ code: "custom", path: ["maxPerOrder"], message: "Maximum per order cannot be below the minimum" });
    }
    if (type.salesStart && type.salesEnd && new Date(type.salesEnd) <= new Date(type.salesStart)) {
      ctx.addIssue({ code: "custom", path: ["salesEnd"], message: "On sale until must be after on sale from" });
    }
  });
export type TicketTypeInput = z.input<typeof TicketTypeInput>;
/** A ticket type as the form's checks leave it (defaults applied, blanks as null). */
export type TicketTypeValues = z.output<typeof TicketTypeInput>;

/**
 * A question of the create/edit form (issue 36): `id` names an existing question to change; `ticketTypes`
 * names the event's types it is asked on (absent or null: every ticket).
 */
export const QuestionInput = z
  .object({
    id: z.uuid("Question id must be a question's id").optional(),
    label: z
      .string({ message: "Question is required" })
      .trim()
      .min(1, "Question is required")
      .max(QUESTION_LABEL_MAX_LENGTH, `Question is too long (${QUESTION_LABEL_MAX_LENGTH} characters at most)`)
      .superRefine(printableName("Question")),
    kind: z.enum(QUESTION_KINDS, { message: "A question's kind is text, choice or checkbox" }),
    options: z
      .array(
        z
          .string({ message: "An option must be text" })
          .trim()
          .min(1, "An option cannot be empty")
          .max(QUESTION_OPTION_MAX_LENGTH, `An option is too long (${QUESTION_OPTION_MAX_LENGTH} characters at most)`)
          .superRefine(printableName("Option")),
      )
      .max(MAX_QUESTION_OPTIONS, `A question can offer at most ${MAX_QUESTION_OPTIONS} options`)
      .default([]),
    required: z.boolean({ message: "required must be true or false" }).default(false),
    ticketTypes: z.array(z.string({ message: "A ticket type must be named" }).trim().min(1, "A ticket type must be named")).max(MAX_TICKET_TYPES).nullish(),
  })
  .superRefine((question, ctx) => {
    if (question.kind === "choice" && question.options.length < 2) ctx.addIssue({ code: "custom", path: ["options"], message: "A choice needs at least two options" });
    if (question.kind !== "choice" && question.options.length > 0) ctx.addIssue({ code: "custom", path: ["options"], message: "Only a choice has options" });
    const seen = new Set<string>();
    for (const [index, option] of question.options.entries()) {
      if (seen.has(option.toLowerCase())) ctx.addIssue({ code: "custom", path: ["options", index], message: `${option} is offered twice` });
      seen.add(option.toLowerCase());
    }
    if (question.ticketTypes && question.ticketTypes.length === 0) ctx.addIssue({ code: "custom", path: ["ticketTypes"], message: "Ask it on at least one ticket type, or on every ticket" });
  });
export type QuestionInput = z.input<typeof QuestionInput>;
/** A question as the form's checks leave it (defaults applied). */
export type QuestionValues = z.output<typeof QuestionInput>;

/**
 * The create/edit form (spec §5 Create event). Money is pence; an ongoing business has no date (the
 * server saves ONGOING_BUSINESS_DATE). `organiserId` is honoured for admins only.
 */
export const EventInput = z
  .object({
    title: z.string().trim().min(1, "Event Title is required").max(150, "Event Title is too long (150 characters at most)").superRefine(printableName("Event Title")),
    description: optional(z.string().trim().max(5000, "Description is too long (5000 characters at most)")),
    category: z.enum(categoryValues, { message: "Choose an event type" }),
    dateTime: optional(z.iso.datetime({ offset: true, message: "Start Date & Time must be a date and time" })),
    endTime: optional(z.iso.datetime({ offset: true, message: "End time must be a date and time" })),
    venue: optional(z.string().trim().max(VENUE_MAX_LENGTH, `Venue is too long (${VENUE_MAX_LENGTH} characters at most)`)),
    location: z.string().trim().min(1, "Location is required").max(200, "Location is too long (200 characters at most)"),
    /** The spec's one price: the event's one type (issue 36). Not needed when ticketTypes are given. */
    pricePence: z.number({ message: "Price is required" }).int("Price must be in whole pence").min(0, "Price cannot be negative").max(1_000_000, "Price is too high (£10,000 at most)").optional(),
    /** What the event sells (issue 36): absent, it sells one type at pricePence. The full list: a type left out is removed. */
    ticketTypes: z.array(TicketTypeInput).min(1, "An event needs at least one ticket type").max(MAX_TICKET_TYPES, `An event can have at most ${MAX_TICKET_TYPES} ticket types`).optional(),
    /** What checkout asks about each ticket's attendee (issue 36): the full list on an edit; absent keeps the event's questions. */
    questions: z.array(QuestionInput).max(MAX_QUESTIONS, `An event can ask at most ${MAX_QUESTIONS} questions`).optional(),
    /** The organiser pays the booking fee out of their payout instead of the buyer (D22); absent is false. */
    absorbsBookingFee: z.boolean({ message: "absorbsBookingFee must be true or false" }).default(false),
    maxAttendees: optional(z.number().int("Max attendees must be a whole number").min(1, "Max attendees must be at least 1").max(1_000_000, "Max attendees is too high")),
    imageUrl: optional(z.union([storedImageUrl, webUrl("Image URL")], { message: "Image URL must be a web address starting with http:// or https://" })),
    videoUrl: optional(webUrl("Video URL")),
    affiliateCode: optional(z.string().trim().toUpperCase().max(32, "Affiliate code is too long").regex(/^[A-Z0-9-]+$/, "Affiliate code may contain only letters, numbers and -")),
    organiserId: optional(z.string().trim().max(100)),
    /** None (null or absent), 14, 16, 18 or 21 (issue 34). */
    minAge: optional(z.number({ message: MIN_AGE_MESSAGE }).refine(isMinAge, MIN_AGE_MESSAGE)),
    /** Buyers may pass tickets on until this many hours before the start (issue 36); absent or null: until the start. */
    transferCutoffHours: optional(
      z
        .number({ message: "Transfer cut-off must be a number of hours" })
        .int("Transfer cut-off must be a whole number of hours")
        .min(0, "Transfer cut-off cannot be negative")
        .max(TRANSFER_CUTOFF_MAX_HOURS, `Transfer cut-off can be at most ${TRANSFER_CUTOFF_MAX_HOURS} hours before the start`),
    ),
  })
  .superRefine((input, ctx) => {
    if (!input.venue && venueRequired(input.category)) {
      ctx.addIssue({ code: "custom", path: ["venue"], message: "Venue is required" });
    }
    if (input.category !== "ongoing-business" && !input.dateTime) {
      ctx.addIssue({ code: "custom", path: ["dateTime"], message: "Start Date & Time is required" });
    }
    if (input.category !== "ongoing-business" && input.dateTime && input.endTime && new Date(input.endTime) <= new Date(input.dateTime)) {
      ctx.addIssue({ code: "custom", path: ["endTime"], message: "End time must be after the start" });
    }
    if (input.pricePence === undefined && !input.ticketTypes) ctx.addIssue({ code: "custom", path: ["pricePence"], message: "Price is required" });
    const names = new Set<string>();
    for (const [index, type] of (input.ticketTypes ?? []).entries()) {
      const key = type.name.toLowerCase();
      if (names.has(key)) ctx.addIssue({ code: "custom", path: ["ticketTypes", index, "name"], message: `Two ticket types are called ${type.name}: give each its own name` });
      names.add(key);
    }
    const ids = (input.ticketTypes ?? []).flatMap((type) => (type.id ? [type.id] : []));
    if (new Set(ids).size !== ids.length) ctx.addIssue({ code: "custom", path: ["ticketTypes"], message: "A ticket type is listed twice" });
    const labels = new Set<string>();
    for (const [index, question] of (input.questions ?? []).entries()) {
      if (labels.has(question.label.toLowerCase())) ctx.addIssue({ code: "custom", path: ["questions", index, "label"], message: `“${question.label}” is asked twice` });
      labels.add(question.label.toLowerCase());
      // Against the types of this same form; an edit without a types list is checked against the event's own.
      const unknown = input.ticketTypes && question.ticketTypes?.find((name) => !names.has(name.toLowerCase()));
      if (unknown) ctx.addIssue({ code: "custom", path: ["questions", index, "ticketTypes"], message: `${unknown} is not one of this event's ticket types` });
    }
    const questionIds = (input.questions ?? []).flatMap((question) => (question.id ? [question.id] : []));
    if (new Set(questionIds).size !== questionIds.length) ctx.addIssue({ code: "custom", path: ["questions"], message: "A question is listed twice" });
  });
export type EventInput = z.input<typeof EventInput>;

/** An event as its owner edits it. */
export const EditableEvent = z.object({
  id: z.string(),
  userId: z.string(),
  title: z.string(),
  description: z.string().nullable(),
  category: z.string().nullable(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  venue: z.string().nullable(),
  location: z.string(),
  pricePence: z.number().int(),
  absorbsBookingFee: z.boolean(),
  maxAttendees: z.number().int().nullable(),
  /** Every type, hidden ones too, in order; `sold` tickets (confirmed) and whether it may be removed. */
  ticketTypes: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      description: z.string().nullable(),
      pricePence: z.number().int(),
      capacity: z.number().int().nullable(),
      salesStart: z.string().nullable(),
      salesEnd: z.string().nullable(),
      minPerOrder: z.number().int(),
      maxPerOrder: z.number().int().nullable(),
      hidden: z.boolean(),
      sold: z.number().int(),
      removable: z.boolean(),
    }),
  ),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  status: z.string(),
  businessType: z.string(),
  minAge: z.number().int().nullable(),
  transferCutoffHours: z.number().int(),
  /** The questions as the form edits them: ticketTypes by name, null for every ticket. */
  questions: z.array(
    z.object({ id: z.string(), label: z.string(), kind: z.enum(QUESTION_KINDS), options: z.array(z.string()), required: z.boolean(), ticketTypes: z.array(z.string()).nullable() }),
  ),
});
export type EditableEvent = z.infer<typeof EditableEvent>;
