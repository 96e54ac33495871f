import { z } from "zod";
import { BuyerRefundOptions } from "./refund-request-shapes";
import { TicketEmailStatus } from "./ticket-email-shapes";

/** A public ticket-signing key: raw 32-byte Ed25519 public key, base64url. */
export const TicketSigningKey = z.object({ kid: z.string(), publicKey: z.string() });
export type TicketSigningKey = z.infer<typeof TicketSigningKey>;

/** spec §3 Ticket e-mail result, also the answer of send-test-email. */
export const TicketEmailResult = z.object({ success: z.boolean(), provider: z.string(), recipient: z.string().nullable(), error: z.string().nullable() });
export type TicketEmailResult = z.infer<typeof TicketEmailResult>;

/** POST /api/functions/send-test-email (spec §5 Email-test form; decisions D12). */
export const SendTestEmailInput = z.object({
  toEmail: z.email("Please enter a valid e-mail address").max(254),
  subject: z.string().trim().min(1, "Subject is required").max(200),
  htmlContent: z.string().trim().min(1, "HTML Content is required").max(100_000),
});
export type SendTestEmailInput = z.infer<typeof SendTestEmailInput>;

/**
 * How a scan is made at the door (issue 38): through which check-in list (none: the event's default list),
 * in or out (an exit scan allows re-entry where the list says so), confirmed by staff outside the door
 * window, and the device's own id and the scan's nonce (a repeated nonce from a device records nothing twice).
 */
export const DoorScanFields = z.object({
  listId: z.uuid().optional(),
  direction: z.enum(["in", "out"]).default("in"),
  confirm: z.boolean().default(false),
  deviceId: z.string().trim().min(1).max(100).optional(),
  nonce: z.string().trim().min(1).max(100).optional(),
});
export type DoorScanFields = z.infer<typeof DoorScanFields>;

/**
 * POST /api/functions/check-ticket: the spec's {ticketId, checkIn}, plus the raw scanned text `qr`
 * so the server can verify the signature of a scanned JSON payload.
 */
export const CheckTicketInput = z.object({
  ticketId: z.string().trim().max(2000).optional(),
  qr: z.string().max(4000).optional(),
  checkIn: z.boolean().default(false),
  /** The event this door admits to: a ticket for any other event is refused. Without it, any event the actor manages. */
  eventId: z.string().trim().max(100).optional(),
  ...DoorScanFields.shape,
});
export type CheckTicketInput = z.infer<typeof CheckTicketInput>;


/** spec §3 Check result. */
export const CheckResult = z.object({
  valid: z.boolean(),
  error: z.string().nullable(),
  ticketId: z.string().nullable(),
  status: z.string().nullable(),
  alreadyCheckedIn: z.boolean(),
  checkedInAt: z.string().nullable(),
  /** minAge: the event's minimum age (issue 34), null for none; the door shows "18+: check ID". */
  event: z.object({ id: z.string(), title: z.string(), date: z.string(), venue: z.string().nullable(), location: z.string().nullable(), minAge: z.number().int().nullable() }).nullable(),
  attendee: z.object({ name: z.string(), email: z.string(), tickets: z.number().int() }).nullable(),
  /** Issue 38: refused only for the time (another day, or outside the list's window): staff may confirm it in. */
  needsConfirmation: z.boolean().optional(),
  /** The ticket's type, the list the scan went through, and whether this scan was an entry or an exit. */
  ticketType: z.string().nullish(),
  list: z.object({ id: z.string(), name: z.string() }).nullish(),
  direction: z.enum(["in", "out"]).optional(),
  /** For "Already checked in": who let it in first, and through which list. */
  checkedInBy: z.string().nullish(),
  checkedInList: z.string().nullish(),
});
export type CheckResult = z.infer<typeof CheckResult>;

/**
 * The scanner's live counter for one event (GET /api/events/:id/check-in-counts, and with each live
 * sale): tickets admitted so far and tickets sold (confirmed), counted in tickets, not bookings.
 */
