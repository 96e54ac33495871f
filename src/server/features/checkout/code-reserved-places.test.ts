import { randomUUID } from "node:crypto";
import { eq, inArray, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { unusedReservation, type CodeSummary, type EditableEvent, type EventDetail } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { eventInput, signInAs } from "../../../../test/organiser";
import { codes, orders } from "../../db/schema";
import { codeUses } from "../events/code-uses";
import { codeReservationSql } from "../events/places";
import { reconcile } from "../ledger/reconcile";

/**
 * Codes that reserve places (issue 37, D25): "a code for 10 guest places keeps them back from the public
 * until used or expired". The places are counted as taken by everyone but the code's buyers, in the
 * listings and at checkout, under the event's lock; a reservation must fit the places free when made.
 */
const t = setUpTestApp();

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const newBuyer = () => signInAs(t.app, t.db, t.config.publicUrl, "user");

async function guestNight(capacity: number, types: Record<string, unknown>[] = [{ name: "Standard", pricePence: 2000 }]) {
  const organiser = await newBuyer();
  const created = await organiser.client.post("/api/events", { ...eventInput({ maxAttendees: capacity }), title: `Guest Night ${randomUUID().slice(0, 8)}`, ticketTypes: types });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json() as EditableEvent;
  const edit = (await organiser.client.get(`/api/events/${event.id}/edit`)).json() as { ticketTypes: { id: string; name: string }[] };
  return { organiser, event, typeId: (name: string) => edit.ticketTypes.find((type) => type.name === name)!.id };
}

const checkout = (buyer: Buyer, body: Record<string, unknown>) => buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", ...body });

async function buy(buyer: Buyer, body: Record<string, unknown>) {
  const held = await checkout(buyer, body);
  expect(held.statusCode, held.body).toBe(200);
  const paid = await buyer.client.post(`/api/checkout/test/${held.json().sessionId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
  return held.json().sessionId as string;
}

const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string; details?: Record<string, unknown> } }).error;
const remainingOf = async (eventId: string, code?: string) => ((await t.app.inject({ method: "GET", url: `/api/events/${eventId}${code ? `?code=${code}` : ""}` })).json() as EventDetail).remaining;
const codeOf = async (organiser: Buyer, text: string) => ((await organiser.client.get("/api/codes")).json() as { codes: CodeSummary[] }).codes.find((code) => code.code === text)!;

describe("codes that reserve places (issue 37)", () => {
  it("keeps a code's places back from the public until used, and gives them back when it is deactivated", async () => {
    const { organiser, event, typeId } = await guestNight(10);
    const line = (quantity: number, code?: string) => ({ eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: quantity, ...(code ? { code } : {}) });

    // More than are free cannot be reserved; 3 can.
    const tooMany = await organiser.client.post("/api/codes", { code: "GUESTS-ALL", eventId: event.id, effect: "amount", value: 500, reservedPlaces: 11 });
    expect(tooMany.statusCode).toBe(409);
    expect(errorOf(tooMany)).toMatchObject({ message: `Invalid field 'reservedPlaces': only 10 places are free to reserve for ${event.title}`, details: { reason: "NOT_ENOUGH_PLACES", field: "reservedPlaces", remaining: 10 } });
    const made = await organiser.client.post("/api/codes", { code: "GUESTS", eventId: event.id, effect: "amount", value: 500, reservedPlaces: 3 });
    expect(made.statusCode, made.body).toBe(201);
    expect(made.json()).toMatchObject({ reservedPlaces: 3, reservedUnused: 3 });

    // The public sees 7, and cannot buy an 8th.
    expect(await remainingOf(event.id)).toBe(7);
    expect(await remainingOf(event.id, "guests")).toBe(10);
    const publicBuyers = await Promise.all(Array.from({ length: 4 }, () => newBuyer()));
    for (const [i, quantity] of [2, 2, 3].entries()) await buy(publicBuyers[i]!, line(quantity));
    const refused = await checkout(publicBuyers[3]!, line(1));
    expect(refused.statusCode).toBe(409);
    expect(errorOf(refused)).toMatchObject({ details: { reason: "SOLD_OUT", remaining: 0 } });
    expect(await remainingOf(event.id)).toBe(0);

    // A second reservation finds no place free.
    const noRoom = await organiser.client.post("/api/codes", { code: "PRESS", eventId: event.id, effect: "none", reservedPlaces: 1 });
    expect(errorOf(noRoom)).toMatchObject({ details: { reason: "NOT_ENOUGH_PLACES", remaining: 0 } });

    // The code's buyers have their 3, and no more (the event is full).
    expect(await remainingOf(event.id, "GUESTS")).toBe(3);
    const guest = await newBuyer();
    await buy(guest, line(2, "guests"));
    expect(await codeOf(organiser, "GUESTS")).toMatchObject({ usesConfirmed: 2, reservedUnused: 1 });
    expect(errorOf(await checkout(publicBuyers[3]!, line(1)))).toMatchObject({ details: { reason: "SOLD_OUT" } });
    const otherGuest = await newBuyer();
    expect(errorOf(await checkout(otherGuest, line(2, "guests")))).toMatchObject({ details: { reason: "NOT_ENOUGH_LEFT", remaining: 1 } });

    // Deactivated, the code's last place goes back to the public.
    expect((await organiser.client.request("PATCH", `/api/codes/${made.json().id}`, { active: false })).statusCode).toBe(200);
    expect(await remainingOf(event.id)).toBe(1);
    await buy(publicBuyers[3]!, line(1));
    expect(await remainingOf(event.id)).toBe(0);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("gives the places back when the code expires, and a lapsed guest hold's places back to the code", async () => {
    const { organiser, event, typeId } = await guestNight(6);
    const made = await organiser.client.post("/api/codes", { code: "CREW-LIST", eventId: event.id, effect: "percent", value: 50, reservedPlaces: 4, maxUses: 4 });
    expect(made.statusCode, made.body).toBe(201);
    expect(await remainingOf(event.id)).toBe(2);

    // A guest's hold takes from the reservation; lapsed, it leaves the reservation whole again.
    const guest = await newBuyer();
    const held = await checkout(guest, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 3, code: "crew-list" });
    expect(held.statusCode, held.body).toBe(200);
    expect(await codeOf(organiser, "CREW-LIST")).toMatchObject({ usesHeld: 3, reservedUnused: 1 });
    expect(await remainingOf(event.id)).toBe(2);
    await t.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.sessionId, held.json().sessionId));
    expect(await codeOf(organiser, "CREW-LIST")).toMatchObject({ usesHeld: 0, reservedUnused: 4 });
    expect(await remainingOf(event.id)).toBe(2);

    // Its late payment still has its places: they were its code's, kept back for it.
    const paid = await guest.client.post(`/api/checkout/test/${held.json().sessionId}/pay`);
    expect(paid.statusCode, paid.body).toBe(200);
    const [late] = await t.db.select({ status: orders.status }).from(orders).where(eq(orders.sessionId, held.json().sessionId));
    expect(late!.status).toBe("confirmed");
    expect(await codeOf(organiser, "CREW-LIST")).toMatchObject({ usesConfirmed: 3, reservedUnused: 1 });

    // Expired, the last reserved place goes back to the public.
    await t.db.update(codes).set({ validUntil: sql`now() - interval '1 second'` }).where(eq(codes.id, made.json().id));
    expect(await remainingOf(event.id)).toBe(3);
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("keeps a type's places back when the code names that type alone, and refuses a reservation beyond the type's places", async () => {
    const { organiser, event, typeId } = await guestNight(100, [
      { name: "Standard", pricePence: 2000 },
      { name: "VIP", pricePence: 5000, capacity: 5 },
    ]);
    const tooMany = await organiser.client.post("/api/codes", { code: "VIP-GUESTS", eventId: event.id, effect: "set_price", value: 0, ticketTypeIds: [typeId("VIP")], reservedPlaces: 6 });
    expect(errorOf(tooMany)).toMatchObject({ details: { reason: "NOT_ENOUGH_PLACES", remaining: 5 } });
    const made = await organiser.client.post("/api/codes", { code: "VIP-GUESTS", eventId: event.id, effect: "set_price", value: 0, ticketTypeIds: [typeId("VIP")], reservedPlaces: 2 });
    expect(made.statusCode, made.body).toBe(201);
    const vip = async (code?: string) => ((await t.app.inject({ method: "GET", url: `/api/events/${event.id}${code ? `?code=${code}` : ""}` })).json() as EventDetail).ticketTypes.find((type) => type.name === "VIP")!.remaining;
    expect(await vip()).toBe(3);
    expect(await vip("vip-guests")).toBe(5);
    const buyer = await newBuyer();
    expect(errorOf(await checkout(buyer, { eventId: event.id, ticketTypeId: typeId("VIP"), ticketQuantity: 4 }))).toMatchObject({ details: { reason: "NOT_ENOUGH_LEFT", remaining: 3, ticketTypeId: typeId("VIP") } });
    // A guest's free VIP ticket comes from the reservation (a £0 checkout, confirmed at once).
    const guest = await newBuyer();
    const free = await checkout(guest, { eventId: event.id, ticketTypeId: typeId("VIP"), ticketQuantity: 1, code: "vip-guests" });
    expect(free.statusCode, free.body).toBe(200);
    expect(free.json()).toMatchObject({ booked: true });
    expect(await vip()).toBe(3);
  });

  it("gives the reserved places to the code's buyers and no more to the public, however many race for the last places", async () => {
    const { organiser, event, typeId } = await guestNight(5);
    expect((await organiser.client.post("/api/codes", { code: "DOOR-LIST", eventId: event.id, effect: "amount", value: 100, reservedPlaces: 2 })).statusCode).toBe(201);
    const publicBuyers = await Promise.all(Array.from({ length: 8 }, () => newBuyer()));
    const guests = await Promise.all(Array.from({ length: 2 }, () => newBuyer()));
    const line = (code?: string) => ({ eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, ...(code ? { code } : {}) });
    const answers = await Promise.all([...publicBuyers.map((buyer) => checkout(buyer, line())), ...guests.map((guest) => checkout(guest, line("door-list")))]);
    const publicHeld = answers.slice(0, 8).filter((answer) => answer.statusCode === 200);
    const guestsHeld = answers.slice(8).filter((answer) => answer.statusCode === 200);
    expect(publicHeld).toHaveLength(3);
    expect(guestsHeld).toHaveLength(2);
  });

  it("counts in SQL exactly what the domain's unusedReservation says (held equal)", async () => {
    const { organiser, event, typeId } = await guestNight(50);
    const make = async (body: Record<string, unknown>) => {
      const made = await organiser.client.post("/api/codes", { eventId: event.id, effect: "amount", value: 100, ...body });
      expect(made.statusCode, made.body).toBe(201);
      return made.json().id as string;
    };
    const ids = [
      await make({ code: "R-PLAIN", reservedPlaces: 5 }),
      await make({ code: "R-USED", reservedPlaces: 3 }),
      await make({ code: "R-OVER", reservedPlaces: 1 }),
      await make({ code: "R-OFF", reservedPlaces: 3, active: false }),
      await make({ code: "R-LATER", reservedPlaces: 2, validFrom: new Date(Date.now() + 86_400_000).toISOString() }),
      await make({ code: "R-NONE" }),
    ];
    const buyer = await newBuyer();
    await buy(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, code: "r-used" });
    const other = await newBuyer();
    await checkout(other, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, code: "r-used" });
    await t.db.update(codes).set({ reservedPlaces: 1, maxUses: null }).where(eq(codes.id, ids[2]!));
    await buy(await newBuyer(), { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, code: "r-over" });
    await t.db.update(codes).set({ validUntil: sql`now() - interval '1 second'` }).where(eq(codes.id, ids[0]!));
    const rows = await t.db.select({ code: codes, kept: codeReservationSql }).from(codes).where(inArray(codes.id, ids));
    const uses = await codeUses(t.db, ids);
    const now = new Date();
    const domain = rows.map(({ code }) => [code.code, unusedReservation(code, uses.get(code.id)!.held + uses.get(code.id)!.confirmed, now)]);
    expect(rows.map((row) => [row.code.code, Number(row.kept)])).toEqual(domain);
    expect(new Map(domain as [string, number][])).toEqual(new Map([["R-PLAIN", 0], ["R-USED", 1], ["R-OVER", 0], ["R-OFF", 0], ["R-LATER", 2], ["R-NONE", 0]]));
  });
});
