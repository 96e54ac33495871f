import { buyerFeePerTicket, cartTotals, formatPounds } from "@domain";

/**
 * The live price breakdown (D21): the tickets, the booking fee the buyer pays (none when the organiser
 * absorbs it) and the total (spec §9 Fees and money).
 */
export function BookingTotals({
  id,
  quantityId,
  pricePence,
  absorbsBookingFee,
  quantity,
}: {
  id: string;
  quantityId: string;
  pricePence: number;
  absorbsBookingFee: boolean;
  quantity: number;
}) {
  const { subtotal, fees, total } = cartTotals([{ ticketPricePence: pricePence, quantity, absorbsBookingFee }]);
  const fee = buyerFeePerTicket(pricePence, absorbsBookingFee);
  return (
    <dl className="grid gap-2 rounded-xl bg-surface p-4 text-sm">
      <div className="flex justify-between gap-4">
        <dt className="text-muted">
          Tickets
          <span className="block text-xs">
            {quantity} × {formatPounds(pricePence)}
          </span>
        </dt>
        <dd className="font-medium">{formatPounds(subtotal)}</dd>
      </div>
      {fee > 0 && (
        <div className="flex justify-between gap-4">
          <dt className="text-muted">
            Booking &amp; processing fee
            <span className="block text-xs">
              {quantity} × {formatPounds(fee)}
            </span>
          </dt>
          <dd className="font-medium">{formatPounds(fees)}</dd>
        </div>
      )}
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
