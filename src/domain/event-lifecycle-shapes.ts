import { z } from "zod";
import { CANCELLATION_REASON_MAX } from "./event-lifecycle";

/** An organiser's cancellation of their event: every buyer is refunded in full (decision 027). */
export const CancelEventInput = z.object({
  reason: z
    .string({ message: "Please give a reason for cancelling." })
    .trim()
    .min(1, "Please give a reason for cancelling.")
    .max(CANCELLATION_REASON_MAX, `The reason can be at most ${CANCELLATION_REASON_MAX} characters.`),
});
export type CancelEventInput = z.infer<typeof CancelEventInput>;

/** A new date for an event, as the event form sends it (UK wall time turned into an instant by the browser). */
export const PostponeEventInput = z.object({
  dateTime: z.iso.datetime({ offset: true, message: "New date & time must be a date and time" }),
  endTime: z.iso.datetime({ offset: true, message: "End time must be a date and time" }).nullish(),
});
export type PostponeEventInput = z.infer<typeof PostponeEventInput>;

export const CancellationProgressView = z.object({
  bookings: z.number().int(),
  refunded: z.number().int(),
  pending: z.number().int(),
  failed: z.number().int(),
  done: z.boolean(),
});

/** An event's lifecycle as its organiser sees it after a cancel or a postponement. */
export const EventLifecycleView = z.object({
  id: z.string(),
  status: z.string(),
  dateTime: z.string(),
  endTime: z.string().nullable(),
  cancelledAt: z.string().nullable(),
  cancellationReason: z.string().nullable(),
  postponedAt: z.string().nullable(),
  previousDateTime: z.string().nullable(),
  refundWindowEndsAt: z.string().nullable(),
});
export type EventLifecycleView = z.infer<typeof EventLifecycleView>;
