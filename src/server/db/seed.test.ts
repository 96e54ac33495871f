import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PRICE_BANDS, buyerFeePerTicket, eventKind, isListed, organiserFee, payoutDueAt, priceBandOf, sellerDetailsProblems } from "../../domain";
import { createTestDatabase } from "../../../test/database";
import { formatReconcileReport, reconcile } from "../features/ledger/reconcile";
import { affiliates, bookings, events, ledgerEntries, orders, payoutAccounts, payouts, profiles, refunds, users } from "./schema";
import { DEMO_AFFILIATE_CODE, seedDemoData } from "./seed";

describe("demo seed", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const mediaDir = mkdtempSync(join(tmpdir(), "eventora-seed-"));
  let first: Awaited<ReturnType<typeof seedDemoData>>;

  beforeAll(async () => {
    database = await createTestDatabase();
    first = await seedDemoData({ db: database.db, mediaDir });
  }, 120_000);
  afterAll(async () => {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("fills an empty database with a catalogue of every kind, category and price band", async () => {
    expect(first.seeded).toBe(true);
    const rows = await database.db.select().from(events);
    expect(rows.length).toBeGreaterThanOrEqual(40);
    const listed = rows.filter((row) => isListed(row));
    const kinds = new Set(listed.map((row) => eventKind(row)));
    expect([...kinds].sort()).toEqual(["food", "free", "ongoing-business", "paid"]);
    const bands = new Set(listed.filter((row) => eventKind(row) === "paid" || eventKind(row) === "free").map((row) => priceBandOf(row.pricePence + buyerFeePerTicket(row.pricePence, row.absorbsBookingFee))));
    expect([...bands].sort()).toEqual(PRICE_BANDS.map((band) => band.value).sort());
    for (const category of ["music", "food", "health", "entertainment", "sports", "comedy"]) {
      expect(listed.filter((row) => row.category === category).length, category).toBeGreaterThanOrEqual(3);
    }
    expect(rows.some((row) => !isListed(row) && row.status === "active")).toBe(true);
    expect(rows.some((row) => row.videoUrl?.includes("youtube") || row.videoUrl?.includes("youtu.be"))).toBe(true);
  });

  it("sets the minimum age of every event whose description limits who may come, and of no other (issue 34)", async () => {
    const rows = await database.db.select({ title: events.title, description: events.description, minAge: events.minAge }).from(events);
    const said = (description: string | null) => (/over-18s/i.test(description ?? "") ? 18 : /over-16s/i.test(description ?? "") ? 16 : null);
    expect(rows.filter((row) => row.minAge !== null).length).toBeGreaterThanOrEqual(3);
    for (const row of rows) expect(row.minAge, row.title).toBe(said(row.description));
  });

  it("gives every organiser of a paid event complete seller details: a VAT-registered company and a private individual among them (issue 34)", async () => {
    const organisers = await database.db.selectDistinct({ profile: profiles }).from(events).innerJoin(profiles, eq(profiles.userId, events.userId)).where(sql`${events.pricePence} > 0`);
    expect(organisers.length).toBeGreaterThan(1);
    for (const { profile } of organisers) expect(sellerDetailsProblems(profile), profile.displayName ?? "").toEqual([]);
    const profilesSeen = organisers.map(({ profile }) => profile);
    expect(profilesSeen.some((profile) => profile.sellerKind === "business" && profile.companyNumber && profile.vatNumber)).toBe(true);
    expect(profilesSeen.some((profile) => profile.sellerKind === "individual" && profile.vatTreatment === "not-registered")).toBe(true);
  });

  it("names every booking's attendee as a person would be named, never an account's handle (issue 17)", async () => {
    const names = (await database.db.select({ name: bookings.attendeeName }).from(bookings)).map((row) => row.name);
    expect(names.length).toBeGreaterThan(0);
    const handles = new Set([
      ...(await database.db.select({ username: profiles.username }).from(profiles)).map((row) => row.username),
      ...(await database.db.select({ email: users.email }).from(users)).map((row) => row.email),
    ]);
    for (const name of names) {
      expect(name).toMatch(/^\p{Lu}[\p{L}'-]+(?: \p{Lu}[\p{L}'-]+)+$/u);
      expect(handles.has(name)).toBe(false);
    }
  });

  it("puts the demo's money on the ledger, so reconcile balances: paid bookings, commission, a partly refunded and a refunded booking (issue 19)", async () => {
    const report = await reconcile(database.db);
    expect(report.problems, formatReconcileReport(report)).toEqual([]);
    const rows = await database.db.select().from(bookings).innerJoin(events, sql`${events.id} = ${bookings.eventId}`);
    const paid = rows.filter((row) => row.events.pricePence > 0);
    expect(paid.length).toBeGreaterThan(20);
    // Every paid booking is an order paid through the local test checkout, with its charge on the ledger.
    expect(paid.every((row) => row.bookings.orderLineId !== null)).toBe(true);
    expect(rows.filter((row) => row.events.pricePence === 0).every((row) => row.bookings.orderLineId === null)).toBe(true);
    expect(report.orders).toBe(paid.length);
    const [charged] = await database.db.select({ pence: sql<number>`sum(${orders.totalPence})::int` }).from(orders);
    expect(report.chargedPence).toBe(charged!.pence);
    expect(report.refundedPence).toBeGreaterThan(0);
    expect(report.pendingRefunds).toBe(0);

    const partly = paid.filter((row) => row.bookings.refundedQuantity > 0 && row.bookings.ticketQuantity > 0);
    const refunded = paid.filter((row) => row.bookings.status === "refunded");
    expect(partly).toHaveLength(1);
    expect(refunded).toHaveLength(1);
    expect(refunded[0]!.bookings).toMatchObject({ ticketQuantity: 0 });
    const done = await database.db.select().from(refunds);
    expect(done.map((refund) => refund.bookingId).sort()).toEqual([partly[0]!.bookings.id, refunded[0]!.bookings.id].sort());
    expect(done.every((refund) => refund.status === "succeeded" && refund.providerRefundId?.startsWith("re_local_"))).toBe(true);

    // The demo affiliate's earnings are its commission on the ledger.
    const [affiliate] = await database.db.select().from(affiliates).where(sql`${affiliates.affiliateCode} = ${DEMO_AFFILIATE_CODE}`);
    expect(affiliate!.totalEarningsPence).toBeGreaterThan(0);
    expect(affiliate!.totalReferrals).toBe(2);
    const [commission] = await database.db.select({ pence: sql<number>`sum(${ledgerEntries.amountPence})::int` }).from(ledgerEntries).where(sql`${ledgerEntries.kind} = 'commission'`);
    expect(commission!.pence).toBe(affiliate!.totalEarningsPence);
  });

  it("pays out the demo organiser's past event, and leaves the one that ended two days ago waiting for its date (D23)", async () => {
    const [organiser] = await database.db.select().from(users).where(eq(users.email, "northern.sounds@eventora.test"));
    const [account] = await database.db.select().from(payoutAccounts).where(eq(payoutAccounts.userId, organiser!.id));
    expect(account).toMatchObject({ provider: "local", ready: true });
    expect(account!.accountId).toMatch(/^acct_local_/);
    const [past] = await database.db.select().from(events).where(eq(events.title, "Riverside Blues Night"));
    const [made] = await database.db.select().from(payouts).where(eq(payouts.eventId, past!.id));
    // 7 tickets at £16, less the organiser fee on bookings of 2, 4 and 1.
    expect(made).toMatchObject({ status: "paid", payeeKind: "organiser", payeeUserId: organiser!.id, amountPence: 7 * 1600 - organiserFee(1600, 2) - organiserFee(1600, 4) - organiserFee(1600, 1) });
    const transfers = await database.db.select().from(ledgerEntries).where(eq(ledgerEntries.payoutId, made!.id));
    expect(transfers).toEqual([expect.objectContaining({ entryKey: `transfer:${made!.id}`, kind: "transfer", amountPence: made!.amountPence, providerRef: made!.providerTransferId })]);
    const [recent] = await database.db.select().from(events).where(eq(events.title, "Harbour Lights Folk Evening"));
    expect(await database.db.select().from(payouts).where(eq(payouts.eventId, recent!.id))).toEqual([]);
    expect(payoutDueAt(recent!).getTime()).toBeGreaterThan(Date.now());
  });

  it("draws a local poster in every width for every event", async () => {
    const rows = await database.db.select({ imageUrl: events.imageUrl }).from(events);
    const files = new Set(readdirSync(join(mediaDir, "seed")));
    for (const { imageUrl } of rows) {
      expect(imageUrl).toMatch(/^\/media\/seed\/[\w-]+-1200\.webp$/);
      const name = imageUrl!.split("/").pop()!;
      for (const width of [1200, 800, 600]) expect(files.has(name.replace("-1200.webp", `-${width}.webp`))).toBe(true);
    }
  });

  it("leaves a database that already has events alone, still naming the demo accounts", async () => {
    const [before] = await database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    const again = await seedDemoData({ db: database.db, mediaDir });
    const [after] = await database.db.select({ n: sql<number>`count(*)::int` }).from(events);
    expect(again.seeded).toBe(false);
    expect(after!.n).toBe(before!.n);
    expect(again.accounts.map((account) => account.role)).toEqual(first.accounts.map((account) => account.role));
    expect(again.accounts.some((account) => account.role === "admin")).toBe(true);
  });
});
