import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings } from "../../db/schema";

const t = setUpTestApp();

/** An organiser's event (£20 a ticket) bought twice by one buyer through a promoter's code: 2 tickets, then 1. */
async function soldEvent() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const promoter = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const code = (await promoter.client.post("/api/me/affiliate")).json().code as string;
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10, title: `Refund views ${Math.random()}` });
  const bought = [];
  for (const ticketQuantity of [2, 1]) {
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity, affiliateCode: code });
    expect(checkout.statusCode).toBe(200);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, checkout.json().sessionId));
    bought.push(booking!);
  }
  return { organiser, buyer, promoter, event, pair: bought[0]!, single: bought[1]! };
}

const refund = (client: Awaited<ReturnType<typeof soldEvent>>["organiser"]["client"], bookingId: string, quantity: number, requestKey: string) =>
  client.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey });

describe("booking states and ledger totals after refunds (issue 19)", () => {
  it("shows a partial and a full refund on the attendee list, the CSV, My Tickets, the ticket viewer and the dashboard, with totals from the ledger", async () => {
    const { organiser, buyer, promoter, event, pair, single } = await soldEvent();
    // £20 a ticket and £2.30 booking fee each: 3 tickets, £66.90 charged; commission 10% of the fees per booking.
    const salesBefore = (await organiser.client.get("/api/me/sales")).json();
    expect(salesBefore.perEvent.find((row: { eventId: string }) => row.eventId === event.id)).toMatchObject({ ticketIncomePence: 6000, netDuePence: 6000 - 176 - 88, ticketsSold: 3, bookings: 2 });
    expect((await promoter.client.get("/api/me/affiliate")).json().affiliate.totalEarningsPence).toBe(46 + 23);

    expect((await refund(organiser.client, pair.id, 1, "views-partial-1")).json()).toMatchObject({ status: "succeeded", ticketPence: 2000, feePence: 230 });

    const attendees = (await organiser.client.get(`/api/events/${event.id}/attendees`)).json().attendees;
    expect(attendees.find((row: { bookingId: string }) => row.bookingId === pair.id)).toMatchObject({
      status: "confirmed",
      tickets: 1,
      refundedTickets: 1,
      refundState: "partly-refunded",
      refundedPence: 2230,
      amountPence: 4460,
      unitPricePence: 2000,
      feePerTicketPence: 230,
    });
    const mine = (await buyer.client.get("/api/me/tickets")).json().tickets;
    expect(mine.find((ticket: { bookingId: string }) => ticket.bookingId === pair.id)).toMatchObject({ ticketQuantity: 1, refundedQuantity: 1, refundState: "partly-refunded", refundedPence: 2230 });
    const viewed = (await organiser.client.get(`/api/tickets/lookup?identifier=${pair.ticketCode}`)).json();
    expect(viewed).toMatchObject({ ticketQuantity: 1, refundedQuantity: 1, refundState: "partly-refunded", refundedPence: 2230 });
    // Ticket income is the ticket money kept (the booking fees are the platform's); net due less the organiser fee
    // on the valid tickets (58p + 30p each); the promoter's commission on the refunded ticket is taken back.
    const sales = (await organiser.client.get("/api/me/sales")).json();
    expect(sales.perEvent.find((row: { eventId: string }) => row.eventId === event.id)).toMatchObject({ ticketIncomePence: 4000, netDuePence: 4000 - 2 * 88, ticketsSold: 2, bookings: 2 });
    expect(sales.recentSales.find((sale: { bookingId: string }) => sale.bookingId === pair.id)).toMatchObject({ refundState: "partly-refunded", refundedQuantity: 1, refundedPence: 2230, ticketIncomePence: 2000 });
    const ownEvent = (await organiser.client.get("/api/me/events")).json().events.find((row: { id: string }) => row.id === event.id);
    expect(ownEvent).toMatchObject({ ticketsSold: 2, ticketIncomePence: 4000, netDuePence: 4000 - 2 * 88 });
    expect((await promoter.client.get("/api/me/affiliate")).json().affiliate.totalEarningsPence).toBe(23 + 23);

    // The whole of the single booking, then the last ticket of the pair: both refunded in full.
    expect((await refund(organiser.client, single.id, 1, "views-full-single")).statusCode).toBe(200);
    expect((await refund(organiser.client, pair.id, 1, "views-full-pair")).statusCode).toBe(200);

    const after = (await organiser.client.get(`/api/events/${event.id}/attendees`)).json().attendees;
    // A row per ticket (issue 36): the pair's two, both refunded, and the single.
    expect(after).toHaveLength(3);
    const pairRows = after.filter((row: { bookingId: string }) => row.bookingId === pair.id);
    expect(pairRows).toHaveLength(2);
    for (const row of pairRows) expect(row).toMatchObject({ ticketStatus: "refunded", status: "refunded", tickets: 0, refundedTickets: 2, refundState: "refunded", refundedPence: 4460 });
    const csv = (await organiser.client.get(`/api/events/${event.id}/attendees?format=csv`)).body.split("\r\n");
    expect(csv[0]).toBe("\uFEFFName,Email,Type,Ticket code,Status,Checked in at,Buyer,Buyer email,Booking Date,Venue,Booking tickets,Booking amount,Refunded tickets,Refund status,Amount refunded");
    const pairLines = csv.filter((line) => pairRows.some((row: { ticketCode: string }) => line.includes(row.ticketCode)));
    expect(pairLines).toHaveLength(2);
    for (const line of pairLines) expect(line).toMatch(/,0,44\.60,2,Refunded,44\.60$/);
    const singleLine = csv.find((line) => line.includes(single.ticketCode))!;
    expect(singleLine).toMatch(/,1,Refunded,22\.30$/);

    const myAfter = (await buyer.client.get("/api/me/tickets")).json().tickets;
    expect(myAfter.find((ticket: { bookingId: string }) => ticket.bookingId === pair.id)).toMatchObject({ status: "refunded", ticketQuantity: 0, refundedQuantity: 2, refundState: "refunded", refundedPence: 4460 });
    const myBookings = (await buyer.client.get("/api/me/bookings")).json().bookings;
    expect(myBookings.find((booking: { id: string }) => booking.id === single.id)).toMatchObject({ status: "refunded", refundState: "refunded", refundedPence: 2230 });

    const salesAfter = (await organiser.client.get("/api/me/sales")).json();
    expect(salesAfter.perEvent.find((row: { eventId: string }) => row.eventId === event.id)).toMatchObject({ ticketIncomePence: 0, netDuePence: 0, ticketsSold: 0, bookings: 0 });
    expect(salesAfter.totals).toMatchObject({ ticketIncomePence: 0, netDuePence: 0, ticketsSold: 0, refundedPence: 6690 });
    expect(salesAfter.daily.reduce((sum: number, day: { ticketIncomePence: number }) => sum + day.ticketIncomePence, 0)).toBe(0);
    expect((await organiser.client.get("/api/me/events")).json().events.find((row: { id: string }) => row.id === event.id)).toMatchObject({ ticketsSold: 0, ticketIncomePence: 0, netDuePence: 0 });
    expect((await promoter.client.get("/api/me/affiliate")).json().affiliate.totalEarningsPence).toBe(0);
  });

  it("lets an admin refund for the organiser, and refuses anyone else", async () => {
    const { buyer, pair } = await soldEvent();
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect((await refund(buyer.client, pair.id, 1, "views-buyer-try")).statusCode).toBe(404);
    expect((await refund(admin.client, pair.id, 3, "views-admin-many")).json().error.message).toBe("Choose between 1 and 2 tickets to refund.");
    expect((await refund(admin.client, pair.id, 2, "views-admin-all")).json()).toMatchObject({ quantity: 2, status: "succeeded" });
    expect((await refund(admin.client, pair.id, 1, "views-admin-again")).json().error.message).toBe("This booking has already been refunded.");
  });
});
