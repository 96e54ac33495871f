import { randomBytes, randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { MAX_CHECK_IN_LISTS, ticketQrPayload, type CheckInListsView, type CheckInListView, type DoorFigures, type DoorSettingsView, type ScanLogPage } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { newClient, TEST_PASSWORD } from "../../../../test/auth-client";
import { createAccount, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, doorAccess, doorAccessEvents, scans, tickets, ticketTypes } from "../../db/schema";
import { createTicketSigner } from "../tickets/ticket-signer";
import { DOOR_COOKIE, hashDoorSecret } from "./door-access";

/** Check-in lists, the door's opening time, the scan log and the door figures (issue 38): the organiser's, 404 for anyone else. */
const t = setUpTestApp();

const START = new Date("2090-06-01T18:00:00Z");

async function organiserWithEvent() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, title: `Door Night ${randomUUID().slice(0, 8)}`, dateTime: START, endTime: new Date("2090-06-01T23:00:00Z"), doorOpensMinutesBefore: 180 });
  const [standard] = await t.db.update(ticketTypes).set({ name: "Standard" }).where(eq(ticketTypes.eventId, event.id)).returning();
  const [vip] = await t.db.insert(ticketTypes).values({ eventId: event.id, name: "VIP", pricePence: 0, position: 1 }).returning();
  return { ...organiser, event, standard: standard!, vip: vip! };
}

/** A confirmed booking of `quantity` tickets of a type (its tickets issued by the bookings trigger). */
async function book(eventId: string, ticketTypeId: string, quantity: number, { status = "confirmed", name = `Guest ${randomUUID().slice(0, 6)}` } = {}) {
  const [booking] = await t.db
    .insert(bookings)
    .values({ eventId, ticketTypeId, status, attendeeName: name, attendeeEmail: `${randomUUID().slice(0, 8)}@example.test`, ticketQuantity: quantity, totalAmountPence: 0, ticketCode: `TCKT-2090-${randomUUID().slice(0, 8).toUpperCase()}` })
    .returning();
  return t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(tickets.position);
}

const admit = (ticketId: string) => t.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.id, ticketId));