export const CheckInCounts = z.object({ eventId: z.string(), admitted: z.number().int(), expected: z.number().int() });
export type CheckInCounts = z.infer<typeof CheckInCounts>;

/**
 * The ticket list a scanner downloads to keep admitting people offline (GET /api/events/:id/check-in-list).
 * It carries revocations too: refunded and disputed tickets (and, for a cancelled event, every ticket it
 * sold) with their status, so a scanner refuses them by name (revokedTicketMessage in refunds.ts).
 */
export const CheckInListTicket = z.object({
  ticketId: z.string(),
  bookingId: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  ticketQuantity: z.number().int(),
  status: z.string(),
  checkedInAt: z.string().nullable(),
  /** Issue 38 (optional: lists downloaded before have none): its type, who admitted it first and where, its latest move. */
  ticketTypeId: z.string().optional(),
  typeName: z.string().optional(),
  checkedInBy: z.string().nullish(),
  checkedInList: z.string().nullish(),
  lastMove: z.enum(["in", "out"]).nullish(),
});
export type CheckInListTicket = z.infer<typeof CheckInListTicket>;

export const CheckInList = z.object({
  // Lists downloaded before venues (or event statuses) were sent have none: optional, so they still read.
  event: z.object({
    id: z.string(),
    title: z.string(),
    dateTime: z.string(),
    venue: z.string().nullish(),
    location: z.string(),
    status: z.string().optional(),
    minAge: z.number().int().nullish(),
    /** Issue 38: the door window's inputs (src/domain/door.ts), so an offline scanner keeps the right-day rule. */
    endTime: z.string().nullish(),
    doorOpensMinutesBefore: z.number().int().optional(),
  }),
  /** The event's check-in lists (issue 38); the default list first. */
  lists: z
    .array(
      z.object({
        id: z.string(),
        name: z.string(),
        isDefault: z.boolean(),
        ticketTypeIds: z.array(z.string()).nullable(),
        opensAt: z.string().nullable(),
        closesAt: z.string().nullable(),
        allowMultipleEntries: z.boolean(),
        allowReentry: z.boolean(),
      }),
    )
    .optional(),
  keys: z.array(TicketSigningKey),
  tickets: z.array(CheckInListTicket),
  /** Codes no ticket carries any more (a transfer gave the ticket a new one, issue 36), with why the door refuses them. */
  revoked: z.array(z.object({ ticketId: z.string(), reason: z.string() })).optional(),
  downloadedAt: z.string(),
});
export type CheckInList = z.infer<typeof CheckInList>;

/** Check-ins made offline, sent when back online (POST /api/events/:id/check-ins). */
export const OfflineCheckIns = z.object({
  checkIns: z
    .array(
      z.object({
        ticketId: z.string().trim().min(1).max(100),
        checkedInAt: z.iso.datetime({ offset: true }),
        /** The scan was of a QR signed for several tickets (sent before tickets were records, decision 041): admit its booking's valid tickets. */
        wholeBooking: z.boolean().optional(),
        /** Issue 38: the list, direction, staff confirmation and nonce of the scan, as the device made it. */
        listId: z.uuid().optional(),
        direction: z.enum(["in", "out"]).default("in"),
        confirmed: z.boolean().default(false),
        nonce: z.string().trim().min(1).max(100).optional(),
      }),
    )
    .min(1)
    .max(5000),
  /** The scanning device's own id (kept on the device): with each scan's nonce, a repeated upload records nothing twice. */
  deviceId: z.string().trim().min(1).max(100).optional(),
});
export type OfflineCheckIns = z.infer<typeof OfflineCheckIns>;

/**
 * The server's answer per offline check-in. First scan wins: `admitted` when this was the first,
 * `conflict` when the ticket had also been admitted elsewhere (`checkedInAt` is the time kept, the
 * earliest), `invalid` when the ticket is unknown for this event or not paid.
 */
