// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
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
  event: { id: "e1", title: "Jazz Night at the Roundhouse", dateTime: "2026-12-05T19:30:00.000Z", venue: "Roundhouse", location: "London", imageUrl: null, minAge: null, status: "active", transferCutoffHours: 0 },
  tickets: [
    { ticketId: "t1", position: 1, code: "TCKT-2026-1A2B3C4D", attendeeName: "Ada Lovelace", typeName: "Standard", status: "valid", checkedInAt: null, admits: true, qrDrawn: true, qrImage: QR_IMAGE },
    { ticketId: "t2", position: 2, code: "TCKT-2026-5E6F7A8B", attendeeName: "Grace Hopper", typeName: "VIP", status: "valid", checkedInAt: null, admits: true, qrDrawn: true, qrImage: QR_IMAGE },
  ],
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
function myTicketsRoute(tickets: ShownTicket[], action?: (form: FormData) => unknown, wallets = { apple: false, google: false }) {
  return {
    path: "/my-tickets",
    loader: () => ({ tickets, waitingLists: [], wallets }),
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

test("each ticket of a booking shows its attendee, type, code, state and its own QR code (issue 36)", async () => {
  const refunded = { ...ticket.tickets[1]!, ticketId: "t3", position: 3, code: "TCKT-2026-9C0D1E2F", attendeeName: "Alan Turing", status: "refunded" as const, admits: false, qrDrawn: false, qrImage: null };
  const checkedIn = { ...ticket.tickets[1]!, checkedInAt: "2026-12-05T19:40:00.000Z" };
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...ticket, ticketQuantity: 2, refundedQuantity: 1, tickets: [ticket.tickets[0]!, checkedIn, refunded] }]) });
  const list = await screen.findByRole("list", { name: "Tickets for Jazz Night at the Roundhouse" });
  const items = within(list).getAllByRole("listitem");
  expect(items).toHaveLength(3);
  expect(within(items[0]!).getByText("Ada Lovelace")).toBeTruthy();
  expect(within(items[0]!).getByText("Valid")).toBeTruthy();
  expect(within(items[1]!).getByRole("img", { name: "QR code for ticket TCKT-2026-5E6F7A8B" })).toBeTruthy();
  expect(within(items[1]!).getByText("VIP")).toBeTruthy();
  expect(within(items[1]!).getByText("Checked in")).toBeTruthy();
  expect(within(items[2]!).getByText("Refunded")).toBeTruthy();
  expect(within(items[2]!).queryByRole("img")).toBeNull();
});

test("each valid ticket links to its Apple and Google Wallet pass when the site offers them, and to neither when it does not (D27)", async () => {
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([ticket], undefined, { apple: true, google: true }) });
  const apple = await screen.findByRole("link", { name: "Add to Apple Wallet: Grace Hopper, TCKT-2026-5E6F7A8B" });
  expect(apple.getAttribute("href")).toBe("/api/me/wallet-passes/t2/apple");
  expect(screen.getByRole("link", { name: "Add to Google Wallet: Ada Lovelace, TCKT-2026-1A2B3C4D" }).getAttribute("href")).toBe("/api/me/wallet-passes/t1/google");
  cleanup();
  const refunded: ShownTicket = { ...ticket, tickets: [{ ...ticket.tickets[0]!, status: "refunded", admits: false }, ticket.tickets[1]!] };
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([refunded], undefined, { apple: true, google: false }) });
  await screen.findByRole("link", { name: /^Add to Apple Wallet: Grace Hopper/ });
  expect(screen.queryByRole("link", { name: /^Add to Apple Wallet: Ada Lovelace/ })).toBeNull();
  expect(screen.queryByRole("link", { name: /^Add to Google Wallet/ })).toBeNull();
  cleanup();
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([ticket]) });
  await screen.findByRole("heading", { level: 3, name: "Jazz Night at the Roundhouse" });
  expect(screen.queryByRole("link", { name: /Wallet/ })).toBeNull();
});

test("a large booking's QR codes beyond the first few wait behind 'Show all'", async () => {
  const more = Array.from({ length: 6 }, (_, i) => ({ ...ticket.tickets[0]!, ticketId: `m${i}`, position: i + 1, code: `TCKT-2026-0000000${i}`, qrDrawn: i < 4, qrImage: i < 4 ? QR_IMAGE : null }));
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...ticket, ticketQuantity: 6, tickets: more }]) });
  const link = await screen.findByRole("link", { name: "Show all 6 QR codes" });
  expect(link.getAttribute("href")).toBe(`/my-tickets?all=${ticket.bookingId}#tickets-${ticket.bookingId}`);
  expect(screen.getAllByRole("img", { name: /^QR code for ticket/ })).toHaveLength(4);
});

test("a ticket whose QR code the server could not draw says so in its place", async () => {
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...ticket, tickets: [{ ...ticket.tickets[0]!, qrImage: null }] }]) });
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
    loader: () => ({ tickets, waitingLists: [] }),
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

/** Grace's ticket on an event far ahead, where passing tickets on is open (issue 36). */
const later: ShownTicket = { ...ticket, event: { ...ticket.event, dateTime: "2090-12-05T19:30:00.000Z" } };

