import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { GUEST_SEARCH_TOO_LONG, GUEST_SEARCH_TOO_SHORT, type GuestSearchResult } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { newClient, type AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent, futureDay } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { doorAccess, doorAccessEvents, tickets } from "../../db/schema";
import { DOOR_COOKIE, hashDoorSecret, NOT_YOUR_DOOR } from "./door-access";
import { GUEST_SEARCH_LIMITS } from "./guest-search.service";

const t = setUpTestApp();

const uniqueName = () => `Zed${randomBytes(3).toString("hex")}`;

async function organiser() {
  return signInAs(t.app, t.db, t.config.publicUrl, "user");
}

async function guest(eventId: string, name: string, options: { email?: string; status?: string; refundedQuantity?: number; quantity?: number } = {}) {
  const booking = await createBooking(t.db, { eventId, quantity: options.quantity ?? 1, name, email: options.email, status: options.status, refundedQuantity: options.refundedQuantity });
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id)).orderBy(tickets.position).limit(1);
  return { booking, ticket: ticket! };
}

async function search(client: AuthClient, q: string, eventId?: string) {
  const query = new URLSearchParams({ q, ...(eventId ? { eventId } : {}) });
  return client.get(`/api/door/guests?${query}`);
}

async function found(client: AuthClient, q: string, eventId?: string): Promise<GuestSearchResult[]> {
  const response = await search(client, q, eventId);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().guests;
}

/** A staff member's accepted access to some events of an organiser. */
async function staffAt(organiserId: string, eventIds: string[]) {
  const staff = await organiser();
  const [access] = await t.db
    .insert(doorAccess)
    .values({ organiserId, kind: "staff", label: "Sam", email: staff.account.email, userId: staff.account.id, tokenHash: hashDoorSecret(randomUUID()), acceptedAt: new Date() })
    .returning();
  await t.db.insert(doorAccessEvents).values(eventIds.map((eventId) => ({ doorAccessId: access!.id, eventId })));
  return { client: staff.client, accessId: access!.id };
}

/** A phone holding a door link (no PIN) for some events. */
async function doorLinkAt(organiserId: string, eventIds: string[]) {
  const secret = randomBytes(24).toString("base64url");
  const [access] = await t.db.insert(doorAccess).values({ organiserId, kind: "link", label: "North door", tokenHash: hashDoorSecret(secret) }).returning();
  await t.db.insert(doorAccessEvents).values(eventIds.map((eventId) => ({ doorAccessId: access!.id, eventId })));
  const phone = newClient(t);
  phone.cookies.set(DOOR_COOKIE, secret);
  return { client: phone, accessId: access!.id };
}

