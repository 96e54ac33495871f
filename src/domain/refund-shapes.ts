import { z } from "zod";
import { REFUND_REASON_MAX } from "./refunds";

const reason = z
  .string({ message: "Please give a reason for the refund." })
  .trim()
  .min(1, "Please give a reason for the refund.")
  .max(REFUND_REASON_MAX, `The reason can be at most ${REFUND_REASON_MAX} characters.`);
/** Made once per refund form by the browser, so a double click or a retried request is the same refund. */
const requestKey = z.string().trim().min(8, "requestKey must be 8 to 100 characters").max(100, "requestKey must be 8 to 100 characters").regex(/^[A-Za-z0-9_-]+$/, "requestKey may hold only letters, digits, - and _");

/** An organiser's refund of some (quantity) or all (no quantity) of a booking's tickets. */
export const RefundTicketsInput = z.object({
  quantity: z.number({ message: "quantity must be a number" }).int("quantity must be a whole number").min(1, "quantity must be at least 1").optional(),
  /** Which tickets (their ids, issue 36); without it, `quantity` of them, those not yet checked in first. */
  ticketIds: z.array(z.uuid("ticketIds must be ticket ids")).min(1, "ticketIds must name at least one ticket").max(100).optional(),
  reason,
  requestKey,
});
export type RefundTicketsInput = z.infer<typeof RefundTicketsInput>;

export const RefundView = z.object({
  refundId: z.string(),
  bookingId: z.string().nullable(),
  quantity: z.number().int(),
  ticketPence: z.number().int(),
  feePence: z.number().int(),
  source: z.string(),
  reason: z.string(),
  /** pending: tickets void and places back on sale, money on its way; succeeded: paid back. */
  status: z.enum(["pending", "succeeded", "failed"]),
  providerRefundId: z.string().nullable(),
  createdAt: z.string(),
});
export type RefundView = z.infer<typeof RefundView>;
