import { sql } from "drizzle-orm";
import type { ConstructorOptions, Job, JobWithMetadata, PgBoss } from "pg-boss";
import type { Database, Tx } from "../db/client";


export const QUEUES = {
  ticketEmail: "ticket-email",
  refundEmail: "refund-email",
  expireHolds: "expire-holds",
  /** Pays a refund back through the provider (refunds/refund.job.ts): the safety net behind the request that started it. */
  refund: "refund",
  /** Every ten minutes: queues again any refund still pending after its job's retries. */
  refundSweep: "refund-sweep",
  /** E-mails a buyer that a refund of their booking is on its way. */
  refundNotice: "refund-notice",
  /** Refunds every booking of a cancelled event, one by one, resuming where it stopped. */
  cancelEvent: "cancel-event",
  /** E-mails a buyer that their event has a new date, with the updated calendar file. */
  postponementNotice: "postponement-notice",
  /** E-mails a buyer the organiser's answer to their refund request. */
  refundRequestNotice: "refund-request-notice",
  /** E-mails an organiser (who chose an e-mail per request) that a buyer asked for a refund. */
  refundRequestReceived: "refund-request-received",
  /** Every morning: queues the summary of open refund requests for each organiser who chose a daily summary. */
  refundRequestSummaries: "refund-request-summaries",
  /** E-mails one organiser one day's summary of open refund requests (one job per organiser and UK day). */
  refundRequestSummaryEmail: "refund-request-summary-email",
  /** On the 1st of each month: queues the platform-fee statement e-mail of each organiser charged fees the month before. */
  feeStatements: "fee-statements",
  /** E-mails one organiser the link to one month's platform-fee statement (one job per organiser and month, by its id). */
  feeStatementEmail: "fee-statement-email",
  /** Every hour: pays each organiser and affiliate whose event's payout is due (payouts/payout.job.ts). */
  payouts: "payouts",
  /** Settles one event's payouts again after a refund or dispute (a reversal when too much was paid). */
  payoutSettle: "payout-settle",
  /** Every day: reconciles the money ledger, and tells admins (e-mail, /metrics) of any problem (ledger/reconcile.job.ts). */
  reconcile: "reconcile",
  /** Every minute: folds the sales tally's appended moves into its days (dashboard/sales-tally.ts, decision 030). */
  salesTallyFold: "sales-tally-fold",
  /** Every day: removes personal data past its period in RETENTION (data-rights/retention.job.ts). */
  retention: "retention",
  /** Tells a ticket's buyer (and its holder until then) that it was passed on (tickets/ticket-transfer-notice.job.ts). */
  ticketTransferNotice: "ticket-transfer-notice",
  /**
   * Every minute, and after anything that frees a place (a refund, a cancelled or lapsed hold, capacity
   * raised, an offer lapsing or declined): offers freed places to the waiting list (waiting-list/offers.job.ts).
   */
  waitingListOffers: "waiting-list-offers",
  /** E-mails one waiting-list offer (one job per offer, by its id). */
  waitingListOfferEmail: "waiting-list-offer-email",
  /** Every minute, and when a pass changes: delivers wallet pass updates not yet delivered (APNs pushes, Google's objects: wallet/wallet-update.job.ts). */
  walletPassUpdate: "wallet-pass-update",
} as const;

export type QueueName = (typeof QUEUES)[keyof typeof QUEUES];

export interface TicketEmailJob {
  bookingId: string;
  /** Set for an attendee's own ticket e-mail (issue 36), a job per ticket; absent for the buyer's, which carries every ticket. */
  ticketId?: string;
}

export interface RefundEmailJob {
  orderId: string;
}

export interface JobTimings {
  /** How long a send may run before the job counts as lost (e.g. the process died) and is retried. */
  expireInSeconds: number;
  /** How often lost jobs are looked for. */
  superviseIntervalSeconds: number;
  /** How often an idle worker looks for new jobs. */
  pollingIntervalSeconds: number;
  /** First retry delay; later retries back off exponentially. */
  retryDelaySeconds: number;
  retryLimit: number;
}

