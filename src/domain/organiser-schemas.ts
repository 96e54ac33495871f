import { z } from "zod";
import { EVENT_CATEGORIES, VENUE_MAX_LENGTH, venueRequired } from "./events";
import { isWebAddress } from "./schemas";

// Inputs and answers of the organiser's API (issue 4): creating and editing events, the dashboard,
// attendees and check-in. One schema per input, shared by the forms and the routes (CONVENTIONS 3).

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

export const AffiliateLookup = z.union([
  z.object({ valid: z.literal(true), code: z.string(), displayName: z.string() }),
  z.object({ valid: z.literal(false), code: z.string() }),
]);
export type AffiliateLookup = z.infer<typeof AffiliateLookup>;

/** One of the organiser's events on the dashboard, with its confirmed sales. */
export const DashboardEvent = z.object({
  id: z.string(),
  title: z.string(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  location: z.string(),
  category: z.string().nullable(),
  businessType: z.string().nullable(),
  status: z.string(),
  pricePence: z.number().int(),
  maxAttendees: z.number().int().nullable(),
  imageUrl: z.string().nullable(),
  createdAt: z.string(),
  ticketsSold: z.number().int(),
  revenuePence: z.number().int(),
});
export type DashboardEvent = z.infer<typeof DashboardEvent>;

/** GET /api/me/events: the signed-in user's events with their sales. */
export const OwnEventList = z.object({ events: z.array(DashboardEvent) });
export type OwnEventList = z.infer<typeof OwnEventList>;

export const Sale = z.object({
  bookingId: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  attendeeName: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  createdAt: z.string(),
});
export type Sale = z.infer<typeof Sale>;

export const SalesAnalytics = z.object({
  /** The 10 newest confirmed sales across the organiser's events (spec §9 List sizes). */
  recentSales: z.array(Sale),
  perEvent: z.array(z.object({ eventId: z.string(), title: z.string(), revenuePence: z.number().int(), ticketsSold: z.number().int(), bookings: z.number().int() })),
  /** Confirmed sales per UK calendar day over the last 30 days, oldest first, days without sales included. */
  daily: z.array(z.object({ date: z.string(), revenuePence: z.number().int(), tickets: z.number().int() })),
  totals: z.object({ revenuePence: z.number().int(), ticketsSold: z.number().int(), bookings: z.number().int() }),
});
export type SalesAnalytics = z.infer<typeof SalesAnalytics>;

/** A booking of the signed-in user (dashboard My Bookings). */
export const OwnBooking = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  eventDateTime: z.string(),
  eventVenue: z.string().nullable(),
  eventLocation: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  ticketCode: z.string(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnBooking = z.infer<typeof OwnBooking>;

export const Attendee = z.object({
  bookingId: z.string(),
  name: z.string(),
  email: z.string(),
  tickets: z.number().int(),
  amountPence: z.number().int(),
  bookedAt: z.string(),
  ticketCode: z.string(),
  qrCode: z.string().nullable(),
  checkedInAt: z.string().nullable(),
});
export type Attendee = z.infer<typeof Attendee>;

export const AttendeeList = z.object({
  event: z.object({ id: z.string(), title: z.string(), dateTime: z.string(), venue: z.string().nullable(), location: z.string() }),
  attendees: z.array(Attendee),
});
export type AttendeeList = z.infer<typeof AttendeeList>;

export const CheckInResult = z.object({ bookingId: z.string(), checkedInAt: z.string(), alreadyCheckedIn: z.boolean() });
export type CheckInResult = z.infer<typeof CheckInResult>;

/** The QR payload of a ticket (spec §3 QR payload). */
export const TicketQrPayload = z.object({
  ticketId: z.string(),
  bookingId: z.string(),
  eventTitle: z.string(),
  attendeeName: z.string(),
  eventDate: z.string(),
  ticketQuantity: z.number().int(),
});
export type TicketQrPayload = z.infer<typeof TicketQrPayload>;

/**
 * A ticket's QR payload with the server's Ed25519 signature (decisions D13): the spec's six fields, the
 * id of the signing key, and the signature (base64url) over `ticketSignatureMessage` (tickets.ts).
 */
export const SignedTicketPayload = TicketQrPayload.extend({ kid: z.string().min(1).max(32), sig: z.string().min(1).max(200) });
export type SignedTicketPayload = z.infer<typeof SignedTicketPayload>;

/** The dashboard ticket viewer's answer. */
export const TicketView = z.object({
  bookingId: z.string(),
  ticketCode: z.string(),
  stripeSessionId: z.string().nullable(),
  status: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  event: z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), dateTime: z.string(), venue: z.string().nullable(), location: z.string() }),
  qrPayload: SignedTicketPayload,
});
export type TicketView = z.infer<typeof TicketView>;

/** A live sale pushed to the organiser (GET /api/realtime/bookings, SSE event 'sale'). */
export const LiveSale = Sale.extend({
  change: z.enum(["new", "updated"]),
  /** The event's check-in figures as of this change (a check-in is an update): the scanner's live counter. */
  checkIns: z.object({ admitted: z.number().int(), expected: z.number().int() }),
});
export type LiveSale = z.infer<typeof LiveSale>;
