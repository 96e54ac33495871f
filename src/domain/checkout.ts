import type { z } from "zod";
import type { CreatePaymentInput } from "./checkout-shapes";
import { AppError } from "./errors";
import { buyerFeePerTicket, type Pence } from "./money";
import type { AnswersInput, TicketAnswer } from "./ticket-questions";

/**
 * Stripe Checkout's shortest session: `expires_at` must be 30 minutes to 24 hours after Stripe creates
 * the session, i.e. after *it* receives the request (https://docs.stripe.com/api/checkout/sessions/create,
 * `expires_at`).
 */
export const STRIPE_MIN_SESSION_MINUTES = 30;
/** Over that minimum, for the time between our clock reading and Stripe's: transit, the SDK's retries, clock skew. */
export const CHECKOUT_SESSION_MARGIN_MINUTES = 5;
/** A payment session ends this long after it is requested (decision 013). */
export const CHECKOUT_SESSION_MINUTES = STRIPE_MIN_SESSION_MINUTES + CHECKOUT_SESSION_MARGIN_MINUTES;
/** A hold outlasts its session by this much, so the session (and Stripe's `checkout.session.expired`) always ends first. */
export const CHECKOUT_HOLD_MARGIN_MINUTES = 5;
/** How long a checkout holds its places (ARCHITECTURE, decisions D9 and 013). */
export const CHECKOUT_HOLD_MINUTES = CHECKOUT_SESSION_MINUTES + CHECKOUT_HOLD_MARGIN_MINUTES;

/**
 * When a payment session requested at `now` expires: CHECKOUT_SESSION_MINUTES later in whole seconds
 * (Stripe takes Unix seconds), and never after the hold it pays for (decision 013).
 */
export function checkoutSessionExpiry(now: Date, holdExpiresAt: Date): Date {
  const wanted = now.getTime() + CHECKOUT_SESSION_MINUTES * 60_000;
  return new Date(Math.floor(Math.min(wanted, holdExpiresAt.getTime()) / 1000) * 1000);
}
/**
 * The most one checkout may total: Stripe charges amounts of at most eight digits in the smallest unit,
 * £999,999.99 (https://docs.stripe.com/currencies, "Minimum and maximum charge amounts").
 */
export const MAX_CHECKOUT_TOTAL_PENCE = 99_999_999;
/**
 * The most tickets of one event an account may buy in one order, and hold at once across its
 * unfinished checkouts (issue 16: counted after a cart's lines for one event are merged).
 */
export const MAX_TICKETS_PER_EVENT = 50;
/** create-payment calls one account may make (issue 16): each opens a payment session and holds places. */
const CHECKOUTS_PER_MINUTE = 10;
export const CHECKOUT_RATE_LIMIT = { limit: CHECKOUTS_PER_MINUTE, windowSeconds: 60 } as const;
export const CHECKOUT_RATE_LIMIT_MESSAGE = `Too many checkouts started: at most ${CHECKOUTS_PER_MINUTE} a minute. Please wait a moment and try again.`;

/** One ticket's attendee as a line carries it (issue 36), with their answers to the event's questions as asked. */
export interface LineAttendee {
  name: string;
  email?: string;
  answers?: TicketAnswer[];
}

/** One ticket's attendee as the buyer sent it: answers by question id, checked by the server before they are kept. */
export interface RequestedAttendee {
  name: string;
  email?: string;
  answers?: AnswersInput;
}

/** A merged line of a checkout: its event and type, how many tickets, and who each is for (null: every one in the buyer's name). */
export interface MergedCheckoutLine {
  eventId: string;
  ticketTypeId: string | null;
  quantity: number;
  attendees: RequestedAttendee[] | null;
}

/**
 * The cart's lines of a create-payment body, merged per event and ticket type. Merged lines' attendees
 * are concatenated in order (issue 36); a line that named none counts as that many in the buyer's name.
 */
export function checkoutLines(input: z.output<typeof CreatePaymentInput>): MergedCheckoutLine[] {
  const raw = "items" in input ? input.items : [{ eventId: input.eventId, ticketTypeId: input.ticketTypeId, ticketQuantity: input.ticketQuantity, attendees: input.attendees }];
  const merged = new Map<string, { eventId: string; ticketTypeId: string | null; parts: { quantity: number; attendees: RequestedAttendee[] | null }[] }>();
  for (const line of raw) {
    const ticketTypeId = line.ticketTypeId ?? null;
    const key = `${line.eventId}/${ticketTypeId ?? ""}`;
    const entry = merged.get(key) ?? { eventId: line.eventId, ticketTypeId, parts: [] };
    entry.parts.push({ quantity: line.ticketQuantity, attendees: line.attendees?.map(({ name, email, answers }) => ({ name, ...(email ? { email } : {}), ...(answers ? { answers } : {}) })) ?? null });
    merged.set(key, entry);
  }
  return [...merged.values()].map(({ eventId, ticketTypeId, parts }) => ({
    eventId,
    ticketTypeId,
    quantity: parts.reduce((sum, part) => sum + part.quantity, 0),
    attendees: parts.some((part) => part.attendees)
      ? parts.flatMap((part) => part.attendees ?? Array.from({ length: part.quantity }, () => ({ name: input.attendeeName })))
      : null,
  }));
}

