import { randomUUID } from "node:crypto";
import type { AddressInfo } from "node:net";
import { and, eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { LiveDoor, LiveSale } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { AuthClient, TEST_PASSWORD } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { doorAccess, doorAccessEvents } from "../../db/schema";
import { doorCookieValue, DOOR_COOKIE, hashDoorSecret } from "../door/door-access";

type TestApp = Awaited<ReturnType<typeof createTestApp>>;

const opened: AbortController[] = [];
// A stream still open would keep the app from closing: hang up as a browser leaving the page would.
afterEach(() => {
  for (const controller of opened.splice(0)) controller.abort();
});

/** A live stream over real HTTP (an organiser's sales by default), read as it arrives; `ended` settles when the server closes it. */
async function openStream(t: TestApp, client: { cookieHeader: string }, path = "/api/realtime/bookings") {
  const { port } = t.app.server.address() as AddressInfo;
  const controller = new AbortController();
  opened.push(controller);
  const response = await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  let changed: () => void = () => {};
  let next = new Promise<void>((resolve) => (changed = resolve));
  const ended = (async () => {
    for (;;) {
      const { value, done } = await reader.read().catch(() => ({ value: undefined, done: true as const }));
      if (!done) text += decoder.decode(value, { stream: true });
      const wake = changed;
      next = new Promise<void>((resolve) => (changed = resolve));
      wake();
      if (done) return;
    }
  })();
  const sales = () => [...text.matchAll(/event: sale\nid: [^\n]+\ndata: ([^\n]+)\n\n/g)].map((match) => JSON.parse(match[1]!) as LiveSale);
  const doors = () => [...text.matchAll(/event: door\ndata: ([^\n]+)\n\n/g)].map((match) => JSON.parse(match[1]!) as LiveDoor);
  /** Waits for the stream itself (no clock): resolves once `found` holds, fails if the stream ends first. */
  async function until<T>(found: () => T | undefined, what: string): Promise<T> {
    let ending = false;
    void ended.then(() => (ending = true));
    for (;;) {
      const value = found();
      if (value !== undefined) return value;
      if (ending) throw new Error(`the stream ended before ${what}`);
      await Promise.race([next, ended]);
    }
  }
  await until(() => (text.includes(": connected") ? true : undefined), "it said it was connected");
  return { ended, sales, doors, until, text: () => text };
}

async function organiserWithEvent(t: TestApp) {
  const { account, client } = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: account.id, title: "Harbour Quiz" });
  return { account, client, event };
}

/** A second device of the same account. */
async function signInAgain(t: TestApp, email: string) {
  const client = new AuthClient(t.app, t.config.publicUrl, "198.18.200.1");
  expect((await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD })).statusCode).toBe(200);
  return client;
}

describe("live sales stop when the session does (issue 16)", () => {
  describe("at the heartbeat", () => {
    let t: TestApp;
    beforeAll(async () => {
      t = await createTestApp({}, { realtimeHeartbeatMs: 100 });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => t.close());

    it("closes the stream once its session is signed out, and a later sale never reaches it", async () => {
      const { account, client, event } = await organiserWithEvent(t);
      const stream = await openStream(t, client);
      expect((await client.post("/api/auth/sign-out", {})).statusCode).toBe(200);
      await stream.ended;

      // Signed in again, the organiser's new stream hears the next sale: it was sent, just not to the old one.
      const again = await signInAgain(t, account.email);
      const fresh = await openStream(t, again);
      const booking = await createBooking(t.db, { eventId: event.id, quantity: 2, name: "Sam After" });
      await fresh.until(() => fresh.sales().find((sale) => sale.bookingId === booking.id), "the sale on the fresh stream");
      expect(stream.sales()).toEqual([]);
      expect(stream.text()).not.toContain("Sam After");
    });
  });

  describe("before each sale", () => {
    let t: TestApp;
    beforeAll(async () => {
      // No heartbeat during the test: only the check before a sale can stop it.
      t = await createTestApp({}, { realtimeHeartbeatMs: 3_600_000 });
      await t.app.listen({ port: 0, host: "127.0.0.1" });
    });
    afterAll(async () => t.close());

    it("does not send a sale to a stream whose session was revoked, and closes it", async () => {
      const { account, client, event } = await organiserWithEvent(t);
      const stream = await openStream(t, client);
      // The same organiser on another device revokes every other session (better-auth's revoke-other-sessions).
      const other = await signInAgain(t, account.email);
      const otherStream = await openStream(t, other);
      expect((await other.post("/api/auth/revoke-other-sessions", {})).statusCode).toBe(200);

      const booking = await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Robin Revoked" });
      await otherStream.until(() => otherStream.sales().find((sale) => sale.bookingId === booking.id), "the sale on the live session's stream");
      await stream.ended;
      expect(stream.sales()).toEqual([]);
      expect(stream.text()).not.toContain("Robin Revoked");
    });
  });
});

describe("the live sale names the attendee typed at checkout (issue 17)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("tells the organiser 'Ada Lovelace' bought, not the buyer's account handle", async () => {
    const { account, client } = await organiserWithEvent(t);
    const event = await createEvent(t.db, { userId: account.id, title: "Harbour Quiz", pricePence: 1500 });
    const stream = await openStream(t, client);
    const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const started = await buyer.client.post("/api/functions/create-payment", { eventId: event.id, ticketQuantity: 2, attendeeName: "Ada Lovelace" });
    expect(started.statusCode).toBe(200);
    await buyer.client.post(`/api/checkout/test/${started.json().sessionId}/pay`);
    const sale = await stream.until(() => stream.sales().find((found) => found.eventId === event.id), "the sale");
    expect(sale).toMatchObject({ attendeeName: "Ada Lovelace", ticketQuantity: 2, eventTitle: "Harbour Quiz" });
  });
});

