import type { PayoutAccountState } from "@domain";
import { PanelHeader } from "../panel-header";
import { PayoutAccountCard } from "./payout-account-card";
import { StatementsSections } from "./statements-section";

/** The Payouts tab (D23): the payee's account first, then statements, payouts and the monthly fee statements. */
export function PayoutsPanel({ account }: { account: PayoutAccountState }) {
  return (
    <section aria-labelledby="payouts-heading" className="flex flex-col gap-5">
      <PanelHeader id="payouts-heading" title="Payouts">
        Where your ticket sales and commission are paid.
      </PanelHeader>
      <PayoutAccountCard state={account} />
      <StatementsSections />
    </section>
  );
}
