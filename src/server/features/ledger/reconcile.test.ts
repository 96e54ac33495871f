import { randomUUID } from "node:crypto";
import { and, eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { eventInput, signInAs } from "../../../../test/organiser";
import type { EditableEvent } from "../../../domain";
import { affiliates, bookings, ledgerEntries, orderLines, orders, refunds, tickets } from "../../db/schema";
import { formatReconcileReport, reconcile, type ReconcileProblem } from "./reconcile";
import { providerProblems } from "./reconcile-provider";

// Each test breaks the ledger on purpose: the file's own ledger check would fail it.
const t = setUpTestApp({}, { ledgerCheck: false });

/** A booking bought through the test checkout (with an affiliate's code when given), its order and its organiser. */
async function bought(quantity: number, options: { affiliateCode?: string; absorbsBookingFee?: boolean } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, absorbsBookingFee: options.absorbsBookingFee ?? false, maxAttendees: 20, title: `Ledger ${Math.random()}` });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: quantity, affiliateCode: options.affiliateCode });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  const [line] = await t.db.select().from(orderLines).where(eq(orderLines.id, booking!.orderLineId!));
  return { organiser: organiser.client, booking: booking!, orderId: line!.orderId };
}

async function refund(organiser: Awaited<ReturnType<typeof bought>>["organiser"], bookingId: string, quantity?: number) {
  const response = await organiser.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey: randomUUID() });
  expect(response.statusCode).toBe(200);
  expect(response.json().status).toBe("succeeded");
  return response.json() as { refundId: string };
}

async function newAffiliate() {
  const promoter = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const code = `AF${randomUUID().replace(/-/g, "").slice(0, 6).toUpperCase()}`;
  const [affiliate] = await t.db.insert(affiliates).values({ userId: promoter.account.id, affiliateCode: code }).returning();
  return affiliate!;
}

/** The problems the report names for this order or booking. */
async function problemsOf(ids: { orderId?: string; bookingId?: string; text?: string }): Promise<ReconcileProblem[]> {
  const report = await reconcile(t.db);
  return report.problems.filter(
    (problem) =>
      (ids.orderId !== undefined && problem.orderId === ids.orderId) ||
      (ids.bookingId !== undefined && problem.bookingId === ids.bookingId) ||
      (ids.text !== undefined && problem.problem.includes(ids.text)),
  );
}

describe("reconcile on a ledger that balances (decision 027)", () => {
  it("finds nothing wrong with sales, a partial refund, a full refund and an affiliate's commission and its reversal", async () => {
    const affiliate = await newAffiliate();
    const whole = await bought(2);
    await refund(whole.organiser, whole.booking.id);
    const part = await bought(3, { affiliateCode: affiliate.affiliateCode });
    await refund(part.organiser, part.booking.id, 1);
    await bought(1);
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    expect(report.orders).toBe(3);
    // 2 + 3 + 1 tickets at £20 with a £2.30 fee each; back: 2 tickets and their fees, and 1 and its fee.
    expect(report.chargedPence).toBe(6 * 2230);
    expect(report.refundedPence).toBe(3 * 2230);
    expect(report.heldPence).toBe(3 * 2230);
    expect(report.pendingRefunds).toBe(0);
    const [earner] = await t.db.select().from(affiliates).where(eq(affiliates.id, affiliate.id));
    // 10% of the booking fees: 69p on three tickets, 46p once one is refunded.
    expect(earner!.totalEarningsPence).toBe(46);
    expect(formatReconcileReport(report)).toContain("The ledger balances.");
  });
});

