// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { MyTicket, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import MyTicketsRoute from "./my-tickets";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const ticket: MyTicket = {
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  period: "upcoming",
  ticketCode: "TCKT-2026-1A2B3C4D",
  status: "confirmed",
  ticketQuantity: 2,
  totalAmountPence: 3460,
  refundedQuantity: 0,
  refundState: "none",
  refundedPence: 0,
  attendeeName: "Ada Lovelace",
  attendeeEmail: "ada@example.com",
  checkedInAt: null,
  createdAt: "2026-11-20T14:00:00.000Z",
  event: { id: "e1", title: "Jazz Night at the Roundhouse", dateTime: "2026-12-05T19:30:00.000Z", venue: "Roundhouse", location: "London", imageUrl: null, minAge: null },
  qrPayload: {
    ticketId: "TCKT-2026-1A2B3C4D",
    bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    eventTitle: "Jazz Night at the Roundhouse",
    attendeeName: "Ada Lovelace",
    eventDate: "2026-12-05T19:30:00.000Z",
    ticketQuantity: 2,
    kid: "k1",
    sig: "c2ln",
  },
  ticketEmail: { status: "sent", sentAt: "2026-11-20T14:03:00.000Z", provider: "smtp", error: null },
  refund: {
    canRequest: true,
    automatic: false,
    includesFee: false,
    refundPence: 3000,
    feePerTicketPence: 230,
    closesAt: "2026-12-03T19:30:00.000Z",
    closedReason: null,
    request: null,
  },
  orderId: "7c9e6679-7425-40de-944b-e07fc1f99a41",
};

function answer(status: number, body: unknown) {
  vi.stubGlobal(
    "fetch",
    vi.fn(async () => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } })),
  );
}

const route = { path: "/my-tickets", loader: () => null, Component: MyTicketsRoute as never };

test("a signed-in buyer sees each ticket with its QR code and the ways to resend, add to a calendar and print", async () => {
  answer(200, { tickets: [ticket] });
  renderRoute({ url: "/my-tickets", user, route });
  expect(await screen.findByRole("heading", { level: 3, name: "Jazz Night at the Roundhouse" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 1, name: "My Tickets" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "Upcoming" })).toBeTruthy();
  expect(await screen.findByRole("img", { name: "QR code for ticket TCKT-2026-1A2B3C4D" })).toBeTruthy();
  expect(screen.getByText("TCKT-2026-1A2B3C4D")).toBeTruthy();
  expect(screen.getByText("Show this QR code at the event entrance")).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Resend ticket/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Try another way/ })).toBeTruthy();
  expect(screen.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toBe(`/api/me/tickets/${ticket.bookingId}/calendar.ics`);
  expect(screen.getByRole("button", { name: /^Print Ticket/ })).toBeTruthy();
  expect(screen.getByRole("link", { name: /^Receipt/ }).getAttribute("href")).toBe(`/receipts/${ticket.orderId}`);
});

test("a buyer without tickets is sent to the events", async () => {
  answer(200, { tickets: [] });
  renderRoute({ url: "/my-tickets", user, route });
  expect(await screen.findByRole("heading", { name: "No tickets yet" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Browse Events" })).toBeTruthy();
});

test("a session that has ended goes to sign-in and comes back to My Tickets", async () => {
  answer(401, { error: { code: "UNAUTHENTICATED", message: "Sign in first." } });
  renderRoute({ url: "/my-tickets", user: null, route, others: [{ path: "/auth", Component: () => <h1>Sign in</h1> }] });
  expect(await screen.findByRole("heading", { name: "Sign in" })).toBeTruthy();
});

test("a buyer asks for a refund from the card: what comes back is said plainly, the reason is required, and the card then shows the request", async () => {
  const posted: unknown[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.endsWith("/refund-request")) {
        posted.push(JSON.parse(String(init?.body)));
        const request = { requestId: "r1", status: "pending", reason: "Ill", createdAt: "2026-11-25T10:00:00.000Z", decidedAt: null, decisionNote: null, automatic: false };
        return new Response(JSON.stringify(request), { status: 200, headers: { "content-type": "application/json" } });
      }
      return new Response(JSON.stringify({ tickets: [ticket] }), { status: 200, headers: { "content-type": "application/json" } });
    }),
  );
  renderRoute({ url: "/my-tickets", user, route });
  const refund = await screen.findByRole("region", { name: "Refund" });
  expect(within(refund).getByText("You get back £30.00 (the ticket price). The £2.30 booking fee per ticket is not refundable.")).toBeTruthy();
  await userEvent.click(within(refund).getByRole("button", { name: /^Request a refund/ }));
  const reason = within(refund).getByLabelText("Why are you asking for a refund?");
  expect(document.activeElement).toBe(reason);
  await userEvent.click(within(refund).getByRole("button", { name: "Send request" }));
  expect(within(refund).getByText("Please tell the organiser why you are asking for a refund.")).toBeTruthy();
  expect(posted).toEqual([]);
  await userEvent.type(reason, "Ill");
  await userEvent.click(within(refund).getByRole("button", { name: "Send request" }));
  expect(await within(refund).findByText("Refund requested")).toBeTruthy();
  expect(within(refund).getByText(/^You asked on Wed, 25 Nov 2026, 10:00\./)).toBeTruthy();
  expect(posted).toEqual([{ reason: "Ill" }]);
  expect(within(refund).queryByRole("button", { name: /^Request a refund/ })).toBeNull();
});

test("within 48 hours of the event the card says when refunds closed, with no button", async () => {
  answer(200, {
    tickets: [{ ...ticket, refund: { ...ticket.refund, canRequest: false, refundPence: 0, closesAt: "2026-12-03T19:30:00.000Z", closedReason: "Refunds close 48 hours before the event starts." } }],
  });
  renderRoute({ url: "/my-tickets", user, route });
  const refund = await screen.findByRole("region", { name: "Refund" });
  expect(within(refund).getByText("Refunds closed on Thu, 3 Dec 2026, 19:30: they close 48 hours before the event starts.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: /^Request a refund/ })).toBeNull();
});
