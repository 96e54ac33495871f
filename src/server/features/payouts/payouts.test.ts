import { execFile } from "node:child_process";
import { randomUUID } from "node:crypto";
import { promisify } from "node:util";
import { and, eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { organiserFee, payoutDueAt } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { affiliates, bookings, ledgerEntries, payoutAccounts, payoutReversals, payouts } from "../../db/schema";
import { createPaymentGateway } from "../../providers/payments/payments";
import { reconcile } from "../ledger/reconcile";
import { runDuePayouts, settleEventPayouts } from "./payouts.service";
import { eventSettlements } from "../ledger/settlement";

const t = setUpTestApp();
const context = async () => ({ db: t.db, gateway: await createPaymentGateway(t.config, t.db) });

async function waitFor<T>(read: () => Promise<T | undefined>, what: string, timeoutMs = 20_000): Promise<T> {
  const until = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > until) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

type Person = Awaited<ReturnType<typeof signInAs>>;

/** Buys through the real checkout (create-payment, then the local test checkout's Pay): its booking. */
async function buy(buyer: AuthClient, eventId: string, quantity: number, affiliateCode?: string) {
  const checkout = await buyer.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", eventId, ticketQuantity: quantity, affiliateCode });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await buyer.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, checkout.json().sessionId));
  return booking!;
}

async function refund(organiser: Person, bookingId: string, quantity?: number) {
  const response = await organiser.client.post(`/api/bookings/${bookingId}/refunds`, { quantity, reason: "Cannot come", requestKey: randomUUID() });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.json().status).toBe("succeeded");
}

const paidOf = async (eventIds: string[]) => t.db.select().from(payouts).where(inArray(payouts.eventId, eventIds));

/** Each payee's transfers less reversals on the ledger, by payout. */
async function netTransferred(eventIds: string[]) {
  const rows = await t.db
    .select({
      payoutId: ledgerEntries.payoutId,
      pence: sql<number>`(coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'transfer'), 0) - coalesce(sum(${ledgerEntries.amountPence}) filter (where ${ledgerEntries.kind} = 'transfer_reversal'), 0))::int`.mapWith(Number),
    })
    .from(ledgerEntries)
    .where(inArray(ledgerEntries.eventId, eventIds))
    .groupBy(ledgerEntries.payoutId);
  return new Map(rows.map((row) => [row.payoutId!, row.pence]));
}

/** An event of a 2090 month (ending at 22:00 UTC on the day): far ahead, so the real hourly job never finds it due. */
const endingOn = (day: string) => ({ dateTime: new Date(`${day}T19:00:00Z`), endTime: new Date(`${day}T22:00:00Z`) });

