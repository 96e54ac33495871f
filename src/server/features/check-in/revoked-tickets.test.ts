import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import {
  CANCELLED_EVENT_TICKET_MESSAGE,
  DISPUTED_TICKET_MESSAGE,
  REFUNDED_TICKET_MESSAGE,
  type CheckInList,
  type CheckResult,
  type MyTicket,
  type OfflineCheckInOutcome,
} from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, events } from "../../db/schema";

const t = setUpTestApp();
const NOT_FOUND_OR_UNPAID = "Ticket not found or unpaid";

/** A booking bought through the test checkout, with the QR the buyer holds (read before any refund). */
async function bought(quantity: number) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, title: `Door ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: quantity });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const tickets = (await buyer.client.get("/api/me/tickets")).json().tickets as MyTicket[];
  const qr = tickets.find((ticket) => ticket.bookingId === booking!.id)!.qrPayload;
  return { organiser: organiser.client, event, booking: booking!, scan: { ticketId: qr.ticketId, qr: JSON.stringify(qr) } };
}

async function refund(organiser: AuthClient, bookingId: string, quantity?: number) {
  const response = await organiser.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey: `door-${randomUUID()}` });
  expect(response.statusCode).toBe(200);
  expect(response.json().status).toBe("succeeded");
}

async function check(client: AuthClient, body: object): Promise<CheckResult> {
  const response = await client.post("/api/functions/check-ticket", body);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function list(client: AuthClient, eventId: string): Promise<CheckInList> {
  const response = await client.get(`/api/events/${eventId}/check-in-list`);
  expect(response.statusCode).toBe(200);
  return response.json();
}

async function sync(client: AuthClient, eventId: string, ticketIds: string[]): Promise<OfflineCheckInOutcome[]> {
  const checkedInAt = new Date(Date.now() - 60_000).toISOString();
  const response = await client.post(`/api/events/${eventId}/check-ins`, { checkIns: ticketIds.map((ticketId) => ({ ticketId, checkedInAt })) });
  expect(response.statusCode).toBe(200);
  return response.json().results;
}

const checkedInAt = async (bookingId: string) => (await t.db.select({ at: bookings.checkedInAt }).from(bookings).where(eq(bookings.id, bookingId)))[0]!.at;

describe("the door and refunded tickets (issue 19)", () => {
  it("refuses a refunded ticket by name at the scan, the dashboard's check-in button and the offline sync, and never checks it in", async () => {
    const { organiser, event, booking, scan } = await bought(2);
    await refund(organiser, booking.id);

    expect(await check(organiser, { ...scan, checkIn: true })).toEqual({
      valid: false,
      error: REFUNDED_TICKET_MESSAGE,
      ticketId: booking.ticketCode,
      status: null,
      alreadyCheckedIn: false,
      checkedInAt: null,
      event: null,
      attendee: null,
    });
    expect((await check(organiser, { ticketId: booking.ticketCode.toLowerCase() })).error).toBe(REFUNDED_TICKET_MESSAGE);
    expect((await check(organiser, { ...scan, checkIn: true, eventId: event.id })).error).toBe(REFUNDED_TICKET_MESSAGE);

    const button = await organiser.post(`/api/bookings/${booking.id}/check-in`);
    expect(button.statusCode).toBe(409);
    expect(button.json().error).toMatchObject({ code: "CONFLICT", message: REFUNDED_TICKET_MESSAGE });

    expect(await sync(organiser, event.id, [booking.ticketCode])).toEqual([{ ticketId: booking.ticketCode, outcome: "invalid", checkedInAt: null, error: REFUNDED_TICKET_MESSAGE }]);
    expect(await checkedInAt(booking.id)).toBeNull();
  });

  it("still admits what is left of a partly refunded booking, for its valid tickets", async () => {
    const { organiser, booking, scan } = await bought(3);
    // The refund takes the last ticket bought (issue 36); the first, whose QR the buyer holds, still admits.
    await refund(organiser, booking.id, 1);
    const result = await check(organiser, { ...scan, checkIn: true });
    expect(result).toMatchObject({ valid: true, error: null, status: "confirmed", alreadyCheckedIn: false, attendee: { tickets: 1 } });
    expect(await checkedInAt(booking.id)).not.toBeNull();
    expect(await check(organiser, { ...scan, checkIn: true })).toMatchObject({ valid: true, alreadyCheckedIn: true, attendee: { tickets: 1 } });
  });

  it("carries the refund in the offline list, so a scanner that downloads it again learns it", async () => {
    const { organiser, event, booking } = await bought(2);
    const before = await list(organiser, event.id);
    expect(before.event.status).toBe("active");
    // A ticket per place (issue 36), the first under the booking's code.
    expect(before.tickets).toEqual([
      expect.objectContaining({ ticketId: booking.ticketCode, status: "confirmed", ticketQuantity: 1 }),
      expect.objectContaining({ bookingId: booking.id, status: "confirmed", ticketQuantity: 1 }),
    ]);
    await refund(organiser, booking.id);
    const after = await list(organiser, event.id);
    expect(after.tickets).toEqual([
      expect.objectContaining({ ticketId: booking.ticketCode, bookingId: booking.id, status: "refunded", ticketQuantity: 0, checkedInAt: null }),
      expect.objectContaining({ bookingId: booking.id, status: "refunded", ticketQuantity: 0, checkedInAt: null }),
    ]);
  });

  it("keeps the generic answer for unknown and unpaid tickets, and a stranger learns nothing of a refund", async () => {
    const { organiser, event, booking, scan } = await bought(1);
    await refund(organiser, booking.id);
    const unpaid = await createBooking(t.db, { eventId: event.id, quantity: 1, status: "pending" });
    expect((await check(organiser, { ticketId: unpaid.ticketCode })).error).toBe(NOT_FOUND_OR_UNPAID);
    expect((await check(organiser, { ticketId: "TCKT-2090-DEADBEEF" })).error).toBe(NOT_FOUND_OR_UNPAID);
    expect((await sync(organiser, event.id, [unpaid.ticketCode]))[0]).toMatchObject({ outcome: "invalid", error: NOT_FOUND_OR_UNPAID });
    expect((await list(organiser, event.id)).tickets.map((ticket) => ticket.ticketId)).toEqual([booking.ticketCode]);
    const stranger = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
    expect((await check(stranger, { ...scan, checkIn: true })).error).toBe("This ticket is for an event you do not manage.");
    expect((await stranger.post(`/api/bookings/${booking.id}/check-in`)).statusCode).toBe(404);
  });
});

describe("the door and disputed tickets, and a cancelled event's (issue 19)", () => {
  async function organiserWithEvent() {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, title: `Door ${Math.random()}` });
    return { organiser: organiser.client, event };
  }

  it("refuses a disputed ticket by name online, offline and at the button", async () => {
    const { organiser, event } = await organiserWithEvent();
    const disputed = await createBooking(t.db, { eventId: event.id, quantity: 2, status: "disputed" });
    expect((await check(organiser, { ticketId: disputed.ticketCode })).error).toBe(DISPUTED_TICKET_MESSAGE);
    const button = await organiser.post(`/api/bookings/${disputed.id}/check-in`);
    expect(button.statusCode).toBe(409);
    expect(button.json().error.message).toBe(DISPUTED_TICKET_MESSAGE);
    expect((await sync(organiser, event.id, [disputed.ticketCode]))[0]).toMatchObject({ outcome: "invalid", error: DISPUTED_TICKET_MESSAGE });
    expect((await list(organiser, event.id)).tickets).toEqual([
      expect.objectContaining({ ticketId: disputed.ticketCode, status: "disputed" }),
      expect.objectContaining({ bookingId: disputed.id, status: "disputed" }),
    ]);
    expect(await checkedInAt(disputed.id)).toBeNull();
  });

  it("refuses every ticket of a cancelled event, even one not yet refunded, and the list says the event is cancelled", async () => {
    const { organiser, event } = await organiserWithEvent();
    const still = await createBooking(t.db, { eventId: event.id, quantity: 1 });
    const refunded = await createBooking(t.db, { eventId: event.id, quantity: 0, refundedQuantity: 1, status: "refunded" });
    await t.db.update(events).set({ status: "cancelled", cancelledAt: new Date() }).where(eq(events.id, event.id));

    for (const booking of [still, refunded]) expect((await check(organiser, { ticketId: booking.ticketCode })).error).toBe(CANCELLED_EVENT_TICKET_MESSAGE);
    const button = await organiser.post(`/api/bookings/${still.id}/check-in`);
    expect(button.statusCode).toBe(409);
    expect(button.json().error.message).toBe(CANCELLED_EVENT_TICKET_MESSAGE);
    const results = await sync(organiser, event.id, [still.ticketCode, refunded.ticketCode]);
    expect(results.map((result) => [result.outcome, result.error])).toEqual([
      ["invalid", CANCELLED_EVENT_TICKET_MESSAGE],
      ["invalid", CANCELLED_EVENT_TICKET_MESSAGE],
    ]);
    const offline = await list(organiser, event.id);
    expect(offline.event.status).toBe("cancelled");
    expect(offline.tickets.map((ticket) => [ticket.ticketId, ticket.status])).toEqual([
      [still.ticketCode, "confirmed"],
      [refunded.ticketCode, "refunded"],
    ]);
    expect(await checkedInAt(still.id)).toBeNull();
  });
});
