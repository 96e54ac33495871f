import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { AppError, BOOKING_FEE_PENCE, DEFAULT_TICKET_TYPE_NAME, type EditableEvent, type EventDetail } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createUser, futureDay } from "../../../../test/fixtures";
import { eventInput, signInAs } from "../../../../test/organiser";
import { paidLocally } from "../../../../test/purchases";
import { rowsOf } from "../../db/client";
import { bookings, orderLines, orders } from "../../db/schema";
import { confirmOrder, createPayment } from "../checkout/checkout.service";

/** Ticket types (decision D24, issue 36): what an event sells, each with its own price, capacity and window. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let organiser: AuthClient;
beforeAll(async () => {
  t = await createTestApp();
  const signedIn = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  organiser = signedIn.client;
});
afterAll(async () => t.close());

const inDays = (days: number) => futureDay(days).toISOString();

/** The example: Early bird until a date, Standard, VIP, and a hidden Crew type, under 150 places. */
const festivalTypes = () => [
  { name: "Early bird", pricePence: 1000, capacity: 50, salesEnd: inDays(20) },
  { name: "Standard", pricePence: 1500 },
  { name: "VIP", pricePence: 4000, capacity: 20, maxPerOrder: 4, description: "Balcony and a drink" },
  { name: "Crew", pricePence: 500, hidden: true },
];

