import { describe, expect, it } from "vitest";
import { ONGOING_BUSINESS_DATE } from "../../../domain";
import { ticketEmailMessage, type TicketEmailData } from "./ticket-email";

const data = (event: Partial<TicketEmailData["event"]>): TicketEmailData => ({
  to: "ada@example.com",
  attendeeName: "Ada Lovelace",
  ticketCode: "TCKT-2090-ABCDEF",
  ticketQuantity: 1,
  totalAmountPence: 1480,
  event: { id: "e1", title: "Corner Café Supper Club", dateTime: new Date("2026-12-05T19:30:00Z"), endTime: null, location: "Leeds", venue: "Corner Café", ...event },
  qrPayload: { ticketId: "TCKT-2090-ABCDEF", bookingId: "b1", eventTitle: "Corner Café Supper Club", attendeeName: "Ada Lovelace", eventDate: "2026-12-05T19:30:00Z", ticketQuantity: 1, kid: "k1", sig: "sig" },
  publicUrl: "http://localhost:3000",
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
