import { and, eq, inArray, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, CHECKOUT_RATE_LIMIT, MAX_TICKETS_PER_EVENT } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { affiliateCommissions, affiliates, bookings, events, orderLines, orders } from "../../db/schema";

/** Issue 16 "Integrity of money and tickets": deleted events, per-account limits, self-commission. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let organiser: Awaited<ReturnType<typeof signInAs>>;
beforeAll(async () => {
  t = await createTestApp();
  organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
});
afterAll(async () => t.close());

const newBuyer = () => signInAs(t.app, t.db, t.config.publicUrl, "user");
const paidEvent = (pricePence = 2230, maxAttendees: number | null = null) =>
  createEvent(t.db, { userId: organiser.account.id, pricePence, maxAttendees, title: `Integrity ${Math.random().toString(36).slice(2, 8)}` });
const buy = (client: AuthClient, body: unknown) => client.post("/api/functions/create-payment", body);
const pay = (client: AuthClient, sessionId: string) => client.post(`/api/checkout/test/${sessionId}/pay`);
const verify = (client: AuthClient, sessionId: string) => client.post("/api/functions/verify-payment", { sessionId });
const deleteEvent = (eventId: string) => organiser.client.request("DELETE", `/api/events/${eventId}`);
const ordersOf = (userId: string) => t.db.select().from(orders).where(eq(orders.userId, userId));

/** Places an event's unexpired pending checkouts hold, from the database. */
async function heldPlaces(eventId: string, userId?: string) {
  const [row] = await t.db
    .select({ n: sql<number>`coalesce(sum(${orderLines.quantity}), 0)::int` })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(and(eq(orderLines.eventId, eventId), eq(orders.status, "pending"), sql`${orders.expiresAt} > now()`, userId ? eq(orders.userId, userId) : undefined));
  return row!.n;
}

describe("an event with live holds or sold tickets cannot be deleted (issue 16)", () => {
  it("refuses to delete an event while a checkout holds its places, and the buyer's payment then gets its ticket", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent(2230);
    const started = await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
    expect(started.statusCode).toBe(200);
    const { sessionId } = started.json();

    const refused = await deleteEvent(event.id);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Tickets for this event are being bought right now, so it cannot be deleted. Please try again once those checkouts have ended.");
    expect(await t.db.select().from(events).where(eq(events.id, event.id))).toHaveLength(1);

    expect((await pay(buyer.client, sessionId)).statusCode).toBe(200);
    const verified = (await verify(buyer.client, sessionId)).json();
    expect(verified).toMatchObject({ success: true, bookings: [{ event_id: event.id, ticket_quantity: 1, total_amount_pence: 2230 + BOOKING_FEE_PENCE }] });
    expect((await deleteEvent(event.id)).statusCode).toBe(409);
  });

  it("deletes an event whose only checkouts were cancelled or lapsed, keeping those orders", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent();
    const cancelled = (await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json();
    await buyer.client.post(`/api/checkout/test/${cancelled.sessionId}/cancel`);
    const lapsed = (await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).json();
    await t.db.update(orders).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(orders.sessionId, lapsed.sessionId));
    expect((await deleteEvent(event.id)).statusCode).toBe(204);
    expect((await ordersOf(buyer.account.id)).map((order) => order.sessionId).sort()).toEqual([cancelled.sessionId, lapsed.sessionId].sort());
  });

  it("never leaves a paid order without bookings when checkouts and deletions race (12 pairs)", async () => {
    const buyers = await Promise.all(Array.from({ length: 4 }, () => newBuyer()));
    const pairs = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const event = await paidEvent(2230);
        const buyer = buyers[i % buyers.length]!;
        // Each pair's delete starts a few database round trips later than the last, so the deletes land
        // at different points of the checkouts: before, during and after their transactions.
        const lateDelete = async () => {
          for (let k = 0; k < i; k++) await t.db.execute(sql`select 1`);
          return deleteEvent(event.id);
        };
        const [created, deleted] = await Promise.all([buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 }), lateDelete()]);
        return { event, buyer, created, deleted };
      }),
    );
    for (const { created, deleted } of pairs) {
      expect([created.statusCode, deleted.statusCode]).toSatisfy(
        ([c, d]: number[]) => (c === 200 && d === 409) || (c === 404 && d === 204),
      );
    }
    const paid = pairs.filter((pair) => pair.created.statusCode === 200);
    const answers = await Promise.all(paid.map(async ({ buyer, created }) => {
      const { sessionId } = created.json();
      const payment = await pay(buyer.client, sessionId);
      return { payment, verified: await verify(buyer.client, sessionId) };
    }));
    for (const { payment, verified } of answers) {
      expect(payment.statusCode).toBe(200);
      expect(verified.json()).toMatchObject({ success: true, bookings: [{ ticket_quantity: 1 }] });
    }
    const sessions = paid.map((pair) => pair.created.json().sessionId as string);
    if (sessions.length) {
      const confirmedWithoutBookings = await t.db.execute(
        sql`select o.id from ${orders} o where o.session_id in ${sessions} and o.status = 'confirmed' and not exists (select 1 from ${bookings} b where b.stripe_session_id = o.session_id)`,
      );
      expect((confirmedWithoutBookings as unknown as { rows: unknown[] }).rows).toEqual([]);
    }
  });

  it("keeps bookings and order lines when anything tries to delete their event's row", async () => {
    const event = await paidEvent();
    await createBooking(t.db, { eventId: event.id, quantity: 1 });
    await expect(t.db.delete(events).where(eq(events.id, event.id))).rejects.toThrow();
    const buyer = await newBuyer();
    const held = await paidEvent();
    await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: held.id, ticketQuantity: 1 });
    await expect(t.db.delete(events).where(eq(events.id, held.id))).rejects.toThrow();
    expect(await t.db.select().from(orderLines).where(eq(orderLines.eventId, held.id))).toHaveLength(1);
  });
});

