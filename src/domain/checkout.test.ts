import { describe, expect, it } from "vitest";
import { CHECKOUT_HOLD_MINUTES, CHECKOUT_SESSION_MINUTES, checkoutSessionExpiry, STRIPE_MIN_SESSION_MINUTES } from "./checkout";

const MINUTE = 60_000;

describe("checkout session and hold lifetimes (decision 013)", () => {
  it("give Stripe a margin over its 30-minute minimum, and the hold a margin over the session", () => {
    expect(CHECKOUT_SESSION_MINUTES).toBeGreaterThan(STRIPE_MIN_SESSION_MINUTES);
    expect(CHECKOUT_HOLD_MINUTES).toBeGreaterThan(CHECKOUT_SESSION_MINUTES);
  });

  it("ends a session CHECKOUT_SESSION_MINUTES after it is requested, in whole seconds, before the hold", () => {
    const hold = new Date(Date.UTC(2026, 5, 1, 12, CHECKOUT_HOLD_MINUTES, 0));
    const now = new Date(Date.UTC(2026, 5, 1, 12, 0, 1, 750));
    const expiry = checkoutSessionExpiry(now, hold);
    expect(expiry.getTime() % 1000).toBe(0);
    expect(expiry.getTime()).toBe(Date.UTC(2026, 5, 1, 12, CHECKOUT_SESSION_MINUTES, 1));
    expect(expiry.getTime() - now.getTime()).toBeGreaterThan(STRIPE_MIN_SESSION_MINUTES * MINUTE);
    expect(expiry.getTime()).toBeLessThan(hold.getTime());
  });

  it("never ends a session after its hold, even when the request comes late", () => {
    const hold = new Date(Date.UTC(2026, 5, 1, 12, 30, 0, 500));
    const late = new Date(hold.getTime() - 10 * MINUTE);
    expect(checkoutSessionExpiry(late, hold).getTime()).toBeLessThanOrEqual(hold.getTime());
  });
});
