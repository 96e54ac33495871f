// @vitest-environment happy-dom
import { cleanup, render, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { Toaster } from "sonner";
import { afterEach, expect, test } from "vitest";
import type { Attendee, AttendeeList, DashboardEvent, RefundRequestEmails, RefundRequestView, SessionUser } from "@domain";
import type { LookedUpTicket } from "~/features/dashboard/lib/attendees-action-result";
import { renderRoute } from "~/test/render-route";
import AttendeesRoute, { ErrorBoundary as AttendeesErrorBoundary } from "./dashboard.attendees";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 2, ticketIncomePence: 3000, netDuePence: 2853,
  hasBookings: true, previousDateTime: null, cancellation: null, ticketTypes: [] };
/** Grace's booking of two tickets (issue 36: a row per ticket): hers, and Alan's with his own e-mail. */
const grace: Attendee = { ticketId: "k1", ticketCode: "TCKT-2090-1A2B3C4D", name: "Grace Hopper", email: "grace@example.com", typeName: "Standard", ticketStatus: "valid", checkedInAt: null,
  bookingId: "b1", buyerName: "Grace Hopper", buyerEmail: "grace@example.com", status: "confirmed", tickets: 2, amountPence: 3460, refundedTickets: 0, refundState: "none",
  refundedPence: 0, unitPricePence: 1500, feePerTicketPence: 230, bookedAt: "2090-01-02T10:00:00.000Z", bookingCode: "TCKT-2090-1A2B3C4D", qrCode: null, bookingCheckedInAt: null, answers: [] };
const alan: Attendee = { ...grace, ticketId: "k2", ticketCode: "TCKT-2090-5E6F7A8B", name: "Alan Turing", email: "alan@example.com", typeName: "VIP" };
const graceBooking = [grace, alan];
const list = (attendees: Attendee[]): AttendeeList => ({ event: { id: "e1", title: event.title, dateTime: event.dateTime, venue: null, location: "Leeds" }, attendees });
const request: RefundRequestView = {
  requestId: "r1",
  status: "pending",
  reason: "My train was cancelled",
  createdAt: "2090-05-01T09:00:00.000Z",
  decidedAt: null,
  decisionNote: null,
  refundId: null,
  overdue: true,
  booking: { id: "b1", ticketCode: "TCKT-2090-AAAA1111", ticketQuantity: 2, attendeeName: "Grace Hopper", attendeeEmail: "grace@example.com" },
  event: { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", organiserName: "Sam Organiser" },
  refundPence: 3000,
};

/** What the stand-in server holds: the loader reads it, the action changes it and records each post. */
interface Server {
  attendees: Attendee[];
  requests: RefundRequestView[];
  emails: RefundRequestEmails;
  answer?: (posted: Record<string, string>, server: Server) => Response | object;
}

function open(server: Server, signedIn: SessionUser = user) {
  const posts: Record<string, string>[] = [];
  renderRoute({
    url: "/dashboard/attendees?event=e1",
    user: signedIn,
    route: {
      path: "/dashboard/attendees",
      loader: () => ({ groups: { upcoming: [event], past: [] }, chosenId: "e1", attendees: list(server.attendees), refundRequests: server.requests, refundRequestEmails: server.emails }),
      action: async ({ request: posted }: { request: Request }) => {
        const form = Object.fromEntries(await posted.formData()) as Record<string, string>;
        posts.push(form);
        return server.answer?.(form, server) ?? { intent: form.intent };
      },
      Component: AttendeesRoute as never,
    },
  });
  return posts;
}

test("Attendee Management lists the chosen event's attendees from its loader and offers the ticket viewer and the resender", async () => {
  open({ attendees: graceBooking, requests: [], emails: "each" });
  expect(await screen.findByRole("heading", { name: "Attendee Management" })).toBeTruthy();
  expect((screen.getByLabelText("Event") as HTMLSelectElement).value).toBe("e1");
  expect(screen.getByText(/1 booking · 2 tickets · 0 of 2 tickets checked in/)).toBeTruthy();
  // A row per ticket, each with its attendee, type and e-mail, and the booking's buyer.
  const table = screen.getByRole("table", { name: "Tickets of Northern Soul Night, newest booking first" });
  const rows = within(table).getAllByRole("row").slice(1);
  expect(rows.map((row) => within(row).getByRole("rowheader").textContent)).toEqual(["Grace HopperTCKT-2090-1A2B3C4D", "Alan TuringTCKT-2090-5E6F7A8B"]);
  expect(within(rows[1]!).getByRole("cell", { name: "VIP" })).toBeTruthy();
  expect(within(rows[1]!).getByRole("cell", { name: "alan@example.com" })).toBeTruthy();
  expect(within(rows[1]!).getByText("Grace Hopper")).toBeTruthy();
  // Refunds stay per booking: one Refund button for the booking (table and phone cards each draw one).
  expect(screen.getAllByRole("button", { name: "Refund Grace Hopper's booking" })).toHaveLength(2);
  expect(screen.getByRole("link", { name: "Export CSV" }).getAttribute("href")).toBe("/api/events/e1/attendees?format=csv");
  expect(screen.getByRole("heading", { name: "Ticket Viewer" })).toBeTruthy();
  expect(screen.getByLabelText("Booking ID, ticket code or Stripe session ID")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Resend Ticket" })).toBeTruthy();
  const ways = [...screen.getByLabelText("How to send").querySelectorAll("option")].map((option) => option.textContent);
  expect(ways).toEqual(["Usual way (default)", "Another way"]);
});

test("checking in by hand posts the ticket to the page's action and the list read again shows that ticket checked in", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted, server) => {
      server.attendees = [grace, { ...alan, checkedInAt: "2090-06-01T18:05:00.000Z", bookingCheckedInAt: "2090-06-01T18:05:00.000Z" }];
      return { intent: posted.intent, checkIn: { bookingId: "b1", ticketId: "k2", checkedInAt: "2090-06-01T18:05:00.000Z", alreadyCheckedIn: false } };
    },
  });
  await userEvent.click((await screen.findAllByRole("button", { name: "Check In Alan Turing" }))[0]!);
  expect((await screen.findAllByText(/Alan Turing is checked in/)).length).toBeGreaterThan(0);
  expect(posts).toEqual([{ intent: "check-in", ticketId: "k2" }]);
  // Grace's own ticket still waits at the door.
  expect(screen.getAllByRole("button", { name: "Check In Grace Hopper" }).length).toBeGreaterThan(0);
  expect(screen.getByText(/1 of 2 tickets checked in/)).toBeTruthy();
});

