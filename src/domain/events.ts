import { z } from "zod";
import { BOOKING_FEE_TEXT, formatPounds, type Pence } from "./money";
import { isWebAddress } from "./web-address";

/** Categories offered when creating an event (spec §2 Create/edit event), plus those the catalogue shows. */
export const EVENT_CATEGORIES = [
  { value: "music", label: "Music" },
  { value: "comedy", label: "Comedy" },
  { value: "arts", label: "Arts" },
  { value: "technology", label: "Technology" },
  { value: "business", label: "Business" },
  { value: "entertainment", label: "Entertainment" },
  { value: "sports", label: "Sports" },
  { value: "education", label: "Education" },
  { value: "health", label: "Health" },
  { value: "food", label: "Restaurant/Food" },
  { value: "ongoing-business", label: "Ongoing Business" },
  { value: "other", label: "Other" },
] as const;

export type EventCategory = (typeof EVENT_CATEGORIES)[number]["value"];

export function categoryLabel(category: string | null | undefined, fallback = "Event"): string {
  if (!category) return fallback;
  const known = EVENT_CATEGORIES.find((c) => c.value === category.toLowerCase());
  if (known) return known.value === "food" ? "Food" : known.label;
  return category.charAt(0).toUpperCase() + category.slice(1);
}

export type BusinessType = "event" | "restaurant" | "business_listing";

/** The category decides the business type: food and ongoing-business are listings (spec §4 Create/edit form). */
export function businessTypeForCategory(category: string): BusinessType {
  return category === "food" || category === "ongoing-business" ? "restaurant" : "event";
}

/** Ongoing businesses have no date; their saved date_time is fixed (spec §9 Input limits). */
export const ONGOING_BUSINESS_DATE = new Date("2030-12-31T23:59:00Z");

/**
 * True when an event's saved date is the ongoing-business placeholder rather than a real date: such a
 * date is never shown to anyone (issue 17). Either sign is enough: the category, or the date itself
 * (for callers that hold only a date, such as a poster).
 */
export function hasPlaceholderDate(event: { category?: string | null; dateTime: Date | string | null | undefined }): boolean {
  if (event.category === "ongoing-business") return true;
  if (event.dateTime == null) return false;
  return new Date(event.dateTime).getTime() === ONGOING_BUSINESS_DATE.getTime();
}

/** The longest venue name the form accepts (a name, not an address: that is the location). */
export const VENUE_MAX_LENGTH = 150;

/** An event needs a venue; a food or ongoing-business listing may give only its location (issue 17). */
export function venueRequired(category: string): boolean {
  return businessTypeForCategory(category) === "event";
}

/**
 * The venue line of a card or event page: the venue, else the spec's 'Venue TBD' for an event (spec §2
 * Event card), else nothing for a business listing, whose venue is optional and whose location says it.
 */
export function venueShown({ venue, category }: { venue: string | null; category: string | null }): string | null {
  if (venue?.trim()) return venue.trim();
  return venueRequired(category ?? "") ? "Venue TBD" : null;
}

/**
 * Where an event happens, as every ticket surface writes it: "The Deaf Institute, Manchester". The
 * venue or the location alone when only one is known; "" when neither is.
 */
export function eventPlace({ venue, location }: { venue?: string | null; location?: string | null }): string {
  return [venue, location]
    .map((part) => part?.trim() ?? "")
    .filter(Boolean)
    .join(", ");
}

export type EventKind = "free" | "paid" | "food" | "ongoing-business";

export interface KindInput {
  category: string | null;
  businessType: string | null;
  pricePence: Pence;
}

export function eventKind(event: KindInput): EventKind {
  if (event.category === "ongoing-business") return "ongoing-business";
  if (event.category === "food" || event.businessType === "restaurant" || event.businessType === "business_listing") {
    return "food";
  }
  return event.pricePence > 0 ? "paid" : "free";
}

export function isBusinessListing(event: KindInput): boolean {
  const kind = eventKind(event);
  return kind === "food" || kind === "ongoing-business";
}

export interface VisibilityInput {
  status: string;
  dateTime: Date | string;
  category: string | null;
  businessType: string | null;
}

/**
 * Listed when active and upcoming; restaurants and ongoing businesses show regardless of date
 * (spec §4 Listing visibility). The server's SQL mirrors this rule in events.service.
 */
export function isListed(event: VisibilityInput, now: Date = new Date()): boolean {
  if (event.status !== "active") return false;
  if (event.businessType === "restaurant" || event.category === "ongoing-business") return true;
  return new Date(event.dateTime).getTime() >= now.getTime();
}

/** What an event card shows for price and button (spec §2 Event card). */
export interface CardPriceRule {
  priceText: string;
  feeText: string | null;
  buttonLabel: "View Business" | "View Details" | "Buy Tickets";
}

export function cardPriceRule(event: KindInput): CardPriceRule {
  const kind = eventKind(event);
  if (kind === "food" || kind === "ongoing-business") {
    return { priceText: "Visit Now", feeText: null, buttonLabel: "View Business" };
  }
  if (kind === "free") return { priceText: "Free", feeText: null, buttonLabel: "View Details" };
  return { priceText: formatPounds(event.pricePence), feeText: BOOKING_FEE_TEXT, buttonLabel: "Buy Tickets" };
}

/** Price filter bands (decisions.md D4: all six apply). Bounds in pence, inclusive. */
export const PRICE_BANDS = [
  { value: "free", label: "Free", min: 0, max: 0 },
  { value: "under-25", label: "Under £25", min: 1, max: 2499 },
  { value: "25-50", label: "£25-£50", min: 2500, max: 5000 },
  { value: "50-100", label: "£50-£100", min: 5001, max: 10000 },
  { value: "over-100", label: "Over £100", min: 10001, max: null },
] as const;

