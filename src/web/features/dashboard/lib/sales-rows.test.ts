import { describe, expect, it } from "vitest";
import type { RecentSale } from "@domain";
import { averageOrderPence, rankEventSales, recentSaleRows } from "./sales-rows";

const sale = (index: number, refund: Partial<RecentSale> = {}): RecentSale => ({
  bookingId: `b${index}`,
  eventId: "e1",
  eventTitle: "Jazz Night",
  attendeeName: `Guest ${index}`,
  ticketQuantity: index === 0 ? 1 : 3,
  totalAmountPence: 1730,
  ticketIncomePence: 1500,
  status: "confirmed",
  refundedQuantity: 0,
  refundState: "none",
  refundedPence: 0,
  createdAt: "2026-12-06T19:30:00Z",
  ...refund,
});

describe("rankEventSales", () => {
  it("orders by ticket income, then tickets, then title", () => {
    const row = (eventId: string, title: string, ticketIncomePence: number, ticketsSold: number) => ({ eventId, title, ticketIncomePence, organiserFeesPence: 0, netDuePence: ticketIncomePence, ticketsSold, bookings: 1 });
    const ranked = rankEventSales([row("a", "Beta", 100, 1), row("b", "Alpha", 100, 1), row("c", "Gamma", 900, 1), row("d", "Delta", 100, 4)]);
    expect(ranked.map((row) => row.eventId)).toEqual(["c", "d", "b", "a"]);
  });
});

describe("recentSaleRows", () => {
  it("shows at most 10 sales (spec §9), their ticket income in pounds (never the booking fee) and UK time", () => {
    const rows = recentSaleRows(Array.from({ length: 12 }, (_, index) => sale(index)));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ attendeeName: "Guest 0", tickets: "1 ticket", amount: "£15.00", soldAt: "Sun, 6 Dec 2026, 19:30", stateLabel: null });
    expect(rows[1]!.tickets).toBe("3 tickets");
  });

  it("shows a fully refunded sale as Refunded at £0.00, and a partly refunded one as partly refunded with what is left (issue 33)", () => {
    const [refunded, partly] = recentSaleRows([
      sale(1, { status: "refunded", ticketQuantity: 0, refundedQuantity: 3, refundState: "refunded", refundedPence: 1730, ticketIncomePence: 0 }),
      sale(2, { ticketQuantity: 2, refundedQuantity: 1, refundState: "partly-refunded", refundedPence: 500, ticketIncomePence: 1000 }),
    ]);
    expect(refunded).toMatchObject({ tickets: "3 tickets", amount: "£0.00", stateLabel: "Refunded" });
    expect(partly).toMatchObject({ tickets: "3 tickets", amount: "£10.00", stateLabel: "Partly refunded" });
  });
});

describe("averageOrderPence", () => {
  it("is null before the first sale and rounded to whole pence after", () => {
    expect(averageOrderPence({ ticketIncomePence: 0, bookings: 0 })).toBeNull();
    expect(averageOrderPence({ ticketIncomePence: 1000, bookings: 3 })).toBe(333);
  });
});