test("refunds one of two tickets: states what goes back, posts one request key, and the rows show the booking partly refunded and its ticket refunded", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted, server) => {
      const booking = { tickets: 1, refundedTickets: 1, refundState: "partly-refunded" as const, refundedPence: 1730 };
      server.attendees = [{ ...grace, ...booking }, { ...alan, ...booking, ticketStatus: "refunded" }];
      return { intent: posted.intent, refund: { refundId: "r1", bookingId: "b1", quantity: 1, ticketPence: 1500, feePence: 230, source: "organiser", reason: "Ill", status: "succeeded", providerRefundId: "re_1", createdAt: "2090-01-03T10:00:00.000Z" } };
    },
  });
  await userEvent.click((await screen.findAllByRole("button", { name: "Refund Grace Hopper's booking" }))[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Refund tickets" });
  expect(within(dialog).getByText("2 tickets refunded to the buyer's card: £34.60 (tickets £30.00, booking fee £4.60).")).toBeTruthy();
  await userEvent.selectOptions(within(dialog).getByLabelText("Tickets to refund"), "1");
  expect(within(dialog).getByText("1 ticket refunded to the buyer's card: £17.30 (tickets £15.00, booking fee £2.30).")).toBeTruthy();
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £17.30" }));
  expect(within(dialog).getByText("Please give a reason for the refund.")).toBeTruthy();
  expect(posts).toEqual([]);
  await userEvent.type(within(dialog).getByLabelText("Reason"), "Ill");
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £17.30" }));
  expect((await screen.findAllByText("Booking partly refunded")).length).toBeGreaterThan(0);
  expect(screen.getAllByText("Refunded").length).toBeGreaterThan(0);
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(posts).toEqual([{ intent: "refund", bookingId: "b1", quantity: "1", reason: "Ill", requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) }]);
});

