import { eq, sql } from "drizzle-orm";
import type { LiveDoor, LiveSale } from "../../../domain";
import type { Database } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { checkInFigures } from "../check-in/check-in.service";
import { doorFigures } from "../door/door-figures.service";

type Listener = (sale: LiveSale) => void;
type DoorListener = (figures: LiveDoor) => void;

/** Adds a listener under a key; returns the function that takes it away (and the key once empty). */
function addTo<T>(map: Map<string, Set<T>>, key: string, listener: T): () => void {
  let set = map.get(key);
  if (!set) map.set(key, (set = new Set()));
  set.add(listener);
  return () => {
    set.delete(listener);
    if (set.size === 0) map.delete(key);
  };
}

/**
 * Fans confirmed-booking notifications (PostgreSQL NOTIFY from the bookings trigger, so sales on any
 * app node arrive) out to the organisers connected to this node, each hearing only their own events, and
 * the door figures of an event to every device at its door (a check-in touches its booking: issue 38).
 */
export function createSalesHub(database: Database) {
  const listenersByOrganiser = new Map<string, Set<Listener>>();
  const listenersByEvent = new Map<string, Set<DoorListener>>();
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  async function deliver(payload: string) {
    if (listenersByOrganiser.size === 0 && listenersByEvent.size === 0) return;
    let notice: { bookingId?: string; change?: string };
    try {
      notice = JSON.parse(payload);
    } catch {
      return;
    }
    if (!notice.bookingId) return;
    const [row] = await database.db
      .select({
        bookingId: bookings.id,
        eventId: bookings.eventId,
        organiserId: events.userId,
        eventTitle: events.title,
        attendeeName: bookings.attendeeName,
        ticketQuantity: bookings.ticketQuantity,
        totalAmountPence: bookings.totalAmountPence,
        createdAt: bookings.createdAt,
        ...checkInFigures(sql`${bookings.eventId}`),
      })
      .from(bookings)
      .innerJoin(events, eq(events.id, bookings.eventId))
      .where(eq(bookings.id, notice.bookingId))
      .limit(1);
    if (!row) return;
    const { organiserId, admitted, expected, ...sale } = row;
    const organisers = listenersByOrganiser.get(organiserId);
    const doors = listenersByEvent.get(row.eventId);
    if (!organisers && !doors) return;
    const figures: LiveDoor = { eventId: row.eventId, checkIns: { admitted, expected }, door: await doorFigures(database.db, row.eventId) };
    const live: LiveSale = { ...sale, createdAt: sale.createdAt.toISOString(), change: notice.change === "updated" ? "updated" : "new", checkIns: figures.checkIns, door: figures.door };
    for (const listener of organisers ?? []) listener(live);
    for (const listener of doors ?? []) listener(figures);
  }

  async function ensureListening() {
    if (stopListening) return;
    starting ??= database
      .listen("booking_events", (payload) => {
        deliver(payload).catch(() => {});
      })
      .then((stop) => {
        stopListening = stop;
      })
      .finally(() => {
        starting = null;
      });
    await starting;
  }

  return {
    /** Starts hearing sales for one organiser; returns the function that stops. */
    async subscribe(organiserId: string, listener: Listener): Promise<() => void> {
      await ensureListening();
      return addTo(listenersByOrganiser, organiserId, listener);
    },
    /** Starts hearing one event's door figures (the caller has checked the door may); returns the function that stops. */
    async subscribeDoor(eventId: string, listener: DoorListener): Promise<() => void> {
      await ensureListening();
      return addTo(listenersByEvent, eventId, listener);
    },
    async close() {
      listenersByOrganiser.clear();
      listenersByEvent.clear();
      await stopListening?.();
      stopListening = null;
    },
  };
}

export type SalesHub = ReturnType<typeof createSalesHub>;
