import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ANONYMISED_EMAIL, ANONYMISED_NAME, ERASED_NAME, erasedEmail, RETENTION } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createBooking, createEvent, createUser, FUTURE, PAST, ticketTypeIdOf } from "../../../../test/fixtures";
import { bookings, contactMessages, doorAccess, orderLines, orderSellers, orders, outboxMessages, rateLimits, refundRequests, scans, sessions, tickets, verifications } from "../../db/schema";
import { projectRoot } from "../../lib/project-root";
import { createPaymentGateway } from "../../providers/payments/payments";
import { reconcile } from "../ledger/reconcile";
import { RETENTION_BATCH, runRetention } from "./retention.job";

const t = setUpTestApp();
const now = new Date();
const DAY = 86_400_000;
const daysAgo = (days: number) => new Date(now.getTime() - days * DAY);
const yearsAgo = (years: number, plusDays = 0) => {
  const date = new Date(now);
  date.setUTCFullYear(date.getUTCFullYear() - years);
  return new Date(date.getTime() - plusDays * DAY);
};

async function unpaidCheckout(eventId: string, createdAt: Date, paid = false) {
  const suffix = Math.random().toString(36).slice(2);
  const [order] = await t.db
    .insert(orders)
    .values({
      sessionId: `cs_retention_${suffix}`,
      status: "expired",
      provider: "local",
      attendeeName: "Lapsed Buyer",
      attendeeEmail: `lapsed-${suffix}@example.test`,
      subtotalPence: 1000,
      feesPence: 230,
      totalPence: 1230,
      expiresAt: createdAt,
      createdAt,
      ...(paid ? { paidAt: createdAt } : {}),
    })
    .returning();
  await t.db.insert(orderLines).values({ orderId: order!.id, eventId, ticketTypeId: await ticketTypeIdOf(t.db, eventId), quantity: 1, unitPricePence: 1000, feePerTicketPence: 230, totalPence: 1230 });
  return order!;
}

