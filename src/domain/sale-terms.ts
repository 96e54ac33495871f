import { BRAND } from "./brand";
import type { SellerIdentity } from "./sellers";

/*
 * What a buyer is told before paying (issue 34, D28; Consumer Contracts Regulations 2013 Schedule 2): who
 * sells, with the platform as their agent, and that a dated event has no 14-day right to cancel. Apart from
 * the seller rules (sellers.ts) and the refund rules (refunds.ts) because the event page and the cart carry
 * these sentences and nothing else of them.
 */

/** A stored address (one line per line) on one line. */
export function addressOnOneLine(address: string): string {
  return address.split("\n").map((line) => line.trim()).filter(Boolean).join(", ");
}

/** The platform's part in every sale (D23, D28): payments are taken in its name, as the seller's agent. */
export function agentLine(agentName: string = BRAND.companyName): string {
  return `${agentName} acts as their agent.`;
}

/** The sentence naming the seller, as the event page, the checkout and Stripe's page say it (D28). */
export function soldByLine(seller: Pick<SellerIdentity, "name" | "address">, agentName: string = BRAND.companyName): string {
  return `Sold by ${seller.name}, ${addressOnOneLine(seller.address)}. ${agentLine(agentName)}`;
}

/** Where the seller details are missing: what everyone reads instead of Buy Now. */
export const SELLER_DETAILS_PENDING = "Tickets go on sale once the organiser has added their seller details";

/**
 * Why a ticket cannot be cancelled within 14 days, as the pages before payment, the ticket e-mail and the Booking Terms state it: the
 * Consumer Contracts Regulations 2013 reg 28(1)(g) exempt leisure services for a specific date (D28).
 */
export const NO_CANCELLATION_RIGHT_TEXT =
  "Event tickets are for a specific date, so the 14-day right to cancel under the Consumer Contracts Regulations 2013 does not apply (regulation 28(1)(g)).";

