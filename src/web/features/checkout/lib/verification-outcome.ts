import type { BookingTicket, VerifiedBooking as DomainVerifiedBooking, VerifyPaymentResult as DomainVerifyPaymentResult } from "@domain";

/**
 * verify-payment's booking (spec §7) as this page reads it: the page still copes with an answer that lacks
 * the event or the e-mail's delivery ('Booking data is incomplete', spec §8 Payment). `tickets`: each of its
 * tickets (issue 36), which the page's loader reads beside the verification.
 */
export type VerifiedBooking = Omit<DomainVerifiedBooking, "events" | "ticket_email"> & {
  events?: Partial<DomainVerifiedBooking["events"]> | null;
  ticket_email?: DomainVerifiedBooking["ticket_email"];
  tickets?: BookingTicket[];
};

/** verify-payment's answer as this page reads it: whatever came back, even nothing, is judged by `verificationOutcome`. */
export type VerifyPaymentResult = Partial<Omit<DomainVerifyPaymentResult, "booking" | "bookings">> & {
  booking?: VerifiedBooking;
  bookings?: VerifiedBooking[];
};

/** Payment success page messages, word for word from spec §8 Payment. */
export const VERIFICATION_MESSAGES = {
  noSession: "No session ID found",
  noData: "No data returned from verification function",
  noSuccessFlag: "Payment verification failed - no success flag",
  incomplete: "Booking data is incomplete. Missing event information.",
  eventFallback: "Event Details Unavailable",
  /** verify-payment answers only the order's own buyer, who must be signed in (docs/decisions/015). */
  signIn: "Only the account that paid can see this booking. Please sign in with it.",
} as const;

export type VerificationOutcome =
  | { ok: true; bookings: VerifiedBooking[]; message: string | null }
  | { ok: false; message: string; signInRequired?: true };

/** What verify-payment's answer means for the page (spec §8 Payment). */
export function verificationOutcome(result: VerifyPaymentResult | null | undefined): VerificationOutcome {
  if (result == null || Object.keys(result).length === 0) return { ok: false, message: VERIFICATION_MESSAGES.noData };
  if (result.success !== true) {
    const error = typeof result.error === "string" ? result.error.trim() : "";
    return { ok: false, message: error || VERIFICATION_MESSAGES.noSuccessFlag };
  }
  const bookings = result.bookings?.length ? result.bookings : result.booking ? [result.booking] : [];
  if (bookings.length === 0 || bookings.some((booking) => !booking.events)) return { ok: false, message: VERIFICATION_MESSAGES.incomplete };
  return { ok: true, bookings, message: result.message ?? null };
}

/** verify-payment answers only the order's own buyer: a signed-out visitor signs in first. */
export const SIGN_IN_TO_VERIFY: VerificationOutcome = { ok: false, message: VERIFICATION_MESSAGES.signIn, signInRequired: true };

/** The verification itself was refused (a bad session id, a server error): 'Function error: …'. */
export function verificationFailure(message: string): VerificationOutcome {
  return { ok: false, message: `Function error: ${message}` };
}

export function bookingTitle(booking: VerifiedBooking): string {
  return booking.events?.title?.trim() || VERIFICATION_MESSAGES.eventFallback;
}
