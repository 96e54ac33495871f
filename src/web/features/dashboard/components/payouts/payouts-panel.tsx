import type { PayoutAccountState, Statements } from "@domain";
import { PanelHeader } from "../panel-header";
import { PayoutAccountCard } from "./payout-account-card";
import { StatementsSections } from "./statements-section";

/** The Payouts section (D23): the payee's account first, then statements, payouts and the monthly fee statements. */
export function PayoutsPanel({ account, statements }: { account: PayoutAccountState; statements: Statements }) {
  return (
    <section aria-labelledby="payouts-heading" className="flex flex-col gap-5">
      <PanelHeader id="payouts-heading" title="Payouts">
        Where your ticket sales and commission are paid.
      </PanelHeader>
      <PayoutAccountCard state={account} />
      <StatementsSections statements={statements} />
    </section>
  );
}
