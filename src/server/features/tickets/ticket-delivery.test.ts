import { spawn } from "node:child_process";
import { eq, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { formatPounds, NO_CANCELLATION_RIGHT_TEXT, REFUND_TERMS_TEXT, type SignedTicketPayload } from "../../../domain";
import { createTestApp, TEST_JOB_TIMINGS } from "../../../../test/app";
import { createBooking, createEvent, FUTURE } from "../../../../test/fixtures";
import { eventInput, signInAs } from "../../../../test/organiser";
import { pdfText } from "../../../../test/pdf-text";
import { decodeQrPng } from "../../../../test/qr";
import { startSmtpReceiver, type ReceivedMail } from "../../../../test/smtp-receiver";
import { startBrevoStandIn, type BrevoStandIn } from "../../../../test/stand-ins/brevo";
import { startResendStandIn, type ResendStandIn } from "../../../../test/stand-ins/resend";
import { buildApp } from "../../app";
import type { Db } from "../../db/client";
import { bookings, orderLines, orders, profiles, tickets } from "../../db/schema";
import { QUEUES } from "../../jobs/jobs";
import { receiptForTicketEmail } from "../receipts/receipts.service";

async function waitFor<T>(read: () => T | undefined | Promise<T | undefined>, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

function decodeQr(pngBase64: string): Promise<string> {
  return decodeQrPng(Buffer.from(pngBase64, "base64"));
}

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
/** Resend's and Brevo's APIs, strict about every parameter (test/stand-ins). */
let resendApi: ResendStandIn;
let brevoApi: BrevoStandIn;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  [resendApi, brevoApi] = await Promise.all([startResendStandIn({ apiKey: "re_test_key" }), startBrevoStandIn({ apiKey: "xkeysib-test" })]);
});
afterAll(async () => {
  await smtp.stop();
  await Promise.all([resendApi.close(), brevoApi.close()]);
});
const jsonOf = (request: { body: Buffer }) => JSON.parse(request.body.toString()) as Record<string, unknown>;

const mailTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to.toLowerCase()));

