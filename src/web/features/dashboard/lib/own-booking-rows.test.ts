import { describe, expect, it } from "vitest";
import type { OwnBooking } from "@domain";
import { ownBookingRow } from "./own-booking-rows";

const booking: OwnBooking = {
  id: "b1",
  eventId: "e1",
  eventTitle: "Jazz Night",
  eventDateTime: "2026-07-04T18:30:00Z",
  eventVenue: "Brudenell Social Club",
  eventLocation: "Leeds",
  status: "confirmed",
  ticketQuantity: 2,
  totalAmountPence: 3460,
  refundedQuantity: 0,
  refundState: "none",
  refundedPence: 0,
  ticketCode: "TCKT-2026-1A2B3C4D",
  checkedInAt: null,
  createdAt: "2026-06-01T10:00:00Z",
};

describe("ownBookingRow", () => {
  it("shows the event time in UK time, tickets and the total in pounds", () => {
    expect(ownBookingRow(booking)).toMatchObject({ eventWhen: "Sat, 4 Jul 2026, 19:30", tickets: "2 tickets", total: "£34.60", checkedIn: null });
  });

  it("says where as 'venue, location', and never an ongoing business's placeholder date (issue 17)", () => {
    expect(ownBookingRow(booking).eventLocation).toBe("Brudenell Social Club, Leeds");
    expect(ownBookingRow({ ...booking, eventDateTime: "2030-12-31T23:59:00.000Z" }).eventWhen).toBe("Open all year");
  });

  it("shows when the ticket was checked in", () => {
    expect(ownBookingRow({ ...booking, ticketQuantity: 1, checkedInAt: "2026-07-04T18:05:00Z" })).toMatchObject({
      tickets: "1 ticket",
      checkedIn: "Sat, 4 Jul 2026, 19:05",
    });
  });
});
