import { randomUUID } from "node:crypto";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BOOKING_FEE_PENCE, organiserFee, type CodeSummary, type EditableEvent } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { eventInput, signInAs } from "../../../../test/organiser";
import { affiliates, bookings, ledgerEntries, orderLines, orders } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";
import { REFUND_REASONS } from "./checkout.service";

/**
 * Checkout with a discount or access code (issue 37, decision 042): every line priced by the server, the
 * code's uses held with the hold under a lock on the code, released when the hold lapses or is cancelled,
 * and re-counted for a late payment. The file's closing reconcile must find nothing wrong.
 */
const t = setUpTestApp();

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const newBuyer = () => signInAs(t.app, t.db, t.config.publicUrl, "user");

async function organiserEvent(organiser: Awaited<ReturnType<typeof newBuyer>>, types = [{ name: "Standard", pricePence: 2000 }, { name: "Crew", pricePence: 3000, hidden: true }]) {
  const created = await organiser.client.post("/api/events", { ...eventInput({ maxAttendees: 100 }), title: `Code Night ${randomUUID().slice(0, 8)}`, ticketTypes: types });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json() as EditableEvent;
  const edit = (await organiser.client.get(`/api/events/${event.id}/edit`)).json() as { ticketTypes: { id: string; name: string }[] };
  return { event, typeId: (name: string) => edit.ticketTypes.find((type) => type.name === name)!.id };
}

async function setUp(code: Record<string, unknown>, forAllEvents = false) {
  const organiser = await newBuyer();
  const { event, typeId } = await organiserEvent(organiser);
  const made = await organiser.client.post("/api/codes", { eventId: forAllEvents ? null : event.id, ...code });
  expect(made.statusCode, made.body).toBe(201);
  return { organiser, event, typeId, code: made.json() as CodeSummary };
}

const checkout = (buyer: Buyer, body: Record<string, unknown>) => buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", ...body });

