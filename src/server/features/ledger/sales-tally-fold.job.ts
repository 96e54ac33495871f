import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../../db/client";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { FOLD_BATCH, foldSalesTally } from "./sales-tally";

/**
 * The sales tally's fold: every minute, on one node per tick, the moves appended since are folded into
 * their days, a batch at a time until none are left. Readers are right whether or not it has run (they
 * sum the moves too); it keeps what they sum small.
 */
export async function startSalesTallyFoldJob({ jobs, db, log }: { jobs: Jobs; db: Db; log: FastifyBaseLogger }) {
  await jobs.work(QUEUES.salesTallyFold, async () => {
    let folded = 0;
    let batch: number;
    do {
      batch = await foldSalesTally(db);
      folded += batch;
    } while (batch === FOLD_BATCH);
    if (folded) log.debug({ folded }, "sales tally folded");
  });
  await jobs.schedule(QUEUES.salesTallyFold, "* * * * *");
}
