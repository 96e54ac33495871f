import { randomBytes } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { and, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { bookings, orders } from "../../src/server/db/schema";
import { startAppProcess, type AppProcess } from "../app-process";
import { createTestDatabase } from "../database";
import { createEvent } from "../fixtures";
import { startSmtpReceiver } from "../smtp-receiver";
import { HttpClient, openEventStream, PUBLIC_URL, signedInPerson, waitForListener } from "./http";

/**
 * ARCHITECTURE "Scaling past one machine": app nodes keep no state of their own, so two of them
 * against one PostgreSQL behave as one site. Two built app processes on two ports, one database.
 */
let database: Awaited<ReturnType<typeof createTestDatabase>>;
let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let nodeA: AppProcess;
let nodeB: AppProcess;
const dataDirs: string[] = [];

beforeAll(async () => {
  database = await createTestDatabase();
  smtp = await startSmtpReceiver();
  const env = () => {
    const dataDir = mkdtempSync(join(tmpdir(), "eventora-node-"));
    dataDirs.push(dataDir);
    return {
      DATABASE_URL: database.url,
      DATA_DIR: dataDir,
      PUBLIC_URL,
      // One secret for the site: a session signed by one node is read by the other.
      AUTH_SECRET: sharedSecret,
      PAYMENT_PROVIDER: "local",
      SMTP_URL: smtp.smtpUrl,
      JOBS_POLLING_INTERVAL_SECONDS: "0.5",
    };
  };
  const sharedSecret = randomBytes(32).toString("base64url");
  // One after the other: the first node installs the job queue's schema.
  nodeA = await startAppProcess(env());
  nodeB = await startAppProcess(env());
});

afterAll(async () => {
  await Promise.all([nodeA?.stop(), nodeB?.stop()]);
  await smtp?.stop();
  await database?.close();
  for (const dir of dataDirs) rmSync(dir, { recursive: true, force: true });
});

describe("two app nodes on one PostgreSQL", () => {
  it("a sale confirmed on node A reaches the organiser's live stream on node B (LISTEN/NOTIFY)", async () => {
    const organiser = await signedInPerson(database.db, nodeB);
    const event = await createEvent(database.db, { userId: organiser.account.id, title: "Two Node Tango", pricePence: 1500, maxAttendees: 50 });
    const stream = await openEventStream(nodeB, organiser.client);
    try {
      await waitForListener(database.db);
      const buyer = await signedInPerson(database.db, nodeA);
      const payment = await buyer.client.post(nodeA, "/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 });
      expect(payment.status).toBe(200);
      const { sessionId } = payment.body as { sessionId: string };
      expect((await buyer.client.post(nodeA, `/api/checkout/test/${sessionId}/pay`)).status).toBe(200);

      const sale = await stream.sale((candidate) => candidate.eventId === event.id);
      const [booking] = await database.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
      expect(sale).toMatchObject({ bookingId: booking!.id, eventTitle: "Two Node Tango", ticketQuantity: 2, change: "new" });
    } finally {
      await stream.close();
    }
  });

  it("buyers racing on both nodes for the last places never oversell: exactly the capacity is held and sold, the rest hear 'Sold out'", async () => {
    const CAPACITY = 4;
    const BUYERS = 10;
    const organiser = await signedInPerson(database.db, nodeA);
    const event = await createEvent(database.db, { userId: organiser.account.id, title: "Last Places Gala", pricePence: 2000, maxAttendees: CAPACITY });
    const buyers = await Promise.all(Array.from({ length: BUYERS }, (_, index) => signedInPerson(database.db, index % 2 ? nodeB : nodeA)));

    const attempts = await Promise.all(
      buyers.map(({ client }, index) => client.post(index % 2 ? nodeB : nodeA, "/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })),
    );
    const held = attempts.filter((attempt) => attempt.status === 200);
    const refused = attempts.filter((attempt) => attempt.status !== 200);
    expect(held).toHaveLength(CAPACITY);
    expect(refused).toHaveLength(BUYERS - CAPACITY);
    for (const refusal of refused) {
      expect(refusal.status).toBe(409);
      expect(refusal.body).toMatchObject({
        error: { code: "CONFLICT", message: "Sold out: there are no tickets left for Last Places Gala.", details: { reason: "SOLD_OUT", remaining: 0 } },
      });
    }

    // Each winner pays on the other node than the one that held the place; all confirm at once.
    const winners = attempts.flatMap((attempt, index) => (attempt.status === 200 ? [{ index, sessionId: (attempt.body as { sessionId: string }).sessionId }] : []));
    const paid = await Promise.all(winners.map(({ index, sessionId }) => buyers[index]!.client.post(index % 2 ? nodeA : nodeB, `/api/checkout/test/${sessionId}/pay`)));
    expect(paid.map((answer) => answer.status)).toEqual(winners.map(() => 200));

    const sold = await database.db.select().from(bookings).where(and(eq(bookings.eventId, event.id), eq(bookings.status, "confirmed")));
    expect(sold.reduce((sum, booking) => sum + booking.ticketQuantity, 0)).toBe(CAPACITY);
    expect(new Set(sold.map((booking) => booking.stripeSessionId))).toEqual(new Set(winners.map((winner) => winner.sessionId)));
    const confirmed = await database.db.select().from(orders).where(eq(orders.status, "confirmed"));
    expect(confirmed.filter((order) => winners.some((winner) => winner.sessionId === order.sessionId))).toHaveLength(CAPACITY);

    // Sold out for the next buyer too, whichever node they reach.
    const late = buyers[0]!.client;
    for (const node of [nodeA, nodeB]) {
      const answer = await late.post(node, "/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 });
      expect(answer.status).toBe(409);
    }
  });

  it("a rate limit counts requests on both nodes together: alternating nodes hits 429 at the limit in total", async () => {
    // The contact form allows 5 messages an hour from one address (decisions.md D7).
    const visitor = new HttpClient();
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 8; attempt++) {
      const answer = await visitor.post(attempt % 2 ? nodeB : nodeA, "/api/contact", {
        firstName: "Rhys",
        lastName: "Evans",
        email: "rhys@example.com",
        subject: `Question ${attempt + 1}`,
        message: "Is there step-free access at the venue, please?",
      });
      statuses.push(answer.status);
      if (answer.status === 429) {
        expect(answer.body).toMatchObject({ error: { code: "RATE_LIMITED" } });
        expect(Number(answer.headers.get("retry-after"))).toBeGreaterThan(0);
      }
    }
    expect(statuses).toEqual([201, 201, 201, 201, 201, 429, 429, 429]);
  });

  it("a session made by signing in on node A is honoured on node B, and signing out on B ends it on A", async () => {
    const { account, client } = await signedInPerson(database.db, nodeA);
    const onB = await client.get(nodeB, "/api/me");
    expect(onB.status).toBe(200);
    expect(onB.body).toMatchObject({ user: { id: account.id, email: account.email } });
    // A signed-in page rendered by node B knows the visitor too.
    const page = await client.get(nodeB, "/my-tickets");
    expect(page.status).toBe(200);
    expect(page.text).toContain(account.email);

    const cookies = new Map(client.cookies);
    expect((await client.post(nodeB, "/api/auth/sign-out")).status).toBe(200);
    // The old cookie, replayed on node A, no longer opens a session: it ended in the shared database.
    for (const [name, value] of cookies) client.cookies.set(name, value);
    expect((await client.get(nodeA, "/api/me")).status).toBe(401);
  });
});
