import { randomUUID } from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { ledgerEntries, payoutReversals, payouts } from "../../db/schema";
import { createPaymentGateway } from "../../providers/payments/payments";
import { runDuePayouts, settleEventPayouts } from "../payouts/payouts.service";
import { formatReconcileReport, reconcile } from "./reconcile";

// Each test breaks the payout side of the ledger on purpose: the file's own ledger check would fail it.
const t = setUpTestApp({}, { ledgerCheck: false });
const context = async () => ({ db: t.db, gateway: await createPaymentGateway(t.config, t.db) });

/** An event that ended in `year` with two paid bookings of 2 tickets at £25, paid out: its payout. */
async function paidOut(year: number) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2500, dateTime: new Date(`${year}-03-03T19:00:00Z`), endTime: new Date(`${year}-03-03T22:00:00Z`) });
  const { bookingIds } = await createPaidBookings(t.db, { eventId: event.id, pricePence: 2500, count: 2, quantity: () => 2 });
  await runDuePayouts(await context(), new Date(`${year}-04-01T12:00:00Z`));
  const [payout] = await t.db.select().from(payouts).where(eq(payouts.eventId, event.id));
  expect(payout).toMatchObject({ status: "paid", amountPence: 2 * (5000 - 205) });
  return { event, payout: payout!, bookingIds };
}

/** A payout with a reversal: one booking's tickets voided and refunded on the ledger by a direct refund, then settled. */
async function reversedPayout(year: number) {
  const { event, payout } = await paidOut(year);
  // The ledger as a refund of one booking would leave it (ticket and fee back, organiser fee reversed).
  const [booking] = await t.db.select({ id: ledgerEntries.bookingId, orderId: ledgerEntries.orderId }).from(ledgerEntries).where(and(eq(ledgerEntries.eventId, event.id), eq(ledgerEntries.kind, "ticket_sale"))).limit(1);
  const refundId = randomUUID();
  await t.db.insert(ledgerEntries).values([
    { entryKey: `refund:${refundId}:ticket`, kind: "ticket_refund", amountPence: 5000, orderId: booking!.orderId, bookingId: booking!.id, eventId: event.id, refundId, providerRef: `re_${refundId}` },
    { entryKey: `refund:${refundId}:orgfee`, kind: "organiser_fee_reversal", amountPence: 205, orderId: booking!.orderId, bookingId: booking!.id, eventId: event.id, refundId, providerRef: `re_${refundId}` },
  ]);
  await settleEventPayouts(await context(), event.id);
  const [reversal] = await t.db.select().from(payoutReversals).where(eq(payoutReversals.payoutId, payout.id));
  expect(reversal).toMatchObject({ status: "succeeded", amountPence: 4795 });
  return { event, payout, reversal: reversal! };
}

async function problemsNaming(text: string): Promise<string[]> {
  return (await reconcile(t.db)).problems.filter((problem) => problem.problem.includes(text)).map((problem) => problem.problem);
}

describe("reconcile: payouts on a ledger that balances (D23)", () => {
  it("finds nothing wrong, and prints charges = transfers + platform fees + refunds + disputes + held", async () => {
    const { payout } = await paidOut(2080);
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    // 4 tickets at £25 + 4 booking fees; paid out 4 × £25 − 2 × £2.05; fees £9.20 + £4.10.
    expect(report.payouts).toMatchObject({ chargedPence: 10920, transferredPence: payout.amountPence, platformFeesPence: 920 + 410, refundedPence: 0, heldPence: 0 });
    expect(formatReconcileReport(report)).toContain(
      "Charges £109.20 = transfers £95.90 + platform fees £13.30 + refunds £0.00 + disputes £0.00 + held £0.00 (owed to organisers £0.00, to affiliates £0.00; the platform's undistributed £0.00)",
    );
    expect(formatReconcileReport(report)).toContain("The ledger balances.");
  });
});

