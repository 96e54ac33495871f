import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { bookings, codes, events, ledgerEntries, orderLines, orders, payoutReversals, payouts, profiles, refunds, ticketTypes, vatCreditNotes } from "../../db/schema";
import { QUEUES } from "../../jobs/jobs";
import { createLocalPayments } from "../../providers/payments/local";
import { createPaymentGateway, type PaymentGateway } from "../../providers/payments/payments";
import { createStripePayments } from "../../providers/payments/stripe";
import { runDuePayouts } from "../payouts/payouts.service";
import { completeRefund, startBookingRefund } from "../refunds/refunds.service";
import { reconcile } from "./reconcile";

// Each test breaks the money on purpose (issue 33): the file's own ledger check would fail it.
const t = setUpTestApp({}, { ledgerCheck: false });
const gateway = () => createPaymentGateway(t.config, t.db);

async function problemsNaming(...texts: string[]): Promise<string[]> {
  const report = await reconcile(t.db, { gateway: await gateway() });
  return report.problems.map((problem) => `${problem.orderId ?? ""} ${problem.bookingId ?? ""} ${problem.problem}`).filter((text) => texts.every((part) => text.includes(part)));
}

/** An event that ended in `year` with two paid bookings of 2 tickets at £25, paid out to its organiser. */
async function paidOut(year: number) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2500, dateTime: new Date(`${year}-03-03T19:00:00Z`), endTime: new Date(`${year}-03-03T22:00:00Z`) });
  const { bookingIds } = await createPaidBookings(t.db, { eventId: event.id, pricePence: 2500, count: 2, quantity: () => 2 });
  await runDuePayouts({ db: t.db, gateway: await gateway() }, new Date(`${year}-04-01T12:00:00Z`));
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.eventId, event.id));
  expect(payout).toMatchObject({ status: "paid", amountPence: 2 * (5000 - 205) });
  const [booking] = await t.db.select({ id: bookings.id, orderId: orderLines.orderId }).from(bookings).innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId)).where(eq(bookings.id, bookingIds[0]!));
  return { event, payout: payout!, booking: booking! };
}

/** A paid event (£20 tickets) with one booking of 2: its event, booking and order. */
async function sold() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000 });
  const { bookingIds } = await createPaidBookings(t.db, { eventId: event.id, pricePence: 2000, count: 1, quantity: () => 2 });
  const [booking] = await t.db.select({ id: bookings.id, orderId: orderLines.orderId, lineId: orderLines.id }).from(bookings).innerJoin(orderLines, eq(orderLines.id, bookings.orderLineId)).where(eq(bookings.id, bookingIds[0]!));
  const [order] = await t.db.select().from(orders).where(eq(orders.id, booking!.orderId));
  return { event, booking: booking!, order: order! };
}

