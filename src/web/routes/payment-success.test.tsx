// @vitest-environment happy-dom
import { cleanup, screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test } from "vitest";
import type { VerifyPaymentResult } from "@domain";
import { SIGN_IN_TO_VERIFY, verificationOutcome, type VerificationOutcome } from "~/features/checkout/lib/verification-outcome";
import { renderRoute } from "~/test/render-route";
import PaymentSuccessRoute from "./payment-success";

afterEach(() => cleanup());

/** The route as its loader answers: each read of the page takes the next outcome (the last one repeats). */
function paymentSuccessRoute(...outcomes: VerificationOutcome[]) {
  const reads: (string | null)[] = [];
  const route = {
    path: "/payment-success",
    loader: ({ request }: { request: Request }) => {
      const sessionId = new URL(request.url).searchParams.get("session_id");
      reads.push(sessionId);
      return { sessionId, outcome: outcomes[Math.min(reads.length, outcomes.length) - 1]! };
    },
    Component: PaymentSuccessRoute as never,
  };
  return { route, reads };
}

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

test("a booking of free tickets only says it is confirmed, not paid, and its total is Free (issue 36)", async () => {
  const free = { ...confirmed, bookings: [{ ...confirmed.bookings![0]!, total_amount_pence: 0 }] };
  const { route } = paymentSuccessRoute(verificationOutcome(free));
  renderRoute({ url: "/payment-success?session_id=free_1", route });
  expect(await screen.findByRole("heading", { level: 1, name: "Booking Confirmed!" })).toBeTruthy();
  expect(screen.getByRole("list", { name: "Your bookings" }).textContent).toContain("Total PaidFree");
});

test("a paid session shows each booking with its attendee, tickets, total and ticket code", async () => {
  const { route, reads } = paymentSuccessRoute(verificationOutcome(confirmed));
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
  expect(reads).toEqual(["cs_test_1"]);
});

test("each ticket of a booking is listed with its attendee, type and own code (issue 36)", async () => {
  const outcome = verificationOutcome(confirmed);
  if (!outcome.ok) throw new Error("expected a confirmed outcome");
  const tickets = [
    { ticketId: "t1", position: 1, code: "TCKT-2026-1A2B3C4D", attendeeName: "Ada Lovelace", typeName: "Standard", status: "valid" as const, checkedInAt: null },
    { ticketId: "t2", position: 2, code: "TCKT-2026-5E6F7A8B", attendeeName: "Grace Hopper", typeName: "VIP", status: "valid" as const, checkedInAt: null },
  ];
  const { route } = paymentSuccessRoute({ ...outcome, bookings: outcome.bookings.map((booking) => ({ ...booking, tickets })) });
  renderRoute({ url: "/payment-success?session_id=cs_test_1", route });
  const list = await screen.findByRole("list", { name: "Tickets for Jazz Night" });
  const items = [...list.querySelectorAll("li")].map((item) => item.textContent);
  expect(items).toEqual(["Ada Lovelace · StandardTCKT-2026-1A2B3C4D", "Grace Hopper · VIPTCKT-2026-5E6F7A8B"]);
});

test("while a ticket e-mail is queued the page is read again until it has gone", async () => {
  const queued = { ...confirmed, bookings: [{ ...confirmed.bookings![0]!, ticket_email: { status: "queued", sentAt: null, provider: null, error: null } }] } as VerifyPaymentResult;
  const { route, reads } = paymentSuccessRoute(verificationOutcome(queued), verificationOutcome(confirmed));
  renderRoute({ url: "/payment-success?session_id=cs_test_1", route });
  const booking = await screen.findByRole("list", { name: "Your bookings" });
  expect(booking.textContent).not.toContain("Ticket email sent to ada@example.com.");
  await screen.findByText("Ticket email sent to ada@example.com.", { exact: false }, { timeout: 5_000 });
  expect(reads).toEqual(["cs_test_1", "cs_test_1"]);
});

test("a signed-out visitor is asked to sign in and come back to this payment", async () => {
  const { route } = paymentSuccessRoute(SIGN_IN_TO_VERIFY);
  renderRoute({ url: "/payment-success?session_id=cs_test_1", route });
  expect(await screen.findByRole("heading", { level: 1, name: "Sign in to see your booking" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("Only the account that paid can see this booking. Please sign in with it.");
  expect(screen.getByRole("link", { name: "Sign In" }).getAttribute("href")).toBe("/auth?redirect=%2Fpayment-success%3Fsession_id%3Dcs_test_1");
});

test("a payment not yet confirmed can be verified again with Try again", async () => {
  const { route, reads } = paymentSuccessRoute({ ok: false, message: "The payment has not been completed." }, verificationOutcome(confirmed));
  renderRoute({ url: "/payment-success?session_id=cs_test_1", route });
  expect(await screen.findByRole("heading", { level: 1, name: "We couldn't confirm your payment" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("The payment has not been completed.");
  await userEvent.click(screen.getByRole("button", { name: "Try again" }));
  expect(await screen.findByRole("heading", { level: 1, name: "Payment Successful!" })).toBeTruthy();
  expect(reads).toEqual(["cs_test_1", "cs_test_1"]);
});

test("without a session id the page says it could not confirm the payment", async () => {
  const { route } = paymentSuccessRoute({ ok: false, message: "No session ID found" });
  renderRoute({ url: "/payment-success", route });
  expect(await screen.findByRole("heading", { level: 1, name: "We couldn't confirm your payment" })).toBeTruthy();
  expect(screen.getByRole("alert").textContent).toBe("No session ID found");
  expect(screen.queryByRole("button", { name: "Try again" })).toBeNull();
});
