import { describe, expect, it } from "vitest";
import { bookingTitle, SIGN_IN_TO_VERIFY, verificationFailure, verificationOutcome, type VerifiedBooking } from "./verification-outcome";

const booking: VerifiedBooking = {
  id: "b1",
  event_id: "e1",
  attendee_name: "Ada",
  attendee_email: "ada@example.com",
  ticket_quantity: 2,
  total_amount_pence: 5460,
  qr_code: "ref",
  ticket_code: "TCKT-2026-1A2B3C4D",
  events: { title: "Jazz Night", description: null, date_time: "2026-07-01T19:00:00Z", location: "London", image_url: null },
};

describe("verificationOutcome (spec §8 Payment)", () => {
  it("shows every booking of a confirmed payment", () => {
    const second = { ...booking, id: "b2", event_id: "e2" };
    expect(verificationOutcome({ success: true, booking, bookings: [booking, second], message: "Payment confirmed" })).toEqual({
      ok: true,
      bookings: [booking, second],
      message: "Payment confirmed",
    });
  });
  it("falls back to the single booking", () => {
    expect(verificationOutcome({ success: true, booking })).toEqual({ ok: true, bookings: [booking], message: null });
  });
  it("no data", () => {
    expect(verificationOutcome(null)).toEqual({ ok: false, message: "No data returned from verification function" });
    expect(verificationOutcome({})).toEqual({ ok: false, message: "No data returned from verification function" });
  });
  it("shows the server's error when success is false", () => {
    expect(verificationOutcome({ success: false, error: "The payment has not been completed." })).toEqual({
      ok: false,
      message: "The payment has not been completed.",
    });
  });
  it("no success flag", () => {
    expect(verificationOutcome({ success: false })).toEqual({ ok: false, message: "Payment verification failed - no success flag" });
    expect(verificationOutcome({ message: "?" })).toEqual({ ok: false, message: "Payment verification failed - no success flag" });
  });
  it("a booking without its event is incomplete", () => {
    const incomplete = { ok: false, message: "Booking data is incomplete. Missing event information." };
    expect(verificationOutcome({ success: true, booking: { ...booking, events: null } })).toEqual(incomplete);
    expect(verificationOutcome({ success: true })).toEqual(incomplete);
  });
});

describe("verificationFailure", () => {
  it("prefixes the failure's message", () => {
    expect(verificationFailure("Internal error")).toEqual({
      ok: false,
      message: "Function error: Internal error",
    });
  });
  it("asks a signed-out visitor to sign in (verify-payment answers only the buyer)", () => {
    expect(SIGN_IN_TO_VERIFY).toEqual({
      ok: false,
      message: "Only the account that paid can see this booking. Please sign in with it.",
      signInRequired: true,
    });
  });
});

describe("bookingTitle", () => {
  it("falls back when the title is missing", () => {
    expect(bookingTitle(booking)).toBe("Jazz Night");
    expect(bookingTitle({ ...booking, events: { ...booking.events!, title: " " } })).toBe("Event Details Unavailable");
  });
});
