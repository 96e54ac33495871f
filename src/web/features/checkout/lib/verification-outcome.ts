import { ApiRequestError } from "~/lib/api-request";
import type { VerifiedBooking, VerifyPaymentResult } from "../verify-payment";

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

/** The call itself failed (network, server error): 'Function error: …'; signed out: sign in first. */
export function verificationFailure(error: unknown): VerificationOutcome {
  if (error instanceof ApiRequestError && error.status === 401) return { ok: false, message: VERIFICATION_MESSAGES.signIn, signInRequired: true };
  const message = error instanceof Error && error.message ? error.message : String(error);
  return { ok: false, message: `Function error: ${message}` };
}

export function bookingTitle(booking: VerifiedBooking): string {
  return booking.events?.title?.trim() || VERIFICATION_MESSAGES.eventFallback;
}
