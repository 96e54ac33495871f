import { eq, inArray } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { EVENT_DATE_MAX_YEARS_AHEAD } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { createBooking, createEvent, PAST } from "../../../../test/fixtures";
import { eventInput, FORM_START, signInAs } from "../../../../test/organiser";
import { createPaidBookings } from "../../../../test/paid-bookings";
import { events, ledgerEntries, payouts } from "../../db/schema";
import { createPaymentGateway } from "../../providers/payments/payments";
import { runDuePayouts, settleEventPayouts } from "../payouts/payouts.service";

const t = setUpTestApp();
const organiser = () => signInAs(t.app, t.db, t.config.publicUrl, "user");
const context = async () => ({ db: t.db, gateway: await createPaymentGateway(t.config, t.db) });
const hours = (n: number) => n * 3_600_000;
const iso = (date: Date) => date.toISOString();

/** The form's input for an event as it is now: an edit that changes nothing else. */
const asStored = (event: { dateTime: Date; endTime: Date | null }, overrides: Parameters<typeof eventInput>[0] = {}) =>
  eventInput({ dateTime: iso(event.dateTime), endTime: event.endTime ? iso(event.endTime) : null, ...overrides });

describe("a new event date must be real, in the future and within a few years (issue 33)", () => {
  it.each([
    ["0001-01-01T10:00:00Z", "Start Date & Time must be in the future."],
    ["2001-06-01T10:00:00Z", "Start Date & Time must be in the future."],
    ["9999-12-31T10:00:00Z", `Start Date & Time can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.`],
  ])("refuses a new event starting %s", async (dateTime, message) => {
    const { client } = await organiser();
    const response = await client.post("/api/events", eventInput({ dateTime, endTime: null }));
    expect(response.statusCode).toBe(400);
    expect(response.json().error).toMatchObject({ code: "VALIDATION_FAILED", message: `Invalid field 'dateTime': ${message}` });
  });

  it("refuses an end time years ahead, and takes one within the limit", async () => {
    const { client } = await organiser();
    const far = await client.post("/api/events", eventInput({ endTime: "9999-12-31T10:00:00Z" }));
    expect(far.statusCode).toBe(400);
    expect(far.json().error.message).toBe(`Invalid field 'endTime': End time can be at most ${EVENT_DATE_MAX_YEARS_AHEAD} years ahead.`);
    expect((await client.post("/api/events", eventInput())).statusCode).toBe(201);
  });
});