describe("a month of orders: three organisers and an affiliate paid what their events' settlements say (D23)", () => {
  it("pays each party once at its due date, reverses after a late refund, and reconciles to the penny", async () => {
    const [a, b, c, promoter] = await Promise.all([0, 1, 2, 3].map(() => signInAs(t.app, t.db, t.config.publicUrl, "user")));
    const [affiliate] = await t.db.insert(affiliates).values({ userId: promoter!.account.id, affiliateCode: "MONTHAFF1" }).returning();
    const event = (organiser: Person, title: string, pricePence: number, day: string, absorbsBookingFee = false) =>
      createEvent(t.db, { userId: organiser.account.id, title, pricePence, maxAttendees: 100, absorbsBookingFee, ...endingOn(day) });
    // A2 and C2's organisers absorb the £2.30 booking fee: their buyers pay the ticket price only (D22).
    const a1 = await event(a!, "A1 Harbour Quiz", 2000, "2090-11-06");
    const a2 = await event(a!, "A2 Harbour Quiz", 1500, "2090-11-16", true);
    const b1 = await event(b!, "B1 Jazz Cellar", 3500, "2090-11-10");
    const b2 = await event(b!, "B2 Jazz Cellar", 1000, "2090-11-22");
    const c1 = await event(c!, "C1 Night Market", 2500, "2090-11-30");
    const c2 = await event(c!, "C2 Night Market", 500, "2090-11-21", true);
    const all = [a1, a2, b1, b2, c1, c2].map((row) => row.id);

    // 30 orders; "aff" bought through the affiliate's link (23p commission a ticket, 10% of the £2.30 fee).
    const plan: [typeof a1, number[], number[]][] = [
      // event, quantities, which of them came through the affiliate
      [a1, [2, 1, 3, 1, 2, 1], [2, 4]], // 10 tickets, 5 via the affiliate
      [a2, [1, 2, 2, 1], [2]], // 6 tickets, 2
      [b1, [1, 1, 2, 3, 1], [3]], // 8 tickets, 3
      [b2, [4, 2, 1, 2], [2]], // 9 tickets, 1
      [c1, [2, 2, 1, 1, 3, 1, 2], [1]], // 12 tickets, 2
      [c2, [1, 1, 2, 1], []], // 5 tickets
    ];
    const bought = new Map<string, (typeof bookings.$inferSelect)[]>();
    let buyer: Person | null = null;
    let orders = 0;
    for (const [row, quantities, viaAffiliate] of plan) {
      const list: (typeof bookings.$inferSelect)[] = [];
      for (const [index, quantity] of quantities.entries()) {
        // A new buyer every few orders (create-payment is rate limited per account).
        if (orders++ % 4 === 0) buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
        list.push(await buy(buyer!.client, row.id, quantity, viaAffiliate.includes(index) ? affiliate!.affiliateCode : undefined));
      }
      bought.set(row.id, list);
    }
    expect(orders).toBe(30);

    // Refunds before payout: B1's first order (1 ticket), one of C1's affiliate order's 2 tickets.
    await refund(b!, bought.get(b1.id)![0]!.id);
    await refund(c!, bought.get(c1.id)![1]!.id, 1);

    // Due dates, in order: A1 (6 Nov) → B1 (10 Nov) → A2 (16 Nov) → C2 (21 Nov) → B2 (22 Nov) → C1 (30 Nov).
    const dueAt = (row: typeof a1) => payoutDueAt(row);
    expect([a1, b1, a2, c2, b2, c1].map((row) => dueAt(row).getTime())).toEqual([a1, b1, a2, c2, b2, c1].map((row) => dueAt(row).getTime()).sort((x, y) => x - y));

    // A minute before A1 is due: nothing.
    const early = await runDuePayouts(await context(), new Date(dueAt(a1).getTime() - 60_000));
    expect(early.paid.filter((outcome) => all.includes(outcome.eventId))).toEqual([]);
    expect(await paidOf(all)).toEqual([]);

    // A1 is due: its organiser, 10 × £20 less the organiser fee (2.9% + 30p = 88p a ticket), and the affiliate (5 × 23p).
    const first = await runDuePayouts(await context(), dueAt(a1));
    expect(first.paid.map((outcome) => [outcome.eventTitle, outcome.payeeKind, outcome.amountPence]).sort()).toEqual([
      ["A1 Harbour Quiz", "affiliate", 115],
      ["A1 Harbour Quiz", "organiser", 19120],
    ]);
    // Run again at the same time: nothing more.
    expect((await runDuePayouts(await context(), dueAt(a1))).paid).toEqual([]);

    // Refunds after payout: 1 of the affiliate's 3-ticket order, then the whole 2-ticket first order.
    await refund(a!, bought.get(a1.id)![2]!.id, 1);
    await refund(a!, bought.get(a1.id)![0]!.id);
    // The settle job (queued in the refunds' transactions) takes back from A what those 3 tickets paid them:
    // £20 − 88p, then £40 − £1.76 (the organiser fee goes with the tickets); 23p from the affiliate.
    const reversed = await waitFor(async () => {
      const rows = await t.db.select().from(payoutReversals).innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId)).where(eq(payouts.eventId, a1.id));
      const done = rows.filter((row) => row.payout_reversals.status === "succeeded");
      const organiser = done.filter((row) => row.payouts.payeeKind === "organiser").reduce((sum, row) => sum + row.payout_reversals.amountPence, 0);
      const toAffiliate = done.filter((row) => row.payouts.payeeKind === "affiliate").reduce((sum, row) => sum + row.payout_reversals.amountPence, 0);
      return organiser === 1912 + 3824 && toAffiliate === 23 ? done : undefined;
    }, "the reversals after the late refunds");
    expect(reversed.every((row) => row.payout_reversals.providerReversalId?.startsWith("trr_local_"))).toBe(true);
    // Settling the same state again (two at once) takes back nothing more.
    await Promise.all([settleEventPayouts(await context(), a1.id), settleEventPayouts(await context(), a1.id)]);
    expect((await t.db.select().from(payoutReversals).innerJoin(payouts, eq(payouts.id, payoutReversals.payoutId)).where(eq(payouts.eventId, a1.id))).length).toBe(reversed.length);

    // Mid-month: B1 and A2 are due, C2 not yet.
    const mid = await runDuePayouts(await context(), dueAt(a2));
    expect(mid.paid.map((outcome) => [outcome.eventTitle, outcome.payeeKind, outcome.amountPence]).sort()).toEqual([
      ["A2 Harbour Quiz", "affiliate", 46],
      // 6 × £15 − organiser fees (74p, £1.47, £1.47, 74p by booking) − 6 absorbed booking fees (£13.80)
      ["A2 Harbour Quiz", "organiser", 9000 - 442 - 1380],
      ["B1 Jazz Cellar", "affiliate", 69],
      // 7 tickets kept × £35 − organiser fees on the 4 bookings kept (1, 2, 3, 1 tickets: £1.32, £2.63, £3.95, £1.32)
      ["B1 Jazz Cellar", "organiser", 24500 - 922],
    ]);

    // After the month: the rest.
    const last = await runDuePayouts(await context(), new Date(dueAt(c1).getTime() + 3600_000));
    expect(last.paid.map((outcome) => [outcome.eventTitle, outcome.payeeKind, outcome.amountPence]).sort()).toEqual([
      ["B2 Jazz Cellar", "affiliate", 23],
      ["B2 Jazz Cellar", "organiser", 9000 - 531], // 9 × £10 − 9 × 59p
      ["C1 Night Market", "affiliate", 23], // 2 via the affiliate, 1 refunded before payout
      // 11 tickets kept × £25 − organiser fees by valid tickets (2, 1, 1, 1, 3, 1, 2: £2.05, £1.03 ×4, £3.08, £2.05)
      ["C1 Night Market", "organiser", 27500 - 1130],
      // 5 × £5 − organiser fees (45p, 45p, 89p, 45p) − 5 absorbed fees (£11.50)
      ["C2 Night Market", "organiser", 2500 - 224 - 1150],
    ]);

    // Each party was paid exactly what the settlement says, each payout once under its own tr_ id.
    const made = await paidOf(all);
    expect(made).toHaveLength(11);
    expect(made.every((payout) => payout.status === "paid" && payout.providerTransferId?.startsWith("tr_local_"))).toBe(true);
    expect(new Set(made.map((payout) => payout.providerTransferId)).size).toBe(11);
    const net = await netTransferred(all);
    const settlements = await eventSettlements(t.db, all);
    for (const payout of made) {
      const settlement = settlements.get(payout.eventId)!;
      const due = payout.payeeKind === "organiser" ? settlement.organiserDuePence : settlement.affiliates.find((row) => row.affiliateId === payout.affiliateId)!.duePence;
      expect(net.get(payout.id), `${payout.payeeKind} of ${payout.eventId}`).toBe(due);
    }
    const perPayee = (userId: string) => made.filter((payout) => payout.payeeUserId === userId).reduce((sum, payout) => sum + net.get(payout.id)!, 0);
    expect(perPayee(a!.account.id)).toBe(7 * 2000 - 7 * 88 + 7178); // A1: 7 tickets kept; A2 as paid
    expect(perPayee(b!.account.id)).toBe(23578 + 8469);
    expect(perPayee(c!.account.id)).toBe(26370 + 1126);
    expect(perPayee(promoter!.account.id)).toBe(92 + 46 + 69 + 23 + 23);

    // Charges £1,074.70 (£985 of tickets + 39 buyer-paid fees × £2.30)
    //   = transfers £803.58 (£205.62 + £320.47 + £274.96 to the organisers, £2.53 to the affiliate)
    //   + platform fees £139.62 (£78.20 of booking fees kept + £38.65 organiser fees + £25.30 absorbed fees − £2.53 commission)
    //   + refunds £131.50 (3 × £22.30 + £37.30 + £27.30), and nothing held.
    const report = await reconcile(t.db);
    expect(report.problems).toEqual([]);
    expect(report.payouts).toMatchObject({ chargedPence: 107470, transferredPence: 80358, platformFeesPence: 13962, refundedPence: 13150, disputedPence: 0, heldPence: 0 });
  }, 180_000);
});

