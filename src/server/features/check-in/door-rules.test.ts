import { randomUUID } from "node:crypto";
import { and, asc, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { wrongDayMessage, ticketQrPayload, type CheckResult, type OfflineCheckInOutcome } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { checkInLists, doorAccess, doorAccessEvents, events, scans, ticketTypes, tickets } from "../../db/schema";
import { doorCookieValue, DOOR_COOKIE, hashDoorSecret } from "../door/door-access";
import { createTicketSigner } from "../tickets/ticket-signer";

/**
 * The door's rules end to end over HTTP (issue 38): check-in lists by type, re-entry after an exit scan,
 * the door window with staff's confirmation, the first upload winning over a second device's, the scan log,
 * and door staff and door links checking only their events.
 */
const t = setUpTestApp();
const signer = () => createTicketSigner(t.db);

async function doorNight(options: { dateTime?: Date; doorOpensMinutesBefore?: number } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, title: `Door Night ${randomUUID().slice(0, 6)}`, ...options });
  const [standard] = await t.db.update(ticketTypes).set({ name: "Standard" }).where(eq(ticketTypes.eventId, event.id)).returning();
  const [vip] = await t.db.insert(ticketTypes).values({ eventId: event.id, name: "VIP", pricePence: 0, position: 1 }).returning();
  return { organiser, event, standard: standard!, vip: vip! };
}

/** A ticket of the event, of this type, and its signed QR. */
async function ticketOf(event: typeof events.$inferSelect, typeId?: string) {
  const booking = await createBooking(t.db, { eventId: event.id, quantity: 1 });
  if (typeId) await t.db.update(tickets).set({ ticketTypeId: typeId }).where(eq(tickets.bookingId, booking.id));
  const [ticket] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking.id));
  return { ticket: ticket!, qr: JSON.stringify(await signer().sign(ticketQrPayload(ticket!, event))) };
}

