// @vitest-environment happy-dom
import { cleanup, screen, within } from "@testing-library/react";
import { afterEach, expect, test } from "vitest";
import type { RecentSale, SalesAnalytics, SessionUser } from "@domain";
import { renderRoute } from "~/test/render-route";
import SalesRoute from "./dashboard.sales";

afterEach(cleanup);

const user = { id: "u1", email: "ada@example.com", name: "Ada Lovelace" } as unknown as SessionUser;

const sale = (overrides: Partial<RecentSale>): RecentSale => ({
  bookingId: "b1", eventId: "e1", eventTitle: "Northern Soul Night", attendeeName: "Grace Hopper", ticketQuantity: 2, totalAmountPence: 4060, createdAt: "2090-05-01T09:00:00.000Z",
  status: "confirmed", refundedQuantity: 0, refundState: "none", refundedPence: 0, ticketIncomePence: 3600, ...overrides,
});

// Issue 33's figures: 2 × £18.00 sold (buyers also paid 2 × £2.30 booking fee), organiser fee £1.64, net due £34.36.
const sales: SalesAnalytics = {
  recentSales: [
    sale({}),
    sale({ bookingId: "b2", attendeeName: "Alan Turing", status: "refunded", ticketQuantity: 0, refundedQuantity: 2, refundState: "refunded", refundedPence: 3600, ticketIncomePence: 0, totalAmountPence: 25000 }),
  ],
  perEvent: [{ eventId: "e1", title: "Northern Soul Night", ticketIncomePence: 3600, organiserFeesPence: 164, netDuePence: 3436, ticketsSold: 2, bookings: 1 }],
  daily: [{ date: "2090-05-01", ticketIncomePence: 3600, tickets: 2 }],
  totals: { ticketIncomePence: 3600, organiserFeesPence: 164, netDuePence: 3436, bookingFeesPence: 460, ticketsSold: 2, bookings: 1, refundedPence: 3600 },
};

const definition = (list: HTMLElement, term: string) => within(list).getByText(term, { selector: "dt" }).nextElementSibling?.textContent;

test("Sales Analytics labels ticket income and net due, says the platform's fees apart, and shows a refunded sale as refunded at £0.00", async () => {
  renderRoute({ url: "/dashboard/sales", user, route: { path: "/dashboard/sales", loader: () => ({ sales }), Component: SalesRoute as never } });
  expect(await screen.findByRole("heading", { name: "Sales Analytics" })).toBeTruthy();
  const totals = screen.getByText("Net due", { selector: "dt" }).closest("dl")!;
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
