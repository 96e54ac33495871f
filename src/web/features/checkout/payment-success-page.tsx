import { CircleAlert, CircleCheck, Loader2, LogIn, RotateCcw } from "lucide-react";
import { useEffect, useEffectEvent, useRef } from "react";
import { Form, Link, useNavigation } from "react-router";
import { NO_WALLETS, type WalletsOffered } from "@domain";
import { Button, buttonVariants } from "~/components/ui/button";
import { paths } from "~/paths";
import type { VerificationOutcome, VerifiedBooking } from "./lib/verification-outcome";
import { useTicketEmailDelivery } from "./ticket-email-delivery";
import { VerifiedBookingCard } from "./components/verified-booking-card";

const NO_BOOKINGS: VerifiedBooking[] = [];

function OnwardLinks() {
  return (
    <div className="flex flex-col gap-3 sm:flex-row">
      <Link to={paths.myTickets} className={buttonVariants({ size: "lg-text-sm" })}>
        View My Tickets
      </Link>
      <Link to={paths.events()} className={buttonVariants({ size: "lg-text-sm", variant: "outline" })}>
        Browse More Events
      </Link>
    </div>
  );
}

/** Where a signed-out visitor signs in and comes back to this payment. */
function signInPath(sessionId: string | null): string {
  const back = sessionId ? `${paths.paymentSuccess}?session_id=${encodeURIComponent(sessionId)}` : paths.paymentSuccess;
  return `${paths.auth}?redirect=${encodeURIComponent(back)}`;
}

/**
 * /payment-success (spec §4 Payment): the session as the loader verified it, each booking with its ticket
 * e-mail, which the server sends in the background. `onVerified` receives the bookings (the cart empties
 * itself when they cover it). Keyed by the session id: a new session starts afresh.
 */
export function PaymentSuccessPage({
  sessionId,
  outcome: verified,
  onVerified,
  wallets = NO_WALLETS,
}: {
  sessionId: string | null;
  outcome: VerificationOutcome;
  onVerified?: (bookings: VerifiedBooking[]) => void;
  /** The wallets this site offers (D27): each ticket links to its pass. */
  wallets?: WalletsOffered;
}) {
  const navigation = useNavigation();
  // Try again reads this page again: its loader verifies once more.
  const outcome = navigation.state !== "idle" && navigation.location?.pathname === paths.paymentSuccess ? null : verified;
  const bookings = verified.ok ? verified.bookings : null;
  const delivery = useTicketEmailDelivery(bookings);
  const heading = useRef<HTMLHeadingElement>(null);

  const reportVerified = useEffectEvent((paid: VerifiedBooking[]) => onVerified?.(paid));
  useEffect(() => {
    if (bookings) reportVerified(bookings);
  }, [bookings]);

  // A result that replaces the "confirming" message: move focus to its heading so it is read out (not
  // again when the e-mails' progress is read again).
  const shown = outcome !== null;
  useEffect(() => {
    if (shown) heading.current?.focus();
  }, [shown]);

  return (
    <div className="bg-surface">
      <div className="container-page max-w-3xl py-10 sm:py-14">
        {!outcome ? (
          <div role="status" className="flex flex-col items-center py-16 text-center">
            <Loader2 className="size-10 animate-spin text-brand-600 motion-reduce:animate-none" aria-hidden="true" />
            <h1 className="mt-6 text-2xl font-extrabold tracking-tight">Confirming your payment...</h1>
            <p className="mt-2 text-muted">This only takes a moment. Please keep this page open.</p>
          </div>
        ) : outcome.ok ? (
          <div className="flex flex-col gap-8">
            <header className="flex flex-col items-center text-center">
              <span className="flex size-16 items-center justify-center rounded-full bg-emerald-50 text-emerald-700">
                <CircleCheck className="size-9" aria-hidden="true" />
              </span>
              <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-extrabold tracking-tight focus:outline-none sm:text-4xl">
                {/* Free tickets only (issue 36): nothing was paid, so nothing says it was. */}
                {outcome.bookings.every((booking) => booking.total_amount_pence === 0) ? "Booking Confirmed!" : "Payment Successful!"}
              </h1>
              <p className="mt-3 max-w-lg text-muted">
                Your {outcome.bookings.length === 1 ? "booking is" : "bookings are"} confirmed. Your tickets are on their way to your inbox, each with a
                QR code to show at the entrance.
              </p>
            </header>
            <ul aria-label="Your bookings" className="flex flex-col gap-4">
              {(bookings ?? NO_BOOKINGS).map((booking) => (
                <VerifiedBookingCard key={booking.id} booking={booking} email={delivery.emails[booking.id]} emailTimedOut={delivery.timedOut} wallets={wallets} />
              ))}
            </ul>
            <div className="flex justify-center">
              <OnwardLinks />
            </div>
          </div>
        ) : outcome.signInRequired ? (
          <div className="flex flex-col items-center text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-brand-50 text-brand-700">
              <LogIn className="size-9" aria-hidden="true" />
            </span>
            <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-extrabold tracking-tight focus:outline-none">
              Sign in to see your booking
            </h1>
            <p role="alert" className="mt-4 max-w-lg font-medium text-muted">
              {outcome.message}
            </p>
            <div className="mt-8">
              <Link to={signInPath(sessionId)} className={buttonVariants({ size: "lg-text-sm" })}>
                Sign In
              </Link>
            </div>
          </div>
        ) : (
          <div className="flex flex-col items-center text-center">
            <span className="flex size-16 items-center justify-center rounded-full bg-red-50 text-red-700">
              <CircleAlert className="size-9" aria-hidden="true" />
            </span>
            <h1 ref={heading} tabIndex={-1} className="mt-5 text-3xl font-extrabold tracking-tight focus:outline-none">
              We couldn&apos;t confirm your payment
            </h1>
            <p role="alert" className="mt-4 max-w-lg rounded-xl bg-red-50 px-4 py-3 font-medium break-words text-red-800">
              {outcome.message}
            </p>
            <p className="mt-4 max-w-lg text-sm text-muted">
              If you were charged, your tickets will appear in My Tickets as soon as the payment is confirmed.
            </p>
            <div className="mt-8 flex flex-col items-center gap-4">
              {sessionId && (
                <Form method="get" action={paths.paymentSuccess}>
                  <input type="hidden" name="session_id" value={sessionId} />
                  <Button type="submit" variant="outline">
                    <RotateCcw aria-hidden="true" />
                    Try again
                  </Button>
                </Form>
              )}
              <OnwardLinks />
            </div>
          </div>
        )}
      </div>
    </div>
  );
}
