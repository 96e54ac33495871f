// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { DashboardEvent, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute from "./dashboard";

// The page's own requests stay unanswered: this test reads the page, not the API.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1500, maxAttendees: null, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0,
  hasBookings: false, previousDateTime: null, cancellation: null };

function openDashboard(events: DashboardEvent[], sellerDetailsPending: boolean) {
  const data = {
    events,
    attendeeEvents: { upcoming: events, past: [] },
    sales: { recentSales: [], perEvent: [], daily: [], totals: { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 } },
    bookings: [],
    payoutAccount: { provider: "local" as const, account: null },
    sellerDetailsPending,
  };
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => data, Component: DashboardRoute as never } });
}

test("an organiser with a paid event and no seller details is told it is not on sale, with the way to add them (issue 34)", async () => {
  openDashboard([event], true);
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
  const note = screen.getByRole("note");
  expect(note.textContent).toContain("Your paid events are not on sale yet:");
  expect(within(note).getByRole("link", { name: "Add your seller details" }).getAttribute("href")).toBe("/profile/edit");
});

test("nothing is said with only free events", async () => {
  openDashboard([{ ...event, pricePence: 0 }], true);
  await screen.findByRole("heading", { level: 1, name: "Dashboard" });
  expect(screen.queryByRole("link", { name: "Add your seller details" })).toBeNull();
});
