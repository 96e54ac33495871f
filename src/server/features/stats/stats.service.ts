import { eq, sql } from "drizzle-orm";
import type { SiteStats } from "../../../domain";
import type { Db } from "../../db/client";
import { bookings, events } from "../../db/schema";
import { listedCondition } from "../events/events.service";

/** Marketing figures computed from the database rather than hard-coded (decisions.md D3). */
export async function getSiteStats({ db, now = new Date() }: { db: Db; now?: Date }): Promise<SiteStats> {
  const [[listed], [sales]] = await Promise.all([
    db
      .select({ events: sql<number>`count(*)::int`, organisers: sql<number>`count(distinct ${events.userId})::int` })
      .from(events)
      .where(listedCondition(now)),
    db
      .select({
        tickets: sql<number>`coalesce(sum(${bookings.ticketQuantity}), 0)::int`,
        customers: sql<number>`count(distinct lower(${bookings.attendeeEmail}))::int`,
      })
      .from(bookings)
      .where(eq(bookings.status, "confirmed")),
  ]);
  return {
    eventsListed: listed!.events,
    organisers: listed!.organisers,
    ticketsSold: sales!.tickets,
    customers: sales!.customers,
  };
}
