import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTENDEE_EMAIL_MESSAGES, ATTENDEE_NAME_MESSAGES } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, orderLines, orders, tickets } from "../../db/schema";

/** Issue 36: checkout names each ticket, and each ticket is issued in its attendee's name. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let organiserId: string;
beforeAll(async () => {
  t = await createTestApp();
  organiserId = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).account.id;
});
afterAll(async () => t.close());

const paidEvent = () => createEvent(t.db, { userId: organiserId, pricePence: 1500, maxAttendees: 100, title: `Named ${Math.random()}` });
// A buyer per test: create-payment is rate limited per account (issue 16).
const newBuyer = async () => signInAs(t.app, t.db, t.config.publicUrl, "user");

/** The tickets of a paid session, in booking and position order. */
async function ticketsOf(sessionId: string) {
  return t.db
    .select({ eventId: tickets.eventId, position: tickets.position, name: tickets.attendeeName, email: tickets.attendeeEmail, status: tickets.status })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .where(eq(bookings.stripeSessionId, sessionId))
    .orderBy(asc(tickets.eventId), asc(tickets.position));
}

describe("create-payment names each ticket (issue 36)", () => {
  it("issues three tickets of a paid order in the three names given, one with its own e-mail", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent();
    const started = await buyer.client.post("/api/functions/create-payment", {
      items: [
        {
          eventId: event.id,
          ticketQuantity: 3,
          attendees: [{ name: " Ada Lovelace " }, { name: "Grace Hopper", email: " Grace@Example.com " }, { name: "Alan Turing", email: "" }],
        },
      ],
      attendeeName: "Ada Lovelace",
    });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();
    const [line] = await t.db.select({ attendees: orderLines.attendees }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.sessionId, sessionId));
    expect(line!.attendees).toEqual([{ name: "Ada Lovelace" }, { name: "Grace Hopper", email: "Grace@Example.com" }, { name: "Alan Turing" }]);

    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    expect(await ticketsOf(sessionId)).toEqual([
      { eventId: event.id, position: 1, name: "Ada Lovelace", email: null, status: "valid" },
      { eventId: event.id, position: 2, name: "Grace Hopper", email: "Grace@Example.com", status: "valid" },
      { eventId: event.id, position: 3, name: "Alan Turing", email: null, status: "valid" },
    ]);
    // The booking stays the unit of money, in the buyer's name.
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    expect(booking).toMatchObject({ attendeeName: "Ada Lovelace", ticketQuantity: 3 });
  });

  it("names every ticket after attendeeName without attendees (the spec's one-event body), and concatenates merged lines' attendees", async () => {
    const buyer = await newBuyer();
    const [first, second] = [await paidEvent(), await paidEvent()];
    const started = await buyer.client.post("/api/functions/create-payment", {
      items: [
        { eventId: first.id, ticketQuantity: 1, attendees: [{ name: "Grace Hopper" }] },
        { eventId: second.id, ticketQuantity: 2 },
        { eventId: first.id, ticketQuantity: 2 },
        { eventId: first.id, ticketQuantity: 1, attendees: [{ name: "Alan Turing", email: "alan@example.com" }] },
      ],
      attendeeName: "Ada Lovelace",
    });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();
    expect((await buyer.client.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
    const issued = await ticketsOf(sessionId);
    expect(issued.filter((ticket) => ticket.eventId === first.id).map(({ name, email }) => ({ name, email }))).toEqual([
      { name: "Grace Hopper", email: null },
      { name: "Ada Lovelace", email: null },
      { name: "Ada Lovelace", email: null },
      { name: "Alan Turing", email: "alan@example.com" },
    ]);
    expect(issued.filter((ticket) => ticket.eventId === second.id).map((ticket) => ticket.name)).toEqual(["Ada Lovelace", "Ada Lovelace"]);

    const single = await (await newBuyer()).client.post("/api/functions/create-payment", { eventId: first.id, ticketQuantity: 2, attendeeName: "Charles Babbage" });
    expect(single.statusCode).toBe(200);
    const [line] = await t.db.select({ attendees: orderLines.attendees }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.sessionId, single.json().sessionId));
    expect(line!.attendees).toBeNull();
  });

  it.each([
    ["too few attendees", { ticketQuantity: 3, attendees: [{ name: "Ada" }, { name: "Grace" }] }, "items.0.attendees", "attendees must name each ticket, one per ticket: 3 expected, 2 given"],
    ["too many attendees", { ticketQuantity: 1, attendees: [{ name: "Ada" }, { name: "Grace" }] }, "items.0.attendees", "attendees must name each ticket, one per ticket: 1 expected, 2 given"],
    ["a blank name", { ticketQuantity: 2, attendees: [{ name: "Ada" }, { name: "   " }] }, "items.0.attendees.1.name", ATTENDEE_NAME_MESSAGES.missing],
    ["a missing name", { ticketQuantity: 2, attendees: [{ name: "Ada" }, { email: "grace@example.com" }] }, "items.0.attendees.1.name", ATTENDEE_NAME_MESSAGES.missing],
    ["a name over 100 characters", { ticketQuantity: 1, attendees: [{ name: "A".repeat(101) }] }, "items.0.attendees.0.name", ATTENDEE_NAME_MESSAGES.tooLong],
    ["a control character in a name", { ticketQuantity: 1, attendees: [{ name: "Ada\u0007" }] }, "items.0.attendees.0.name", ATTENDEE_NAME_MESSAGES.badCharacter],
    ["a bad e-mail", { ticketQuantity: 2, attendees: [{ name: "Ada" }, { name: "Grace", email: "grace@" }] }, "items.0.attendees.1.email", ATTENDEE_EMAIL_MESSAGES.invalid],
    ["an e-mail over 254 characters", { ticketQuantity: 1, attendees: [{ name: "Ada", email: `${"g".repeat(243)}@example.com` }] }, "items.0.attendees.0.email", ATTENDEE_EMAIL_MESSAGES.tooLong],
  ])("refuses %s with a 400 naming the field, and holds nothing", async (_case, line, field, message) => {
    const buyer = await newBuyer();
    const event = await paidEvent();
    const cart = await buyer.client.post("/api/functions/create-payment", { items: [{ eventId: event.id, ...line }], attendeeName: "Ada Lovelace" });
    expect(cart.statusCode).toBe(400);
    expect(cart.json().error).toEqual({ code: "VALIDATION_FAILED", message: `Invalid field '${field}': ${message}` });
    // The one-event body names the same field without the cart's prefix.
    const single = await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ...line, attendeeName: "Ada Lovelace" });
    expect(single.statusCode).toBe(400);
    expect(single.json().error).toEqual({ code: "VALIDATION_FAILED", message: `Invalid field '${field.replace("items.0.", "")}': ${message}` });
    expect(await t.db.select().from(orders).where(eq(orders.userId, buyer.account.id))).toEqual([]);
  });
});
