import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useSessionUser } from "~/hooks/use-session-user";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { createPayment, signInPath } from "./create-payment";
import { needsSignIn, NO_CHECKOUT_URL, PAYMENT_TOASTS, paymentErrorDescription } from "./lib/payment-toasts";
import { browserAffiliateCode } from "./lib/stored-affiliate-code";
import { useAttendeeName } from "./use-attendee-name";
import { useDateOfBirth, type AgeLimitedEvent } from "./use-date-of-birth";
import { useRestoredPage } from "./use-restored-page";
import { useTicketAttendees, type AskedQuestion } from "./use-ticket-attendees";

/** A cart line as checkout takes it (decisions.md D6, issue 36: a line per type). */
export interface CheckoutLine {
  eventId: string;
  ticketTypeId?: string;
  ticketQuantity: number;
}

/** A cart line's tickets as their fields need them: which line (what is typed is kept under it), how many, what is asked. */
export interface CartAttendeeLine {
  key: string;
  quantity: number;
  questions: readonly AskedQuestion[];
}

/**
 * 'Proceed to Checkout' (decisions.md D6): one payment for every cart line, in this tab. The cart is
 * kept until the payment succeeds (the success page empties it). Every ticket carries the attendee's
 * name (issue 17) unless the buyer names it (issue 36): ticket 1 of the first line is the buyer's, every
 * other ticket "Same as mine" until named. `attendee` is the name field's state and `ticketFields` a
 * line's tickets' fields, null when signed out; `dateOfBirth` is the date of birth field's, shown once an
 * age-limited event asks for it (issue 34).
 */
export function useCartCheckout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const { field, checkedName } = useAttendeeName();
  const tickets = useTicketAttendees();
  const dateOfBirth = useDateOfBirth();
  useRestoredPage(useCallback(() => setPending(false), []));

  function askToSignIn() {
    toast.error(PAYMENT_TOASTS.signInRequiredForCart.title, { description: PAYMENT_TOASTS.signInRequiredForCart.description });
    void navigate(signInPath(paths.cart));
  }

  // The first line's ticket 1 is the buyer's, named in the name field.
  const attendeeLine = (line: CartAttendeeLine, index: number) => ({ ...line, buyerFirst: index === 0 });

  /**
   * `lines`: each item's tickets, in the same order; `events`: the cart's events as far as their age limits
   * go, so a date of birth too young for one is refused here first; `code`: the cart's code when it applies (issue 37),
   * which the server prices the lines with again. Checked in the page's order: the lines'
   * tickets, the buyer's name, the date of birth.
   */
  async function checkout(items: readonly CheckoutLine[], lines: readonly CartAttendeeLine[], events: readonly AgeLimitedEvent[] = [], code?: string): Promise<void> {
    if (pending || items.length === 0) return;
    if (!user) return askToSignIn();
    const attendees = tickets.checkedAttendees(field.name.trim(), lines.map(attendeeLine));
    if (attendees === null) return;
    const attendeeName = checkedName();
    if (attendeeName === null) return;
    const born = await dateOfBirth.checkedDateOfBirth(events);
    if (born === null) return;
    setPending(true);
    // Only a line whose tickets are named or asked questions says who each is for; the others carry attendeeName.
    const named = items.map((item, index) => (attendees[index] ? { ...item, attendees: attendees[index] } : item));
    try {
      const { url } = await createPayment({ items: named, attendeeName, affiliateCode: browserAffiliateCode(), ...(code ? { code } : {}), ...(born ? { dateOfBirth: born } : {}) });
      if (!url) throw new Error(NO_CHECKOUT_URL);
      // A checkout, or with nothing to pay (issue 36, a code making every ticket free) the booked tickets.
      window.location.assign(url);
      // Still busy: the page is leaving for the checkout.
    } catch (error) {
      setPending(false);
      if (needsSignIn(error)) return askToSignIn();
      if (dateOfBirth.askedFor(error)) return void toast.info(PAYMENT_TOASTS.dateOfBirthNeeded.title, { description: paymentErrorDescription(error) });
      toast.error(PAYMENT_TOASTS.paymentError.title, { description: paymentErrorDescription(error) });
    }
  }

  return {
    checkout,
    pending,
    attendee: user ? field : null,
    /** A line's tickets' fields (issue 36), given its place in the cart. */
    ticketFields: user ? (line: CartAttendeeLine, index: number) => tickets.field(attendeeLine(line, index), field.name.trim()) : null,
    dateOfBirth: user ? dateOfBirth.field : null,
  };
}
