// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, expect, test, vi } from "vitest";
import type { Attendee, AttendeeList, DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute from "./dashboard";

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 2, ticketIncomePence: 3000, netDuePence: 2853,
  hasBookings: true, previousDateTime: null, cancellation: null };
const dashboard = {
  events: [event],
  attendeeEvents: { upcoming: [event], past: [] },
  sales: { recentSales: [], perEvent: [], daily: [], totals: { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 } },
  bookings: [],
};
const grace: Attendee = { bookingId: "b1", name: "Grace Hopper", email: "grace@example.com", status: "confirmed", tickets: 2, amountPence: 3460, refundedTickets: 0, refundState: "none",
  refundedPence: 0, unitPricePence: 1500, feePerTicketPence: 230, bookedAt: "2090-01-02T10:00:00.000Z", ticketCode: "TCKT-2090-1A2B3C4D", qrCode: null, checkedInAt: null };
const list = (attendee: Attendee): AttendeeList => ({ event: { id: "e1", title: event.title, dateTime: event.dateTime, venue: null, location: "Leeds" }, attendees: [attendee] });
const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

function serve(refundAnswer: () => Response) {
  let refunded = false;
  const requests: { url: string; body: unknown }[] = [];
  const fetchMock = vi.fn(async (url: string, init?: RequestInit) => {
    requests.push({ url, body: init?.body ? JSON.parse(String(init.body)) : null });
    if (url.endsWith("/refunds")) {
      const answer = refundAnswer();
      refunded = answer.ok;
      return answer;
    }
    if (url.includes("/attendees")) return json(200, list(refunded ? { ...grace, tickets: 1, refundedTickets: 1, refundState: "partly-refunded", refundedPence: 1730 } : grace));
    return new Promise<Response>(() => {});
  });
  vi.stubGlobal("fetch", fetchMock);
  return requests;
}

const open = () => renderRoute({ url: "/dashboard?tab=attendees", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });

test("refunds one of two tickets: states what goes back, sends one request key, and the row shows Partly refunded", async () => {
  const requests = serve(() => json(200, { refundId: "r1", bookingId: "b1", quantity: 1, ticketPence: 1500, feePence: 230, source: "organiser", reason: "Ill", status: "succeeded", providerRefundId: "re_1", createdAt: "2090-01-03T10:00:00.000Z" }));
  open();
  const refund = (await screen.findAllByRole("button", { name: "Refund Grace Hopper" }))[0]!;
  await userEvent.click(refund);
  const dialog = await screen.findByRole("dialog", { name: "Refund tickets" });
  expect(within(dialog).getByText("2 tickets refunded to the buyer's card: £34.60 (tickets £30.00, booking fee £4.60).")).toBeTruthy();
  await userEvent.selectOptions(within(dialog).getByLabelText("Tickets to refund"), "1");
  expect(within(dialog).getByText("1 ticket refunded to the buyer's card: £17.30 (tickets £15.00, booking fee £2.30).")).toBeTruthy();
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £17.30" }));
  expect(within(dialog).getByText("Please give a reason for the refund.")).toBeTruthy();
  expect(requests.some((request) => request.url.endsWith("/refunds"))).toBe(false);
  await userEvent.type(within(dialog).getByLabelText("Reason"), "Ill");
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £17.30" }));
  expect((await screen.findAllByText("Partly refunded")).length).toBeGreaterThan(0);
  expect(screen.queryByRole("dialog")).toBeNull();
  const sent = requests.filter((request) => request.url.endsWith("/refunds"));
  expect(sent).toHaveLength(1);
  expect(sent[0]!.url).toBe("/api/bookings/b1/refunds");
  expect(sent[0]!.body).toMatchObject({ quantity: 1, reason: "Ill", requestKey: expect.stringMatching(/^[A-Za-z0-9_-]{8,100}$/) });
});

test("shows the server's refusal in the dialog and keeps it open", async () => {
  serve(() => json(409, { error: { code: "CONFLICT", message: "This booking has already been refunded." } }));
  open();
  await userEvent.click((await screen.findAllByRole("button", { name: "Refund Grace Hopper" }))[0]!);
  const dialog = await screen.findByRole("dialog", { name: "Refund tickets" });
  await userEvent.type(within(dialog).getByLabelText("Reason"), "Twice");
  await userEvent.click(within(dialog).getByRole("button", { name: "Refund £34.60" }));
  expect((await within(dialog).findByRole("alert")).textContent).toBe("This booking has already been refunded.");
});
