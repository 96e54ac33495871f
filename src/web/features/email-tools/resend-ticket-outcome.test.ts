import { describe, expect, it } from "vitest";
import { ApiRequestError } from "~/lib/api-request";
import { checkIdentifier, resendFailure, resendOutcome } from "./resend-ticket-outcome";

describe("checkIdentifier (spec §5 Ticket viewer and resender)", () => {
  it("trims what was typed", () => {
    expect(checkIdentifier("  TCKT-2026-1A2B3C4D \n")).toEqual({ identifier: "TCKT-2026-1A2B3C4D" });
  });
  it("asks for an identifier when blank", () => {
    expect(checkIdentifier("")).toEqual({ error: "Please enter a booking ID or ticket code" });
    expect(checkIdentifier("   ")).toEqual({ error: "Please enter a booking ID or ticket code" });
  });
});

describe("resend results (spec §8 'E-mail pages')", () => {
  it("names the recipient, never the provider (issue 17)", () => {
    expect(resendOutcome({ success: true, provider: "outbox", recipient: "a***@example.com", error: null })).toEqual({
      ok: true,
      title: "Ticket email sent successfully!",
      detail: "Sent to: a***@example.com",
    });
    expect(resendOutcome({ success: true, provider: "smtp", recipient: null, error: null })).toMatchObject({ detail: null });
  });
  it("shows the server's error, else 'Failed to send ticket'", () => {
    expect(resendOutcome({ success: false, provider: "brevo", recipient: null, error: "Ticket not found. Please check the booking ID or ticket code." })).toEqual({
      ok: false,
      title: "Failed to resend ticket: Ticket not found. Please check the booking ID or ticket code.",
    });
    expect(resendOutcome({ success: false, provider: "brevo", recipient: null, error: null })).toEqual({ ok: false, title: "Failed to resend ticket: Failed to send ticket" });
  });
  it("shows a refusal's reason, such as the rate limit (decisions D11)", () => {
    const limited = new ApiRequestError({ status: 429, code: "RATE_LIMITED", message: "Too many requests. Please wait a few minutes before trying again." });
    expect(resendFailure(limited)).toEqual({ ok: false, title: "Failed to resend ticket: Too many requests. Please wait a few minutes before trying again." });
    expect(resendFailure(new ApiRequestError({ status: 500, message: "Internal Server Error" }))).toEqual({ ok: false, title: "Failed to resend ticket: Failed to send ticket" });
    expect(resendFailure(new TypeError("Failed to fetch"))).toEqual({ ok: false, title: "Failed to resend ticket: Failed to send ticket" });
  });
});
