import { describe, expect, it } from "vitest";
import { eventWhen, RESEND_WAYS, resendErrorToast, resendResultToast, statusLabel, ticketEmailLine, ticketValidity } from "./my-tickets-text";

describe("resend toasts (spec §8 'Scanner and My Tickets')", () => {
  it("says who the ticket went to, never the provider (issue 17)", () => {
    expect(resendResultToast({ success: true, provider: "outbox", recipient: "ada@example.com", error: null })).toEqual({
      ok: true,
      text: { title: "Ticket sent to ada@example.com", description: "Your ticket has been resent to your email address." },
    });
  });
  it("offers the two ways in plain words: 'Resend ticket' and 'Try another way'", () => {
    expect(RESEND_WAYS).toEqual([
      { provider: "brevo", label: "Resend ticket" },
      { provider: "resend", label: "Try another way" },
    ]);
  });
  it("fails with the spec's text when the server could not send", () => {
    expect(resendResultToast({ success: false, provider: "brevo", recipient: null, error: "Ticket not found." })).toEqual({
      ok: false,
      text: { title: "Error", description: "Failed to resend ticket email. Please try again." },
    });
    expect(resendErrorToast({ status: 404, message: "No ticket found with that identifier. Please check and try again." })).toEqual({ title: "Error", description: "Failed to resend ticket email. Please try again." });
    expect(resendErrorToast({ status: 500, message: "Internal" }).description).toBe("Failed to resend ticket email. Please try again.");
  });
  it("passes on the rate limit's reason", () => {
    const limited = { status: 429, message: "Too many requests. Please wait a few minutes before trying again." };
    expect(resendErrorToast(limited)).toEqual({ title: "Error", description: "Too many requests. Please wait a few minutes before trying again." });
  });
});

describe("card texts", () => {
  it("dates the event in UK time (decisions D16)", () => {
    expect(eventWhen("2026-12-05T19:30:00Z")).toMatch(/^Saturday,? 5 December 2026 at 19:30$/);
    expect(eventWhen("2026-07-04T18:00:00Z")).toMatch(/^Saturday,? 4 July 2026 at 19:00$/);
    expect(eventWhen("not a date")).toBe("Date to be announced");
  });
  it("capitalises the status", () => {
    expect(statusLabel("confirmed")).toBe("Confirmed");
  });
  it("says where the ticket e-mail stands", () => {
    expect(ticketEmailLine({ status: "queued", sentAt: null, provider: null, error: null })).toBe("Ticket email on its way");
    expect(ticketEmailLine({ status: "sent", sentAt: "2026-11-20T14:03:00Z", provider: "smtp", error: null })).toMatch(/^Ticket email sent Fri,? 20 Nov 2026, 14:03$/);
    expect(ticketEmailLine({ status: "failed", sentAt: null, provider: "brevo", error: "The ticket email could not be delivered." })).toBe("Ticket email not delivered. Resend it below.");
  });
});

describe("ticketValidity (issue 19)", () => {
  it("keeps a partly refunded ticket usable and says how many remain; a refunded one is not usable", () => {
    expect(ticketValidity({ status: "confirmed", ticketQuantity: 2, refundedQuantity: 0, refundedPence: 0 })).toEqual({
      usable: true,
      stateLabel: null,
      qrNote: "Show this QR code at the event entrance",
      quantity: "2",
    });
    expect(ticketValidity({ status: "confirmed", ticketQuantity: 1, refundedQuantity: 1, refundedPence: 2230 })).toMatchObject({
      usable: true,
      stateLabel: "Partly refunded",
      quantity: "1 of 2 valid",
      qrNote: "Show this QR code at the event entrance: 1 ticket still valid",
    });
    expect(ticketValidity({ status: "refunded", ticketQuantity: 0, refundedQuantity: 2, refundedPence: 4460 })).toMatchObject({
      usable: false,
      stateLabel: "Refunded",
      qrNote: "Refunded — this ticket is no longer valid for entry",
    });
    expect(ticketValidity({ status: "disputed", ticketQuantity: 2, refundedQuantity: 0, refundedPence: 0 })).toMatchObject({ usable: false, stateLabel: "Disputed" });
  });
});