describe("the ticket e-mail over real SMTP (issue 6; decisions D13, D18)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
  });
  afterAll(async () => t.close());

  it("is queued when the payment is confirmed and arrives with a scannable signed QR and a calendar file", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Northern Lights Gig", pricePence: 1500, location: "Leeds", dateTime: FUTURE, endTime: new Date(FUTURE.getTime() + 3 * 3600_000) });
    const { sessionId } = (await client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).json();
    await client.post(`/api/checkout/test/${sessionId}/pay`);
    const mail: ReceivedMail = await waitFor(() => mailTo(account.email).find((message) => message.subject === "Your ticket: Northern Lights Gig"));

    expect(mail.html).toContain('src="cid:ticket-qr-1"');
    expect(mail.html).toContain('src="cid:ticket-qr-2"');
    expect(mail.text).toContain("Each attendee shows their own QR code at the event entrance");
    expect(mail.links).toContain(`${t.config.publicUrl}/my-tickets`);
    // One QR per ticket (issue 36), each naming its own ticket alone.
    const qrs = mail.attachments.filter((attachment) => attachment.contentId?.startsWith("ticket-qr"));
    expect(qrs.map((qr) => qr.mimeType)).toEqual(["image/png", "image/png"]);
    const payloads = await Promise.all(qrs.map(async (qr) => JSON.parse(await decodeQr(qr.content)) as SignedTicketPayload));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    const issued = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(tickets.position);
    expect(payloads.map((payload) => payload.ticketId)).toEqual(issued.map((ticket) => ticket.code));
    expect(payloads[0]).toMatchObject({ ticketId: booking!.ticketCode, bookingId: booking!.id, eventTitle: "Northern Lights Gig", ticketQuantity: 1 });
    // Each decoded QR is accepted by the organiser's scanner as its own ticket: its signature is the server's.
    for (const payload of payloads) {
      const checked = (await organiser.client.post("/api/functions/check-ticket", { ticketId: payload.ticketId, qr: JSON.stringify(payload), checkIn: false })).json();
      expect(checked).toMatchObject({ valid: true, ticketId: payload.ticketId });
    }

    const ics = mail.attachments.find((attachment) => attachment.filename?.endsWith(".ics"))!;
    expect(ics.mimeType).toBe("text/calendar");
    const calendar = ical.sync.parseICS(Buffer.from(ics.content, "base64").toString());
    const entry = Object.values(calendar).find((component) => component?.type === "VEVENT") as VEvent;
    expect(entry.summary).toBe("Northern Lights Gig");
    expect(entry.location).toContain("Leeds");
    expect(new Date(entry.start).toISOString()).toBe(FUTURE.toISOString());
    expect(new Date(entry.end!).toISOString()).toBe(new Date(FUTURE.getTime() + 3 * 3600_000).toISOString());
    expect(entry.description).toContain(booking!.ticketCode);

    // The success page reports the delivery.
    const status = await waitFor(async () => {
      const verified = (await client.post("/api/functions/verify-payment", { sessionId })).json();
      return verified.booking.ticket_email.status === "queued" ? undefined : verified.booking.ticket_email;
    });
    expect(status).toMatchObject({ status: "sent", provider: "smtp", error: null });
  });

  it("names the venue with the location in the e-mail, its calendar LOCATION, the success page and My Tickets (issue 17)", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const created = await organiser.client.post("/api/events", eventInput({ title: "Deaf Institute Session", venue: "The Deaf Institute", location: "Manchester" }));
    expect(created.statusCode).toBe(201);
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const { sessionId } = (await client.post("/api/functions/create-payment", { eventId: created.json().id, ticketQuantity: 1, attendeeName: "Ada Lovelace" })).json();
    await client.post(`/api/checkout/test/${sessionId}/pay`);
    const mail: ReceivedMail = await waitFor(() => mailTo(account.email).find((message) => message.subject === "Your ticket: Deaf Institute Session"));

    expect(mail.text).toContain("Where: The Deaf Institute, Manchester");
    expect(mail.html).toContain("The Deaf Institute, Manchester");
    const ics = mail.attachments.find((attachment) => attachment.filename?.endsWith(".ics"))!;
    const calendar = ical.sync.parseICS(Buffer.from(ics.content, "base64").toString());
    const entry = Object.values(calendar).find((component) => component?.type === "VEVENT") as VEvent;
    expect(entry.location).toBe("The Deaf Institute, Manchester");

    const verified = (await client.post("/api/functions/verify-payment", { sessionId })).json();
    expect(verified.booking.events).toMatchObject({ venue: "The Deaf Institute", location: "Manchester" });
    const mine = (await client.get("/api/me/tickets")).json();
    expect(mine.tickets[0].event).toMatchObject({ venue: "The Deaf Institute", location: "Manchester" });
  });
});