async function createFestival(overrides: Record<string, unknown> = {}): Promise<EditableEvent> {
  const response = await organiser.post("/api/events", { ...eventInput({ maxAttendees: 150 }), ticketTypes: festivalTypes(), ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json() as EditableEvent;
}

async function publicEvent(id: string): Promise<EventDetail> {
  const response = await t.app.inject({ method: "GET", url: `/api/events/${id}` });
  expect(response.statusCode).toBe(200);
  return response.json() as EventDetail;
}

const refusal = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => (error instanceof AppError ? { code: error.code, message: error.message, reason: (error.details as { reason?: string } | undefined)?.reason } : Promise.reject(error)),
  );

describe("an event made the spec's way sells one type", () => {
  it("gets one type at its price under its capacity, and its page answers it with the all-in price", async () => {
    const response = await organiser.post("/api/events", eventInput({ pricePence: 2250, maxAttendees: 80 }));
    expect(response.statusCode, response.body).toBe(201);
    const created = response.json() as EditableEvent;
    expect(created.ticketTypes).toMatchObject([{ name: DEFAULT_TICKET_TYPE_NAME, pricePence: 2250, capacity: null, hidden: false, sold: 0, removable: true }]);
    const page = await publicEvent(created.id);
    expect(page).toMatchObject({ pricePence: 2250, allInPricePence: 2250 + BOOKING_FEE_PENCE, severalPrices: false, remaining: 80 });
    expect(page.ticketTypes).toEqual([
      expect.objectContaining({ name: DEFAULT_TICKET_TYPE_NAME, pricePence: 2250, allInPricePence: 2250 + BOOKING_FEE_PENCE, remaining: 80, onSale: true, salesState: "on-sale", maxPerOrder: 50 }),
    ]);
  });

  it("changes its one type's price when the spec's form changes the price, and what was sold keeps its price", async () => {
    const created = (await organiser.post("/api/events", eventInput({ pricePence: 1200 }))).json() as EditableEvent;
    const buyer = await createUser(t.db);
    const first = await createPayment({ db: t.db, userId: buyer.id, input: { attendeeName: "Early Buyer", eventId: created.id, ticketQuantity: 2 } });
    const edited = await organiser.request("PATCH", `/api/events/${created.id}`, { ...eventInput({ pricePence: 1800 }), title: created.title });
    expect(edited.statusCode, edited.body).toBe(200);
    expect((edited.json() as EditableEvent).ticketTypes).toMatchObject([{ id: created.ticketTypes[0]!.id, pricePence: 1800 }]);
    const [line] = await t.db.select().from(orderLines).where(eq(orderLines.orderId, first.id));
    expect(line).toMatchObject({ ticketTypeId: created.ticketTypes[0]!.id, unitPricePence: 1200 });
  });
});

describe("an event with several types", () => {
  it("lists its shown types in order with their all-in prices, and its cards go 'from' the lowest shown price", async () => {
    const festival = await createFestival();
    expect(festival.ticketTypes.map((type) => [type.name, type.pricePence, type.capacity, type.hidden])).toEqual([
      ["Early bird", 1000, 50, false],
      ["Standard", 1500, null, false],
      ["VIP", 4000, 20, false],
      ["Crew", 500, null, true],
    ]);
    const page = await publicEvent(festival.id);
    // Crew is hidden: not listed, and not the price a visitor is shown.
    expect(page.ticketTypes.map((type) => [type.name, type.allInPricePence, type.remaining, type.onSale])).toEqual([
      ["Early bird", 1000 + BOOKING_FEE_PENCE, 50, true],
      ["Standard", 1500 + BOOKING_FEE_PENCE, 150, true],
      ["VIP", 4000 + BOOKING_FEE_PENCE, 20, true],
    ]);
    expect(page).toMatchObject({ pricePence: 1000, allInPricePence: 1000 + BOOKING_FEE_PENCE, severalPrices: true });
    expect(page.ticketTypes[2]).toMatchObject({ description: "Balcony and a drink", maxPerOrder: 4 });
  });

  it("sells each line at its type's price, counts each type's places and the event's, and names a line's type", async () => {
    const festival = await createFestival();
    const [early, standard, vip, crew] = festival.ticketTypes;
    const buyer = await createUser(t.db);
    const order = await createPayment({
      db: t.db,
      userId: buyer.id,
      input: { attendeeName: "Grace Types", items: [{ eventId: festival.id, ticketTypeId: standard!.id, ticketQuantity: 2 }, { eventId: festival.id, ticketTypeId: vip!.id, ticketQuantity: 1 }] },
    });
    expect(order.totalPence).toBe(2 * (1500 + BOOKING_FEE_PENCE) + (4000 + BOOKING_FEE_PENCE));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order.id));
    expect(lines.map((line) => [line.ticketTypeId, line.quantity, line.unitPricePence]).sort()).toEqual(
      [
        [standard!.id, 2, 1500],
        [vip!.id, 1, 4000],
      ].sort(),
    );
    const page = await publicEvent(festival.id);
    expect(page.ticketTypes.map((type) => type.remaining)).toEqual([50, 147, 19]);

    await paidLocally(t.db, [order.sessionId]);
    await confirmOrder({ db: t.db, jobs: t.app.jobs, company: t.config.company, sessionId: order.sessionId });
    const sold = await t.db.select().from(bookings).where(eq(bookings.eventId, festival.id));
    expect(sold.map((booking) => [booking.ticketTypeId, booking.ticketQuantity]).sort()).toEqual(
      [
        [standard!.id, 2],
        [vip!.id, 1],
      ].sort(),
    );

    // Refused by name: a hidden type (sold only with a code), no type on an event with several, another event's type.
    const other = await createUser(t.db);
    const ask = (input: Record<string, unknown>) => refusal(createPayment({ db: t.db, userId: other.id, input: { attendeeName: "Alan Types", ...input } }));
    expect(await ask({ eventId: festival.id, ticketTypeId: crew!.id, ticketQuantity: 1 })).toMatchObject({ reason: "TICKET_TYPE_NOT_FOUND" });
    expect(await ask({ eventId: festival.id, ticketQuantity: 1 })).toMatchObject({ reason: "TICKET_TYPE_REQUIRED", message: expect.stringContaining("Choose a ticket type") });
    const elsewhere = await createFestival();
    expect(await ask({ eventId: festival.id, ticketTypeId: elsewhere.ticketTypes[1]!.id, ticketQuantity: 1 })).toMatchObject({ reason: "TICKET_TYPE_NOT_FOUND" });
    // VIP sells at most 4 to an order; Early bird's own 50 places.
    expect(await ask({ eventId: festival.id, ticketTypeId: vip!.id, ticketQuantity: 5 })).toMatchObject({ reason: "ORDER_LIMIT", message: expect.stringContaining("at most 4 VIP tickets") });
    expect(await ask({ items: [{ eventId: festival.id, ticketTypeId: early!.id, ticketQuantity: 30 }, { eventId: festival.id, ticketTypeId: early!.id, ticketQuantity: 21 }] })).toMatchObject({
      reason: "NOT_ENOUGH_LEFT",
      message: `Only 50 Early bird tickets left for ${festival.title}.`,
    });
  });

  it("stops a type outside its sales window, saying when it opens or that it has ended", async () => {
    const festival = await createFestival({
      ticketTypes: [
        { name: "Later", pricePence: 1500, salesStart: inDays(3) },
        { name: "Gone", pricePence: 900, salesStart: new Date(Date.now() - 5 * 86_400_000).toISOString(), salesEnd: new Date(Date.now() - 86_400_000).toISOString() },
      ],
    });
    const page = await publicEvent(festival.id);
    expect(page.ticketTypes.map((type) => [type.name, type.salesState, type.onSale])).toEqual([
      ["Later", "not-yet", false],
      ["Gone", "ended", false],
    ]);
    const buyer = await createUser(t.db);
    const ask = (typeId: string) => refusal(createPayment({ db: t.db, userId: buyer.id, input: { attendeeName: "Window Buyer", eventId: festival.id, ticketTypeId: typeId, ticketQuantity: 1 } }));
    expect(await ask(festival.ticketTypes[0]!.id)).toMatchObject({ reason: "NOT_ON_SALE_YET", message: expect.stringContaining("go on sale on") });
    expect(await ask(festival.ticketTypes[1]!.id)).toMatchObject({ reason: "SALES_ENDED" });
  });
});

