import { describe, expect, it } from "vitest";
import type { Attendee } from "@domain";
import { attendeeRow, attendeeSummary } from "./attendee-rows";

const attendee = (overrides: Partial<Attendee> = {}): Attendee => ({
  bookingId: "b1",
  name: "Ada Lovelace",
  email: "ada@example.co.uk",
  status: "confirmed",
  tickets: 2,
  amountPence: 2460,
  refundedTickets: 0,
  refundState: "none",
  refundedPence: 0,
  unitPricePence: 1000,
  feePerTicketPence: 230,
  bookedAt: "2026-07-04T18:30:00Z",
  ticketCode: "TCKT-2026-1A2B3C4D",
  qrCode: "b1",
  checkedInAt: null,
  ...overrides,
});

describe("attendeeRow", () => {
  it("shows pounds and UK time, and Pending before check-in", () => {
    expect(attendeeRow(attendee())).toMatchObject({
      bookingId: "b1",
      name: "Ada Lovelace",
      email: "ada@example.co.uk",
      tickets: 2,
      amount: "£24.60",
      bookedAt: "Sat, 4 Jul 2026, 19:30",
      ticketCode: "TCKT-2026-1A2B3C4D",
      status: "Pending",
      checkedInAt: null,
    });
  });

  it("shows Checked In with the time of check-in", () => {
    const row = attendeeRow(attendee({ checkedInAt: "2026-12-06T19:05:00Z" }));
    expect(row.status).toBe("Checked In");
    expect(row.checkedInAt).toBe("Sun, 6 Dec 2026, 19:05");
  });

  it("shows a partly refunded booking as still active, and a fully refunded or disputed one as not (issue 19)", () => {
    expect(attendeeRow(attendee({ tickets: 1, refundedTickets: 1, refundState: "partly-refunded", refundedPence: 1230 }))).toMatchObject({
      stateLabel: "Partly refunded",
      refundedTickets: 1,
      refunded: "£12.30",
      active: true,
    });
    expect(attendeeRow(attendee({ status: "refunded", tickets: 0, refundedTickets: 2, refundState: "refunded", refundedPence: 2460 }))).toMatchObject({ stateLabel: "Refunded", active: false });
    expect(attendeeRow(attendee({ status: "disputed" }))).toMatchObject({ stateLabel: "Disputed", active: false });
  });

  it("counts only valid tickets and nets refunds out of the revenue", () => {
    const summary = attendeeSummary([
      attendee({ bookingId: "a", tickets: 1, refundedTickets: 1, refundState: "partly-refunded", refundedPence: 1230 }),
      attendee({ bookingId: "b", status: "refunded", tickets: 0, refundedTickets: 2, refundState: "refunded", refundedPence: 2460 }),
    ]);
    expect(summary).toMatchObject({ bookings: 1, tickets: 1, paidByBuyersPence: 2460 - 1230 });
  });
});

describe("attendeeSummary", () => {
  it("counts bookings, tickets, check-ins and revenue", () => {
    const summary = attendeeSummary([attendee(), attendee({ bookingId: "b2", tickets: 1, amountPence: 1230, checkedInAt: "2026-12-06T19:05:00Z" })]);
    expect(summary).toEqual({ bookings: 2, tickets: 3, checkedInBookings: 1, checkedInTickets: 1, paidByBuyersPence: 3690 });
  });
});
