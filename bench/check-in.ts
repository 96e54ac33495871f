/**
 * Check-in: scanners at once admitting signed tickets through POST /api/functions/check-ticket on the
 * running app (real HTTP, session cookie, signature check, the admission statement that the scans queued
 * together share: decision 032), beside the limit of that: the product's own admission statement (its
 * text captured as the product sends it) through `pg`, the scans gathered into batches of the size the
 * product's reached (its transactions counted by the admitted rows' xmin), at the same concurrency on the
 * same database. Every ticket must be admitted exactly once, and a second scan must say 'already checked in'.
 */
import { randomBytes } from "node:crypto";
import autocannon from "autocannon";
import { asc, inArray } from "drizzle-orm";
import pg from "pg";
import { ticketQrPayload, type CheckResult, type SignedTicketPayload } from "../src/domain";
import type { Db } from "../src/server/db/client";
import { bookings, events, tickets as ticketsTable } from "../src/server/db/schema";
import { admitTicket } from "../src/server/features/check-in/check-in.service";
import { createTicketSigner } from "../src/server/features/tickets/ticket-signer";
import { addDefaultTicketTypes, createAccount, ticketTypeIdOf } from "../test/fixtures";
import { groupCommit, meanBatch, meanBatchWritten, statementsSentBy, theStatement } from "./pg-batches";
import { drive, percentile } from "./stats";

const PASSWORD = "bench-password-1";

/**
 * Sells `count` tickets as bookings of `perBooking` each, inserted by SQL: the bookings' trigger issues their
 * tickets (issue 36). Answers the tickets, each with its own code, to sign and scan one by one.
 */
