import { z } from "zod";
import { REFUND_REASON_MAX, REFUND_REQUEST_EMAIL_CHOICES } from "./refunds";

/** A buyer's refund request from My Tickets (POST /api/me/bookings/:id/refund-request). */
export const RequestRefundInput = z.object({
  reason: z
    .string({ message: "Please tell the organiser why you are asking for a refund." })
    .trim()
    .min(1, "Please tell the organiser why you are asking for a refund.")
    .max(REFUND_REASON_MAX, `The reason can be at most ${REFUND_REASON_MAX} characters.`),
  /** Which of the booking's tickets (issue 36); without it, every valid ticket not yet checked in. */
  ticketIds: z.array(z.uuid("ticketIds must be ticket ids")).min(1, "ticketIds must name at least one ticket").max(100).optional(),
});
export type RequestRefundInput = z.infer<typeof RequestRefundInput>;

/** The organiser's (or an admin's) refusal, with an optional note the buyer reads in the e-mail. */
export const DeclineRefundRequestInput = z.object({
  note: z.string().trim().max(REFUND_REASON_MAX, `The note can be at most ${REFUND_REASON_MAX} characters.`).optional(),
});
export type DeclineRefundRequestInput = z.infer<typeof DeclineRefundRequestInput>;

export const RefundRequestStatus = z.enum(["pending", "approved", "declined"]);
export type RefundRequestStatus = z.infer<typeof RefundRequestStatus>;

/** A refund request as its buyer sees it (My Tickets). */
export const BuyerRefundRequest = z.object({
  requestId: z.string(),
  status: RefundRequestStatus,
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  /** Approved automatically (inside a postponement's refund window). */
  automatic: z.boolean(),
});
export type BuyerRefundRequest = z.infer<typeof BuyerRefundRequest>;

/**
 * What a booking's buyer may do about a refund now (decision 027), for My Tickets: ask (and what it
 * pays back), or why not and when asking closed; and the latest request, if any.
 */
export const BuyerRefundOptions = z.object({
  canRequest: z.boolean(),
  /** Inside a postponement's refund window: approved at once, the fee included. */
  automatic: z.boolean(),
  includesFee: z.boolean(),
  /** What a request made now pays back (the ticket price of the valid tickets, plus the fee when it goes back). */
  refundPence: z.number().int(),
  feePerTicketPence: z.number().int(),
  /** When asking closes; or when it closed, if the 48-hour cutoff is why the buyer cannot ask. */
  closesAt: z.string().nullable(),
  /** Why the buyer cannot ask now. */
  closedReason: z.string().nullable(),
  request: BuyerRefundRequest.nullable(),
});
export type BuyerRefundOptions = z.infer<typeof BuyerRefundOptions>;

/** A request in the organiser's (or admin's) list on the dashboard. */
export const RefundRequestView = z.object({
  requestId: z.string(),
  status: RefundRequestStatus,
  reason: z.string(),
  createdAt: z.string(),
  decidedAt: z.string().nullable(),
  decisionNote: z.string().nullable(),
  refundId: z.string().nullable(),
  /** Pending longer than REFUND_REQUEST_ANSWER_HOURS: shown to admins as waiting too long. */
  overdue: z.boolean(),
  booking: z.object({ id: z.string(), ticketCode: z.string(), ticketQuantity: z.number().int(), attendeeName: z.string(), attendeeEmail: z.string() }),
  event: z.object({ id: z.string(), title: z.string(), dateTime: z.string(), organiserName: z.string().nullable() }),
  /** What approving pays back now: the ticket price of the booking's valid tickets (the fee stays, spec §9). */
  refundPence: z.number().int(),
});
export type RefundRequestView = z.infer<typeof RefundRequestView>;

/** How an organiser hears of buyers' refund requests (issue 33): an e-mail per request, or one summary a day. */
export const RefundRequestEmails = z.enum(REFUND_REQUEST_EMAIL_CHOICES, { message: "Choose an e-mail per request or a daily summary." });
export type RefundRequestEmails = z.infer<typeof RefundRequestEmails>;

/** GET|PUT /api/me/notice-settings: how the signed-in organiser is told of refund requests. */
export const NoticeSettings = z.object({
  refundRequestEmails: RefundRequestEmails.describe(
    "How buyers' refund requests on the organiser's events are e-mailed to them: 'each' (default) sends one e-mail as each request is made; 'daily' sends one summary each morning (08:00 UK time) of the requests made since the last summary that are still open, and nothing when none is.",
  ),
});
export type NoticeSettings = z.infer<typeof NoticeSettings>;
