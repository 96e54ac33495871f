import { and, eq, inArray, sql } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { orderLines, orders } from "../../db/schema";
import { enqueueWaitingListOffers } from "../../jobs/waiting-list-offers";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";

/** Marks lapsed pending checkouts expired (bookkeeping: capacity already ignores them once past expiry). */
export async function expireLapsedOrders({ db, jobs }: { db: Db; jobs?: Pick<Jobs, "enqueue"> }): Promise<number> {
  const expired = await db
    .update(orders)
    .set({ status: "expired" })
    .where(and(eq(orders.status, "pending"), sql`${orders.expiresAt} <= now()`))
    .returning({ id: orders.id });
  // Capacity stopped counting these holds at their expiry; cached pages drawn before then go now (the TTL bounds them anyway).
  if (expired.length) publicPagesChanged(db, "places");
  // A lapsed hold's places go to its events' waiting lists first (decision 043).
  if (expired.length && jobs) {
    const lapsedEvents = await db.selectDistinct({ eventId: orderLines.eventId }).from(orderLines).where(inArray(orderLines.orderId, expired.map((order) => order.id)));
    for (const { eventId } of lapsedEvents) await enqueueWaitingListOffers(db, jobs, eventId);
  }
  return expired.length;
}

/** The hold-expiry job: lapsed checkouts marked expired every minute, on one node per tick. */
export async function startExpireHoldsJob({ jobs, db, log }: { jobs: Jobs; db: Db; log: FastifyBaseLogger }) {
  await jobs.work(QUEUES.expireHolds, async () => {
    const expired = await expireLapsedOrders({ db, jobs });
    if (expired) log.info({ expired }, "lapsed checkouts released");
  });
  await jobs.schedule(QUEUES.expireHolds, "* * * * *");
}
