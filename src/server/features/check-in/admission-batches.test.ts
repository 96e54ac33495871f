import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createBooking, createEvent, createUser, type UserFixture } from "../../../../test/fixtures";
import { recordingDb } from "../../../../test/recording-db";
import { openPglite, rowsOf, type Db } from "../../db/client";
import { bookings } from "../../db/schema";
import { admitTicket } from "./check-in.service";

/**
 * Scans that arrive together are admitted in one statement (docs/decisions/032). Each scan keeps its own
 * actor, door and signature, and its own answer; two scans of one ticket never share a statement, so
 * exactly one of them admits it.
 */
const ctx = setUpTestApp();
let recording: ReturnType<typeof recordingDb>;
beforeAll(async () => {
  recording = recordingDb(ctx.database.url!, 4);
});
afterAll(async () => recording.pool.end());

const admissionStatements = () => recording.sent.filter((statement) => statement.text.includes("unnest(") && statement.text.includes("checked_in_at"));

async function scansTogether(db: Db, { organiser, stranger }: { organiser: UserFixture; stranger: UserFixture }) {
  const event = await createEvent(db, { userId: organiser.id, title: "Batch Night" });
  const otherEvent = await createEvent(db, { userId: organiser.id, title: "Another Night" });
  const booking = () => createBooking(db, { eventId: event.id, quantity: 1 });
  const ours = await Promise.all(Array.from({ length: 20 }, booking));
  const strangers = await Promise.all(Array.from({ length: 5 }, booking));
  const wrongDoor = await createBooking(db, { eventId: otherEvent.id, quantity: 1 });
  const unpaid = await createBooking(db, { eventId: event.id, quantity: 1, status: "pending" });
  const twice = await booking();
  const owner = { userId: organiser.id, isAdmin: false };

  const [oursAnswers, strangerAnswers, [wrongDoorAnswer], [unpaidAnswer], [unknownAnswer], twiceAnswers] = await Promise.all([
    Promise.all(ours.map((row) => admitTicket(db, { ticket: { ticketCode: row.ticketCode }, actor: owner, signed: { bookingId: row.id, ticketCode: row.ticketCode }, doorEventId: event.id }))),
    Promise.all(strangers.map((row) => admitTicket(db, { ticket: { ticketCode: row.ticketCode }, actor: { userId: stranger.id, isAdmin: false } }))),
    Promise.all([admitTicket(db, { ticket: { ticketCode: wrongDoor.ticketCode }, actor: owner, doorEventId: event.id })]),
    Promise.all([admitTicket(db, { ticket: { ticketCode: unpaid.ticketCode }, actor: owner })]),
    Promise.all([admitTicket(db, { ticket: { ticketCode: "TCKT-2090-NOSUCH00" }, actor: owner })]),
    Promise.all(Array.from({ length: 6 }, () => admitTicket(db, { ticket: { ticketCode: twice.ticketCode }, actor: owner }))),
  ]);

  // Each answer is its own ticket's, admitted only where its actor, door and state allow.
  expect(oursAnswers.map((row) => row?.ticketCode)).toEqual(ours.map((row) => row.ticketCode));
  expect(oursAnswers.every((row) => row!.checkedInAt === null && row!.admittedAt instanceof Date)).toBe(true);
  expect(strangerAnswers.map((row) => [row?.ticketCode, row?.admittedAt])).toEqual(strangers.map((row) => [row.ticketCode, null]));
  expect(wrongDoorAnswer).toMatchObject({ ticketCode: wrongDoor.ticketCode, eventId: otherEvent.id, admittedAt: null });
  expect(unpaidAnswer).toMatchObject({ ticketCode: unpaid.ticketCode, status: "pending", admittedAt: null });
  expect(unknownAnswer).toBeNull();
  // One of six scans of one ticket admits it; the others see that admission.
  const admittedOnce = twiceAnswers.filter((row) => row!.admittedAt !== null);
  expect(admittedOnce).toHaveLength(1);
  const at = admittedOnce[0]!.admittedAt!.toISOString();
  expect(twiceAnswers.filter((row) => row!.admittedAt === null).map((row) => row!.checkedInAt?.toISOString())).toEqual(Array(5).fill(at));

  // A second pass admits nothing more: the stranger's and the wrong door's tickets were never checked in.
  const again = await Promise.all([...ours, ...strangers, wrongDoor].map((row) => admitTicket(db, { ticket: { ticketCode: row.ticketCode }, actor: owner, admit: false })));
  expect(again.map((row) => row!.checkedInAt !== null)).toEqual([...ours.map(() => true), ...strangers.map(() => false), false]);
}

