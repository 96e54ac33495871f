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

const sold = (id: string, title: string, dateTime: string): DashboardEvent => ({
  id, title, dateTime, endTime: null, location: "Leeds", category: "music", businessType: "event", status: "active", pricePence: 1500, maxAttendees: null,
  imageUrl: null, createdAt: "2020-01-01T00:00:00.000Z", ticketsSold: 2, ticketIncomePence: 3000, netDuePence: 2853, hasBookings: true, previousDateTime: null, cancellation: null,
});

test("My Events offers Postpone and Cancel for an upcoming event only: one that has ended shows as ended, with neither (issue 33)", async () => {
  const upcoming = sold("e1", "Northern Soul Night", "2090-06-01T18:00:00.000Z");
  const ended = sold("e2", "Last Summer's Ceilidh", "2020-06-01T18:00:00.000Z");
  const dashboard = {
    events: [upcoming, ended],
    attendeeEvents: { upcoming: [upcoming], past: [ended] },
    sales: { recentSales: [], perEvent: [], daily: [], totals: { ticketIncomePence: 0, organiserFeesPence: 0, netDuePence: 0, bookingFeesPence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 } },
    bookings: [],
    payoutAccount: { provider: "local" as const, account: null },
  };
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });

  const live = await screen.findByRole("article", { name: "Northern Soul Night" });
  expect(within(live).getByRole("button", { name: "Postpone Northern Soul Night" })).toBeTruthy();
  expect(within(live).getByRole("button", { name: "Cancel event Northern Soul Night" })).toBeTruthy();
  expect(within(live).getByText("active")).toBeTruthy();

  const past = screen.getByRole("article", { name: "Last Summer's Ceilidh" });
  expect(within(past).getByText("ended")).toBeTruthy();
  expect(within(past).queryByText("active")).toBeNull();
  expect(within(past).queryByRole("button", { name: /Postpone/ })).toBeNull();
  expect(within(past).queryByRole("button", { name: /Cancel event/ })).toBeNull();
});
