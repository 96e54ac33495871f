import { describe, expect, it } from "vitest";
import type { SignedTicketPayload, TicketQrPayload } from "@domain";
import { ticketQrDataUrl, ticketQrText } from "./ticket-qr";

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

describe("ticket QR (spec §3 QR payload, §9 Display)", () => {
  it("encodes exactly the JSON of the signed payload, signature included", () => {
    expect(ticketQrText(payload)).toBe(JSON.stringify(payload));
  });

  it("draws a 200 px SVG", async () => {
    const url = await ticketQrDataUrl(ticketQrText(payload));
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(",") + 1));
    expect(svg).toMatch(/^<svg[^>]*width="200"[^>]*height="200"/);
  });
});

// The dashboard's ticket viewer draws the same code (its test came with it).
describe("ticket QR", () => {
  const payload: TicketQrPayload = {
    ticketId: "TCKT-2026-1A2B3C4D",
    bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
    eventTitle: "Jazz Night",
    attendeeName: "Ada Lovelace",
    eventDate: "2026-12-06T19:30:00Z",
    ticketQuantity: 2,
  };

  it("encodes the payload as JSON", () => {
    expect(JSON.parse(ticketQrText(payload))).toEqual(payload);
  });

  it("draws a 200 px SVG (spec §9 Display)", async () => {
    const url = await ticketQrDataUrl(ticketQrText(payload));
    expect(url.startsWith("data:image/svg+xml;charset=utf-8,")).toBe(true);
    const svg = decodeURIComponent(url.slice(url.indexOf(",") + 1));
    expect(svg).toMatch(/^<svg[^>]*width="200"[^>]*height="200"/);
  });
});
