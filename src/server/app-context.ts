import type { Config } from "./config";
import type { Database, Db } from "./db/client";
import type { Auth } from "./features/auth/auth";
import type { Session } from "./features/auth/session";
import type { SalesHub } from "./features/realtime/sales-hub";
import type { TicketMailer } from "./features/tickets/send-ticket-email.service";
import type { TicketSigner } from "./features/tickets/ticket-signer";
import type { Jobs } from "./jobs/jobs";
import type { WalletSetup } from "./features/wallet/wallet-setup";
import type { PageCache } from "./lib/page-cache/page-cache";
import type { AiService } from "./providers/ai/ai";
import type { EmailSender } from "./providers/email/email";
import type { PaymentGateway } from "./providers/payments/payments";
import type { SmsSender } from "./providers/sms/sms";
import type { FileStorage } from "./providers/storage/storage";

/**
 * Everything the app is made of, built once in buildApp and handed whole to every route plugin and to
 * the web pages' loaders (React Router's load context extends it): one bag, the same names everywhere.
 */
export interface AppContext {
  database: Database;
  db: Db;
  config: Config;
  auth: Auth;
  /** Who is signed in: the one way to require a user, an actor or an admin. */
  session: Session;
  email: EmailSender;
  sms: SmsSender | null;
  storage: FileStorage;
  /** The configured AI provider; null: the built-in answers and images. */
  ai: AiService | null;
  jobs: Jobs;
  /** Stripe when PAYMENT_PROVIDER=stripe, else the local test checkout (decision 026). */
  gateway: PaymentGateway;
  signer: TicketSigner;
  /** Apple Wallet and Google Wallet as configured (decision 045); each null when not set up. */
  wallet: WalletSetup;
  mailer: TicketMailer;
  hub: SalesHub;
  /** The live-sales stream's heartbeat (spec §9's 25 s unless a test sets it). */
  realtimeHeartbeatMs: number;
  /** Public pages and listing answers kept for serving again (issue 21); emptied by publicPagesChanged. */
  pageCache: PageCache;
}
