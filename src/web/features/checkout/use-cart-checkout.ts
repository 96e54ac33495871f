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

export interface CheckoutLine {
  eventId: string;
  ticketQuantity: number;
}

/**
 * 'Proceed to Checkout' (decisions.md D6): one payment for every cart line, in this tab. The cart is
 * kept until the payment succeeds (the success page empties it). Every ticket carries the attendee's
 * name (issue 17); `attendee` is the name field's state, null when signed out; `dateOfBirth` is the date
 * of birth field's, shown once an age-limited event asks for it (issue 34).
 */
export function useCartCheckout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const { field, checkedName } = useAttendeeName();
  const dateOfBirth = useDateOfBirth();
  useRestoredPage(useCallback(() => setPending(false), []));

  function askToSignIn() {
    toast.error(PAYMENT_TOASTS.signInRequiredForCart.title, { description: PAYMENT_TOASTS.signInRequiredForCart.description });
    void navigate(signInPath(paths.cart));
  }

  /** `events`: the cart's events as far as their age limits go, so a date of birth too young for one is refused here first. */
  async function checkout(items: CheckoutLine[], events: readonly AgeLimitedEvent[] = []): Promise<void> {
    if (pending || items.length === 0) return;
    if (!user) return askToSignIn();
    const attendeeName = checkedName();
    if (attendeeName === null) return;
    const born = await dateOfBirth.checkedDateOfBirth(events);
    if (born === null) return;
    setPending(true);
    try {
      const { url } = await createPayment({ items, attendeeName, affiliateCode: browserAffiliateCode(), ...(born ? { dateOfBirth: born } : {}) });
      if (!url) throw new Error(NO_CHECKOUT_URL);
      window.location.assign(url);
      // Still busy: the page is leaving for the checkout.
    } catch (error) {
      setPending(false);
      if (needsSignIn(error)) return askToSignIn();
      if (dateOfBirth.askedFor(error)) return void toast.info(PAYMENT_TOASTS.dateOfBirthNeeded.title, { description: paymentErrorDescription(error) });
      toast.error(PAYMENT_TOASTS.paymentError.title, { description: paymentErrorDescription(error) });
    }
  }

  return { checkout, pending, attendee: user ? field : null, dateOfBirth: user ? dateOfBirth.field : null };
}