test("shows the server's refusal in the refund dialog and keeps it open", async () => {
  open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted) => Response.json({ intent: posted.intent, refused: { status: 409, message: "This booking has already been refunded." } }, { status: 409 }),
  });
  await userEvent.click((await screen.findAllByRole("button", { name: "Refund Grace Hopper's booking" }))[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Refund tickets" });
  await userEvent.type(within(dialog).getByLabelText("Reason"), "Twice");
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £34.60" }));
  expect((await within(dialog).findByRole("alert")).textContent).toBe("This booking has already been refunded.");
  expect(screen.getByRole("dialog", { name: "Refund tickets" })).toBeTruthy();
});

test("renames a ticket: the form starts from its name and own e-mail, posts them, and the row read again shows the new name (issue 36)", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted, server) => {
      server.attendees = [grace, { ...alan, name: posted.attendeeName!, email: grace.email }];
      return { intent: posted.intent, renamed: { ticketId: "k2", bookingId: "b1", code: alan.ticketCode, attendeeName: posted.attendeeName, attendeeEmail: null, history: [] } };
    },
  });
  render(<Toaster />);
  // A Rename on every ticket's row (table and phone cards each draw one).
  expect(await screen.findAllByRole("button", { name: "Rename Grace Hopper's ticket" })).toHaveLength(2);
  await userEvent.click(screen.getAllByRole("button", { name: "Rename Alan Turing's ticket" })[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Rename ticket" });
  const name = within(dialog).getByLabelText("Name on the ticket") as HTMLInputElement;
  const email = within(dialog).getByLabelText("Their e-mail (optional)") as HTMLInputElement;
  expect([name.value, email.value]).toEqual(["Alan Turing", "alan@example.com"]);
  expect(document.activeElement).toBe(name);

  // The shared schema's words at the field, nothing posted.
  await userEvent.clear(name);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save name" }));
  expect(within(dialog).getByText("Please enter the attendee's name.")).toBeTruthy();
  expect(posts).toEqual([]);

  await userEvent.type(name, "Joan Clarke");
  await userEvent.clear(email);
  await userEvent.click(within(dialog).getByRole("button", { name: "Save name" }));
  expect(await screen.findByText("Ticket renamed")).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
  expect(posts).toEqual([{ intent: "rename", ticketId: "k2", attendeeName: "Joan Clarke", attendeeEmail: "" }]);
  const rows = within(screen.getByRole("table")).getAllByRole("row").slice(1);
  expect(within(rows[1]!).getByRole("rowheader").textContent).toBe("Joan ClarkeTCKT-2090-5E6F7A8B");
});

test("shows the server's refusal in the rename dialog and keeps it open", async () => {
  open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted) => Response.json({ intent: posted.intent, refused: { status: 404, message: "Ticket not found" } }, { status: 404 }),
  });
  await userEvent.click((await screen.findAllByRole("button", { name: "Rename Grace Hopper's ticket" }))[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Rename ticket" });
  expect((within(dialog).getByLabelText("Their e-mail (optional)") as HTMLInputElement).value).toBe("");
  await userEvent.click(within(dialog).getByRole("button", { name: "Save name" }));
  expect((await within(dialog).findByRole("alert")).textContent).toBe("Ticket not found");
  expect(screen.getByRole("dialog", { name: "Rename ticket" })).toBeTruthy();
});

test("an admin sees every organiser's pending refund requests, the overdue one marked, and approves one after confirming", async () => {
  const posts = open(
    {
      attendees: graceBooking,
      requests: [request],
      emails: "each",
      answer: (posted, server) => {
        server.requests = [];
        return { intent: posted.intent, request: { ...request, status: "approved", overdue: false } };
      },
    },
    { ...user, isAdmin: true } as SessionUser,
  );
  const section = await screen.findByRole("region", { name: /^Refund requests/ });
  const item = await within(section).findByRole("listitem", { name: "Grace Hopper · Northern Soul Night" });
  expect(within(item).getByText("Waiting over 48 hours")).toBeTruthy();
  expect(within(item).getByText(/Organiser: Sam Organiser/)).toBeTruthy();
  expect(within(item).getByText("My train was cancelled")).toBeTruthy();
  expect(within(item).getByText("2 tickets")).toBeTruthy();
  await userEvent.click(within(item).getByRole("button", { name: /^Approve refund/ }));
  expect(posts).toEqual([]);
  await userEvent.click(within(item).getByRole("button", { name: "Yes, refund £30.00" }));
  expect(await within(section).findByText("No refund requests waiting for an answer.")).toBeTruthy();
  expect(posts).toEqual([{ intent: "approve", requestId: "r1" }]);
});

