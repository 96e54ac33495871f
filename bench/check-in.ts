/**
 * Check-in: scanners at once admitting signed tickets through POST /api/functions/check-ticket on the
 * running app (real HTTP, session cookie, signature check, the conditional update), beside the bare
 * conditional update through `pg` at the same concurrency on the same database. Every ticket must be
 * admitted exactly once, and a second scan must say 'already checked in'.
 */
import { randomBytes } from "node:crypto";
import pg from "pg";
import { ticketQrPayload, type CheckResult, type SignedTicketPayload } from "../src/domain";
import type { Db } from "../src/server/db/client";
import { bookings, events } from "../src/server/db/schema";
import { createTicketSigner } from "../src/server/features/tickets/ticket-signer";
import { createAccount } from "../test/fixtures";
import { drive, percentile } from "./stats";

const PASSWORD = "bench-password-1";

async function makeTickets(db: Db, eventId: string, count: number) {
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

/** Signs a fresh account in over HTTP; answers its session cookie header. */
export async function signIn(baseUrl: string, email: string, password: string): Promise<string> {
  const response = await fetch(`${baseUrl}/api/auth/sign-in/email`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: baseUrl },
    body: JSON.stringify({ email, password }),
  });
  if (!response.ok) throw new Error(`Sign-in failed: ${response.status} ${await response.text()}`);
  return response.headers.getSetCookie().map((value) => value.split(";")[0]).join("; ");
}

export async function benchCheckIn({ baseUrl, db, databaseUrl, tickets = 1000, scanners = 50 }: { baseUrl: string; db: Db; databaseUrl: string; tickets?: number; scanners?: number }) {
  const organiser = await createAccount(db, { password: PASSWORD });
  const cookie = await signIn(baseUrl, organiser.email, PASSWORD);
  const [event] = await db.insert(events).values({ userId: organiser.id, title: "Check-in bench", location: "Manchester", dateTime: new Date(Date.now() + 86_400_000), pricePence: 2500 }).returning();
  const signer = createTicketSigner(db);
  const payloads: SignedTicketPayload[] = await Promise.all((await makeTickets(db, event!.id, tickets)).map((booking) => signer.sign(ticketQrPayload(booking, event!))));
  const scan = async (payload: SignedTicketPayload) => {
    const response = await fetch(`${baseUrl}/api/functions/check-ticket`, {
      method: "POST",
      headers: { "content-type": "application/json", origin: baseUrl, cookie },
      body: JSON.stringify({ ticketId: payload.ticketId, qr: JSON.stringify(payload), checkIn: true }),
    });
    return (await response.json()) as CheckResult;
  };

  // Warm-up on a few tickets of their own (JIT, pools), not counted.
  const warm = await makeTickets(db, event!.id, 50);
  await drive(await Promise.all(warm.map((booking) => signer.sign(ticketQrPayload(booking, event!)))), 10, async (payload) => void (await scan(payload)));

  let admitted = 0;
  const product = await drive(payloads, scanners, async (payload) => {
    const result = await scan(payload);
    if (result.valid && !result.alreadyCheckedIn) admitted += 1;
  });
  let repeats = 0;
  const again = payloads.slice(0, 200);
  await drive(again, scanners, async (payload) => {
    if ((await scan(payload)).alreadyCheckedIn) repeats += 1;
  });

  // For reading the ratio: the same server and client answering /readyz (an HTTP request and one query, no
  // ticket, no signature) at the same concurrency, the most any check-in over HTTP could reach here.
  const floor = await drive(Array.from({ length: tickets }, (_, i) => i), scanners, async () => void (await (await fetch(`${baseUrl}/readyz`)).text()));

  const baselineTickets = await makeTickets(db, event!.id, tickets);
  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  let baseAdmitted = 0;
  const baseline = await drive(baselineTickets, scanners, async (booking) => {
    const { rowCount } = await pool.query("update bookings set checked_in_at = now() where ticket_code = $1 and status = 'confirmed' and checked_in_at is null returning checked_in_at", [booking.ticketCode]);
    if (rowCount) baseAdmitted += 1;
  });
  await pool.end();

  const problems = [];
  if (admitted !== tickets) problems.push(`check-in admitted ${admitted} of ${tickets} tickets`);
  if (repeats !== again.length) problems.push(`only ${repeats} of ${again.length} repeat scans said 'already checked in'`);
  if (baseAdmitted !== tickets) problems.push(`baseline admitted ${baseAdmitted} of ${tickets}`);
  return {
    product: { rate: tickets / product.seconds, p99: percentile(product.latencies, 99) },
    baseline: { rate: tickets / baseline.seconds, p99: percentile(baseline.latencies, 99) },
    httpFloor: { rate: tickets / floor.seconds },
    problems,
  };
}
