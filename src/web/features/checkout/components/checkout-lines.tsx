import { formatPounds, type TestCheckout } from "@domain";

/** What is being paid for: one row per event, then the total (fees included). */
export function CheckoutLines({ checkout }: { checkout: TestCheckout }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Order</h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {checkout.lines.map((line) => (
          <li key={line.eventId} className="flex items-start justify-between gap-4 px-4 py-3">
            <div className="min-w-0">
              <p className="break-words font-semibold text-ink">{line.title}</p>
              <p className="text-sm text-muted">
                {line.quantity} {line.quantity === 1 ? "ticket" : "tickets"}, fees included
              </p>
            </div>
            <p className="shrink-0 font-semibold tabular-nums">{formatPounds(line.totalPence)}</p>
          </li>
        ))}
      </ul>
      <p className="mt-4 flex items-baseline justify-between gap-4 text-base">
        <span className="font-bold">Total</span>
        <span className="text-2xl font-extrabold tabular-nums">{formatPounds(checkout.totalPence)}</span>
      </p>
    </div>
  );
}
