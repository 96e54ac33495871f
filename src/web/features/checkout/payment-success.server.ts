import { AppError, CheckoutSessionId } from "@domain";
import { getSessionUser, ownBookingTickets, verifyCheckout } from "~/lib/services.server";
import type { RouterContextReader } from "~/lib/page-context.server";
import { SIGN_IN_TO_VERIFY, VERIFICATION_MESSAGES, verificationFailure, verificationOutcome, type VerificationOutcome } from "./lib/verification-outcome";

/**
 * /payment-success's verification (spec §4 Payment), on the server before the page is drawn: the service
 * of POST /api/functions/verify-payment, which confirms a paid checkout once however often it is asked
 * (so a GET may ask it), and answers only the order's own buyer, with each booking's tickets (issue 36).
 */
export async function verifyPaymentForPage(context: RouterContextReader, request: Request, sessionId: string | null): Promise<VerificationOutcome> {
  if (!sessionId) return { ok: false, message: VERIFICATION_MESSAGES.noSession };
  const user = await getSessionUser(context, request);
  if (!user) return SIGN_IN_TO_VERIFY;
  const checked = CheckoutSessionId.safeParse(sessionId);
  if (!checked.success) return verificationFailure(checked.error.issues[0]!.message);
  try {
    const outcome = verificationOutcome(await verifyCheckout(context, { userId: user.id, sessionId: checked.data }));
    if (!outcome.ok) return outcome;
    // Each booking's tickets, one per attendee with its own code (issue 36).
    const tickets = await ownBookingTickets(context, { userId: user.id, bookingIds: outcome.bookings.map((booking) => booking.id) });
    return { ...outcome, bookings: outcome.bookings.map((booking) => ({ ...booking, tickets: tickets[booking.id] ?? [] })) };
  } catch (error) {
    if (error instanceof AppError) return verificationFailure(error.message);
    throw error;
  }
}