describe("reconcile names each way the ledger can break (decision 027)", () => {
  it("an order whose charge on the ledger is not what its buyer paid", async () => {
    const { orderId } = await bought(2);
    await t.db.update(orders).set({ totalPence: sql`${orders.totalPence} + 100` }).where(eq(orders.id, orderId));
    const [order] = await t.db.select().from(orders).where(eq(orders.id, orderId));
    // The local provider's payment is what its Pay button recorded on the order, so it disagrees with the ledger too.
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: null, problem: "charged £44.60 on the ledger, but the buyer paid £45.60" },
      { orderId, bookingId: null, problem: "the order's subtotal, fees and total are not its lines' tickets and fees" },
      { orderId, bookingId: null, problem: `the provider took £45.60 (${order!.paymentReference}), but the ledger charged £44.60` },
    ]);
  });

  it("a booking whose charge is not its tickets and fees as sold", async () => {
    const { orderId, booking } = await bought(2);
    await t.db.insert(ledgerEntries).values({ entryKey: `stray:${randomUUID()}`, kind: "booking_fee", amountPence: 50, orderId, bookingId: booking.id, providerRef: "pi_stray" });
    const problems = await problemsOf({ orderId });
    expect(problems).toContainEqual({ orderId, bookingId: booking.id, problem: "charged £40.00 for tickets and £5.10 in fees, but sold £40.00 and £4.60" });
    expect(problems).toContainEqual({ orderId, bookingId: null, problem: "charged £45.10 on the ledger, but the buyer paid £44.60" });
  });

  it("money paid back beyond what was charged", async () => {
    const { orderId } = await bought(1);
    // A chargeback on the order larger than the whole charge (£22.30).
    await t.db.insert(ledgerEntries).values({ entryKey: `dispute:${randomUUID()}`, kind: "dispute", amountPence: 2500, orderId, providerRef: "dp_test" });
    const [booking] = await t.db.select({ id: bookings.id }).from(bookings).innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId)).where(eq(orderLines.orderId, orderId));
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: null, problem: "paid back £25.00, more than the £22.30 charged" },
      { orderId, bookingId: booking!.id, problem: "the order was disputed (£25.00 taken back by the bank), but this booking is not marked disputed: its fees still count as the platform's" },
    ]);
  });

  it("a completed refund that is not on the ledger", async () => {
    const { orderId, booking } = await bought(2);
    const [missing] = await t.db
      .insert(refunds)
      .values({ requestKey: `missing:${randomUUID()}`, orderId, bookingId: booking.id, eventId: booking.eventId, quantity: 0, ticketPence: 0, feePence: 230, source: "organiser", reason: "Goodwill", status: "succeeded", providerRefundId: `re_missing_${randomUUID()}` })
      .returning();
    expect(await problemsOf({ orderId })).toEqual([{ orderId, bookingId: booking.id, problem: `refund ${missing!.id} paid £2.30, but the ledger has £0.00` }]);
  });

  it("money paid back on the ledger that no refund accounts for", async () => {
    const { orderId, booking } = await bought(2);
    // A booking fee 'refunded' straight onto the ledger: within the charge, and the tickets untouched.
    await t.db.insert(ledgerEntries).values({ entryKey: `stray-refund:${randomUUID()}`, kind: "fee_refund", amountPence: 230, orderId, bookingId: booking.id, providerRef: "re_unknown" });
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: booking.id, problem: "£2.30 paid back on the ledger (fee_refund) that no refund accounts for" },
      { orderId, bookingId: booking.id, problem: "£2.30 paid back on the ledger under re_unknown, which the provider has no refund of" },
    ]);
  });

  it("an entry written a microsecond before the provider was asked, in the same millisecond, is still looked for in its lists", async () => {
    const { orderId, booking } = await bought(2);
    const [entry] = await t.db
      .insert(ledgerEntries)
      .values({ entryKey: `stray-refund:${randomUUID()}`, kind: "fee_refund", amountPence: 230, orderId, bookingId: booking.id, providerRef: "re_same_ms", createdAt: sql`date_trunc('milliseconds', clock_timestamp()) + interval '100 microseconds'` })
      .returning({ askedAt: sql<string>`(created_at + interval '1 microsecond')::text` });
    const problems = await providerProblems(t.db, { askedAt: entry!.askedAt, payments: [], refunds: [], transfers: [] }, new Date(Date.now() - 3600_000));
    expect(problems).toContainEqual({ orderId, bookingId: booking.id, problem: "£2.30 paid back on the ledger under re_same_ms, which the provider has no refund of" });
  });

  it("a refund on the ledger for an amount other than it paid", async () => {
    const { organiser, orderId, booking } = await bought(2);
    const { refundId } = await refund(organiser, booking.id, 1);
    await t.db.update(refunds).set({ feePence: 0 }).where(eq(refunds.id, refundId));
    expect(await problemsOf({ orderId })).toEqual([{ orderId, bookingId: booking.id, problem: `refund ${refundId} paid £20.00, but the ledger has £22.30` }]);
  });

  it("a completed refund without the provider's refund id, or on the ledger under another", async () => {
    const first = await bought(2);
    const { refundId } = await refund(first.organiser, first.booking.id, 1);
    await t.db.update(refunds).set({ providerRefundId: null }).where(eq(refunds.id, refundId));
    expect(await problemsOf({ orderId: first.orderId })).toEqual([{ orderId: first.orderId, bookingId: first.booking.id, problem: `refund ${refundId} is not tied to the provider's refund id` }]);

    const second = await bought(2);
    const other = await refund(second.organiser, second.booking.id, 1);
    await t.db.update(refunds).set({ providerRefundId: `re_elsewhere_${randomUUID()}` }).where(eq(refunds.id, other.refundId));
    expect(await problemsOf({ orderId: second.orderId })).toEqual([{ orderId: second.orderId, bookingId: second.booking.id, problem: `refund ${other.refundId} is not tied to the provider's refund id` }]);
  });

  it("a refund still pending that is already on the ledger", async () => {
    const { organiser, orderId, booking } = await bought(2);
    const { refundId } = await refund(organiser, booking.id, 1);
    await t.db.update(refunds).set({ status: "pending" }).where(eq(refunds.id, refundId));
    // One report: the refund job may complete the refund again soon after.
    const report = await reconcile(t.db);
    expect(report.problems).toContainEqual({ orderId, bookingId: booking.id, problem: `refund ${refundId} is pending but already on the ledger` });
    expect(report.pendingRefunds).toBeGreaterThanOrEqual(1);
  });

  it("a booking whose ticket money does not match its valid tickets", async () => {
    const { orderId, booking } = await bought(3);
    // One ticket voided as if refunded, but no refund was made: £20 too much is still held for it.
    await t.db.update(bookings).set({ ticketQuantity: 2, refundedQuantity: 1 }).where(eq(bookings.id, booking.id));
    await t.db.update(tickets).set({ status: "refunded" }).where(and(eq(tickets.bookingId, booking.id), eq(tickets.position, 3)));
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: booking.id, problem: "ticket money left is £60.00, but its valid tickets and refunds on their way come to £40.00" },
      // Nor was its organiser fee taken off: it still owes the fee on three tickets.
      { orderId, bookingId: booking.id, problem: "owes £2.64 in organiser fees on the ledger, but the fee on its 2 valid tickets is £1.76" },
    ]);
  });

  it("a booking whose organiser fee is not the fee on its valid tickets (D22)", async () => {
    const { organiser, orderId, booking } = await bought(3);
    expect(await problemsOf({ orderId })).toEqual([]);
    // The fee taken at sale is a penny short of 2.9% + 30p on three £20 tickets (£2.64).
    await t.db.update(ledgerEntries).set({ amountPence: 263 }).where(eq(ledgerEntries.entryKey, `orgfee:${booking.id}`));
    expect(await problemsOf({ orderId })).toEqual([{ orderId, bookingId: booking.id, problem: "owes £2.63 in organiser fees on the ledger, but the fee on its 3 valid tickets is £2.64" }]);
    await t.db.update(ledgerEntries).set({ amountPence: 264 }).where(eq(ledgerEntries.entryKey, `orgfee:${booking.id}`));
    // A refund of one ticket whose reversal never reached the ledger: the booking owes, and the refund records, 88p less.
    const { refundId } = await refund(organiser, booking.id, 1);
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.entryKey, `refund:${refundId}:orgfee`));
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: booking.id, problem: "owes £2.64 in organiser fees on the ledger, but the fee on its 2 valid tickets is £1.76" },
      { orderId, bookingId: booking.id, problem: `refund ${refundId} takes £0.88 off the organiser fee, but the ledger has £0.00` },
    ]);
  });

  it("a booking whose absorbed booking fee is not the fee on the tickets whose fee was not given back (D22)", async () => {
    const { organiser, orderId, booking } = await bought(2, { absorbsBookingFee: true });
    expect(await problemsOf({ orderId })).toEqual([]);
    // No absorbed fee recorded at sale: the organiser would be paid £4.60 too much.
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.entryKey, `absorbed:${booking.id}`));
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: booking.id, problem: "owes £0.00 in absorbed booking fees on the ledger, but the fee absorbed on the 2 tickets whose fee was not given back is £4.60" },
    ]);
    await t.db.insert(ledgerEntries).values({ entryKey: `absorbed:${booking.id}`, kind: "absorbed_fee", amountPence: 460, orderId, bookingId: booking.id, eventId: booking.eventId, providerRef: "pi_test" });
    // An organiser's refund gives the fee back, so the organiser no longer owes it; recorded as kept, it is named.
    const { refundId } = await refund(organiser, booking.id, 1);
    expect(await problemsOf({ orderId })).toEqual([]);
    await t.db.update(refunds).set({ absorbedFeePence: 0 }).where(eq(refunds.id, refundId));
    expect(await problemsOf({ orderId })).toEqual([{ orderId, bookingId: booking.id, problem: `refund ${refundId} gives back £0.00 of absorbed booking fees, but the ledger has £2.30` }]);
    await t.db.update(refunds).set({ absorbedFeePence: 230 }).where(eq(refunds.id, refundId));
    // Called a buyer's request after the fact, the fee should have stayed owed: the reversal is now one too many.
    await t.db.update(refunds).set({ source: "buyer-request" }).where(eq(refunds.id, refundId));
    expect(await problemsOf({ orderId })).toEqual([
      { orderId, bookingId: booking.id, problem: "owes £2.30 in absorbed booking fees on the ledger, but the fee absorbed on the 2 tickets whose fee was not given back is £4.60" },
    ]);
  });

  it("an affiliate whose earnings are not the ledger's commission less its reversals", async () => {
    const affiliate = await newAffiliate();
    await bought(2, { affiliateCode: affiliate.affiliateCode });
    expect(await problemsOf({ text: affiliate.id })).toEqual([]);
    await t.db.update(affiliates).set({ totalEarningsPence: sql`${affiliates.totalEarningsPence} + 150` }).where(eq(affiliates.id, affiliate.id));
    expect(await problemsOf({ text: affiliate.id })).toEqual([{ orderId: null, bookingId: null, problem: `affiliate ${affiliate.id} shows earnings of £1.96, but the ledger gives £0.46` }]);

    // Earnings written straight onto an affiliate with no commission on the ledger at all.
    const unearned = await newAffiliate();
    await t.db.update(affiliates).set({ totalEarningsPence: 999 }).where(eq(affiliates.id, unearned.id));
    expect(await problemsOf({ text: unearned.id })).toEqual([{ orderId: null, bookingId: null, problem: `affiliate ${unearned.id} shows earnings of £9.99, but the ledger gives £0.00` }]);
  });

  it("a commission reversed beyond what the booking earned", async () => {
    const affiliate = await newAffiliate();
    const { orderId, booking } = await bought(1, { affiliateCode: affiliate.affiliateCode });
    await t.db.insert(ledgerEntries).values({ entryKey: `reversal:${randomUUID()}`, kind: "commission_reversal", amountPence: 500, orderId, bookingId: booking.id, affiliateId: affiliate.id });
    const problems = await problemsOf({ orderId, text: affiliate.id });
    expect(problems).toContainEqual({ orderId, bookingId: booking.id, problem: "commission reversed (£5.00) exceeds the £0.23 earned" });
    expect(problems).toContainEqual({ orderId: null, bookingId: null, problem: `affiliate ${affiliate.id} shows earnings of £0.23, but the ledger gives -£4.77` });
  });

  it("free tickets of a paid type: an order confirmed without payment whose line is not a free type's (issue 36)", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const created = await organiser.client.post("/api/events", { ...eventInput({ maxAttendees: 50 }), ticketTypes: [{ name: "Under 5s", pricePence: 0 }, { name: "Standard", pricePence: 1500 }] });
    expect(created.statusCode, created.body).toBe(201);
    const [free, standard] = (created.json() as EditableEvent).ticketTypes;
    const booked = await buyer.client.post("/api/functions/create-payment", { eventId: created.json().id, ticketTypeId: free!.id, ticketQuantity: 1, attendeeName: "Ada Lovelace" });
    expect(booked.statusCode, booked.body).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, booked.json().sessionId));
    expect(await problemsOf({ orderId: order!.id })).toEqual([]);
    // As if checkout had priced a Standard ticket at £0: the line and its ticket moved to the paid type.
    const [line] = await t.db.update(orderLines).set({ ticketTypeId: standard!.id }).where(eq(orderLines.orderId, order!.id)).returning();
    await t.db.update(bookings).set({ ticketTypeId: standard!.id }).where(eq(bookings.orderLineId, line!.id));
    expect(await problemsOf({ orderId: order!.id })).toContainEqual({
      orderId: order!.id,
      bookingId: null,
      problem: `order line ${line!.id} (event ${line!.eventId}) sold tickets at £0.00, but its ticket type's price, unchanged since, is £15.00`,
    });
  });

  it("prints each problem with its order and booking", async () => {
    const report = await reconcile(t.db);
    expect(report.problems.length).toBeGreaterThan(0);
    const printed = formatReconcileReport(report);
    expect(printed).toContain(`${report.problems.length} problems:`);
    const named = report.problems.find((problem) => problem.bookingId)!;
    expect(printed).toContain(`- order ${named.orderId}, booking ${named.bookingId}: ${named.problem}`);
    expect(printed).toMatch(/- ledger: affiliate [0-9a-f-]+ shows earnings/);
    expect(printed).not.toContain("The ledger balances.");
  });
});
