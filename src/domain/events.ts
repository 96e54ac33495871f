import { allInPrice, formatPounds, type Pence } from "./money";

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

/** How far ahead an event may be dated (issue 33): a date further off is a typo (9999-12-31), not a plan. */
export const EVENT_DATE_MAX_YEARS_AHEAD = 3;

/** The latest start or end a new date may have. */
export function latestEventDate(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + EVENT_DATE_MAX_YEARS_AHEAD);
  return latest;
}

export interface EventDates {
  dateTime: Date;
  endTime: Date | null;
}

const sameInstant = (a: Date | null, b: Date | null) => (a?.getTime() ?? null) === (b?.getTime() ?? null);

/** Whether saving `next` changes the start or the end of an event that has `current` (issue 33). */
export function eventDatesMove(next: EventDates, current: EventDates): boolean {
  return !sameInstant(next.dateTime, current.dateTime) || !sameInstant(next.endTime, current.endTime);
}

/**
 * Whether an event's start and end may be saved (issue 33): a start or end that changes (or is new, when
 * `current` is null) must be in the future and at most EVENT_DATE_MAX_YEARS_AHEAD away; one kept as it
 * was, even a past one, always may. Null when they may; else the field and the message.
 */
export function eventDatesError(next: EventDates, current: EventDates | null, now: Date = new Date()): { field: "dateTime" | "endTime"; message: string } | null {
  const latest = latestEventDate(now).getTime();
  const checks = [
    { field: "dateTime" as const, label: "Start Date & Time", date: next.dateTime, kept: current !== null && sameInstant(next.dateTime, current.dateTime) },
    { field: "endTime" as const, label: "End time", date: next.endTime, kept: current !== null && sameInstant(next.endTime, current.endTime) },
  ];
  for (const { field, label, date, kept } of checks) {
    if (!date || kept) continue;
    if (Number.isNaN(date.getTime()) || date.getTime() <= now.getTime()) return { field, message: `${label} must be in the future.` };
    if (date.getTime() > latest) return { field, message: `${label} can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.` };
  }
  return null;
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
  /** The lowest shown ticket type's price, and whether its tickets are not all at that price (eventPriceSummary). */
  pricePence: Pence;
  severalPrices: boolean;
}

export function eventKind(event: KindInput): EventKind {
  if (event.category === "ongoing-business") return "ongoing-business";
  if (isBusinessListing(event)) return "food";
  return sellsPaidTickets(event) ? "paid" : "free";
}

/** A restaurant, food or ongoing-business listing: no tickets, 'Visit Now'. Its SQL form is businessListingSql. */
export function isBusinessListing(event: Pick<KindInput, "category" | "businessType">): boolean {
  return event.category === "ongoing-business" || event.category === "food" || event.businessType === "restaurant" || event.businessType === "business_listing";
}

/**
 * Whether any of an event's ticket types is paid (eventPriceSummary keeps the two columns so): such an event
 * is sold through checkout, its free types too, at £0 (issue 36); an event of free types only is the spec's
 * free event, with no booking. Its SQL form is paidEventSql (events.sql.ts), held equal by events.sql.test.ts.
 */
export function sellsPaidTickets(event: Pick<KindInput, "pricePence" | "severalPrices">): boolean {
  return event.pricePence > 0 || event.severalPrices;
}


export interface VisibilityInput {
  status: string;
  dateTime: Date | string;
  category: string | null;
  businessType: string | null;
}

/**
 * Listed when active and upcoming; restaurants and ongoing businesses show regardless of date
 * (spec §4 Listing visibility). Its SQL form is listedSql (events.sql.ts), held equal by events.sql.test.ts.
 */
export function isListed(event: VisibilityInput, now: Date = new Date()): boolean {
  if (event.status !== "active") return false;
  if (event.businessType === "restaurant" || event.category === "ongoing-business") return true;
  return new Date(event.dateTime).getTime() >= now.getTime();
}

/** What an event card shows for price and button (spec §2 Event card): a paid event's all-in price (D21). */
export interface CardPriceRule {
  priceText: string;
  feeText: string | null;
  buttonLabel: "View Business" | "View Details" | "Buy Tickets";
}

export function cardPriceRule(event: KindInput & { absorbsBookingFee: boolean }): CardPriceRule {
  const kind = eventKind(event);
  if (kind === "food" || kind === "ongoing-business") {
    return { priceText: "Visit Now", feeText: null, buttonLabel: "View Business" };
  }
  // allInPrice says 'Free' for a free event, with no fee.
  const price = allInPrice(event);
  // Ticket types at several prices (issue 36): the card goes from the lowest shown one, all-in (D21).
  // A free type beside paid ones goes "from £0.00", never "from Free".
  const lowest = event.pricePence > 0 ? price.priceText : formatPounds(0);
  const priceText = kind === "paid" && event.severalPrices ? `from ${lowest}` : price.priceText;
  return { ...price, priceText, buttonLabel: kind === "free" ? "View Details" : "Buy Tickets" };
}

/** Price filter bands (decisions.md D4: all six apply). Bounds in pence, inclusive, of the all-in price the cards show (D21). */
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
  { value: "relevance", label: "Relevance" },
  { value: "date", label: "Date" },
  { value: "price-low", label: "Price: Low to High" },
  { value: "price-high", label: "Price: High to Low" },
  { value: "title", label: "Title" },
] as const;

export type EventSort = (typeof SORT_OPTIONS)[number]["value"];

/**
 * The order of a list whose sort was not chosen: best match first when searching, else soonest first.
 * 'relevance' without a search is the date order.
 */
export function effectiveSort(sort: EventSort | undefined, q: string | undefined): EventSort {
  return sort ?? (q ? "relevance" : "date");
}

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

/** Whether a path segment can be a row id (events, bookings): anything else cannot match, so it is a 404. */
/**
 * Who manages an event (decisions D10): its organiser, or any admin. Its SQL form is managesEventSql
 * (events.sql.ts), which the server's `managedBy` (features/events/managed-events.ts) builds on.
 */
export function managesEvent(actor: { userId: string; isAdmin: boolean }, organiserId: string): boolean {
  return actor.isAdmin || organiserId === actor.userId;
}

export function isUuid(value: string): boolean {
  return /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i.test(value);
}