describe("find a guest at the door (issue 38)", () => {
  it("finds a guest only among the events this door may check: never another organiser's guest of the same name", async () => {
    const name = uniqueName();
    const mine = await organiser();
    const theirs = await organiser();
    const myEvent = await createEvent(t.db, { userId: mine.account.id, title: "Mine tonight" });
    const theirEvent = await createEvent(t.db, { userId: theirs.account.id, title: "Theirs tonight" });
    const own = await guest(myEvent.id, `${name} Lovelace`);
    await guest(theirEvent.id, `${name} Lovelace`);

    const results = await found(mine.client, name);
    expect(results.map((result) => result.ticketId)).toEqual([own.ticket.id]);
    expect(results[0]!.event).toEqual({ id: myEvent.id, title: "Mine tonight", dateTime: myEvent.dateTime.toISOString() });

    // Another organiser's event named outright: the same 404 as a missing one.
    for (const eventId of [theirEvent.id, randomUUID(), "not-a-uuid"]) {
      const response = await search(mine.client, name, eventId);
      expect(response.statusCode).toBe(404);
      expect(response.json().error.message).toBe(NOT_YOUR_DOOR);
    }
    expect((await found(mine.client, name, myEvent.id)).map((result) => result.ticketId)).toEqual([own.ticket.id]);

    // An admin checks every event's door.
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect(await found(admin.client, name)).toHaveLength(2);
  });

  it("a staff member finds guests only at the events they were granted, and a door link only at its own", async () => {
    const name = uniqueName();
    const boss = await organiser();
    const granted = await createEvent(t.db, { userId: boss.account.id, title: "Granted" });
    const notGranted = await createEvent(t.db, { userId: boss.account.id, title: "Not granted" });
    const atGranted = await guest(granted.id, `${name} One`);
    const atOther = await guest(notGranted.id, `${name} Two`);

    const staff = await staffAt(boss.account.id, [granted.id]);
    expect((await found(staff.client, name)).map((result) => result.ticketId)).toEqual([atGranted.ticket.id]);
    expect((await search(staff.client, name, notGranted.id)).statusCode).toBe(404);

    const link = await doorLinkAt(boss.account.id, [notGranted.id]);
    expect((await found(link.client, name)).map((result) => result.ticketId)).toEqual([atOther.ticket.id]);
    expect((await search(link.client, name, granted.id)).statusCode).toBe(404);

    // Revoked: at once.
    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, link.accessId));
    expect((await search(link.client, name)).statusCode).toBe(401);
    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, staff.accessId));
    expect(await found(staff.client, name)).toEqual([]);

    expect((await search(newClient(t), name)).statusCode).toBe(401);
  });

  it("matches every word of a name in any order, an e-mail's start, or a ticket code with or without TCKT-; answers only what the door needs, the e-mail masked", async () => {
    const name = uniqueName();
    const boss = await organiser();
    const event = await createEvent(t.db, { userId: boss.account.id, pricePence: 0 });
    const email = `${name.toLowerCase()}.lovelace@example.com`;
    const ada = await guest(event.id, `Ada ${name} Lovelace`, { email });
    await guest(event.id, `Ada ${name} Byron`);
    const code = `TCKT-2090-${randomBytes(4).toString("hex").toUpperCase()}`;
    await t.db.update(tickets).set({ code }).where(eq(tickets.id, ada.ticket.id));

    const ids = async (q: string) => (await found(boss.client, q)).map((result) => result.ticketId);
    expect(await ids(`lovelace ${name.toUpperCase()}`)).toEqual([ada.ticket.id]);
    expect(await ids(`${name} ada`)).toHaveLength(2);
    expect(await ids(email.toUpperCase())).toEqual([ada.ticket.id]);
    expect(await ids(email.slice(0, name.length + 4))).toEqual([ada.ticket.id]);
    expect(await ids(code.toLowerCase())).toEqual([ada.ticket.id]);
    expect(await ids(code.slice("TCKT-".length))).toEqual([ada.ticket.id]);
    expect(await ids(code.slice(-8).toLowerCase())).toEqual([ada.ticket.id]);

    const response = await search(boss.client, `${name} lovelace`);
    expect(response.headers["cache-control"]).toContain("no-store");
    expect(response.body).not.toContain(email);
    expect(response.json().guests).toEqual([
      {
        ticketId: ada.ticket.id,
        code,
        attendeeName: `Ada ${name} Lovelace`,
        maskedEmail: "z***@example.com",
        ticketType: "General Admission",
        event: { id: event.id, title: event.title, dateTime: event.dateTime.toISOString() },
        status: "valid",
        checkedInAt: null,
      },
    ]);
  });

  it("finds refunded tickets, cancelled events' and unpaid ones by what they are, the event nearest now first", async () => {
    const name = uniqueName();
    const boss = await organiser();
    const soon = await createEvent(t.db, { userId: boss.account.id, dateTime: futureDay(2) });
    const later = await createEvent(t.db, { userId: boss.account.id, dateTime: futureDay(30) });
    const cancelled = await createEvent(t.db, { userId: boss.account.id, dateTime: futureDay(60), status: "cancelled" });
    const laterGuest = await guest(later.id, `${name} Later`);
    await t.db.update(tickets).set({ checkedInAt: new Date("2090-01-01T19:42:00Z") }).where(eq(tickets.id, laterGuest.ticket.id));
    await guest(soon.id, `${name} Refunded`, { status: "refunded" });
    await guest(soon.id, `${name} Partly`, { quantity: 1, refundedQuantity: 1 });
    await guest(soon.id, `${name} Unpaid`, { status: "pending" });
    await guest(cancelled.id, `${name} Cancelled`);

    const results = await found(boss.client, name);
    expect(results.map((result) => [result.attendeeName, result.status])).toEqual([
      [`${name} Partly`, "valid"],
      [`${name} Partly`, "refunded"],
      [`${name} Refunded`, "refunded"],
      [`${name} Unpaid`, "unpaid"],
      [`${name} Later`, "valid"],
      [`${name} Cancelled`, "cancelled"],
    ]);
    expect(results[4]!.checkedInAt).toBe("2090-01-01T19:42:00.000Z");
  });

  it("takes LIKE's wildcards literally", async () => {
    const name = uniqueName();
    const boss = await organiser();
    const event = await createEvent(t.db, { userId: boss.account.id });
    await guest(event.id, `${name} Plain`);
    const percent = await guest(event.id, `${name} 100%_Club`);

    expect(await found(boss.client, "%%")).toEqual([]);
    expect(await found(boss.client, "__")).toEqual([]);
    expect(await found(boss.client, `${name} %`)).toHaveLength(1);
    expect((await found(boss.client, "0%_")).map((result) => result.ticketId)).toEqual([percent.ticket.id]);
  });

  it("refuses a lookup of fewer than 2 or more than 100 characters, naming the problem", async () => {
    const boss = await organiser();
    for (const [q, message] of [
      ["a", GUEST_SEARCH_TOO_SHORT],
      ["  a  ", GUEST_SEARCH_TOO_SHORT],
      ["x".repeat(101), GUEST_SEARCH_TOO_LONG],
    ] as const) {
      const response = await search(boss.client, q);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toContain(message);
    }
    const missing = await boss.client.get("/api/door/guests");
    expect(missing.statusCode).toBe(400);
    expect(missing.json().error.message).toContain("q");
  });

  it("is rate limited per door: the lookup after the limit is refused with 429 and when to come back", async () => {
    const boss = await organiser();
    const event = await createEvent(t.db, { userId: boss.account.id });
    const link = await doorLinkAt(boss.account.id, [event.id]);
    for (let i = 0; i < GUEST_SEARCH_LIMITS.perDoorMinute.limit; i++) expect((await search(link.client, `guest ${i}`)).statusCode).toBe(200);
    const refused = await search(link.client, "one more");
    expect(refused.statusCode).toBe(429);
    expect(refused.json().error.message).toMatch(/^Too many guest lookups from this door\. Please wait \d+ seconds? and try again/);
    expect(Number(refused.headers["retry-after"])).toBeGreaterThan(0);
    // Another door is not held up by this one.
    const other = await doorLinkAt(boss.account.id, [event.id]);
    expect((await search(other.client, "guest")).statusCode).toBe(200);
  });

  it("is rate limited per address, across doors", async () => {
    const boss = await organiser();
    const event = await createEvent(t.db, { userId: boss.account.id });
    const phones = await Promise.all(Array.from({ length: 5 }, () => doorLinkAt(boss.account.id, [event.id])));
    const ip = `192.0.2.${Math.floor(Math.random() * 250) + 1}`;
    let statuses: number[] = [];
    for (let i = 0; i < GUEST_SEARCH_LIMITS.perIpMinute.limit; i++) {
      const phone = phones[i % phones.length]!.client;
      statuses.push((await phone.request("GET", `/api/door/guests?q=guest${i}`, undefined, { "x-forwarded-for": ip })).statusCode);
    }
    expect(new Set(statuses)).toEqual(new Set([200]));
    statuses = [(await phones[0]!.client.request("GET", "/api/door/guests?q=again", undefined, { "x-forwarded-for": ip })).statusCode];
    expect(statuses).toEqual([429]);
  });
});