async function makeTickets(db: Db, eventId: string, count: number, perBooking = 2) {
  const ticketTypeId = await ticketTypeIdOf(db, eventId);
  const rows = Array.from({ length: Math.ceil(count / perBooking) }, (_, i) => ({
    eventId,
    ticketTypeId,
    status: "confirmed",
    attendeeName: `Guest ${i}`,
    attendeeEmail: `guest${i}@bench.test`,
    ticketQuantity: Math.min(perBooking, count - i * perBooking),
    totalAmountPence: 2730 * Math.min(perBooking, count - i * perBooking),
    ticketCode: `TCKT-2026-${randomBytes(4).toString("hex").toUpperCase()}`,
  }));
  const issued = [];
  for (let i = 0; i < rows.length; i += 1000) {
    const inserted = await db.insert(bookings).values(rows.slice(i, i + 1000)).returning({ id: bookings.id });
    issued.push(
      ...(await db
        .select({ code: ticketsTable.code, bookingId: ticketsTable.bookingId, attendeeName: ticketsTable.attendeeName })
        .from(ticketsTable)
        .where(inArray(ticketsTable.bookingId, inserted.map((booking) => booking.id)))
        .orderBy(asc(ticketsTable.code))),
    );
  }
  return issued;
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

/**
 * Sends one request per body (a POST, or a GET where there is no body), `connections` at a time, through autocannon (the load generator of the listing
 * benchmark): it costs the machine a fraction of what `fetch` does, so the figure is the app's and not the
 * client's on a machine the two share. Answers the JSON of each 200 response (in the order they arrived),
 * the rate and the p99.
 */
async function load<T>(url: string, headers: Record<string, string>, bodies: (string | undefined)[], connections: number) {
  let sent = 0;
  const answers: T[] = [];
  let failed = 0;
  // Timed from the first request built to the last answer: autocannon itself runs on to its next whole second.
  let started = 0;
  let finished = 0;
  const result = await autocannon({
    url,
    method: bodies[0] === undefined ? "GET" : "POST",
    connections: Math.min(connections, bodies.length),
    amount: bodies.length,
    headers: { "content-type": "application/json", ...headers },
    requests: [
      {
        setupRequest: (request) => {
          started ||= performance.now();
          return { ...request, body: bodies[sent++ % bodies.length] };
        },
        onResponse: (status, body) => {
          finished = performance.now();
          if (status !== 200) failed += 1;
          else if (body) answers.push(JSON.parse(body) as T);
        },
      },
    ],
  });
  const seconds = (finished - started) / 1000;
  if (sent !== bodies.length) throw new Error(`autocannon built ${sent} requests for ${bodies.length} bodies`);
  return { answers, failed: failed + result.errors + result.timeouts, rate: bodies.length / seconds, p99: result.latency.p99 };
}

export async function benchCheckIn({ baseUrl, db, databaseUrl, tickets = 1000, scanners = 50 }: { baseUrl: string; db: Db; databaseUrl: string; tickets?: number; scanners?: number }) {
  const organiser = await createAccount(db, { password: PASSWORD });
  const cookie = await signIn(baseUrl, organiser.email, PASSWORD);
  const [event] = await db.insert(events).values({ userId: organiser.id, title: "Check-in bench", location: "Manchester", dateTime: new Date(Date.now() + 86_400_000), pricePence: 2500 }).returning();
  await addDefaultTicketTypes(db);
  const signer = createTicketSigner(db);
  const scanBodies = async (rows: Awaited<ReturnType<typeof makeTickets>>) =>
    Promise.all(
      rows.map(async (ticket) => {
        const payload: SignedTicketPayload = await signer.sign(ticketQrPayload(ticket, event!));
        return JSON.stringify({ ticketId: payload.ticketId, qr: JSON.stringify(payload), checkIn: true });
      }),
    );
  const scan = (bodies: string[], connections = scanners) => load<CheckResult>(`${baseUrl}/api/functions/check-ticket`, { origin: baseUrl, cookie }, bodies, connections);

  // Warm-up on a few tickets of their own (JIT, pools), not counted.
  await scan(await scanBodies(await makeTickets(db, event!.id, 50)), 10);

  const bodies = await scanBodies(await makeTickets(db, event!.id, tickets));
  const product = await scan(bodies);
  const admitted = product.answers.filter((result) => result.valid && !result.alreadyCheckedIn).length;
  const again = await scan(bodies.slice(0, 200));
  const repeats = again.answers.filter((result) => result.alreadyCheckedIn).length;

  // For reading the ratio: the same server and client answering /readyz (an HTTP request and one query, no
  // ticket, no signature) at the same concurrency, the most any check-in over HTTP could reach here.
  const floor = await load(`${baseUrl}/readyz`, {}, Array.from({ length: tickets }, () => undefined), scanners);

  const pool = new pg.Pool({ connectionString: databaseUrl, max: 10 });
  const productBatch = await meanBatchWritten(pool, "tickets", "code = any($1::text[])", [product.answers.map((answer) => answer.ticketId)]);

  // The admission statement as the product sends it for one scan (the same call the route makes), then
  // each of its arrays filled from a batch: the scanned code and signed booking where the product put this
  // scan's, and the rest (the actor, no door, no time given) as they were.
  const [template, ...baselineTickets] = await makeTickets(db, event!.id, tickets + 1);
  const sent = await statementsSentBy(() =>
    admitTicket(db, { ticket: { ticketCode: template!.code }, actor: { userId: organiser.id, isAdmin: false }, admit: true, signed: { bookingId: template!.bookingId, ticketCode: template!.code } }),
  );
  const admission = theStatement(sent, "admission statement", (statement) => statement.name === "admit_ticket_by_code");
  const fill = (batch: typeof baselineTickets) =>
    admission.values.map((column) => {
      const value = (column as unknown[])[0];
      return batch.map((ticket) => (value === template!.code ? ticket.code : value === template!.bookingId ? ticket.bookingId : value));
    });
  const batches = groupCommit(Math.max(1, Math.round(productBatch)), async (batch: typeof baselineTickets) => {
    // In code order, as the product locks them.
    const sorted = [...batch].sort((a, b) => (a.code < b.code ? -1 : a.code > b.code ? 1 : 0));
    const { rows } = await pool.query<{ ticket_code: string; admitted_at: Date | null }>({ name: admission.name, text: admission.text, values: fill(sorted) });
    const admittedCodes = new Set(rows.filter((row) => row.admitted_at !== null).map((row) => row.ticket_code));
    return batch.map((ticket) => admittedCodes.has(ticket.code));
  });
  let baseAdmitted = 0;
  const baseline = await drive(baselineTickets, scanners, async (ticket) => {
    if (await batches.run(ticket)) baseAdmitted += 1;
  });
  await pool.end();

  const problems = [];
  if (product.failed || again.failed) problems.push(`check-in: ${product.failed + again.failed} scans failed (non-200 or no answer)`);
  if (admitted !== tickets) problems.push(`check-in admitted ${admitted} of ${tickets} tickets`);
  if (repeats !== 200) problems.push(`only ${repeats} of 200 repeat scans said 'already checked in'`);
  if (floor.failed) problems.push(`/readyz failed ${floor.failed} times`);
  if (baseAdmitted !== tickets) problems.push(`baseline admitted ${baseAdmitted} of ${tickets}`);
  return {
    product: { rate: product.rate, p99: product.p99 },
    baseline: { rate: tickets / baseline.seconds, p99: percentile(baseline.latencies, 99) },
    /** Scans per admission statement: the product's (from its rows), and the baseline's. */
    batch: { product: productBatch, baseline: meanBatch(batches.sizes) },
    httpFloor: { rate: floor.rate },
    problems,
  };
}
