import { CircleCheck, Landmark } from "lucide-react";
import {
  disabledReasonText,
  PAYOUT_TIMING_TEXT,
  payoutAccountStatus,
  requirementLines,
  type PayoutAccountState,
} from "@domain";
import { Button } from "~/components/ui/button";
import { Card } from "~/components/ui/card";
import { paths } from "~/paths";

/**
 * The payee's connected account (D23): set up payouts, what Stripe still needs, or payouts on. The button
 * is a plain form post, so it works before the page's scripts run; the server answers with a redirect to
 * the provider's onboarding form.
 */
export function PayoutAccountCard({ state }: { state: PayoutAccountState }) {
  const { account } = state;
  const status = payoutAccountStatus(account);
  const needed = account ? requirementLines(account.requirementsDue) : [];
  const paused = account && !account.ready ? disabledReasonText(account.disabledReason) : null;
  return (
    <Card className="p-6" aria-labelledby="payout-account-heading">
      <div className="flex items-start gap-4">
        <span
          className={
            status === "ready"
              ? "flex size-11 shrink-0 items-center justify-center rounded-xl bg-emerald-50 text-emerald-700"
              : "flex size-11 shrink-0 items-center justify-center rounded-xl bg-brand-50 text-brand-700"
          }
        >
          {status === "ready" ? <CircleCheck className="size-6" aria-hidden="true" /> : <Landmark className="size-6" aria-hidden="true" />}
        </span>
        <div className="flex min-w-0 flex-1 flex-col gap-3">
          <h3 id="payout-account-heading" className="text-lg font-bold">
            {status === "ready" ? "Payouts on" : status === "incomplete" ? "Finish setting up payouts" : "Get paid for your sales"}
          </h3>
          {status === "ready" && account ? (
            <p className="text-sm text-muted">
              Paid to your Stripe account ending <span className="font-semibold text-ink">{account.accountId.slice(-4)}</span>. {PAYOUT_TIMING_TEXT}
            </p>
          ) : status === "incomplete" ? (
            <>
              <p className="text-sm text-muted">{paused ?? "Stripe needs a few more details before it can pay you."}</p>
              {needed.length > 0 && (
                <div>
                  <p className="text-sm font-semibold">Still needed:</p>
                  <ul aria-label="Still needed" className="mt-1 list-disc pl-5 text-sm text-ink">
                    {needed.map((line) => (
                      <li key={line}>{line}</li>
                    ))}
                  </ul>
                </div>
              )}
            </>
          ) : (
            <p className="text-sm text-muted">
              Connect a bank account through Stripe to receive your ticket sales and affiliate commission. {PAYOUT_TIMING_TEXT}
            </p>
          )}
          {state.provider === "local" && <p className="text-xs text-muted">Test payments: payouts are simulated and no money moves.</p>}
          {status !== "ready" && (
            <form method="post" action={paths.payoutsOnboarding}>
              <Button type="submit">{status === "incomplete" ? "Continue setup" : "Set up payouts"}</Button>
            </form>
          )}
        </div>
      </div>
    </Card>
  );
}
