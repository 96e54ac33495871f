import { beforeEach, describe, expect, it } from "vitest";
import type { SiteStats } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { FUTURE, PAST, createBooking, createEvent, createUser, futureDay, resetCatalogue } from "../../../../test/fixtures";

const ctx = setUpTestApp();

beforeEach(async () => {
  await resetCatalogue(ctx.db);
});

describe("GET /api/stats (decisions D3: figures from the database)", () => {
  it("is all zeros on an empty site", async () => {
    const response = await ctx.app.inject({ method: "GET", url: "/api/stats" });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual<SiteStats>({ eventsListed: 0, ticketsSold: 0, customers: 0, organisers: 0 });
  });

  it("counts listed events, their organisers, confirmed tickets and distinct customers", async () => {
    const ada = await createUser(ctx.db, { username: "ada" });
    const grace = await createUser(ctx.db, { username: "grace" });
    const quiet = await createUser(ctx.db, { username: "quiet" });
    const gig = await createEvent(ctx.db, { userId: ada.id, dateTime: FUTURE });
    await createEvent(ctx.db, { userId: ada.id, dateTime: futureDay(1) });
    await createEvent(ctx.db, { userId: grace.id, category: "food", businessType: "restaurant", dateTime: PAST });
    const pastGig = await createEvent(ctx.db, { userId: quiet.id, dateTime: PAST }); // not listed
    await createEvent(ctx.db, { userId: quiet.id, status: "draft" }); // not listed

    await createBooking(ctx.db, { eventId: gig.id, quantity: 2, email: "fan@example.test" });
    await createBooking(ctx.db, { eventId: gig.id, quantity: 1, email: "FAN@example.test" });
    await createBooking(ctx.db, { eventId: pastGig.id, quantity: 4, email: "old@example.test" });
    await createBooking(ctx.db, { eventId: gig.id, quantity: 10, email: "refunded@example.test", status: "cancelled" });

    const response = await ctx.app.inject({ method: "GET", url: "/api/stats" });
    expect(response.json()).toEqual<SiteStats>({
      eventsListed: 3,
      organisers: 2,
      ticketsSold: 7,
      customers: 2,
    });
  });
});
