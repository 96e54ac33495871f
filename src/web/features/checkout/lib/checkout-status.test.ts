import { describe, expect, it } from "vitest";
import { closedCheckoutView, paymentSuccessPath } from "./checkout-status";

describe("closedCheckoutView", () => {
  it("is null while the checkout waits for payment", () => {
    expect(closedCheckoutView("pending", "cs_1")).toBeNull();
  });
  it("links a paid checkout to its success page", () => {
    expect(closedCheckoutView("confirmed", "cs_a b")?.action).toEqual({ label: "View your booking", to: "/payment-success?session_id=cs_a%20b" });
  });
  it("sends cancelled, expired, refunded and unknown states back to the events", () => {
    for (const status of ["cancelled", "expired", "refunded", "weird"]) {
      expect(closedCheckoutView(status, "cs_1")?.action.to).toBe("/events");
    }
    expect(closedCheckoutView("expired", "cs_1")?.title).toBe("Checkout expired");
  });
});

describe("paymentSuccessPath", () => {
  it("carries the session id", () => {
    expect(paymentSuccessPath("cs_test_1")).toBe("/payment-success?session_id=cs_test_1");
  });
});
