import { randomUUID } from "node:crypto";
import { asc, eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { futureDay, openDoorNow } from "../../../../test/fixtures";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { eventInput, signInAs } from "../../../../test/organiser";
import { TRANSFERRED_TICKET_MESSAGE, ticketQrPayload, type EditableEvent, type EventDetail } from "../../../domain";
import { bookings, events, tickets } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";
import { createTicketSigner } from "./ticket-signer";

/**
 * Issue 36's "Done when", end to end over the API: the festival with Early bird, Standard, VIP and a hidden
 * Crew type under 150 places; a buyer's 2 Standard and 1 VIP, each named and its own ticket; one passed on
 * (its old QR refused), one refunded, each valid ticket admitted once on its own; reconcile balances.
 */
const t = setUpTestApp();

async function scan(door: AuthClient, ticket: typeof tickets.$inferSelect) {
  const [event] = await t.db.select().from(events).where(eq(events.id, ticket.eventId));
  const qr = JSON.stringify(await createTicketSigner(t.db).sign(ticketQrPayload(ticket, event!)));
  return (await door.post("/api/functions/check-ticket", { qr, checkIn: true })).json() as { valid: boolean; alreadyCheckedIn?: boolean; error?: string; attendee?: { name: string } };
}

describe("issue 36, as its 'Done when' says", () => {
  it("sells named tickets of several types, each admitted on its own; one passed on, one refunded; reconcile balances", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const created = await organiser.client.post("/api/events", {
      ...eventInput({ maxAttendees: 150 }),
      ticketTypes: [
        { name: "Early bird", pricePence: 1000, capacity: 50, salesEnd: futureDay(20).toISOString() },
        { name: "Standard", pricePence: 1500 },
        { name: "VIP", pricePence: 4000, capacity: 20 },
        { name: "Crew", pricePence: 500, hidden: true },
      ],
    });
    expect(created.statusCode, created.body).toBe(201);
    const festival = created.json() as EditableEvent;
    await openDoorNow(t.db, festival.id);
    const typeId = (name: string) => festival.ticketTypes.find((type) => type.name === name)!.id;

    // Crew is neither listed nor sold without a code.
    const page = (await t.app.inject({ method: "GET", url: `/api/events/${festival.id}` })).json() as EventDetail;
    expect(page.ticketTypes.map((type) => type.name)).toEqual(["Early bird", "Standard", "VIP"]);
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const crew = await buyer.client.post("/api/functions/create-payment", { eventId: festival.id, ticketTypeId: typeId("Crew"), ticketQuantity: 1, attendeeName: "Ada Lovelace" });
    expect(crew.statusCode).toBe(400);
    expect(crew.json().error.details.reason).toBe("TICKET_TYPE_NOT_FOUND");

    // 2 Standard and 1 VIP, each named.
    const started = await buyer.client.post("/api/functions/create-payment", {
      attendeeName: "Ada Lovelace",
      items: [
        { eventId: festival.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, attendees: [{ name: "Ada Lovelace" }, { name: "Grace Hopper", email: "grace@example.test" }] },
        { eventId: festival.id, ticketTypeId: typeId("VIP"), ticketQuantity: 1, attendees: [{ name: "Alan Turing" }] },
      ],
    });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const sold = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    const issued = await t.db
      .select()
      .from(tickets)
      .where(inArray(tickets.bookingId, sold.map((booking) => booking.id)))
      .orderBy(asc(tickets.attendeeName));
    expect(issued.map((ticket) => [ticket.attendeeName, ticket.ticketTypeId])).toEqual([
      ["Ada Lovelace", typeId("Standard")],
      ["Alan Turing", typeId("VIP")],
      ["Grace Hopper", typeId("Standard")],
    ]);
    expect(new Set(issued.map((ticket) => ticket.code)).size).toBe(3);
    const [ada, alan, grace] = issued as [typeof tickets.$inferSelect, typeof tickets.$inferSelect, typeof tickets.$inferSelect];

    // Grace passes hers on: the old QR is refused, the new one admits once.
    const passed = await buyer.client.post(`/api/me/tickets/${grace.id}/transfer`, { name: "Katherine Johnson", email: "katherine@example.test" });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(await scan(organiser.client, grace)).toMatchObject({ valid: false, error: TRANSFERRED_TICKET_MESSAGE });
    const [katherine] = await t.db.select().from(tickets).where(eq(tickets.id, grace.id));
    expect(await scan(organiser.client, katherine!)).toMatchObject({ valid: true, alreadyCheckedIn: false, attendee: { name: "Katherine Johnson" } });
    expect(await scan(organiser.client, katherine!)).toMatchObject({ alreadyCheckedIn: true });

    // Ada's is refunded: the door refuses it, and the rest of the order stays valid.
    const refunded = await organiser.client.post(`/api/bookings/${ada.bookingId}/refunds`, { ticketIds: [ada.id], reason: "Cannot come", requestKey: randomUUID() });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "succeeded", quantity: 1, ticketPence: 1500 });
    expect((await scan(organiser.client, ada)).valid).toBe(false);

    // Alan's VIP ticket is admitted once, on its own.
    expect(await scan(organiser.client, alan)).toMatchObject({ valid: true, alreadyCheckedIn: false, attendee: { name: "Alan Turing" } });
    expect(await scan(organiser.client, alan)).toMatchObject({ alreadyCheckedIn: true });

    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});
