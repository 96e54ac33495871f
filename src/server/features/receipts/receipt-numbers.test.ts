import { readFile } from "node:fs/promises";
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent, createUser, futureDay } from "../../../../test/fixtures";
import { documentSequences, orders } from "../../db/schema";
import { confirmOrder, createPayment, payTestCheckout } from "../checkout/checkout.service";
import { verifyPayment } from "../checkout/verify-payment.service";
import { PLATFORM_ISSUER } from "../ledger/document-numbers";
import { createPaymentGateway, type PaymentGateway } from "../../providers/payments/payments";
import { RECEIPT_SERIES } from "./receipt-numbers";

const t = setUpTestApp();
let gateway: PaymentGateway;
beforeAll(async () => {
  gateway = await createPaymentGateway(t.config, t.db);
});

async function lastReceiptNumber(): Promise<number> {
  const [row] = await t.db
    .select({ last: documentSequences.lastNumber })
    .from(documentSequences)
    .where(and(eq(documentSequences.issuer, PLATFORM_ISSUER), eq(documentSequences.series, RECEIPT_SERIES)));
  return row?.last ?? 0;
}

async function numbered(orderIds: string[]) {
  return t.db
    .select({ id: orders.id, receiptNumber: orders.receiptNumber, paidAt: orders.paidAt })
    .from(orders)
    .where(inArray(orders.id, orderIds))
    .orderBy(asc(orders.receiptNumber));
}

/** `count` buyers each holding `quantity` tickets of one paid event, as create-payment holds them. */
async function holds(count: number, attendeeName: (i: number) => string = () => "Ada Lovelace") {
  const organiser = await createUser(t.db);
  const event = await createEvent(t.db, { userId: organiser.id, title: `Numbered ${crypto.randomUUID()}`, pricePence: 1500, maxAttendees: 500, dateTime: futureDay(10) });
  const buyers = await Promise.all(Array.from({ length: count }, () => createUser(t.db)));
  return Promise.all(buyers.map(async (buyer, i) => ({ buyer, ...(await createPayment({ db: t.db, userId: buyer.id, input: { eventId: event.id, ticketQuantity: 1, attendeeName: attendeeName(i) } })) })));
}

const pay = (hold: { sessionId: string; buyer: { id: string } }) =>
  payTestCheckout({ db: t.db, jobs: t.app.jobs, gateway, company: t.config.company, sessionId: hold.sessionId, userId: hold.buyer.id });

