import { z } from "zod";
import { attendeeEmailProblem, attendeeNameProblem, ATTENDEE_NAME_MESSAGES } from "./attendee-name";
import { MAX_TICKETS_PER_EVENT } from "./checkout";
import { ANSWER_MAX_LENGTH } from "./ticket-questions";
import { EventSeller } from "./event-shapes";
import { TicketEmailStatus } from "./ticket-email-shapes";

const quantity = z
  .number({ message: "ticketQuantity must be a number" })
  .int("ticketQuantity must be a whole number")
  .min(1, "ticketQuantity must be at least 1")
  .max(MAX_TICKETS_PER_EVENT, `ticketQuantity must be at most ${MAX_TICKETS_PER_EVENT}`);
const affiliateCode = z.string().trim().max(32).nullish();
/** Which of the event's ticket types (issue 36); absent for an event that sells one. */
const ticketTypeId = z.uuid("ticketTypeId must be a ticket type's id").optional();

/** The name on the ticket(s), typed at checkout (issue 17, decision 021): trimmed, 1 to 100 characters, readable. */
export const AttendeeName = z
  .string({ message: ATTENDEE_NAME_MESSAGES.missing })
  .trim()
  .superRefine((name, context) => {
    const problem = attendeeNameProblem(name);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** An attendee's own e-mail (issue 36): trimmed; empty or absent means none (the buyer's e-mail carries the ticket). */
const AttendeeEmail = z
  .string({ message: "email must be text" })
  .trim()
  .superRefine((email, context) => {
    const problem = email ? attendeeEmailProblem(email) : null;
    if (problem) context.addIssue({ code: "custom", message: problem });
  })
  .transform((email) => email || undefined);

/** One ticket's attendee (issue 36): the name it carries and, optionally, their own e-mail, to which they get their own ticket. */
export const TicketAttendee = z.object({
  // A missing name is refused as an empty one, so the 400 names this field rather than the whole body (a union's aborted branch).
  name: z.preprocess((name) => name ?? "", AttendeeName).describe("The attendee's name on this ticket: trimmed, 1 to 100 characters"),
  email: AttendeeEmail.nullish().describe("The attendee's own e-mail (optional, at most 254 characters): they get their own ticket"),
  answers: z
    .record(z.string().max(100), z.union([z.string().max(ANSWER_MAX_LENGTH * 2, "an answer is too long"), z.boolean()], { message: "an answer must be text, or true or false for a tick box" }))
    .optional()
    .describe("Answers to the event's questions for this ticket (issue 36): question id to text, one of a choice's options, or true/false for a tick box"),
});

const attendees = z
  .array(TicketAttendee)
  .max(MAX_TICKETS_PER_EVENT, `attendees can name at most ${MAX_TICKETS_PER_EVENT} tickets`)
  .optional()
  .describe("One attendee per ticket of the line, in order (issue 36); without it every ticket carries `attendeeName`");

/** A line's attendees, when given, name each of its tickets: one per ticket, in order (issue 36). */
function attendeesMatchQuantity(line: { ticketQuantity: number; attendees?: unknown[] | undefined }, context: z.RefinementCtx) {
  if (line.attendees && line.attendees.length !== line.ticketQuantity) {
    context.addIssue({
      code: "custom",
      path: ["attendees"],
      message: `attendees must name each ticket, one per ticket: ${line.ticketQuantity} expected, ${line.attendees.length} given`,
    });
  }
}

/**
 * create-payment (spec §7): the spec's body for one event, or a cart's lines (decisions D6), each with
 * the attendee's name (issue 17), which every ticket carries unless the line names one attendee per ticket (issue 36). The client's eventTitle and ticketPrice are accepted but never used:
 * the server prices every line (D8).
 */
export const CreatePaymentInput = z
  .object({
    attendeeName: AttendeeName.describe("The buyer's name: on every ticket a line's `attendees` does not name"),
    affiliateCode,
    /** A discount or access code (issue 37), any case; blank is none. The server prices every line it applies to. */
    code: z
      .string({ message: "code must be text" })
      .trim()
      .max(64, "code is too long")
      .nullish()
      .transform((code) => code || null),
    /** The token of a waiting-list offer (issue 37, decision 043): the link in the offer's e-mail. Buys its one held place. */
    waitingOffer: z
      .string({ message: "waitingOffer must be text" })
      .trim()
      .max(100, "waitingOffer is too long")
      .nullish()
      .transform((token) => token || null),
    /** The buyer's date of birth (YYYY-MM-DD), asked for once when an age-limited event needs it and the account has none (issue 34). */
    dateOfBirth: z.string().trim().max(10, "Date of birth must be a date (YYYY-MM-DD)").nullish(),
  })
  .and(
    z.union([
      z
        .object({
          eventId: z.uuid("eventId must be an event id"),
          eventTitle: z.string().max(500).optional(),
          ticketPrice: z.unknown().optional(),
          ticketQuantity: quantity,
          ticketTypeId,
          attendees,
        })
        .superRefine(attendeesMatchQuantity),
      z.object({
        items: z
          .array(z.object({ eventId: z.uuid("eventId must be an event id"), ticketTypeId, ticketQuantity: quantity, attendees }).superRefine(attendeesMatchQuantity))
          .min(1, "The cart is empty")
          .max(20, "A checkout can hold at most 20 events"),
      }),
    ]),
  );
export type CreatePaymentInput = z.input<typeof CreatePaymentInput>;

/** A checkout session id as Stripe and the local test checkout make them (cs_test_…, cs_live_…). */
export const CheckoutSessionId = z
  .string()
  .trim()
  .min(1, "No session ID found")
  .max(200, "Session ID is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "Session ID may contain only letters, numbers, _ and -");

export const VerifyPaymentInput = z.object({ sessionId: CheckoutSessionId });

/** create-payment's answer: the provider's checkout page and its session (spec §7). */
export const CreatePaymentResult = z.object({
  url: z.string(),
  sessionId: z.string(),
  /** Nothing was to pay (free tickets only, issue 36): the tickets are booked already and `url` is the success page. */
  booked: z.literal(true).optional(),
});
export type CreatePaymentResult = z.infer<typeof CreatePaymentResult>;

/** A booking as the success page shows it (spec §7 verify-payment). */
export const VerifiedBooking = z.object({
  id: z.string(),
  event_id: z.string(),
  attendee_name: z.string(),
  attendee_email: z.string(),
  ticket_quantity: z.number().int(),
  total_amount_pence: z.number().int(),
  qr_code: z.string().nullable(),
  ticket_code: z.string(),
  /** min_age: the event's minimum age (issue 34), null for none. */
  events: z.object({ title: z.string(), description: z.string().nullable(), date_time: z.string(), venue: z.string().nullable(), location: z.string(), image_url: z.string().nullable(), min_age: z.number().int().nullable() }),
  /** Delivery of this booking's ticket e-mail, sent in the background after confirmation. */
  ticket_email: TicketEmailStatus,
});
export type VerifiedBooking = z.infer<typeof VerifiedBooking>;

export const VerifyPaymentResult = z.object({
  success: z.boolean(),
  booking: VerifiedBooking.optional(),
  /** One booking per event of a cart checkout (decisions.md D6). */
  bookings: z.array(VerifiedBooking).optional(),
  message: z.string().optional(),
  error: z.string().optional(),
});
export type VerifyPaymentResult = z.infer<typeof VerifyPaymentResult>;

/** A checkout session of the local test provider (GET /api/checkout/test/{session}), the stand-in for a card payment page. */
export const TestCheckout = z.object({
  sessionId: z.string(),
  status: z.string(),
  /** The split of the total (D21): ticket money and the booking fees the buyer pays. */
  subtotalPence: z.number().int(),
  feesPence: z.number().int(),
  totalPence: z.number().int(),
  expiresAt: z.string(),
  lines: z.array(
    z.object({
      eventId: z.string(),
      title: z.string(),
      quantity: z.number().int(),
      unitPricePence: z.number().int(),
      /** The booking fee the buyer pays per ticket: 0 when the organiser absorbs it. */
      feePerTicketPence: z.number().int(),
      totalPence: z.number().int(),
      /** The event's minimum age (issue 34), null for none. */
      minAge: z.number().int().nullable(),
    }),
  ),
  /** Who sells the lines' events (issue 34), each once, named before the buyer pays. */
  sellers: z.array(EventSeller),
});
export type TestCheckout = z.infer<typeof TestCheckout>;

/** Where the browser goes after paying or cancelling a test checkout, as a real provider would send it: the success or cancel page. */
export const CheckoutRedirect = z.object({ redirectUrl: z.string() });
export type CheckoutRedirect = z.infer<typeof CheckoutRedirect>;
