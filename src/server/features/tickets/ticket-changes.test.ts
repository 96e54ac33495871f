import { asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { TICKET_TRANSFER_MESSAGES, ticketQrPayload, TRANSFERRED_TICKET_MESSAGE, type ChangedTicket, type CheckInList } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage, type AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, events, ticketChanges, tickets } from "../../db/schema";
import { createPaymentGateway } from "../../providers/payments/payments";
import { refundTickets } from "../refunds/refunds.service";
import { createTicketSigner } from "./ticket-signer";

const t = setUpTestApp();

async function boughtTwo(eventFields: { transferCutoffHours?: number; dateTime?: Date } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, title: `Pass it on ${Math.random()}`, ...eventFields });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const own = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(asc(tickets.position));
  return { organiser: organiser.client, buyer: buyer.client, event, booking: booking!, tickets: own };
}

async function scan(client: AuthClient, ticket: typeof tickets.$inferSelect, event: { title: string; dateTime: Date }) {
  const qr = JSON.stringify(await createTicketSigner(t.db).sign(ticketQrPayload(ticket, event)));
  return (await client.post("/api/functions/check-ticket", { qr, checkIn: true })).json();
}

const transfer = (client: AuthClient, ticketId: string, body: object) => client.post(`/api/me/tickets/${ticketId}/transfer`, body);

describe("passing a ticket on, and renaming it (issue 36)", () => {
  it("gives the ticket a new code in the new holder's name; the old QR is refused, online and in the offline list, and the new one admits", async () => {
    const { organiser, buyer, event, tickets: own } = await boughtTwo();
    const passed = await transfer(buyer, own[1]!.id, { name: "Grace Hopper", email: "grace@example.test" });
    expect(passed.statusCode).toBe(200);
    const changed = passed.json() as ChangedTicket;
    expect(changed).toMatchObject({ ticketId: own[1]!.id, attendeeName: "Grace Hopper", attendeeEmail: "grace@example.test", history: [{ kind: "transfer", fromName: "Ada Lovelace", toName: "Grace Hopper" }] });
    expect(changed.code).not.toBe(own[1]!.code);

    const old = await scan(organiser, own[1]!, event);
    expect(old).toMatchObject({ valid: false, error: TRANSFERRED_TICKET_MESSAGE });
    const [now] = await t.db.select().from(tickets).where(eq(tickets.id, own[1]!.id));
    expect(await scan(organiser, now!, event)).toMatchObject({ valid: true, alreadyCheckedIn: false, attendee: { name: "Grace Hopper", tickets: 1 } });
    // The other ticket of the booking is untouched.
    expect(await scan(organiser, own[0]!, event)).toMatchObject({ valid: true, attendee: { name: "Ada Lovelace" } });

    const list = (await organiser.get(`/api/events/${event.id}/check-in-list`)).json() as CheckInList;
    expect(list.revoked).toEqual([{ ticketId: own[1]!.code, reason: TRANSFERRED_TICKET_MESSAGE }]);
    expect(list.tickets.map((ticket) => ticket.ticketId)).toContain(changed.code);
    const synced = await organiser.post(`/api/events/${event.id}/check-ins`, { checkIns: [{ ticketId: own[1]!.code, checkedInAt: new Date().toISOString() }] });
    expect(synced.json().results[0]).toMatchObject({ outcome: "invalid", error: TRANSFERRED_TICKET_MESSAGE });

    // The new holder gets their ticket under its new code; the buyer is told, with the old code that stopped working.
    const theirs = await latestMessage(t.db, "grace@example.test", (message) => message.subject === `Your ticket: ${event.title}`);
    expect(theirs.text).toContain(changed.code);
    expect(theirs.text).not.toContain(own[1]!.code);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.id, own[0]!.bookingId));
    const told = await latestMessage(t.db, booking!.attendeeEmail, (message) => message.subject === `Ticket passed on: ${event.title}`);
    expect(told.text).toContain("Grace Hopper");
    expect(told.text).toContain(own[1]!.code);
  });

  it("refuses a checked-in ticket, another buyer's ticket, and a transfer after the organiser's cut-off", async () => {
    const { organiser, buyer, event, tickets: own } = await boughtTwo();
    await scan(organiser, own[0]!, event);
    const used = await transfer(buyer, own[0]!.id, { name: "Grace Hopper", email: "grace@example.test" });
    expect(used.statusCode).toBe(409);
    expect(used.json().error.message).toBe(TICKET_TRANSFER_MESSAGES.checkedIn);
    // Someone else (even the organiser) cannot pass a buyer's ticket on: it is not theirs to give.
    expect((await transfer(organiser, own[1]!.id, { name: "Mallory", email: "mallory@example.test" })).statusCode).toBe(404);
    // The new holder needs an e-mail, for their ticket.
    const noEmail = await transfer(buyer, own[1]!.id, { name: "Grace Hopper" });
    expect(noEmail.statusCode).toBe(400);

    const soon = await boughtTwo({ transferCutoffHours: 48, dateTime: new Date(Date.now() + 24 * 3_600_000) });
    const late = await transfer(soon.buyer, soon.tickets[0]!.id, { name: "Grace Hopper", email: "grace@example.test" });
    expect(late.statusCode).toBe(409);
    expect(late.json().error.message).toMatch(/^Tickets for this event could be passed on until /);
    expect(await t.db.select().from(ticketChanges).where(eq(ticketChanges.ticketId, soon.tickets[0]!.id))).toEqual([]);
  });

  it("lets the organiser rename any ticket of their event, keeping its code, and no one else", async () => {
    const { organiser, buyer, event, tickets: own } = await boughtTwo();
    const renamed = await organiser.request("PATCH", `/api/tickets/${own[1]!.id}`, { attendeeName: "Ada King" });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ code: own[1]!.code, attendeeName: "Ada King", history: [{ kind: "rename", fromName: "Ada Lovelace", toName: "Ada King" }] });
    // The QR already sent still admits: the code is the same.
    expect(await scan(organiser, own[1]!, event)).toMatchObject({ valid: true, attendee: { name: "Ada King" } });
    expect((await buyer.request("PATCH", `/api/tickets/${own[1]!.id}`, { attendeeName: "Me Instead" })).statusCode).toBe(404);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.request("PATCH", `/api/tickets/${own[0]!.id}`, { attendeeName: "Mallory" })).statusCode).toBe(404);
  });
});

