import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent, createUser, futureDay } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pdfText } from "../../../../test/pdf-text";
import { vatIncludedIn } from "../../../domain";
import { bookings, documentSequences, orderLines, orders, orderSellers, profiles } from "../../db/schema";
import { confirmOrder } from "../checkout/checkout.service";
import { PLATFORM_ISSUER } from "../ledger/document-numbers";
import { bookingMoney } from "../ledger/ledger";

const PLATFORM_VAT = "GB100190874";
const t = setUpTestApp({ COMPANY_NAME: "Eventora Tickets Ltd", COMPANY_NUMBER: "09876543", COMPANY_ADDRESS: "1 Platform Row, Manchester M1 1AA", COMPANY_VAT_NUMBER: "GB 100 1908 74" });

type Buyer = Awaited<ReturnType<typeof signInAs>>;

/** An organiser whose seller details are as given (issue 34), straight into their profile. */
async function seller(details: { name: string; vatNumber?: string | null; vatTreatment?: string; sellerKind?: "business" | "individual"; companyNumber?: string | null }) {
  const organiser = await createUser(t.db);
  await t.db
    .update(profiles)
    .set({
      businessName: details.name,
      businessAddress: `${details.name} House\nLeeds LS1 1AA`,
      sellerKind: details.sellerKind ?? "business",
      companyNumber: details.companyNumber ?? null,
      vatNumber: details.vatNumber ?? null,
      vatTreatment: details.vatTreatment ?? (details.vatNumber ? "standard" : "not-registered"),
    })
    .where(eq(profiles.userId, organiser.id));
  return organiser;
}

async function eventOf(organiser: { id: string }, pricePence: number, title: string, days = 10) {
  return createEvent(t.db, { userId: organiser.id, pricePence, maxAttendees: 100, title, dateTime: futureDay(days) });
}

/** A signed-in buyer pays for these lines through the local test checkout; answers the order. */
async function bought(items: { eventId: string; ticketQuantity: number }[], buyer?: Buyer) {
  const who = buyer ?? (await signInAs(t.app, t.db, t.config.publicUrl, "user"));
  const checkout = await who.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await who.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
  return { buyer: who, order: order! };
}

const ADDRESS = { buyerName: "Ada Lovelace (Analytical Ltd)", buyerAddress: "12 St James's Square\nLondon\nSW1Y 4JH" };

async function lastNumber(issuer: string, series: string) {
  const [row] = await t.db.select().from(documentSequences).where(and(eq(documentSequences.issuer, issuer), eq(documentSequences.series, series)));
  return row?.lastNumber ?? 0;
}