export const OfflineCheckInOutcome = z.object({
  ticketId: z.string(),
  outcome: z.enum(["admitted", "exited", "conflict", "invalid"]),
  checkedInAt: z.string().nullable(),
  error: z.string().nullable(),
});
export type OfflineCheckInOutcome = z.infer<typeof OfflineCheckInOutcome>;

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

/** A ticket's state as its attendee reads it: valid, or refunded (its place given back); admitted once checkedInAt is set (issue 36). */
const TicketStatusShape = z.enum(["valid", "refunded"]);

/** One ticket of a booking (issue 36: one per attendee), in its place in the booking. */
export const BookingTicket = z.object({
  ticketId: z.string(),
  /** Its place in the booking, from 1. */
  position: z.number().int(),
  /** Its own code (ticket 1 carries its booking's). */
  code: z.string(),
  attendeeName: z.string(),
  /** The ticket type's name. */
  typeName: z.string(),
  status: TicketStatusShape,
  /** When it was admitted at the door; null until then. */
  checkedInAt: z.string().nullable(),
});
export type BookingTicket = z.infer<typeof BookingTicket>;

/** A ticket with its own signed QR payload: null when it admits no one (refunded, or its booking refunded or disputed). */
export const SignedBookingTicket = BookingTicket.extend({ qrPayload: SignedTicketPayload.nullable() });
export type SignedBookingTicket = z.infer<typeof SignedBookingTicket>;

/**
 * One card of /my-tickets (GET /api/me/tickets). The list comes upcoming first, soonest first, then
 * past, most recent first; `period` says which section a ticket belongs to (issue 17).
 */
/** How a booking stands after refunds (BookingRefundState in refunds.ts), in every booking shape below. */
const RefundStateShape = z.enum(["none", "partly-refunded", "refunded"]);

