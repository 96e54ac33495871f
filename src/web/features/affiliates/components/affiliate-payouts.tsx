import { formatEventDate, formatPounds, type PayoutView } from "@domain";

/** The affiliate's commission payouts, one per event (issue 20), with each transfer's id and date. */
export function AffiliatePayouts({ payouts }: { payouts: PayoutView[] }) {
  return (
    <section aria-labelledby="affiliate-payouts-title" className="mt-6 rounded-2xl border border-border bg-white shadow-sm">
      <h3 id="affiliate-payouts-title" className="px-4 pt-4 text-lg font-bold sm:px-6 sm:pt-5">
        Payouts
      </h3>
      {payouts.length ? (
        <ul className="mt-3 divide-y divide-border border-t border-border">
          {payouts.map((payout) => {
            const reversed = payout.reversals.filter((reversal) => reversal.status === "succeeded").reduce((sum, reversal) => sum + reversal.amountPence, 0);
            return (
              <li key={payout.payoutId} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
                <div className="min-w-0">
                  <p className="break-words font-semibold">{payout.eventTitle}</p>
                  <p className="text-sm text-muted">
                    {payout.paidAt ? `Paid ${formatEventDate(payout.paidAt)}` : `Due ${formatEventDate(payout.dueAt)}`}
                    {payout.transferId && (
                      <>
                        {" · "}
                        <span className="break-all font-mono text-xs">{payout.transferId}</span>
                      </>
                    )}
                  </p>
                </div>
                <p className="ml-auto text-right font-bold tabular-nums">
                  <span className="sr-only">Commission </span>
                  {formatPounds(payout.amountPence)}
                  {reversed > 0 && <span className="block text-xs font-normal text-muted">less {formatPounds(reversed)} taken back</span>}
                </p>
              </li>
            );
          })}
        </ul>
      ) : (
        <p className="px-4 pb-5 pt-1 text-sm text-muted sm:px-6">No payouts yet. Your commission on each event is paid 7 UK business days after it ends.</p>
      )}
    </section>
  );
}
