import { randomUUID } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { REFUNDED_TICKET_MESSAGE, ticketQrPayload, type CheckInList, type CheckResult } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, tickets } from "../../db/schema";
import { createTicketSigner } from "../tickets/ticket-signer";

const t = setUpTestApp();

/** Three tickets bought in one booking through the test checkout, for an event far enough ahead to ask refunds. */
async function boughtThree() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, title: `Three friends ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3 });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const own = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(asc(tickets.position));
  return { organiser: organiser.client, buyer: buyer.client, event, booking: booking!, tickets: own };
}

const signer = () => createTicketSigner(t.db);

/** The signed QR of one ticket, as the e-mail and My Tickets carry it. */
async function qrOf(ticket: typeof tickets.$inferSelect, event: { title: string; dateTime: Date }) {
  return JSON.stringify(await signer().sign(ticketQrPayload(ticket, event)));
}

async function scan(client: AuthClient, qr: string): Promise<CheckResult> {
  const response = await client.post("/api/functions/check-ticket", { qr, checkIn: true });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const ticketRows = (bookingId: string) => t.db.select().from(tickets).where(eq(tickets.bookingId, bookingId)).orderBy(asc(tickets.position));

describe("one ticket per attendee at the door (issue 36)", () => {
  it("issues a ticket per place, each with its own code; ticket 1 keeps the booking's code", async () => {
    const { booking, tickets: own } = await boughtThree();
    expect(own.map((ticket) => ticket.position)).toEqual([1, 2, 3]);
    expect(own[0]!.code).toBe(booking.ticketCode);
    expect(new Set(own.map((ticket) => ticket.code)).size).toBe(3);
    expect(own.every((ticket) => ticket.status === "valid" && ticket.attendeeName === "Ada Lovelace" && ticket.ticketTypeId === booking.ticketTypeId)).toBe(true);
  });

  it("admits each ticket on its own QR, once, and counts the door in tickets", async () => {
    const { organiser, event, tickets: own } = await boughtThree();
    const second = await scan(organiser, await qrOf(own[1]!, event));
    expect(second).toMatchObject({ valid: true, alreadyCheckedIn: false, ticketId: own[1]!.code, attendee: { tickets: 1 } });
    expect((await scan(organiser, await qrOf(own[1]!, event))).alreadyCheckedIn).toBe(true);
    expect((await ticketRows(own[0]!.bookingId)).map((ticket) => ticket.checkedInAt !== null)).toEqual([false, true, false]);
    const counts = await organiser.get(`/api/events/${event.id}/check-in-counts`);
    expect(counts.json()).toMatchObject({ admitted: 1, expected: 3 });
    // A QR of one ticket signed with another ticket's booking is refused: it names what it admits.
    const forged = await scan(organiser, JSON.stringify(await signer().sign({ ...ticketQrPayload(own[2]!, event), bookingId: randomUUID() })));
    expect(forged.valid).toBe(false);
  });

  it("takes an offline scanner's admissions per ticket, and an old group QR's for its booking's valid tickets", async () => {
    const { organiser, event, tickets: own } = await boughtThree();
    const checkedInAt = new Date(Date.now() - 60_000).toISOString();
    const one = await organiser.post(`/api/events/${event.id}/check-ins`, { checkIns: [{ ticketId: own[1]!.code, checkedInAt }] });
    expect(one.json().results).toEqual([{ ticketId: own[1]!.code, outcome: "admitted", checkedInAt, error: null }]);
    expect((await ticketRows(own[0]!.bookingId)).map((ticket) => ticket.checkedInAt !== null)).toEqual([false, true, false]);
    const group = await organiser.post(`/api/events/${event.id}/check-ins`, { checkIns: [{ ticketId: own[0]!.code, checkedInAt, wholeBooking: true }] });
    expect(group.json().results[0]).toMatchObject({ outcome: "admitted" });
    expect((await ticketRows(own[0]!.bookingId)).every((ticket) => ticket.checkedInAt !== null)).toBe(true);
  });

  it("refunds the tickets the organiser names and keeps the others valid at the door, online and in the offline list", async () => {
    const { organiser, event, booking, tickets: own } = await boughtThree();
    const refunded = await organiser.post(`/api/bookings/${booking.id}/refunds`, { ticketIds: [own[2]!.id], reason: "Cannot come", requestKey: `one-${randomUUID()}` });
    expect(refunded.statusCode).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "succeeded", quantity: 1 });
    const after = await ticketRows(booking.id);
    expect(after.map((ticket) => ticket.status)).toEqual(["valid", "valid", "refunded"]);
    expect(after[2]!.refundId).toBe(refunded.json().refundId);
    const [left] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(left).toMatchObject({ ticketQuantity: 2, refundedQuantity: 1, status: "confirmed" });

    expect((await scan(organiser, await qrOf(own[2]!, event))).error).toBe(REFUNDED_TICKET_MESSAGE);
    expect(await scan(organiser, await qrOf(own[0]!, event))).toMatchObject({ valid: true, alreadyCheckedIn: false });

    const list = (await organiser.get(`/api/events/${event.id}/check-in-list`)).json() as CheckInList;
    expect(list.tickets.map((ticket) => [ticket.ticketId, ticket.status, ticket.ticketQuantity])).toEqual([
      [own[0]!.code, "confirmed", 1],
      [own[1]!.code, "confirmed", 1],
      [own[2]!.code, "refunded", 0],
    ]);
  });

  it("refuses to refund a ticket that is not a valid ticket of the booking, naming the field", async () => {
    const first = await boughtThree();
    const other = await boughtThree();
    const stranger = await first.organiser.post(`/api/bookings/${first.booking.id}/refunds`, { ticketIds: [other.tickets[0]!.id], reason: "Wrong", requestKey: `x-${randomUUID()}` });
    expect(stranger.statusCode).toBe(400);
    expect(stranger.json().error.details.field).toBe("ticketIds");
    const twice = await first.organiser.post(`/api/bookings/${first.booking.id}/refunds`, { ticketIds: [first.tickets[0]!.id, first.tickets[0]!.id], reason: "Twice", requestKey: `y-${randomUUID()}` });
    expect(twice.statusCode).toBe(400);
    expect((await ticketRows(first.booking.id)).every((ticket) => ticket.status === "valid")).toBe(true);
  });

  it("lets a buyer ask back the tickets not yet used, after a friend has gone in on theirs", async () => {
    const { organiser, buyer, event, booking, tickets: own } = await boughtThree();
    await scan(organiser, await qrOf(own[0]!, event));
    // A used ticket cannot be asked back, by name.
    const used = await buyer.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "Two could not come", ticketIds: [own[0]!.id] });
    expect(used.statusCode).toBe(400);
    expect(used.json().error.details.field).toBe("ticketIds");
    const asked = await buyer.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "Two could not come" });
    expect(asked.statusCode).toBe(200);
    const approved = await organiser.post(`/api/refund-requests/${asked.json().requestId}/approve`);
    expect(approved.statusCode).toBe(200);
    expect((await ticketRows(booking.id)).map((ticket) => ticket.status)).toEqual(["valid", "refunded", "refunded"]);
    const [left] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(left).toMatchObject({ ticketQuantity: 1, refundedQuantity: 2, status: "confirmed" });
  });
});