/**
 * The per-event limits on one merged line (issue 16), or null when it is within them: at most
 * MAX_TICKETS_PER_EVENT in the order, and at most that many held at once by the account counting its
 * other unfinished checkouts (`alreadyHeld`). Called under the event's lock, so two requests cannot
 * both pass.
 */
export function ticketLimitError({ title, requested, alreadyHeld }: { title: string; requested: number; alreadyHeld: number }): AppError | null {
  if (requested > MAX_TICKETS_PER_EVENT) {
    return new AppError("VALIDATION_FAILED", `You can buy at most ${MAX_TICKETS_PER_EVENT} tickets for ${title} in one order (this order asks for ${requested}).`, {
      reason: "ORDER_LIMIT",
      limit: MAX_TICKETS_PER_EVENT,
    });
  }
  if (alreadyHeld + requested > MAX_TICKETS_PER_EVENT) {
    return new AppError(
      "CONFLICT",
      `You already hold ${alreadyHeld} tickets for ${title} in unfinished checkouts; one account may hold at most ${MAX_TICKETS_PER_EVENT}. Complete or cancel those checkouts first.`,
      { reason: "HOLD_LIMIT", limit: MAX_TICKETS_PER_EVENT, held: alreadyHeld },
    );
  }
  return null;
}

/**
 * Who earns commission on a purchase (spec §9, issue 16): the buyer's referral wins over the event's
 * own affiliate, and nobody earns on their own purchase, so a buyer's own code counts as no code. Nor
 * does anyone earn on a purchase of an event they organise (issue 33): the organiser's own code, as the
 * referral or as the event's affiliate, counts as no code too.
 */
export function commissionEarner<A extends { userId: string }>({
  buyerId,
  organiserId,
  referral,
  eventAffiliate,
}: {
  buyerId: string | null;
  organiserId: string;
  referral: A | null;
  eventAffiliate: A | null;
}): A | null {
  const earns = (affiliate: A | null) => affiliate !== null && affiliate.userId !== buyerId && affiliate.userId !== organiserId;
  if (earns(referral)) return referral;
  if (earns(eventAffiliate)) return eventAffiliate;
  return null;
}

/** Stripe Checkout writes the session's id into a success URL in place of this (https://docs.stripe.com/payments/checkout/custom-success-page). */
export const CHECKOUT_SESSION_ID_TEMPLATE = "{CHECKOUT_SESSION_ID}";

/** Where a paid checkout returns (spec §4 Payment success): the success page with the session's id, or Stripe's template for it. */
export function paymentSuccessPath(sessionId: string): string {
  return `/payment-success?session_id=${sessionId === CHECKOUT_SESSION_ID_TEMPLATE ? sessionId : encodeURIComponent(sessionId)}`;
}

/** Where a cancelled checkout returns (spec §2 Payment pages): the cancel page, back to the first event bought when known. */
export function paymentCancelPath(eventId: string | null): string {
  return `/payment-cancel${eventId ? `?event_id=${eventId}` : ""}`;
}

export interface PricedLine {
  ticketPricePence: Pence;
  quantity: number;
  /** The event's organiser absorbs the booking fee (D22): the buyer pays the ticket price only. */
  absorbsBookingFee: boolean;
}

export interface CartTotals {
  subtotal: Pence;
  fees: Pence;
  total: Pence;
  itemCount: number;
}

/** Cart total = subtotal + (quantity of paid tickets) × the fee the buyer pays (none when absorbed, D22). */
export function cartTotals(lines: readonly PricedLine[]): CartTotals {
  let subtotal = 0;
  let fees = 0;
  let itemCount = 0;
  for (const line of lines) {
    subtotal += line.ticketPricePence * line.quantity;
    fees += buyerFeePerTicket(line.ticketPricePence, line.absorbsBookingFee) * line.quantity;
    itemCount += line.quantity;
  }
  return { subtotal, fees, total: subtotal + fees, itemCount };
}

/** Ticket total = (price + the buyer's fee) × quantity; the fee only applies to paid events. One line of `cartTotals`. */
export function ticketTotal(ticketPricePence: Pence, quantity: number, absorbsBookingFee: boolean): Pence {
  return cartTotals([{ ticketPricePence, quantity, absorbsBookingFee }]).total;
}
