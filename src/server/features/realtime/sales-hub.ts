import { eq, sql } from "drizzle-orm";
import type { LiveSale } from "../../../domain";
import type { Database } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { checkInFigures } from "../check-in/check-in.service";
import { doorFigures } from "../door/door-figures.service";

type Listener = (sale: LiveSale) => void;

/**
 * Fans confirmed-booking notifications (PostgreSQL NOTIFY from the bookings trigger, so sales on any
 * app node arrive) out to the organisers connected to this node, each hearing only their own events.
 */
export function createSalesHub(database: Database) {
  const listenersByOrganiser = new Map<string, Set<Listener>>();
  let stopListening: (() => Promise<void>) | null = null;
  let starting: Promise<void> | null = null;

  async function deliver(payload: string) {
    if (listenersByOrganiser.size === 0) return;
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
    if (!listenersByOrganiser.has(organiserId)) return;
    const live: LiveSale = {
      ...sale,
      createdAt: sale.createdAt.toISOString(),
      change: notice.change === "updated" ? "updated" : "new",
      checkIns: { admitted, expected },
      door: await doorFigures(database.db, row.eventId),
    };
    for (const listener of listenersByOrganiser.get(organiserId) ?? []) listener(live);
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
      let set = listenersByOrganiser.get(organiserId);
      if (!set) listenersByOrganiser.set(organiserId, (set = new Set()));
      set.add(listener);
      return () => {
        set.delete(listener);
        if (set.size === 0) listenersByOrganiser.delete(organiserId);
      };
    },
    async close() {
      listenersByOrganiser.clear();
      await stopListening?.();
      stopListening = null;
    },
  };
}

export type SalesHub = ReturnType<typeof createSalesHub>;
