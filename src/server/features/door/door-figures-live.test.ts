import type { AddressInfo } from "node:net";
import { randomUUID } from "node:crypto";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { CheckInListView, DoorFigures, LiveSale } from "../../../domain";
import { createTestApp } from "../../../../test/app";
import type { AuthClient } from "../../../../test/auth-client";
import { createEvent } from "../../../../test/fixtures";
import { signInAs } from "../../../../test/organiser";
import { bookings, tickets, ticketTypes } from "../../db/schema";

/** The door figures travel with the organiser's live sales (issue 38): a check-in on one device reaches the others. */
let t: Awaited<ReturnType<typeof createTestApp>>;
const streams: AbortController[] = [];
beforeAll(async () => {
  t = await createTestApp();
  await t.app.listen({ port: 0, host: "127.0.0.1" });
});
afterAll(async () => {
  for (const stream of streams) stream.abort();
  await t.close();
});

/** The organiser's live stream as a browser's EventSource reads it: resolves with the next sale of `eventId` that `match`es. */
async function liveSales(client: AuthClient) {
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
  return async (match: (sale: LiveSale) => boolean) => {
    for (;;) {
      const sale = [...text.matchAll(/event: sale\nid: [^\n]+\ndata: ([^\n]+)\n\n/g)].map((found) => JSON.parse(found[1]!) as LiveSale).find(match);
      if (sale) return sale;
      await read();
    }
  };
}

describe("live door figures (issue 38)", () => {
  it("pushes each list's and type's figures when a ticket is checked in on another device", async () => {
    const organiser = await signInAs(t.app, t.db, t.config.publicUrl, "user");
    const event = await createEvent(t.db, { userId: organiser.account.id });
    const [standard] = await t.db.update(ticketTypes).set({ name: "Standard" }).where(eq(ticketTypes.eventId, event.id)).returning();
    const [vip] = await t.db.insert(ticketTypes).values({ eventId: event.id, name: "VIP", pricePence: 0, position: 1 }).returning();
    const list = (await organiser.client.post(`/api/events/${event.id}/check-in-lists`, { name: "VIP entrance", ticketTypeIds: [vip!.id] })).json() as CheckInListView;
    const [booking] = await t.db
      .insert(bookings)
      .values({ eventId: event.id, ticketTypeId: vip!.id, attendeeName: "Ada", attendeeEmail: "ada@example.test", ticketQuantity: 2, totalAmountPence: 0, ticketCode: `TCKT-2090-${randomUUID().slice(0, 8).toUpperCase()}` })
      .returning();
    const [first] = await t.db.select().from(tickets).where(eq(tickets.bookingId, booking!.id)).orderBy(tickets.position);

    const next = await liveSales(organiser.client);
    // Another device (the organiser's phone at the door) checks a VIP ticket in.
    const phone = await signInAs(t.app, t.db, t.config.publicUrl, "admin");
    expect((await phone.client.post(`/api/tickets/${first!.id}/check-in`)).statusCode).toBe(200);
    const sale = await next((found) => found.eventId === event.id && found.door.types.some((type) => type.admitted > 0));
    const door: DoorFigures = sale.door;
    expect(door.types).toEqual([
      { id: standard!.id, name: "Standard", admitted: 0, expected: 0 },
      { id: vip!.id, name: "VIP", admitted: 1, expected: 2 },
    ]);
    expect(door.lists.map(({ name, admitted, expected }) => [name, admitted, expected])).toEqual([
      ["All tickets", 1, 2],
      [list.name, 1, 2],
    ]);
    expect(sale.checkIns).toEqual({ admitted: 1, expected: 2 });
  });
});