describe("passing a ticket on while the door or a refund reaches it at the same moment (issue 36)", () => {
  /** A booking of `count` tickets in the buyer's name, paid through the local test checkout. */
  async function bought(count: number) {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 50, title: `Race ${Math.random()}` });
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: count });
    expect(checkout.statusCode).toBe(200);
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    const own = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(asc(tickets.position));
    return { organiser: organiser.client, buyer: buyer.client, event, booking: booking!, tickets: own };
  }

  it("a ticket scanned as it is passed on is either admitted under its old code or passed on, never both", async () => {
    const { organiser, buyer, event, tickets: own } = await bought(8);
    const outcomes = await Promise.all(
      own.map(async (ticket, index) => {
        const [scanned, passed] = await Promise.all([scan(organiser, ticket, event), transfer(buyer, ticket.id, { name: `Friend ${index}`, email: `friend${index}@example.test` })]);
        return { ticket, admitted: scanned.valid === true, passed: passed.statusCode === 200, refusal: passed.statusCode === 200 ? null : passed.json().error.message };
      }),
    );
    for (const { ticket, admitted, passed, refusal } of outcomes) {
      // Exactly one wins: the old code admitted (and the transfer refused as checked in), or the ticket passed on (and the old code refused).
      expect(admitted !== passed, `ticket ${ticket.position}: admitted ${admitted}, passed on ${passed}`).toBe(true);
      const [now] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      const changes = await t.db.select().from(ticketChanges).where(eq(ticketChanges.ticketId, ticket.id));
      if (admitted) {
        expect(refusal).toBe(TICKET_TRANSFER_MESSAGES.checkedIn);
        expect(now).toMatchObject({ code: ticket.code, checkedInAt: expect.any(Date), attendeeName: "Ada Lovelace" });
        expect(changes).toEqual([]);
      } else {
        expect(now!.code).not.toBe(ticket.code);
        expect(now!.checkedInAt).toBeNull();
        expect(changes).toHaveLength(1);
        // The new holder's code admits once.
        expect(await scan(organiser, now!, event)).toMatchObject({ valid: true, alreadyCheckedIn: false });
      }
    }
  });

  it("a ticket refunded as it is passed on ends refunded, its new code (if it got one) refused at the door", async () => {
    const { organiser, buyer, event, booking, tickets: own } = await bought(6);
    const [organiserId] = await t.db.select({ userId: events.userId }).from(events).where(eq(events.id, event.id));
    const gateway = await createPaymentGateway(t.config, t.db);
    const results = await Promise.all(
      own.map(async (ticket, index) => {
        const [passed, refunded] = await Promise.all([
          transfer(buyer, ticket.id, { name: `Friend ${index}`, email: `friend${index}@example.test` }),
          refundTickets({ db: t.db, gateway, jobs: t.app.jobs, actor: { userId: organiserId!.userId, isAdmin: false }, bookingId: booking.id, input: { ticketIds: [ticket.id], reason: "Race", requestKey: `race-${ticket.id}` } }).then(
            () => true,
            (error: Error) => `${error.message} ${(error.cause as Error | undefined)?.message ?? ""}`,
          ),
        ]);
        return { ticket, passed: passed.statusCode === 200, refunded };
      }),
    );
    for (const { ticket, passed, refunded } of results) {
      // The organiser's refund of a valid ticket always goes through, whoever holds it.
      expect(refunded, `ticket ${ticket.position}`).toBe(true);
      const [now] = await t.db.select().from(tickets).where(eq(tickets.id, ticket.id));
      expect(now!.status).toBe("refunded");
      const changes = await t.db.select().from(ticketChanges).where(eq(ticketChanges.ticketId, ticket.id));
      // Passed on only before the refund took it: a refunded ticket is never passed on.
      expect(changes).toHaveLength(passed ? 1 : 0);
      expect(await scan(organiser, now!, event)).toMatchObject({ valid: false });
    }
    const [after] = await t.db.select().from(bookings).where(eq(bookings.id, booking.id));
    expect(after).toMatchObject({ ticketQuantity: 0, refundedQuantity: 6 });
    // The file's own reconcile (test/app.ts) then holds the ledger, the refunds and the tickets to each other.
  });
});
