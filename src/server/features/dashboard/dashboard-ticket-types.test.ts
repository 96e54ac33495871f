import type { AddressInfo } from "node:net";
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DashboardEvent, LiveSale } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { pageContext, type PageContext } from "../../../web/lib/page-context.server";
import * as myEvents from "../../../web/routes/dashboard._index";
import { ticketTypes } from "../../db/schema";

/** The dashboard's sales per ticket type (issue 36): sold of each type's capacity and what is left, following live sales. */
let t: Awaited<ReturnType<typeof createTestApp>>;
let context: RouterContextProvider;
const streams: AbortController[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  context = new RouterContextProvider(new Map([[pageContext, { db: t.db, config: t.config, session: t.app.session, jobs: t.app.jobs } as unknown as PageContext]]));
});
afterAll(async () => {
  for (const stream of streams) stream.abort();
  await t.close();
});

/**
 * "Northern Lights Weekender" under 150 places: Early bird (£10.00, 50), Standard (£15.00, no limit of its own),
 * VIP (£40.00, 20) and a hidden Crew type; and a one-type event beside it.
 */
async function organiserWithWeekender() {
  const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const event = await createEvent(t.db, { userId: organiser.account.id, title: "Northern Lights Weekender", pricePence: 1000, maxAttendees: 150, severalPrices: true });
  const [early] = await t.db.update(ticketTypes).set({ name: "Early bird", capacity: 50 }).where(eq(ticketTypes.eventId, event.id)).returning();
  const [standard, vip, crew] = await t.db
    .insert(ticketTypes)
    .values([
      { eventId: event.id, name: "Standard", pricePence: 1500, position: 1 },
      { eventId: event.id, name: "VIP", pricePence: 4000, capacity: 20, position: 2 },
      { eventId: event.id, name: "Crew", pricePence: 500, position: 3, hidden: true },
    ])
    .returning();
  const single = await createEvent(t.db, { userId: organiser.account.id, title: "Harbour Quiz", pricePence: 800, maxAttendees: 40 });
  return { organiser, event, single, types: { early: early!, standard: standard!, vip: vip!, crew: crew! } };
}

/** A buyer's checkout of these lines of one event: paid (its tickets sold) or left open (its places held). */
async function checkout(eventId: string, items: { ticketTypeId: string; ticketQuantity: number }[], { pay }: { pay: boolean }) {
  const buyer = await signInAs(t.app, t.db, t.config.publicUrl, "user");
  const started = await buyer.client.post("/api/functions/create-payment", { attendeeName: "Grace Hopper", items: items.map((item) => ({ eventId, ...item })) });
  expect(started.statusCode, started.body).toBe(200);
  if (pay) expect((await buyer.client.post(`/api/checkout/test/${started.json().sessionId}/pay`)).statusCode).toBe(200);
}

async function dashboardEvent(client: AuthClient, eventId: string): Promise<DashboardEvent> {
  const response = await client.get("/api/me/events");
  expect(response.statusCode).toBe(200);
  return (response.json() as { events: DashboardEvent[] }).events.find((event) => event.id === eventId)!;
}

/** The figures a type shows: [name, sold, capacity, left]. */
const figures = (event: DashboardEvent) => event.ticketTypes.map((type) => [type.name, type.sold, type.capacity, type.remaining]);

/** The organiser's live-sales stream (as the dashboard's EventSource reads it): resolves with the first sale of `eventId`. */
async function nextLiveSale(client: AuthClient, eventId: string): Promise<() => Promise<LiveSale>> {
  const { port } = t.app.server.address() as AddressInfo;
  const controller = new AbortController();
  streams.push(controller);
  const response = await fetch(`http://127.0.0.1:${port}/api/realtime/bookings`, { headers: { cookie: client.cookieHeader }, signal: controller.signal });
  expect(response.status).toBe(200);
  const reader = response.body!.getReader();
  const decoder = new TextDecoder();
  let text = "";
  const read = async () => {
    text += decoder.decode((await reader.read()).value, { stream: true });
  };
  while (!text.includes(": connected")) await read();
  return async () => {
    for (;;) {
      const sale = [...text.matchAll(/event: sale\nid: [^\n]+\ndata: ([^\n]+)\n\n/g)].map((match) => JSON.parse(match[1]!) as LiveSale).find((found) => found.eventId === eventId);
      if (sale) return sale;
      await read();
    }
  };
}

describe("the dashboard's sales per ticket type (issue 36)", () => {
  it("shows each type's tickets sold, its capacity and what is left, holds and the event's capacity counted", async () => {
    const { organiser, event, single, types } = await organiserWithWeekender();
    expect(figures(await dashboardEvent(organiser.client, event.id))).toEqual([
      ["Early bird", 0, 50, 50],
      ["Standard", 0, null, 150],
      ["VIP", 0, 20, 20],
      ["Crew", 0, null, 150],
    ]);

    await checkout(event.id, [{ ticketTypeId: types.standard.id, ticketQuantity: 2 }, { ticketTypeId: types.vip.id, ticketQuantity: 1 }], { pay: true });
    // A checkout under way holds its places: not sold, but not left either (as the event page counts them).
    await checkout(event.id, [{ ticketTypeId: types.early.id, ticketQuantity: 3 }], { pay: false });
    const after = await dashboardEvent(organiser.client, event.id);
    // 150 − 2 − 1 − 3 = 144 left of the event's places; Early bird 50 − 3, VIP 20 − 1.
    expect(figures(after)).toEqual([
      ["Early bird", 0, 50, 47],
      ["Standard", 2, null, 144],
      ["VIP", 1, 20, 19],
      ["Crew", 0, null, 144],
    ]);
    expect(after.ticketTypes.find((type) => type.name === "Crew")?.hidden).toBe(true);
    // The types' tickets sold add up to the event's.
    expect(after.ticketTypes.reduce((sum, type) => sum + type.sold, 0)).toBe(after.ticketsSold);
    expect(after.ticketsSold).toBe(3);

    // An event with one type has it, under the event's capacity.
    expect(figures(await dashboardEvent(organiser.client, single.id))).toEqual([["General Admission", 0, null, 40]]);
  });

  it("has a sale's figures in My Events' data once the live sale arrives, which is when the dashboard reloads it", async () => {
    const { organiser, event, types } = await organiserWithWeekender();
    const sale = await nextLiveSale(organiser.client, event.id);
    await checkout(event.id, [{ ticketTypeId: types.vip.id, ticketQuantity: 2 }], { pay: true });
    expect((await sale()).ticketQuantity).toBe(2);

    // What useRevalidateOnSale reloads: the My Events loader, as the web server runs it.
    const url = new URL("/dashboard", t.config.publicUrl);
    const request = new Request(url, { headers: { cookie: organiser.client.cookieHeader } });
    const loaded = (await myEvents.loader({ request, url, context, params: {}, unstable_pattern: "", matches: [] } as never)) as { events: DashboardEvent[] };
    const card = loaded.events.find((found) => found.id === event.id)!;
    // 150 − 2 = 148 of the event's places left; Early bird's own 50 are fewer.
    expect(figures(card)).toEqual([
      ["Early bird", 0, 50, 50],
      ["Standard", 0, null, 148],
      ["VIP", 2, 20, 18],
      ["Crew", 0, null, 148],
    ]);
  });
});