export const MyTicket = z.object({
  bookingId: z.string(),
  period: z.enum(["upcoming", "past"]),
  ticketCode: z.string(),
  status: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  /** Tickets refunded so far (ticketQuantity is what is still valid). */
  refundedQuantity: z.number().int(),
  refundState: RefundStateShape,
  /** Paid back to the buyer so far, from the ledger. */
  refundedPence: z.number().int(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  event: z.object({
    id: z.string(),
    title: z.string(),
    dateTime: z.string(),
    venue: z.string().nullable(),
    location: z.string(),
    imageUrl: z.string().nullable(),
    minAge: z.number().int().nullable(),
    /** active or cancelled, and the hours before the start at which passing tickets on closes: what `ticketTransferRefusal` reads (issue 36). */
    status: z.string(),
    transferCutoffHours: z.number().int(),
  }),
  /**
   * The signed QR of the booking's first ticket, the one `ticketCode` names (one ticket: ticketQuantity 1), for
   * clients that read one QR per booking; `tickets` carries every ticket's own.
   */
  qrPayload: SignedTicketPayload,
  /** Every ticket of the booking by position, each with its attendee, type, state and its own signed QR (issue 36). */
  tickets: z.array(SignedBookingTicket),
  ticketEmail: TicketEmailStatus,
  /** Whether the buyer may ask for a refund, and their latest request (decision 027). */
  refund: BuyerRefundOptions,
  /** The paid order the booking was bought in, whose receipt My Tickets links to (issue 20); null for a free booking. */
  orderId: z.string().nullable(),
});
export type MyTicket = z.infer<typeof MyTicket>;

/** A booking of the signed-in user (dashboard My Bookings). */
export const OwnBooking = z.object({
  id: z.string(),
  eventId: z.string(),
  eventTitle: z.string(),
  eventDateTime: z.string(),
  eventVenue: z.string().nullable(),
  eventLocation: z.string(),
  status: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  /** Tickets refunded so far (ticketQuantity is what is still valid). */
  refundedQuantity: z.number().int(),
  refundState: RefundStateShape,
  /** Paid back to the buyer so far, from the ledger. */
  refundedPence: z.number().int(),
  ticketCode: z.string(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
});
export type OwnBooking = z.infer<typeof OwnBooking>;

/**
 * One ticket of an event's attendee list (issue 36: a row per ticket), with its booking's buyer and money as
 * sold: the booking stays the unit of money, and refunds are still of a booking's tickets.
 */
export const Attendee = z.object({
  ticketId: z.string(),
  /** The ticket's own code (ticket 1 carries its booking's). */
  ticketCode: z.string(),
  /** The ticket's attendee, and their e-mail: their own when the buyer gave one, else the buyer's. */
  name: z.string(),
  email: z.string(),
  /** The ticket type's name (issue 36). */
  typeName: z.string(),
  /** valid, or refunded (its place given back). */
  ticketStatus: z.enum(["valid", "refunded"]),
  /** When this ticket was admitted; null until then. */
  checkedInAt: z.string().nullable(),
  bookingId: z.string(),
  buyerName: z.string(),
  buyerEmail: z.string(),
  /** The booking's status: confirmed, refunded (no ticket left) or disputed. */
  status: z.string(),
  /** The booking's tickets still valid. */
  tickets: z.number().int(),
  amountPence: z.number().int(),
  refundedTickets: z.number().int(),
  refundState: RefundStateShape,
  refundedPence: z.number().int(),
  /** The booking's prices as sold, so the refund form can state what goes back (refundAmounts). */
  unitPricePence: z.number().int(),
  feePerTicketPence: z.number().int(),
  bookedAt: z.string(),
  /** The booking's code, and its signed QR when one was drawn. */
  bookingCode: z.string(),
  qrCode: z.string().nullable(),
  /** When the booking's first ticket was admitted. */
  bookingCheckedInAt: z.string().nullable(),
  /** The attendee's answers to the event's questions (issue 36), each with the question as it was asked. */
  answers: z.array(z.object({ questionId: z.string(), question: z.string(), answer: z.union([z.string(), z.boolean()]) })),
});
export type Attendee = z.infer<typeof Attendee>;

export const AttendeeList = z.object({
  event: z.object({ id: z.string(), title: z.string(), dateTime: z.string(), venue: z.string().nullable(), location: z.string() }),
  attendees: z.array(Attendee),
});
export type AttendeeList = z.infer<typeof AttendeeList>;

/** A check-in from the dashboard: of a booking (all its valid tickets) or of one ticket (`ticketId`, issue 36). */
export const CheckInResult = z.object({ bookingId: z.string(), ticketId: z.string().optional(), checkedInAt: z.string(), alreadyCheckedIn: z.boolean() });
export type CheckInResult = z.infer<typeof CheckInResult>;

/**
 * The dashboard ticket viewer's answer: the booking, the ticket the identifier named (a ticket code names its
 * own ticket; a booking id or payment session names the booking's first valid ticket, else its first) with its
 * signed QR, and every ticket of the booking listed (issue 36).
 */
export const TicketView = z.object({
  bookingId: z.string(),
  ticketCode: z.string(),
  stripeSessionId: z.string().nullable(),
  status: z.string(),
  attendeeName: z.string(),
  attendeeEmail: z.string(),
  ticketQuantity: z.number().int(),
  totalAmountPence: z.number().int(),
  /** Tickets refunded so far (ticketQuantity is what is still valid). */
  refundedQuantity: z.number().int(),
  refundState: RefundStateShape,
  /** Paid back to the buyer so far, from the ledger. */
  refundedPence: z.number().int(),
  checkedInAt: z.string().nullable(),
  createdAt: z.string(),
  event: z.object({ id: z.string(), title: z.string(), description: z.string().nullable(), dateTime: z.string(), venue: z.string().nullable(), location: z.string() }),
  /** The ticket looked up: its attendee, type and state. */
  ticket: BookingTicket,
  /** That ticket's signed QR payload (one ticket: ticketQuantity 1). */
  qrPayload: SignedTicketPayload,
  /** Every ticket of the booking, by position, the looked-up one among them. */
  tickets: z.array(BookingTicket),
});
export type TicketView = z.infer<typeof TicketView>;