describe("a sold event's date moves only by postponing (issue 33)", () => {
  it("refuses an edit that moves a sold event's start or end, pointing to Postpone, and keeps the date", async () => {
    const { account, client } = await organiser();
    const event = await createEvent(t.db, { userId: account.id, pricePence: 1000, dateTime: FORM_START, endTime: new Date(FORM_START.getTime() + hours(3)) });
    await createBooking(t.db, { eventId: event.id, quantity: 1, totalAmountPence: 1230 });
    const nextDay = asStored(event, { dateTime: iso(new Date(FORM_START.getTime() + hours(24))), endTime: iso(new Date(FORM_START.getTime() + hours(27))) });
    for (const moved of [nextDay, asStored(event, { endTime: iso(new Date(FORM_START.getTime() + hours(4))) })]) {
      const response = await client.request("PATCH", `/api/events/${event.id}`, moved);
      expect(response.statusCode).toBe(409);
      expect(response.json().error.message).toContain("can only be moved by postponing it");
      expect(response.json().error.message).toContain("Postpone");
    }
    const [unchanged] = await t.db.select().from(events).where(eq(events.id, event.id));
    expect(unchanged).toMatchObject({ dateTime: event.dateTime, endTime: event.endTime });
    // An edit that keeps the date is fine.
    const retitled = await client.request("PATCH", `/api/events/${event.id}`, asStored(event, { title: "Renamed" }));
    expect(retitled.statusCode).toBe(200);
    expect(retitled.json()).toMatchObject({ title: "Renamed", dateTime: iso(event.dateTime) });
  });

  it("keeps a past event's existing date on an edit, but refuses moving it to another past date", async () => {
    const { account, client } = await organiser();
    const event = await createEvent(t.db, { userId: account.id, pricePence: 1000, dateTime: PAST, endTime: new Date(PAST.getTime() + hours(3)) });
    expect((await client.request("PATCH", `/api/events/${event.id}`, asStored(event, { description: "What a night." }))).statusCode).toBe(200);
    const earlier = await client.request("PATCH", `/api/events/${event.id}`, asStored(event, { dateTime: iso(new Date(PAST.getTime() - hours(24))) }));
    expect(earlier.statusCode).toBe(400);
    expect(earlier.json().error.message).toBe("Invalid field 'dateTime': Start Date & Time must be in the future.");
  });

  it("counts a live hold as a sale, and lets an unsold event move freely", async () => {
    const { account, client } = await organiser();
    const buyer = await organiser();
    const held = await createEvent(t.db, { userId: account.id, pricePence: 1000, maxAttendees: 100, dateTime: FORM_START, endTime: null });
    expect((await buyer.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", eventId: held.id, ticketQuantity: 1 })).statusCode).toBe(200);
    const later = iso(new Date(FORM_START.getTime() + hours(48)));
    expect((await client.request("PATCH", `/api/events/${held.id}`, asStored(held, { dateTime: later }))).statusCode).toBe(409);

    const unsold = await createEvent(t.db, { userId: account.id, pricePence: 1000, dateTime: FORM_START, endTime: null });
    const moved = await client.request("PATCH", `/api/events/${unsold.id}`, asStored(unsold, { dateTime: later }));
    expect(moved.statusCode).toBe(200);
    expect(moved.json().dateTime).toBe(later);
  });
});

describe("no payout while an event's current end is ahead (issue 33)", () => {
  const endingOn = (day: string) => ({ dateTime: new Date(`${day}T19:00:00Z`), endTime: new Date(`${day}T22:00:00Z`) });

  it("a due event whose date has moved later is not paid; a payout decided before the move waits for the new date", async () => {
    const { account } = await organiser();
    const moved = await createEvent(t.db, { userId: account.id, pricePence: 1000, ...endingOn("2093-01-12") });
    const decided = await createEvent(t.db, { userId: account.id, pricePence: 1000, ...endingOn("2093-01-13") });
    await createPaidBookings(t.db, { eventId: moved.id, pricePence: 1000, count: 1 });
    await createPaidBookings(t.db, { eventId: decided.id, pricePence: 1000, count: 1 });
    const asOf = new Date("2093-02-01T12:00:00Z");

    // Postponed (as a postponement commits it) after it fell due, before the run: the run reads the current end.
    await t.db.update(events).set(endingOn("2093-06-12")).where(eq(events.id, moved.id));
    const run = await runDuePayouts(await context(), asOf);
    expect(run.paid.map((outcome) => outcome.eventId).filter((id) => id === moved.id || id === decided.id)).toEqual([decided.id]);
    expect(await t.db.select().from(payouts).where(eq(payouts.eventId, moved.id))).toEqual([]);

    // A payout row made, then its event moved later before the transfer: the transfer waits for the new date.
    const [paid] = await t.db.select().from(payouts).where(eq(payouts.eventId, decided.id));
    await t.db.delete(ledgerEntries).where(eq(ledgerEntries.payoutId, paid!.id));
    await t.db.update(payouts).set({ status: "pending", providerTransferId: null, paidAt: null }).where(eq(payouts.id, paid!.id));
    await t.db.update(events).set(endingOn("2093-06-13")).where(eq(events.id, decided.id));
    const settled = await settleEventPayouts(await context(), decided.id);
    expect(settled.paid).toEqual([]);
    const rows = await t.db.select().from(payouts).where(inArray(payouts.eventId, [decided.id]));
    expect(rows).toEqual([expect.objectContaining({ status: "pending", providerTransferId: null })]);
    // Once the new date is due, it is paid under the same key.
    const later = await runDuePayouts(await context(), new Date("2093-07-01T12:00:00Z"));
    expect(later.paid.filter((outcome) => outcome.eventId === decided.id)).toEqual([expect.objectContaining({ payoutId: paid!.id })]);
  });

  it("an event that was paid out has ended, so it can be neither re-dated nor postponed", async () => {
    const { account, client } = await organiser();
    const event = await createEvent(t.db, { userId: account.id, pricePence: 1000, dateTime: PAST, endTime: new Date(PAST.getTime() + hours(3)) });
    await createPaidBookings(t.db, { eventId: event.id, pricePence: 1000, count: 1 });
    const run = await runDuePayouts(await context(), new Date());
    expect(run.paid.filter((outcome) => outcome.eventId === event.id)).toHaveLength(1);
    const soon = iso(FORM_START);
    const edited = await client.request("PATCH", `/api/events/${event.id}`, asStored(event, { dateTime: soon, endTime: null }));
    expect(edited.statusCode).toBe(409);
    const postponed = await client.post(`/api/events/${event.id}/postpone`, { dateTime: soon });
    expect(postponed.statusCode).toBe(409);
    expect(postponed.json().error.message).toBe("This event has already taken place, so it cannot be postponed.");
  });
});