test("declining posts the note; a refusal puts the buttons back", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [request],
    emails: "each",
    answer: (posted) => Response.json({ intent: posted.intent, refused: { status: 409, message: "This request has already been approved." } }, { status: 409 }),
  });
  const item = await screen.findByRole("listitem", { name: "Grace Hopper · Northern Soul Night" });
  await userEvent.click(within(item).getByRole("button", { name: "Decline" }));
  await userEvent.type(within(item).getByRole("textbox"), "Not this time");
  await userEvent.click(within(item).getByRole("button", { name: "Decline request" }));
  expect(await within(item).findByRole("button", { name: /^Approve refund/ })).toBeTruthy();
  expect(posts).toEqual([{ intent: "decline", requestId: "r1", note: "Not this time" }]);
});

test("offers a labelled choice of an e-mail per refund request or a daily summary, and saves a change through the page's action", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted, server) => {
      server.emails = "daily";
      return { intent: posted.intent, settings: { refundRequestEmails: "daily" } };
    },
  });
  const choice = (await screen.findByLabelText("E-mail me about refund requests")) as HTMLSelectElement;
  expect([...choice.options].map((option) => option.textContent)).toEqual(["An e-mail for each request", "One summary e-mail a day"]);
  expect(choice.value).toBe("each");
  await userEvent.selectOptions(choice, "daily");
  await waitFor(() => expect(posts).toEqual([{ intent: "refund-request-emails", refundRequestEmails: "daily" }]));
  await waitFor(() => expect(choice.disabled).toBe(false));
  expect(choice.value).toBe("daily");
});

test("the ticket viewer looks a ticket up through the page's action and says plainly when none is found", async () => {
  const posts = open({
    attendees: graceBooking,
    requests: [],
    emails: "each",
    answer: (posted) => Response.json({ intent: posted.intent, refused: { status: 404, message: "Ticket not found" } }, { status: 404 }),
  });
  await userEvent.type(await screen.findByLabelText("Booking ID, ticket code or Stripe session ID"), "TCKT-2090-ZZZZ9999");
  await userEvent.click(screen.getByRole("button", { name: "View Ticket" }));
  expect(await screen.findByText(/No ticket found with that identifier/)).toBeTruthy();
  expect(posts).toEqual([{ intent: "lookup-ticket", identifier: "TCKT-2090-ZZZZ9999" }]);
});

const QR_IMAGE = "data:image/png;base64,iVBORw0KGgo=";
const found: LookedUpTicket = {
  bookingId: "b1", ticketCode: "TCKT-2090-1A2B3C4D", stripeSessionId: null, status: "confirmed", attendeeName: "Grace Hopper", attendeeEmail: "grace@example.com", ticketQuantity: 2,
  totalAmountPence: 3460, refundedQuantity: 0, refundState: "none", refundedPence: 0, checkedInAt: null, createdAt: "2090-01-02T10:00:00.000Z",
  event: { id: "e1", title: "Northern Soul Night", description: null, dateTime: "2090-06-01T18:00:00.000Z", venue: null, location: "Leeds" }, qrImage: QR_IMAGE,
  ticket: { ticketId: "t2", position: 2, code: "TCKT-2090-5E6F7A8B", attendeeName: "Alan Turing", typeName: "VIP", status: "valid", checkedInAt: null },
  tickets: [
    { ticketId: "t1", position: 1, code: "TCKT-2090-1A2B3C4D", attendeeName: "Grace Hopper", typeName: "Standard", status: "valid", checkedInAt: "2090-06-01T18:05:00.000Z" },
    { ticketId: "t2", position: 2, code: "TCKT-2090-5E6F7A8B", attendeeName: "Alan Turing", typeName: "VIP", status: "valid", checkedInAt: null },
  ],
};

