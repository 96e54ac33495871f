import { PanelHeader } from "../panel-header";
import { StatementsSections } from "./statements-section";

/** The dashboard's Payouts tab (issue 20): the payout account, then statements, payouts and fee statements. */
export function PayoutsPanel() {
  return (
    <div className="flex flex-col gap-6">
      <PanelHeader id="payouts-panel-heading" title="Payouts">
        What your events took, our fees, and what we pay you.
      </PanelHeader>
      <StatementsSections />
    </div>
  );
}