test("a buyer passes a ticket on: a dialog asks their name and e-mail, says what happens, posts the ticket and the list shows its new holder (issue 36)", async () => {
  const posted: Record<string, FormDataEntryValue>[] = [];
  let tickets = [later];
  const route = {
    ...myTicketsRoute([]),
    loader: () => ({ tickets, waitingLists: [] }),
    action: async ({ request: post }: { request: Request }) => {
      const form = Object.fromEntries(await post.formData());
      posted.push(form);
      const moved = { ...later.tickets[1]!, attendeeName: "Margaret Hamilton", code: "TCKT-2026-77778888" };
      tickets = [{ ...later, tickets: [later.tickets[0]!, moved] }];
      return { intent: "transfer", bookingId: later.bookingId, transfer: { ticketId: "t2", bookingId: later.bookingId, code: moved.code, attendeeName: moved.attendeeName, attendeeEmail: "margaret@example.com", history: [] } };
    },
  };
  renderRoute({ url: "/my-tickets", user, route });
  render(<Toaster />);
  // Each valid ticket offers it, named by its holder and code.
  expect(await screen.findByRole("button", { name: "Pass this ticket on: Ada Lovelace, TCKT-2026-1A2B3C4D" })).toBeTruthy();
  await userEvent.click(screen.getByRole("button", { name: "Pass this ticket on: Grace Hopper, TCKT-2026-5E6F7A8B" }));
  const dialog = await screen.findByRole("dialog", { name: "Pass this ticket on" });
  expect(within(dialog).getByText("They get a new ticket by e-mail, and this ticket's QR code stops working.")).toBeTruthy();
  expect(document.activeElement).toBe(within(dialog).getByLabelText("Their name"));

  // The shared schema's words at each field, nothing posted.
  await userEvent.click(within(dialog).getByRole("button", { name: "Pass ticket on" }));
  expect(within(dialog).getByText("Please enter the new holder's e-mail address: their ticket goes there.")).toBeTruthy();
  expect(posted).toEqual([]);

  await userEvent.type(within(dialog).getByLabelText("Their name"), "Margaret Hamilton");
  await userEvent.type(within(dialog).getByLabelText("Their e-mail"), "margaret@example.com");
  await userEvent.click(within(dialog).getByRole("button", { name: "Pass ticket on" }));
  expect(await screen.findByText("Ticket passed to Margaret Hamilton")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(posted).toEqual([{ intent: "transfer", bookingId: later.bookingId, ticketId: "t2", name: "Margaret Hamilton", email: "margaret@example.com" }]);
  const items = within(screen.getByRole("list", { name: "Tickets for Jazz Night at the Roundhouse" })).getAllByRole("listitem");
  expect(within(items[1]!).getByText("Margaret Hamilton")).toBeTruthy();
  expect(within(items[1]!).getByText("TCKT-2026-77778888")).toBeTruthy();
});

test("a refused transfer shows the server's reason in the dialog and keeps it open", async () => {
  const message = "This ticket was checked in at the door, so it cannot be passed on.";
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([later], () => ({ intent: "transfer", bookingId: later.bookingId, refused: { status: 409, message } })) });
  await userEvent.click(await screen.findByRole("button", { name: /^Pass this ticket on: Grace Hopper/ }));
  const dialog = await screen.findByRole("dialog", { name: "Pass this ticket on" });
  await userEvent.type(within(dialog).getByLabelText("Their name"), "Margaret Hamilton");
  await userEvent.type(within(dialog).getByLabelText("Their e-mail"), "margaret@example.com");
  await userEvent.click(within(dialog).getByRole("button", { name: "Pass ticket on" }));
  expect((await within(dialog).findByRole("alert")).textContent).toBe(message);
  expect(screen.getByRole("dialog", { name: "Pass this ticket on" })).toBeTruthy();
});

test("no ticket is offered to pass on once checked in or refunded, after the organiser's cut-off, or for a past event", async () => {
  const checkedIn = { ...later.tickets[0]!, checkedInAt: "2026-11-30T19:40:00.000Z" };
  const refunded = { ...later.tickets[1]!, status: "refunded" as const, admits: false, qrDrawn: false, qrImage: null };
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...later, ticketQuantity: 1, refundedQuantity: 1, tickets: [checkedIn, refunded] }]) });
  expect(await screen.findByRole("list", { name: "Tickets for Jazz Night at the Roundhouse" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /^Pass this ticket on/ })).toBeNull();
  cleanup();

  // Closed 72 hours before a start two days away.
  const soon = new Date(Date.now() + 48 * 3_600_000).toISOString();
  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...later, event: { ...later.event, dateTime: soon, transferCutoffHours: 72 } }]) });
  expect(await screen.findByRole("list", { name: "Tickets for Jazz Night at the Roundhouse" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /^Pass this ticket on/ })).toBeNull();
  cleanup();

  renderRoute({ url: "/my-tickets", user, route: myTicketsRoute([{ ...later, period: "past" }]) });
  expect(await screen.findByRole("list", { name: "Tickets for Jazz Night at the Roundhouse" })).toBeTruthy();
  expect(screen.queryByRole("button", { name: /^Pass this ticket on/ })).toBeNull();
});