describe("one ticket per attendee in the ticket e-mails (issue 36)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
  });
  afterAll(async () => t.close());

  it("sends the buyer one e-mail with every ticket's own QR, and an attendee with their own address only their ticket, once", async () => {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const title = `Three Friends Gig ${Math.random().toString(36).slice(2, 8)}`;
    const event = await createEvent(t.db, { userId: organiser.account.id, title, pricePence: 1500, location: "Leeds", dateTime: FUTURE });
    const grace = `grace-${Math.random().toString(36).slice(2, 8)}@example.com`;
    const attendees = [{ name: "Ada Lovelace" }, { name: "Grace Hopper", email: grace }, { name: "Alan Turing", email: account.email.toUpperCase() }];
    const created = await client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3, attendees });
    expect(created.statusCode).toBe(200);
    const { sessionId } = created.json();
    await client.post(`/api/checkout/test/${sessionId}/pay`);
    const mail = await waitFor(() => mailTo(account.email).find((message) => message.subject === `Your ticket: ${title}`));
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    const issued = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(tickets.position);
    expect(issued.map((ticket) => ticket.attendeeName)).toEqual(["Ada Lovelace", "Grace Hopper", "Alan Turing"]);

    // The buyer's: three QR codes, each its own ticket's, beside its attendee; the calendar file and receipt as before.
    const qrs = mail.attachments.filter((attachment) => attachment.mimeType === "image/png");
    const payloads = await Promise.all(qrs.map(async (qr) => JSON.parse(await decodeQr(qr.content)) as SignedTicketPayload));
    expect(new Set(payloads.map((payload) => payload.ticketId)).size).toBe(3);
    expect(payloads.map((payload) => [payload.ticketId, payload.attendeeName, payload.ticketQuantity])).toEqual(issued.map((ticket) => [ticket.code, ticket.attendeeName, 1]));
    for (const ticket of issued) expect(mail.text).toContain(`Ticket code: ${ticket.code}`);
    expect(mail.attachments.map((attachment) => attachment.mimeType).sort()).toEqual(["application/pdf", "image/png", "image/png", "image/png", "text/calendar"]);

    // Grace's own: only her ticket, no price and no receipt. Alan's address is the buyer's own: no second e-mail.
    const hers = await waitFor(() => mailTo(grace)[0]);
    expect(hers.subject).toBe(`Your ticket: ${title}`);
    const herQrs = hers.attachments.filter((attachment) => attachment.mimeType === "image/png");
    expect(herQrs).toHaveLength(1);
    expect(JSON.parse(await decodeQr(herQrs[0]!.content))).toMatchObject({ ticketId: issued[1]!.code, attendeeName: "Grace Hopper", ticketQuantity: 1 });
    expect(hers.text).toContain("Hi Grace Hopper, here is your ticket.");
    expect(hers.text).not.toContain("£");
    expect(hers.attachments.some((attachment) => attachment.mimeType === "application/pdf")).toBe(false);
    for (const other of [issued[0]!, issued[2]!]) expect(hers.text).not.toContain(other.code);

    // A retried buyer's job (a second confirmation's, or one run again) sends neither e-mail again.
    const jobsOf = async () =>
      ((await t.db.execute<{ state: string; ticket: string | null }>(sql`select state, data->>'ticketId' as ticket from pgboss.job where name = ${QUEUES.ticketEmail} and data->>'bookingId' = ${booking!.id}`)) as unknown as { rows: { state: string; ticket: string | null }[] }).rows;
    await waitFor(async () => ((await jobsOf()).every((job) => job.state === "completed") ? true : undefined));
    await t.app.jobs.boss.send(QUEUES.ticketEmail, { bookingId: booking!.id });
    await waitFor(async () => {
      const jobs = await jobsOf();
      return jobs.length === 3 && jobs.every((job) => job.state === "completed") ? jobs : undefined;
    });
    expect((await jobsOf()).map((job) => job.ticket).sort()).toEqual([issued[1]!.id, null, null].sort());
    expect(mailTo(account.email).filter((message) => message.subject === `Your ticket: ${title}`)).toHaveLength(1);
    expect(mailTo(grace)).toHaveLength(1);
  });
});

/** An organiser's seller details as their profile gives them (issue 34), a limited company unless told otherwise. */
async function sellAs(db: Db, userId: string, seller: Partial<typeof profiles.$inferInsert> = {}) {
  await db
    .update(profiles)
    .set({ businessName: "Northern Sounds Live Ltd", businessAddress: "1 Mill Lane\nLeeds\nLS1 4AB", sellerKind: "business", companyNumber: "01234567", vatTreatment: "not-registered", vatNumber: null, ...seller })
    .where(eq(profiles.userId, userId));
}

const pdfOf = (mail: ReceivedMail) => mail.attachments.filter((attachment) => attachment.mimeType === "application/pdf");

