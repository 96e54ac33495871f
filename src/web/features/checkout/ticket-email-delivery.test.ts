import { describe, expect, it } from "vitest";
import type { TicketEmailStatus } from "@domain";
import type { VerifiedBooking } from "./lib/verification-outcome";
import { deliverySummary, deliveryToast, mayPollAgain, TICKET_EMAIL_POLL, ticketEmailsOf } from "./ticket-email-delivery";

const queued: TicketEmailStatus = { status: "queued", sentAt: null, provider: null, error: null };
const sent: TicketEmailStatus = { status: "sent", sentAt: "2026-11-20T14:03:00Z", provider: "smtp", error: null };
const failed: TicketEmailStatus = { status: "failed", sentAt: null, provider: "smtp", error: "Mailbox unavailable" };

function booking(id: string, ticket_email?: TicketEmailStatus): VerifiedBooking {
  return {
    id,
    event_id: `event-${id}`,
    attendee_name: "Ada",
    attendee_email: "ada@example.com",
    ticket_quantity: 1,
    total_amount_pence: 2730,
    qr_code: null,
    ticket_code: "TCKT-2026-1A2B3C4D",
    events: null,
    ticket_email,
  };
}

describe("ticket e-mail delivery on the success page", () => {
  it("reads each booking's delivery", () => {
    expect(ticketEmailsOf([booking("a", queued), booking("b", sent), booking("c")])).toEqual({ a: queued, b: sent });
  });

  it("is sending while any e-mail is queued, then sent or failed", () => {
    expect(deliverySummary(["a", "b"], { a: queued, b: sent })).toBe("sending");
    expect(deliverySummary(["a", "b"], { a: sent, b: sent })).toBe("sent");
    expect(deliverySummary(["a", "b"], { a: sent, b: failed })).toBe("failed");
    expect(deliverySummary(["a", "b"], { a: sent })).toBe("unknown");
    expect(deliverySummary([], {})).toBe("unknown");
  });

  it("polls every 2 s for up to 30 s", () => {
    expect(TICKET_EMAIL_POLL.intervalMs).toBe(2_000);
    expect(mayPollAgain(0, 0)).toBe(true);
    expect(mayPollAgain(0, 28_000)).toBe(true);
    expect(mayPollAgain(0, 28_001)).toBe(false);
  });

  it("toasts once the e-mails have settled (spec §8 Payment)", () => {
    expect(deliveryToast("sending", { a: queued })).toBeNull();
    expect(deliveryToast("unknown", {})).toBeNull();
    expect(deliveryToast("sent", { a: sent })).toEqual({ ok: true, text: { title: "Ticket email sent", description: "Please check your inbox." } });
    expect(deliveryToast("failed", { a: sent, b: failed })).toEqual({ ok: false, text: { title: "Failed to send email", description: "Mailbox unavailable" } });
    expect(deliveryToast("failed", { b: { ...failed, error: null } })?.text.description).toBe("You can resend your ticket from the Resend Ticket page.");
  });
});
