// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import { afterEach, expect, test, vi } from "vitest";
import type { VerifyPaymentResult } from "@domain";
import { renderRoute } from "~/test/render-route";
import PaymentSuccessRoute from "./payment-success";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const route = { path: "/payment-success", Component: PaymentSuccessRoute as never };

const confirmed: VerifyPaymentResult = {
  success: true,
  message: "Payment confirmed",
  bookings: [
    {
      id: "b1",
      event_id: "6f1c2a7e-0d7b-4c53-9d0e-2f3a4b5c6d7e",
      attendee_name: "Ada Lovelace",
      attendee_email: "ada@example.com",
      ticket_quantity: 2,
      total_amount_pence: 5460,
      qr_code: null,
      ticket_code: "TCKT-2026-1A2B3C4D",
      events: { title: "Jazz Night", description: null, date_time: "2026-07-03T18:30:00.000Z", venue: "Ronnie's", location: "Soho, London", image_url: null, min_age: 18 },
      ticket_email: { status: "sent", sentAt: "2026-06-01T12:00:05.000Z", provider: "smtp", error: null },
    },
  ],
};

test("a paid session shows each booking with its attendee, tickets, total and ticket code", async () => {
  const fetch = vi.fn(async () => new Response(JSON.stringify(confirmed), { status: 200, headers: { "content-type": "application/json" } }));
  vi.stubGlobal("fetch", fetch);
  renderRoute({ url: "/payment-success?session_id=cs_test_1", route });
  expect(await screen.findByRole("heading", { level: 1, name: "Payment Successful!" })).toBeTruthy();
  const booking = screen.getByRole("list", { name: "Your bookings" });
  expect(booking.textContent).toContain("Jazz Night");
  expect(booking.textContent).toContain("Ada Lovelace");
  expect(booking.textContent).toContain("£54.60");
  expect(booking.textContent).toContain("TCKT-2026-1A2B3C4D");
  expect(booking.textContent).toContain("Ticket email sent to ada@example.com.");
  // An age-limited event's confirmation says so (issue 34).
  expect(booking.textContent).toContain("Ages 18 and over only. Bring photo ID: it may be checked at the door.");
  expect(screen.getByRole("link", { name: "View My Tickets" }).getAttribute("href")).toBe("/my-tickets");
  expect(fetch).toHaveBeenCalledTimes(1);
});

test("without a session id the page says it could not confirm the payment", async () => {
  renderRoute({ url: "/payment-success", route });
  expect(await screen.findByRole("heading", { level: 1, name: "We couldn't confirm your payment" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("No session ID found");
  expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
});
