import { formatCount } from "./format";
/**
 * Money is integer pence everywhere (decisions.md D17); pounds appear only at display.
 * The booking fee is one constant for every page, e-mail and legal text (D1).
 */
export type Pence = number;

/** £2.30 per ticket, paid events only (spec §9 Fees and money). */
export const BOOKING_FEE_PENCE: Pence = 230;

/** Affiliates earn 10% of booking fees only (spec §9). */
export const AFFILIATE_COMMISSION_PERCENT = 10;

/** Organiser payouts are made this many UK business days (England and Wales) after the event ends (D23). */
export const PAYOUT_BUSINESS_DAYS = 7;

/** 123456 → "£1,234.56", -250 → "-£2.50". Written out rather than with Intl (see `londonClock` in london-time.ts). */
export function formatPounds(pence: Pence): string {
  const whole = Math.round(Math.abs(pence));
  const sign = pence < 0 && whole > 0 ? "-" : "";
  return `${sign}£${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
}

/**
 * 123456 → "1234.56", -250 → "-2.50": pounds as a plain decimal, for machines rather than people (a CSV
 * cell a spreadsheet sums, schema.org's price, a form's price field).
 */
export function formatPoundsPlain(pence: Pence): string {
  // formatPounds without its symbol and thousands separators, so the two can never round differently.
  return formatPounds(pence).replace("£", "").replaceAll(",", "");
}

/** Parses a pounds amount as typed by a person ("12", "12.5", "£12.50") into pence; null if not money. */
export function poundsToPence(input: string | number): Pence | null {
  const text = String(input).trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

/** The platform's booking fee on a ticket at this price: £2.30 on paid tickets, nothing on free ones (D22). */
export function bookingFeePerTicket(ticketPricePence: Pence): Pence {
  return ticketPricePence > 0 ? BOOKING_FEE_PENCE : 0;
}

/** What the buyer pays per ticket in booking fee: none when the organiser absorbs it (D22). */
export function buyerFeePerTicket(ticketPricePence: Pence, absorbsBookingFee: boolean): Pence {
  return absorbsBookingFee ? 0 : bookingFeePerTicket(ticketPricePence);
}

/** Affiliate commission on a booking: 10% of the booking fees, rounded down to whole pence. */
export function affiliateCommission(ticketPricePence: Pence, quantity: number): Pence {
  return Math.floor((bookingFeePerTicket(ticketPricePence) * quantity * AFFILIATE_COMMISSION_PERCENT) / 100);
}

/** What a buyer sees per ticket before paying (D21): the ticket price plus the booking fee they pay, with the fee named. */
export interface AllInPrice {
  /** The booking fee the buyer pays per ticket: 0 when free or absorbed. */
  feePence: Pence;
  /** The headline, ticket price + the buyer's booking fee: '£40.80', or 'Free'. */
  priceText: string;
  /** The fee named with it: 'incl. £2.30 booking & processing fee per ticket', 'No booking fee' when absorbed, null when free. */
  feeText: string | null;
}

/** What a buyer pays per ticket (D21, D22): the ticket price plus the booking fee they pay. The price filters and sorts use it too. */
export function allInPricePence(event: { pricePence: Pence; absorbsBookingFee: boolean }): Pence {
  return event.pricePence + buyerFeePerTicket(event.pricePence, event.absorbsBookingFee);
}

/** The one all-in price of a ticket (D21, D22): every card, the event page, the cart and checkout show this. */
export function allInPrice(event: { pricePence: Pence; absorbsBookingFee: boolean }): AllInPrice {
  const feePence = buyerFeePerTicket(event.pricePence, event.absorbsBookingFee);
  // allInPricePence's sum, written out so every page's shell does not carry a second function (money.test.ts holds them equal).
  const totalPence = event.pricePence + feePence;
  // The fee is named with the price (D21); a paid event whose organiser absorbs it says there is none (D22).
  return {
    feePence,
    priceText: totalPence ? formatPounds(totalPence) : "Free",
    feeText: feePence ? `incl. ${formatPounds(feePence)} booking & processing fee per ticket` : totalPence ? "No booking fee" : null,
  };
}