export type PriceBand = (typeof PRICE_BANDS)[number]["value"];

export function priceBandOf(pricePence: Pence): PriceBand {
  const band = PRICE_BANDS.find((b) => pricePence >= b.min && (b.max === null || pricePence <= b.max));
  return band!.value;
}

export const SORT_OPTIONS = [
  { value: "date", label: "Date" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "title", label: "Title" },
] as const;

export type EventSort = (typeof SORT_OPTIONS)[number]["value"];

/** Remaining places: null when unlimited. Never negative. */
export function remainingPlaces(maxAttendees: number | null, taken: number): number | null {
  if (maxAttendees == null) return null;
  return Math.max(0, maxAttendees - taken);
}

/** 'Sold out', 'Only N left' (when few remain) or null. */
export function availabilityText(remaining: number | null): string | null {
  if (remaining == null) return null;
  if (remaining === 0) return "Sold out";
  if (remaining <= 20) return `Only ${remaining} left`;
  return null;
}

/** List sizes (spec §9). */
export const LIST_SIZES = {
  featuredPerPage: 8,
  featuredFetchLimit: 50,
  similarEvents: 8,
  youMayAlsoLike: 12,
  eventsListSkeletons: 6,
  profileEvents: 6,
  recentSales: 10,
  eventsPageSize: 24,
} as const;

const priceBandValues = PRICE_BANDS.map((b) => b.value) as [string, ...string[]];
const sortValues = SORT_OPTIONS.map((s) => s.value) as [string, ...string[]];

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
  sort: z.enum(sortValues as [SortValue, ...SortValue[]]).default("date"),
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

/** Whether a path segment can be a row id (events, bookings): anything else cannot match, so it is a 404. */
/**
 * Who manages an event (decisions D10): its organiser, or any admin. The server's SQL form of the same
 * rule is `managedBy` in server/features/events/managed-events.ts.
 */
export function managesEvent(actor: { userId: string; isAdmin: boolean }, organiserId: string): boolean {
  return actor.isAdmin || organiserId === actor.userId;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}

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
  pricePence: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  remaining: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  status: z.string(),
  organiser: z.object({ username: z.string().nullable(), displayName: z.string().nullable() }).nullable(),
});
export type EventSummary = z.infer<typeof EventSummary>;

export const EventDetail = EventSummary.extend({
  videoUrl: z.string().nullable(),
  createdAt: z.string(),
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

export const KNOWN_CATEGORY_VALUES = EVENT_CATEGORIES.map((c) => c.value);


// Inputs of the organiser's API (issue 4): one schema per input, shared by the forms and the routes (CONVENTIONS 3).

const categoryValues = EVENT_CATEGORIES.map((c) => c.value) as [string, ...string[]];

const webUrl = (field: string) =>
  z
    .string()
    .trim()
    .max(2000, `${field} is too long`)
    .refine(isWebAddress, `${field} must be a web address starting with http:// or https://`);

const optional = <T extends z.ZodType>(schema: T) =>
  z.preprocess((value) => (typeof value === "string" && value.trim() === "" ? null : value), schema.nullish().transform((v) => v ?? null));

/** An image stored by this site for an event (/media/events/...). */
const storedImageUrl = z.string().regex(/^\/media\/(?:events\/[0-9a-f-]+\/[0-9a-f]+(?:-1200)?|seed\/[a-z0-9-]+)\.webp$/);

/**
 * The create/edit form (spec §5 Create event). Money is pence; an ongoing business has no date (the
 * server saves ONGOING_BUSINESS_DATE). `organiserId` is honoured for admins only.
 */
export const EventInput = z
  .object({
    title: z.string().trim().min(1, "Event Title is required").max(150, "Event Title is too long (150 characters at most)"),
    description: optional(z.string().trim().max(5000, "Description is too long (5000 characters at most)")),
    category: z.enum(categoryValues, { message: "Choose an event type" }),
    dateTime: optional(z.iso.datetime({ offset: true, message: "Start Date & Time must be a date and time" })),
    endTime: optional(z.iso.datetime({ offset: true, message: "End time must be a date and time" })),
    venue: optional(z.string().trim().max(VENUE_MAX_LENGTH, `Venue is too long (${VENUE_MAX_LENGTH} characters at most)`)),
    location: z.string().trim().min(1, "Location is required").max(200, "Location is too long (200 characters at most)"),
    pricePence: z.number().int("Price must be in whole pence").min(0, "Price cannot be negative").max(1_000_000, "Price is too high (£10,000 at most)"),
    maxAttendees: optional(z.number().int("Max attendees must be a whole number").min(1, "Max attendees must be at least 1").max(1_000_000, "Max attendees is too high")),
    imageUrl: optional(z.union([storedImageUrl, webUrl("Image URL")], { message: "Image URL must be a web address starting with http:// or https://" })),
    videoUrl: optional(webUrl("Video URL")),
    affiliateCode: optional(z.string().trim().toUpperCase().max(32, "Affiliate code is too long").regex(/^[A-Z0-9-]+$/, "Affiliate code may contain only letters, numbers and -")),
    organiserId: optional(z.string().trim().max(100)),
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
  maxAttendees: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  videoUrl: z.string().nullable(),
  affiliateCode: z.string().nullable(),
  status: z.string(),
  businessType: z.string(),
});
export type EditableEvent = z.infer<typeof EditableEvent>;
