import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { CreatedDoorLink, DoorAccessSummary, DoorInvitation } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage, linkIn, newClient, type AuthClient } from "../../../../test/auth-client";
import { createAccount, createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { TEST_PASSWORD } from "../../../../test/auth-client";
import { bookings, doorAccess } from "../../db/schema";
import { PIN_TRIES } from "./door-links.service";
import { INVITATION_REVOKED, INVITATION_TAKEN, wrongEmailMessage } from "./door-staff.service";

/**
 * The door team (issue 38, D26) through the real HTTP routes on a real PostgreSQL: staff invited by e-mail
 * and door links check tickets in for their events only, nothing else, and lose it at once when revoked.
 */
const t = setUpTestApp();

async function organiserWithEvents() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const eventA = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, title: `Door A ${randomUUID().slice(0, 6)}` });
  const eventB = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1500, maxAttendees: 20, title: `Door B ${randomUUID().slice(0, 6)}` });
  return { organiser: organiser.client, organiserId: organiser.account.id, eventA, eventB };
}

/** A booking of event bought through the test checkout by a new buyer. */
async function boughtBooking(eventId: string) {
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId, ticketQuantity: 1 });
  expect(checkout.statusCode, checkout.body).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, eventId));
  return booking!;
}

async function signIn(email: string) {
  const client = newClient(t);
  const response = await client.post("/api/auth/sign-in/email", { email, password: TEST_PASSWORD });
  expect(response.statusCode, response.body).toBe(200);
  return client;
}

/** An account invited by the organiser to `eventIds`, the invitation's token (read from the e-mail) and its client. */
async function invited(organiser: AuthClient, eventIds: string[]) {
  const account = await createAccount(t.db, { password: TEST_PASSWORD });
  const response = await organiser.post("/api/door-team/staff", { email: account.email.toUpperCase(), name: "Sam Steward", eventIds });
  expect(response.statusCode, response.body).toBe(201);
  const access = response.json() as DoorAccessSummary;
  expect(access).toMatchObject({ kind: "staff", label: "Sam Steward", email: account.email.toLowerCase(), status: "invited" });
  const message = await latestMessage(t.db, account.email.toLowerCase(), (one) => (one.subject ?? "").includes("door team"));
  const token = decodeURIComponent(new URL(linkIn(message, "/door/invitations/")).pathname.split("/").pop()!);
  return { account, access, token, client: await signIn(account.email) };
}

async function staffFor(eventIds: string[], organiser: AuthClient) {
  const staff = await invited(organiser, eventIds);
  const accepted = await staff.client.post(`/api/door-invitations/${staff.token}/accept`);
  expect(accepted.statusCode, accepted.body).toBe(200);
  expect((accepted.json() as DoorInvitation).status).toBe("active");
  return staff;
}

