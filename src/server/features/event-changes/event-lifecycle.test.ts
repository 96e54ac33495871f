import { and, eq, inArray, sql } from "drizzle-orm";
import ical, { type VEvent } from "node-ical";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { EVENT_DATE_MAX_YEARS_AHEAD, formatDateTime, POSTPONEMENT_REFUND_WINDOW_DAYS } from "../../../domain";
import { createTestApp, type TestApp } from "../../../../test/app";
import { createBooking, createEvent, PAST } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { startSmtpReceiver } from "../../../../test/smtp-receiver";
import { bookings, events, ledgerEntries, orders, refunds, tickets } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";

let smtp: Awaited<ReturnType<typeof startSmtpReceiver>>;
let t: TestApp;
beforeAll(async () => {
  smtp = await startSmtpReceiver();
  t = await createTestApp({ SMTP_URL: smtp.smtpUrl });
});
afterAll(async () => {
  await t?.close();
  await smtp?.stop();
});

async function waitFor<T>(read: () => Promise<T | undefined> | T | undefined, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Next year: a date a postponement may move to (at most EVENT_DATE_MAX_YEARS_AHEAD away), whatever today is. */
const NEXT_YEAR = new Date().getUTCFullYear() + 1;

const mailTo = (to: string) => smtp.received.filter((mail) => mail.to.includes(to.toLowerCase()));

/** An organiser's paid event with one ticket bought through the real checkout by a buyer of its own. */
async function eventWithBuyer(overrides: { title?: string; pricePence?: number; dateTime?: Date; endTime?: Date | null } = {}) {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 2000, maxAttendees: 5000, title: `Lifecycle ${Math.random().toString(36).slice(2, 8)}`, ...overrides });
  const checkout = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", eventId: event.id, ticketQuantity: 2 });
  expect(checkout.statusCode).toBe(200);
  expect((await buyer.client.post(`/api/checkout/test/${checkout.json().sessionId}/pay`)).statusCode).toBe(200);
  const [booking] = await t.db.select().from(bookings).where(eq(bookings.eventId, event.id));
  return { organiser, buyer, event, booking: booking! };
}

async function progressOf(client: Awaited<ReturnType<typeof signInAs>>["client"], eventId: string) {
  const response = await client.get(`/api/events/${eventId}/cancellation`);
  expect(response.statusCode).toBe(200);
  return response.json() as { bookings: number; refunded: number; pending: number; failed: number; done: boolean };
}

