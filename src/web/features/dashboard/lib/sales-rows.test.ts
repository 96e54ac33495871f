import { describe, expect, it } from "vitest";
import type { Sale } from "@domain";
import { averageOrderPence, rankEventSales, recentSaleRows } from "./sales-rows";

const sale = (index: number): Sale => ({
  bookingId: `b${index}`,
  eventId: "e1",
  eventTitle: "Jazz Night",
  attendeeName: `Guest ${index}`,
  ticketQuantity: index === 0 ? 1 : 3,
  totalAmountPence: 1730,
  createdAt: "2026-12-06T19:30:00Z",
});

describe("rankEventSales", () => {
  it("orders by revenue, then tickets, then title", () => {
    const ranked = rankEventSales([
      { eventId: "a", title: "Beta", revenuePence: 100, ticketsSold: 1, bookings: 1 },
      { eventId: "b", title: "Alpha", revenuePence: 100, ticketsSold: 1, bookings: 1 },
      { eventId: "c", title: "Gamma", revenuePence: 900, ticketsSold: 1, bookings: 1 },
      { eventId: "d", title: "Delta", revenuePence: 100, ticketsSold: 4, bookings: 1 },
    ]);
    expect(ranked.map((row) => row.eventId)).toEqual(["c", "d", "b", "a"]);
  });
});

describe("recentSaleRows", () => {
  it("shows at most 10 sales (spec §9), in pounds and UK time", () => {
    const rows = recentSaleRows(Array.from({ length: 12 }, (_, index) => sale(index)));
    expect(rows).toHaveLength(10);
    expect(rows[0]).toMatchObject({ attendeeName: "Guest 0", tickets: "1 ticket", amount: "£17.30", soldAt: "Sun, 6 Dec 2026, 19:30" });
    expect(rows[1]!.tickets).toBe("3 tickets");
  });
});

describe("averageOrderPence", () => {
  it("is null before the first sale and rounded to whole pence after", () => {
    expect(averageOrderPence({ revenuePence: 0, ticketsSold: 0, bookings: 0, refundedPence: 0 })).toBeNull();
    expect(averageOrderPence({ revenuePence: 1000, ticketsSold: 3, bookings: 3, refundedPence: 0 })).toBe(333);
  });
});
