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

/** Seller fee shown on the seller page: 2.9% + £0.30 per ticket (spec §9). */
export const SELLER_FEE = { percent: 2.9, fixedPence: 30 } as const;

/** 123456 → "£1,234.56", -250 → "-£2.50". Written out rather than with Intl (see `londonClock` in london-time.ts). */
export function formatPounds(pence: Pence): string {
  const whole = Math.round(Math.abs(pence));
  const sign = pence < 0 && whole > 0 ? "-" : "";
  return `${sign}£${formatCount(Math.floor(whole / 100))}.${String(whole % 100).padStart(2, "0")}`;
}

/** '2.9% + £0.30' (spec §9 Fees and money: seller fee), for every page and answer that states it. */
export const SELLER_FEE_TEXT = `${SELLER_FEE.percent}% + ${formatPounds(SELLER_FEE.fixedPence)}`;

/** Parses a pounds amount as typed by a person ("12", "12.5", "£12.50") into pence; null if not money. */
export function poundsToPence(input: string | number): Pence | null {
  const text = String(input).trim().replace(/^£/, "").replace(/,/g, "");
  if (!/^\d+(\.\d{1,2})?$/.test(text)) return null;
  const [whole, fraction = ""] = text.split(".");
  return Number(whole) * 100 + Number(fraction.padEnd(2, "0"));
}

export function bookingFeePerTicket(ticketPricePence: Pence): Pence {
  return ticketPricePence > 0 ? BOOKING_FEE_PENCE : 0;
}

/** Affiliate commission on a booking: 10% of the booking fees, rounded down to whole pence. */
export function affiliateCommission(ticketPricePence: Pence, quantity: number): Pence {
  return Math.floor((bookingFeePerTicket(ticketPricePence) * quantity * AFFILIATE_COMMISSION_PERCENT) / 100);
}

export const BOOKING_FEE_TEXT = `+ ${formatPounds(BOOKING_FEE_PENCE)} booking & processing fee per ticket`;