describe("the booking fee's VAT and the sellers on a receipt (issue 34)", () => {
  it("shows the platform as configured when the order was paid, with its VAT number and the VAT in the booking fee, and each seller's kind and company number", async () => {
    const organiser = await seller({ name: "Northern Sounds Ltd", vatNumber: "GB980780684", companyNumber: "01234567" });
    const event = await eventOf(organiser, 2400, "Northern Lights Gig");
    const { buyer, order } = await bought([{ eventId: event.id, ticketQuantity: 2 }]);

    const receipt = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(receipt.platform).toMatchObject({
      name: "Eventora Tickets Ltd",
      companyNumber: "09876543",
      address: "1 Platform Row, Manchester M1 1AA",
      vatNumber: PLATFORM_VAT,
      vatRateBasisPoints: 2000,
      totalPence: 460,
      vatIncludedPence: 77,
    });
    expect(receipt.sellers).toEqual([expect.objectContaining({ name: "Northern Sounds Ltd", sellerKind: "business", companyNumber: "01234567", vatNumber: "GB980780684", vatRateBasisPoints: 2000, vatIncludedPence: 800 })]);

    const pdf = await buyer.client.app.inject({ method: "GET", url: `/api/receipts/${order.id}.pdf`, headers: { cookie: buyer.client.cookieHeader } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("Booking & processing fee sold by Eventora Tickets Ltd");
    expect(text).toContain(`VAT number: ${PLATFORM_VAT}`);
    expect(text).toContain("VAT included at 20%: £0.77");
    expect(text).toContain("Business, company number 01234567.");
    expect(text).not.toContain("Eventora Ltd");

    // The configuration changes later (another name, no longer VAT-registered): this receipt keeps what was true.
    const later = { name: "Eventora Group Ltd", number: "11223344", address: "2 New Street, Bristol BS1 1AA", vatNumber: null };
    const { order: pending } = await (async () => {
      const who = await signInAs(t.app, t.db, t.config.publicUrl, "user");
      const checkout = await who.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
      await t.db.update(orders).set({ paidAt: new Date(), paymentReference: `pi_local_later_${crypto.randomUUID().slice(0, 8)}` }).where(eq(orders.sessionId, checkout.json().sessionId));
      expect(await confirmOrder({ db: t.db, jobs: t.app.jobs, company: later, sessionId: checkout.json().sessionId })).toMatchObject({ status: "confirmed" });
      const [row] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
      return { order: row! };
    })();
    expect((await buyer.client.get(`/api/receipts/${order.id}`)).json()).toEqual(receipt);
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect((await admin.client.get(`/api/receipts/${pending.id}`)).json().platform).toMatchObject({ name: "Eventora Group Ltd", companyNumber: "11223344", vatNumber: null, vatRateBasisPoints: null, vatIncludedPence: null });
  });

  it("shows a zero-rated seller's VAT as 0% and £0.00, and an exempt seller as exempt, by what order_sellers recorded", async () => {
    const zero = await seller({ name: "Zero Rated Ltd", vatNumber: "GB242338087", vatTreatment: "zero" });
    const exempt = await seller({ name: "Exempt Charity", sellerKind: "business", vatTreatment: "exempt" });
    const a = await eventOf(zero, 1000, "Zero Night");
    const b = await eventOf(exempt, 1200, "Exempt Night", 12);
    const { buyer, order } = await bought([
      { eventId: a.id, ticketQuantity: 1 },
      { eventId: b.id, ticketQuantity: 1 },
    ]);
    // As recorded for these treatments (the rate of each: 0 for zero, none for exempt).
    await t.db.update(orderSellers).set({ vatTreatment: "zero", vatNumber: "GB242338087", vatRateBasisPoints: 0 }).where(and(eq(orderSellers.orderId, order.id), eq(orderSellers.organiserId, zero.id)));
    await t.db.update(orderSellers).set({ vatTreatment: "exempt", vatNumber: null, vatRateBasisPoints: null }).where(and(eq(orderSellers.orderId, order.id), eq(orderSellers.organiserId, exempt.id)));

    const receipt = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(receipt.sellers).toEqual([
      expect.objectContaining({ name: "Zero Rated Ltd", vatRateBasisPoints: 0, vatIncludedPence: 0, vatTreatment: "zero" }),
      expect.objectContaining({ name: "Exempt Charity", vatRateBasisPoints: null, vatIncludedPence: null, vatTreatment: "exempt" }),
    ]);
    const pdf = await buyer.client.app.inject({ method: "GET", url: `/api/receipts/${order.id}.pdf`, headers: { cookie: buyer.client.cookieHeader } });
    const text = await pdfText(pdf.rawPayload);
    expect(text).toContain("VAT included at 0%: £0.00");
    expect(text.slice(text.indexOf("Tickets sold by Exempt Charity"))).toContain("Exempt from VAT");
  });
});

describe("full VAT invoices over £250 (issue 34)", () => {
  it("are documented in the OpenAPI document: read, issue (with the buyer's name and address) and each PDF", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    expect(response.statusCode).toBe(200);
    const paths = response.json().paths;
    const invoices = paths["/api/receipts/{orderId}/vat-invoices"];
    expect(invoices.get.responses["200"].content["application/json"].schema.properties).toHaveProperty("invoices");
    expect(invoices.post.requestBody.content["application/json"].schema.required).toEqual(expect.arrayContaining(["buyerName", "buyerAddress"]));
    expect(Object.keys(paths)).toContain("/api/receipts/{orderId}/vat-invoices/{invoiceId}.pdf");
  });

  it("are issued once per VAT-registered issuer, each in its own series, with net + VAT = gross per line and totals equal to the ledger's", async () => {
    const big = await seller({ name: "Big Hall Promotions Ltd", vatNumber: "GB980780684", companyNumber: "07654321" });
    const small = await seller({ name: "Small Room Ltd", vatNumber: "GB242338087" });
    const unregistered = await seller({ name: "Sam's Supper Club", sellerKind: "individual" });
    const gala = await eventOf(big, 12_000, "Gala Dinner", 20);
    const talk = await eventOf(small, 1_999, "Late Talk", 25);
    const supper = await eventOf(unregistered, 1_000, "Supper", 30);
    const { buyer, order } = await bought([
      { eventId: gala.id, ticketQuantity: 2 },
      { eventId: talk.id, ticketQuantity: 1 },
      { eventId: supper.id, ticketQuantity: 1 },
    ]);
    const receipt = (await buyer.client.get(`/api/receipts/${order.id}`)).json();
    expect(receipt.vatInvoice).toEqual({ offered: true, issued: false });
    expect((await buyer.client.get(`/api/receipts/${order.id}/vat-invoices`)).json()).toMatchObject({ offered: true, invoices: [] });

    const bigBefore = await lastNumber(big.id, "invoice");
    const platformBefore = await lastNumber(PLATFORM_ISSUER, "booking-fee-invoice");
    const issued = await buyer.client.post(`/api/receipts/${order.id}/vat-invoices`, ADDRESS);
    expect(issued.statusCode, issued.body).toBe(200);
    const { invoices } = issued.json();
    expect(invoices.map((invoice: { seller: { name: string }; issuerKind: string }) => [invoice.seller.name, invoice.issuerKind]).sort()).toEqual(
      [
        ["Big Hall Promotions Ltd", "seller"],
        ["Small Room Ltd", "seller"],
        ["Eventora Tickets Ltd", "platform"],
      ].sort(),
    );
    const byName = (name: string) => invoices.find((invoice: { seller: { name: string } }) => invoice.seller.name === name);
    expect(byName("Big Hall Promotions Ltd")).toMatchObject({
      invoiceNumber: `INV-${String(bigBefore + 1).padStart(6, "0")}`,
      seller: { name: "Big Hall Promotions Ltd", address: "Big Hall Promotions Ltd House\nLeeds LS1 1AA", vatNumber: "GB980780684", companyNumber: "07654321" },
      buyer: { name: ADDRESS.buyerName, address: ADDRESS.buyerAddress },
      lines: [{ supplyDate: gala.dateTime.toISOString(), quantity: 2, vatRateBasisPoints: 2000, grossPence: 24_000, vatPence: 4_000, netPence: 20_000 }],
      netPence: 20_000,
      vatPence: 4_000,
      grossPence: 24_000,
    });
    // Each seller numbers in their own series: the small seller's first invoice is their number 1.
    expect(byName("Small Room Ltd")).toMatchObject({ invoiceNumber: "INV-000001", lines: [{ grossPence: 1_999, vatPence: vatIncludedIn(1_999), netPence: 1_999 - vatIncludedIn(1_999) }] });
    expect(byName("Eventora Tickets Ltd")).toMatchObject({
      invoiceNumber: `INV-${String(platformBefore + 1).padStart(6, "0")}`,
      seller: { name: "Eventora Tickets Ltd", vatNumber: PLATFORM_VAT, companyNumber: "09876543" },
      grossPence: 4 * 230,
    });

    // Per line net + VAT = gross; each invoice's totals are its lines'; the gross is the ledger's tickets and fees.
    const lineRows = await t.db.select({ bookingId: bookings.id, eventId: orderLines.eventId }).from(orderLines).innerJoin(bookings, eq(bookings.orderLineId, orderLines.id)).where(eq(orderLines.orderId, order.id));
    const money = await bookingMoney(t.db, lineRows.map((row) => row.bookingId));
    const ticketsOf = (eventId: string) => money.get(lineRows.find((row) => row.eventId === eventId)!.bookingId)!.ticketsPence;
    const feesTotal = lineRows.reduce((sum, row) => sum + money.get(row.bookingId)!.feesPence, 0);
    for (const invoice of invoices) {
      for (const line of invoice.lines) expect(line.netPence + line.vatPence).toBe(line.grossPence);
      expect(invoice.grossPence).toBe(invoice.lines.reduce((sum: number, line: { grossPence: number }) => sum + line.grossPence, 0));
      expect(invoice.netPence + invoice.vatPence).toBe(invoice.grossPence);
    }
    expect(byName("Big Hall Promotions Ltd").grossPence).toBe(ticketsOf(gala.id));
    expect(byName("Small Room Ltd").grossPence).toBe(ticketsOf(talk.id));
    expect(byName("Eventora Tickets Ltd").grossPence).toBe(feesTotal);

    // Issued once: a second request (another address) answers the same invoices, made out as first asked.
    const again = await buyer.client.post(`/api/receipts/${order.id}/vat-invoices`, { buyerName: "Someone Else", buyerAddress: "1 Other Road\nYork" });
    expect(again.statusCode).toBe(200);
    expect(again.json().invoices).toEqual(invoices);
    expect(await lastNumber(big.id, "invoice")).toBe(bigBefore + 1);
    expect((await buyer.client.get(`/api/receipts/${order.id}`)).json().vatInvoice).toEqual({ offered: true, issued: true });

    // The big seller's next order's invoice is their next number; the small seller's series is untouched.
    const { buyer: second, order: next } = await bought([{ eventId: gala.id, ticketQuantity: 3 }]);
    const nextInvoices = (await second.client.post(`/api/receipts/${next.id}/vat-invoices`, ADDRESS)).json().invoices;
    expect(nextInvoices.find((invoice: { issuerKind: string }) => invoice.issuerKind === "seller").invoiceNumber).toBe(`INV-${String(bigBefore + 2).padStart(6, "0")}`);
    expect(await lastNumber(small.id, "invoice")).toBe(1);

    // Each as a PDF: seller, VAT number, buyer, dates, and the line's figures.
    const bigInvoice = byName("Big Hall Promotions Ltd");
    const pdf = await buyer.client.app.inject({ method: "GET", url: bigInvoice.pdfPath, headers: { cookie: buyer.client.cookieHeader } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    const text = await pdfText(pdf.rawPayload);
    for (const expected of ["VAT invoice", `Invoice number: ${bigInvoice.invoiceNumber}`, "VAT number: GB980780684", "Company number: 07654321", "Ada Lovelace (Analytical Ltd)", "12 St James's Square, London, SW1Y 4JH", "Date of supply", "£200.00", "£40.00", "£240.00", "20%"]) {
      expect(text).toContain(expected);
    }
  });

  it("are refused for an order of £250 or less (409, with the reason), and a name and address are required (400 naming the field)", async () => {
    const organiser = await seller({ name: "Threshold Ltd", vatNumber: "GB980780684" });
    // 2 × (£122.70 + £2.30) = £250.00 exactly: not over £250.
    const event = await eventOf(organiser, 12_270, "Exactly Two Fifty");
    const { buyer, order } = await bought([{ eventId: event.id, ticketQuantity: 2 }]);
    expect((await buyer.client.get(`/api/receipts/${order.id}`)).json()).toMatchObject({ totalPaidPence: 25_000, vatInvoice: { offered: false, issued: false } });
    const refused = await buyer.client.post(`/api/receipts/${order.id}/vat-invoices`, ADDRESS);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/only for orders over £250; this order came to £250\.00/);

    const { buyer: over, order: large } = await bought([{ eventId: event.id, ticketQuantity: 3 }]);
    for (const [body, field] of [
      [{ buyerName: "", buyerAddress: ADDRESS.buyerAddress }, "buyerName"],
      [{ buyerName: "Ada", buyerAddress: "  " }, "buyerAddress"],
      [{ buyerName: "Ada", buyerAddress: "London" }, "buyerAddress"],
      [{ buyerName: "Ada" }, "buyerAddress"],
    ] as const) {
      const response = await over.client.post(`/api/receipts/${large.id}/vat-invoices`, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(400);
      expect(response.json().error.message).toContain(field);
    }
    expect((await over.client.get(`/api/receipts/${large.id}/vat-invoices`)).json().invoices).toEqual([]);
  });

  it("are refused when no issuer of the order was VAT-registered", async () => {
    const organiser = await seller({ name: "Not Registered Events", sellerKind: "individual" });
    const event = await eventOf(organiser, 30_000, "Big Unregistered Night");
    const { buyer, order } = await bought([{ eventId: event.id, ticketQuantity: 1 }]);
    // Neither was the platform, as recorded on this order.
    await t.db.update(orders).set({ platformVatNumber: null }).where(eq(orders.id, order.id));
    const refused = await buyer.client.post(`/api/receipts/${order.id}/vat-invoices`, ADDRESS);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toMatch(/No seller of this order was VAT-registered/);
  });

  it("are the buyer's and admins' only: anyone else is told they are not found, a visitor to sign in", async () => {
    const organiser = await seller({ name: "Private Ltd", vatNumber: "GB980780684" });
    const event = await eventOf(organiser, 26_000, "Private Gala");
    const { buyer, order } = await bought([{ eventId: event.id, ticketQuantity: 1 }]);
    const invoices = (await buyer.client.post(`/api/receipts/${order.id}/vat-invoices`, ADDRESS)).json().invoices;
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.get(`/api/receipts/${order.id}/vat-invoices`)).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/receipts/${order.id}/vat-invoices`, ADDRESS)).statusCode).toBe(404);
    expect((await stranger.client.app.inject({ method: "GET", url: invoices[0].pdfPath, headers: { cookie: stranger.client.cookieHeader } })).statusCode).toBe(404);
    expect((await t.app.inject({ method: "GET", url: `/api/receipts/${order.id}/vat-invoices` })).statusCode).toBe(401);
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect((await admin.client.get(`/api/receipts/${order.id}/vat-invoices`)).json().invoices).toEqual(invoices);
    expect((await buyer.client.app.inject({ method: "GET", url: `/api/receipts/${order.id}/vat-invoices/00000000-0000-4000-8000-000000000000.pdf`, headers: { cookie: buyer.client.cookieHeader } })).statusCode).toBe(404);
  });
});
