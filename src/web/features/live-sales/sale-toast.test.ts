import { describe, expect, it } from "vitest";
import type { LiveSale } from "@domain";
import { parseSale, saleToast } from "./sale-toast";

const sale: LiveSale = {
  bookingId: "b1",
  eventId: "e1",
  eventTitle: "Jazz Night",
  attendeeName: "Ada Lovelace",
  ticketQuantity: 2,
  totalAmountPence: 3460,
  createdAt: "2026-12-06T19:30:00Z",
  change: "new",
  checkIns: { admitted: 0, expected: 2 },
  door: { eventId: "e1", lists: [], types: [] },
};

describe("saleToast", () => {
  it("announces a new sale with the buyer, tickets, event and amount in pounds", () => {
    expect(saleToast(sale)).toEqual({ title: "New ticket sale!", description: "Ada Lovelace bought 2 tickets for Jazz Night — £34.60" });
    expect(saleToast({ ...sale, ticketQuantity: 1 })?.description).toBe("Ada Lovelace bought 1 ticket for Jazz Night — £34.60");
  });

  it("stays quiet for an update of a known sale", () => {
    expect(saleToast({ ...sale, change: "updated" })).toBeNull();
  });
});

describe("parseSale", () => {
  it("reads a sale message", () => {
    expect(parseSale(JSON.stringify(sale))).toEqual(sale);
  });

  it("ignores anything else", () => {
    expect(parseSale("not json")).toBeNull();
    expect(parseSale(JSON.stringify({ ...sale, totalAmountPence: "34.60" }))).toBeNull();
    expect(parseSale("null")).toBeNull();
  });
});
