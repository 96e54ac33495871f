import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { DashboardEvent, EventStatement, RecentSale, SalesAnalytics } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { boughtBooking } from "../../../../test/purchases";
import { signInAs } from "../../../../test/organiser";
import { bookings } from "../../db/schema";

const t = setUpTestApp();

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

/** What the organiser reads of one event: its card, its Sales Analytics row and its statement. */
async function figuresOf(organiser: Client, eventId: string) {
  const card = ((await organiser.get("/api/me/events")).json().events as DashboardEvent[]).find((event) => event.id === eventId)!;
  const sales = (await organiser.get("/api/me/sales")).json() as SalesAnalytics;
  const statement = (await organiser.get(`/api/payouts/statements/${eventId}`)).json() as EventStatement;
  return { card, row: sales.perEvent.find((row) => row.eventId === eventId)!, sales, statement };
}

/** Issue 33: every figure an organiser reads as their money is the statement's. */
function expectStatementFigures({ card, row, statement }: Awaited<ReturnType<typeof figuresOf>>) {
  const ticketIncome = statement.grossSalesPence - statement.ticketRefundsPence - statement.absorbedFeesPence - statement.disputedPence;
  expect(card).toMatchObject({ ticketIncomePence: ticketIncome, netDuePence: statement.netDuePence });
  expect(row).toMatchObject({ ticketIncomePence: ticketIncome, organiserFeesPence: statement.organiserFeesPence, netDuePence: statement.netDuePence });
}

const recentSale = (sales: SalesAnalytics, bookingId: string) => sales.recentSales.find((sale) => sale.bookingId === bookingId) as RecentSale;

describe("what organisers see is what they get (issue 33)", () => {
  it("shows an event's ticket income and net due as its statement does, without the booking fee buyers paid on top", async () => {
    // 2 × £18.00; buyers pay 2 × £2.30 booking fee on top; organiser fee 2.9% of 3600p = 104p + 2 × 30p.
    const { organiser, event } = await boughtBooking(t, 2, { pricePence: 1800 });
    const figures = await figuresOf(organiser.client, event.id);
    expect(figures.statement).toMatchObject({ grossSalesPence: 3600, bookingFeesPence: 460, organiserFeesPence: 164, netDuePence: 3436 });
    expectStatementFigures(figures);
    expect(figures.card).toMatchObject({ ticketsSold: 2, ticketIncomePence: 3600, netDuePence: 3436 });
    expect(figures.sales.totals).toMatchObject({ ticketIncomePence: 3600, organiserFeesPence: 164, netDuePence: 3436, bookingFeesPence: 460 });
    expect(figures.sales.daily.reduce((sum, day) => sum + day.ticketIncomePence, 0)).toBe(3600);
  });

  it("takes an absorbed booking fee out of ticket income, as the statement does", async () => {
    const { organiser, event } = await boughtBooking(t, 2, { pricePence: 2000, absorbsBookingFee: true });
    const figures = await figuresOf(organiser.client, event.id);
    expect(figures.statement).toMatchObject({ grossSalesPence: 4000, absorbedFeesPence: 460 });
    expectStatementFigures(figures);
    expect(figures.card.ticketIncomePence).toBe(4000 - 460);
  });

  it("shows a booking refunded at the buyer's request as refunded with nothing left, though the platform kept its fee", async () => {
    const { organiser, buyer, event, booking } = await boughtBooking(t, 1, { pricePence: 25_000 });
    const asked = await buyer.client.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "I cannot make it any more" });
    expect((await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(200);

    const figures = await figuresOf(organiser.client, event.id);
    // The £2.30 booking fee stays with the platform: none of it is the organiser's.
    expect(figures.statement).toMatchObject({ grossSalesPence: 25_000, ticketRefundsPence: 25_000, feeRefundsPence: 0, netDuePence: 0 });
    expectStatementFigures(figures);
    expect(figures.card).toMatchObject({ ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0 });
    expect(recentSale(figures.sales, booking.id)).toMatchObject({ status: "refunded", refundState: "refunded", ticketIncomePence: 0, totalAmountPence: 25_230 });
    const own = (await buyer.client.get("/api/me/bookings")).json().bookings.find((row: { id: string }) => row.id === booking.id);
    expect(own).toMatchObject({ status: "refunded", refundState: "refunded", refundedPence: 25_000 });
  });

  it("shows a partly refunded booking as partly refunded with the ticket income it still brings", async () => {
    const { organiser, event, booking } = await boughtBooking(t, 2, { pricePence: 1500 });
    const refunded = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: randomUUID() });
    expect(refunded.statusCode).toBe(200);
    const figures = await figuresOf(organiser.client, event.id);
    expectStatementFigures(figures);
    expect(figures.card).toMatchObject({ ticketsSold: 1, ticketIncomePence: 1500 });
    expect(recentSale(figures.sales, booking.id)).toMatchObject({ status: "confirmed", refundState: "partly-refunded", refundedQuantity: 1, ticketIncomePence: 1500 });
  });

  it("shows a cancelled event, every buyer refunded, at nothing", async () => {
    const { organiser, event, booking } = await boughtBooking(t, 1, { pricePence: 1000 });
    expect((await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "The venue flooded" })).statusCode).toBe(200);
    // The cancel job refunds the booking and then its money reaches the ledger.
    await expect
      .poll(async () => ((await organiser.client.get(`/api/payouts/statements/${event.id}`)).json() as EventStatement).ticketRefundsPence, { timeout: 20_000 })
      .toBe(1000);
    const [refunded] = await t.db.select({ status: bookings.status }).from(bookings).where(eq(bookings.id, booking.id));
    expect(refunded!.status).toBe("refunded");
    const figures = await figuresOf(organiser.client, event.id);
    expectStatementFigures(figures);
    expect(figures.card).toMatchObject({ status: "cancelled", ticketIncomePence: 0, netDuePence: 0 });
  });
});
