import { allInPrice, businessTypeForCategory, formatPounds, organiserReceivesPerTicket, SELLER_FEE_TEXT } from "@domain";
import { formPricePence } from "../lib/event-form";
import type { FormBindings } from "./form-bindings";

/**
 * What a paid ticket costs its buyer and pays its organiser (D21, D22): the buyer's all-in price, and the
 * organiser's share after the organiser fee and, when they absorb it, the booking fee.
 */
export function ticketMoneyText(pricePence: number, absorbsBookingFee: boolean): string {
  const price = allInPrice({ pricePence, absorbsBookingFee });
  const buyer = absorbsBookingFee ? `Buyers pay ${price.priceText} a ticket, with no booking fee.` : `Buyers pay ${price.priceText} a ticket, ${price.feeText}.`;
  const after = absorbsBookingFee ? `the organiser fee (${SELLER_FEE_TEXT}) and the booking fee` : `the organiser fee (${SELLER_FEE_TEXT})`;
  return `${buyer} You receive ${formatPounds(organiserReceivesPerTicket(pricePence, absorbsBookingFee))} a ticket, after ${after}.`;
}

/**
 * The organiser's choice to pay the booking fee themself (D22), for paid events: a real checkbox, so it is
 * there before scripts load. With several ticket types it covers them all, told at the lowest price.
 */
export function AbsorbFeeField({ values, onChange }: FormBindings) {
  const pence = formPricePence(values);
  if (businessTypeForCategory(values.category) === "restaurant" || !pence || pence <= 0) return null;
  return (
    <div className="flex flex-col gap-1.5">
      <label htmlFor="event-absorbs-booking-fee" className="flex cursor-pointer items-start gap-3 text-sm font-semibold">
        <input
          id="event-absorbs-booking-fee"
          name="absorbsBookingFee"
          type="checkbox"
          checked={values.absorbsBookingFee}
          onChange={(event) => onChange("absorbsBookingFee", event.target.checked)}
          aria-describedby="event-absorbs-booking-fee-hint"
          className="mt-0.5 size-5 shrink-0 cursor-pointer rounded accent-brand-600"
        />
        I'll pay the booking fee (buyers pay the ticket price only)
      </label>
      <p id="event-absorbs-booking-fee-hint" className="pl-8 text-xs text-muted">
        {ticketMoneyText(pence, values.absorbsBookingFee)}
      </p>
    </div>
  );
}
