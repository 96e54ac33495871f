import { describe, expect, it } from "vitest";
import type { TicketQrPayload } from "@domain";
import { ticketQrDataUrl, ticketQrText } from "./ticket-qr";

const payload: TicketQrPayload = {
  ticketId: "TCKT-2026-1A2B3C4D",
  bookingId: "0f8fad5b-d9cb-469f-a165-70867728950e",
  eventTitle: "Jazz Night",
  attendeeName: "Ada Lovelace",
  eventDate: "2026-12-06T19:30:00Z",
  ticketQuantity: 2,
};

describe("ticket QR", () => {
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
