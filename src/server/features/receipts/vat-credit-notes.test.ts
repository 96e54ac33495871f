import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createUser, createEvent, futureDay } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pdfText } from "../../../../test/pdf-text";
import { vatIncludedIn } from "../../../domain";
import type { VatCreditNote, VatInvoice, VatInvoices } from "../../../domain/receipt-shapes";
import { bookings, documentSequences, orders, profiles, vatCreditNotes } from "../../db/schema";
import { PLATFORM_ISSUER } from "../ledger/document-numbers";
import { reconcile } from "../ledger/reconcile";
import { createPaymentGateway } from "../../providers/payments/payments";
import { completeRefund } from "../refunds/refunds.service";
import { CREDIT_NOTE_SERIES, issueCreditNotes } from "./vat-credit-notes.service";

const PLATFORM_VAT = "GB100190874";
const t = setUpTestApp({ COMPANY_NAME: "Eventora Tickets Ltd", COMPANY_NUMBER: "09876543", COMPANY_ADDRESS: "1 Platform Row, Manchester M1 1AA", COMPANY_VAT_NUMBER: "GB 100 1908 74" });

type Client = Awaited<ReturnType<typeof signInAs>>["client"];
const ADDRESS = { buyerName: "Ada Lovelace (Analytical Ltd)", buyerAddress: "12 St James's Square\nLondon\nSW1Y 4JH" };

/** A VAT-registered organiser (20%), straight into their profile, signed in to refund their bookings. */
async function vatSeller(name: string) {
  const organiser = await createUser(t.db);
  await t.db
    .update(profiles)
    .set({ businessName: name, businessAddress: `${name} House\nLeeds LS1 1AA`, sellerKind: "business", vatNumber: "GB980780684", vatTreatment: "standard", companyNumber: "07654321" })
    .where(eq(profiles.userId, organiser.id));
  return organiser;
}

/** A signed-in buyer pays for `quantity` tickets of the event through the local test checkout: the order and its booking. */
async function bought(eventId: string, quantity: number) {
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items: [{ eventId, ticketQuantity: quantity }] });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
  const [booking] = await t.db.select().from(bookings).where(and(eq(bookings.eventId, eventId), eq(bookings.userId, buyer.account.id)));
  return { buyer, order: order!, booking: booking! };
}

async function invoiced(buyer: Client, orderId: string): Promise<VatInvoices> {
  const response = await buyer.post(`/api/receipts/${orderId}/vat-invoices`, ADDRESS);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const read = async (buyer: Client, orderId: string): Promise<VatInvoices> => (await buyer.get(`/api/receipts/${orderId}/vat-invoices`)).json();
const sellerOf = (invoices: { issuerKind: string }[]) => invoices.filter((document) => document.issuerKind === "seller");
const platformOf = (invoices: { issuerKind: string }[]) => invoices.filter((document) => document.issuerKind === "platform");

async function refund(admin: Client, bookingId: string, input: { quantity?: number; reason: string; requestKey: string }) {
  const response = await admin.post(`/api/bookings/${bookingId}/refunds`, input);
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json()).toMatchObject({ status: "succeeded" });
  return response.json() as { refundId: string };
}

async function lastNumber(issuer: string, series: string) {
  const [row] = await t.db.select().from(documentSequences).where(and(eq(documentSequences.issuer, issuer), eq(documentSequences.series, series)));
  return row?.lastNumber ?? 0;
}

const cn = (n: number) => `CN-${String(n).padStart(6, "0")}`;

