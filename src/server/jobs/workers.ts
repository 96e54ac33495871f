import type { FastifyBaseLogger } from "fastify";
import type { Db } from "../db/client";
import { startExpireHoldsJob } from "../features/checkout/expire-holds.job";
import { startRefundEmailJob } from "../features/checkout/refund-email.job";
import type { TicketMailer } from "../features/tickets/send-ticket-email.service";
import { workTicketEmails } from "../features/tickets/ticket-email.job";
import type { PaymentGateway } from "../providers/payments/payments";
import { startRefundJob } from "../features/refunds/refund.job";
import { startRefundNoticeJob } from "../features/refunds/refund-notice.job";
import { startTicketTransferNoticeJob } from "../features/tickets/ticket-transfer-notice.job";
import { startRefundRequestNoticeJob } from "../features/refunds/refund-request-notice.job";
import { startCancelEventJob } from "../features/event-changes/cancel-event.job";
import { startPostponementNoticeJob } from "../features/event-changes/postponement-notice.job";
import { startFeeStatementJobs } from "../features/payouts/statements.job";
import { startPayoutJobs } from "../features/payouts/payout.job";
import { startSalesTallyFoldJob } from "../features/ledger/sales-tally-fold.job";
import { startReconcileJob } from "../features/ledger/reconcile.job";
import { startRetentionJob } from "../features/data-rights/retention.job";
import type { ReconcileGauges } from "../lib/metrics";
import type { Jobs } from "./jobs";
import { startWaitingListJobs } from "../features/waiting-list/offers.job";
import { startWalletUpdateJob } from "../features/wallet/wallet-update.job";
import type { WalletSetup } from "../features/wallet/wallet-setup";

/** The product's background work: ticket e-mails as bookings are confirmed, refunds and their notices, lapsed checkouts and the sales tally's fold every minute, payouts every hour, the reconcile and the retention of personal data every day. */
export async function startWorkers({
  jobs,
  db,
  mailer,
  gateway,
  log,
  reconcileGauges,
  dataDir,
  wallet,
}: {
  jobs: Jobs;
  db: Db;
  mailer: TicketMailer;
  gateway: PaymentGateway;
  log: FastifyBaseLogger;
  reconcileGauges: ReconcileGauges;
  /** DATA_DIR: the retention job removes the dev outbox's old attachments under it. */
  dataDir: string;
  wallet: WalletSetup;
}) {
  await workTicketEmails({ jobs, mailer, log });
  await startRefundEmailJob({ jobs, mailer, log });
  await startExpireHoldsJob({ jobs, db, log });
  await startRefundJob({ jobs, db, gateway, log });
  await startRefundNoticeJob({ jobs, mailer, log });
  await startTicketTransferNoticeJob({ jobs, mailer, log });
  await startRefundRequestNoticeJob({ jobs, mailer, log });
  await startCancelEventJob({ jobs, db, gateway, log });
  await startPostponementNoticeJob({ jobs, mailer, log });
  await startFeeStatementJobs({ jobs, mailer, log });
  await startPayoutJobs({ jobs, db, gateway, log });
  await startSalesTallyFoldJob({ jobs, db, log });
  await startReconcileJob({ jobs, db, gateway, email: mailer.email, company: mailer.company, gauges: reconcileGauges, log });
  await startRetentionJob({ jobs, db, dataDir, log });
  await startWaitingListJobs({ jobs, db, mailer, log });
  await startWalletUpdateJob({ jobs, db, wallet, signer: mailer.signer, log });
}
