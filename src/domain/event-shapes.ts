import { z } from "zod";
import { EVENT_CATEGORIES, PRICE_BANDS, SORT_OPTIONS, VENUE_MAX_LENGTH, venueRequired } from "./events";
import { printableName } from "./printable-text";
import { isWebAddress } from "./web-address";
import { isMinAge, MIN_AGES } from "./age-limits";

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

export const EventDetail = EventSummary.extend({
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
  /** A paid event's seller, once their details are complete; null for a free event or while they are missing. */
  seller: EventSeller.nullable(),
  /** A paid event whose organiser has not completed their seller details: not on sale until they do (issue 34). */
  awaitingSellerDetails: z.boolean(),
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
    pricePence: z.number().int("Price must be in whole pence").min(0, "Price cannot be negative").max(1_000_000, "Price is too high (£10,000 at most)"),
    /** The organiser pays the booking fee out of their payout instead of the buyer (D22); absent is false. */
    absorbsBookingFee: z.boolean({ message: "absorbsBookingFee must be true or false" }).default(false),
    maxAttendees: optional(z.number().int("Max attendees must be a whole number").min(1, "Max attendees must be at least 1").max(1_000_000, "Max attendees is too high")),
    imageUrl: optional(z.union([storedImageUrl, webUrl("Image URL")], { message: "Image URL must be a web address starting with http:// or https://" })),
    videoUrl: optional(webUrl("Video URL")),
    affiliateCode: optional(z.string().trim().toUpperCase().max(32, "Affiliate code is too long").regex(/^[A-Z0-9-]+$/, "Affiliate code may contain only letters, numbers and -")),
    organiserId: optional(z.string().trim().max(100)),
    /** None (null or absent), 14, 16, 18 or 21 (issue 34). */
    minAge: optional(z.number({ message: MIN_AGE_MESSAGE }).refine(isMinAge, MIN_AGE_MESSAGE)),
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
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  status: z.string(),
  businessType: z.string(),
  minAge: z.number().int().nullable(),
});
export type EditableEvent = z.infer<typeof EditableEvent>;
