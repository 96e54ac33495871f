import { describe, expect, it } from "vitest";
import { NO_CANCELLATION_RIGHT_TEXT, ONGOING_BUSINESS_DATE, REFUND_TERMS_TEXT, SendTestEmailInput, type SignedTicketPayload } from "../../../domain";
import { decodeQrPng } from "../../../../test/qr";
import { sampleTestEmail } from "./send-test-email.service";
import { ticketEmailMessage, type EmailedTicket, type TicketEmailData } from "./ticket-email";

const ticket = (code: string, attendeeName: string, typeName = "Standard"): EmailedTicket => ({
  code,
  attendeeName,
  typeName,
  qrPayload: { ticketId: code, bookingId: "b1", eventTitle: "Corner Café Supper Club", attendeeName, eventDate: "2026-12-05T19:30:00Z", ticketQuantity: 1, kid: "k1", sig: "sig" },
});

const data = (event: Partial<TicketEmailData["event"]>, overrides: Partial<TicketEmailData> = {}): TicketEmailData => ({
  to: "ada@example.com",
  attendeeName: "Ada Lovelace",
  ticketCode: "TCKT-2090-ABCDEF",
  ticketQuantity: 1,
  tickets: [ticket("TCKT-2090-ABCDEF", "Ada Lovelace")],
  bought: { quantity: 1, unitPricePence: 1250, feePerTicketPence: 230, totalPaidPence: 1480 },
  event: { id: "e1", title: "Corner Café Supper Club", dateTime: new Date("2026-12-05T19:30:00Z"), endTime: null, location: "Leeds", venue: "Corner Café", ...event },
  seller: { name: "Corner Café Ltd", address: "12 Call Lane\nLeeds LS1 6DT", companyNumber: "01234567" },
  company: { name: "Eventora Ltd", address: "71-75 Shelton Street, Covent Garden, London WC2H 9JQ" },
  publicUrl: "http://localhost:3000",
  orderId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  ...overrides,
});

describe("the ticket e-mail (issue 17)", () => {
  it("says where as 'venue, location' in the body and the calendar entry's LOCATION", async () => {
    const message = await ticketEmailMessage(data({}));
    expect(message.text).toContain("Where: Corner Café, Leeds");
    const ics = message.attachments!.find((attachment) => attachment.filename.endsWith(".ics"))!;
    expect(ics.content.toString()).toMatch(/^LOCATION:Corner Café\\, Leeds\r?$/m);
  });

  it("never shows an ongoing business's placeholder date, in the body or as a calendar entry", async () => {
    const message = await ticketEmailMessage(data({ dateTime: ONGOING_BUSINESS_DATE }));
    expect(`${message.subject}\n${message.text}\n${message.html}`).not.toMatch(/2030|31 Dec/);
    expect(message.attachments!.some((attachment) => attachment.filename.endsWith(".ics"))).toBe(false);
  });
});

describe("the ticket e-mail as the durable confirmation (issue 34, D28)", () => {
  it("states in text and HTML what was bought, the UK date and time, the total, and who sells it with the platform as agent", async () => {
    const message = await ticketEmailMessage(data({}, { ticketQuantity: 2, bought: { quantity: 2, unitPricePence: 1250, feePerTicketPence: 230, totalPaidPence: 2960 } }));
    for (const part of [message.text, message.html]) {
      // 19:30 UTC on 5 December is 19:30 in London (GMT); the summer case is format.ts's own test.
      expect(part).toContain("Saturday, 5 December 2026, 19:30 (UK time)");
      expect(part).toContain("£29.60");
      expect(part).toContain("Corner Café Ltd, 12 Call Lane, Leeds LS1 6DT (company number 01234567)");
      expect(part).toContain("Eventora Ltd acts as their agent");
    }
    expect(message.text).toContain("Total paid: £29.60");
    expect(message.text).toContain("Tickets: 2 tickets at £12.50 + £2.30 booking & processing fee each");
    expect(message.html).toContain("2 tickets at £12.50 + £2.30 booking &amp; processing fee each");
  });

  it("gives the no-14-day-cancellation sentence, the refund terms and absolute links to the terms and the receipt", async () => {
    const message = await ticketEmailMessage(data({}));
    expect(message.text).toContain(NO_CANCELLATION_RIGHT_TEXT);
    expect(message.text).toContain(REFUND_TERMS_TEXT);
    expect(message.text).toContain("Booking Terms & Conditions: http://localhost:3000/booking-terms");
    expect(message.text).toContain("Refund Policy: http://localhost:3000/refund-policy");
    expect(message.text).toContain("View your receipt: http://localhost:3000/receipts/0f8fad5b-d9cb-469f-a165-70867728950e");
    expect(message.html).toContain('href="http://localhost:3000/booking-terms"');
    expect(message.html).toContain("Consumer Contracts Regulations 2013");
  });

  it("attaches the receipt PDF beside the QR code and the calendar file", async () => {
    const pdf = Buffer.from("%PDF-1.7 receipt");
    const message = await ticketEmailMessage(data({}, { receipt: { filename: "eventora-receipt-R-000001.pdf", pdf } }));
    expect(message.attachments!.map((attachment) => [attachment.filename, attachment.contentType])).toEqual([
      ["TCKT-2090-ABCDEF.png", "image/png"],
      ["TCKT-2090-ABCDEF.ics", "text/calendar; charset=utf-8; method=PUBLISH"],
      ["eventora-receipt-R-000001.pdf", "application/pdf"],
    ]);
    expect(message.attachments![2]!.content).toBe(pdf);
    expect(message.text).toContain("Your receipt is attached as a PDF.");
  });

  it("says an age-limited event's limit, and nothing of ages otherwise", async () => {
    expect((await ticketEmailMessage(data({ minAge: 18 }))).text).toContain("Age limit: 18+ event: bring photo ID");
    expect((await ticketEmailMessage(data({ minAge: null }))).text).not.toContain("photo ID");
  });

  it("names a company number only when there is one, and a free ticket's organiser without money or refund terms", async () => {
    const message = await ticketEmailMessage(
      data({}, { seller: { name: "Sam Rivers", address: null, companyNumber: null }, bought: { quantity: 1, unitPricePence: 0, feePerTicketPence: 0, totalPaidPence: 0 }, orderId: null }),
    );
    expect(message.text).toContain("Sold by: Sam Rivers\n");
    expect(message.text).toContain("Tickets: 1 free ticket");
    expect(message.text).toContain("Total paid: Free");
    expect(message.text).toContain("Sold by Sam Rivers. Eventora Ltd acts as their agent. The organiser runs the event; Eventora Ltd delivers your tickets on their behalf.");
    expect(message.text).not.toContain("company number");
    expect(message.text).not.toContain(REFUND_TERMS_TEXT);
    expect(message.text).not.toContain("receipt");
    expect(message.text).toContain("Booking Terms & Conditions: http://localhost:3000/booking-terms");
  });

  it("signs off with the configured company in the footer", async () => {
    const message = await ticketEmailMessage(data({}, { company: { name: "Eventora Trading Ltd", address: "1 New Street, Leeds LS1 1AA" } }));
    expect(message.text.trimEnd().split("\n").at(-1)).toBe("Eventora Trading Ltd, 1 New Street, Leeds LS1 1AA");
    expect(message.html).toContain("Eventora Trading Ltd acts as their agent");
  });
});

