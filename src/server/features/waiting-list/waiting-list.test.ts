import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import type { EditableEvent } from "../../../domain";
import { setUpTestApp } from "../../../../test/app";
import { latestMessage } from "../../../../test/auth-client";
import { eventInput, signInAs } from "../../../../test/organiser";
import { bookings, codes, orders, waitingListEntries, waitingListOffers } from "../../db/schema";
import { reconcile } from "../ledger/reconcile";
import type { MyWaitingEntry } from "../../../domain";
import { eventsWithLiveLists, offerFreedPlaces } from "./waiting-list.service";

/**
 * The waiting list (issue 37, decision 043) over HTTP on a real database: entries and open offers count
 * against places, so a freed place goes to the list before the public; offers lapse and pass on; a buyer
 * who buys leaves the list; the organiser's view, switch and offers by hand. The file's reconcile must balance.
 */
const t = setUpTestApp();

type Buyer = Awaited<ReturnType<typeof newBuyer>>;
const newBuyer = () => signInAs(t.app, t.db, t.config.publicUrl, "user");
const errorOf = (response: { json: () => unknown }) => (response.json() as { error: { code: string; message: string; details?: { reason?: string } } }).error;

/** An event with a sold-out-able Standard type of `capacity` places and a roomy VIP type. */
async function soldOutEvent(capacity = 1, extra: Record<string, unknown> = {}) {
  const organiser = await newBuyer();
  const created = await organiser.client.post("/api/events", {
    ...eventInput({ maxAttendees: 100 }),
    title: `Waiting Night ${randomUUID().slice(0, 8)}`,
    ticketTypes: [
      { name: "Standard", pricePence: 2000, capacity },
      { name: "VIP", pricePence: 5000, capacity: 5 },
      { name: "Crew", pricePence: 0, hidden: true },
    ],
    ...extra,
  });
  expect(created.statusCode, created.body).toBe(201);
  const event = created.json() as EditableEvent;
  const edit = (await organiser.client.get(`/api/events/${event.id}/edit`)).json() as { ticketTypes: { id: string; name: string }[] };
  const typeId = (name: string) => edit.ticketTypes.find((type) => type.name === name)!.id;
  const sold: { buyer: Buyer; sessionId: string }[] = [];
  for (let i = 0; i < capacity; i++) {
    const buyer = await newBuyer();
    sold.push({ buyer, sessionId: await buy(buyer, event.id, typeId("Standard")) });
  }
  return { organiser, event, typeId, sold };
}

const checkout = (buyer: Buyer, body: Record<string, unknown>) => buyer.client.post("/api/functions/create-payment", { attendeeName: "Ada Lovelace", ...body });

async function pay(buyer: Buyer, sessionId: string) {
  const paid = await buyer.client.post(`/api/checkout/test/${sessionId}/pay`);
  expect(paid.statusCode, paid.body).toBe(200);
}

async function buy(buyer: Buyer, eventId: string, ticketTypeId: string, extra: Record<string, unknown> = {}): Promise<string> {
  const held = await checkout(buyer, { eventId, ticketTypeId, ticketQuantity: 1, ...extra });
  expect(held.statusCode, held.body).toBe(200);
  await pay(buyer, held.json().sessionId);
  return held.json().sessionId as string;
}

async function join(buyer: Buyer, eventId: string, ticketTypeId: string | null) {
  const joined = await buyer.client.post(`/api/events/${eventId}/waiting-list`, { ticketTypeId });
  expect(joined.statusCode, joined.body).toBe(201);
  return (joined.json() as { entry: MyWaitingEntry }).entry;
}

const mine = async (buyer: Buyer) => ((await buyer.client.get("/api/me/waiting-list")).json() as { entries: MyWaitingEntry[] }).entries;

/** Waits for the job (queued by what freed the place) to offer the buyer's entry. */
async function offerOf(buyer: Buyer, eventId: string): Promise<NonNullable<MyWaitingEntry["offer"]>> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const entry = (await mine(buyer)).find((candidate) => candidate.eventId === eventId);
    if (entry?.offer) return entry.offer;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error("No offer came");
}

