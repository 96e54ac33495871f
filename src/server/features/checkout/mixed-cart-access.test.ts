import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckResult, MyTicket, TicketView } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings } from "../../db/schema";

/**
 * Issue 16: a cart mixing two organisers' events must not let one organiser reach the other's buyer
 * (decisions D10, D11; docs/decisions/015).
 */
let t: Awaited<ReturnType<typeof createTestApp>>;
let buyer: AuthClient;
let o1: { client: AuthClient; id: string };
let o2: { client: AuthClient; id: string };
let admin: AuthClient;

beforeAll(async () => {
  t = await createTestApp();
  buyer = (await signInAs(t.app, t.db, t.config.publicUrl, "user")).client;
  const first = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const second = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  o1 = { client: first.client, id: first.account.id };
  o2 = { client: second.client, id: second.account.id };
  admin = (await signInAs(t.app, t.db, t.config.publicUrl, "admin")).client;
});
afterAll(async () => t.close());

/** The buyer pays one cart holding an event of O1 and an event of O2. */
async function mixedCartOrder() {
  const e1 = await createEvent(t.db, { userId: o1.id, pricePence: 1500, title: `O1 gig ${Math.random()}` });
  const e2 = await createEvent(t.db, { userId: o2.id, pricePence: 2200, title: `O2 gig ${Math.random()}` });
  const started = await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", items: [{ eventId: e1.id, ticketQuantity: 1 }, { eventId: e2.id, ticketQuantity: 2 }] });
  expect(started.statusCode).toBe(200);
  const { sessionId } = started.json() as { sessionId: string };
  expect((await buyer.post(`/api/checkout/test/${sessionId}/pay`)).statusCode).toBe(200);
  const rows = await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, sessionId));
  const mine = rows.find((row) => row.eventId === e1.id)!;
  const theirs = rows.find((row) => row.eventId === e2.id)!;
  return { sessionId, e1, e2, mine, theirs };
}

const lookup = (client: AuthClient, identifier: string) => client.get(`/api/tickets/lookup?identifier=${encodeURIComponent(identifier)}`);
const verify = (sessionId: string) => ({ method: "POST" as const, url: "/api/functions/verify-payment", payload: { sessionId } });

describe("one organiser cannot admit another organiser's buyer (issue 16)", () => {
  it("hides the order's session from O1, answers verify-payment only to the buyer, and admits O2's ticket only from its signed QR", async () => {
    const { sessionId, mine, theirs } = await mixedCartOrder();

    // The buyer's own success page still works.
    const own = await buyer.post("/api/functions/verify-payment", { sessionId });
    expect(own.statusCode).toBe(200);
    expect(own.json()).toMatchObject({ success: true });
    expect(own.json().bookings).toHaveLength(2);

    // O1's ticket viewer shows O1's booking, but not the session id of an order holding O2's booking.
    const found = await lookup(o1.client, mine.ticketCode);
    expect(found.statusCode).toBe(200);
    expect((found.json() as TicketView).bookingId).toBe(mine.id);
    expect(found.body).not.toContain(sessionId);
    // O2's booking is not found by O1 under any of its identifiers; the session finds only O1's own booking.
    expect((await lookup(o1.client, theirs.ticketCode)).statusCode).toBe(404);
    expect((await lookup(o1.client, theirs.id)).statusCode).toBe(404);
    const bySession = await lookup(o1.client, sessionId);
    expect((bySession.json() as TicketView).bookingId).toBe(mine.id);
    expect(bySession.body).not.toContain(theirs.ticketCode);
    expect(bySession.body).not.toContain(sessionId);
    // Admins see everything (decisions D11).
    expect((await lookup(admin, theirs.ticketCode)).json()).toMatchObject({ bookingId: theirs.id, stripeSessionId: sessionId });

    // verify-payment with the session id: a visitor must sign in; O1 (or anyone but the buyer) learns nothing.
    const anonymous = await t.app.inject(verify(sessionId));
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json().error.code).toBe("UNAUTHENTICATED");
    expect(anonymous.body).not.toContain(theirs.ticketCode);
    const asO1 = await o1.client.post("/api/functions/verify-payment", { sessionId });
    expect(asO1.json()).toMatchObject({ success: false });
    expect(asO1.body).not.toContain(theirs.ticketCode);
    expect(asO1.body).not.toContain(mine.ticketCode);
    expect(asO1.body).not.toContain(theirs.attendeeEmail);

    // O1 cannot check O2's ticket in, nor see whose it is.
    const byO1 = (await o1.client.post("/api/functions/check-ticket", { ticketId: theirs.ticketCode, checkIn: true })).json() as CheckResult;
    expect(byO1).toMatchObject({ valid: false, attendee: null });

    // At O2's door a bare code (typed, or a QR holding only the code) is not enough to admit.
    const bare = (await o2.client.post("/api/functions/check-ticket", { ticketId: theirs.ticketCode, qr: theirs.ticketCode, checkIn: true })).json() as CheckResult;
    expect(bare).toMatchObject({ valid: false, alreadyCheckedIn: false, checkedInAt: null });
    expect(bare.error).toContain("scan the QR code");
    const [afterBare] = await t.db.select({ checkedInAt: bookings.checkedInAt }).from(bookings).where(eq(bookings.id, theirs.id));
    expect(afterBare!.checkedInAt).toBeNull();

    // The buyer's real QR is then admitted, not 'Already checked in'.
    const tickets = (await buyer.get("/api/me/tickets")).json().tickets as MyTicket[];
    const { qrPayload } = tickets.find((ticket) => ticket.bookingId === theirs.id)!;
    const real = (await o2.client.post("/api/functions/check-ticket", { ticketId: qrPayload.ticketId, qr: JSON.stringify(qrPayload), checkIn: true })).json() as CheckResult;
    expect(real).toMatchObject({ valid: true, alreadyCheckedIn: false });
    expect(real.checkedInAt).not.toBeNull();
  });

  it("still shows an organiser the session of an order that holds only their own bookings", async () => {
    const event = await createEvent(t.db, { userId: o1.id, pricePence: 900, title: `O1 only ${Math.random()}` });
    const { sessionId } = (await buyer.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 1 })).json() as { sessionId: string };
    await buyer.post(`/api/checkout/test/${sessionId}/pay`);
    expect((await lookup(o1.client, sessionId)).json()).toMatchObject({ stripeSessionId: sessionId });
  });
});