describe("one account cannot hold almost every place (issue 16)", () => {
  it("caps one event's tickets in one order after merging the cart's lines, and holds nothing", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent(1000, 4893);
    const twenty = await buy(buyer.client, { attendeeName: "Ada Lovelace", items: Array.from({ length: 20 }, () => ({ eventId: event.id, ticketQuantity: 50 })) });
    expect(twenty.statusCode).toBe(400);
    expect(twenty.json().error.message).toBe(`You can buy at most ${MAX_TICKETS_PER_EVENT} tickets for ${event.title} in one order (this order asks for 1000).`);
    const two = await buy(buyer.client, { attendeeName: "Ada Lovelace", items: [{ eventId: event.id, ticketQuantity: 30 }, { eventId: event.id, ticketQuantity: 21 }] });
    expect(two.statusCode).toBe(400);
    expect(await ordersOf(buyer.account.id)).toEqual([]);
    expect(await heldPlaces(event.id)).toBe(0);
  });

  it("prices a cart naming one event twice once, from the database, as one merged line", async () => {
    const buyer = await newBuyer();
    const [first, second] = [await paidEvent(1500), await paidEvent(4000)];
    const response = await buy(buyer.client, { attendeeName: "Ada Lovelace",
      items: [
        { eventId: first.id, ticketQuantity: 2 },
        { eventId: second.id, ticketQuantity: 1 },
        { eventId: first.id, ticketQuantity: 3 },
      ],
    });
    expect(response.statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, response.json().sessionId));
    const lines = await t.db.select().from(orderLines).where(eq(orderLines.orderId, order!.id));
    expect(lines.map((line) => [line.eventId, line.quantity, line.unitPricePence, line.totalPence]).sort()).toEqual(
      [
        [first.id, 5, 1500, (1500 + BOOKING_FEE_PENCE) * 5],
        [second.id, 1, 4000, 4000 + BOOKING_FEE_PENCE],
      ].sort(),
    );
    expect(order).toMatchObject({ subtotalPence: 1500 * 5 + 4000, feesPence: BOOKING_FEE_PENCE * 6, totalPence: (1500 + BOOKING_FEE_PENCE) * 5 + 4000 + BOOKING_FEE_PENCE });
    // The merged line is what the limit sees: 5 held + 46 more would be 51.
    const over = await buy(buyer.client, { attendeeName: "Ada Lovelace", items: [{ eventId: first.id, ticketQuantity: 40 }, { eventId: first.id, ticketQuantity: 6 }] });
    expect(over.statusCode).toBe(409);
  });

  it("refuses a cart with one line over capacity as a whole: no order and no holds for any line, and names the event", async () => {
    const buyer = await newBuyer();
    const roomy = await paidEvent(1000, 100);
    const small = await paidEvent(1000, 3);
    const response = await buy(buyer.client, { attendeeName: "Ada Lovelace", items: [{ eventId: roomy.id, ticketQuantity: 2 }, { eventId: small.id, ticketQuantity: 4 }] });
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe(`Only 3 left for ${small.title}.`);
    expect(await ordersOf(buyer.account.id)).toEqual([]);
    expect(await heldPlaces(roomy.id)).toBe(0);
    expect(await heldPlaces(small.id)).toBe(0);
    expect((await t.app.inject({ method: "GET", url: `/api/events/${roomy.id}` })).json().remaining).toBe(100);
  });

  it("caps an account's open holds on one event across its unfinished checkouts", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent(1000, 4893);
    for (let i = 0; i < 4; i++) {
      const response = await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 12 });
      expect(response.statusCode).toBe(200);
    }
    const refused = await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 3 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe(
      `You already hold 48 tickets for ${event.title} in unfinished checkouts; one account may hold at most ${MAX_TICKETS_PER_EVENT}. Complete or cancel those checkouts first.`,
    );
    expect((await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 })).statusCode).toBe(200);
    expect(await heldPlaces(event.id, buyer.account.id)).toBe(MAX_TICKETS_PER_EVENT);
    // Another account is not affected, and a cancelled checkout frees the account's allowance.
    expect((await buy((await newBuyer()).client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 5 })).statusCode).toBe(200);
    const [one] = await ordersOf(buyer.account.id);
    await buyer.client.post(`/api/checkout/test/${one!.sessionId}/cancel`);
    expect((await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 12 })).statusCode).toBe(200);
  });

  it("lets concurrent checkouts of one account hold no more than the cap between them", async () => {
    const buyer = await newBuyer();
    const event = await paidEvent(1000, 4893);
    const responses = await Promise.all(Array.from({ length: 8 }, () => buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 20 })));
    const statuses = responses.map((r) => r.statusCode).sort();
    expect(statuses).toEqual([200, 200, 409, 409, 409, 409, 409, 409]);
    expect(await heldPlaces(event.id, buyer.account.id)).toBe(40);
  });

  it(`rate-limits create-payment to ${CHECKOUT_RATE_LIMIT.limit} a minute per account with a 429`, async () => {
    const buyer = await newBuyer();
    const event = await paidEvent(1000);
    for (let i = 0; i < CHECKOUT_RATE_LIMIT.limit; i++) expect((await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).statusCode).toBe(200);
    const limited = await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error).toMatchObject({ code: "RATE_LIMITED", message: `Too many checkouts started: at most ${CHECKOUT_RATE_LIMIT.limit} a minute. Please wait a moment and try again.` });
    expect((await ordersOf(buyer.account.id)).length).toBe(CHECKOUT_RATE_LIMIT.limit);
    expect((await buy((await newBuyer()).client, { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).statusCode).toBe(200);
  });
});

