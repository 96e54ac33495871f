// @vitest-environment happy-dom
import { cleanup, render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, expect, test } from "vitest";
import type { SessionUser } from "@domain";
import type { ShownTicket } from "~/features/my-tickets/shown-ticket";
import { renderRoute } from "~/test/render-route";
import MyTicketsRoute from "./my-tickets";

afterEach(() => cleanup());

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

// What the loader draws (shown-tickets.server.test.ts scans a real one): the page shows it as it is.
const QR_IMAGE = "data:image/png;base64,iVBORw0KGgo=";

const ticket: ShownTicket = {
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
  qrImage: QR_IMAGE,
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

/** The route as the server gives it: the loader's tickets, and (optionally) what the action answers a card's post. */
function myTicketsRoute(tickets: ShownTicket[], action?: (form: FormData) => unknown) {
  return {
    path: "/my-tickets",
    loader: () => ({ tickets }),
    action: action ? async ({ request }: { request: Request }) => action(await request.formData()) : undefined,
    Component: MyTicketsRoute as never,
  };
}

test("a signed-in buyer sees each ticket with its QR code and the ways to resend, add to a calendar and print", async () => {
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([ticket]) });
  expect(await screen.findByRole("heading", { level: 3, name: "Jazz Night at the Roundhouse" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 1, name: "My Tickets" })).toBeTruthy();
  expect(screen.getByRole("heading", { level: 2, name: "Upcoming" })).toBeTruthy();
  expect(screen.getByRole("img", { name: "QR code for ticket TCKT-2026-1A2B3C4D" }).getAttribute("src")).toBe(QR_IMAGE);
  expect(screen.getByText("TCKT-2026-1A2B3C4D")).toBeTruthy();
  expect(screen.getByText("Show this QR code at the event entrance")).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Resend ticket/ })).toBeTruthy();
  expect(screen.getByRole("button", { name: /^Try another way/ })).toBeTruthy();
  expect(screen.getByRole("link", { name: /^Add to calendar/ }).getAttribute("href")).toBe(`/api/me/tickets/${ticket.bookingId}/calendar.ics`);
  expect(screen.getByRole("button", { name: /^Print Ticket/ })).toBeTruthy();
  const receipt = screen.getByRole("link", { name: /^Receipt/ });
  expect(receipt.getAttribute("href")).toBe(`/receipts/${ticket.orderId}`);
  // WCAG 2.2, 2.5.8: at least 24 px tall.
  expect(receipt.className.split(" ")).toContain("min-h-6");
});

test("a ticket whose QR code the server could not draw says so in its place", async () => {
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...ticket, qrImage: null }]) });
  expect(await screen.findByRole("img", { name: "QR code for ticket TCKT-2026-1A2B3C4D could not be drawn" })).toBeTruthy();
  expect(screen.getByText("Failed to generate QR code")).toBeTruthy();
});

test("a buyer without tickets is sent to the events", async () => {
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([]) });
  expect(await screen.findByRole("heading", { name: "No tickets yet" })).toBeTruthy();
  expect(screen.getByRole("link", { name: "Browse Events" })).toBeTruthy();
});

test("a resend posts the card's booking and the way chosen, and the toast says who it went to", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  const route = myTicketsRoute([ticket], (form) => {
    posted.push(Object.fromEntries(form));
    return { intent: "resend", bookingId: ticket.bookingId, result: { success: true, provider: "outbox", recipient: "ada@example.com", error: null } };
  });
  renderRoute({ url: "/my-tickets", user, route });
  render(<Toaster />);
  await userEvent.click(await screen.findByRole("button", { name: /^Try another way/ }));
  expect(await screen.findByText("Ticket sent to ada@example.com")).toBeTruthy();
  expect(posted).toEqual([{ intent: "resend", bookingId: ticket.bookingId, provider: "resend" }]);
});

test("a refused resend says the server's reason for a rate limit", async () => {
  const message = "Too many requests. Please wait a few minutes before trying again.";
  const route = myTicketsRoute([ticket], () => ({ intent: "resend", bookingId: ticket.bookingId, refused: { status: 429, message } }));
  renderRoute({ url: "/my-tickets", user, route });
  render(<Toaster />);
  await userEvent.click(await screen.findByRole("button", { name: /^Resend ticket/ }));
  expect(await screen.findByText(message)).toBeTruthy();
});

test("a buyer asks for a refund from the card: what comes back is said plainly, the reason is required, and the card then shows the request", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  let tickets = [ticket];
  const request = { requestId: "r1", status: "pending", reason: "Ill", createdAt: "2026-11-25T10:00:00.000Z", decidedAt: null, decisionNote: null, automatic: false } as const;
  const route = {
    ...myTicketsRoute([]),
    loader: () => ({ tickets }),
    action: async ({ request: post }: { request: Request }) => {
      posted.push(Object.fromEntries(await post.formData()));
      tickets = [{ ...ticket, refund: { ...ticket.refund, canRequest: false, request } }];
      return { intent: "refund", bookingId: ticket.bookingId, request };
    },
  };
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
  expect(posted).toEqual([{ intent: "refund", bookingId: ticket.bookingId, reason: "Ill" }]);
  expect(within(refund).queryByRole("button", { name: /^Request a refund/ })).toBeNull();
});

test("a refused refund request shows the server's reason at the field and keeps the form open", async () => {
  const message = "Refunds close 48 hours before the event starts.";
  const route = myTicketsRoute([ticket], () => ({ intent: "refund", bookingId: ticket.bookingId, refused: { status: 409, message } }));
  renderRoute({ url: "/my-tickets", user, route });
  const refund = await screen.findByRole("region", { name: "Refund" });
  await userEvent.click(within(refund).getByRole("button", { name: /^Request a refund/ }));
  await userEvent.type(within(refund).getByLabelText("Why are you asking for a refund?"), "Ill");
  await userEvent.click(within(refund).getByRole("button", { name: "Send request" }));
  expect(await within(refund).findByText(message)).toBeTruthy();
  expect(within(refund).getByLabelText("Why are you asking for a refund?")).toBeTruthy();
});

test("within 48 hours of the event the card says when refunds closed, with no button", async () => {
  const closed = { ...ticket, refund: { ...ticket.refund, canRequest: false, refundPence: 0, closesAt: "2026-12-03T19:30:00.000Z", closedReason: "Refunds close 48 hours before the event starts." } };
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([closed]) });
  const refund = await screen.findByRole("region", { name: "Refund" });
  expect(within(refund).getByText("Refunds closed on Thu, 3 Dec 2026, 19:30: they close 48 hours before the event starts.")).toBeTruthy();
  expect(screen.queryByRole("button", { name: /^Request a refund/ })).toBeNull();
});
