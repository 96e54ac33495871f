import { Clock, Loader2, Lock, SearchX } from "lucide-react";
import { isRouteErrorResponse, useRouteError } from "react-router";
import { BRAND, formatEventTime, formatPounds, soldByLine, type TestCheckout } from "@domain";
import { CancellationTerms } from "~/components/cancellation-terms";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { StatusPanel } from "~/components/ui/status-panel";
import { paths } from "~/paths";
import { useTestCheckoutActions } from "./test-checkout";
import { closedCheckoutView } from "./lib/checkout-status";
import { CheckoutLines } from "./components/checkout-lines";
import { ClosedCheckout } from "./components/closed-checkout";
import { TestModeBanner } from "./components/test-mode-banner";

/** "Eventora checkout for Jazz Co Ltd": the page names who the buyer is paying (issue 34), as the platform takes the money as their agent. */
export function checkoutHeading(sellers: TestCheckout["sellers"]): string {
  const names = [...new Set(sellers.map((seller) => seller.name))];
  if (names.length === 0) return `${BRAND.name} checkout`;
  const listed = names.length === 1 ? names[0] : `${names.slice(0, -1).join(", ")} and ${names.at(-1)}`;
  return `${BRAND.name} checkout for ${listed}`;
}

/** The local provider's checkout page: 'Test payment', the order, and Pay or Cancel. */
export function TestCheckoutPage({ checkout }: { checkout: TestCheckout }) {
  const { busy, pay, cancel } = useTestCheckoutActions(checkout.sessionId);
  const closed = closedCheckoutView(checkout.status, checkout.sessionId);
  const heldUntil = formatEventTime(checkout.expiresAt);

  return (
    <div className="bg-surface">
      <div className="container-page flex max-w-xl flex-col gap-5 py-8 sm:py-12">
        <TestModeBanner />
        <Card className="overflow-hidden">
          <header className="border-b border-border px-6 py-5">
            <p className="text-sm font-semibold text-brand-700">{checkoutHeading(checkout.sellers)}</p>
            <h1 className="mt-1 text-2xl font-extrabold tracking-tight sm:text-3xl">Test payment</h1>
          </header>
          <div className="flex flex-col gap-6 p-6">
            {closed ? (
              <ClosedCheckout view={closed} />
            ) : (
              <>
                <CheckoutLines checkout={checkout} />
                {/* The small print together: who sells, then the cancellation terms. */}
                <div className="flex flex-col gap-2">
                  {checkout.sellers.length > 0 && (
                    <ul aria-label="Who sells your tickets" className="flex flex-col gap-1 text-xs text-muted">
                      {checkout.sellers.map((seller) => (
                        <li key={soldByLine(seller)}>{soldByLine(seller)}</li>
                      ))}
                    </ul>
                  )}
                  <CancellationTerms className="text-xs text-muted" />
                </div>
                {heldUntil && (
                  <p className="flex items-center gap-2 text-sm text-muted">
                    <Clock className="size-4 shrink-0" aria-hidden="true" />
                    Your places are held until {heldUntil}.
                  </p>
                )}
                <div className="flex flex-col gap-2.5 sm:flex-row-reverse">
                  <Button size="lg" className="sm:flex-1" disabled={busy !== null} onClick={pay}>
                    {busy === "pay" ? (
                      <>
                        <Loader2 className="animate-spin motion-reduce:animate-none" aria-hidden="true" />
                        Processing...
                      </>
                    ) : (
                      <>
                        <Lock aria-hidden="true" />
                        Pay {formatPounds(checkout.totalPence)}
                      </>
                    )}
                  </Button>
                  <Button size="lg" variant="outline" disabled={busy !== null} onClick={cancel}>
                    {busy === "cancel" ? "Cancelling..." : "Cancel"}
                  </Button>
                </div>
                <p role="status" className="sr-only">
                  {busy === "pay" ? "Processing your payment." : busy === "cancel" ? "Cancelling your checkout." : ""}
                </p>
              </>
            )}
          </div>
        </Card>
      </div>
    </div>
  );
}

/** A stranger's or unknown session is 'Checkout not found'; anything else failed to load. */
export function TestCheckoutError() {
  const error = useRouteError();
  const missing = isRouteErrorResponse(error) && error.status === 404;
  return (
    <StatusPanel icon={SearchX} title={missing ? "Checkout not found" : "Something went wrong"} backTo={paths.events()} backLabel="Back to Events">
      {missing
        ? "This checkout doesn't exist or belongs to another account."
        : "We couldn't load this checkout just now. Please try again in a moment."}
    </StatusPanel>
  );
}