describe("reconcile names each way the payout side can break (D23)", () => {
  it("a paid payout with no transfer on the ledger", async () => {
    const { payout } = await paidOut(2081);
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.payoutId, payout.id));
    expect(await problemsNaming(payout.id)).toEqual([
      `payout ${payout.id} paid £95.90, but the ledger has 0 transfer entries for £0.00`,
      `the provider transferred £95.90 (${payout.providerTransferId}, payout ${payout.id}), but no transfer is on the ledger under it`,
    ]);
  });

  it("a transfer on the ledger for another amount than its payout", async () => {
    const { payout } = await paidOut(2082);
    await t.db.update(ledgerEntries).set({ amountPence: 9000 }).where(eq(ledgerEntries.payoutId, payout.id));
    expect(await problemsNaming(payout.id)).toEqual([
      `payout ${payout.id} paid £95.90, but the ledger has 1 transfer entry for £90.00`,
      `the provider transferred £95.90 (${payout.providerTransferId}, payout ${payout.id}), but the ledger has £90.00`,
    ]);
  });

  it("a payout's transfer on the ledger under another provider id", async () => {
    const { payout } = await paidOut(2083);
    await t.db.update(ledgerEntries).set({ providerRef: "tr_elsewhere" }).where(eq(ledgerEntries.payoutId, payout.id));
    expect(await problemsNaming(payout.id)).toEqual([
      `payout ${payout.id} is not on the ledger under its transfer ${payout.providerTransferId}`,
      `the provider transferred £95.90 (${payout.providerTransferId}, payout ${payout.id}), but no transfer is on the ledger under it`,
      `£95.90 transferred on the ledger (payout ${payout.id}, event ${payout.eventId}) under tr_elsewhere, which the provider has no transfer of`,
    ]);
  });

  it("two payouts recorded as the same transfer", async () => {
    const first = await paidOut(2084);
    const second = await paidOut(2085);
    await t.db.update(payouts).set({ providerTransferId: first.payout.providerTransferId }).where(eq(payouts.id, second.payout.id));
    await t.db.update(ledgerEntries).set({ providerRef: first.payout.providerTransferId }).where(eq(ledgerEntries.payoutId, second.payout.id));
    // Named once, whichever of the two is read first.
    const problems = await problemsNaming(`has the same transfer ${first.payout.providerTransferId}`);
    expect(problems).toHaveLength(1);
    expect([
      `payout ${second.payout.id} has the same transfer ${first.payout.providerTransferId} as payout ${first.payout.id}`,
      `payout ${first.payout.id} has the same transfer ${first.payout.providerTransferId} as payout ${second.payout.id}`,
    ]).toContain(problems[0]);
  });

  it("a payout still pending with a transfer on the ledger", async () => {
    const { payout } = await paidOut(2086);
    await t.db.update(payouts).set({ status: "pending" }).where(eq(payouts.id, payout.id));
    expect(await problemsNaming(payout.id)).toEqual([`payout ${payout.id} is pending but has a transfer on the ledger`]);
  });

  it("a payee paid more than was ever due to them", async () => {
    const { payout } = await paidOut(2087);
    await t.db.update(payouts).set({ amountPence: 12000 }).where(eq(payouts.id, payout.id));
    await t.db.update(ledgerEntries).set({ amountPence: 12000 }).where(eq(ledgerEntries.payoutId, payout.id));
    expect(await problemsNaming(payout.id)).toEqual([
      `event ${payout.eventId}: its organiser was paid £120.00 (payout ${payout.id}), more than the £95.90 now due, and no reversal is pending`,
      `payout ${payout.id} transferred £120.00, more than the £95.90 ever due to its payee`,
      `the provider transferred £95.90 (${payout.providerTransferId}, payout ${payout.id}), but the ledger has £120.00`,
    ]);
  });

  it("a transfer on the ledger that no payout accounts for, which also breaks its event's identity", async () => {
    const { event } = await paidOut(2088);
    const key = `transfer:${randomUUID()}`;
    await t.db.insert(ledgerEntries).values({ entryKey: key, kind: "transfer", amountPence: 700, eventId: event.id, payoutId: randomUUID(), providerRef: "tr_stray" });
    expect(await problemsNaming(key)).toEqual([`£7.00 transferred on the ledger (${key}) that no payout accounts for`]);
    expect(await problemsNaming(`event ${event.id}`)).toEqual([
      `event ${event.id}: charged £109.20, but transfers £102.90 + platform fees £13.30 + refunds £0.00 + held £0.00 come to £116.20`,
      expect.stringMatching(new RegExp(`^£7\\.00 transferred on the ledger \\(payout [0-9a-f-]+, event ${event.id}\\) under tr_stray, which the provider has no transfer of$`)),
    ]);
    expect(await problemsNaming("in all")).toEqual([expect.stringMatching(/^charged £[\d,.]+ in all, but transfers, platform fees, refunds, disputes and held come to £[\d,.]+$/)]);
  });

  it("a succeeded transfer reversal missing from the ledger", async () => {
    const { reversal } = await reversedPayout(2089);
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.entryKey, `reversal:${reversal.id}`));
    expect(await problemsNaming(reversal.id)).toEqual([`transfer reversal ${reversal.id} took back £47.95, but the ledger has £0.00`]);
  });

  it("a transfer reversal on the ledger under another provider id", async () => {
    const { reversal } = await reversedPayout(2090);
    await t.db.update(ledgerEntries).set({ providerRef: "trr_elsewhere" }).where(eq(ledgerEntries.entryKey, `reversal:${reversal.id}`));
    expect(await problemsNaming(reversal.id)).toEqual([`transfer reversal ${reversal.id} is not on the ledger under the provider's reversal id`]);
  });

  it("a transfer reversal on the ledger that no reversal accounts for", async () => {
    const { payout } = await paidOut(2091);
    const key = `reversal:${randomUUID()}`;
    await t.db.insert(ledgerEntries).values({ entryKey: key, kind: "transfer_reversal", amountPence: 300, eventId: payout.eventId, payoutId: payout.id, providerRef: "trr_stray" });
    expect(await problemsNaming(key)).toEqual([`£3.00 taken back on the ledger (${key}) that no payout accounts for`]);
  });

  it("prints the payout problems", async () => {
    const printed = formatReconcileReport(await reconcile(t.db));
    expect(printed).toMatch(/- ledger: payout [0-9a-f-]+ paid £95\.90, but the ledger has 0 transfer entries/);
    expect(printed).not.toContain("The ledger balances.");
  });
});
