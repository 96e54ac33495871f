// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { DashboardEvent, RefundRequestView, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute, { ErrorBoundary } from "./dashboard";

// The page's own requests (attendees, the organiser's events) stay unanswered: this test reads the page, not the API.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

// The one event the organiser has created, on sale and not yet sold.
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0,
  hasBookings: false, previousDateTime: null, cancellation: null };

const dashboard = {
  events: [event],
  attendeeEvents: { upcoming: [event], past: [] },
  sales: { recentSales: [], perEvent: [], daily: [], totals: { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 } },
  bookings: [],
  payoutAccount: { provider: "local" as const, account: null },
};

test("an organiser's dashboard shows how to check in at the door and their events under five tabs", async () => {
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
  expect(screen.getByRole("heading", { name: "QR Code Check-In" })).toBeTruthy();
  expect(screen.getByRole("link", { name: /Open Scanner/ }).getAttribute("href")).toBe("/check-in");
  const tabs = screen.getAllByRole("tab").map((tab) => tab.textContent);
  expect(tabs).toEqual(["My Events", "Sales Analytics", "My Bookings", "Attendee Management", "Payouts"]);
  expect(screen.getAllByText("Northern Soul Night").length).toBeGreaterThan(0);
});

test("the attendee tab offers the ticket viewer and the resender with its two ways", async () => {
  renderRoute({ url: "/dashboard?tab=attendees", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  expect(await screen.findByRole("heading", { name: "Ticket Viewer" })).toBeTruthy();
  expect(screen.getByLabelText("Booking ID, ticket code or Stripe session ID")).toBeTruthy();
  expect(screen.getByRole("heading", { name: "Resend Ticket" })).toBeTruthy();
  const ways = [...screen.getByLabelText("How to send").querySelectorAll("option")].map((option) => option.textContent);
  expect(ways).toEqual(["Usual way (default)", "Another way"]);
});

test("a dashboard that could not load says so", async () => {
  renderRoute({
    url: "/dashboard",
    user,
    route: {
      path: "/dashboard",
      loader: () => {
        throw new Error("database down");
      },
      Component: DashboardRoute as never,
      ErrorBoundary: ErrorBoundary as never,
    },
  });
  expect(await screen.findByRole("heading", { name: "Failed to fetch events" })).toBeTruthy();
});

test("an admin sees every organiser's pending refund requests, the overdue one marked, and approves one after confirming", async () => {
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
  const calls: string[] = [];
  vi.stubGlobal(
    "fetch",
    vi.fn(async (url: string, init?: RequestInit) => {
      if (url.startsWith("/api/refund-requests")) {
        calls.push(`${init?.method ?? "GET"} ${url}`);
        const body = url.endsWith("/approve") ? { ...request, status: "approved", overdue: false } : { requests: [request] };
        return new Response(JSON.stringify(body), { status: 200, headers: { "content-type": "application/json" } });
      }
      return new Promise<Response>(() => {});
    }),
  );
  const admin = { ...user, isAdmin: true } as SessionUser;
  renderRoute({ url: "/dashboard?tab=attendees", user: admin, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  const section = await screen.findByRole("region", { name: /^Refund requests/ });
  const item = await within(section).findByRole("listitem", { name: "Grace Hopper · Northern Soul Night" });
  expect(within(item).getByText("Waiting over 48 hours")).toBeTruthy();
  expect(within(item).getByText(/Organiser: Sam Organiser/)).toBeTruthy();
  expect(within(item).getByText("My train was cancelled")).toBeTruthy();
  expect(within(item).getByText("2 tickets")).toBeTruthy();
  await userEvent.click(within(item).getByRole("button", { name: /^Approve refund/ }));
  expect(calls).toEqual(["GET /api/refund-requests?status=pending"]);
  await userEvent.click(within(item).getByRole("button", { name: "Yes, refund £30.00" }));
  expect(await within(section).findByText("No refund requests waiting for an answer.")).toBeTruthy();
  expect(calls).toEqual(["GET /api/refund-requests?status=pending", "POST /api/refund-requests/r1/approve"]);
});