describe("the retention job (issue 34): every period of RETENTION, which the privacy notice states", () => {
  it("anonymises and deletes what is past its period, keeps what is not, and does nothing on a second run", async () => {
    const organiser = await createUser(t.db);
    const pastEvent = await createEvent(t.db, { userId: organiser.id, pricePence: 1000, dateTime: PAST });
    const futureEvent = await createEvent(t.db, { userId: organiser.id, pricePence: 1000, dateTime: FUTURE });

    // Financial records: six years after the booking they keep their amounts and lose names and addresses.
    const old = await createBooking(t.db, { eventId: pastEvent.id, quantity: 1, totalAmountPence: 1230, name: "Old Buyer", email: "old-buyer@example.test", createdAt: yearsAgo(RETENTION.financialRecordsYears, 1) });
    const young = await createBooking(t.db, { eventId: pastEvent.id, quantity: 1, totalAmountPence: 1230, name: "Young Buyer", email: "young-buyer@example.test", createdAt: yearsAgo(RETENTION.financialRecordsYears, -1) });
    await t.db.insert(refundRequests).values([
      { bookingId: old.id, reason: "Old Buyer cannot come", status: "declined", decisionNote: "Sorry, Old Buyer" },
      { bookingId: young.id, reason: "Young Buyer cannot come", status: "declined" },
    ]);

    // Unpaid checkouts: deleted after RETENTION.unpaidCheckoutDays; a paid one (late payment) is a financial record.
    const lapsed = await unpaidCheckout(pastEvent.id, daysAgo(RETENTION.unpaidCheckoutDays + 1));
    const recent = await unpaidCheckout(pastEvent.id, daysAgo(RETENTION.unpaidCheckoutDays - 1));
    const paidLate = await unpaidCheckout(pastEvent.id, daysAgo(RETENTION.unpaidCheckoutDays + 1), true);

    // An erased buyer's ticket kept its name for the door; once the event is over it goes.
    const ended = await createBooking(t.db, { eventId: pastEvent.id, quantity: 1, name: "Erased Person", email: erasedEmail("someone") });
    const coming = await createBooking(t.db, { eventId: futureEvent.id, quantity: 1, name: "Erased Person", email: erasedEmail("someone") });

    const [oldMessage, youngMessage] = await t.db
      .insert(contactMessages)
      .values([
        { firstName: "Old", lastName: "Sender", email: "old@example.test", subject: "Hi", message: "Old", createdAt: yearsAgo(RETENTION.contactMessagesYears, 1) },
        { firstName: "Young", lastName: "Sender", email: "young@example.test", subject: "Hi", message: "Young", createdAt: yearsAgo(RETENTION.contactMessagesYears, -1) },
      ])
      .returning();

    await t.db.insert(rateLimits).values([
      { key: "retention:spent", count: 3, resetAt: daysAgo(0.01) },
      { key: "retention:live", count: 3, resetAt: new Date(now.getTime() + 3_600_000) },
    ]);
    // More spent counters than one batch holds: the job works through them all.
    await t.db.execute(sql`insert into ${rateLimits} (key, count, reset_at) select 'retention:bulk:' || n, 1, now() - interval '1 hour' from generate_series(1, ${RETENTION_BATCH + 5}) n`);

    const person = await createUser(t.db);
    await t.db.insert(sessions).values([
      { id: `expired-${person.id}`, token: `expired-${person.id}`, userId: person.id, expiresAt: daysAgo(1) },
      { id: `live-${person.id}`, token: `live-${person.id}`, userId: person.id, expiresAt: new Date(now.getTime() + DAY) },
    ]);
    await t.db.insert(verifications).values([
      { id: `expired-${person.id}`, identifier: `sign-in-otp-${person.email}`, value: "123456", expiresAt: daysAgo(1) },
      { id: `live-${person.id}`, identifier: `sign-in-otp-${person.email}`, value: "654321", expiresAt: new Date(now.getTime() + 600_000) },
    ]);

    const [oldMail, youngMail] = await t.db
      .insert(outboxMessages)
      .values([
        { channel: "email", recipient: "old@example.test", subject: "Old", textBody: "Old", createdAt: daysAgo(RETENTION.devOutboxDays + 1) },
        { channel: "email", recipient: "young@example.test", subject: "Young", textBody: "Young", createdAt: daysAgo(RETENTION.devOutboxDays - 1) },
      ])
      .returning();
    const attachments = join(t.config.DATA_DIR, "outbox", oldMail!.id);
    mkdirSync(attachments, { recursive: true });
    writeFileSync(join(attachments, "0"), "qr");

    // The door's records (issue 38): a scan log a year after its event ends, door access a year after it ended.
    const longEnded = await createEvent(t.db, { userId: organiser.id, dateTime: yearsAgo(RETENTION.doorRecordsYears, 2), endTime: yearsAgo(RETENTION.doorRecordsYears, 1) });
    const lately = await createEvent(t.db, { userId: organiser.id, dateTime: yearsAgo(RETENTION.doorRecordsYears, -2), endTime: yearsAgo(RETENTION.doorRecordsYears, -3) });
    const scan = (eventId: string | null, scannedAt: Date) => ({ eventId, scannedAt, result: "refused", reason: "Not a ticket", byLabel: "Sam Steward" });
    const [oldScan, youngScan, strayScan, youngStray] = await t.db
      .insert(scans)
      .values([scan(longEnded.id, yearsAgo(RETENTION.doorRecordsYears, 2)), scan(lately.id, yearsAgo(RETENTION.doorRecordsYears, -2)), scan(null, yearsAgo(RETENTION.doorRecordsYears, 1)), scan(null, yearsAgo(RETENTION.doorRecordsYears, -1))])
      .returning();
    const door = (label: string, revokedAt: Date | null) => ({ organiserId: organiser.id, kind: "link", label, tokenHash: `retention-${label}-${organiser.id}`, revokedAt });
    const [endedLong, endedLately, live] = await t.db
      .insert(doorAccess)
      .values([door("Old door", yearsAgo(RETENTION.doorRecordsYears, 1)), door("Recent door", yearsAgo(RETENTION.doorRecordsYears, -1)), door("Live door", null)])
      .returning();

    const report = await runRetention({ db: t.db, dataDir: t.config.DATA_DIR, now });
    expect(report).toMatchObject({ ordersAnonymised: 1, bookingsAnonymised: 1, refundRequestsAnonymised: 1, sellersAnonymised: 1, erasedTicketsAnonymised: 1, unpaidCheckoutsDeleted: 1, contactMessagesDeleted: 1, outboxMessagesDeleted: 1 });
    expect(report.rateLimitsDeleted).toBeGreaterThanOrEqual(RETENTION_BATCH + 6);

    const bookingRows = new Map((await t.db.select().from(bookings).where(inArray(bookings.id, [old.id, young.id, ended.id, coming.id]))).map((row) => [row.id, row]));
    expect(bookingRows.get(old.id)).toMatchObject({ attendeeName: ANONYMISED_NAME, attendeeEmail: ANONYMISED_EMAIL, totalAmountPence: 1230, ticketQuantity: 1 });
    expect(bookingRows.get(young.id)).toMatchObject({ attendeeName: "Young Buyer", attendeeEmail: "young-buyer@example.test" });
    expect(bookingRows.get(ended.id)!.attendeeName).toBe(ERASED_NAME);
    expect(bookingRows.get(coming.id)!.attendeeName).toBe("Erased Person");
    // Each booking's ticket goes with it (issue 36): anonymised with the old booking, erased after its event, kept for the door before.
    expect(report.ticketsAnonymised).toBe(1);
    const ticketRows = new Map((await t.db.select().from(tickets).where(inArray(tickets.bookingId, [old.id, young.id, ended.id, coming.id]))).map((row) => [row.bookingId, row]));
    expect(ticketRows.get(old.id)).toMatchObject({ attendeeName: ANONYMISED_NAME, attendeeEmail: null });
    expect(ticketRows.get(young.id)!.attendeeName).toBe("Young Buyer");
    expect(ticketRows.get(ended.id)!.attendeeName).toBe(ERASED_NAME);
    expect(ticketRows.get(coming.id)!.attendeeName).toBe("Erased Person");
    const orderOf = async (orderLineId: string | null) => {
      const [line] = await t.db.select({ orderId: orderLines.orderId }).from(orderLines).where(eq(orderLines.id, orderLineId!));
      const [order] = await t.db.select().from(orders).where(eq(orders.id, line!.orderId));
      return order!;
    };
    const oldOrder = await orderOf(old.orderLineId);
    expect(oldOrder).toMatchObject({ attendeeName: ANONYMISED_NAME, attendeeEmail: ANONYMISED_EMAIL, totalPence: 1230 });
    expect(await orderOf(young.orderLineId)).toMatchObject({ attendeeName: "Young Buyer" });
    expect(await t.db.select({ name: orderSellers.name, address: orderSellers.address }).from(orderSellers).where(eq(orderSellers.orderId, oldOrder.id))).toEqual([{ name: ANONYMISED_NAME, address: null }]);
    const requests = await t.db.select().from(refundRequests).where(inArray(refundRequests.bookingId, [old.id, young.id]));
    expect(requests.find((row) => row.bookingId === old.id)).toMatchObject({ decisionNote: null });
    expect(requests.find((row) => row.bookingId === old.id)!.reason).not.toContain("Old Buyer");
    expect(requests.find((row) => row.bookingId === young.id)!.reason).toBe("Young Buyer cannot come");

    const orderIds = (await t.db.select({ id: orders.id }).from(orders).where(inArray(orders.id, [lapsed.id, recent.id, paidLate.id]))).map((row) => row.id);
    expect(orderIds.sort()).toEqual([recent.id, paidLate.id].sort());
    expect(await t.db.select().from(orderLines).where(eq(orderLines.orderId, lapsed.id))).toEqual([]);

    expect((await t.db.select({ id: contactMessages.id }).from(contactMessages)).map((row) => row.id)).toEqual([youngMessage!.id]);
    expect(oldMessage).toBeDefined();
    expect((await t.db.select({ key: rateLimits.key }).from(rateLimits).where(sql`${rateLimits.key} like 'retention:%'`)).map((row) => row.key)).toEqual(["retention:live"]);
    expect((await t.db.select({ id: sessions.id }).from(sessions).where(eq(sessions.userId, person.id))).map((row) => row.id)).toEqual([`live-${person.id}`]);
    expect((await t.db.select({ id: verifications.id }).from(verifications).where(sql`${verifications.id} like ${`%${person.id}`}`)).map((row) => row.id)).toEqual([`live-${person.id}`]);
    expect((await t.db.select({ id: outboxMessages.id }).from(outboxMessages).where(inArray(outboxMessages.id, [oldMail!.id, youngMail!.id]))).map((row) => row.id)).toEqual([youngMail!.id]);
    expect(existsSync(attachments)).toBe(false);
    expect(report).toMatchObject({ scansDeleted: 2, doorAccessDeleted: 1 });
    expect((await t.db.select({ id: scans.id }).from(scans).where(inArray(scans.id, [oldScan!.id, youngScan!.id, strayScan!.id, youngStray!.id]))).map((row) => row.id).sort()).toEqual([youngScan!.id, youngStray!.id].sort());
    expect((await t.db.select({ id: doorAccess.id }).from(doorAccess).where(inArray(doorAccess.id, [endedLong!.id, endedLately!.id, live!.id]))).map((row) => row.id).sort()).toEqual([endedLately!.id, live!.id].sort());

    // Idempotent: a second run finds nothing left to do.
    const again = await runRetention({ db: t.db, dataDir: t.config.DATA_DIR, now });
    expect(Object.values(again).every((count) => count === 0), JSON.stringify(again)).toBe(true);

    const reconciled = await reconcile(t.db, { gateway: await createPaymentGateway(t.config, t.db) });
    expect(reconciled.problems).toEqual([]);
  });

  it("leaves the server logs to the operator's log store, as the app keeps none: the deployment guide asks for RETENTION's period", () => {
    const guide = readFileSync(join(projectRoot, "docs", "deploy.md"), "utf8");
    expect(guide).toContain(`no longer than ${RETENTION.serverLogsDays} days`);
    expect(guide).toContain(`MaxRetentionSec=${RETENTION.serverLogsDays}day`);
  });
});