describe("reconcile fails for every way money can go wrong (issue 33)", () => {
  it("an organiser paid more than is now due, with no reversal pending (a refund after the payout)", async () => {
    const { event, payout, booking } = await paidOut(2081);
    // The ledger as a £50 refund of one booking leaves it, with no settle queued and no reversal made.
    const refundId = randomUUID();
    await t.db.insert(ledgerEntries).values([
      { entryKey: `refund:${refundId}:ticket`, kind: "ticket_refund", amountPence: 5000, orderId: booking.orderId, bookingId: booking.id, eventId: event.id, refundId, providerRef: `re_local_${refundId}` },
      { entryKey: `refund:${refundId}:orgfee`, kind: "organiser_fee_reversal", amountPence: 205, orderId: booking.orderId, bookingId: booking.id, eventId: event.id, refundId, providerRef: `re_local_${refundId}` },
    ]);
    expect(await problemsNaming(`event ${event.id}: its organiser was paid £95.90 (payout ${payout.id}), more than the £47.95 now due, and no reversal is pending`)).toHaveLength(1);
    // A reversal on its way is not a problem (yet).
    await t.db.insert(payoutReversals).values({ payoutId: payout.id, amountPence: 4795, reversalKey: `test:${refundId}`, status: "pending" } as typeof payoutReversals.$inferInsert);
    expect(await problemsNaming(`event ${event.id}: its organiser was paid`)).toEqual([]);
  });

  it("a negative amount owed to an organiser, with no reversal pending", async () => {
    const { event, booking } = await sold();
    await t.db.insert(ledgerEntries).values({ entryKey: `test:fee:${booking.id}`, kind: "organiser_fee", amountPence: 10_000, orderId: booking.orderId, bookingId: booking.id, eventId: event.id });
    expect(await problemsNaming(`event ${event.id}: its organiser is owed -£61.76, a negative amount, and no reversal is pending`)).toHaveLength(1);
  });

  it("an order line whose booking fee is not the fee rules', or whose price is not its ticket type's price at the sale", async () => {
    const fee = await sold();
    await t.db.update(orderLines).set({ feePerTicketPence: 100 }).where(eq(orderLines.id, fee.booking.lineId));
    expect(await problemsNaming(fee.order.id, `order line ${fee.booking.lineId} (event ${fee.event.id}) charged a booking fee of £1.00 and absorbed £0.00 per ticket, but the fee rules give £2.30`)).toHaveLength(1);

    const price = await sold();
    // The type's price changed under a sale without an edit of its event (updated_at unchanged): the line is not its price at the sale.
    await t.db.update(ticketTypes).set({ pricePence: 1500 }).where(eq(ticketTypes.eventId, price.event.id));
    expect(await problemsNaming(price.order.id, `order line ${price.booking.lineId} (event ${price.event.id}) sold tickets at £20.00, but its ticket type's price, unchanged since, is £15.00`)).toHaveLength(1);
    // An organiser's edit after the sale is a price change: the line keeps the price it was sold at.
    await t.db.update(events).set({ updatedAt: new Date() }).where(eq(events.id, price.event.id));
    expect(await problemsNaming(`order line ${price.booking.lineId}`)).toEqual([]);
  });

  it("an order line whose price is not its ticket type's less its code's discount, or whose discount is not its code's (issue 37)", async () => {
    const line = await sold();
    const anHourAgo = new Date(Date.now() - 3600_000);
    const [code] = await t.db
      .insert(codes)
      .values({ organiserId: line.event.userId, eventId: line.event.id, code: `FIFTH-${randomUUID().slice(0, 8)}`, effect: "percent", value: 20, createdAt: anHourAgo, updatedAt: anHourAgo })
      .returning();
    const priced = async (unitPricePence: number, discountPerTicketPence: number) => {
      await t.db.update(orderLines).set({ codeId: code!.id, unitPricePence, discountPerTicketPence }).where(eq(orderLines.id, line.booking.lineId));
      return problemsNaming(line.order.id, `order line ${line.booking.lineId}`);
    };
    const aboutPrice = (problems: string[]) => problems.filter((problem) => /less its discount|off each ticket|ticket type's price/.test(problem));
    // £20 less the code's 20%: as sold with it.
    expect(aboutPrice(await priced(1600, 400))).toEqual([]);
    expect(aboutPrice(await priced(1700, 400))).toEqual([expect.stringContaining("sold tickets at £17.00, but its ticket type's price, unchanged since, less its discount of £4.00 is £16.00")]);
    expect(aboutPrice(await priced(1500, 500))).toEqual([expect.stringContaining(`took £5.00 off each ticket, but its code ${code!.code}, unchanged since, takes £4.00 off its ticket type's price`)]);
    // A code edited since the sale keeps no history: the line is then held only to its type's price.
    await t.db.update(codes).set({ updatedAt: new Date() }).where(eq(codes.id, code!.id));
    expect(aboutPrice(await priced(1500, 500))).toEqual([]);
  });

  it("money taken at the provider for an order that never confirmed (a cancelled local checkout, then paid)", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 10 });
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
    expect(checkout.statusCode).toBe(200);
    const sessionId = checkout.json().sessionId as string;
    await buyer.client.post(`/api/checkout/test/${sessionId}/cancel`);
    // What paying the cancelled checkout did (issue 33): the payment recorded, nothing else.
    await t.db.update(orders).set({ paidAt: new Date(), paymentReference: `pi_local_${randomUUID().replace(/-/g, "")}` }).where(eq(orders.sessionId, sessionId));
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, sessionId));
    expect(order!.status).not.toBe("confirmed");
    expect(await problemsNaming(order!.id, `the provider took £22.30 (${order!.paymentReference}) for this ${order!.status} order, which never confirmed: nothing is on the ledger`)).toHaveLength(1);
  });

  it("a refund or transfer at the provider with no ledger entry, and a ledger refund or transfer the provider never made", async () => {
    const { order } = await sold();
    const local = createLocalPayments({ publicUrl: t.config.publicUrl, db: t.db });
    const { refundId } = await local.refund({ paymentReference: order.paymentReference!, amountPence: 500, idempotencyKey: `test:${order.id}`, refundId: randomUUID() });
    expect(await problemsNaming(order.id, `the provider refunded £5.00 (${refundId} of ${order.paymentReference}), but nothing is on the ledger under it`)).toHaveLength(1);

    const { transferId } = await local.transfer({ accountId: "acct_local_test", amountPence: 700, idempotencyKey: `test-transfer:${order.id}`, transferGroup: "event_test", metadata: {}, description: "test" });
    expect(await problemsNaming(`the provider transferred £7.00 (${transferId}, no payout of ours), but no transfer is on the ledger under it`)).toHaveLength(1);

    const ghost = await sold();
    const ghostRefund = `re_local_${randomUUID().replace(/-/g, "")}`;
    // Written a second before reconcile runs: an entry written in the very millisecond the provider is asked
    // counts as written after it (the clock is compared to the millisecond) and is left for the next run.
    await t.db.insert(ledgerEntries).values({ entryKey: `test:ghost:${ghost.booking.id}`, kind: "fee_refund", amountPence: 230, orderId: ghost.order.id, bookingId: ghost.booking.id, eventId: ghost.event.id, providerRef: ghostRefund, createdAt: sql`now() - interval '1 second'` });
    expect(await problemsNaming(ghost.order.id, `£2.30 paid back on the ledger under ${ghostRefund}, which the provider has no refund of`)).toHaveLength(1);

    const { event, payout } = await paidOut(2082);
    await t.db.update(ledgerEntries).set({ providerRef: "tr_local_never_made" }).where(eq(ledgerEntries.payoutId, payout.id));
    expect(await problemsNaming(`transferred on the ledger (payout ${payout.id}, event ${event.id}) under tr_local_never_made, which the provider has no transfer of`)).toHaveLength(1);
  });

  it("reports a provider it cannot ask, rather than passing", async () => {
    const unreachable = createStripePayments({ secretKey: "sk_test_unreachable", webhookSecret: "whsec_unreachable", apiUrl: "http://127.0.0.1:9" });
    const report = await reconcile(t.db, { gateway: unreachable });
    expect(report.problems.map((problem) => problem.problem)).toContainEqual(expect.stringMatching(/^the payment provider \(stripe\) could not be asked for its payments, refunds and transfers since \d{4}-\d\d-\d\d \(.+\): the ledger is not reconciled with it$/));
  });

  it("a disputed booking's fees leave with the dispute, not as platform fees; a disputed order's booking left valid is a problem", async () => {
    const { event, booking, order } = await sold();
    const before = await reconcile(t.db);
    await t.db.insert(ledgerEntries).values({ entryKey: `dispute:dp_test_${booking.id}`, kind: "dispute", amountPence: order.totalPence, orderId: order.id, providerRef: `dp_test_${booking.id}` });
    expect(await problemsNaming(order.id, booking.id, "the order was disputed (£44.60 taken back by the bank), but this booking is not marked disputed")).toHaveLength(1);

    await t.db.update(bookings).set({ status: "disputed" }).where(eq(bookings.id, booking.id));
    const after = await reconcile(t.db);
    expect(after.problems.filter((problem) => problem.orderId === order.id || problem.problem.includes(event.id))).toEqual([]);
    // Its £4.60 of booking fees and £1.76 of organiser fees are no longer the platform's; nothing is left undistributed.
    expect(after.payouts.platformFeesPence).toBe(before.payouts.platformFeesPence - 460 - 176);
    expect(after.payouts.undistributedPence).toBe(before.payouts.undistributedPence);
  });
});