/** The timings a deployment chose (JOBS_* in the README's configuration table). */
export function jobTimingsFrom(config: {
  JOBS_EXPIRE_SECONDS: number;
  JOBS_SUPERVISE_INTERVAL_SECONDS: number;
  JOBS_POLLING_INTERVAL_SECONDS: number;
  JOBS_RETRY_DELAY_SECONDS: number;
  JOBS_RETRY_LIMIT: number;
}): JobTimings {
  return {
    expireInSeconds: config.JOBS_EXPIRE_SECONDS,
    superviseIntervalSeconds: config.JOBS_SUPERVISE_INTERVAL_SECONDS,
    pollingIntervalSeconds: config.JOBS_POLLING_INTERVAL_SECONDS,
    retryDelaySeconds: config.JOBS_RETRY_DELAY_SECONDS,
    retryLimit: config.JOBS_RETRY_LIMIT,
  };
}

export type JobHandler<T> = (job: JobWithMetadata<T>) => Promise<void>;

/**
 * Background jobs in PostgreSQL through pg-boss (ARCHITECTURE Jobs): exactly-once claims, retries with
 * backoff, schedules shared by every node, and jobs enqueued inside the caller's transaction.
 */
export interface Jobs {
  /** Enqueues the ticket e-mails of new bookings in the confirmation's own transaction. */
  enqueueTicketEmails(tx: Tx, bookingIds: string[]): Promise<void>;
  /** Enqueues the e-mail telling a buyer their payment was refunded, in the refunding transaction. */
  enqueueRefundEmail(tx: Tx, orderId: string): Promise<void>;
  /**
   * Enqueues a job inside the caller's transaction, so it exists exactly when what it finishes was
   * committed. `singletonKey` makes a repeat of the same work one job while the first is queued or running.
   * `asSafetyNet`: the caller does the work itself right after committing, and the job only finishes it if
   * the caller died; it starts one retry delay later, so the two seldom race for the same work.
   */
  enqueue<T extends object>(tx: Tx, queue: QueueName, data: T, options?: { singletonKey?: string; asSafetyNet?: boolean }): Promise<void>;
  /** Starts a worker for a queue; several nodes may each run one. */
  work<T extends object>(queue: string, handler: JobHandler<T>): Promise<void>;
  /** Runs a queue on a cron schedule (at most once per tick across all nodes). */
  schedule(queue: string, cron: string): Promise<void>;
  /** pg-boss itself, once `ready` has settled (job handlers, which run only then, use it). */
  readonly boss: PgBoss;
  /** Settles once the queue is installed and usable. */
  readonly ready: Promise<void>;
  stop(): Promise<void>;
}

type PgBossModule = typeof import("pg-boss");

function connectionFor(database: Database, { fromPglite }: PgBossModule): ConstructorOptions {
  if (database.kind === "pglite") return { db: fromPglite(database.pglite!), backend: "pglite" };
  return { connectionString: database.url!, max: 4 };
}

/**
 * Starts the job queue in the background: a database that is down at start-up delays jobs (retried
 * with backoff) instead of stopping the app, so /readyz can report it and the app recovers by itself.
 * `startWhen`: the queue starts once it settles (the app starts it once its routes are built, so pg-boss's
 * own start-up queries do not hold up the first requests); everything that needs the queue waits for it.
 * pg-boss and its date libraries (about 1 MB of code) are loaded then too, not before the app is ready.
 */