describe("receipt numbers (issue 34)", () => {
  it("number paid orders 1, 2, 3… in the platform's series under concurrent checkouts, with no gap and no duplicate, though some confirmations fail and roll back", async () => {
    const before = await lastReceiptNumber();
    const held = await holds(48, (i) => (i % 8 === 3 ? "Rollback Buyer" : "Ada Lovelace"));
    // A confirmation that fails after its receipt numbers were taken: the database refuses these buyers'
    // numbering, so their transaction (with the batch it shared) rolls back and gives its numbers back.
    await t.db.execute(sql`
      create function refuse_rollback_buyer() returns trigger language plpgsql as $$
      begin raise exception 'receipt refused for the test'; end $$`);
    await t.db.execute(sql`
      create trigger refuse_rollback_buyer before update of receipt_number on orders for each row
      when (new.receipt_number is not null and new.attendee_name = 'Rollback Buyer') execute function refuse_rollback_buyer()`);
    const cancelled = held.filter((_, i) => i % 8 === 5);
    const paying = held.filter((hold) => !cancelled.includes(hold));
    let outcomes: PromiseSettledResult<unknown>[];
    try {
      outcomes = await Promise.allSettled(paying.map(pay));
    } finally {
      await t.db.execute(sql`drop trigger refuse_rollback_buyer on orders`);
      await t.db.execute(sql`drop function refuse_rollback_buyer()`);
    }
    const failed = paying.filter((_, i) => outcomes[i]!.status === "rejected");
    expect(failed.map((hold) => hold.sessionId).sort()).toEqual(held.filter((_, i) => i % 8 === 3).map((hold) => hold.sessionId).sort());

    const confirmedIds = (await t.db.select({ id: orders.id }).from(orders).where(and(inArray(orders.sessionId, paying.map((hold) => hold.sessionId)), eq(orders.status, "confirmed")))).map((row) => row.id);
    expect(confirmedIds).toHaveLength(paying.length - failed.length);
    const numbers = (await numbered(confirmedIds)).map((row) => row.receiptNumber);
    expect(numbers).toEqual(Array.from({ length: confirmedIds.length }, (_, i) => before + 1 + i));
    expect(await lastReceiptNumber()).toBe(before + confirmedIds.length);
    // Cancelled checkouts, and the failed ones (paid, not confirmed), have none.
    const unnumbered = await t.db
      .select({ id: orders.id })
      .from(orders)
      .where(and(inArray(orders.sessionId, [...cancelled, ...failed].map((hold) => hold.sessionId)), isNotNull(orders.receiptNumber)));
    expect(unnumbered).toEqual([]);

    // Confirmed again (the buyer's success page asks), the failed ones continue the series.
    for (const hold of failed) {
      expect(await verifyPayment({ db: t.db, jobs: t.app.jobs, gateway, company: t.config.company, userId: hold.buyer.id, sessionId: hold.sessionId })).toMatchObject({ success: true });
    }
    const all = await numbered([...confirmedIds, ...(await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.sessionId, failed.map((hold) => hold.sessionId)))).map((row) => row.id)]);
    expect(all.map((row) => row.receiptNumber)).toEqual(Array.from({ length: paying.length }, (_, i) => before + 1 + i));
    expect(await lastReceiptNumber()).toBe(before + paying.length);
  });

  it("give a batch's numbers in the order its orders were paid, and a repeated confirmation keeps its number", async () => {
    const [first, ...held] = await holds(7);
    // Paid in an order of their own (paid_at, some at the same instant), not the order they are confirmed in.
    for (const [i, hold] of [first!, ...held].entries()) {
      await t.db.update(orders).set({ paidAt: new Date(Date.UTC(2030, 0, 1, 12, 0, 60 - Math.floor(i / 2))), paymentReference: `pi_local_order_${i}_${crypto.randomUUID().slice(0, 8)}` }).where(eq(orders.sessionId, hold!.sessionId));
    }
    const before = await lastReceiptNumber();
    // The first confirmation runs alone; the six that arrive while it runs share the next transaction (decision 033).
    const confirm = (sessionId: string) => confirmOrder({ db: t.db, jobs: t.app.jobs, company: t.config.company, sessionId });
    await Promise.all([first!, ...held].map((hold) => confirm(hold.sessionId)));
    const [alone] = await t.db.select({ receiptNumber: orders.receiptNumber }).from(orders).where(eq(orders.sessionId, first!.sessionId));
    expect(alone!.receiptNumber).toBe(before + 1);
    const ids = (await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.sessionId, held.map((hold) => hold.sessionId)))).map((row) => row.id);
    const rows = await numbered(ids);
    expect(rows.map((row) => row.receiptNumber)).toEqual(Array.from({ length: 6 }, (_, i) => before + 2 + i));
    const byPayment = [...rows].sort((a, b) => a.paidAt!.getTime() - b.paidAt!.getTime() || a.id.localeCompare(b.id));
    expect(byPayment).toEqual(rows);

    expect(await verifyPayment({ db: t.db, jobs: t.app.jobs, gateway, company: t.config.company, userId: held[0]!.buyer.id, sessionId: held[0]!.sessionId })).toMatchObject({ success: true });
    expect(await numbered(ids)).toEqual(rows);
    expect(await lastReceiptNumber()).toBe(before + 7);
  });

  it("for orders confirmed before numbering, come from migration 0024's backfill in the order they were paid, and the series continues after them", async () => {
    const held = await holds(4);
    await Promise.all(held.map(pay));
    // As before migration 0024: no number on any order, no series.
    await t.db.update(orders).set({ receiptNumber: null, platformName: null, platformCompanyNumber: null, platformAddress: null, platformVatNumber: null });
    await t.db.delete(documentSequences).where(eq(documentSequences.series, RECEIPT_SERIES));
    const migration = await readFile(new URL("../../../../drizzle/0024_receipt_numbers.sql", import.meta.url), "utf8");
    const statements = migration.split("--> statement-breakpoint").filter((statement) => /UPDATE "orders" SET "receipt_number"|INSERT INTO "document_sequences"/.test(statement));
    expect(statements).toHaveLength(2);
    for (const statement of statements) await t.db.execute(sql.raw(statement));

    const confirmed = await t.db
      .select({ id: orders.id, receiptNumber: orders.receiptNumber, platformName: orders.platformName, platformVatNumber: orders.platformVatNumber })
      .from(orders)
      .where(eq(orders.status, "confirmed"))
      .orderBy(asc(orders.paidAt), asc(orders.id));
    expect(confirmed.map((row) => row.receiptNumber)).toEqual(confirmed.map((_, i) => i + 1));
    expect(new Set(confirmed.map((row) => `${row.platformName}|${row.platformVatNumber}`))).toEqual(new Set(["Eventora Ltd|null"]));
    expect(await lastReceiptNumber()).toBe(confirmed.length);

    const [next] = await holds(1);
    await pay(next!);
    const [order] = await t.db.select({ receiptNumber: orders.receiptNumber }).from(orders).where(eq(orders.sessionId, next!.sessionId));
    expect(order!.receiptNumber).toBe(confirmed.length + 1);
  });
});
