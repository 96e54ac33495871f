import { describe, expect, it } from "vitest";
import type { Attendee } from "@domain";
import { attendeeRow, attendeeRows, attendeeSummary } from "./attendee-rows";

/** One ticket of a booking of two (issue 36: the list is a row per ticket). */
const attendee = (overrides: Partial<Attendee> = {}): Attendee => ({
  ticketId: "k1",
  ticketCode: "TCKT-2026-1A2B3C4D",
  name: "Ada Lovelace",
  email: "ada@example.co.uk",
  typeName: "Standard",
  ticketStatus: "valid",
  answers: [],
  checkedInAt: null,
  bookingId: "b1",
  buyerName: "Ada Lovelace",
  buyerEmail: "ada@example.co.uk",
  status: "confirmed",
  tickets: 2,
  amountPence: 2460,
  refundedTickets: 0,
  refundState: "none",
  refundedPence: 0,
  unitPricePence: 1000,
  feePerTicketPence: 230,
  bookedAt: "2026-07-04T18:30:00Z",
  bookingCode: "TCKT-2026-1A2B3C4D",
  qrCode: "b1",
  bookingCheckedInAt: null,
  ...overrides,
});

describe("attendeeRow", () => {
  it("shows the ticket's attendee and type, its booking in pounds and UK time, and Pending before check-in", () => {
    expect(attendeeRow(attendee({ ticketId: "k2", ticketCode: "TCKT-2026-5E6F7A8B", name: "Grace Hopper", email: "grace@example.com", typeName: "VIP" }))).toMatchObject({
      ticketId: "k2",
      ticketCode: "TCKT-2026-5E6F7A8B",
      name: "Grace Hopper",
      email: "grace@example.com",
      typeName: "VIP",
      bookingId: "b1",
      buyerName: "Ada Lovelace",
      tickets: 2,
      amount: "£24.60",
      bookedAt: "Sat, 4 Jul 2026, 19:30",
      status: "Pending",
      checkedInAt: null,
      canCheckIn: true,
    });
  });

  it("shows Checked In with the time of this ticket's check-in", () => {
    const row = attendeeRow(attendee({ checkedInAt: "2026-12-06T19:05:00Z" }));
    expect(row.status).toBe("Checked In");
    expect(row.checkedInAt).toBe("Sun, 6 Dec 2026, 19:05");
  });

  it("shows a refunded ticket of a partly refunded booking as Refunded, not to be checked in, and its booking still refundable (issue 19)", () => {
    const partly = { tickets: 1, refundedTickets: 1, refundState: "partly-refunded", refundedPence: 1230 } as const;
    expect(attendeeRow(attendee({ ...partly, ticketStatus: "refunded" }))).toMatchObject({ status: "Refunded", canCheckIn: false, stateLabel: "Partly refunded", refunded: "£12.30", active: true });
    expect(attendeeRow(attendee(partly))).toMatchObject({ status: "Pending", canCheckIn: true });
    expect(attendeeRow(attendee({ status: "refunded", tickets: 0, refundedTickets: 2, refundState: "refunded", refundedPence: 2460, ticketStatus: "refunded" }))).toMatchObject({ stateLabel: "Refunded", active: false });
    expect(attendeeRow(attendee({ status: "disputed" }))).toMatchObject({ stateLabel: "Disputed", active: false, canCheckIn: false });
  });
});

describe("attendeeRows", () => {
  it("marks each booking's first ticket, which carries the booking's refund", () => {
    const rows = attendeeRows([attendee(), attendee({ ticketId: "k2" }), attendee({ ticketId: "k3", bookingId: "b2" })]);
    expect(rows.map((row) => row.firstOfBooking)).toEqual([true, false, true]);
  });
});

describe("attendeeSummary", () => {
  it("counts bookings, valid tickets and tickets checked in, and each booking's money once", () => {
    const summary = attendeeSummary([
      attendee(),
      attendee({ ticketId: "k2", checkedInAt: "2026-12-06T19:05:00Z" }),
      attendee({ ticketId: "k3", bookingId: "b2", tickets: 1, amountPence: 1230, checkedInAt: "2026-12-06T19:05:00Z" }),
    ]);
    expect(summary).toEqual({ bookings: 2, tickets: 3, checkedInTickets: 2, paidByBuyersPence: 3690 });
  });

  it("leaves refunded tickets out and nets refunds out of the revenue", () => {
    const partly = { tickets: 1, refundedTickets: 1, refundState: "partly-refunded", refundedPence: 1230 } as const;
    const summary = attendeeSummary([
      attendee({ ...partly }),
      attendee({ ...partly, ticketId: "k2", ticketStatus: "refunded" }),
      attendee({ ticketId: "k3", bookingId: "b2", status: "refunded", tickets: 0, refundedTickets: 2, refundState: "refunded", refundedPence: 2460, ticketStatus: "refunded" }),
    ]);
    expect(summary).toMatchObject({ bookings: 1, tickets: 1, paidByBuyersPence: 2460 - 1230 });
  });
});
