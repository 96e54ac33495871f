import { useCallback, useState } from "react";
import { useNavigate } from "react-router";
import { useSessionUser } from "~/hooks/use-session-user";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { createPayment, signInPath } from "./create-payment";
import { needsSignIn, NO_CHECKOUT_URL, PAYMENT_TOASTS, paymentErrorDescription } from "./lib/payment-toasts";
import { browserAffiliateCode } from "./lib/stored-affiliate-code";
import { useAttendeeName } from "./use-attendee-name";
import { useRestoredPage } from "./use-restored-page";

export interface CheckoutLine {
  eventId: string;
  ticketQuantity: number;
}

/**
 * 'Proceed to Checkout' (decisions.md D6): one payment for every cart line, in this tab. The cart is
 * kept until the payment succeeds (the success page empties it). Every ticket carries the attendee's
 * name (issue 17); `attendee` is the name field's state, null when signed out.
 */
export function useCartCheckout() {
  const user = useSessionUser();
  const navigate = useNavigate();
  const [pending, setPending] = useState(false);
  const { field, checkedName } = useAttendeeName();
  useRestoredPage(useCallback(() => setPending(false), []));

  function askToSignIn() {
    toast.error(PAYMENT_TOASTS.signInRequiredForCart.title, { description: PAYMENT_TOASTS.signInRequiredForCart.description });
    void navigate(signInPath(paths.cart));
  }

  async function checkout(items: CheckoutLine[]): Promise<void> {
    if (pending || items.length === 0) return;
    if (!user) return askToSignIn();
    const attendeeName = checkedName();
    if (attendeeName === null) return;
    setPending(true);
    try {
      const { url } = await createPayment({ items, attendeeName, affiliateCode: browserAffiliateCode() });
      if (!url) throw new Error(NO_CHECKOUT_URL);
      window.location.assign(url);
      // Still busy: the page is leaving for the checkout.
    } catch (error) {
      setPending(false);
      if (needsSignIn(error)) return askToSignIn();
      toast.error(PAYMENT_TOASTS.paymentError.title, { description: paymentErrorDescription(error) });
    }
  }

  return { checkout, pending, attendee: user ? field : null };
}
