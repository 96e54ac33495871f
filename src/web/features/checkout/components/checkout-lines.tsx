import { allInPrice, formatPounds, type TestCheckout } from "@domain";
import { AgeLimitBadge } from "~/components/age-limit-badge";

/** What is being paid for: one row per event at its all-in price, then the split of the total (D21). */
export function CheckoutLines({ checkout }: { checkout: TestCheckout }) {
  return (
    <div>
      <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">Order</h2>
      <ul className="mt-3 divide-y divide-border rounded-xl border border-border">
        {checkout.lines.map((line) => {
          const price = allInPrice({ pricePence: line.unitPricePence, absorbsBookingFee: line.feePerTicketPence === 0 });
          return (
            <li key={line.eventId} className="flex items-start justify-between gap-4 px-4 py-3">
              <div className="min-w-0">
                <p className="break-words font-semibold text-ink">
                  {line.title} <AgeLimitBadge minAge={line.minAge} className="ml-1 align-middle" />
                </p>
                <p className="text-sm text-muted">
                  {line.quantity} × {price.priceText}
                  {price.feeText && <span className="block text-xs">{price.feeText}</span>}
                </p>
              </div>
              <p className="shrink-0 font-semibold tabular-nums">{formatPounds(line.totalPence)}</p>
            </li>
          );
        })}
      </ul>
      <dl className="mt-4 grid gap-2 text-sm">
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Tickets</dt>
          <dd className="font-medium tabular-nums">{formatPounds(checkout.subtotalPence)}</dd>
        </div>
        <div className="flex justify-between gap-4">
          <dt className="text-muted">Booking &amp; processing fee</dt>
          <dd className="font-medium tabular-nums">{formatPounds(checkout.feesPence)}</dd>
        </div>
        <div className="flex items-baseline justify-between gap-4 border-t border-border pt-3 text-base">
          <dt className="font-bold">Total</dt>
          <dd className="text-2xl font-extrabold tabular-nums">{formatPounds(checkout.totalPence)}</dd>
        </div>
      </dl>
    </div>
  );
}