describe("editing an event's types", () => {
  it("changes, reorders, adds and removes types; a type with sales can be ended but not removed", async () => {
    const festival = await createFestival();
    const [early, standard, vip, crew] = festival.ticketTypes;
    const buyer = await createUser(t.db);
    await createPayment({ db: t.db, userId: buyer.id, input: { attendeeName: "Held Buyer", eventId: festival.id, ticketTypeId: vip!.id, ticketQuantity: 1 } });
    const edit = (ticketTypes: unknown[]) => organiser.request("PATCH", `/api/events/${festival.id}`, { ...eventInput({ maxAttendees: 150 }), title: festival.title, ticketTypes });

    const removingVip = await edit([{ ...early!, id: early!.id }, { id: standard!.id, name: "Standard", pricePence: 1500 }]);
    expect(removingVip.statusCode).toBe(409);
    expect(removingVip.json().error.message).toContain("VIP has tickets sold or being bought, so it cannot be removed");

    const ended = new Date(Date.now() - 60_000).toISOString();
    const edited = await edit([
      { id: vip!.id, name: "VIP Balcony", pricePence: 4500, capacity: 20, salesEnd: ended },
      { id: standard!.id, name: "Standard", pricePence: 1600 },
      { name: "Student", pricePence: 800, maxPerOrder: 1 },
    ]);
    expect(edited.statusCode, edited.body).toBe(200);
    const after = edited.json() as EditableEvent;
    expect(after.ticketTypes.map((type) => [type.name, type.pricePence])).toEqual([
      ["VIP Balcony", 4500],
      ["Standard", 1600],
      ["Student", 800],
    ]);
    // Early bird and Crew had no sales: gone. The card price follows the shown types.
    expect(after.ticketTypes.map((type) => type.id)).not.toContain(early!.id);
    expect(after.ticketTypes.map((type) => type.id)).not.toContain(crew!.id);
    expect(await publicEvent(festival.id)).toMatchObject({ pricePence: 800, severalPrices: true });
  });

  it("refuses a type of another event, two types of one name, and no types at all", async () => {
    const festival = await createFestival();
    const elsewhere = await createFestival();
    const edit = (ticketTypes: unknown[]) => organiser.request("PATCH", `/api/events/${festival.id}`, { ...eventInput({ maxAttendees: 150 }), title: festival.title, ticketTypes });
    const foreign = await edit([{ id: elsewhere.ticketTypes[0]!.id, name: "Stolen", pricePence: 100 }]);
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().error.message).toContain("is not one of this event's");
    const twice = await edit([
      { name: "Standard", pricePence: 1500 },
      { name: "standard", pricePence: 1600 },
    ]);
    expect(twice.statusCode).toBe(400);
    expect(twice.json().error.message).toContain("Two ticket types are called standard");
    const none = await edit([]);
    expect(none.statusCode).toBe(400);
  });
});

describe("capacity under a rush, per type and per event (issue 36)", () => {
  it("sells exactly a type's places and never more than the event's, however many buyers race", async () => {
    // VIP 20 and Standard 60 under an event capacity of 50: the event runs out first.
    const festival = await createFestival({ maxAttendees: 50, ticketTypes: [{ name: "VIP", pricePence: 4000, capacity: 20 }, { name: "Standard", pricePence: 1500, capacity: 60 }] });
    const [vip, standard] = festival.ticketTypes;
    const people = await Promise.all(Array.from({ length: 80 }, () => createUser(t.db)));
    const results = await Promise.all(
      people.map((buyer, i) =>
        refusal(createPayment({ db: t.db, userId: buyer.id, input: { attendeeName: "Rush Buyer", eventId: festival.id, ticketTypeId: (i % 2 ? standard : vip)!.id, ticketQuantity: 1 } })),
      ),
    );
    const held = results.filter((result) => result === null).length;
    const heldOf = async (typeId: string) =>
      rowsOf<{ n: number }>(await t.db.execute(sql`select coalesce(sum(quantity), 0)::int as n from ${orderLines} join ${orders} on ${orders.id} = ${orderLines.orderId} where ${orderLines.ticketTypeId} = ${typeId} and ${orders.status} = 'pending'`))[0]!.n;
    expect(await heldOf(vip!.id)).toBe(20);
    expect(await heldOf(standard!.id)).toBe(30);
    expect(held).toBe(50);
    expect(results.filter((result) => result?.reason === "SOLD_OUT").length).toBe(30);
  });
});
