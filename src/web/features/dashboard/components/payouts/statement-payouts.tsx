import type { PayoutView } from "@domain";
import { payoutRow } from "../../lib/statement-rows";

/** Each transfer to the organiser's account: event, amount, transfer id, date, and anything taken back. */
export function StatementPayouts({ payouts }: { payouts: PayoutView[] }) {
  if (!payouts.length) return <p className="px-4 pb-5 pt-1 text-sm text-muted sm:px-6">No payouts yet. Each event is paid 7 UK business days after it ends.</p>;
  return (
    <ul className="divide-y divide-border border-t border-border">
      {payouts.map(payoutRow).map((row) => (
        <li key={row.id} className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1 px-4 py-3 sm:px-6">
          <div className="min-w-0">
            <p className="break-words font-semibold">{row.event}</p>
            <p className="text-sm text-muted">
              {row.date}
              {row.transferId && (
                <>
                  {" · "}
                  <span className="break-all font-mono text-xs">{row.transferId}</span>
                </>
              )}
            </p>
            {row.reversals.map((reversal) => (
              <p key={reversal.id} className="text-sm text-muted">
                {reversal.text} · <span className="break-all font-mono text-xs">{reversal.id}</span>
              </p>
            ))}
          </div>
          <p className="ml-auto text-right font-bold tabular-nums">
            {row.amount}
            {row.reversed && <span className="block text-xs font-normal text-muted">less {row.reversed}</span>}
          </p>
        </li>
      ))}
    </ul>
  );
}