describe("payouts run on two nodes at once, and payees without a ready account (D23)", () => {
  it("pays each payee once when two runs race", async () => {
    const organisers = await Promise.all([0, 1, 2].map(() => signInAs(t.app, t.db, t.config.publicUrl, "user")));
    const list = [];
    for (const [index, organiser] of organisers.entries()) {
      for (const day of ["2091-03-02", "2091-03-03"]) {
        const row = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1200 + index * 100, ...endingOn(day) });
        await createPaidBookings(t.db, { eventId: row.id, pricePence: row.pricePence, count: 3 });
        list.push(row);
      }
    }
    const ids = list.map((row) => row.id);
    const now = new Date("2091-04-01T12:00:00Z");
    const runs = await Promise.all([runDuePayouts(await context(), now, { slice: 2 }), runDuePayouts(await context(), now, { slice: 3 })]);
    const paid = runs.flatMap((run) => run.paid).filter((outcome) => ids.includes(outcome.eventId));
    expect(paid).toHaveLength(6);
    expect(new Set(paid.map((outcome) => outcome.eventId)).size).toBe(6);
    const made = await paidOf(ids);
    expect(made).toHaveLength(6);
    const transfers = await t.db.select().from(ledgerEntries).where(and(inArray(ledgerEntries.eventId, ids), eq(ledgerEntries.kind, "transfer")));
    expect(transfers).toHaveLength(6);
    // Quantities 1, 2, 3 of each event: 6 tickets, less the organiser fee on each booking.
    for (const payout of made) {
      const price = list.find((row) => row.id === payout.eventId)!.pricePence;
      expect(payout.amountPence).toBe(6 * price - organiserFee(price, 1) - organiserFee(price, 2) - organiserFee(price, 3));
    }
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("keeps a payee without a ready account waiting, then pays them once it is ready", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const row = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1800, title: "Waiting Room Gig", ...endingOn("2092-05-05") });
    await createPaidBookings(t.db, { eventId: row.id, pricePence: 1800, count: 2, quantity: () => 1 });
    await t.db.insert(payoutAccounts).values({ userId: organiser.account.id, provider: "local", accountId: `acct_local_${randomUUID().slice(0, 8)}`, ready: false });
    const now = new Date("2092-06-01T12:00:00Z");
    const waiting = await runDuePayouts(await context(), now);
    expect(waiting.waiting.filter((outcome) => outcome.eventId === row.id)).toEqual([
      expect.objectContaining({ eventTitle: "Waiting Room Gig", payeeKind: "organiser", amountPence: 3436, reason: "their payout account is not ready to receive payouts yet" }),
    ]);
    expect(await paidOf([row.id])).toEqual([]);
    const [settled] = [(await eventSettlements(t.db, [row.id])).get(row.id)!];
    expect(settled.organiserTransferredPence).toBe(0);

    await t.db.update(payoutAccounts).set({ ready: true }).where(eq(payoutAccounts.userId, organiser.account.id));
    const ready = await runDuePayouts(await context(), now);
    expect(ready.paid.filter((outcome) => outcome.eventId === row.id).map((outcome) => outcome.amountPence)).toEqual([3436]); // 2 × (£18 − 82p)
  });

  it("finishes a payout a killed run left pending, under the same key", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const row = await createEvent(t.db, { userId: organiser.account.id, pricePence: 900, ...endingOn("2093-01-12") });
    await createPaidBookings(t.db, { eventId: row.id, pricePence: 900, count: 1, quantity: () => 2 });
    const now = new Date("2093-02-01T12:00:00Z");
    await runDuePayouts(await context(), now);
    const [paid] = await paidOf([row.id]);
    // As a node killed after creating the row, before the provider answered, would have left it.
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.payoutId, paid!.id));
    await t.db.update(payouts).set({ status: "pending", providerTransferId: null, paidAt: null }).where(eq(payouts.id, paid!.id));
    const resumed = await runDuePayouts(await context(), now);
    expect(resumed.paid.filter((outcome) => outcome.eventId === row.id)).toEqual([expect.objectContaining({ payoutId: paid!.id, providerId: paid!.providerTransferId, amountPence: 1688 })]); // 2 × £9 − £1.12
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, paid!.id))).toHaveLength(1);
  });

  it("reverses a payout after a dispute on one of its bookings", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const row = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2500, ...endingOn("2094-02-02") });
    const { bookingIds } = await createPaidBookings(t.db, { eventId: row.id, pricePence: 2500, count: 2, quantity: () => 2 });
    await runDuePayouts(await context(), new Date("2094-03-01T12:00:00Z"));
    const [paid] = await paidOf([row.id]);
    expect(paid!.amountPence).toBe(2 * (5000 - 205)); // two bookings of 2 × £25, less £2.05 organiser fee each
    // The bank takes one booking's payment back (charge.dispute.created through the webhook's handler).
    const { handleProviderNotice } = await import("../provider-events/provider-events.service");
    const [order] = await t.db.execute(sql`select o.payment_reference from orders o join order_lines ol on ol.order_id = o.id join bookings b on b.order_line_id = ol.id where b.id = ${bookingIds[0]}`).then((result) => (Array.isArray(result) ? result : (result as { rows: { payment_reference: string }[] }).rows) as { payment_reference: string }[]);
    await handleProviderNotice({ db: t.db, jobs: t.app.jobs, gateway: (await context()).gateway, company: t.config.company }, { type: "charge.dispute.created", paymentReference: order!.payment_reference, disputeId: `dp_${randomUUID().slice(0, 8)}`, amountPence: 5460, reason: "fraudulent" });
    const reversal = await waitFor(async () => {
      const [done] = await t.db.select().from(payoutReversals).where(and(eq(payoutReversals.payoutId, paid!.id), eq(payoutReversals.status, "succeeded")));
      return done;
    }, "the reversal after the dispute");
    // The disputed booking's share is withheld: taken back from the payout.
    expect(reversal.amountPence).toBe(4795);
    expect(reversal.reversalKey).toBe(`settle:${paid!.id}:4795`);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});

