import { z } from "zod";

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
/** Tickets one checkout line may buy. */
export const MAX_TICKETS_PER_LINE = 50;

const quantity = z
  .number({ message: "ticketQuantity must be a number" })
  .int("ticketQuantity must be a whole number")
  .min(1, "ticketQuantity must be at least 1")
  .max(MAX_TICKETS_PER_LINE, `ticketQuantity must be at most ${MAX_TICKETS_PER_LINE}`);
const affiliateCode = z.string().trim().max(32).nullish();

/**
 * create-payment (spec §7): the spec's body for one event, or a cart's lines (decisions D6). The
 * client's eventTitle and ticketPrice are accepted but never used: the server prices every line (D8).
 */
export const CreatePaymentInput = z.union([
  z.object({
    eventId: z.uuid("eventId must be an event id"),
    eventTitle: z.string().max(500).optional(),
    ticketPrice: z.unknown().optional(),
    ticketQuantity: quantity,
    affiliateCode,
  }),
  z.object({
    items: z
      .array(z.object({ eventId: z.uuid("eventId must be an event id"), ticketQuantity: quantity }))
      .min(1, "The cart is empty")
      .max(20, "A checkout can hold at most 20 events"),
    affiliateCode,
  }),
]);
export type CreatePaymentInput = z.input<typeof CreatePaymentInput>;

/** The cart's lines of a create-payment body, merged per event. */
export function checkoutLines(input: z.output<typeof CreatePaymentInput>): { eventId: string; quantity: number }[] {
  const raw = "items" in input ? input.items : [{ eventId: input.eventId, ticketQuantity: input.ticketQuantity }];
  const merged = new Map<string, number>();
  for (const line of raw) merged.set(line.eventId, (merged.get(line.eventId) ?? 0) + line.ticketQuantity);
  return [...merged].map(([eventId, qty]) => ({ eventId, quantity: qty }));
}

/** A checkout session id as Stripe and the local test checkout make them (cs_test_…, cs_live_…). */
export const CheckoutSessionId = z
  .string()
  .trim()
  .min(1, "No session ID found")
  .max(200, "Session ID is too long")
  .regex(/^[A-Za-z0-9_-]+$/, "Session ID may contain only letters, numbers, _ and -");

export const VerifyPaymentInput = z.object({ sessionId: CheckoutSessionId });

/** Affiliate codes: 8 characters from an alphabet without look-alikes (no 0/O, 1/I/L) (spec §9 Display). */
export const AFFILIATE_CODE_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
export const AFFILIATE_CODE_LENGTH = 8;

export const OwnAffiliate = z.object({
  code: z.string(),
  commissionRate: z.number().int(),
  status: z.string(),
  totalEarningsPence: z.number().int(),
  totalReferrals: z.number().int(),
  createdAt: z.string(),
});
export type OwnAffiliate = z.infer<typeof OwnAffiliate>;