async function refundFirst(organiser: Buyer, sessionId: string) {
  const [booking] = await t.db.select({ id: bookings.id }).from(bookings).where(eq(bookings.stripeSessionId, sessionId));
  const refunded = await organiser.client.post(`/api/bookings/${booking!.id}/refunds`, { reason: "Cannot come", requestKey: randomUUID(), quantity: 1 });
  expect(refunded.statusCode, refunded.body).toBe(200);
}

const entryRow = async (id: string) => (await t.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, id)))[0]!;
const offersOfEntry = (id: string) => t.db.select().from(waitingListOffers).where(eq(waitingListOffers.entryId, id));
const runJob = (eventId: string) => offerFreedPlaces({ db: t.db, jobs: t.app.jobs, eventId });

describe("the waiting list (issue 37)", () => {
  it("offers a refunded place to the first in line by e-mail, holds it against a public buyer racing for it, and the offered buyer's purchase takes them off the list", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const [first, second] = [await newBuyer(), await newBuyer()];
    const firstEntry = await join(first, event.id, typeId("Standard"));
    const secondEntry = await join(second, event.id, typeId("Standard"));
    expect(firstEntry).toMatchObject({ eventId: event.id, eventTitle: event.title, ticketTypeName: "Standard", status: "waiting", position: 1, offer: null });
    expect(secondEntry.position).toBe(2);

    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(first, event.id);
    expect(offer.url).toBe(`/events/${event.id}?offer=${encodeURIComponent(offer.token)}`);
    expect(Buffer.from(offer.token, "base64url").length).toBeGreaterThanOrEqual(16);
    const mail = await latestMessage(t.db, first.account.email, (message) => message.subject === `A place has come free for ${event.title}`);
    expect(mail.text).toContain(`${t.config.publicUrl}/events/${event.id}?offer=${encodeURIComponent(offer.token)}`);
    expect(mail.text).toContain("Standard");
    expect((await mine(second))[0]).toMatchObject({ status: "waiting", position: 1, offer: null });
    // The public page shows the type sold out: the place is the offer's.
    const page = (await first.client.get(`/api/events/${event.id}`)).json() as { ticketTypes: { name: string; remaining: number | null }[]; waitingList: { enabled: boolean } };
    expect(page.ticketTypes.find((type) => type.name === "Standard")!.remaining).toBe(0);
    expect(page.waitingList).toEqual({ enabled: true });

    const publicBuyers = await Promise.all(Array.from({ length: 3 }, () => newBuyer()));
    const [withOffer, ...racing] = await Promise.all([
      checkout(first, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token }),
      ...publicBuyers.map((buyer) => checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 })),
    ]);
    expect(withOffer!.statusCode, withOffer!.body).toBe(200);
    for (const refused of racing) {
      expect(refused.statusCode, refused.body).toBe(409);
      expect(errorOf(refused).details?.reason).toBe("SOLD_OUT");
    }
    await pay(first, withOffer!.json().sessionId);
    expect((await entryRow(firstEntry.id)).status).toBe("bought");
    const [taken] = await offersOfEntry(firstEntry.id);
    const [order] = await t.db.select({ id: orders.id }).from(orders).where(eq(orders.sessionId, withOffer!.json().sessionId));
    expect(taken).toMatchObject({ status: "taken", takenOrderId: order!.id, sentBy: "auto" });
    // Used once: the token buys nothing more.
    const again = await checkout(first, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token });
    expect(errorOf(again).details?.reason).toBe("OFFER_TAKEN");
  });

  it("lapses an offer not taken in time and passes the place to the next person", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const [first, second] = [await newBuyer(), await newBuyer()];
    const firstEntry = await join(first, event.id, typeId("Standard"));
    const secondEntry = await join(second, event.id, typeId("Standard"));
    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(first, event.id);
    // The clock moves past the offer's expiry.
    await t.db.update(waitingListOffers).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(waitingListOffers.entryId, firstEntry.id));
    const late = await checkout(first, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token });
    expect(late.statusCode).toBe(409);
    expect(errorOf(late).details?.reason).toBe("OFFER_EXPIRED");
    // The schedule's run (every minute) looks at every event with a live list, this one among them. This app's
    // own schedule may get there before the run below: either way the offer lapses once and the place is offered once.
    expect(await eventsWithLiveLists(t.db)).toContain(event.id);
    await runJob(event.id);
    expect(await offersOfEntry(secondEntry.id)).toHaveLength(1);
    expect((await entryRow(firstEntry.id)).status).toBe("lapsed");
    expect((await offersOfEntry(firstEntry.id))[0]!.status).toBe("lapsed");
    const next = await offerOf(second, event.id);
    expect((await entryRow(secondEntry.id)).status).toBe("offered");
    await buy(second, event.id, typeId("Standard"), { waitingOffer: next.token });
    expect((await entryRow(secondEntry.id)).status).toBe("bought");
  });

  it("sends no offer to someone who has since bought another way, nor once the type's sales have ended", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent(2);
    const [first, second, third] = [await newBuyer(), await newBuyer(), await newBuyer()];
    const firstEntry = await join(first, event.id, typeId("Standard"));
    const secondEntry = await join(second, event.id, typeId("Standard"));
    // With the list off, a refunded place goes to the public, and the first buys it that way: they leave the list.
    expect((await organiser.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { enabled: false })).statusCode).toBe(200);
    await refundFirst(organiser, sold[0]!.sessionId);
    await buy(first, event.id, typeId("Standard"));
    expect((await entryRow(firstEntry.id)).status).toBe("bought");
    expect((await organiser.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { enabled: true })).statusCode).toBe(200);
    const thirdEntry = await join(third, event.id, typeId("Standard"));
    // The next place goes to the second, not to the first who bought.
    await refundFirst(organiser, sold[1]!.sessionId);
    await offerOf(second, event.id);
    expect(await offersOfEntry(firstEntry.id)).toEqual([]);
    // Sales of Standard end; the second's offer lapses: nothing is offered to the third, whose entry closes.
    await t.db.execute(sql`update ticket_types set sales_end = now() - interval '1 second' where id = ${typeId("Standard")}`);
    await t.db.update(waitingListOffers).set({ expiresAt: sql`now() - interval '1 second'` }).where(eq(waitingListOffers.entryId, secondEntry.id));
    expect(await runJob(event.id)).toEqual([]);
    expect((await entryRow(secondEntry.id)).status).toBe("lapsed");
    expect((await entryRow(thirdEntry.id)).status).toBe("closed");
    expect(await offersOfEntry(thirdEntry.id)).toEqual([]);
  });

  it("sends no offer once the event has started", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const first = await newBuyer();
    const entry = await join(first, event.id, typeId("Standard"));
    await t.db.execute(sql`update events set date_time = now() + interval '2 seconds' where id = ${event.id}`);
    await new Promise((resolve) => setTimeout(resolve, 2_100));
    await refundFirst(organiser, sold[0]!.sessionId);
    expect(await runJob(event.id)).toEqual([]);
    expect((await entryRow(entry.id)).status).toBe("closed");
    expect(await offersOfEntry(entry.id)).toEqual([]);
  });

  it("refuses joins it should (not sold out, closed, twice, signed out, hidden type), passes a declined offer on, and lets the organiser see, offer by hand and switch off; a stranger gets 404", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const [first, second, third, stranger] = [await newBuyer(), await newBuyer(), await newBuyer(), await newBuyer()];
    const vip = await first.client.post(`/api/events/${event.id}/waiting-list`, { ticketTypeId: typeId("VIP") });
    expect(vip.statusCode).toBe(409);
    expect(errorOf(vip)).toMatchObject({ message: "Tickets are still available: buy them now", details: { reason: "WAITING_LIST_NOT_SOLD_OUT" } });
    expect(errorOf(await first.client.post(`/api/events/${event.id}/waiting-list`, {})).details?.reason).toBe("WAITING_LIST_NOT_SOLD_OUT");
    expect((await first.client.post(`/api/events/${event.id}/waiting-list`, { ticketTypeId: typeId("Crew") })).statusCode).toBe(404);
    const signedOut = await t.app.inject({ method: "POST", url: `/api/events/${event.id}/waiting-list`, payload: { ticketTypeId: typeId("Standard") } });
    expect(signedOut.statusCode).toBe(401);
    const firstEntry = await join(first, event.id, typeId("Standard"));
    const twice = await first.client.post(`/api/events/${event.id}/waiting-list`, { ticketTypeId: typeId("Standard") });
    expect(errorOf(twice)).toMatchObject({ message: "You are already on the waiting list for these tickets", details: { reason: "WAITING_LIST_JOINED" } });
    const secondEntry = await join(second, event.id, typeId("Standard"));

    // A stranger sees nothing of it, and cannot change it.
    expect((await stranger.client.get(`/api/events/${event.id}/waiting-list`)).statusCode).toBe(404);
    expect((await stranger.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { enabled: false })).statusCode).toBe(404);
    expect((await stranger.client.post(`/api/events/${event.id}/waiting-list/${secondEntry.id}/offer`)).statusCode).toBe(404);
    expect((await stranger.client.request("DELETE", `/api/me/waiting-list/${firstEntry.id}`)).statusCode).toBe(404);

    // No place is free: the organiser's offer by hand is refused.
    const noPlace = await organiser.client.post(`/api/events/${event.id}/waiting-list/${secondEntry.id}/offer`);
    expect(noPlace.statusCode).toBe(409);
    expect(errorOf(noPlace)).toMatchObject({ message: "No place is free to offer", details: { reason: "WAITING_LIST_NO_PLACE" } });
    expect(errorOf(await organiser.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { offerHours: 169 })).message).toContain("offerHours");

    // A place comes free (a second Standard place, written straight in so no job runs first): the organiser
    // offers it to the second, out of turn.
    await t.db.execute(sql`update ticket_types set capacity = 2 where id = ${typeId("Standard")}`);
    const byHand = await organiser.client.post(`/api/events/${event.id}/waiting-list/${secondEntry.id}/offer`);
    expect(byHand.statusCode, byHand.body).toBe(200);
    expect((byHand.json() as { entries: { id: string; status: string; offer: unknown }[] }).entries.find((entry) => entry.id === secondEntry.id)).toMatchObject({ status: "offered", offer: { sentBy: "organiser", status: "open" } });
    const thirdEntry = await join(third, event.id, typeId("Standard"));

    // The refund frees another: the first is offered it, declines (leaves), and it passes to the third at once.
    await refundFirst(organiser, sold[0]!.sessionId);
    await offerOf(first, event.id);
    expect((await first.client.request("DELETE", `/api/me/waiting-list/${firstEntry.id}`)).statusCode).toBe(204);
    expect((await entryRow(firstEntry.id)).status).toBe("left");
    expect((await offersOfEntry(firstEntry.id))[0]!.status).toBe("declined");
    await offerOf(third, event.id);
    expect((await entryRow(thirdEntry.id)).status).toBe("offered");
    const list = (await organiser.client.get(`/api/events/${event.id}/waiting-list`)).json() as { entries: { status: string; offersSent: number; email: string; position: number | null; offer: { sentBy: string; status: string } | null }[] };
    // Standard's places are all offered; VIP's 5 are free.
    expect(list).toMatchObject({ enabled: true, offerHours: 24, placesFreeForList: 5 });
    expect(list.entries.map((entry) => [entry.email, entry.status, entry.position, entry.offersSent, entry.offer?.sentBy, entry.offer?.status])).toEqual([
      [first.account.email, "left", null, 1, "auto", "declined"],
      [second.account.email, "offered", null, 1, "organiser", "open"],
      [third.account.email, "offered", null, 1, "auto", "open"],
    ]);

    // Switched off: no one joins; the offers already sent keep their places until they expire.
    const off = await organiser.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { enabled: false, offerHours: 2 });
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json()).toMatchObject({ enabled: false, offerHours: 2 });
    expect((await t.app.inject({ method: "GET", url: `/api/events/${event.id}` })).json().waitingList).toEqual({ enabled: false });
    expect(errorOf(await (await newBuyer()).client.post(`/api/events/${event.id}/waiting-list`, { ticketTypeId: typeId("Standard") })).details?.reason).toBe("WAITING_LIST_CLOSED");
    expect(errorOf(await checkout(await newBuyer(), { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 })).details?.reason).toBe("SOLD_OUT");
  });

  it("switched off, the list's waiting entries stop counting: a refunded place is sold to the public", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const waiting = await newBuyer();
    const entry = await join(waiting, event.id, typeId("Standard"));
    const off = await organiser.client.request("PATCH", `/api/events/${event.id}/waiting-list`, { enabled: false });
    expect(off.json()).toMatchObject({ enabled: false, placesFreeForList: 5 });
    await refundFirst(organiser, sold[0]!.sessionId);
    expect(await runJob(event.id)).toEqual([]);
    await buy(await newBuyer(), event.id, typeId("Standard"));
    expect((await entryRow(entry.id)).status).toBe("waiting");
    expect(await offersOfEntry(entry.id)).toEqual([]);
  });

  it("gives one freed place to the offer holder however many public buyers race for it", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const holder = await newBuyer();
    const entry = await join(holder, event.id, typeId("Standard"));
    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(holder, event.id);
    const rush = await Promise.all(Array.from({ length: 12 }, () => newBuyer()));
    let racing: Promise<Awaited<ReturnType<typeof checkout>>[]> | null = null;
    // The event held locked while every checkout arrives, then let go: they all count at once.
    await t.db.transaction(async (tx) => {
      await tx.execute(sql`select id from events where id = ${event.id} for no key update`);
      racing = Promise.all([
        ...rush.map((buyer) => checkout(buyer, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 })),
        checkout(holder, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token }),
      ]);
      await new Promise((resolve) => setTimeout(resolve, 300));
    });
    const answers = await racing!;
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.at(-1)!.statusCode, answers.at(-1)!.body).toBe(200);
    await pay(holder, answers.at(-1)!.json().sessionId);
    expect((await entryRow(entry.id)).status).toBe("bought");
    // A buyer who leaves the list by buying is never offered again, and the ledger balances.
    expect((await reconcile(t.db)).problems).toEqual([]);
  });

  it("refuses an offer that is not the buyer's, for another type, or for more than one ticket", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const holder = await newBuyer();
    await join(holder, event.id, typeId("Standard"));
    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(holder, event.id);
    const other = await newBuyer();
    expect(errorOf(await checkout(other, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token })).details?.reason).toBe("OFFER_NOT_FOUND");
    expect(errorOf(await checkout(holder, { eventId: event.id, ticketTypeId: typeId("VIP"), ticketQuantity: 1, waitingOffer: offer.token })).details?.reason).toBe("OFFER_NOT_FOUND");
    expect(errorOf(await checkout(holder, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 2, waitingOffer: offer.token })).details?.reason).toBe("OFFER_QUANTITY");
    expect(errorOf(await checkout(holder, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: "no-such-offer" })).details?.reason).toBe("OFFER_NOT_FOUND");
    await buy(holder, event.id, typeId("Standard"), { waitingOffer: offer.token });
  });
  it("puts a buyer's entries and offers in their data export (without the offer's link), and erasure removes them", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent();
    const buyer = await newBuyer();
    const entry = await join(buyer, event.id, typeId("Standard"));
    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(buyer, event.id);
    const exported = (await buyer.client.get("/api/me/export")).json() as { waitingList: { eventId: string; status: string; offers: { sentBy: string; status: string }[] }[] };
    expect(exported.waitingList).toEqual([expect.objectContaining({ eventId: event.id, status: "offered", offers: [expect.objectContaining({ sentBy: "auto", status: "open" })] })]);
    expect(JSON.stringify(exported)).not.toContain(offer.token);
    const erased = await buyer.client.post("/api/me/erase", { email: buyer.account.email });
    expect(erased.statusCode, erased.body).toBe(200);
    expect(await t.db.select().from(waitingListEntries).where(eq(waitingListEntries.id, entry.id))).toEqual([]);
    expect(await offersOfEntry(entry.id)).toEqual([]);
  });
  it("offers a place at once when a checkout holding it is cancelled", async () => {
    const { event, typeId, sold } = await soldOutEvent();
    // A second Standard place, held by a checkout not yet paid: sold out to the public meanwhile.
    await t.db.execute(sql`update ticket_types set capacity = 2 where id = ${typeId("Standard")}`);
    const holder = await newBuyer();
    const held = await checkout(holder, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 });
    expect(held.statusCode, held.body).toBe(200);
    const waiting = await newBuyer();
    await join(waiting, event.id, typeId("Standard"));
    expect((await holder.client.post(`/api/checkout/test/${held.json().sessionId}/cancel`)).statusCode).toBeLessThan(400);
    await offerOf(waiting, event.id);
    expect(sold).toHaveLength(1);
  });
  it("confirms a late payment made with an offer still open (the place is the offer's), and refunds one whose offer lapsed and passed on", async () => {
    const { organiser, event, typeId, sold } = await soldOutEvent(2);
    const [first, second, third] = [await newBuyer(), await newBuyer(), await newBuyer()];
    const firstEntry = await join(first, event.id, typeId("Standard"));
    await join(second, event.id, typeId("Standard"));
    await join(third, event.id, typeId("Standard"));
    await refundFirst(organiser, sold[0]!.sessionId);
    const offer = await offerOf(first, event.id);
    const held = await checkout(first, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: offer.token });
    expect(held.statusCode, held.body).toBe(200);
    // The hold lapses while the offer is open: the offer holds the place again, and the late payment gets it.
    await t.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.sessionId, held.json().sessionId));
    expect(errorOf(await checkout(await newBuyer(), { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1 })).details?.reason).toBe("SOLD_OUT");
    await pay(first, held.json().sessionId);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.sessionId, held.json().sessionId)))[0]!.status).toBe("confirmed");
    expect((await entryRow(firstEntry.id)).status).toBe("bought");

    // The second's offer: its hold and then its offer lapse, the place passes to the third; the late payment is refunded.
    await refundFirst(organiser, sold[1]!.sessionId);
    const secondOffer = await offerOf(second, event.id);
    const late = await checkout(second, { eventId: event.id, ticketTypeId: typeId("Standard"), ticketQuantity: 1, waitingOffer: secondOffer.token });
    expect(late.statusCode, late.body).toBe(200);
    await t.db.update(orders).set({ expiresAt: sql`now() - interval '1 minute'` }).where(eq(orders.sessionId, late.json().sessionId));
    await t.db.execute(sql`update waiting_list_offers set expires_at = now() - interval '1 second' where token = ${secondOffer.token}`);
    expect(await runJob(event.id)).toHaveLength(1);
    await offerOf(third, event.id);
    await second.client.post(`/api/checkout/test/${late.json().sessionId}/pay`);
    expect((await t.db.select({ status: orders.status }).from(orders).where(eq(orders.sessionId, late.json().sessionId)))[0]!.status).toBe("refunded");
  });

  it("offers the places a code kept back, once it expires, to the list before the public (issue 37's reserved places)", async () => {
    const { organiser, event, typeId } = await soldOutEvent(1);
    const vip = typeId("VIP");
    const kept = await organiser.client.post("/api/codes", { code: `GUESTS-${randomUUID().slice(0, 6)}`, eventId: event.id, effect: "none", ticketTypeIds: [vip], reservedPlaces: 2 });
    expect(kept.statusCode, kept.body).toBe(201);
    for (let i = 0; i < 3; i++) await buy(await newBuyer(), event.id, vip);
    // VIP's 5 places: 3 sold, 2 kept back by the code, so the public may join its list.
    const waiter = await newBuyer();
    const entry = await join(waiter, event.id, vip);
    await t.db.update(codes).set({ validUntil: sql`now() - interval '1 second'` }).where(eq(codes.id, kept.json().id));
    await runJob(event.id);
    const offer = await offerOf(waiter, event.id);
    // One of the two places is the waiter's offer; the other goes to the public, and no more.
    const publicBuyer = await newBuyer();
    const refused = await checkout(publicBuyer, { eventId: event.id, ticketTypeId: vip, ticketQuantity: 2 });
    expect(errorOf(refused)).toMatchObject({ details: { reason: "NOT_ENOUGH_LEFT" } });
    await buy(publicBuyer, event.id, vip);
    await buy(waiter, event.id, vip, { waitingOffer: offer.token });
    expect((await entryRow(entry.id)).status).toBe("bought");
    expect((await reconcile(t.db)).problems).toEqual([]);
  });
});