async function scan(client: AuthClient, body: Record<string, unknown>): Promise<CheckResult> {
  const response = await client.post("/api/functions/check-ticket", { checkIn: true, ...body });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

const logOf = (ticketId: string) => t.db.select().from(scans).where(eq(scans.ticketId, ticketId)).orderBy(asc(scans.receivedAt));

async function addList(eventId: string, list: Partial<typeof checkInLists.$inferInsert> & { name: string }) {
  const [row] = await t.db.insert(checkInLists).values({ eventId, ...list }).returning();
  return row!;
}

describe("check-in lists (issue 38)", () => {
  it("lets a VIP-only list refuse a Standard ticket by name and admit a VIP one; the default list takes both", async () => {
    const { organiser, event, vip } = await doorNight();
    const vipList = await addList(event.id, { name: "VIP entrance", ticketTypeIds: [vip.id] });
    const standardTicket = await ticketOf(event);
    const vipTicket = await ticketOf(event, vip.id);

    const refused = await scan(organiser.client, { qr: standardTicket.qr, listId: vipList.id });
    expect(refused).toMatchObject({ valid: false, error: "VIP entrance only: a Standard ticket does not enter here." });
    expect(await scan(organiser.client, { qr: vipTicket.qr, listId: vipList.id })).toMatchObject({ valid: true, alreadyCheckedIn: false, list: { name: "VIP entrance" }, ticketType: "VIP" });
    expect(await scan(organiser.client, { qr: standardTicket.qr })).toMatchObject({ valid: true, alreadyCheckedIn: false, list: { name: "All tickets" } });
    // Already in through the VIP entrance: the main door says when, where and by whom.
    const again = await scan(organiser.client, { qr: vipTicket.qr });
    expect(again).toMatchObject({ valid: true, alreadyCheckedIn: true, checkedInList: "VIP entrance" });
    expect(again.checkedInBy).toBeTruthy();
    // A list of another event is refused for what it is.
    const { event: other } = await doorNight();
    const [otherDefault] = await t.db.select().from(checkInLists).where(eq(checkInLists.eventId, other.id));
    expect(await scan(organiser.client, { qr: (await ticketOf(event)).qr, listId: otherDefault!.id })).toMatchObject({ valid: false, error: "That check-in list is not one of this event's." });

    const log = await logOf(standardTicket.ticket.id);
    expect(log.map((entry) => [entry.result, entry.listId, entry.reason])).toEqual([
      ["refused", vipList.id, "VIP entrance only: a Standard ticket does not enter here."],
      ["admitted", expect.any(String), null],
    ]);
  });

  it("lets a ticket back in after an exit scan only through a list that allows re-entry", async () => {
    const { organiser, event } = await doorNight();
    const gate = await addList(event.id, { name: "Re-entry gate", allowReentry: true });
    const once = await ticketOf(event);
    const back = await ticketOf(event);

    expect(await scan(organiser.client, { qr: once.qr })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(await scan(organiser.client, { qr: once.qr, direction: "out" })).toMatchObject({ valid: true, direction: "out" });
    // The default list allows one entry: out is out.
    expect(await scan(organiser.client, { qr: once.qr })).toMatchObject({ valid: true, alreadyCheckedIn: true });

    expect(await scan(organiser.client, { qr: back.qr, listId: gate.id })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(await scan(organiser.client, { qr: back.qr, listId: gate.id })).toMatchObject({ alreadyCheckedIn: true });
    expect(await scan(organiser.client, { qr: back.qr, listId: gate.id, direction: "out" })).toMatchObject({ valid: true, direction: "out" });
    expect(await scan(organiser.client, { qr: back.qr, listId: gate.id, direction: "out" })).toMatchObject({ valid: false, error: "This ticket is not checked in, so it cannot be scanned out." });
    expect(await scan(organiser.client, { qr: back.qr, listId: gate.id })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    const log = await logOf(back.ticket.id);
    expect(log.map((entry) => `${entry.direction} ${entry.result}`)).toEqual(["in admitted", "in refused", "out exited", "out refused", "in admitted"]);
    const [row] = await t.db.select().from(tickets).where(eq(tickets.id, back.ticket.id));
    expect(row!.lastMove).toBe("in");
  });
});

describe("the right day (issue 38)", () => {
  it("does not admit a ticket the day before its event without staff's confirmation, online or offline, and logs the confirmation", async () => {
    const tomorrow = new Date(Date.now() + 26 * 3600_000);
    const { organiser, event } = await doorNight({ dateTime: tomorrow, doorOpensMinutesBefore: 180 });
    const early = await ticketOf(event);
    const refused = await scan(organiser.client, { qr: early.qr });
    expect(refused).toMatchObject({ valid: false, needsConfirmation: true, error: wrongDayMessage(tomorrow) });
    expect(refused.error).toMatch(/^This ticket is for \w{3} \d{1,2} \w{3,4} \d{4}, \d\d:\d\d$/);
    expect((await t.db.select().from(tickets).where(eq(tickets.id, early.ticket.id)))[0]!.checkedInAt).toBeNull();
    expect(await scan(organiser.client, { qr: early.qr, confirm: true })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect((await logOf(early.ticket.id)).map((entry) => [entry.result, entry.confirmed])).toEqual([
      ["refused", false],
      ["admitted", true],
    ]);

    // Offline: the phone's scan of today is judged at its own time, and needs the same confirmation.
    const offline = await ticketOf(event);
    const send = (confirmed: boolean) =>
      organiser.client.post(`/api/events/${event.id}/check-ins`, { deviceId: "phone-1", checkIns: [{ ticketId: offline.ticket.code, checkedInAt: new Date().toISOString(), confirmed, nonce: randomUUID() }] });
    const unconfirmed = (await send(false)).json().results[0] as OfflineCheckInOutcome;
    expect(unconfirmed).toMatchObject({ outcome: "invalid", error: wrongDayMessage(tomorrow) });
    expect((await send(true)).json().results[0]).toMatchObject({ outcome: "admitted" });
  });
});

describe("two devices offline (issue 38)", () => {
  it("admit a ticket once: the second upload is refused naming who let it in, each scan is logged once, a repeated upload records nothing", async () => {
    const { organiser, event } = await doorNight();
    const shared = await ticketOf(event);
    const first = { ticketId: shared.ticket.code, checkedInAt: new Date(Date.now() - 5 * 60_000).toISOString(), nonce: randomUUID() };
    const second = { ticketId: shared.ticket.code, checkedInAt: new Date(Date.now() - 4 * 60_000).toISOString(), nonce: randomUUID() };
    const upload = (deviceId: string, item: typeof first) => organiser.client.post(`/api/events/${event.id}/check-ins`, { deviceId, checkIns: [item] });

    const [a, b] = await Promise.all([upload("north-door", first), upload("south-door", second)]);
    const outcomes = [a.json().results[0], b.json().results[0]] as OfflineCheckInOutcome[];
    expect(outcomes.map((outcome) => outcome.outcome).sort()).toEqual(["admitted", "conflict"]);
    const conflict = outcomes.find((outcome) => outcome.outcome === "conflict")!;
    expect(conflict.error).toMatch(/^Already checked in: Checked in at \d\d:\d\d on .* at All tickets by .+/);

    const log = await logOf(shared.ticket.id);
    expect(log.map((entry) => entry.result).sort()).toEqual(["admitted", "refused"]);
    expect(log.every((entry) => entry.offline)).toBe(true);
    const admitted = log.find((entry) => entry.result === "admitted")!;
    expect(log.find((entry) => entry.result === "refused")!.reason).toContain(`by ${admitted.byLabel}`);
    // The first device sends its list again (the answer was lost): nothing new is written, and it hears what it heard.
    const winner = admitted.deviceId === "north-door" ? ["north-door", first] : ["south-door", second];
    const again = (await upload(winner[0] as string, winner[1] as typeof first)).json().results[0] as OfflineCheckInOutcome;
    expect(again.outcome).toBe("admitted");
    expect(await logOf(shared.ticket.id)).toHaveLength(2);
  });
});

describe("door staff and door links at the scanner (issue 38, D26)", () => {
  it("check tickets in only for their events, and lose access at once when revoked", async () => {
    const { organiser, event } = await doorNight();
    const { event: otherNight } = await doorNight();
    await t.db.update(events).set({ userId: organiser.account.id }).where(eq(events.id, otherNight.id));
    const staff = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const [access] = await t.db
      .insert(doorAccess)
      .values({ organiserId: organiser.account.id, kind: "staff", label: "Sam Steward", email: staff.account.email, userId: staff.account.id, tokenHash: hashDoorSecret(randomUUID()), acceptedAt: new Date() })
      .returning();
    await t.db.insert(doorAccessEvents).values({ doorAccessId: access!.id, eventId: event.id });

    const ours = await ticketOf(event);
    const theirs = await ticketOf(otherNight);
    expect(await scan(staff.client, { qr: ours.qr })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(await scan(staff.client, { qr: theirs.qr })).toMatchObject({ valid: false, error: "This ticket is for an event you do not manage." });
    expect((await staff.client.get(`/api/events/${event.id}/check-in-list`)).statusCode).toBe(200);
    expect((await staff.client.get(`/api/events/${otherNight.id}/check-in-list`)).statusCode).toBe(404);
    expect((await staff.client.get(`/api/events/${event.id}/attendees`)).statusCode).toBe(404);
    const [logged] = await logOf(ours.ticket.id);
    expect(logged).toMatchObject({ userId: staff.account.id, doorAccessId: access!.id, result: "admitted" });

    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, access!.id));
    expect(await scan(staff.client, { qr: (await ticketOf(event)).qr })).toMatchObject({ valid: false, error: "This ticket is for an event you do not manage." });
    expect((await staff.client.get(`/api/events/${event.id}/check-in-list`)).statusCode).toBe(404);
  });

  it("let a door link's phone check its event's tickets without an account, until revoked", async () => {
    const { organiser, event } = await doorNight();
    const { event: otherNight } = await doorNight();
    const secret = randomUUID();
    const [link] = await t.db.insert(doorAccess).values({ organiserId: organiser.account.id, kind: "link", label: "North door", tokenHash: hashDoorSecret(secret) }).returning();
    await t.db.insert(doorAccessEvents).values({ doorAccessId: link!.id, eventId: event.id });
    const phone = new AuthClient(t.app, t.config.publicUrl, "198.51.100.77");
    expect((await phone.post("/api/functions/check-ticket", { qr: (await ticketOf(event)).qr, checkIn: true })).statusCode).toBe(401);
    phone.cookies.set(DOOR_COOKIE, encodeURIComponent(doorCookieValue("unused", secret, { id: link!.id, pinHash: null })));

    const ticket = await ticketOf(event);
    expect(await scan(phone, { qr: ticket.qr })).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(await scan(phone, { qr: (await ticketOf(otherNight)).qr })).toMatchObject({ valid: false });
    expect((await phone.get(`/api/events/${event.id}/check-in-counts`)).json()).toMatchObject({ admitted: 1 });
    expect((await phone.get(`/api/events/${otherNight.id}/check-in-counts`)).statusCode).toBe(404);
    expect(await logOf(ticket.ticket.id)).toMatchObject([{ userId: null, doorAccessId: link!.id, byLabel: "Door link: North door" }]);

    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(and(eq(doorAccess.id, link!.id)));
    expect((await phone.post("/api/functions/check-ticket", { qr: (await ticketOf(event)).qr, checkIn: true })).statusCode).toBe(401);
  });
});