describe("cancelling an event (decision 027)", () => {
  it("refunds each of 200 bookings in full exactly once, tells every buyer, and the ledger balances", async () => {
    const { organiser, buyer, event, booking } = await eventWithBuyer();
    const bulk = await createPaidBookings(t.db, { eventId: event.id, pricePence: 2000, count: 200 });
    const response = await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "The venue flooded." });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ id: event.id, status: "cancelled", cancellationReason: "The venue flooded.", cancelledAt: expect.any(String) });

    const done = await waitFor(async () => {
      const progress = await progressOf(organiser.client, event.id);
      return progress.done ? progress : undefined;
    });
    expect(done).toEqual({ bookings: 201, refunded: 201, pending: 0, failed: 0, done: true });

    const allIds = [booking.id, ...bulk.bookingIds];
    const made = await t.db.select().from(refunds).where(eq(refunds.eventId, event.id));
    expect(made).toHaveLength(201);
    expect(new Set(made.map((refund) => refund.bookingId))).toEqual(new Set(allIds));
    expect(made.every((refund) => refund.status === "succeeded" && refund.source === "cancellation" && refund.reason === "The venue flooded.")).toBe(true);
    expect(new Set(made.map((refund) => refund.providerRefundId)).size).toBe(201);
    const after = await t.db.select().from(bookings).where(inArray(bookings.id, allIds));
    expect(after.every((row) => row.status === "refunded" && row.ticketQuantity === 0)).toBe(true);
    // In full, booking fee included: every booking's refunds on the ledger are what its buyer paid.
    const paidBack = await t.db
      .select({ bookingId: ledgerEntries.bookingId, pence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number), entries: sql<number>`count(*)::int`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.eventId, event.id), inArray(ledgerEntries.kind, ["ticket_refund", "fee_refund"])))
      .groupBy(ledgerEntries.bookingId);
    expect(paidBack).toHaveLength(201);
    const totals = new Map(after.map((row) => [row.id, row.totalAmountPence]));
    expect(paidBack.every((row) => row.entries === 2 && row.pence === totals.get(row.bookingId!))).toBe(true);
    expect(paidBack.reduce((sum, row) => sum + row.pence, 0)).toBe(bulk.totalPence + booking.totalAmountPence);
    expect((await reconcile(t.db)).problems).toEqual([]);

    const notice = await waitFor(() => mailTo(buyer.account.email).find((mail) => mail.subject === `Cancelled: ${event.title}, your refund`));
    expect(notice.text).toContain(`The organiser has cancelled ${event.title}`);
    expect(notice.text).toContain("We have refunded you in full, including the booking fee: £44.60");
    // Every buyer is told, once.
    await waitFor(() => (smtp.received.filter((mail) => mail.subject === `Cancelled: ${event.title}, your refund`).length >= 201 ? true : undefined));
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(smtp.received.filter((mail) => mail.subject === `Cancelled: ${event.title}, your refund`)).toHaveLength(201);
  }, 180_000);

  it("gives back the booking fee an earlier refund at the buyer's request kept, and tells that buyer too (issue 33)", async () => {
    const { organiser, buyer, event, booking } = await eventWithBuyer({ title: "Kept Fee Ceilidh" });
    const asked = await buyer.client.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "Cannot make it" });
    expect(asked.statusCode).toBe(200);
    expect((await organiser.client.post(`/api/refund-requests/${asked.json().requestId}/approve`)).statusCode).toBe(200);
    const [own] = await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id));
    // Two £20 tickets: the ticket money back, the £4.60 booking fee kept.
    expect(own).toMatchObject({ source: "buyer-request", ticketPence: 4000, feePence: 0, status: "succeeded" });

    expect((await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "The band split up." })).statusCode).toBe(200);
    const feeBack = await waitFor(async () => {
      const [row] = await t.db.select().from(refunds).where(and(eq(refunds.bookingId, booking.id), eq(refunds.source, "cancellation"), eq(refunds.status, "succeeded")));
      return row;
    });
    expect(feeBack).toMatchObject({ quantity: 0, ticketPence: 0, feePence: 460, providerRefundId: expect.any(String) });
    const refundedOnLedger = await t.db
      .select({ kind: ledgerEntries.kind, pence: sql<number>`sum(${ledgerEntries.amountPence})::int`.mapWith(Number) })
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.bookingId, booking.id), inArray(ledgerEntries.kind, ["ticket_refund", "fee_refund"])))
      .groupBy(ledgerEntries.kind);
    expect(Object.fromEntries(refundedOnLedger.map((row) => [row.kind, row.pence]))).toEqual({ ticket_refund: 4000, fee_refund: 460 });
    const notice = await waitFor(() => mailTo(buyer.account.email).find((mail) => mail.subject === "Cancelled: Kept Fee Ceilidh, your refund"));
    expect(notice.text).toContain("The organiser has cancelled Kept Fee Ceilidh");
    expect(notice.text).toContain("booking fee £4.60");

    // Running the job again refunds nothing twice.
    expect((await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Again" })).statusCode).toBe(200);
    await waitFor(async () => ((await progressOf(organiser.client, event.id)).done ? true : undefined));
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(2);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("cancelling twice, even at once, is the same cancellation", async () => {
    const { organiser, event, booking } = await eventWithBuyer();
    const [a, b] = await Promise.all([
      organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "First reason" }),
      organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "First reason" }),
    ]);
    expect([a!.statusCode, b!.statusCode]).toEqual([200, 200]);
    expect(a!.json().cancelledAt).toBe(b!.json().cancelledAt);
    const again = await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Another reason" });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toMatchObject({ cancelledAt: a!.json().cancelledAt, cancellationReason: "First reason" });
    await waitFor(async () => ((await progressOf(organiser.client, event.id)).done ? true : undefined));
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toHaveLength(1);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("is for the event's organiser or an admin only, and needs a reason", async () => {
    const { event } = await eventWithBuyer();
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.post(`/api/events/${event.id}/cancel`, { reason: "Not mine" })).statusCode).toBe(404);
    expect((await stranger.client.get(`/api/events/${event.id}/cancellation`)).statusCode).toBe(404);
    const admin = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    const blank = await admin.client.post(`/api/events/${event.id}/cancel`, { reason: "  " });
    expect(blank.statusCode).toBe(400);
    expect(blank.json().error.message).toContain("Please give a reason for cancelling.");
    expect((await admin.client.post(`/api/events/${event.id}/cancel`, { reason: "Admin cancelled it" })).statusCode).toBe(200);
    await waitFor(async () => ((await progressOf(admin.client, event.id)).done ? true : undefined));
  });

  it("an event with sales cannot be deleted: the organiser is told to cancel it instead", async () => {
    const { organiser, event } = await eventWithBuyer();
    const response = await organiser.client.request("DELETE", `/api/events/${event.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().error.message).toBe("This event has sold tickets, so it cannot be deleted. Cancel the event instead: every buyer is refunded in full.");
    const unsold = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1000 });
    expect((await organiser.client.request("DELETE", `/api/events/${unsold.id}`)).statusCode).toBe(204);
  });

  it("nothing more can be bought: create-payment refuses, a hold is released and its late payment refunded", async () => {
    const { organiser, event } = await eventWithBuyer({ title: "Riverside Folk Evening" });
    const late = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const held = await late.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", eventId: event.id, ticketQuantity: 1 });
    expect(held.statusCode).toBe(200);
    expect((await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Storm warning" })).statusCode).toBe(200);

    const refused = await late.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", items: [{ eventId: event.id, ticketQuantity: 1 }] });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().error.message).toBe("Riverside Folk Evening has been cancelled.");
    const [hold] = await t.db.select().from(orders).where(eq(orders.sessionId, held.json().sessionId));
    expect(hold!.status).toBe("expired");

    await late.client.post(`/api/checkout/test/${held.json().sessionId}/pay`);
    const [paid] = await t.db.select().from(orders).where(eq(orders.sessionId, held.json().sessionId));
    expect(paid).toMatchObject({ status: "refunded", refundReason: "The event was cancelled before the payment arrived, so the payment has been refunded in full." });
    expect(await t.db.select().from(bookings).where(eq(bookings.stripeSessionId, held.json().sessionId))).toHaveLength(0);
    await waitFor(async () => ((await progressOf(organiser.client, event.id)).done ? true : undefined));
    await waitFor(async () => ((await t.db.select().from(refunds).where(and(eq(refunds.orderId, paid!.id), eq(refunds.status, "succeeded")))).length ? true : undefined));
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("the public event page still finds a cancelled event, which leaves the listings", async () => {
    const { organiser, event } = await eventWithBuyer();
    await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Illness" });
    const detail = await t.app.inject({ method: "GET", url: `/api/events/${event.id}` });
    expect(detail.statusCode).toBe(200);
    expect(detail.json()).toMatchObject({ id: event.id, status: "cancelled" });
    const listed = await t.app.inject({ method: "GET", url: `/api/events?search=${encodeURIComponent(event.title)}` });
    expect(listed.json().events.map((row: { id: string }) => row.id)).not.toContain(event.id);
    await waitFor(async () => ((await progressOf(organiser.client, event.id)).done ? true : undefined));
  });
});

describe("postponing an event (decision 027)", () => {
  it("moves the date, opens the refund window and e-mails every buyer the new date with an updated calendar entry", async () => {
    const oldStart = new Date(`${NEXT_YEAR}-06-01T18:00:00Z`);
    const { organiser, buyer, event, booking } = await eventWithBuyer({ title: "Moonlit Cello Recital", dateTime: oldStart, endTime: new Date(`${NEXT_YEAR}-06-01T20:00:00Z`) });
    const before = Date.now();
    // 19:30 on 14 July next year, UK summer time, as the form sends it.
    const response = await organiser.client.post(`/api/events/${event.id}/postpone`, { dateTime: `${NEXT_YEAR}-07-14T19:30:00+01:00` });
    expect(response.statusCode).toBe(200);
    const moved = response.json();
    const newStart = `${NEXT_YEAR}-07-14T18:30:00.000Z`;
    expect(moved).toMatchObject({ dateTime: newStart, endTime: `${NEXT_YEAR}-07-14T20:30:00.000Z`, previousDateTime: oldStart.toISOString(), postponedAt: expect.any(String) });
    const windowEnds = new Date(moved.refundWindowEndsAt).getTime() - new Date(moved.postponedAt).getTime();
    expect(windowEnds).toBe(POSTPONEMENT_REFUND_WINDOW_DAYS * 86_400_000);
    expect(new Date(moved.postponedAt).getTime()).toBeGreaterThanOrEqual(before - 1000);

    const mail = await waitFor(() => mailTo(buyer.account.email).find((message) => message.subject === "New date: Moonlit Cello Recital"));
    expect(mail.text).toContain(`The organiser has moved Moonlit Cello Recital from ${formatDateTime(oldStart.toISOString())} to ${formatDateTime(newStart)}.`);
    expect(mail.text).toContain("Your 2 tickets stay valid for the new date");
    expect(mail.text).toContain(`Was: ${formatDateTime(oldStart.toISOString())}`);
    expect(mail.text).toMatch(/ask for a full refund, including the booking fee, from My Tickets until \w{3}, \d{1,2} \w{3} \d{4}, \d{2}:\d{2}\./);
    const ics = mail.attachments.find((attachment) => attachment.filename?.endsWith(".ics"))!;
    expect(ics.mimeType).toBe("text/calendar");
    const entry = Object.values(ical.sync.parseICS(Buffer.from(ics.content, "base64").toString())).find((item): item is VEvent => item?.type === "VEVENT")!;
    expect(entry.start.toISOString()).toBe(newStart);
    expect(entry.end?.toISOString()).toBe(`${NEXT_YEAR}-07-14T20:30:00.000Z`);
    // The ticket e-mail's entry (same UID), at a higher SEQUENCE, so a calendar updates it.
    expect(entry.uid).toBe(`${booking.ticketCode}@${new URL(t.config.publicUrl).hostname}`);
    expect(Number(entry.sequence)).toBeGreaterThan(0);

    const detail = await t.app.inject({ method: "GET", url: `/api/events/${event.id}` });
    expect(detail.json()).toMatchObject({ status: "active", dateTime: newStart, previousDateTime: oldStart.toISOString() });
  });

  it("refuses a date in the past, one not after the current date, an end before the start, a cancelled event and a stranger", async () => {
    const start = new Date(`${NEXT_YEAR}-06-01T18:00:00Z`);
    const { organiser, event } = await eventWithBuyer({ dateTime: start, endTime: null });
    const postpone = (body: unknown) => organiser.client.post(`/api/events/${event.id}/postpone`, body);
    const past = await postpone({ dateTime: "2001-01-01T10:00:00Z" });
    expect(past.statusCode).toBe(400);
    expect(past.json().error.message).toBe("The new date must be in the future.");
    const earlier = await postpone({ dateTime: new Date(start.getTime() - 86_400_000).toISOString() });
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.message).toBe("The new date must be after the current one.");
    const backwards = await postpone({ dateTime: `${NEXT_YEAR}-08-01T19:00:00Z`, endTime: `${NEXT_YEAR}-08-01T18:00:00Z` });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().error.message).toBe("End time must be after the start");
    const farOff = await postpone({ dateTime: "9999-12-31T19:00:00Z" });
    expect(farOff.statusCode).toBe(400);
    expect(farOff.json().error.message).toBe(`The new date can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.`);
    expect((await postpone({ dateTime: "tomorrow" })).statusCode).toBe(400);
    const stranger = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    expect((await stranger.client.post(`/api/events/${event.id}/postpone`, { dateTime: `${NEXT_YEAR}-08-01T19:00:00Z` })).statusCode).toBe(404);
    const [unchanged] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged).toMatchObject({ dateTime: start, postponedAt: null });

    await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Called off" });
    const cancelled = await postpone({ dateTime: `${NEXT_YEAR}-08-01T19:00:00Z` });
    expect(cancelled.statusCode).toBe(409);
    expect(cancelled.json().error.message).toBe("This event has been cancelled, so it cannot be postponed.");
    await waitFor(async () => ((await progressOf(organiser.client, event.id)).done ? true : undefined));
  });
});

describe("events that have taken place, and postponements that barely move (issue 33)", () => {
  it("refuses to cancel or postpone an ended event", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id, pricePence: 1000, dateTime: PAST, endTime: new Date(PAST.getTime() + 3 * 3600_000) });
    await createBooking(t.db, { eventId: event.id, quantity: 1, totalAmountPence: 1230 });
    const cancel = await organiser.client.post(`/api/events/${event.id}/cancel`, { reason: "Too late" });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().error.message).toBe("This event has already taken place, so it cannot be cancelled.");
    const postpone = await organiser.client.post(`/api/events/${event.id}/postpone`, { dateTime: `${NEXT_YEAR}-06-01T18:00:00Z` });
    expect(postpone.statusCode).toBe(409);
    expect(postpone.json().error.message).toBe("This event has already taken place, so it cannot be postponed.");
    const [unchanged] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged).toMatchObject({ status: "active", dateTime: PAST, postponedAt: null });
  });

  it("a postponement by seconds tells buyers but opens no refund window: a request waits for the organiser, fee kept", async () => {
    const start = new Date(`${NEXT_YEAR}-06-01T18:00:00Z`);
    const { organiser, buyer, event, booking } = await eventWithBuyer({ dateTime: start, endTime: null });
    const moved = await organiser.client.post(`/api/events/${event.id}/postpone`, { dateTime: new Date(start.getTime() + 10_000).toISOString() });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({ postponedAt: expect.any(String), refundWindowEndsAt: null });
    const asked = await buyer.client.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "Ten seconds later" });
    expect(asked.statusCode).toBe(200);
    expect(asked.json()).toMatchObject({ status: "pending", automatic: false });
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
  });

  it("after a real postponement a checked-in booking, or any booking once the event has ended, gets no self-service refund", async () => {
    const start = new Date(`${NEXT_YEAR}-06-01T18:00:00Z`);
    const { organiser, buyer, event, booking } = await eventWithBuyer({ dateTime: start, endTime: null });
    const moved = await organiser.client.post(`/api/events/${event.id}/postpone`, { dateTime: `${NEXT_YEAR}-06-08T18:00:00Z` });
    expect(moved.json().refundWindowEndsAt).toEqual(expect.any(String));
    // Checked in at the door: every ticket of the booking (issue 36: the door admits tickets).
    await t.db.update(bookings).set({ checkedInAt: new Date() }).where(eq(bookings.id, booking.id));
    await t.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.bookingId, booking.id));
    const checkedIn = await buyer.client.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "Went already" });
    expect(checkedIn.statusCode).toBe(409);
    expect(checkedIn.json().error.message).toBe("This booking was checked in at the event, so it cannot be refunded.");

    // The event has ended (its window still open): nobody has a self-service refund.
    await t.db.update(bookings).set({ checkedInAt: null }).where(eq(bookings.id, booking.id));
    await t.db.update(tickets).set({ checkedInAt: null }).where(eq(tickets.bookingId, booking.id));
    await t.db.update(events).set({ dateTime: new Date(Date.now() - 5 * 3600_000), endTime: new Date(Date.now() - 3600_000) }).where(eq(events.id, event.id));
    const ended = await buyer.client.post(`/api/me/bookings/${booking.id}/refund-request`, { reason: "After the party" });
    expect(ended.statusCode).toBe(409);
    expect(ended.json().error.message).toBe("This event has ended, so its tickets can no longer be refunded.");
    expect(await t.db.select().from(refunds).where(eq(refunds.bookingId, booking.id))).toEqual([]);
    // The organiser's own refund is unchanged.
    const own = await organiser.client.post(`/api/bookings/${booking.id}/refunds`, { reason: "Goodwill", requestKey: "goodwill-1" });
    expect(own.statusCode).toBeLessThan(300);
  });
});