describe("check-in lists (issue 38)", () => {
  it("lists the default list, adds a VIP entrance, edits it and deletes it", async () => {
    const { client, event, vip, standard } = await organiserWithEvent();
    const first = (await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView;
    expect(first.lists).toEqual([expect.objectContaining({ name: "All tickets", isDefault: true, ticketTypeIds: null, scans: 0 })]);
    expect(first.ticketTypes.map((type) => type.name)).toEqual(["Standard", "VIP"]);

    const created = await client.post(`/api/events/${event.id}/check-in-lists`, { name: " VIP entrance ", ticketTypeIds: [vip.id, vip.id], opensAt: "2090-06-01T17:00:00+01:00", closesAt: "2090-06-01T22:00:00Z", allowReentry: true });
    expect(created.statusCode, created.body).toBe(201);
    const list = created.json() as CheckInListView;
    expect(list).toMatchObject({ name: "VIP entrance", isDefault: false, ticketTypeIds: [vip.id], opensAt: "2090-06-01T16:00:00.000Z", closesAt: "2090-06-01T22:00:00.000Z", allowMultipleEntries: false, allowReentry: true });

    const edited = await client.request("PATCH", `/api/check-in-lists/${list.id}`, { ticketTypeIds: [vip.id, standard.id], opensAt: null, allowMultipleEntries: true });
    expect(edited.statusCode, edited.body).toBe(200);
    expect(edited.json()).toMatchObject({ name: "VIP entrance", ticketTypeIds: [vip.id, standard.id], opensAt: null, closesAt: "2090-06-01T22:00:00.000Z", allowMultipleEntries: true, allowReentry: true });

    expect((await client.request("DELETE", `/api/check-in-lists/${list.id}`)).statusCode).toBe(204);
    expect(((await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView).lists.map((one) => one.name)).toEqual(["All tickets"]);
  });

  it("refuses bad lists naming the field", async () => {
    const { client, event, vip } = await organiserWithEvent();
    const other = await organiserWithEvent();
    const post = (body: unknown) => client.post(`/api/events/${event.id}/check-in-lists`, body);
    const refusal = async (body: unknown) => {
      const response = await post(body);
      return { status: response.statusCode, message: response.json().error?.message as string };
    };
    expect(await refusal({ name: "", ticketTypeIds: [vip.id] })).toEqual({ status: 400, message: "Invalid field 'name': name is required" });
    expect(await refusal({ name: "x".repeat(61), ticketTypeIds: [vip.id] })).toEqual({ status: 400, message: "Invalid field 'name': name must be at most 60 characters" });
    expect(await refusal({ name: "VIP", ticketTypeIds: [] })).toEqual({ status: 400, message: "Invalid field 'ticketTypeIds': choose at least one ticket type" });
    expect(await refusal({ name: "VIP" })).toEqual({ status: 400, message: "Invalid field 'ticketTypeIds': ticketTypeIds must be a list of ticket type ids" });
    expect(await refusal({ name: "VIP", ticketTypeIds: [other.vip.id] })).toEqual({ status: 400, message: `Invalid field 'ticketTypeIds': ${other.vip.id} is not a ticket type of this event` });
    expect(await refusal({ name: "VIP", ticketTypeIds: [vip.id], opensAt: "2090-06-01T20:00:00Z", closesAt: "2090-06-01T19:00:00Z" })).toEqual({ status: 400, message: "Invalid field 'closesAt': closesAt must be after opensAt" });
    expect(await refusal({ name: "VIP", ticketTypeIds: [vip.id], opensAt: "tonight" })).toEqual({ status: 400, message: "Invalid field 'opensAt': opensAt must be a date and time with its offset" });
    expect(await refusal({ name: "VIP", ticketTypeIds: [vip.id], allowReentry: "yes" })).toEqual({ status: 400, message: "Invalid field 'allowReentry': allowReentry must be true or false" });
    expect((await refusal({ name: "VIP", ticketTypeIds: [vip.id], colour: "red" })).status).toBe(400);
    // Names are unique in the event whatever their case, and the default list's name is taken too.
    expect(await refusal({ name: "all TICKETS", ticketTypeIds: [vip.id] })).toEqual({ status: 409, message: "Invalid field 'name': this event already has a check-in list called All tickets" });
    const vipList = (await post({ name: "VIP", ticketTypeIds: [vip.id] })).json() as CheckInListView;
    const lists = ((await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView).lists;
    const defaultList = lists.find((list) => list.isDefault)!;
    // The default list keeps every type, and cannot be renamed onto another list's name; it can be renamed otherwise.
    const typed = await client.request("PATCH", `/api/check-in-lists/${defaultList.id}`, { ticketTypeIds: [vip.id] });
    expect(typed.statusCode).toBe(400);
    expect(typed.json().error.message).toBe("Invalid field 'ticketTypeIds': The default list admits every ticket type: its types cannot be chosen");
    const clash = await client.request("PATCH", `/api/check-in-lists/${defaultList.id}`, { name: "vip" });
    expect(clash.statusCode).toBe(409);
    expect(clash.json().error.details).toMatchObject({ reason: "LIST_NAME_TAKEN", field: "name" });
    expect((await client.request("PATCH", `/api/check-in-lists/${defaultList.id}`, { name: "Main door" })).json()).toMatchObject({ name: "Main door", ticketTypeIds: null, isDefault: true });
    // The default list is never deleted.
    const deleteDefault = await client.request("DELETE", `/api/check-in-lists/${defaultList.id}`);
    expect(deleteDefault.statusCode).toBe(409);
    expect(deleteDefault.json().error).toMatchObject({ message: "Main door is the event's default list, for every ticket type: it cannot be deleted.", details: { reason: "DEFAULT_LIST" } });
    expect(vipList.name).toBe("VIP");
  });

  it(`allows at most ${MAX_CHECK_IN_LISTS} lists per event, even when many are added at once`, async () => {
    const { client, event, vip } = await organiserWithEvent();
    const made = await Promise.all(Array.from({ length: MAX_CHECK_IN_LISTS + 4 }, (_, n) => client.post(`/api/events/${event.id}/check-in-lists`, { name: `Gate ${n}`, ticketTypeIds: [vip.id] })));
    expect(made.filter((response) => response.statusCode === 201)).toHaveLength(MAX_CHECK_IN_LISTS - 1);
    const refused = made.filter((response) => response.statusCode !== 201);
    expect(refused).toHaveLength(5);
    for (const response of refused) expect(response.json().error).toMatchObject({ code: "CONFLICT", message: `An event can have at most ${MAX_CHECK_IN_LISTS} check-in lists.` });
    expect(((await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView).lists).toHaveLength(MAX_CHECK_IN_LISTS);
  });

  it("keeps a list that has scans, so the log can name it", async () => {
    const { client, event, vip } = await organiserWithEvent();
    const list = (await client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip.id] })).json() as CheckInListView;
    const [ticket] = await book(event.id, vip.id, 1);
    await t.db.insert(scans).values({ eventId: event.id, ticketId: ticket!.id, listId: list.id, result: "admitted", byLabel: "Sam", scannedAt: new Date() });
    const refused = await client.request("DELETE", `/api/check-in-lists/${list.id}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error).toMatchObject({ message: "This list has scans: 1 is in the log under VIP entrance, so it cannot be deleted. Narrow its ticket types or window instead.", details: { reason: "LIST_HAS_SCANS" } });
    expect(((await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView).lists.find((one) => one.id === list.id)).toMatchObject({ scans: 1 });
  });

  it("sets when the door opens and answers the window it makes", async () => {
    const { client, event } = await organiserWithEvent();
    expect((await client.get(`/api/events/${event.id}/door`)).json()).toEqual({ doorOpensMinutesBefore: 180, opensAt: "2090-06-01T15:00:00.000Z", closesAt: "2090-06-01T23:00:00.000Z" });
    const set = await client.request("PATCH", `/api/events/${event.id}/door`, { doorOpensMinutesBefore: 90 });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json() as DoorSettingsView).toEqual({ doorOpensMinutesBefore: 90, opensAt: "2090-06-01T16:30:00.000Z", closesAt: "2090-06-01T23:00:00.000Z" });
    for (const [value, message] of [
      [-1, "doorOpensMinutesBefore cannot be negative"],
      [7 * 24 * 60 + 1, "doorOpensMinutesBefore must be at most 10080 (a week)"],
      [1.5, "doorOpensMinutesBefore must be a whole number of minutes"],
      ["90", "doorOpensMinutesBefore must be a number of minutes"],
    ] as const) {
      const refused = await client.request("PATCH", `/api/events/${event.id}/door`, { doorOpensMinutesBefore: value });
      expect(refused.statusCode).toBe(400);
      expect(refused.json().error.message).toBe(`Invalid field 'doorOpensMinutesBefore': ${message}`);
    }
    expect(((await client.get(`/api/events/${event.id}/door`)).json() as DoorSettingsView).doorOpensMinutesBefore).toBe(90);
  });

  it("answers 404 to another organiser on every route, and changes nothing", async () => {
    const { client, event, vip } = await organiserWithEvent();
    const list = (await client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip.id] })).json() as CheckInListView;
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const attempts = [
      stranger.client.get(`/api/events/${event.id}/check-in-lists`),
      stranger.client.post(`/api/events/${event.id}/check-in-lists`, { name: "Mine", ticketTypeIds: [vip.id] }),
      stranger.client.request("PATCH", `/api/check-in-lists/${list.id}`, { name: "Mine" }),
      stranger.client.request("DELETE", `/api/check-in-lists/${list.id}`),
      stranger.client.get(`/api/events/${event.id}/door`),
      stranger.client.request("PATCH", `/api/events/${event.id}/door`, { doorOpensMinutesBefore: 0 }),
      stranger.client.get(`/api/events/${event.id}/scans`),
      stranger.client.get(`/api/events/${event.id}/scans?format=csv`),
      stranger.client.get(`/api/events/${event.id}/door-figures`),
    ];
    for (const response of await Promise.all(attempts)) expect(response.statusCode, response.body).toBe(404);
    const lists = ((await client.get(`/api/events/${event.id}/check-in-lists`)).json() as CheckInListsView).lists;
    expect(lists.map((one) => one.name)).toEqual(["All tickets", "VIP entrance"]);
    expect(((await client.get(`/api/events/${event.id}/door`)).json() as DoorSettingsView).doorOpensMinutesBefore).toBe(180);
    // Signed out: sign in first.
    expect((await newClient(t).get(`/api/events/${event.id}/check-in-lists`)).statusCode).toBe(401);
    // An admin manages every event.
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect((await admin.client.get(`/api/events/${event.id}/check-in-lists`)).statusCode).toBe(200);
  });
});

describe("the scan log (issue 38)", () => {
  async function eventWithScans() {
    const setup = await organiserWithEvent();
    const { client, event, vip, standard } = setup;
    const list = (await client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip.id] })).json() as CheckInListView;
    const [vipTicket] = await book(event.id, vip.id, 1, { name: "Ada Lovelace" });
    const [standardTicket] = await book(event.id, standard.id, 1, { name: "=HYPERLINK(\"http://evil.test\")" });
    const [access] = await t.db.insert(doorAccess).values({ organiserId: setup.account.id, kind: "link", label: "North door", tokenHash: hashDoorSecret(randomUUID()) }).returning();
    const base = Date.parse("2090-06-01T17:00:00Z");
    // 250 scans: admitted VIP through the VIP list by the organiser, then refused Standard ones by the door link.
    const rows = Array.from({ length: 250 }, (_, n) => {
      const refused = n % 2 === 1;
      return {
        eventId: event.id,
        ticketId: refused ? standardTicket!.id : vipTicket!.id,
        listId: list.id,
        result: refused ? "refused" : "admitted",
        reason: refused ? "VIP entrance only: a Standard ticket does not enter here." : null,
        userId: refused ? null : setup.account.id,
        doorAccessId: refused ? access!.id : null,
        byLabel: refused ? "Door link: North door" : "Organiser Olu",
        deviceId: refused ? "-phone-2" : "phone-1",
        offline: refused,
        scannedAt: new Date(base + n * 1000),
        // Received in pairs at the same instant: the cursor must still not repeat or skip a row.
        receivedAt: new Date(base + Math.floor(n / 2) * 1000),
      };
    });
    await t.db.insert(scans).values(rows);
    return { ...setup, list, access: access!, vipTicket: vipTicket!, standardTicket: standardTicket! };
  }

  it("pages the log newest first, 100 at a time, with the ticket, attendee, type and list", async () => {
    const { client, event } = await eventWithScans();
    const seen: ScanLogPage["scans"] = [];
    let url = `/api/events/${event.id}/scans`;
    const pages: ScanLogPage[] = [];
    for (;;) {
      const response = await client.get(url);
      expect(response.statusCode, response.body).toBe(200);
      const page = response.json() as ScanLogPage;
      pages.push(page);
      seen.push(...page.scans);
      if (!page.nextCursor) break;
      url = `/api/events/${event.id}/scans?cursor=${page.nextCursor}`;
    }
    expect(pages.map((page) => page.scans.length)).toEqual([100, 100, 50]);
    expect(new Set(seen.map((scan) => scan.id)).size).toBe(250);
    const received = seen.map((scan) => Date.parse(scan.receivedAt));
    expect(received).toEqual([...received].sort((a, b) => b - a));
    expect(seen.find((scan) => scan.result === "refused")).toMatchObject({ listName: "VIP entrance", typeName: "Standard", reason: "VIP entrance only: a Standard ticket does not enter here.", who: "Door link: North door", device: "-phone-2", offline: true, direction: "in", confirmed: false });
    expect(seen.find((scan) => scan.result === "admitted")).toMatchObject({ attendeeName: "Ada Lovelace", typeName: "VIP", who: "Organiser Olu", offline: false });
    expect(pages[0]!.who.map((who) => who.label)).toEqual(["Door link: North door", "Organiser Olu"]);
    expect(pages[0]!.lists.map((list) => list.name)).toEqual(["All tickets", "VIP entrance"]);
    const bad = await client.get(`/api/events/${event.id}/scans?cursor=bm90LWEtY3Vyc29y`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe("Invalid field 'cursor': it is not one this log gave");
  });

  it("shows real scans at the door: a Standard ticket refused at the VIP entrance, then admitted at the main door", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, dateTime: new Date(Date.now() + 3600_000) });
    const [standard] = await t.db.update(ticketTypes).set({ name: "Standard" }).where(eq(ticketTypes.eventId, event.id)).returning();
    const [vip] = await t.db.insert(ticketTypes).values({ eventId: event.id, name: "VIP", pricePence: 0, position: 1 }).returning();
    const list = (await organiser.client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip!.id] })).json() as CheckInListView;
    const [ticket] = await book(event.id, standard!.id, 1, { name: "Grace Hopper" });
    const qr = JSON.stringify(await createTicketSigner(t.db).sign(ticketQrPayload(ticket!, event)));
    const scan = (body: Record<string, unknown>) => organiser.client.post("/api/functions/check-ticket", { checkIn: true, qr, ...body });
    expect((await scan({ listId: list.id })).json()).toMatchObject({ valid: false });
    expect((await scan({})).json()).toMatchObject({ valid: true, alreadyCheckedIn: false });

    const page = (await organiser.client.get(`/api/events/${event.id}/scans`)).json() as ScanLogPage;
    expect(page.scans.map(({ result, listName, typeName, attendeeName, ticketCode, reason }) => ({ result, listName, typeName, attendeeName, ticketCode, reason }))).toEqual([
      { result: "admitted", listName: "All tickets", typeName: "Standard", attendeeName: "Grace Hopper", ticketCode: ticket!.code, reason: null },
      { result: "refused", listName: "VIP entrance", typeName: "Standard", attendeeName: "Grace Hopper", ticketCode: ticket!.code, reason: "VIP entrance only: a Standard ticket does not enter here." },
    ]);
    expect(page.who).toEqual([{ value: `user:${organiser.account.id}`, label: expect.any(String) }]);
    const figures = (await organiser.client.get(`/api/events/${event.id}/door-figures`)).json() as DoorFigures;
    expect(figures.lists.map(({ name, admitted, expected }) => [name, admitted, expected])).toEqual([
      ["All tickets", 1, 1],
      ["VIP entrance", 0, 0],
    ]);
    // The VIP entrance now has a scan in the log: it stays.
    expect((await organiser.client.request("DELETE", `/api/check-in-lists/${list.id}`)).statusCode).toBe(409);
  });

  it("filters by result, who and list", async () => {
    const { client, event, list, access, account } = await eventWithScans();
    const page = async (query: string) => {
      const response = await client.get(`/api/events/${event.id}/scans?${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return response.json() as ScanLogPage;
    };
    const refused = await page("result=refused");
    expect(refused.scans).toHaveLength(100);
    expect(refused.scans.every((scan) => scan.result === "refused")).toBe(true);
    const byLink = await page(`who=access:${access.id}&result=admitted`);
    expect(byLink.scans).toHaveLength(0);
    const byOrganiser = await page(`who=${encodeURIComponent(`user:${account.id}`)}`);
    expect(byOrganiser.scans.length).toBe(100);
    expect(byOrganiser.scans.every((scan) => scan.who === "Organiser Olu")).toBe(true);
    expect(byOrganiser.nextCursor).not.toBeNull();
    expect((await page(`list=${list.id}&result=exited`)).scans).toHaveLength(0);
    const defaultList = refused.lists.find((one) => one.name === "All tickets")!;
    expect((await page(`list=${defaultList.id}`)).scans).toHaveLength(0);
    for (const [query, message] of [
      ["result=maybe", "Invalid field 'result': result must be one of admitted, exited, refused"],
      ["who=somebody", "Invalid field 'who': choose someone from the log's list"],
      ["list=not-a-list", "Invalid field 'list': list must be a check-in list id"],
    ] as const) {
      const response = await client.get(`/api/events/${event.id}/scans?${query}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().error.message).toBe(message);
    }
  });

  it("exports the whole filtered log as CSV, formulas made harmless", async () => {
    const { client, event } = await eventWithScans();
    const response = await client.get(`/api/events/${event.id}/scans?format=csv&result=refused`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(response.headers["content-disposition"]).toMatch(/^attachment; filename="scans-Door-Night-[a-z0-9]+\.csv"$/);
    const lines = response.body.replace(/^\uFEFF/, "").trimEnd().split("\r\n");
    expect(lines[0]).toBe("Scanned at,Received at,Ticket code,Attendee,Type,List,Direction,Result,Reason,Confirmed by staff,Who,Device,Offline");
    expect(lines).toHaveLength(126);
    // The attendee's name would be a formula in a spreadsheet, and so would the device: both start with '.
    expect(lines[1]).toMatch(/^01\/06\/2090 18:04:09,01\/06\/2090 18:02:04,TCKT-2090-[A-Z0-9-]+,"'=HYPERLINK\(""http:\/\/evil.test""\)",Standard,VIP entrance,In,Refused,VIP entrance only: a Standard ticket does not enter here\.,No,Door link: North door,'-phone-2,Yes$/);
    const all = await client.get(`/api/events/${event.id}/scans?format=csv`);
    expect(all.body.trimEnd().split("\r\n")).toHaveLength(251);
    expect((await client.get(`/api/events/${event.id}/scans?format=csv&who=nobody`)).statusCode).toBe(400);
  });
});

describe("door figures (issue 38)", () => {
  it("counts admitted / sold per list and per type, valid tickets of confirmed bookings only", async () => {
    const { client, event, vip, standard } = await organiserWithEvent();
    const list = (await client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip.id] })).json() as CheckInListView;
    const vips = await book(event.id, vip.id, 3);
    const standards = await book(event.id, standard.id, 2);
    const pending = await book(event.id, standard.id, 4, { status: "pending" });
    await admit(vips[0]!.id);
    await admit(vips[1]!.id);
    await admit(standards[0]!.id);
    await admit(pending[0]!.id);
    // A refunded ticket neither counts as sold nor as in.
    await t.db.update(tickets).set({ status: "refunded" }).where(eq(tickets.id, vips[1]!.id));
    await t.db.update(bookings).set({ ticketQuantity: 2, refundedQuantity: 1 }).where(eq(bookings.id, vips[1]!.bookingId));
    const response = await client.get(`/api/events/${event.id}/door-figures`);
    expect(response.statusCode, response.body).toBe(200);
    const figures = response.json() as DoorFigures;
    expect(figures.types).toEqual([
      { id: standard.id, name: "Standard", admitted: 1, expected: 2 },
      { id: vip.id, name: "VIP", admitted: 1, expected: 2 },
    ]);
    expect(figures.lists).toEqual([
      { id: expect.any(String), name: "All tickets", isDefault: true, admitted: 2, expected: 4 },
      { id: list.id, name: "VIP entrance", isDefault: false, admitted: 1, expected: 2 },
    ]);
  });

  it("lets door staff and door links granted the event read them, and nobody else", async () => {
    const { account, event } = await organiserWithEvent();
    const otherEvent = await createEvent(t.db, { userId: account.id, dateTime: START });
    // A staff member who accepted an invitation to the event.
    const staff = await createAccount(t.db, { password: TEST_PASSWORD });
    const [staffAccess] = await t.db
      .insert(doorAccess)
      .values({ organiserId: account.id, kind: "staff", label: "Sam", email: staff.email, userId: staff.id, tokenHash: hashDoorSecret(randomUUID()), acceptedAt: new Date() })
      .returning();
    await t.db.insert(doorAccessEvents).values({ doorAccessId: staffAccess!.id, eventId: event.id });
    const staffClient = newClient(t);
    expect((await staffClient.post("/api/auth/sign-in/email", { email: staff.email, password: TEST_PASSWORD })).statusCode).toBe(200);
    expect((await staffClient.get(`/api/events/${event.id}/door-figures`)).statusCode).toBe(200);
    expect((await staffClient.get(`/api/events/${otherEvent.id}/door-figures`)).statusCode).toBe(404);
    // Staff see figures, nothing else of the door's settings or log.
    expect((await staffClient.get(`/api/events/${event.id}/scans`)).statusCode).toBe(404);
    expect((await staffClient.get(`/api/events/${event.id}/check-in-lists`)).statusCode).toBe(404);

    // A door link's phone: no account, the link's cookie.
    const secret = randomBytes(24).toString("base64url");
    const [link] = await t.db.insert(doorAccess).values({ organiserId: account.id, kind: "link", label: "North door", tokenHash: hashDoorSecret(secret) }).returning();
    await t.db.insert(doorAccessEvents).values({ doorAccessId: link!.id, eventId: event.id });
    const phone = newClient(t);
    phone.cookies.set(DOOR_COOKIE, secret);
    expect((await phone.get(`/api/events/${event.id}/door-figures`)).statusCode).toBe(200);
    expect((await phone.get(`/api/events/${otherEvent.id}/door-figures`)).statusCode).toBe(404);
    expect((await phone.get(`/api/events/${event.id}/scans`)).statusCode).toBe(401);

    // Revoked: at once.
    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, staffAccess!.id));
    await t.db.update(doorAccess).set({ revokedAt: new Date() }).where(eq(doorAccess.id, link!.id));
    expect((await staffClient.get(`/api/events/${event.id}/door-figures`)).statusCode).toBe(404);
    expect((await phone.get(`/api/events/${event.id}/door-figures`)).statusCode).toBe(401);
    // Nobody at all.
    expect((await newClient(t).get(`/api/events/${event.id}/door-figures`)).statusCode).toBe(401);
  });
});