describe("the ticket e-mail as the durable confirmation (issue 34, D28)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ SMTP_URL: smtp.smtpUrl, COMPANY_NAME: "Eventora Trading Ltd" });
  });
  afterAll(async () => t.close());

  /** A paid order of `quantity` tickets for an 18+ gig, its e-mail as it arrived and its receipt as the buyer reads it. */
  async function paidTicket(quantity: number) {
    const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    // Old enough for the event's age limit.
    await t.db.update(profiles).set({ dateOfBirth: "1990-01-01" }).where(eq(profiles.userId, account.id));
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await sellAs(t.db, organiser.account.id);
    const title = `Warehouse Rave ${Math.random().toString(36).slice(2, 8)}`;
    const event = await createEvent(t.db, { userId: organiser.account.id, title, pricePence: 1500, venue: "Canal Mills", location: "Leeds", dateTime: new Date("2090-07-14T21:00:00Z"), minAge: 18 });
    const { sessionId } = (await client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: quantity })).json();
    expect((await client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const mail = await waitFor(() => mailTo(account.email).find((message) => message.subject === `Your ticket: ${title}`));
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    const receipt = (await client.get(`/api/receipts/${order!.id}`)).json<{ receiptNumber: string; totalPaidPence: number }>();
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    return { organiser, event, mail, order: order!, receipt, booking: booking!, account };
  }

  it("names the seller as recorded with their address and the agent, says what was bought and the total, and the terms, with their links", async () => {
    const { mail, order, receipt } = await paidTicket(2);
    expect(receipt.totalPaidPence).toBe(2 * (1500 + 230));
    for (const part of [mail.text, mail.html]) {
      expect(part).toContain("Northern Sounds Live Ltd, 1 Mill Lane, Leeds, LS1 4AB (company number 01234567)");
      expect(part).toContain("Sold by Northern Sounds Live Ltd, 1 Mill Lane, Leeds, LS1 4AB. Eventora Trading Ltd acts as their agent.");
      expect(part).toContain("Friday, 14 July 2090, 22:00 (UK time)");
      expect(part).toContain("Canal Mills, Leeds");
      expect(part).toContain("18+ event: bring photo ID");
      expect(part).toContain(NO_CANCELLATION_RIGHT_TEXT);
      expect(part).toContain(REFUND_TERMS_TEXT);
    }
    expect(mail.text).toContain("Tickets: 2 tickets at £15.00 + £2.30 booking & processing fee each");
    expect(mail.text).toContain(`Total paid: ${formatPounds(receipt.totalPaidPence)}`);
    expect(mail.links).toEqual(
      expect.arrayContaining([`${t.config.publicUrl}/booking-terms`, `${t.config.publicUrl}/refund-policy`, `${t.config.publicUrl}/receipts/${order.id}`]),
    );
    // The footer names the configured company, not the built-in one.
    expect(mail.text.trimEnd().split("\n").at(-1)).toBe(`Eventora Trading Ltd, ${t.config.company.address}`);
  });

  it("attaches the order's receipt as a PDF beside the QR code and the calendar file", async () => {
    const { mail, receipt } = await paidTicket(1);
    const [pdf] = pdfOf(mail);
    expect(pdfOf(mail)).toHaveLength(1);
    expect(pdf!.filename).toBe(`eventora-receipt-${receipt.receiptNumber}.pdf`);
    const text = await pdfText(Buffer.from(pdf!.content, "base64"));
    expect(text).toContain(receipt.receiptNumber);
    expect(text).toContain("Northern Sounds Live Ltd");
    expect(mail.attachments.map((attachment) => attachment.mimeType).sort()).toEqual(["application/pdf", "image/png", "text/calendar"]);
  });

  it("resends the same confirmation: the seller recorded at payment, not as the profile says since, and the same receipt", async () => {
    const { organiser, mail, receipt, booking, account } = await paidTicket(1);
    await sellAs(t.db, organiser.account.id, { businessName: "Renamed Promotions", businessAddress: "9 Other Road\nYork\nYO1 7HH" });
    const answer = await t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: booking.ticketCode } });
    expect(answer.json()).toMatchObject({ success: true });
    const again = await waitFor(() => mailTo(account.email).filter((message) => message.subject === mail.subject)[1]);
    const sections = (text: string) => text.slice(text.indexOf("Event:"), text.indexOf("Keep this e-mail"));
    expect(sections(again.text)).toBe(sections(mail.text));
    expect(again.text).not.toContain("Renamed Promotions");
    expect(await pdfText(Buffer.from(pdfOf(again)[0]!.content, "base64"))).toContain(receipt.receiptNumber);
  });

  it("names a free ticket's organiser from their profile, or by the name they show when they have no seller details", async () => {
    const withDetails = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await sellAs(t.db, withDetails.account.id, { businessName: "Leeds Community Choir", businessAddress: "3 Park Row\nLeeds LS1 5HD", sellerKind: "individual", companyNumber: null });
    const without = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await sellAs(t.db, without.account.id, { businessName: null, businessAddress: null, sellerKind: null, companyNumber: null, vatTreatment: null, displayName: "Sam Rivers" });
    for (const [organiser, named] of [
      [withDetails, "Sold by: Leeds Community Choir, 3 Park Row, Leeds LS1 5HD\n"],
      [without, "Sold by: Sam Rivers\n"],
    ] as const) {
      const event = await createEvent(t.db, { userId: organiser.account.id, title: `Open Rehearsal ${organiser.account.id}` });
      const email = `free-${organiser.account.id}@example.com`;
      const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, email });
      expect((await t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: booking.ticketCode } })).json()).toMatchObject({ success: true });
      const mail = await waitFor(() => mailTo(email)[0]);
      expect(mail.text).toContain(named);
      expect(mail.text).toContain("Total paid: Free");
      expect(mail.text).toContain(`acts as their agent`);
      expect(mail.text).not.toContain(REFUND_TERMS_TEXT);
      expect(pdfOf(mail)).toHaveLength(0);
      expect(mail.links).toContain(`${t.config.publicUrl}/booking-terms`);
    }
  });
});