export function startJobs({ database, timings, onError, startWhen }: { database: Database; timings: JobTimings; onError: (error: Error) => void; startWhen?: Promise<void> }): Jobs {
  const createBoss = (module: PgBossModule) => new module.PgBoss({
    ...connectionFor(database, module),
    superviseIntervalSeconds: timings.superviseIntervalSeconds,
    // Lost (expired) jobs are looked for on the monitor pass, which otherwise runs once a minute.
    monitorIntervalSeconds: timings.superviseIntervalSeconds,
    // The backlog counts a worker bursts on (burstWhenReadyExceeds in work()) are refreshed as often.
    queueCacheIntervalSeconds: timings.superviseIntervalSeconds,
    maintenanceIntervalSeconds: Math.max(timings.superviseIntervalSeconds, 60),
    // A job committed on any node wakes every node's workers through LISTEN/NOTIFY (one extra
    // connection each); polling stays on as the floor should the listening connection drop.
    useListenNotify: true,
  });
  let pgBoss: PgBossModule | null = null;
  let boss: PgBoss | null = null;
  const queueOptions = {
    expireInSeconds: timings.expireInSeconds,
    retryLimit: timings.retryLimit,
    retryDelay: timings.retryDelaySeconds,
    retryBackoff: true,
    retryDelayMax: 60 * 60,
    // Sending a job (in the confirming transaction) issues a pg_notify delivered at its commit.
    notify: true,
  };
  let stopped = false;
  let started = false;
  // Ends the wait before the next start attempt, so a stop never waits out a backoff.
  let wakeRetry = () => {};
  // A stop before `startWhen` settles ends that wait too.
  let cancelWait = () => {};
  const startSignal = startWhen && new Promise<void>((resolve) => {
    cancelWait = resolve;
    startWhen.then(resolve, resolve);
  });

  async function start(): Promise<PgBoss> {
    await startSignal;
    if (stopped) throw new Error("The job queue was stopped before it started.");
    pgBoss = await import("pg-boss");
    const boss = createBoss(pgBoss);
    boss.on("error", onError);
    for (let attempt = 0; ; attempt++) {
      if (stopped) throw new Error("The job queue was stopped before it started.");
      try {
        await boss.start();
        for (const name of Object.values(QUEUES)) {
          // Two nodes starting together may both create a queue; the loser finds it there.
          if (await boss.getQueue(name)) await boss.updateQueue(name, queueOptions);
          else await boss.createQueue(name, queueOptions).catch(async (error: unknown) => {
            if (!(await boss.getQueue(name))) throw error;
          });
        }
        started = true;
        return boss;
      } catch (error) {
        await boss.stop({ graceful: false }).catch(() => {});
        if (stopped) throw error;
        onError(error as Error);
        await new Promise<void>((resolve) => {
          const timer = setTimeout(resolve, Math.min(30_000, 500 * 2 ** attempt));
          wakeRetry = () => {
            clearTimeout(timer);
            resolve();
          };
        });
      }
    }
  }
  const bossReady = start().then((instance) => (boss = instance));
  const ready = bossReady.then(() => {});
  // Callers see failures through the calls below; an unhandled rejection must not end the process.
  ready.catch(() => {});
  const fromDrizzle = (tx: Tx) => pgBoss!.fromDrizzle(tx as unknown as Parameters<PgBossModule["fromDrizzle"]>[0], sql);

  return {
    get boss() {
      if (!boss) throw new Error("The job queue has not started yet: wait for jobs.ready.");
      return boss;
    },
    async enqueueTicketEmails(tx, bookingIds) {
      if (!bookingIds.length) return;
      const boss = await bossReady;
      // One statement for a batch of confirmations' tickets. singletonKey: a booking's ticket is queued
      // once however often confirmation is retried.
      await boss.insert(
        QUEUES.ticketEmail,
        bookingIds.map((bookingId) => ({ data: { bookingId } satisfies TicketEmailJob, singletonKey: bookingId })),
        { db: fromDrizzle(tx) },
      );
    },
    async enqueueRefundEmail(tx, orderId) {
      const boss = await bossReady;
      const db = fromDrizzle(tx);
      await boss.send(QUEUES.refundEmail, { orderId } satisfies RefundEmailJob, { db, singletonKey: orderId });
    },
    async enqueue(tx, queue, data, options = {}) {
      const boss = await bossReady;
      const db = fromDrizzle(tx);
      await boss.send(queue, data, {
        db,
        ...(options.singletonKey ? { singletonKey: options.singletonKey } : {}),
        ...(options.asSafetyNet ? { startAfter: timings.retryDelaySeconds } : {}),
      });
    },
    async work(queue, handler) {
      const boss = await bossReady;
      // burstWhenReadyExceeds: a backlog (a cancelled event's 2,000 refund notices) is worked through
      // back to back, not one job per polling interval.
      await boss.work(queue, { pollingIntervalSeconds: timings.pollingIntervalSeconds, notifyPollingIntervalSeconds: timings.pollingIntervalSeconds, includeMetadata: true, batchSize: 1, burstWhenReadyExceeds: 1 }, async (jobs: JobWithMetadata<object>[]) => {
        for (const job of jobs) await handler(job as JobWithMetadata<never>);
      });
    },
    async schedule(queue, cron) {
      const boss = await bossReady;
      await boss.schedule(queue, cron, null, { tz: "Europe/London" });
    },
    ready,
    async stop() {
      stopped = true;
      cancelWait();
      wakeRetry();
      // A start still under way finishes (or gives up) first: stopping beside it would leave its
      // connections open after the app has closed (and its database may be gone by then).
      await ready.catch(() => {});
      if (started) await boss!.stop({ graceful: true, timeout: 5_000 });
    },
  };
}

export type { Job };
