import { BOOKING_FEE_PENCE, cartTotals, formatPounds, ticketTotal } from "@domain";

/** The live price breakdown: tickets, the per-ticket fee and the total (spec §9 Fees and money). */
export function BookingTotals({ id, quantityId, pricePence, quantity }: { id: string; quantityId: string; pricePence: number; quantity: number }) {
  const total = ticketTotal(pricePence, quantity);
  const { subtotal, fees } = cartTotals([{ ticketPricePence: pricePence, quantity }]);
  return (
    <dl className="grid gap-2 rounded-xl bg-surface p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted">
          {quantity} × {formatPounds(pricePence)}
        </dt>
        <dd className="font-medium">{formatPounds(subtotal)}</dd>
      </div>
      <div className="flex justify-between gap-4">
        <dt className="text-muted">
          Booking &amp; processing fee
          <span className="block text-xs">
            {quantity} × {formatPounds(BOOKING_FEE_PENCE)}
          </span>
        </dt>
        <dd className="font-medium">{formatPounds(fees)}</dd>
      </div>
      <div className="mt-1 flex justify-between gap-4 border-t border-border pt-3 text-base">
        <dt id={`${id}-total`} className="font-bold">
          Total
        </dt>
        <dd className="font-extrabold">
          <output htmlFor={quantityId} aria-labelledby={`${id}-total`}>
            {formatPounds(total)}
          </output>
        </dd>
      </div>
    </dl>
  );
}