describe("Resend and Brevo adapters, with SMTP as the fallback (ARCHITECTURE Providers)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  let booking: Awaited<ReturnType<typeof createBooking>>;
  beforeAll(async () => {
    t = await createTestApp(
      { SMTP_URL: smtp.smtpUrl, RESEND_API_KEY: "re_test_key", RESEND_API_URL: resendApi.url, BREVO_API_KEY: "xkeysib-test", BREVO_API_URL: brevoApi.url, EMAIL_FROM: "Eventora <tickets@eventora.test>" },
      { workers: false },
    );
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Provider Night", pricePence: 900 });
    booking = await createBooking(t.db, { eventId: event.id, quantity: 1, email: "buyer@example.com", name: "Bea Buyer" });
  });
  afterAll(async () => t.close());
  afterEach(() => {
    for (const api of [resendApi, brevoApi]) {
      api.failWith = null;
      api.requests.length = 0;
    }
  });

  const resend = (via?: "brevo" | "resend") =>
    t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: booking.ticketCode, provider: via }, headers: { "x-forwarded-for": `198.51.100.${Math.floor(Math.random() * 200)}` } });

  it("sends through Resend's API: bearer key, sender, recipient, the QR inline by content_id and the .ics", async () => {
    const answer = (await resend("resend")).json();
    expect(answer).toMatchObject({ success: true, provider: "resend" });
    const [request] = resendApi.requests;
    expect(request!.path).toBe("/emails");
    expect(request!.headers.authorization).toBe("Bearer re_test_key");
    const body = jsonOf(request!);
    expect(body).toMatchObject({ from: "Eventora <tickets@eventora.test>", to: ["buyer@example.com"], subject: "Your ticket: Provider Night" });
    expect(body.html).toContain("cid:ticket-qr-1");
    const attachments = body.attachments as { filename: string; content_id?: string; content: string }[];
    expect(attachments.find((attachment) => attachment.content_id === "ticket-qr-1")!.filename).toBe(`${booking.ticketCode}.png`);
    expect(attachments.some((attachment) => attachment.filename === `${booking.ticketCode}.ics`)).toBe(true);
    expect(JSON.parse(await decodeQr(attachments[0]!.content))).toMatchObject({ ticketId: booking.ticketCode });
  });

  it("sends through Brevo's API by default: api-key header, the QR shown from a signed URL that only opens this ticket", async () => {
    const answer = (await resend()).json();
    expect(answer).toMatchObject({ success: true, provider: "brevo" });
    const [request] = brevoApi.requests;
    expect(request!.path).toBe("/v3/smtp/email");
    expect(request!.headers["api-key"]).toBe("xkeysib-test");
    const body = jsonOf(request!);
    expect(body).toMatchObject({ sender: { name: "Eventora", email: "tickets@eventora.test" }, to: [{ email: "buyer@example.com" }], subject: "Your ticket: Provider Night" });
    const html = body.htmlContent as string;
    expect(html).not.toContain("cid:");
    const imageUrl = new URL(/src="([^"]*qr\.png[^"]*)"/.exec(html)![1]!.replaceAll("&amp;", "&"));
    const image = await t.app.inject({ method: "GET", url: imageUrl.pathname + imageUrl.search });
    expect(image.statusCode).toBe(200);
    expect(image.headers["content-type"]).toBe("image/png");
    expect(JSON.parse(await decodeQr(image.rawPayload.toString("base64")))).toMatchObject({ ticketId: booking.ticketCode });
    const forged = new URL(imageUrl);
    const sig = forged.searchParams.get("sig")!;
    // Change the first character for certain (a signature may already start with 'A').
    forged.searchParams.set("sig", `${sig.startsWith("A") ? "B" : "A"}${sig.slice(1)}`);
    expect((await t.app.inject({ method: "GET", url: forged.pathname + forged.search })).statusCode).toBe(404);
    expect((body.attachment as { name: string }[]).map((attachment) => attachment.name)).toEqual([`${booking.ticketCode}.png`, `${booking.ticketCode}.ics`]);
  });

  it("carries a paid ticket's receipt PDF through Resend's and Brevo's APIs, as each takes a file (issue 34)", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Paid Provider Night", pricePence: 1500 });
    const paid = await createBooking(t.db, { eventId: event.id, quantity: 1, email: "payer@example.com", totalAmountPence: 1500 + 230 });
    const [line] = await t.db.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.id, paid.orderLineId!));
    const { receiptNumber } = (await receiptForTicketEmail({ db: t.db, orderId: line!.orderId }))!;
    const send = (via: "brevo" | "resend") => t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: paid.ticketCode, provider: via }, headers: { "x-forwarded-for": "198.51.100.250" } });

    expect((await send("resend")).json()).toMatchObject({ success: true, provider: "resend" });
    const resendAttachments = jsonOf(resendApi.requests[0]!).attachments as { filename: string; content_type: string; content: string }[];
    const pdf = resendAttachments.find((attachment) => attachment.content_type === "application/pdf")!;
    expect(pdf.filename).toMatch(/^eventora-receipt-.+\.pdf$/);
    expect(await pdfText(Buffer.from(pdf.content, "base64"))).toContain(receiptNumber);

    expect((await send("brevo")).json()).toMatchObject({ success: true, provider: "brevo" });
    const brevoAttachments = jsonOf(brevoApi.requests[0]!).attachment as { name: string; content: string }[];
    expect(brevoAttachments.map((attachment) => attachment.name)).toEqual([`${paid.ticketCode}.png`, `${paid.ticketCode}.ics`, pdf.filename]);
    expect(await pdfText(Buffer.from(brevoAttachments[2]!.content, "base64"))).toContain(receiptNumber);
  });

  it("falls back to SMTP when the provider answers 500", async () => {
    brevoApi.failWith = 500;
    const before = mailTo("buyer@example.com").length;
    const answer = (await resend("brevo")).json();
    expect(answer).toMatchObject({ success: true, provider: "smtp", recipient: "b***@example.com" });
    expect(brevoApi.requests).toHaveLength(1);
    await waitFor(() => (mailTo("buyer@example.com").length > before ? true : undefined));
  });
});