describe("credit notes against full VAT invoices (decision 036)", () => {
  it("a full refund of an invoiced order credits each invoice its whole net, VAT and gross, naming it, in the issuer's own series; a retry issues nothing more", async () => {
    const organiser = await vatSeller("Full Refund Hall Ltd");
    const event = await createEvent(t.db, { userId: organiser.id, pricePence: 12_000, maxAttendees: 100, title: "Full Refund Gala", dateTime: futureDay(20) });
    const { buyer, order, booking } = await bought(event.id, 3);
    const { invoices } = await invoiced(buyer.client, order.id);
    const [ticketInvoice] = sellerOf(invoices) as VatInvoice[];
    const [feeInvoice] = platformOf(invoices) as VatInvoice[];
    expect(ticketInvoice).toMatchObject({ grossPence: 36_000, vatPence: 6_000, netPence: 30_000 });
    const platformBefore = await lastNumber(PLATFORM_ISSUER, CREDIT_NOTE_SERIES);

    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const made = await refund(admin.client, booking.id, { reason: "The venue flooded", requestKey: "full-refund" });

    const { creditNotes } = await read(buyer.client, order.id);
    expect(creditNotes).toHaveLength(2);
    const [ticketNote] = sellerOf(creditNotes) as VatCreditNote[];
    const [feeNote] = platformOf(creditNotes) as VatCreditNote[];
    expect(ticketNote).toMatchObject({
      creditNoteNumber: "CN-000001",
      invoiceId: ticketInvoice!.id,
      invoiceNumber: ticketInvoice!.invoiceNumber,
      invoiceDate: ticketInvoice!.issuedAt,
      reason: "Refunded by the organiser: The venue flooded",
      seller: ticketInvoice!.seller,
      buyer: { name: ADDRESS.buyerName, address: ADDRESS.buyerAddress },
      lines: [{ description: "Tickets refunded: Full Refund Gala, 3 tickets", quantity: 3, vatRateBasisPoints: 2000, netPence: 30_000, vatPence: 6_000, grossPence: 36_000 }],
      netPence: 30_000,
      vatPence: 6_000,
      grossPence: 36_000,
    });
    // The platform credits its whole booking-fee invoice, in its own series of credit notes.
    expect(feeNote).toMatchObject({
      creditNoteNumber: cn(platformBefore + 1),
      invoiceId: feeInvoice!.id,
      invoiceNumber: feeInvoice!.invoiceNumber,
      seller: { name: "Eventora Tickets Ltd", vatNumber: PLATFORM_VAT },
      netPence: feeInvoice!.netPence,
      vatPence: feeInvoice!.vatPence,
      grossPence: feeInvoice!.grossPence,
      lines: [expect.objectContaining({ quantity: 3, vatRateBasisPoints: 2000, grossPence: feeInvoice!.grossPence })],
    });

    // A retried refund (the same request, the job completing it again, the notes asked for again) issues nothing twice.
    const again = await admin.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "The venue flooded", requestKey: "full-refund" });
    expect(again.json().refundId).toBe(made.refundId);
    await completeRefund({ db: t.db, gateway: await createPaymentGateway(t.config, t.db), jobs: t.app.jobs, refundId: made.refundId });
    await t.db.transaction((tx) => issueCreditNotes(tx, order.id));
    expect((await read(buyer.client, order.id)).creditNotes).toEqual(creditNotes);
    expect(await lastNumber(organiser.id, CREDIT_NOTE_SERIES)).toBe(1);
    expect(await lastNumber(PLATFORM_ISSUER, CREDIT_NOTE_SERIES)).toBe(platformBefore + 1);

    // Each as a PDF, in the invoice's style: its number and date, the invoice it corrects, the parties, the reason and the figures.
    const pdf = await buyer.client.app.inject({ method: "GET", url: ticketNote!.pdfPath, headers: { cookie: buyer.client.cookieHeader } });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers["content-type"]).toBe("application/pdf");
    expect(pdf.headers["content-disposition"]).toBe('attachment; filename="credit-note-full-refund-hall-ltd-CN-000001.pdf"');
    const text = await pdfText(pdf.rawPayload);
    for (const expected of [
      "Credit note",
      "Credit note number: CN-000001",
      "Credit note date:",
      `Corrects VAT invoice ${ticketInvoice!.invoiceNumber}`,
      "Full Refund Hall Ltd",
      "VAT number: GB980780684",
      "Ada Lovelace (Analytical Ltd)",
      "12 St James's Square, London, SW1Y 4JH",
      "Reason",
      "Refunded by the organiser: The venue flooded",
      "£300.00",
      "£60.00",
      "£360.00",
      "20%",
    ]) {
      expect(text).toContain(expected);
    }
    // Its buyer's and admins' only.
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.app.inject({ method: "GET", url: ticketNote!.pdfPath, headers: { cookie: stranger.client.cookieHeader } })).statusCode).toBe(404);
    expect((await admin.client.app.inject({ method: "GET", url: feeNote!.pdfPath, headers: { cookie: admin.client.cookieHeader } })).statusCode).toBe(200);
  });

  it("partial refunds credit each part at the invoice's rate, and the parts of a line add up to its invoiced VAT exactly", async () => {
    const organiser = await vatSeller("Odd Pence Ltd");
    // £99.99 a ticket: 1/6 of it is 1,666.5p, so each ticket's VAT rounds up, but three tickets' VAT is exactly £50.00.
    const event = await createEvent(t.db, { userId: organiser.id, pricePence: 9_999, maxAttendees: 100, title: "Odd Pence Night", dateTime: futureDay(21) });
    const { buyer, order, booking } = await bought(event.id, 3);
    const { invoices } = await invoiced(buyer.client, order.id);
    const [ticketInvoice] = sellerOf(invoices) as VatInvoice[];
    expect(ticketInvoice).toMatchObject({ grossPence: 29_997, vatPence: 5_000 });

    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    for (const [index, quantity] of [1, 1, 1].entries()) await refund(admin.client, booking.id, { quantity, reason: "Partly refunded", requestKey: `partial-${index}` });

    const tickets = sellerOf((await read(buyer.client, order.id)).creditNotes) as VatCreditNote[];
    expect(tickets.map((note) => [note.creditNoteNumber, note.lines[0]!.quantity, note.grossPence, note.vatPence, note.netPence])).toEqual([
      ["CN-000001", 1, 9_999, 1_667, 8_332],
      ["CN-000002", 1, 9_999, 1_666, 8_333],
      ["CN-000003", 1, 9_999, 1_667, 8_332],
    ]);
    expect(tickets.reduce((sum, note) => sum + note.vatPence, 0)).toBe(ticketInvoice!.vatPence);
    for (const note of tickets) {
      expect(note).toMatchObject({ invoiceNumber: ticketInvoice!.invoiceNumber, lines: [expect.objectContaining({ description: "Tickets refunded: Odd Pence Night, 1 ticket", vatRateBasisPoints: 2000 })] });
      expect(note.netPence + note.vatPence).toBe(note.grossPence);
    }
    const fees = platformOf((await read(buyer.client, order.id)).creditNotes) as VatCreditNote[];
    expect(fees).toHaveLength(3);
    expect(fees.reduce((sum, note) => sum + note.vatPence, 0)).toBe((platformOf(invoices) as VatInvoice[])[0]!.vatPence);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("an invoice asked for after a partial refund is for the order as sold, with a credit note for what was refunded before", async () => {
    const organiser = await vatSeller("Refunded Before Ltd");
    const event = await createEvent(t.db, { userId: organiser.id, pricePence: 12_000, maxAttendees: 100, title: "Before Gala", dateTime: futureDay(22) });
    const { buyer, order, booking } = await bought(event.id, 3);
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    await refund(admin.client, booking.id, { quantity: 1, reason: "Double booked", requestKey: "before-invoice" });
    expect((await read(buyer.client, order.id)).creditNotes).toEqual([]);

    const issued = await invoiced(buyer.client, order.id);
    const [ticketInvoice] = sellerOf(issued.invoices) as VatInvoice[];
    // The supply as made: all three tickets; the refund is the credit note's.
    expect(ticketInvoice).toMatchObject({ grossPence: 36_000, vatPence: 6_000, lines: [expect.objectContaining({ quantity: 3, grossPence: 36_000 })] });
    const [ticketNote] = sellerOf(issued.creditNotes) as VatCreditNote[];
    expect(ticketNote).toMatchObject({ creditNoteNumber: "CN-000001", invoiceNumber: ticketInvoice!.invoiceNumber, reason: "Refunded by the organiser: Double booked", grossPence: 12_000, vatPence: 2_000, netPence: 10_000 });
    expect(ticketNote!.issuedAt).toBe(ticketInvoice!.issuedAt);
    expect(platformOf(issued.creditNotes)).toEqual([expect.objectContaining({ grossPence: 230, vatPence: vatIncludedIn(230) })]);
    // Asking again issues neither invoices nor notes again.
    expect(await invoiced(buyer.client, order.id)).toEqual(issued);
    expect(await lastNumber(organiser.id, CREDIT_NOTE_SERIES)).toBe(1);
  });

  it("refunds of two invoiced orders of one seller at once get consecutive numbers, without gaps", async () => {
    const organiser = await vatSeller("Busy Night Ltd");
    const event = await createEvent(t.db, { userId: organiser.id, pricePence: 13_000, maxAttendees: 100, title: "Busy Night", dateTime: futureDay(23) });
    const first = await bought(event.id, 2);
    const second = await bought(event.id, 2);
    await invoiced(first.buyer.client, first.order.id);
    await invoiced(second.buyer.client, second.order.id);
    const platformBefore = await lastNumber(PLATFORM_ISSUER, CREDIT_NOTE_SERIES);

    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    await Promise.all([first, second].map(({ booking }, index) => refund(admin.client, booking.id, { reason: "Overbooked", requestKey: `together-${index}` })));

    const notes = [...(await read(first.buyer.client, first.order.id)).creditNotes, ...(await read(second.buyer.client, second.order.id)).creditNotes];
    expect((sellerOf(notes) as VatCreditNote[]).map((note) => note.creditNoteNumber).sort()).toEqual([cn(1), cn(2)]);
    const platformNumbers = (platformOf(notes) as VatCreditNote[]).map((note) => note.creditNoteNumber).sort();
    expect(platformNumbers).toEqual([cn(platformBefore + 1), cn(platformBefore + 2)]);
    expect(await lastNumber(organiser.id, CREDIT_NOTE_SERIES)).toBe(2);
  });

  it("a buyer's accepted refund request credits the tickets only (the booking fee stays paid); the event's cancellation credits everything left", async () => {
    const organiser = await vatSeller("Request Then Cancel Ltd");
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const event = await createEvent(t.db, { userId: organiser.id, pricePence: 13_000, maxAttendees: 100, title: "Request Night", dateTime: futureDay(30) });
    const asking = await bought(event.id, 2);
    const staying = await bought(event.id, 2);
    await invoiced(asking.buyer.client, asking.order.id);
    await invoiced(staying.buyer.client, staying.order.id);

    const asked = await asking.buyer.client.post(`/api/me/bookings/${asking.booking.id}/refund-request`, { reason: "I cannot make it any more" });
    expect(asked.statusCode, asked.body).toBe(200);
    expect((await admin.client.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(200);
    expect((await read(asking.buyer.client, asking.order.id)).creditNotes).toEqual([
      expect.objectContaining({ issuerKind: "seller", reason: "Refunded at the buyer's request: I cannot make it any more", grossPence: 26_000, vatPence: vatIncludedIn(26_000) }),
    ]);

    expect((await admin.client.post(`/api/events/${event.id}/cancel`, { reason: "The band split up." })).statusCode).toBe(200);
    // The job refunds the bookings, then the fees kept by earlier requests: wait for both orders' last notes.
    const noted = async () => (await read(staying.buyer.client, staying.order.id)).creditNotes.length + (await read(asking.buyer.client, asking.order.id)).creditNotes.length;
    const deadline = Date.now() + 30_000;
    while ((await noted()) < 4 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
    const cancelled = "The event was cancelled: The band split up.";
    const summary = (notes: VatCreditNote[]) => notes.map((note) => [note.issuerKind, note.reason, note.grossPence]).sort();
    expect(summary((await read(staying.buyer.client, staying.order.id)).creditNotes)).toEqual(
      summary([
        { issuerKind: "platform", reason: cancelled, grossPence: staying.order.feesPence },
        { issuerKind: "seller", reason: cancelled, grossPence: 26_000 },
      ] as VatCreditNote[]),
    );
    // The fee the buyer's own request kept goes back with the cancellation: a note from the platform.
    expect(summary((await read(asking.buyer.client, asking.order.id)).creditNotes)).toEqual(
      summary([
        { issuerKind: "seller", reason: "Refunded at the buyer's request: I cannot make it any more", grossPence: 26_000 },
        { issuerKind: "platform", reason: cancelled, grossPence: asking.order.feesPence },
      ] as VatCreditNote[]),
    );
    expect(await t.db.select().from(vatCreditNotes).where(eq(vatCreditNotes.orderId, staying.order.id))).toHaveLength(2);
  });

  it("are documented in the OpenAPI document: listed with the invoices, and each as a PDF", async () => {
    const response = await t.app.inject({ method: "GET", url: "/api/docs/json" });
    const paths = response.json().paths;
    const listed = paths["/api/receipts/{orderId}/vat-invoices"].get.responses["200"].content["application/json"].schema;
    expect(listed.properties).toHaveProperty("creditNotes");
    expect(Object.keys(paths)).toContain("/api/receipts/{orderId}/vat-credit-notes/{creditNoteId}.pdf");
  });
});
