import { readFile } from "node:fs/promises";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pdfText } from "../../../../test/pdf-text";
import { boughtBooking } from "../../../../test/purchases";
import { formatReceiptNumber } from "../../../domain";
import { bookings, events, orderLines, orders, orderSellers } from "../../db/schema";

const t = setUpTestApp();

type Client = Awaited<ReturnType<typeof signInAs>>["client"];

async function orderOf(bookingId: string) {
  const [row] = await t.db
    .select({ order: orders })
    .from(bookings)
    .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(bookings.id, bookingId));
  return row!.order;
}

/** Complete seller details (issue 34: a paid event is sold only then): a business, VAT-registered at the standard rate when it has a VAT number. */
async function sellAs(client: Client, details: { businessName?: string; businessAddress?: string; vatNumber?: string | null; displayName?: string }) {
  const response = await client.request("PUT", "/api/me/profile", {
    sellerKind: "business",
    vatTreatment: details.vatNumber ? "standard" : "not-registered",
    ...details,
    businessName: details.businessName ?? details.displayName,
    businessAddress: details.businessAddress ?? "1 Test Street\nLondon EC1A 1AA",
  });
  expect(response.statusCode).toBe(200);
}

async function pdfOf(client: Client, orderId: string) {
  const response = await client.app.inject({ method: "GET", url: `/api/receipts/${orderId}.pdf`, headers: { cookie: client.cookieHeader } });
  return response;
}

/** An organiser selling as `details`, and a buyer who pays for `quantity` of their tickets through the local test checkout. */
async function boughtFrom(details: Parameters<typeof sellAs>[1], quantity: number, { pricePence, attendeeName = "Ada Lovelace" }: { pricePence: number; attendeeName?: string }) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  await sellAs(organiser.client, details);
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence, maxAttendees: 10, title: `Receipted ${Math.random()}` });
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName, eventId: event.id, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
  return { organiser, buyer, event, order: order! };
}

