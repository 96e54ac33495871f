import { useCallback, useState } from "react";
import { useNavigate, useRevalidator } from "react-router";
import { useSessionUser } from "~/hooks/use-session-user";
import { toast } from "~/lib/toast";
import { paths } from "~/paths";
import { createPayment, signInPath } from "./create-payment";
import { browserCheckoutWindow, openCheckout } from "./lib/open-checkout";
import { isCapacityConflict, needsSignIn, NO_CHECKOUT_URL, PAYMENT_TOASTS, paymentErrorDescription } from "./lib/payment-toasts";
import { browserAffiliateCode } from "./lib/stored-affiliate-code";
import { useAttendeeName } from "./use-attendee-name";
import { useRestoredPage } from "./use-restored-page";

/**
 * Buy Now on a paid event (spec §4 Payment, §6 Anonymous): signed out goes to /auth and back; signed
 * in starts a checkout in the attendee's name (issue 17) and opens it in a new tab, or in this tab after
 * 1 s when the popup is blocked. `attendee` is the name field's state, null when signed out.
 */
export function useBuyNow({ eventId, eventTitle }: { eventId: string; eventTitle: string }) {
  const user = useSessionUser();
  const navigate = useNavigate();
  const revalidator = useRevalidator();
  const [pending, setPending] = useState(false);
  const { field, checkedName } = useAttendeeName();
  useRestoredPage(useCallback(() => setPending(false), []));

  function askToSignIn() {
    toast.error(PAYMENT_TOASTS.signInRequired.title, { description: PAYMENT_TOASTS.signInRequired.description });
    void navigate(signInPath(paths.event(eventId)));
  }

  async function buyNow(quantity: number): Promise<void> {
    if (pending) return;
    if (!user) return askToSignIn();
    const attendeeName = checkedName();
    if (attendeeName === null) return;
    setPending(true);
    let leaving = false;
    try {
      const { url } = await createPayment({ eventId, eventTitle, ticketQuantity: quantity, attendeeName, affiliateCode: browserAffiliateCode() });
      if (!url) throw new Error(NO_CHECKOUT_URL);
      if (openCheckout(url, browserCheckoutWindow()) === "opened") {
        toast.success(PAYMENT_TOASTS.windowOpened.title, { description: PAYMENT_TOASTS.windowOpened.description });
      } else {
        leaving = true;
        toast.info(PAYMENT_TOASTS.redirecting.title, { description: PAYMENT_TOASTS.redirecting.description });
      }
    } catch (error) {
      if (needsSignIn(error)) return askToSignIn();
      toast.error(PAYMENT_TOASTS.paymentError.title, { description: paymentErrorDescription(error) });
      // Sold out or fewer left than asked: show the places as they are now.
      if (isCapacityConflict(error)) void revalidator.revalidate();
    } finally {
      // The button stays busy while this tab is about to leave for the checkout.
      if (!leaving) setPending(false);
    }
  }

  return { buyNow, pending, attendee: user ? field : null };
}
