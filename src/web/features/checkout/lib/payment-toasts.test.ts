import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { isCapacityConflict, needsSignIn, NO_CHECKOUT_URL, paymentErrorDescription } from "./payment-toasts";

describe("paymentErrorDescription (spec §8 Payment)", () => {
  it("shows the server's reason", () => {
    const soldOut = new ApiRequestError({ status: 409, code: "CONFLICT", message: "Sold out: Jazz Night" });
    expect(paymentErrorDescription(soldOut)).toBe("Sold out: Jazz Night");
    expect(paymentErrorDescription(new ApiRequestError({ status: 400, code: "VALIDATION_FAILED", message: "Free events need no payment" }))).toBe(
      "Free events need no payment",
    );
  });
  it("falls back for server faults and network failures", () => {
    expect(paymentErrorDescription(new ApiRequestError({ status: 500, message: "Internal" }))).toBe("Failed to initiate payment. Please try again.");
    expect(paymentErrorDescription(new TypeError("Failed to fetch"))).toBe("Failed to initiate payment. Please try again.");
  });
  it("names a missing checkout URL", () => {
    expect(paymentErrorDescription(new Error(NO_CHECKOUT_URL))).toBe("No checkout URL received from payment service");
  });
});

describe("error kinds", () => {
  it("401 means sign in again; 409 means places changed", () => {
    expect(needsSignIn(new ApiRequestError({ status: 401, message: "x" }))).toBe(true);
    expect(needsSignIn(new Error("x"))).toBe(false);
    expect(isCapacityConflict(new ApiRequestError({ status: 409, message: "x" }))).toBe(true);
    expect(isCapacityConflict(new ApiRequestError({ status: 400, message: "x" }))).toBe(false);
  });
});