describe("scans that arrive together share one admission statement (docs/decisions/032)", () => {
  it("answers each scan for its own ticket, actor and door, and admits a ticket scanned six times at once exactly once", async () => {
    const organiser = await createUser(recording.db, { username: "batch_organiser" });
    const stranger = await createUser(recording.db, { username: "batch_stranger" });
    recording.sent.length = 0;
    await scansTogether(recording.db, { organiser, stranger });
    // 34 scans in the first round: the first ran alone, the rest queued behind it and shared statements,
    // and the six scans of one ticket were six statements.
    const statements = admissionStatements();
    expect(statements.length).toBeGreaterThanOrEqual(6);
    expect(statements.length).toBeLessThan(34);
    for (const statement of statements) {
      const codes = statement.values[0] as string[];
      expect(new Set(codes).size).toBe(codes.length);
      expect(codes).toEqual([...codes].sort());
    }
  });

  it("admits every scan of a batch that PostgreSQL failed to break a deadlock, one ticket at a time", async () => {
    const organiser = await createUser(ctx.db, { username: "deadlock_organiser" });
    const owner = { userId: organiser.id, isAdmin: false };
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Deadlock Night" });
    const [first, second, third] = (await Promise.all(Array.from({ length: 3 }, () => createBooking(ctx.db, { eventId: event.id, quantity: 1 })))).sort((a, b) => a.ticketCode.localeCompare(b.ticketCode));
    const lock = async (tx: Db, bookingId: string) => tx.execute(sql`select id from ${bookings} where id = ${bookingId} for update`);
    const waitingOnLocks = async (count: number) => {
      for (;;) {
        const rows = rowsOf<{ n: number }>(await ctx.db.execute(sql`select count(*)::int as n from pg_stat_activity where wait_event_type = 'Lock' and query like '%unnest(%'`));
        if (rows[0]!.n >= count) return;
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
    };
    const gates = { releaseThird: () => {}, lockFirst: () => {} };
    // One writer holds the third ticket, so a lone scan of it waits and the first two queue behind it as one batch.
    const holdingThird = ctx.db.transaction(async (tx) => {
      await lock(tx, third!.id);
      await new Promise<void>((resolve) => (gates.releaseThird = resolve));
    });
    // Another holds the second ticket, and then asks for the first, which the batch will hold: a cycle.
    let writerFailed: unknown = null;
    const crossing = ctx.db
      .transaction(async (tx) => {
        await lock(tx, second!.id);
        await new Promise<void>((resolve) => (gates.lockFirst = resolve));
        await lock(tx, first!.id);
      })
      .catch((error: unknown) => (writerFailed = error));
    await new Promise((resolve) => setTimeout(resolve, 50));
    recording.sent.length = 0;
    const scan = (row: { ticketCode: string }) => admitTicket(recording.db, { ticket: { ticketCode: row.ticketCode }, actor: owner });
    const scans = [scan(third!)];
    await waitingOnLocks(1);
    scans.push(scan(first!), scan(second!));
    gates.releaseThird();
    await holdingThird;
    await scans[0];
    // The batch of the first two has locked the first ticket and waits for the second.
    await waitingOnLocks(1);
    gates.lockFirst();
    const answers = await Promise.all(scans);
    await crossing;
    // The batch waited first, so its deadlock check ran first and failed it: each of its scans ran again
    // alone (the lone scan, the batch, then one statement per scan), and each admitted its ticket.
    expect(writerFailed).toBeNull();
    expect(admissionStatements().map((statement) => (statement.values[0] as string[]).length)).toEqual([1, 2, 1, 1]);
    expect(answers.map((row) => [row!.ticketCode, row!.admittedAt instanceof Date])).toEqual([third, first, second].map((row) => [row!.ticketCode, true]));
  }, 30_000);

  it("on PGlite (the demo's database) as well", async () => {
    const dir = mkdtempSync(join(tmpdir(), "eventora-pglite-admit-"));
    const database = await openPglite(dir);
    try {
      await database.migrate();
      const organiser = await createUser(database.db, { username: "pglite_batch_organiser" });
      const stranger = await createUser(database.db, { username: "pglite_batch_stranger" });
      await scansTogether(database.db, { organiser, stranger });
    } finally {
      await database.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 120_000);
});