describe("npm run admin -- payouts", () => {
  it("pays what is due as of a date (the local provider's test clock) and says what it did", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const row = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1400, title: "Clockwork Cabaret", ...endingOn("2095-07-07") });
    await createPaidBookings(t.db, { eventId: row.id, pricePence: 1400, count: 1, quantity: () => 3 });
    const run = async (...args: string[]) => {
      try {
        const { stdout } = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", "payouts", ...args], {
          env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.DATA_DIR, NODE_ENV: "test", PAYMENT_PROVIDER: "local" },
        });
        return { code: 0, stdout };
      } catch (error) {
        const failed = error as { code: number; stdout: string; stderr: string };
        return { code: failed.code, stdout: failed.stdout + failed.stderr };
      }
    };
    expect((await run("--as-of", "not a date")).code).toBe(2);
    const before = await run("--as-of", "2095-07-10T12:00:00Z");
    expect(before.stdout).not.toContain("Clockwork Cabaret");
    const due = await run("--as-of", "2095-08-01T12:00:00Z");
    expect(due.code).toBe(0);
    expect(due.stdout).toMatch(/^Paid \d+ payouts?, £[\d,.]+ in all\./);
    expect(due.stdout).toMatch(new RegExp(`- £39\\.88 to the organiser ${organiser.account.email} for "Clockwork Cabaret" \\(tr_local_[0-9a-f]+\\)`));
    const again = await run("--as-of", "2095-08-01T12:00:00Z");
    expect(again.stdout).not.toContain("Clockwork Cabaret");
    const [made] = await paidOf([row.id]);
    expect(made).toMatchObject({ status: "paid", amountPence: 4200 - 212 }); // 3 × £14 less 2.9% (£1.22) and 3 × 30p
    const refused = await promisify(execFile)(process.execPath, ["--import", "tsx", "src/server/admin-cli.ts", "payouts", "--as-of", "2095-08-01"], {
      env: { ...process.env, DATABASE_URL: t.database.url, DATA_DIR: t.config.DATA_DIR, NODE_ENV: "test", PAYMENT_PROVIDER: "stripe", STRIPE_SECRET_KEY: "sk_test_x", STRIPE_WEBHOOK_SECRET: "whsec_x" },
    }).catch((error: { code: number; stderr: string }) => error);
    expect(refused).toMatchObject({ code: 2, stderr: expect.stringContaining("--as-of is a test clock") });
  }, 60_000);
});