describe("reconcile fails when an invoiced order's refunds are not credited (decision 036)", () => {
  it("a refund of an order with a VAT invoice and no credit note for it, or a credit note whose VAT is not the refund's", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    await t.db.update(profiles).set({ businessName: "Credited Ltd", businessAddress: "1 Hall Street\nLeeds LS1 1AA", sellerKind: "business", vatNumber: "GB980780684", vatTreatment: "standard" }).where(eq(profiles.userId, organiser.account.id));
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 13_000 });
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 });
    expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
    const [order] = await t.db.select().from(orders).where(eq(orders.sessionId, checkout.json().sessionId));
    const issued = await buyer.client.post(`/api/receipts/${order!.id}/vat-invoices`, { buyerName: "Ada Lovelace", buyerAddress: "12 St James's Square\nLondon SW1Y 4JH" });
    expect(issued.statusCode, issued.body).toBe(200);
    const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
    expect((await organiser.client.post(`/api/bookings/${booking!.id}/refunds`, { quantity: 1, reason: "Double booked", requestKey: "credited-refund" })).statusCode).toBe(200);
    expect(await problemsNaming(order!.id)).toEqual([]);

    // The note's VAT is not what the refund's £130.00 holds at 20% (£21.67), though its net and VAT still add up.
    const [note] = await t.db.select().from(vatCreditNotes).where(eq(vatCreditNotes.orderId, order!.id));
    await t.db.update(vatCreditNotes).set({ vatPence: 2_000, netPence: 11_000 }).where(eq(vatCreditNotes.id, note!.id));
    await t.db.execute(sql`update vat_credit_notes set lines = jsonb_set(lines, '{0,vatPence}', '2000') where id = ${note!.id}`);
    expect(await problemsNaming(order!.id, "credit £20.00 of VAT on order line", "but its refunds' £130.00 holds £21.67 at the invoice's rate")).toHaveLength(1);

    // No credit note at all for the refund.
    await t.db.delete(vatCreditNotes).where(eq(vatCreditNotes.id, note!.id));
    expect(await problemsNaming(order!.id, booking!.id, "paid back £130.00 of VAT invoice", "but no credit note credits it")).toHaveLength(1);
  });
});