describe("the ticket e-mail carries one QR per ticket (issue 36)", () => {
  const three = [ticket("TCKT-2090-AAAA0001", "Ada Lovelace"), ticket("TCKT-2090-AAAA0002", "Grace Hopper", "VIP"), ticket("TCKT-2090-AAAA0003", "Alan Turing")];

  it("shows each ticket's attendee, type and code beside its own QR, each QR naming only its ticket", async () => {
    const message = await ticketEmailMessage(data({}, { ticketQuantity: 3, tickets: three, bought: { quantity: 3, unitPricePence: 1250, feePerTicketPence: 230, totalPaidPence: 4440 } }));
    const images = message.attachments!.filter((attachment) => attachment.contentType === "image/png");
    expect(images.map((image) => image.filename)).toEqual(three.map((one) => `${one.code}.png`));
    expect(new Set(images.map((image) => image.cid)).size).toBe(3);
    for (const [index, image] of images.entries()) {
      expect(message.html).toContain(`src="cid:${image.cid}"`);
      const decoded = JSON.parse(await decodeQrPng(image.content)) as SignedTicketPayload;
      expect(decoded).toMatchObject({ ticketId: three[index]!.code, attendeeName: three[index]!.attendeeName, ticketQuantity: 1 });
    }
    expect(message.text).toContain("Ticket 2 of 3: Grace Hopper\nType: VIP\nTicket code: TCKT-2090-AAAA0002");
    expect(message.text).toContain("here are your 3 tickets");
    // The calendar file stays one entry for the booking.
    expect(message.attachments!.filter((attachment) => attachment.filename.endsWith(".ics")).map((attachment) => attachment.filename)).toEqual(["TCKT-2090-ABCDEF.ics"]);
  });

  it("gives an attendee's own e-mail only their ticket: no price, no receipt", async () => {
    const message = await ticketEmailMessage(
      data({}, { to: "grace@example.com", attendeeName: "Grace Hopper", ticketCode: three[1]!.code, tickets: [three[1]!], bought: null, receipt: { filename: "eventora-receipt-R-000001.pdf", pdf: Buffer.from("%PDF") } }),
    );
    expect(message.text).toContain("Hi Grace Hopper, here is your ticket.");
    expect(message.text).toContain("Ticket code: TCKT-2090-AAAA0002");
    expect(message.text).not.toContain("£");
    expect(message.text).not.toContain("Total paid");
    expect(message.text).not.toMatch(/receipt/i);
    expect(message.attachments!.map((attachment) => attachment.contentType)).toEqual(["image/png", "text/calendar; charset=utf-8; method=PUBLISH"]);
  });
});

describe("the Manual Email Sender's sample (issue 34)", () => {
  it("is the ticket e-mail's layout with sample data, its QR code inside, within the tool's input rules", async () => {
    const sample = await sampleTestEmail({ publicUrl: "http://localhost:3000", company: { name: "Eventora Ltd", number: "14820377", address: "71-75 Shelton Street, London WC2H 9JQ", vatNumber: null } });
    expect(sample.subject).toBe("Sample: Your ticket: Sample Night at the Warehouse");
    expect(sample.html).toContain("Sold by Northern Sounds Live Ltd, 1 Mill Lane, Leeds, LS1 4AB. Eventora Ltd acts as their agent.");
    expect(sample.html).toContain("18+ event: bring photo ID");
    expect(sample.html).toContain("Consumer Contracts Regulations 2013");
    expect(sample.html).not.toContain("cid:");
    expect(sample.html).toContain('src="data:image/png;base64,');
    expect(SendTestEmailInput.safeParse({ toEmail: "ada@example.com", subject: sample.subject, htmlContent: sample.html }).success).toBe(true);
  });
});
