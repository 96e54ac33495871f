import { describe, expect, it } from "vitest";
import type { SignedTicketPayload } from "@domain";
import { decodeQrDataUrl } from "../../../../test/qr";
import { TICKET_QR_DISPLAY_SIZE } from "./ticket-qr";
import { ticketQrImage } from "./ticket-qr.server";

const payload: SignedTicketPayload = {
  ticketId: "TCKT-2026-1A2B3C4D",
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  eventTitle: "Jazz Night at the Roundhouse",
  attendeeName: "Ada Lovelace",
  eventDate: "2026-12-06T19:30:00.000Z",
  ticketQuantity: 2,
  kid: "k2026a",
  sig: "m0VQ3x1b2YJm8Jk0b0b3t5vQxjv3oQb6Gf0mJ9i1Vn5bJ7gQ2Wc8uQm4yH1rT6sLkZ3pN0aE9dF2gH5jK8lM7nA",
};

describe("ticket QR drawn on the server (spec §3 QR payload, §9 Display)", () => {
  it("scans to the signed payload at the size the page shows it, and on paper", async () => {
    const image = (await ticketQrImage(payload))!;
    expect(await decodeQrDataUrl(image, TICKET_QR_DISPLAY_SIZE)).toBe(JSON.stringify(payload));
    expect(await decodeQrDataUrl(image, 224)).toBe(JSON.stringify(payload));
  });

  it("is a small two-colour PNG, a pixel a module with a margin of 2", async () => {
    const image = (await ticketQrImage(payload))!;
    const png = Buffer.from(image.slice(image.indexOf(",") + 1), "base64");
    expect(png.length).toBeLessThan(1200);
    // 69 modules (version 13 at level M) and 2 each side.
    expect(png.readUInt32BE(16)).toBe(73);
  });

  it("answers null for a payload no QR code can hold, so the page says it could not be drawn", async () => {
    expect(await ticketQrImage({ ...payload, eventTitle: "x".repeat(5000) })).toBeNull();
  });
});