describe("the daily reconcile job (issue 33)", () => {
  it("e-mails every admin and sets eventora_reconcile_problems on /metrics when it finds a problem", async () => {
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const { order } = await sold();
    await t.db.execute(sql`update orders set total_pence = total_pence + 1 where id = ${order.id}`);
    const problems = (await reconcile(t.db, { gateway: await gateway() })).problems.length;
    expect(problems).toBeGreaterThan(0);

    await t.app.jobs.ready;
    await t.app.jobs.boss.send(QUEUES.reconcile, {});
    const message = await latestMessage(t.db, admin.account.email, (candidate) => Boolean(candidate.subject?.includes("reconcile")));
    const found = Number(/^Eventora reconcile: (\d+) problems in the money ledger$/.exec(message.subject ?? "")?.[1]);
    expect(found).toBeGreaterThan(0);
    expect(message.text).toContain(`order ${order.id}: charged £44.60 on the ledger, but the buyer paid £44.61`);

    const metrics = (await t.app.inject({ method: "GET", url: "/metrics" })).body;
    expect(metrics).toContain(`eventora_reconcile_problems ${found}`);
    const lastRun = Number(/^eventora_reconcile_last_run_timestamp_seconds (\S+)$/m.exec(metrics)?.[1]);
    expect(Date.now() / 1000 - lastRun).toBeLessThan(120);
  });
});

describe("reconcile while the app goes on refunding", () => {
  it("finds nothing wrong with a refund made and recorded after the provider was asked, and compares it on the next run", async () => {
    const { booking, order } = await sold();
    const local = createLocalPayments({ publicUrl: t.config.publicUrl, db: t.db });
    const { refund } = await t.db.transaction((tx) =>
      startBookingRefund(tx, t.app.jobs, { bookingId: booking.id, quantity: 1, source: "organiser", reason: "Racing reconcile", requestedBy: null, requestKey: `race:${booking.id}` }),
    );
    // The provider lists its refunds; then, before reconcile reads the ledger, the refund is made and recorded.
    const racing: PaymentGateway = {
      ...local,
      async listRefunds(args) {
        const listed = await local.listRefunds(args);
        await completeRefund({ db: t.db, gateway: local, jobs: t.app.jobs, refundId: refund.id });
        return listed;
      },
    };
    const ofOrder = (report: Awaited<ReturnType<typeof reconcile>>) => report.problems.filter((problem) => problem.orderId === order.id).map((problem) => problem.problem);
    expect(ofOrder(await reconcile(t.db, { gateway: racing }))).toEqual([]);
    const [done] = await t.db.select({ status: refunds.status, providerRefundId: refunds.providerRefundId }).from(refunds).where(eq(refunds.id, refund.id));
    expect(done).toMatchObject({ status: "succeeded", providerRefundId: expect.stringMatching(/^re_local_/) });
    expect(ofOrder(await reconcile(t.db, { gateway: local }))).toEqual([]);
    // The next run holds the two to each other: a ledger refund the provider never made is still found.
    await t.db.update(ledgerEntries).set({ providerRef: "re_local_never_made" }).where(eq(ledgerEntries.refundId, refund.id));
    expect(ofOrder(await reconcile(t.db, { gateway: local }))).toContainEqual(expect.stringContaining("paid back on the ledger under re_local_never_made, which the provider has no refund of"));
  });
});