describe("check-in counts across devices (issue 17)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({}, { realtimeHeartbeatMs: 3_600_000 });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("a check-in on one device reaches the organiser's other device with the event's new figures", async () => {
    const { account, client: doorOne, event } = await organiserWithEvent(t);
    const booking = await createBooking(t.db, { eventId: event.id, quantity: 3, name: "Pat Door" });
    await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Lee Later" });
    const doorTwo = await signInAgain(t, account.email);
    const stream = await openStream(t, doorTwo);

    // Door one admits the booking from the attendee list (any check-in updates the booking).
    expect((await doorOne.post(`/api/bookings/${booking.id}/check-in`, {})).statusCode).toBe(200);
    const update = await stream.until(() => stream.sales().find((sale) => sale.bookingId === booking.id && sale.change === "updated"), "the check-in on the other device's stream");
    expect(update).toMatchObject({ eventId: event.id, checkIns: { admitted: 3, expected: 4 } });
  });
});

describe("door figures live at every device of the door (issue 38)", () => {
  let t: TestApp;
  beforeAll(async () => {
    // No heartbeat during the test: the door is read again before each message.
    t = await createTestApp({}, { realtimeHeartbeatMs: 3_600_000 });
    await t.app.listen({ port: 0, host: "127.0.0.1" });
  });
  afterAll(async () => t.close());

  it("reach a door link's phone and a staff member's, never anyone else's, and stop at once for a link taken off the event", async () => {
    const { account, client: organiser, event } = await organiserWithEvent(t);
    const first = await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Pat Door" });
    const second = await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Lee Later" });
    const secret = `door-${randomUUID()}`;
    const [link] = await t.db.insert(doorAccess).values({ organiserId: account.id, kind: "link", label: "North door", tokenHash: hashDoorSecret(secret) }).returning();
    const staff = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const [access] = await t.db
      .insert(doorAccess)
      .values({ organiserId: account.id, kind: "staff", label: "Sam Steward", email: staff.account.email, userId: staff.account.id, tokenHash: hashDoorSecret(randomUUID()), acceptedAt: new Date() })
      .returning();
    await t.db.insert(doorAccessEvents).values([
      { doorAccessId: link!.id, eventId: event.id },
      { doorAccessId: access!.id, eventId: event.id },
    ]);
    const path = `/api/realtime/door/${event.id}`;
    const phone = await openStream(t, { cookieHeader: `${DOOR_COOKIE}=${encodeURIComponent(doorCookieValue("unused", secret, { id: link!.id, pinHash: null }))}` }, path);
    const steward = await openStream(t, staff.client, path);
    // Anyone else is told there is no such event, as for any event they may not see.
    const { port } = t.app.server.address() as AddressInfo;
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await fetch(`http://127.0.0.1:${port}${path}`, { headers: { cookie: stranger.client.cookieHeader } })).status).toBe(404);
    expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(401);

    expect((await organiser.post(`/api/bookings/${first.id}/check-in`, {})).statusCode).toBe(200);
    for (const stream of [phone, steward]) {
      const figures = await stream.until(() => stream.doors().find((door) => door.checkIns.admitted === 1), "the check-in's figures");
      expect(figures).toMatchObject({ eventId: event.id, checkIns: { admitted: 1, expected: 2 }, door: { lists: [{ name: "All tickets", admitted: 1, expected: 2 }] } });
      // The door's figures only: no buyer's name or address.
      expect(stream.text()).not.toContain("Pat Door");
    }

    // The link is taken off this event (still good for another): its phone's stream ends before the next figures.
    const otherNight = await createEvent(t.db, { userId: account.id, title: "Harbour Quiz II" });
    await t.db.insert(doorAccessEvents).values({ doorAccessId: link!.id, eventId: otherNight.id });
    await t.db.delete(doorAccessEvents).where(and(eq(doorAccessEvents.doorAccessId, link!.id), eq(doorAccessEvents.eventId, event.id)));
    expect((await organiser.post(`/api/bookings/${second.id}/check-in`, {})).statusCode).toBe(200);
    await steward.until(() => steward.doors().find((door) => door.checkIns.admitted === 2), "the second check-in on the steward's phone");
    await phone.ended;
    expect(phone.doors().map((door) => door.checkIns.admitted)).toEqual([1]);
  });
});