describe("no commission on one's own purchase (issue 16)", () => {
  it("pays no commission for a buyer's own code, falling back to the event's affiliate, nor to a buyer who is the event's affiliate", async () => {
    const buyer = await newBuyer();
    const promoter = await newBuyer();
    const [own] = await t.db.insert(affiliates).values({ userId: buyer.account.id, affiliateCode: "SELFBUY2" }).returning();
    const [promoters] = await t.db.insert(affiliates).values({ userId: promoter.account.id, affiliateCode: "PROMOTE2" }).returning();
    const promoted = await createEvent(t.db, { userId: organiser.account.id, pricePence: 3000, affiliateId: promoters!.id });
    const ownEvent = await createEvent(t.db, { userId: organiser.account.id, pricePence: 3000, affiliateId: own!.id });

    const viaOwnCode = (await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: promoted.id, ticketQuantity: 2, affiliateCode: "selfbuy2" })).json();
    await pay(buyer.client, viaOwnCode.sessionId);
    const asEventAffiliate = (await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: ownEvent.id, ticketQuantity: 1 })).json();
    await pay(buyer.client, asEventAffiliate.sessionId);
    const ownCodeOnOwnEvent = (await buy(buyer.client, { attendeeName: "Ada Lovelace", eventId: ownEvent.id, ticketQuantity: 1, affiliateCode: "SELFBUY2" })).json();
    await pay(buyer.client, ownCodeOnOwnEvent.sessionId);

    const ledger = await t.db.select().from(affiliateCommissions).where(inArray(affiliateCommissions.affiliateId, [own!.id, promoters!.id]));
    expect(ledger.map((row) => [row.affiliateId, row.amountPence])).toEqual([[promoters!.id, 46]]);
    const [ownTotals] = await t.db.select().from(affiliates).where(eq(affiliates.id, own!.id));
    expect(ownTotals).toMatchObject({ totalEarningsPence: 0, totalReferrals: 0 });
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, viaOwnCode.sessionId));
    expect(order!.affiliateId).toBeNull();
  });
});
