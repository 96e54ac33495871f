import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_TICKET_TYPE_NAME } from "../../domain";
import { createTestDatabase } from "../../../test/database";
import { rollBackTo } from "../../../test/roll-back-migrations";
import { reconcile, formatReconcileReport } from "../features/ledger/reconcile";
import { rowsOf } from "./client";
import { seedDemoData } from "./seed";

/**
 * Migration 0027 (issue 36) on a copy of the demo data as it was before ticket types: every event gets one
 * type at its price, every booking and order line is of its event's type, and nothing already sold changes
 * (ticket codes, QR payloads, amounts), so the ledger still reconciles.
 */
describe("migration 0027: ticket types over data sold before them", () => {
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  const mediaDir = mkdtempSync(join(tmpdir(), "eventora-types-migration-"));
  let before: { id: string; ticket_code: string; qr_code: string | null; total_amount_pence: number; ticket_quantity: number }[];

  beforeAll(async () => {
    database = await createTestDatabase();
    await seedDemoData({ db: database.db, mediaDir });
    // The demo data as the previous release held it: no types, and 0027 not yet applied.
    await rollBackTo(database.db, "0026_data_rights");
    before = rowsOf(await database.db.execute(sql`select id, ticket_code, qr_code, total_amount_pence, ticket_quantity from bookings order by id`));
    await database.migrate();
  }, 180_000);
  afterAll(async () => {
    await database.close();
    rmSync(mediaDir, { recursive: true, force: true });
  });

  it("gives every event one type at its price, and makes every sale and hold of it", async () => {
    const events = rowsOf<{ n: number; typed: number }>(
      await database.db.execute(sql`select count(*)::int as n, count(*) filter (where (
        select count(*) from ticket_types t where t.event_id = e.id and t.name = ${DEFAULT_TICKET_TYPE_NAME} and t.price_pence = e.price_pence and t.capacity is null and not t.hidden) = 1
        and (select count(*) from ticket_types t where t.event_id = e.id) = 1)::int as typed from events e`),
    )[0]!;
    expect(events.n).toBeGreaterThan(40);
    expect(events.typed).toBe(events.n);
    const strays = rowsOf<{ n: number }>(
      await database.db.execute(sql`select (
        (select count(*) from bookings b join ticket_types t on t.id = b.ticket_type_id where t.event_id <> b.event_id) +
        (select count(*) from order_lines l join ticket_types t on t.id = l.ticket_type_id where t.event_id <> l.event_id))::int as n`),
    )[0]!;
    expect(strays.n).toBe(0);
    expect(rowsOf<{ n: number }>(await database.db.execute(sql`select count(*)::int as n from bookings`))[0]!.n).toBeGreaterThan(20);
  });

  it("changes nothing already sold: codes, QR payloads and amounts are as they were, and the ledger reconciles", async () => {
    const after = rowsOf(await database.db.execute(sql`select id, ticket_code, qr_code, total_amount_pence, ticket_quantity from bookings order by id`));
    expect(after).toEqual(before);
    const report = await reconcile(database.db);
    expect(report.problems, formatReconcileReport(report)).toEqual([]);
  });
});