test("the ticket viewer shows the ticket found, its attendee, type and the QR code the server drew, with the booking's other tickets (issue 36)", async () => {
  open({ attendees: graceBooking, requests: [], emails: "each", answer: (posted) => ({ intent: posted.intent, ticket: found }) });
  await userEvent.type(await screen.findByLabelText("Booking ID, ticket code or Stripe session ID"), "TCKT-2090-5E6F7A8B");
  await userEvent.click(screen.getByRole("button", { name: "View Ticket" }));
  const shown = await screen.findByRole("article", { name: "Northern Soul Night" });
  expect(within(shown).getByRole("img", { name: "QR code for ticket TCKT-2090-5E6F7A8B" }).getAttribute("src")).toBe(QR_IMAGE);
  expect(within(shown).getAllByText("Alan Turing").length).toBeGreaterThan(0);
  expect(within(shown).getByText("grace@example.com")).toBeTruthy();
  const listed = within(shown).getAllByRole("listitem");
  expect(listed.map((item) => item.textContent)).toEqual([expect.stringContaining("TCKT-2090-1A2B3C4D"), expect.stringContaining("TCKT-2090-5E6F7A8B")]);
  expect(listed[0]!.textContent).toContain("Checked in");
  expect(listed[1]!.getAttribute("aria-current")).toBe("true");
});

test("a ticket whose QR code the server could not draw says so, in the page and in a toast", async () => {
  open({ attendees: graceBooking, requests: [], emails: "each", answer: (posted) => ({ intent: posted.intent, ticket: { ...found, qrImage: null } }) });
  render(<Toaster />);
  await userEvent.type(await screen.findByLabelText("Booking ID, ticket code or Stripe session ID"), "TCKT-2090-1A2B3C4D");
  await userEvent.click(screen.getByRole("button", { name: "View Ticket" }));
  expect(await screen.findByRole("img", { name: "QR code for ticket TCKT-2090-5E6F7A8B could not be drawn" })).toBeTruthy();
  expect(await screen.findByText("QR Code Error")).toBeTruthy();
});

test("choosing another event puts it in the address and its list comes from the loader", async () => {
  const later: DashboardEvent = { ...event, id: "e2", title: "Winter Lights Market", dateTime: "2090-12-01T18:00:00.000Z" };
  const asked: (string | null)[] = [];
  renderRoute({
    url: "/dashboard/attendees",
    user,
    route: {
      path: "/dashboard/attendees",
      loader: ({ request }: { request: Request }) => {
        const wanted = new URL(request.url).searchParams.get("event");
        asked.push(wanted);
        const chosen = wanted === "e2" ? later : event;
        const attendees: AttendeeList = { event: { id: chosen.id, title: chosen.title, dateTime: chosen.dateTime, venue: null, location: "Leeds" }, attendees: wanted === "e2" ? [] : [grace] };
        return { groups: { upcoming: [event, later], past: [] }, chosenId: chosen.id, attendees, refundRequests: [], refundRequestEmails: "each" };
      },
      Component: AttendeesRoute as never,
    },
  });
  const choice = (await screen.findByLabelText("Event")) as HTMLSelectElement;
  expect(choice.value).toBe("e1");
  await userEvent.selectOptions(choice, "e2");
  expect(await screen.findByText("No attendees yet")).toBeTruthy();
  expect(choice.value).toBe("e2");
  expect(asked).toEqual([null, "e2"]);
});

test("an attendee list that could not be read says so in the spec's words, with a way to try again", async () => {
  renderRoute({
    url: "/dashboard/attendees",
    user,
    route: {
      path: "/dashboard/attendees",
      loader: () => {
        throw new Error("database down");
      },
      Component: AttendeesRoute as never,
      ErrorBoundary: AttendeesErrorBoundary as never,
    },
  });
  const alert = await screen.findByRole("alert");
  expect(within(alert).getByRole("heading", { name: "Failed to load attendee data" })).toBeTruthy();
  expect(within(alert).getByRole("button", { name: "Try again" })).toBeTruthy();
});
