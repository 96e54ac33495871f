import { z } from "zod";
import { EVENT_CATEGORIES, PRICE_BANDS, SORT_OPTIONS } from "./events";

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

/** An absolute http(s) address: the only kind of link users may give (image, video, website). */
export function isWebAddress(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === "http:" || url.protocol === "https:";
  } catch {
    return false;
  }
}

/** Whether a path segment can be a row id (events, bookings): anything else cannot match, so it is a 404. */
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

export const Username = z
  .string()
  .trim()
  .min(1)
  .max(40)
  .regex(/^[A-Za-z0-9_]+$/, "Username can only contain letters, numbers, and underscores");

export const PublicProfile = z.object({
  username: z.string(),
  displayName: z.string().nullable(),
  bio: z.string().nullable(),
  avatarUrl: z.string().nullable(),
  location: z.string().nullable(),
  website: z.string().nullable(),
  createdAt: z.string(),
  events: z.array(EventSummary),
  activeEventCount: z.number().int(),
});
export type PublicProfile = z.infer<typeof PublicProfile>;

export const SiteStats = z.object({
  eventsListed: z.number().int(),
  ticketsSold: z.number().int(),
  customers: z.number().int(),
  organisers: z.number().int(),
});
export type SiteStats = z.infer<typeof SiteStats>;

export const KNOWN_CATEGORY_VALUES = EVENT_CATEGORIES.map((c) => c.value);

/** A file attached to a dev outbox message, with where to download it. */
export const MailboxAttachment = z.object({
  filename: z.string(),
  contentType: z.string(),
  size: z.number().int(),
  /** Shown inside the message (the ticket's QR code). */
  inline: z.boolean(),
  url: z.string(),
});
export type MailboxAttachment = z.infer<typeof MailboxAttachment>;

/** One message from the dev outbox (/dev/mailbox). */
export const MailboxMessage = z.object({
  id: z.string(),
  channel: z.enum(["email", "sms"]),
  to: z.string(),
  subject: z.string().nullable(),
  text: z.string(),
  html: z.string().nullable(),
  links: z.array(z.string()),
  attachments: z.array(MailboxAttachment),
  createdAt: z.string(),
});
export type MailboxMessage = z.infer<typeof MailboxMessage>;
