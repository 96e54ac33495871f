import { randomBytes } from "node:crypto";
import { asc, eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ATTENDEE_CSV_COLUMNS, type AttendeeList } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import { AuthClient } from "../../../../test/auth-client";
import { createBooking, createEvent, ticketTypeIdOf } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, tickets } from "../../db/schema";

let t: Awaited<ReturnType<typeof createTestApp>>;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const as = (role: "user" | "admin") => signInAs(t.app, t.db, t.config.publicUrl, role);

/** Bookings written in bulk: `count` of them, three at each sale time (ties the CSV's pages must not split or repeat). */
async function manyBookings(eventId: string, count: number) {
  const base = Date.now() - 3600_000;
  const ticketTypeId = await ticketTypeIdOf(t.db, eventId);
  const rows = Array.from({ length: count }, (_, i) => ({
    eventId,
    ticketTypeId,
    status: i % 50 === 7 ? "refunded" : "confirmed",
    attendeeName: i % 100 === 3 ? `=SUM(A${i})` : `Guest ${i}`,
    attendeeEmail: `guest${i}@example.test`,
    ticketQuantity: i % 50 === 7 ? 0 : 1 + (i % 3),
    refundedQuantity: i % 50 === 7 ? 1 : 0,
    totalAmountPence: 0,
    ticketCode: `TCKT-2090-${randomBytes(5).toString("hex").toUpperCase()}`,
    createdAt: new Date(base + Math.floor(i / 3) * 1000),
  }));
  for (let i = 0; i < rows.length; i += 500) await t.db.insert(bookings).values(rows.slice(i, i + 500));
}

describe("attendee CSV, streamed (issue 21)", () => {
  it("streams every ticket once, in the list's order, across pages and ties of sale time", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Big Night", venue: "Roundhouse", location: "Camden, London" });
    await manyBookings(event.id, 1_201);
    await createBooking(t.db, { eventId: event.id, quantity: 1, status: "cancelled", name: "Never Listed" });
    // A row per ticket (issue 36): 1 to 3 tickets a booking, and the refunded bookings' one refunded ticket each.
    const ticketCount = Array.from({ length: 1_201 }, (_, i) => (i % 50 === 7 ? 1 : 1 + (i % 3))).reduce((sum, n) => sum + n, 0);

    const list = (await client.get(`/api/events/${event.id}/attendees`)).json() as AttendeeList;
    expect(list.attendees).toHaveLength(ticketCount);
    expect(new Set(list.attendees.map((attendee) => attendee.bookingId)).size).toBe(1_201);
    const response = await client.get(`/api/events/${event.id}/attendees?format=csv`);
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toContain("text/csv");
    expect(response.headers["content-disposition"]).toBe('attachment; filename="attendees-Big-Night.csv"');
    expect(response.body.endsWith("\r\n")).toBe(true);
    const lines = response.body.slice(0, -2).split("\r\n");
    expect(lines[0]).toBe(`\uFEFF${ATTENDEE_CSV_COLUMNS.join(",")}`);
    expect(lines).toHaveLength(1 + ticketCount);
    // The same tickets in the same order as the list (newest booking first), each once; cells still guarded.
    const codes = lines.slice(1).map((line) => line.split(",")[3]);
    expect(codes).toEqual(list.attendees.map((attendee) => attendee.ticketCode));
    expect(new Set(codes).size).toBe(ticketCount);
    expect(response.body).not.toContain("Never Listed");
    expect(lines.find((line) => line.includes("SUM(A103)"))!.startsWith("'=SUM(A103),guest103@example.test,General Admission,TCKT-")).toBe(true);
    expect(lines.find((line) => line.includes("guest7@"))).toMatch(/,Refunded,,Guest 7,guest7@example\.test,.*,"Roundhouse, Camden, London",0,0\.00,1,Refunded,0\.00$/);
  });

  it("writes a small event's CSV: a byte order mark, the header, a row per ticket newest booking first, amounts as plain numbers", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Small Night", venue: "The Crypt", location: "Leeds", pricePence: 1000 });
    const older = await createBooking(t.db, { eventId: event.id, quantity: 2, name: "@Ada", email: "ada@example.test", totalAmountPence: 2460, createdAt: new Date("2026-03-01T19:05:00Z") });
    const newer = await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Bo, Jr", email: "bo@example.test", createdAt: new Date("2026-07-01T18:30:00Z") });
    const [, second] = await t.db.select().from(tickets).where(eq(tickets.bookingId, older.id)).orderBy(asc(tickets.position));
    // Ada named her second ticket for Grace, with Grace's own e-mail, and Grace came in.
    await t.db.update(tickets).set({ attendeeName: "Grace Hopper", attendeeEmail: "grace@example.test", checkedInAt: new Date("2026-03-02T20:15:00Z") }).where(eq(tickets.id, second!.id));
    const body = (await client.get(`/api/events/${event.id}/attendees?format=csv`)).body;
    expect(body).toBe(
      [
        `\uFEFF${ATTENDEE_CSV_COLUMNS.join(",")}`,
        `"Bo, Jr",bo@example.test,General Admission,${newer.ticketCode},Pending,,"Bo, Jr",bo@example.test,01/07/2026 19:30,"The Crypt, Leeds",1,0.00,0,,0.00`,
        `'@Ada,ada@example.test,General Admission,${older.ticketCode},Pending,,'@Ada,ada@example.test,01/03/2026 19:05,"The Crypt, Leeds",2,24.60,0,,0.00`,
        `Grace Hopper,grace@example.test,General Admission,${second!.code},Checked In,02/03/2026 20:15,'@Ada,ada@example.test,01/03/2026 19:05,"The Crypt, Leeds",2,24.60,0,,0.00`,
        "",
      ].join("\r\n"),
    );
  });

  it("answers someone else's event, or nobody signed in, with an error and no file; an admin has the file", async () => {
    const { account, client } = await as("user");
    const event = await createEvent(t.db, { userId: account.id, title: "Private List" });
    await createBooking(t.db, { eventId: event.id, quantity: 1, name: "Secret Guest" });
    const stranger = await as("user");
    const refused = await stranger.client.get(`/api/events/${event.id}/attendees?format=csv`);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain("Secret Guest");
    expect(refused.headers["content-type"]).toContain("application/json");
    const anonymous = await new AuthClient(t.app, t.config.publicUrl, "198.18.250.1").get(`/api/events/${event.id}/attendees?format=csv`);
    expect(anonymous.statusCode).toBe(401);
    expect((await client.get(`/api/events/not-a-uuid/attendees?format=csv`)).statusCode).toBe(404);
    const admin = await as("admin");
    const allowed = await admin.client.get(`/api/events/${event.id}/attendees?format=csv`);
    expect(allowed.statusCode).toBe(200);
    expect(allowed.body).toContain("Secret Guest");
  });
});