async function pay(buyer: Buyer, sessionId: string) {
  const paid = await buyer.client.post(`/api/checkout/test/${sessionId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}

async function linesOf(sessionId: string) {
  return t.db
    .select({ unit: orderLines.unitPricePence, discount: orderLines.discountPerTicketPence, fee: orderLines.feePerTicketPence, codeId: orderLines.codeId, quantity: orderLines.quantity, total: orderLines.totalPence })
    .from(orderLines)
    .innerJoin(orders, eq(orders.id, orderLines.orderId))
    .where(eq(orders.sessionId, sessionId));
}

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string; details?: { reason?: string } } }).error;

describe("checkout with a code (issue 37)", () => {
  it("gives exactly 5 discounted tickets to 20 buyers racing for a code with 5 uses left, across the organiser's events", async () => {
    // A code for all the organiser's events: each event's holds queue on their own event's lock, so only the
    // lock on the code keeps buyers of different events from each counting the same uses left.
    const organiser = await newBuyer();
    const shows = await Promise.all(Array.from({ length: 4 }, () => organiserEvent(organiser)));
    const made = await organiser.client.post("/api/codes", { code: "RUSH", effect: "percent", value: 50, maxUses: 6 });
    expect(made.statusCode, made.body).toBe(201);
    const first = await newBuyer();
    const used = await checkout(first, { eventId: shows[0]!.event.id, ticketTypeId: shows[0]!.typeId("Standard"), ticketQuantity: 1, code: "rush" });
    expect(used.statusCode, used.body).toBe(200);
    await pay(first, used.json().sessionId);

    const buyers = await Promise.all(Array.from({ length: 20 }, () => newBuyer()));
    // The events are held locked while every checkout arrives, then let go at once: the four events' first
    // holds then run together, each counting the uses left, and only the code's lock stands between them.
    let racing: Promise<Awaited<ReturnType<typeof checkout>>[]> | null = null;
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from events where id in (${sql.join(
        shows.map((show) => sql`${show.event.id}::uuid`),
        sql`, `,
      )}) order by id for no key update`);
      racing = Promise.all(
        buyers.map((buyer, i) => {
          const show = shows[i % shows.length]!;
          return checkout(buyer, { eventId: show.event.id, ticketTypeId: show.typeId("Standard"), ticketQuantity: 1, code: "Rush" });
        }),
      );
      // Long enough for every checkout to reach its event's lock (or its batch behind it) on a busy machine.
      await new Promise((resolve) => setTimeout(resolve, 3000));
    });
    const answers = await racing!;
    const held = answers.filter((answer) => answer.statusCode === 200);
    expect(held).toHaveLength(5);
    for (const refused of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(refused.statusCode).toBe(409);
      expect(errorOf(refused)).toMatchObject({ message: "This code has been used up", details: { reason: "CODE_USED_UP" } });
    }
    await Promise.all(held.map((answer) => pay(buyers[answers.indexOf(answer)]!, answer.json().sessionId)));
    const sold = await t.db
      .select({ unit: orderLines.unitPricePence, discount: orderLines.discountPerTicketPence, quantity: bookings.ticketQuantity })
      .from(bookings)
      .innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId))
      .where(eq(orderLines.codeId, made.json().id));
    expect(sold).toHaveLength(6);
    expect(sold.every((line) => line.unit === 1000 && line.discount === 1000 && line.quantity === 1)).toBe(true);
    const listed = ((await organiser.client.get("/api/codes")).json() as { codes: CodeSummary[] }).codes.find((code) => code.code === "RUSH")!;
    expect(listed).toMatchObject({ usesHeld: 0, usesConfirmed: 6, state: "used-up" });
  });

  it("gives a use back when a hold is cancelled or lapses, and refunds a late payment whose code's uses ran out meanwhile", async () => {
    const { event, typeId } = await setUp({ code: "ONCE", effect: "amount", value: 500, maxUses: 1 });
    const line = { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, code: "once" };
    const [a, b, c] = await Promise.all([newBuyer(), newBuyer(), newBuyer()]);
    const held = await checkout(a, line);
    expect(held.statusCode, held.body).toBe(200);
    expect(await linesOf(held.json().sessionId)).toEqual([expect.objectContaining({ unit: 1500, discount: 500, fee: BOOKING_FEE_PENCE, total: 1500 + BOOKING_FEE_PENCE })]);
    expect(errorOf(await checkout(b, line)).message).toBe("This code has been used up");

    // Cancelled: the use comes back.
    expect((await a.client.post(`/api/checkout/test/${held.json().sessionId}/cancel`)).statusCode).toBe(200);
    const second = await checkout(b, line);
    expect(second.statusCode, second.body).toBe(200);

    // Lapsed: the use comes back too (by the database's clock, as places do).
    await t.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.sessionId, second.json().sessionId));
    const third = await checkout(c, line);
    expect(third.statusCode, third.body).toBe(200);
    await pay(c, third.json().sessionId);

    // The lapsed hold's payment arrives late: its code's one use is gone, so it is refunded in full.
    await b.client.post(`/api/checkout/test/${second.json().sessionId}/pay`);
    const [late] = await t.db.select({ status: orders.status, reason: orders.refundReason }).from(orders).where(eq(orders.sessionId, second.json().sessionId));
    expect(late).toEqual({ status: "refunded", reason: REFUND_REASONS.codeUsedUp });
  });

  it("holds a per-buyer limit across two carts, held and then paid", async () => {
    const { event, typeId } = await setUp({ code: "TWO-EACH", effect: "percent", value: 10, maxPerBuyer: 2 });
    const buyer = await newBuyer();
    const line = (quantity: number) => ({ eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: quantity, code: "two-each" });
    const first = await checkout(buyer, line(1));
    expect(first.statusCode, first.body).toBe(200);
    const tooMany = await checkout(buyer, line(2));
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toMatchObject({ message: "This code can be used for at most 2 tickets per buyer, and you have already used it for 1", details: { reason: "CODE_BUYER_LIMIT" } });
    const second = await checkout(buyer, line(1));
    expect(second.statusCode, second.body).toBe(200);
    await pay(buyer, first.json().sessionId);
    await pay(buyer, second.json().sessionId);
    expect(errorOf(await checkout(buyer, line(1))).message).toBe("This code can be used for at most 2 tickets per buyer, and you have already used it for 2");
    // Another buyer has their own two.
    expect((await checkout(await newBuyer(), line(2))).statusCode).toBe(200);
  });

  it("sells a hidden type only with a code that names it, and nothing else with that code", async () => {
    const { organiser, event, typeId } = await setUp({ code: "CREW", effect: "none", ticketTypeIds: [] });
    const crewCode = await organiser.client.request("PATCH", `/api/codes/${((await organiser.client.get(`/api/codes?eventId=${event.id}`)).json() as { codes: CodeSummary[] }).codes[0]!.id}`, { ticketTypeIds: [typeId("Crew")] });
    expect(crewCode.statusCode, crewCode.body).toBe(200);
    expect((await organiser.client.post("/api/codes", { code: "TENOFF", eventId: event.id, effect: "percent", value: 10 })).statusCode).toBe(201);
    const buyer = await newBuyer();
    const crew = (code?: string) => checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Crew"), ticketQuantity: 1, ...(code ? { code } : {}) });

    for (const refused of [await crew(), await crew("tenoff")]) {
      expect(refused.statusCode).toBe(400);
      expect(errorOf(refused)).toMatchObject({ message: `That ticket type is not sold for ${event.title}.`, details: { reason: "TICKET_TYPE_NOT_FOUND" } });
    }
    const notHere = await checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, code: "crew" });
    expect(notHere.statusCode).toBe(400);
    expect(errorOf(notHere)).toMatchObject({ message: "This code does not apply to these tickets", details: { reason: "CODE_NOT_APPLICABLE" } });
    expect(errorOf(await crew("NOPE")).message).toBe("No code NOPE for this event");

    const sold = await crew("Crew");
    expect(sold.statusCode, sold.body).toBe(200);
    expect(await linesOf(sold.json().sessionId)).toEqual([expect.objectContaining({ unit: 3000, discount: 0, fee: BOOKING_FEE_PENCE })]);
    await pay(buyer, sold.json().sessionId);
    // The public page still lists only the shown type.
    const page = (await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).json() as { ticketTypes: { name: string }[] };
    expect(page.ticketTypes.map((type) => type.name)).toEqual(["Standard"]);
  });

  it("shows on the event page, with ?code=, the hidden types a code unlocks and the all-in prices with it, or why it cannot be used", async () => {
    const { organiser, event, typeId } = await setUp({ code: "QUARTER", effect: "percent", value: 25 });
    expect((await organiser.client.post("/api/codes", { code: "CREW", eventId: event.id, effect: "set_price", value: 0, ticketTypeIds: [typeId("Crew")] })).statusCode).toBe(201);
    expect((await organiser.client.post("/api/codes", { code: "LATER", eventId: event.id, effect: "none", validFrom: "2090-01-01T00:00:00Z" })).statusCode).toBe(201);
    type Page = { ticketTypes: { name: string; pricePence: number; allInPricePence: number; discountPence?: number }[]; code?: { code: string; state: string; message: string | null; effectText: string | null } };
    const page = async (query = "") => {
      const response = await t.app.inject({ method: "GET", url: `/api/events/${event.id}${query}` });
      expect(response.statusCode, response.body).toBe(200);
      return { ...(response.json() as Page), cacheControl: response.headers["cache-control"] };
    };
    const plain = await page();
    expect(plain.code).toBeUndefined();
    expect(plain.ticketTypes.map((type) => [type.name, type.allInPricePence])).toEqual([["Standard", 2000 + BOOKING_FEE_PENCE]]);

    const quarter = await page("?code=quarter");
    expect(quarter.cacheControl).toBe("private, no-store");
    expect(quarter.code).toEqual({ code: "QUARTER", state: "ok", message: null, effectText: "25% off" });
    expect(quarter.ticketTypes.map((type) => [type.name, type.pricePence, type.allInPricePence, type.discountPence])).toEqual([["Standard", 1500, 1500 + BOOKING_FEE_PENCE, 500]]);

    const crew = await page("?code=Crew");
    expect(crew.code).toMatchObject({ state: "ok", message: null, effectText: "Free" });
    expect(crew.ticketTypes.map((type) => [type.name, type.allInPricePence, type.discountPence])).toEqual([
      ["Standard", 2000 + BOOKING_FEE_PENCE, 0],
      ["Crew", 0, 3000],
    ]);

    expect((await page("?code=later")).code).toMatchObject({ state: "not-yet", message: "This code is not valid yet" });
    expect((await page("?code=later")).ticketTypes.map((type) => type.allInPricePence)).toEqual([2000 + BOOKING_FEE_PENCE]);
    expect((await page("?code=nope")).code).toEqual({ code: "NOPE", state: "not-found", message: "No code NOPE for this event", effectText: null });
  });

  it("makes a ticket free with a 100% code: no fee, no payment, nothing on the ledger", async () => {
    const { event, typeId } = await setUp({ code: "GUEST", effect: "percent", value: 100 });
    const buyer = await newBuyer();
    const started = await checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, code: "guest" });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    expect(sessionId).toMatch(/^free_/);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order).toMatchObject({ status: "confirmed", totalPence: 0, feesPence: 0, paidAt: null, receiptNumber: null });
    expect(await linesOf(sessionId)).toEqual([expect.objectContaining({ unit: 0, discount: 2000, fee: 0, total: 0, quantity: 2 })]);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.orderId, order!.id))).toEqual([]);
  });

  it("refunds a discounted ticket what was paid; the organiser fee is on the price paid; reconcile holds prices to the type's less the code's discount", async () => {
    const { organiser, event, typeId, code } = await setUp({ code: "QUARTER", effect: "percent", value: 25 });
    const buyer = await newBuyer();
    const started = await checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, code: "quarter" });
    expect(started.statusCode, started.body).toBe(200);
    const { sessionId } = started.json() as { sessionId: string };
    const test = (await buyer.client.get(`/api/checkout/test/${sessionId}`)).json() as { totalPence: number };
    expect(test.totalPence).toBe(2 * (1500 + BOOKING_FEE_PENCE));
    await pay(buyer, sessionId);
    const [booking] = await t.db.select({ id: bookings.id, total: bookings.totalAmountPence }).from(bookings).where(eq(bookings.stripeSessionId, sessionId));
    expect(booking!.total).toBe(2 * (1500 + BOOKING_FEE_PENCE));
    const [orgFee] = await t.db.select({ pence: ledgerEntries.amountPence }).from(ledgerEntries).where(and(eq(ledgerEntries.bookingId, booking!.id), eq(ledgerEntries.kind, "organiser_fee")));
    expect(orgFee!.pence).toBe(organiserFee(1500, 2));

    const refunded = await organiser.client.post(`/api/bookings/${booking!.id}/refunds`, { reason: "Cannot come", requestKey: randomUUID(), quantity: 1 });
    expect(refunded.statusCode, refunded.body).toBe(200);
    expect(refunded.json()).toMatchObject({ status: "succeeded", ticketPence: 1500, feePence: BOOKING_FEE_PENCE });
    expect((await reconcile(t.db)).problems).toEqual([]);

    // The organiser's statement shows what was paid and, apart, what the code gave away on the tickets sold.
    const statement = await organiser.client.get(`/api/payouts/statements/${event.id}`);
    expect(statement.statusCode, statement.body).toBe(200);
    expect(statement.json()).toMatchObject({ grossSalesPence: 3000, ticketRefundsPence: 1500, discountsPence: 1000, ticketTypes: [{ name: "Standard", ticketsSold: 2, ticketsRefunded: 1, grossSalesPence: 3000, discountsPence: 1000 }] });
    const csv = (await organiser.client.get("/api/payouts/statements.csv")).body;
    expect(csv.split("\n")[0]).toMatch(/,Discounts given \(codes\)\r?$/);
    expect(csv).toContain(event.title);

    // A line's price must be its type's less its code's discount: a wrong price is reported.
    const [line] = await t.db.select({ id: orderLines.id }).from(orderLines).innerJoin(orders, eq(orders.id, orderLines.orderId)).where(eq(orders.sessionId, sessionId));
    const problemsWith = async (change: Partial<typeof orderLines.$inferInsert>) => {
      await t.db.update(orderLines).set(change).where(eq(orderLines.id, line!.id));
      const found = (await reconcile(t.db)).problems.map((problem) => problem.problem);
      await t.db.update(orderLines).set({ unitPricePence: 1500, discountPerTicketPence: 500 }).where(eq(orderLines.id, line!.id));
      return found;
    };
    expect(await problemsWith({ unitPricePence: 2000 })).toContainEqual(expect.stringMatching(/sold tickets at £20\.00, but its ticket type's price, unchanged since, less its discount of £5\.00 is £15\.00/));
    expect(await problemsWith({ unitPricePence: 1900, discountPerTicketPence: 100 })).toContainEqual(expect.stringMatching(new RegExp(`took £1\\.00 off each ticket, but its code ${code.code}, unchanged since, takes £5\\.00 off its ticket type's price`)));
    expect((await reconcile(t.db)).problems).toEqual([]);
    expect(await t.db.select({ n: sql<number>`count(*)::int` }).from(orderLines).where(inArray(orderLines.codeId, [code.id]))).toEqual([{ n: 1 }]);
  });

  it("carries an affiliate code and a discount code in one order: the commission is on the booking fee of the price paid (issue 37)", async () => {
    const { event, typeId } = await setUp({ code: "HALF", effect: "percent", value: 50 });
    const promoter = await newBuyer();
    const [affiliate] = await t.db.insert(affiliates).values({ userId: promoter.account.id, affiliateCode: "PROMO37" }).returning();
    const buyer = await newBuyer();
    const started = await checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, code: "half", affiliateCode: "promo37" });
    expect(started.statusCode, started.body).toBe(200);
    await pay(buyer, started.json().sessionId);
    const [order] = await t.db.select({ affiliateId: orders.affiliateId, total: orders.totalPence }).from(orders).where(eq(orders.sessionId, started.json().sessionId));
    expect(order).toEqual({ affiliateId: affiliate!.id, total: 2 * (1000 + BOOKING_FEE_PENCE) });
    expect(await linesOf(started.json().sessionId)).toEqual([expect.objectContaining({ unit: 1000, discount: 1000, fee: BOOKING_FEE_PENCE })]);
    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripeSessionId, started.json().sessionId));
    const entries = await t.db.select({ kind: ledgerEntries.kind, pence: ledgerEntries.amountPence }).from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking!.id));
    // 10% of the booking fee (never discounted), and the organiser fee on the £10.00 paid, not the £20.00 price.
    expect(entries).toEqual(expect.arrayContaining([{ kind: "commission", pence: Math.round((2 * BOOKING_FEE_PENCE) / 10) }, { kind: "organiser_fee", pence: organiserFee(1000, 2) }, { kind: "ticket_sale", pence: 2000 }]));
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});