describe("door staff (issue 38, D26)", () => {
  it("checks in for the granted event only, is refused everything else, and loses it at once when revoked", async () => {
    const { organiser, eventA, eventB } = await organiserWithEvents();
    const booking = await boughtBooking(eventA.id);
    const staff = await staffFor([eventA.id], organiser);

    expect((await staff.client.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(200);
    expect((await staff.client.get(`/api/events/${eventA.id}/check-in-counts`)).statusCode).toBe(200);
    expect((await staff.client.get(`/api/events/${eventB.id}/check-in-list`)).statusCode).toBe(404);

    // No attendee management, refunds, payouts, editing or dashboard figures for the granted event.
    expect([403, 404]).toContain((await staff.client.get(`/api/events/${eventA.id}/attendees`)).statusCode);
    expect([403, 404]).toContain((await staff.client.get(`/api/events/${eventA.id}/attendees?format=csv`)).statusCode);
    const refund = await staff.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Door", requestKey: `door-${randomUUID()}` });
    expect([403, 404]).toContain(refund.statusCode);
    expect([403, 404]).toContain((await staff.client.get(`/api/payouts/statements/${eventA.id}`)).statusCode);
    const statements = await staff.client.get("/api/payouts/statements");
    expect(statements.body).not.toContain(eventA.id);
    expect([403, 404]).toContain((await staff.client.get(`/api/events/${eventA.id}/edit`)).statusCode);
    expect([403, 404]).toContain((await staff.client.request("PATCH", `/api/events/${eventA.id}`, { title: "Taken over" })).statusCode);
    expect([403, 404]).toContain((await staff.client.request("DELETE", `/api/events/${eventA.id}`)).statusCode);
    for (const path of ["/api/me/events", "/api/me/sales"]) {
      const response = await staff.client.get(path);
      expect(response.statusCode).toBe(200);
      expect(response.body, path).not.toContain(eventA.id);
    }
    // Nor the door team itself.
    expect(((await staff.client.get("/api/door-team")).json() as { team: DoorAccessSummary[] }).team).toEqual([]);
    expect((await staff.client.post(`/api/door-team/${staff.access.id}/revoke`)).statusCode).toBe(404);

    const revoked = await organiser.post(`/api/door-team/${staff.access.id}/revoke`);
    expect(revoked.statusCode).toBe(200);
    expect((revoked.json() as DoorAccessSummary).status).toBe("revoked");
    expect((await staff.client.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(404);
    // Revoking again changes nothing: the first time is kept.
    const again = await organiser.post(`/api/door-team/${staff.access.id}/revoke`);
    expect(again.statusCode).toBe(200);
    expect((again.json() as DoorAccessSummary).revokedAt).toBe((revoked.json() as DoorAccessSummary).revokedAt);
  });

  it("changes a staff member's events", async () => {
    const { organiser, eventA, eventB } = await organiserWithEvents();
    const staff = await staffFor([eventA.id], organiser);
    const changed = await organiser.request("PATCH", `/api/door-team/${staff.access.id}`, { eventIds: [eventB.id] });
    expect(changed.statusCode, changed.body).toBe(200);
    expect((changed.json() as DoorAccessSummary).events.map((event) => event.id)).toEqual([eventB.id]);
    expect((await staff.client.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(404);
    expect((await staff.client.get(`/api/events/${eventB.id}/check-in-list`)).statusCode).toBe(200);
  });

  it("accepts an invitation only with its e-mail, only once, never once revoked", async () => {
    const { organiser, eventA } = await organiserWithEvents();
    const staff = await invited(organiser, [eventA.id]);

    // Signed out: sign in first.
    expect((await newClient(t).post(`/api/door-invitations/${staff.token}/accept`)).statusCode).toBe(401);
    // Another account (a different e-mail) is refused, naming the e-mail invited.
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const seen = await stranger.client.get(`/api/door-invitations/${staff.token}`);
    expect(seen.statusCode).toBe(200);
    const wrong = await stranger.client.post(`/api/door-invitations/${staff.token}/accept`);
    expect(wrong.statusCode).toBe(403);
    expect(wrong.json().error.message).toBe(wrongEmailMessage(staff.account.email.toLowerCase()));
    expect((await stranger.client.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(404);

    // The invitee accepts; accepting again is harmless.
    expect((await staff.client.post(`/api/door-invitations/${staff.token}/accept`)).statusCode).toBe(200);
    const repeat = await staff.client.post(`/api/door-invitations/${staff.token}/accept`);
    expect(repeat.statusCode).toBe(200);
    expect((repeat.json() as DoorInvitation).acceptedByYou).toBe(true);

    // Another account cannot take it over, even with the same e-mail (an account whose e-mail was changed to it).
    const [row] = await t.db.select().from(doorAccess).where(eq(doorAccess.id, staff.access.id));
    const second = await createAccount(t.db, { password: TEST_PASSWORD });
    await t.db.update(doorAccess).set({ email: second.email }).where(eq(doorAccess.id, row!.id));
    const secondClient = await signIn(second.email);
    const takeover = await secondClient.post(`/api/door-invitations/${staff.token}/accept`);
    expect(takeover.statusCode).toBe(409);
    expect(takeover.json().error.message).toBe(INVITATION_TAKEN);

    // A revoked invitation cannot be accepted.
    const other = await invited(organiser, [eventA.id]);
    expect((await organiser.post(`/api/door-team/${other.access.id}/revoke`)).statusCode).toBe(200);
    const late = await other.client.post(`/api/door-invitations/${other.token}/accept`);
    expect(late.statusCode).toBe(403);
    expect(late.json().error.message).toBe(INVITATION_REVOKED);
    expect((await other.client.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(404);
    // A made-up token is not found.
    expect((await other.client.post(`/api/door-invitations/${randomUUID()}/accept`)).statusCode).toBe(404);
  });

  it("accepts once when the invitee presses Accept twice at once", async () => {
    const { organiser, eventA } = await organiserWithEvents();
    const staff = await invited(organiser, [eventA.id]);
    const results = await Promise.all([staff.client.post(`/api/door-invitations/${staff.token}/accept`), staff.client.post(`/api/door-invitations/${staff.token}/accept`)]);
    expect(results.map((response) => response.statusCode)).toEqual([200, 200]);
    const [row] = await t.db.select().from(doorAccess).where(eq(doorAccess.id, staff.access.id));
    expect(row!.userId).toBe(staff.account.id);
  });

  it("validates input and keeps each organiser's team their own; an admin acts for them", async () => {
    const { organiser, eventA } = await organiserWithEvents();
    const refused = async (client: AuthClient, path: string, body: unknown, status = 400) => {
      const response = await client.post(path, body);
      expect(response.statusCode, response.body).toBe(status);
      return (response.json() as { error: { message: string } }).error.message;
    };
    expect(await refused(organiser, "/api/door-team/staff", { email: "not-an-email", eventIds: [eventA.id] })).toBe("Invalid field 'email': email must be an e-mail address");
    expect(await refused(organiser, "/api/door-team/staff", { email: "a@example.test", eventIds: [] })).toBe("Invalid field 'eventIds': Choose at least one event");
    expect(await refused(organiser, "/api/door-team/links", { name: "", eventIds: [eventA.id] })).toBe("Invalid field 'name': name is required");
    expect(await refused(organiser, "/api/door-team/links", { name: "North door", eventIds: [eventA.id], pin: "12a4" })).toBe("Invalid field 'pin': pin must be 4 to 8 digits");
    expect(await refused(organiser, "/api/door-team/links", { name: "North door", eventIds: [eventA.id], pin: "123" })).toBe("Invalid field 'pin': pin must be 4 to 8 digits");
    expect(await refused(organiser, "/api/door-team/links", { name: "North door", eventIds: ["x"] })).toBe("Invalid field 'eventIds.0': eventIds must be event ids");

    // Another organiser's event cannot be given out; their team is not seen nor changed.
    const other = await organiserWithEvents();
    expect(await refused(organiser, "/api/door-team/links", { name: "Side door", eventIds: [other.eventA.id] }, 404)).toBe(
      `Invalid field 'eventIds': event ${other.eventA.id} is not an event you manage`,
    );
    const link = (await other.organiser.post("/api/door-team/links", { name: "Side door", eventIds: [other.eventA.id] })).json() as CreatedDoorLink;
    expect(((await organiser.get("/api/door-team")).json() as { team: DoorAccessSummary[] }).team.map((one) => one.id)).not.toContain(link.access.id);
    expect((await organiser.post(`/api/door-team/${link.access.id}/revoke`)).statusCode).toBe(404);
    expect((await organiser.request("PATCH", `/api/door-team/${link.access.id}`, { eventIds: [eventA.id] })).statusCode).toBe(404);
    expect((await newClient(t).get("/api/door-team")).statusCode).toBe(401);

    // An admin makes a link for an organiser's event (it is the organiser's) and may revoke it.
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const made = await admin.client.post("/api/door-team/links", { name: "Admin door", eventIds: [eventA.id] });
    expect(made.statusCode, made.body).toBe(201);
    const adminLink = made.json() as CreatedDoorLink;
    expect(adminLink.access.organiserId).toBe((await t.db.select().from(doorAccess).where(eq(doorAccess.id, adminLink.access.id)))[0]!.organiserId);
    expect(((await organiser.get("/api/door-team")).json() as { team: DoorAccessSummary[] }).team.map((one) => one.id)).toContain(adminLink.access.id);
    expect((await admin.client.post(`/api/door-team/${adminLink.access.id}/revoke`)).statusCode).toBe(200);
    // Events of two organisers in one access are refused.
    expect(await refused(admin.client, "/api/door-team/links", { name: "Both", eventIds: [eventA.id, other.eventA.id] })).toBe("Invalid field 'eventIds': the events must all be one organiser's");
  });
});

describe("door links (issue 38, D26)", () => {
  it("opens with its PIN, checks its event only, refuses a wrong PIN with a limit, and stops at once when revoked", async () => {
    const { organiser, eventA, eventB } = await organiserWithEvents();
    const made = await organiser.post("/api/door-team/links", { name: "North door", eventIds: [eventA.id], pin: "4321" });
    expect(made.statusCode, made.body).toBe(201);
    const link = made.json() as CreatedDoorLink;
    expect(link.access).toMatchObject({ kind: "link", label: "North door", hasPin: true, status: "active" });
    const secret = decodeURIComponent(new URL(link.url).pathname.split("/").pop()!);
    // Only hashes are kept: neither the secret nor the PIN is in the row.
    const [row] = await t.db.select().from(doorAccess).where(eq(doorAccess.id, link.access.id));
    expect(JSON.stringify(row)).not.toContain(secret);
    expect(row!.pinHash).toMatch(/^scrypt\$/);
    // Listing never shows the address again.
    expect((await organiser.get("/api/door-team")).body).not.toContain(secret);

    const phone = newClient(t);
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(401);
    // Without the PIN, or with a wrong one: no cookie.
    expect((await phone.post(`/api/door-links/${secret}/open`, {})).statusCode).toBe(400);
    expect((await phone.post(`/api/door-links/${secret}/open`, { pin: "1111" })).statusCode).toBe(403);
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(401);
    // A cookie holding the secret without the PIN's proof is refused.
    phone.cookies.set("eventora_door", encodeURIComponent(secret));
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(401);
    phone.cookies.clear();

    const opened = await phone.post(`/api/door-links/${secret}/open`, { pin: "4321" });
    expect(opened.statusCode, opened.body).toBe(200);
    const cookie = opened.cookies.find((one) => one.name === "eventora_door")!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: "Lax", path: "/", maxAge: 86_400 });
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(200);
    expect((await phone.get(`/api/events/${eventB.id}/check-in-list`)).statusCode).toBe(404);
    expect((await phone.get(`/api/events/${eventA.id}/attendees`)).statusCode).toBe(401);
    expect((await phone.get("/api/door-team")).statusCode).toBe(401);

    expect((await organiser.post(`/api/door-team/${link.access.id}/revoke`)).statusCode).toBe(200);
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(401);
    expect((await phone.post(`/api/door-links/${secret}/open`, { pin: "4321" })).statusCode).toBe(404);
  });

  it("works without a PIN, and limits tries at a PIN", async () => {
    const { organiser, eventA } = await organiserWithEvents();
    const open = (await organiser.post("/api/door-team/links", { name: "Stage door", eventIds: [eventA.id] })).json() as CreatedDoorLink;
    const phone = newClient(t);
    expect((await phone.post(`${new URL(open.url).pathname.replace("/door/", "/api/door-links/")}/open`, {})).statusCode).toBe(200);
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(200);
    expect((await phone.post("/api/door-links/leave")).statusCode).toBe(204);
    expect((await phone.get(`/api/events/${eventA.id}/check-in-list`)).statusCode).toBe(401);

    const locked = (await organiser.post("/api/door-team/links", { name: "Back door", eventIds: [eventA.id], pin: "98765" })).json() as CreatedDoorLink;
    const path = `${new URL(locked.url).pathname.replace("/door/", "/api/door-links/")}/open`;
    const guesser = newClient(t);
    for (let i = 0; i < PIN_TRIES.limit; i++) expect((await guesser.post(path, { pin: `${1000 + i}` })).statusCode).toBe(403);
    const limited = await guesser.post(path, { pin: "1999" });
    expect(limited.statusCode).toBe(429);
    expect(limited.headers["retry-after"]).toBeDefined();
    // Once used up, even the right PIN waits (from any device: the limit is the link's).
    expect((await newClient(t).post(path, { pin: "98765" })).statusCode).toBe(429);
  });
});