describe("an order's receipt (issue 20)", () => {
  it("names the VAT-registered organiser as the seller with the VAT included, the platform's fee, the total and the payment, as JSON and as a PDF", async () => {
    const { buyer, order } = await boughtFrom({ businessName: "Harbour Lights Events Ltd", businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", vatNumber: "GB 980 7806 84" }, 2, {
      pricePence: 2400,
      attendeeName: "Grace Hopper",
    });

    const response = await buyer.client.get(`/api/receipts/${order.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["cache-control"]).toBe("private, no-store");
    const receipt = response.json();
    expect(receipt).toMatchObject({
      orderId: order.id,
      receiptNumber: formatReceiptNumber(order.receiptNumber!),
      paidAt: order.paidAt!.toISOString(),
      buyer: { name: "Grace Hopper", email: buyer.account.email },
      sellers: [
        {
          name: "Harbour Lights Events Ltd",
          address: "1 Quay Street\nBristol\nBS1 4DJ",
          vatNumber: "GB980780684",
          vatRateBasisPoints: 2000,
          lines: [{ quantity: 2, unitPricePence: 2400, totalPence: 4800 }],
          totalPence: 4800,
          vatIncludedPence: 800,
        },
      ],
      platform: { name: "Eventora Ltd", lines: [{ quantity: 2, unitPricePence: 230, totalPence: 460 }], totalPence: 460 },
      totalPaidPence: 5260,
      paymentReference: order.paymentReference,
      credits: [],
      refundedPence: 0,
      netPaidPence: 5260,
      pdfPath: `/api/receipts/${order.id}.pdf`,
    });
    expect(receipt.receiptNumber).toMatch(/^R-\d{6}$/);
    // The number is the order's own: asking again gives the same.
    expect((await buyer.client.get(`/api/receipts/${order.id}`)).json().receiptNumber).toBe(receipt.receiptNumber);

    const pdf = await pdfOf(buyer.client, order.id);
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe(`attachment; filename="eventora-receipt-${receipt.receiptNumber}.pdf"`);
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain(`Receipt number: ${receipt.receiptNumber}`);
    expect(text).toContain("Tickets sold by Harbour Lights Events Ltd");
    expect(text).toContain("1 Quay Street, Bristol, BS1 4DJ");
    expect(text).toContain("VAT number: GB980780684");
    expect(text).toContain("VAT included at 20%: £8.00");
    expect(text).toMatch(/Booking & processing fee, .+: 2 × £2\.30\s+£4\.60/);
    expect(text).toMatch(/Total paid\s+£52\.60/);
    expect(text).toContain(`Payment reference: ${order.paymentReference}`);
    expect(text).toContain("Grace Hopper");
  });

  it("names each organiser of a cart as the seller of their own tickets, with VAT only for the VAT-registered one", async () => {
    const vatOrganiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const smallOrganiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await sellAs(vatOrganiser.client, { businessName: "Big Top Promotions Ltd", businessAddress: "2 Circus Row\nLeeds LS1 1AA", vatNumber: "GB 242 3380 87" });
    await sellAs(smallOrganiser.client, { displayName: "Sam's Supper Club", businessAddress: "3 Mill Lane\nYork YO1 7HH" });
    const big = await createEvent(t.db, { userId: vatOrganiser.account.id, pricePence: 2400, maxAttendees: 10, title: "Big Top Circus", dateTime: new Date(Date.now() + 10 * 86_400_000) });
    const small = await createEvent(t.db, { userId: smallOrganiser.account.id, pricePence: 1000, maxAttendees: 10, title: "Supper Club Night", dateTime: new Date(Date.now() + 20 * 86_400_000) });
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items: [{ eventId: big.id, ticketQuantity: 1 }, { eventId: small.id, ticketQuantity: 2 }] });
    expect(checkout.statusCode).toBe(200);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));

    const receipt = (await buyer.client.get(`/api/receipts/${order!.id}`)).json();
    expect(receipt.sellers).toEqual([
      expect.objectContaining({ name: "Big Top Promotions Ltd", vatNumber: "GB242338087", vatRateBasisPoints: 2000, totalPence: 2400, vatIncludedPence: 400, lines: [expect.objectContaining({ eventTitle: "Big Top Circus", quantity: 1 })] }),
      expect.objectContaining({ name: "Sam's Supper Club", address: "3 Mill Lane\nYork YO1 7HH", vatNumber: null, vatRateBasisPoints: null, totalPence: 2000, vatIncludedPence: null, lines: [expect.objectContaining({ eventTitle: "Supper Club Night", quantity: 2 })] }),
    ]);
    expect(receipt.platform.lines).toEqual([
      expect.objectContaining({ eventTitle: "Big Top Circus", quantity: 1, totalPence: 230 }),
      expect.objectContaining({ eventTitle: "Supper Club Night", quantity: 2, totalPence: 460 }),
    ]);
    expect(receipt.totalPaidPence).toBe(2400 + 2000 + 690);

    const text = await pdfText((await pdfOf(buyer.client, order!.id)).rawPayload);
    expect(text).toContain("Tickets sold by Big Top Promotions Ltd");
    expect(text).toContain("Tickets sold by Sam's Supper Club");
    expect(text.match(/VAT included at 20%/g)).toEqual(["VAT included at 20%"]);
    expect(text).toContain("VAT included at 20%: £4.00");
    expect(text).toMatch(/Total paid\s+£50\.90/);
    // Sam's section (after its heading) carries no VAT line.
    expect(text.slice(text.indexOf("Tickets sold by Sam's Supper Club"))).not.toMatch(/VAT/);
  });

  it("is a record of the sale (issue 33): the seller's name, address and VAT as they were when it was paid, whatever the profile says later", async () => {
    const { organiser, buyer, order } = await boughtFrom({ businessName: "Lantern Nights", businessAddress: "5 Old Mill Yard\nHebden Bridge\nHX7 8AD", vatNumber: null }, 2, { pricePence: 1500 });
    const atSale = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(atSale.sellers).toEqual([expect.objectContaining({ name: "Lantern Nights", address: "5 Old Mill Yard\nHebden Bridge\nHX7 8AD", vatNumber: null, vatRateBasisPoints: null, vatIncludedPence: null })]);

    // After the sale the organiser registers for VAT, renames the business and moves.
    await sellAs(organiser.client, { businessName: "Lantern Nights Ltd", businessAddress: "9 New Road\nHalifax\nHX1 1AA", vatNumber: "GB 980 7806 84", displayName: "Lantern" });

    const later = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(later).toEqual(atSale);
    const text = await pdfText((await pdfOf(buyer.client, order.id)).rawPayload);
    expect(text).toContain("Tickets sold by Lantern Nights");
    expect(text).toContain("5 Old Mill Yard, Hebden Bridge, HX7 8AD");
    expect(text).not.toMatch(/VAT|Lantern Nights Ltd|New Road/);

    // An order paid after the change is sold by the organiser as they are now.
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1200, maxAttendees: 10, title: "Lantern Walk" });
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [second] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
    expect((await buyer.client.get(`/api/receipts/${second!.id}`)).json().sellers).toEqual([
      expect.objectContaining({ name: "Lantern Nights Ltd", address: "9 New Road\nHalifax\nHX1 1AA", vatNumber: "GB980780684", vatRateBasisPoints: 2000, vatIncludedPence: 200 }),
    ]);
  });

  it("keeps a VAT-registered seller's VAT after they deregister, and its seller after the event changes hands", async () => {
    const { organiser, buyer, order, event } = await boughtFrom({ businessName: "Harbour Lights Events Ltd", businessAddress: "1 Quay Street\nBristol\nBS1 4DJ", vatNumber: "GB100190874" }, 1, { pricePence: 2400 });
    await sellAs(organiser.client, { businessName: "", businessAddress: "", vatNumber: "" });
    const other = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await sellAs(other.client, { businessName: "Someone Else Ltd", vatNumber: "GB242338087" });
    await t.db.update(events).set({ userId: other.account.id }).where(eq(events.id, event.id));

    const receipt = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(receipt.sellers).toEqual([expect.objectContaining({ name: "Harbour Lights Events Ltd", vatNumber: "GB100190874", vatRateBasisPoints: 2000, vatIncludedPence: 400 })]);
    const text = await pdfText((await pdfOf(buyer.client, order.id)).rawPayload);
    expect(text).toContain("Tickets sold by Harbour Lights Events Ltd");
    expect(text).toContain("VAT included at 20%: £4.00");
    expect(text).not.toContain("Someone Else");
  });

  it("records each order's sellers once, in the confirming transaction, and a repeated confirmation changes nothing", async () => {
    const { organiser, buyer, order } = await boughtFrom({ businessName: "Once Only Ltd" }, 1, { pricePence: 1000 });
    const [recorded] = await t.db.select().from(orderSellers).where(eq(orderSellers.orderId, order.id));
    expect(recorded).toMatchObject({ organiserId: organiser.account.id, name: "Once Only Ltd", vatNumber: null, vatRateBasisPoints: null });
    await sellAs(organiser.client, { businessName: "Renamed Ltd" });
    expect((await buyer.client.post("/api/functions/verify-payment", { sessionId: order.sessionId })).statusCode).toBe(200);
    expect(await t.db.select().from(orderSellers).where(eq(orderSellers.orderId, order.id))).toEqual([recorded]);
  });

  it("for an order confirmed before sellers were recorded, has them from migration 0019's backfill (the profile as it was at the migration)", async () => {
    const { organiser, buyer, order } = await boughtFrom({ businessName: "Before Records Ltd", businessAddress: "2 Early Lane\nYork YO1 1AA", vatNumber: "GB 980 7806 84" }, 1, { pricePence: 1200 });
    const { order: untouched } = await boughtFrom({ businessName: "Untouched Ltd" }, 1, { pricePence: 1000 });
    // As it was before migration 0019: no record. The organiser's profile has changed since the sale.
    await t.db.delete(orderSellers).where(eq(orderSellers.orderId, order.id));
    await sellAs(organiser.client, { businessName: "At Migration Ltd", businessAddress: "2 Early Lane\nYork YO1 1AA", vatNumber: "GB 980 7806 84" });
    const migration = await readFile(new URL("../../../../drizzle/0019_order_sellers.sql", import.meta.url), "utf8");
    const backfill = migration.split("--> statement-breakpoint").at(-1)!;
    expect(backfill).toMatch(/INSERT INTO "order_sellers"/);
    await t.db.execute(backfill);
    await t.db.execute(backfill);

    expect((await buyer.client.get(`/api/receipts/${order.id}`)).json().sellers).toEqual([
      expect.objectContaining({ name: "At Migration Ltd", address: "2 Early Lane\nYork YO1 1AA", vatNumber: "GB980780684", vatRateBasisPoints: 2000 }),
    ]);
    expect(await t.db.select({ name: orderSellers.name }).from(orderSellers).where(eq(orderSellers.orderId, untouched.id))).toEqual([{ name: "Untouched Ltd" }]);
  });

  it("shows a refund as a credit, from the ledger", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 3, { pricePence: 2000 });
    const order = await orderOf(booking.id);
    const refunded = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { quantity: 1, reason: "Cannot come", requestKey: `receipt-refund-${booking.id}` });
    expect(refunded.statusCode).toBe(200);

    const receipt = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(receipt.totalPaidPence).toBe(6690);
    expect(receipt.credits).toEqual([expect.objectContaining({ description: expect.stringMatching(/^Refund of 1 ticket: Bought /), ticketsPence: 2000, feesPence: 230, totalPence: 2230 })]);
    expect(receipt).toMatchObject({ refundedPence: 2230, netPaidPence: 4460 });
    // What was sold stays on the receipt; the refund is beside it.
    expect(receipt.sellers[0]).toMatchObject({ totalPence: 6000, lines: [expect.objectContaining({ quantity: 3 })] });

    const text = await pdfText((await pdfOf(buyer.client, order.id)).rawPayload);
    expect(text).toMatch(/Refund of 1 ticket: Bought [^\n]*\s+-£22\.30/);
    expect(text).toMatch(/Refunded so far\s+-£22\.30/);
    expect(text).toMatch(/Paid after refunds\s+£44\.60/);
  });

  it("is its buyer's and admins' only: anyone else is told it is not found, a visitor to sign in", async () => {
    const { organiser, buyer, booking } = await boughtBooking(t, 1);
    const order = await orderOf(booking.id);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    for (const url of [`/api/receipts/${order.id}`, `/api/receipts/${order.id}.pdf`]) {
      for (const other of [stranger.client, organiser.client]) {
        const refused = await other.app.inject({ method: "GET", url, headers: { cookie: other.cookieHeader } });
        expect(refused.statusCode, url).toBe(404);
        expect(refused.json().error).toEqual({ code: "NOT_FOUND", message: "Receipt not found" });
      }
      expect((await t.app.inject({ method: "GET", url })).statusCode).toBe(401);
      expect((await admin.client.app.inject({ method: "GET", url, headers: { cookie: admin.client.cookieHeader } })).statusCode).toBe(200);
      expect((await buyer.client.app.inject({ method: "GET", url, headers: { cookie: buyer.client.cookieHeader } })).statusCode).toBe(200);
    }
    for (const id of ["not-a-uuid", "00000000-0000-4000-8000-000000000000"]) {
      expect((await buyer.client.get(`/api/receipts/${id}`)).statusCode).toBe(404);
    }
  });

  it("for an order whose account is gone, is the confirmed owner of its e-mail address's", async () => {
    const { buyer, booking } = await boughtBooking(t, 1);
    const order = await orderOf(booking.id);
    await t.db.update(orders).set({ userId: null }).where(eq(orders.id, order.id));
    expect((await buyer.client.get(`/api/receipts/${order.id}`)).statusCode).toBe(200);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.get(`/api/receipts/${order.id}`)).statusCode).toBe(404);
  });

  it("is linked from the ticket e-mail, on the app's public address, and from My Tickets", async () => {
    const { buyer, booking } = await boughtBooking(t, 1);
    const order = await orderOf(booking.id);
    const link = `${t.config.publicUrl}/receipts/${order.id}`;
    const message = await latestMessage(t.db, booking.attendeeEmail, (m) => Boolean(m.subject?.startsWith("Your ticket")));
    expect(message.text).toContain(`View your receipt: ${link}`);
    expect(message.html).toContain(`href="${link}"`);
    const tickets = (await buyer.client.get("/api/me/tickets")).json().tickets;
    expect(tickets.find((ticket: { bookingId: string }) => ticket.bookingId === booking.id).orderId).toBe(order.id);
  });
});
