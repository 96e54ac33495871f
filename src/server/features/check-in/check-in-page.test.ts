import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../../test/app";
import { createBooking, createEvent } from "../../../../test/fixtures";
import { pageContextOf, pageRequest } from "../../../../test/page-context";
import { signInAs } from "../../../../test/organiser";
import { loader } from "../../../web/routes/check-in";
import { bookings, events, tickets } from "../../db/schema";

const t = setUpTestApp();
const DAY = 86_400_000;

async function load(path: string, cookie?: string) {
  const { request, url } = pageRequest(t, path, { cookie });
  return loader({ context: await pageContextOf(t), request, url, params: {} } as unknown as Parameters<typeof loader>[0]);
}

describe("/check-in's loader (spec §2 Check-in scanner)", () => {
  it("gives a visitor nothing, and an organiser their events with the next event's 'Admitted X / Y'", async () => {
    expect(await load("/check-in")).toMatchObject({ ownEvents: null, counts: null });

    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const later = await createEvent(t.db, { userId: organiser.account.id, title: "Later gig" });
    await t.db.update(events).set({ dateTime: new Date(Date.now() + 20 * DAY) }).where(eq(events.id, later.id));
    const next = await createEvent(t.db, { userId: organiser.account.id, title: "Next gig" });
    await t.db.update(events).set({ dateTime: new Date(Date.now() + 2 * DAY) }).where(eq(events.id, next.id));
    const admitted = await createBooking(t.db, { eventId: next.id, quantity: 2 });
    await createBooking(t.db, { eventId: next.id, quantity: 3 });
    await t.db.update(bookings).set({ checkedInAt: new Date() }).where(eq(bookings.id, admitted.id));
    await t.db.update(tickets).set({ checkedInAt: new Date() }).where(eq(tickets.bookingId, admitted.id));

    const page = await load("/check-in", organiser.client.cookieHeader);
    expect(page.ownEvents?.map((event) => event.title).sort()).toEqual(["Later gig", "Next gig"]);
    expect(page.counts).toEqual({ eventId: next.id, admitted: 2, expected: 5 });
    // The event chosen at the door (`?event=`); '' is any of them, with no one event's figures.
    expect((await load(`/check-in?event=${later.id}`, organiser.client.cookieHeader)).counts).toEqual({ eventId: later.id, admitted: 0, expected: 0 });
    expect((await load("/check-in?event=", organiser.client.cookieHeader)).counts).toBeNull();
  });

  it("never counts another organiser's event", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const someoneElse = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const theirs = await createEvent(t.db, { userId: someoneElse.account.id, title: "Their gig" });
    await createBooking(t.db, { eventId: theirs.id, quantity: 4 });
    // Another organiser's event, or no event at all: nothing counted, and no check-in lists (issue 38).
    expect(await load(`/check-in?event=${theirs.id}`, organiser.client.cookieHeader)).toMatchObject({ ownEvents: [], counts: null, lists: null });
    expect(await load("/check-in?event=not-an-id", organiser.client.cookieHeader)).toMatchObject({ ownEvents: [], counts: null, lists: null });
  });
});
