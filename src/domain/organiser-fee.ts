import { bookingFeePerTicket, formatPounds, type Pence } from "./money";

// Apart from money.ts: only the server and a few pages (the event form, /sell, the legal pages) need these, so the
// pages' shared chunk (the app shell) does not carry them.

/**
 * The organiser fee (D22): 2.9% of the ticket price + £0.30 per paid ticket, deducted from the organiser's
 * payout (spec §9's seller fee). `basisPoints` is the percent as the arithmetic uses it.
 */
export const SELLER_FEE = { percent: 2.9, basisPoints: 290, fixedPence: 30 } as const;

/** '2.9% + £0.30' (spec §9 Fees and money: seller fee), for every page and answer that states it. */
export const SELLER_FEE_TEXT = `${SELLER_FEE.percent}% + ${formatPounds(SELLER_FEE.fixedPence)}`;

/** The booking fee per ticket taken from the organiser's payout instead: only when they absorb it (D22). */
export function absorbedFeePerTicket(ticketPricePence: Pence, absorbsBookingFee: boolean): Pence {
  return absorbsBookingFee ? bookingFeePerTicket(ticketPricePence) : 0;
}

/**
 * The organiser fee on `quantity` tickets at this price (D22): 2.9% of their price, rounded half up to
 * whole pence, plus £0.30 a ticket; free tickets pay nothing. What a booking owes is always this on its
 * valid tickets, so refunds take back exactly the difference (as commission does).
 */
export function organiserFee(ticketPricePence: Pence, quantity: number): Pence {
  if (ticketPricePence <= 0 || quantity <= 0) return 0;
  return Math.floor((ticketPricePence * quantity * SELLER_FEE.basisPoints + 5000) / 10000) + SELLER_FEE.fixedPence * quantity;
}

/**
 * What the organiser receives per ticket (D22): the ticket price less the organiser fee on one ticket and
 * the booking fee when they absorb it. The create/edit form states it.
 */
export function organiserReceivesPerTicket(ticketPricePence: Pence, absorbsBookingFee: boolean): Pence {
  return ticketPricePence - organiserFee(ticketPricePence, 1) - absorbedFeePerTicket(ticketPricePence, absorbsBookingFee);
}
