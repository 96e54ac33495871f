import { useCallback, useState } from "react";
import { useRevalidator } from "react-router";
import { type CheckoutRedirect, safeReturnPath } from "@domain";
import { apiRequest } from "~/lib/api-request";
import { toast } from "~/lib/toast";
import { paymentSuccessPath } from "./lib/checkout-status";
import { PAYMENT_TOASTS, paymentErrorDescription } from "./lib/payment-toasts";
import { useRestoredPage } from "./use-restored-page";

/** The local test provider's Pay and Cancel (GET of the session itself is the page's loader). */
function sessionPath(sessionId: string, action: "pay" | "cancel"): `/api/${string}` {
  return `/api/checkout/test/${encodeURIComponent(sessionId)}/${action}`;
}

export function payTestCheckout(sessionId: string): Promise<CheckoutRedirect> {
  return apiRequest(sessionPath(sessionId, "pay"), { method: "POST" });
}

/** Cancels the checkout; its held places are released (decisions.md D9). */
export function cancelTestCheckout(sessionId: string): Promise<CheckoutRedirect> {
  return apiRequest(sessionPath(sessionId, "cancel"), { method: "POST" });
}

export type TestCheckoutAction = "pay" | "cancel";

/** Pay and Cancel on the test checkout page: the server answers where the browser goes next, as a provider would. */
export function useTestCheckoutActions(sessionId: string) {
  const revalidator = useRevalidator();
  const [busy, setBusy] = useState<TestCheckoutAction | null>(null);
  useRestoredPage(useCallback(() => setBusy(null), []));

  async function run(action: TestCheckoutAction) {
    if (busy) return;
    setBusy(action);
    try {
      const { redirectUrl } = action === "pay" ? await payTestCheckout(sessionId) : await cancelTestCheckout(sessionId);
      // Only ever a page of this site (the success or cancel page).
      window.location.assign(safeReturnPath(redirectUrl) ?? paymentSuccessPath(sessionId));
    } catch (error) {
      setBusy(null);
      toast.error(action === "pay" ? PAYMENT_TOASTS.paymentError.title : "Could not cancel the checkout", {
        description: action === "pay" ? paymentErrorDescription(error) : error instanceof Error ? error.message : undefined,
      });
      // The checkout may have expired or been settled meanwhile: show its state as it is now.
      void revalidator.revalidate();
    }
  }

  return { busy, pay: () => void run("pay"), cancel: () => void run("cancel") };
}