describe("a resend that fails (issue 17: no provider's name in front of a user)", () => {
  let t: Awaited<ReturnType<typeof createTestApp>>;
  beforeAll(async () => {
    t = await createTestApp({ BREVO_API_KEY: "xkeysib-test", BREVO_API_URL: brevoApi.url, EMAIL_FROM: "Eventora <tickets@eventora.test>" }, { workers: false });
  });
  afterAll(async () => {
    brevoApi.failWith = null;
    await t.close();
  });

  it("answers in plain words, naming neither the provider nor its reply", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: "Quiet Failure" });
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, email: "buyer@example.com" });
    brevoApi.failWith = 500;
    const answer = (await t.app.inject({ method: "POST", url: "/api/functions/send-ticket-email", payload: { bookingId: booking.ticketCode } })).json();
    expect(answer).toMatchObject({ success: false, error: "The email could not be sent. Please try again, or try another way." });
  });
});

describe("a ticket e-mail job interrupted mid-send (ARCHITECTURE Ticket delivery)", () => {
  it("is delivered once by another node after the worker process is killed holding it", async () => {
    // Node A confirms the order; a worker process takes the job and is SIGKILLed during the send.
    const t = await createTestApp({ SMTP_URL: smtp.smtpUrl }, { workers: false });
    const worker = spawn(process.execPath, ["--import", "tsx", "test/hanging-ticket-worker.ts", t.database.url], { stdio: ["ignore", "pipe", "inherit"] });
    let output = "";
    worker.stdout.on("data", (chunk: Buffer) => (output += chunk.toString()));
    try {
      await waitFor(() => (output.includes("ready") ? true : undefined), 20_000);
      const { client, account } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
      const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
      const event = await createEvent(t.db, { userId: organiser.account.id, title: "Crash Test Cabaret", pricePence: 1000 });
      const { sessionId } = (await client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
      await client.post(`/api/checkout/test/${sessionId}/pay`);
      await waitFor(() => (output.includes("claimed") ? true : undefined));
      worker.kill("SIGKILL");
      await new Promise((resolve) => worker.once("exit", resolve));
      const state = await t.db.execute<{ state: string }>(sql`select state from pgboss.job where name = ${QUEUES.ticketEmail} order by created_on desc limit 1`);
      expect((state as unknown as { rows: { state: string }[] }).rows[0]!.state).toBe("active");
      expect(mailTo(account.email)).toHaveLength(0);

      // Node B starts on the same database and picks the lost job up once it expires.
      const nodeB = await buildApp({ config: t.config, database: t.database, web: "none", jobTimings: TEST_JOB_TIMINGS });
      try {
        const mail = await waitFor(() => mailTo(account.email).find((message) => message.subject === "Your ticket: Crash Test Cabaret"), 25_000);
        expect(mail.attachments.some((attachment) => attachment.contentId === "ticket-qr-1")).toBe(true);
        // The delivery is recorded just after the SMTP server accepts the message.
        await waitFor(async () => {
          const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
          return booking!.ticketEmailSentAt ?? undefined;
        });
        // The job that could send again has completed (a completed job never runs again), and it is the only one.
        const jobs = await waitFor(async () => {
          const found = (await t.db.execute<{ state: string }>(sql`select state from pgboss.job where name = ${QUEUES.ticketEmail} and data->>'bookingId' in (select id::text from bookings where stripe_session_id = ${sessionId})`)) as unknown as { rows: { state: string }[] };
          return found.rows.length && found.rows.every((job) => job.state === "completed") ? found.rows : undefined;
        });
        expect(jobs).toHaveLength(1);
        expect(mailTo(account.email).filter((message) => message.subject === "Your ticket: Crash Test Cabaret")).toHaveLength(1);
      } finally {
        await nodeB.close();
      }
    } finally {
      worker.kill("SIGKILL");
      await t.close();
    }
  });
});
