import type { Db, Tx } from "../db/client";
import { QUEUES, type Jobs } from "./jobs";

/** What the waiting-list offers job is asked: one event's list, or (the schedule's run) every live list. */
export interface WaitingListOffersJob {
  eventId?: string;
}

/**
 * Asks the waiting-list offers job (decision 043) to offer an event's freed places, inside the caller's
 * transaction (so it runs once what freed the place is committed). One queued job per event however often
 * places are freed meanwhile (singletonKey). Anything that frees a place calls this; features of any layer
 * may, since it names only the queue.
 */
export async function enqueueWaitingListOffers(tx: Tx | Db, jobs: Pick<Jobs, "enqueue">, eventId: string): Promise<void> {
  await jobs.enqueue(tx as Tx, QUEUES.waitingListOffers, { eventId } satisfies WaitingListOffersJob, { singletonKey: `waiting-list:${eventId}` });
}
