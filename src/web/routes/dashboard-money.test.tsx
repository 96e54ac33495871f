// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, beforeEach, expect, test, vi } from "vitest";
import type { DashboardEvent, RecentSale, SalesAnalytics, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import DashboardRoute from "./dashboard";

// The page's own requests stay unanswered: this test reads what the loader's figures look like on the page.
beforeEach(() => vi.stubGlobal("fetch", vi.fn(() => new Promise<Response>(() => {}))));
afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

// Issue 33's card: 2 × £18.00 sold (buyers also paid 2 × £2.30 booking fee), organiser fee £1.64, net due £34.36.
const event: DashboardEvent = { id: "e1", title: "Northern Soul Night", dateTime: "2090-06-01T18:00:00.000Z", location: "Leeds", category: "music", businessType: "event",
  status: "active", endTime: null, pricePence: 1800, maxAttendees: 100, imageUrl: null, createdAt: "2090-01-01T00:00:00.000Z", ticketsSold: 2, ticketIncomePence: 3600, netDuePence: 3436,
  hasBookings: true, previousDateTime: null, cancellation: null };

const sale = (overrides: Partial<RecentSale>): RecentSale => ({
  bookingId: "b1", eventId: "e1", eventTitle: "Northern Soul Night", attendeeName: "Grace Hopper", ticketQuantity: 2, totalAmountPence: 4060, createdAt: "2090-05-01T09:00:00.000Z",
  status: "confirmed", refundedQuantity: 0, refundState: "none", refundedPence: 0, ticketIncomePence: 3600, ...overrides,
});

const sales: SalesAnalytics = {
  recentSales: [
    sale({}),
    sale({ bookingId: "b2", attendeeName: "Alan Turing", status: "refunded", ticketQuantity: 0, refundedQuantity: 2, refundState: "refunded", refundedPence: 3600, ticketIncomePence: 0, totalAmountPence: 25000 }),
  ],
  perEvent: [{ eventId: "e1", title: "Northern Soul Night", ticketIncomePence: 3600, organiserFeesPence: 164, netDuePence: 3436, ticketsSold: 2, bookings: 1 }],
  daily: [{ date: "2090-05-01", ticketIncomePence: 3600, tickets: 2 }],
  totals: { ticketIncomePence: 3600, organiserFeesPence: 164, netDuePence: 3436, bookingFeesPence: 460, ticketsSold: 2, bookings: 1, refundedPence: 3600 },
};

const dashboard = { events: [event], attendeeEvents: { upcoming: [event], past: [] }, sales, bookings: [], payoutAccount: { provider: "local" as const, account: null } };

const definition = (list: HTMLElement, term: string) => within(list).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

test("an event card shows its ticket income and net due as the statement does, never a revenue with the booking fee in it", async () => {
  renderRoute({ url: "/dashboard", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  const card = (await screen.findAllByText("Ticket income", { selector: "dt" }))[0]!.closest("dl")!;
  expect(definition(card, "Ticket income")).toBe("£36.00");
  expect(definition(card, "Net due")).toBe("£34.36");
  expect(screen.queryByText("Revenue")).toBeNull();
  expect(screen.queryByText("£40.60")).toBeNull();
});

test("Sales Analytics labels ticket income and net due, says the platform's fees apart, and shows a refunded sale as refunded at £0.00", async () => {
  renderRoute({ url: "/dashboard?tab=sales", user, route: { path: "/dashboard", loader: () => dashboard, Component: DashboardRoute as never } });
  const totals = (await screen.findByText("Net due", { selector: "dt" })).closest("dl")!;
  expect(definition(totals, "Ticket income")).toBe("£36.00");
  expect(definition(totals, "Net due")).toBe("£34.36");
  expect(screen.getByText(/organiser fees \(£1\.64\)/)).toBeTruthy();
  expect(screen.getByText(/Booking fees buyers paid on top \(£4\.60\)/)).toBeTruthy();
  const byEvent = screen.getByRole("table", { name: /per event/ });
  expect(within(byEvent).getAllByRole("columnheader").map((cell) => cell.textContent)).toEqual(["Event", "Tickets", "Bookings", "Ticket income", "Net due"]);
  expect(within(byEvent).getAllByRole("cell").map((cell) => cell.textContent)).toEqual(["2", "1", "£36.00", "£34.36"]);
  const recent = screen.getByRole("heading", { name: "Recent Sales" }).closest("section")!;
  const refunded = within(recent).getByText("Alan Turing").closest("li")!;
  expect(within(refunded).getByText("Refunded")).toBeTruthy();
  expect(within(refunded).getByText("£0.00")).toBeTruthy();
  expect(within(recent).queryByText("£250.00")).toBeNull();
  expect(screen.queryByText(/Revenue/)).toBeNull();
});
