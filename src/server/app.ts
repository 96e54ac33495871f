import { existsSync, mkdirSync } from "node:fs";
import { resolve } from "node:path";
import compress from "@fastify/compress";
import fastifyStatic from "@fastify/static";
import Fastify, { type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from "fastify-type-provider-zod";
import { constants as zlib } from "node:zlib";
import type { ServerBuild } from "react-router";
import type { Config } from "./config";
import type { Database } from "./db/client";
import multipart from "@fastify/multipart";
import { AppError } from "../domain/errors";
import { createAuth } from "./features/auth/auth";
import { authRoutes } from "./features/auth/auth.routes";
import { devMailboxRoutes } from "./features/dev-mailbox/dev-mailbox.routes";
import { isMailboxEnabled } from "./features/dev-mailbox/dev-mailbox.service";
import { affiliatesRoutes } from "./features/affiliates/affiliates.routes";
import { checkoutRoutes } from "./features/checkout/checkout.routes";
import { codesRoutes } from "./features/codes/codes.routes";
import { doorRoutes } from "./features/door/door.routes";
import { waitingListRoutes } from "./features/waiting-list/waiting-list.routes";
import { checkInListsRoutes } from "./features/door/check-in-lists.routes";
import { stripeWebhookRoutes } from "./features/provider-events/stripe-webhook.routes";
import { refundRequestsRoutes } from "./features/refunds/refund-requests.routes";
import { refundsRoutes } from "./features/refunds/refunds.routes";
import { statementsRoutes } from "./features/payouts/statements.routes";
import { payoutAccountsRoutes } from "./features/payouts/payout-accounts.routes";
import { onboardingOrigins } from "./features/payouts/payout-accounts.service";
import { createPaymentGateway } from "./providers/payments/payments";
import { checkInRoutes } from "./features/check-in/check-in.routes";
import { guestSearchRoutes } from "./features/door/guest-search.routes";
import { dashboardRoutes } from "./features/dashboard/dashboard.routes";
import { eventEditingRoutes } from "./features/events/event-editing.routes";
import { eventLifecycleRoutes } from "./features/event-changes/event-lifecycle.routes";
import { eventsRoutes } from "./features/events/events.routes";
import { assistantRoutes } from "./features/assistant/assistant.routes";
import { contactRoutes } from "./features/contact/contact.routes";
import { imagesRoutes } from "./features/images/images.routes";
import type { AppContext } from "./app-context";
import { createSession, type Session } from "./features/auth/session";
import { createSessionCache } from "./features/auth/session-cache";
import { REALTIME_HEARTBEAT_MS } from "./features/realtime/realtime.routes";
import { createAiService } from "./providers/ai/ai";
import { createTicketSigner } from "./features/tickets/ticket-signer";
import { ticketsRoutes } from "./features/tickets/tickets.routes";
import { ticketChangesRoutes } from "./features/tickets/ticket-changes.routes";
import { walletRoutes } from "./features/wallet/wallet.routes";
import { createWalletSetup } from "./features/wallet/wallet-setup";
import { jobTimingsFrom, startJobs, type JobTimings, type Jobs } from "./jobs/jobs";
import { startWorkers } from "./jobs/workers";
import { realtimeRoutes } from "./features/realtime/realtime.routes";
import { createSalesHub } from "./features/realtime/sales-hub";
import { createFileStorage } from "./providers/storage/storage";
import { sessionRoutes } from "./features/auth/session.routes";
import { createEmailSender } from "./providers/email/email";
import { createSmsSender } from "./providers/sms/sms";
import { profilesRoutes } from "./features/profiles/profiles.routes";
import { receiptsRoutes } from "./features/receipts/receipts.routes";
import { dataRightsRoutes } from "./features/data-rights/data-rights.routes";
import { statsRoutes } from "./features/stats/stats.routes";
import { seoRoutes } from "./features/seo/seo.routes";
import { fastifyTrustProxy } from "./lib/client-address";
import { answerFrameworkError, MAX_PARAM_LENGTH } from "./lib/framework-errors";
import { registerErrorHandler } from "./lib/http-errors";
import { registerMetrics } from "./lib/metrics";
import { refuseNulCharacters } from "./lib/nul-characters";
import { loggingOptions, type LogStream } from "./lib/request-log";
import { registerSecurityHeaders } from "./lib/security-headers";
import { registerApiDocs } from "./lib/api-docs";
import { joinPageInvalidation } from "./lib/page-cache/invalidation";
import { createPageCache } from "./lib/page-cache/page-cache";
import { registerWebHandler } from "./web-handler";
import { projectRoot } from "./lib/project-root";

declare module "fastify" {
  interface FastifyInstance {
    /** The job queue (tests and tools enqueue through it like the app does). */
    jobs: Jobs;
    /** Who is signed in (tests that change an account behind the app's back tell it, as the app's own paths do). */
    session: Session;
  }
}

export const clientBuildDir = resolve(projectRoot, "build/client");
const serverBuildFile = resolve(projectRoot, "build/server/index.js");

export interface BuildAppOptions {
  config: Config;
  database: Database;
  /** 'production' serves build/; 'development' runs Vite with hot reload; 'none' serves the API only. */
  web: "production" | "development" | "none";
  /** Log at LOG_LEVEL (readable lines in demo mode, else JSON); `{ stream }` sends the log lines there (tests read them). */
  logger?: boolean | { stream: LogStream };
  /** Run the background workers (ticket e-mails, hold expiry) in this process; default true. */
  workers?: boolean;
  /** Defaults to the configured JOBS_* timings. */
  jobTimings?: JobTimings;
  /** The live-sales stream's heartbeat (and session re-check); spec §9's 25 s unless a test sets it. */
  realtimeHeartbeatMs?: number;
}

export async function buildApp({ config, database, web, logger = false, workers = true, jobTimings = jobTimingsFrom(config), realtimeHeartbeatMs = REALTIME_HEARTBEAT_MS }: BuildAppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    ...(logger ? await loggingOptions({ level: config.LOG_LEVEL, readable: config.demoMode, stream: typeof logger === "object" ? logger.stream : undefined }) : { logger: false }),
    // Whose X-Forwarded-For decides request.ip (every per-address limit): TRUST_PROXY, off by default.
    trustProxy: fastifyTrustProxy(config.TRUST_PROXY),
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: answerFrameworkError,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  const metrics = registerMetrics(app);

  await registerSecurityHeaders(app, { web, formTargets: onboardingOrigins(config) });
  await app.register(compress, {
    threshold: 1024,
    // Sync flush keeps streamed server-rendered HTML flowing instead of buffering it whole.
    zlibOptions: { flush: zlib.Z_SYNC_FLUSH },
    brotliOptions: { flush: zlib.BROTLI_OPERATION_FLUSH, params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });

  await registerApiDocs(app);

  app.get("/healthz", { schema: { hide: true } }, async () => ({ status: "ok" }));
  app.get("/readyz", { schema: { hide: true } }, async (_request, reply) => {
    try {
      await database.ping();
      return { status: "ready" };
    } catch {
      return reply.status(503).send({ status: "database unreachable" });
    }
  });

  const db = database.db;
  const email = createEmailSender({ config, db });
  const sms = createSmsSender({ config, db });
  const sessionCache = createSessionCache({ db });
  // Until it listens (or while its connection is re-made), the cache's TTL alone bounds what another node's sign-out leaves trusted here.
  sessionCache.listen(database).catch((error: unknown) => app.log.warn({ err: error }, "session changes: not listening; cached sessions expire by their TTL"));
  const auth = createAuth({ db, config, email, sms, accountChanged: (userId) => sessionCache.accountChanged(userId) });
  const mediaDir = resolve(config.DATA_DIR, "media");
  mkdirSync(mediaDir, { recursive: true });
  const signer = createTicketSigner(db);
  const wallet = await createWalletSetup(config);
  // The job queue starts once the routes are built (the end of buildApp): its start-up queries then run
  // beside the first requests rather than ahead of them.
  let routesBuilt = () => {};
  const jobsStart = new Promise<void>((resolve) => (routesBuilt = resolve));
  const jobs = startJobs({ database, timings: jobTimings, onError: (error) => app.log.warn({ err: error }, "job queue error"), startWhen: jobsStart });
  const context: AppContext = {
    database,
    db,
    config,
    auth,
    session: createSession({ auth, db, cache: sessionCache }),
    email,
    sms,
    storage: createFileStorage(config, mediaDir),
    ai: await createAiService(config),
    jobs,
    gateway: await createPaymentGateway(config, db),
    signer,
    wallet,
    mailer: { db, email, signer, publicUrl: config.publicUrl, company: config.company, wallets: { apple: wallet.apple !== null, google: wallet.google !== null } },
    hub: createSalesHub(database),
    realtimeHeartbeatMs,
    pageCache: createPageCache({ maxBytes: config.PAGE_CACHE_MAX_BYTES, ttlMs: config.PAGE_CACHE_TTL_SECONDS * 1000 }),
  };
  // Nothing is kept until this node hears the others' changes (the cache opens once LISTEN is up).
  const stopPageInvalidation = joinPageInvalidation({
    database,
    cache: context.pageCache,
    // The shared listing figures are kept as the pages are, and not at all when the page cache is off.
    ttlMs: config.PAGE_CACHE_MAX_BYTES > 0 ? config.PAGE_CACHE_TTL_SECONDS * 1000 : 0,
    onError: (error) => app.log.warn({ err: error }, "page cache: change notice not sent"),
  }).catch((error: unknown) => {
    app.log.warn({ err: error }, "page cache: not listening for changes, so nothing is cached");
    return null;
  });
  // Workers join once the queue is up (at once, or when the database comes back).
  if (workers) startWorkers({ jobs, db, wallet, mailer: context.mailer, gateway: context.gateway, log: app.log, reconcileGauges: metrics.reconcile, dataDir: config.DATA_DIR }).catch((error: unknown) => app.log.error({ err: error }, "job workers did not start"));
  app.decorate("jobs", jobs);
  app.decorate("session", context.session);
  app.addHook("onClose", async () => {
    await jobs.stop();
    await (await stopPageInvalidation)?.();
    await context.hub.close();
    await sessionCache.close();
    await email.close();
    await wallet.close();
  });

  await app.register(authRoutes, context);
  if (context.gateway.webhooks) await app.register(stripeWebhookRoutes, context);
  await app.register(
    async (api) => {
      api.addHook("onRequest", async (request) => assertSameOrigin(request.method, request.headers, config.trustedOrigins));
      api.addHook("preValidation", refuseNulCharacters);
      await api.register(multipart);
      for (const routes of [
        eventsRoutes,
        sessionRoutes,
        profilesRoutes,
        statsRoutes,
        eventEditingRoutes,
        eventLifecycleRoutes,
        affiliatesRoutes,
        dashboardRoutes,
        ticketsRoutes,
        ticketChangesRoutes,
        walletRoutes,
        checkInRoutes,
        guestSearchRoutes,
        realtimeRoutes,
        checkoutRoutes,
        codesRoutes,
        doorRoutes,
        waitingListRoutes,
        checkInListsRoutes,
        refundsRoutes,
        refundRequestsRoutes,
        receiptsRoutes,
        statementsRoutes,
        payoutAccountsRoutes,
        assistantRoutes,
        imagesRoutes,
        contactRoutes,
        dataRightsRoutes,
      ]) {
        await api.register(routes, context);
      }
      if (isMailboxEnabled(config)) await api.register(devMailboxRoutes, context);
    },
    { prefix: "/api" },
  );
  await app.register(seoRoutes, context);

  await app.register(fastifyStatic, {
    root: mediaDir,
    prefix: "/media/",
    decorateReply: false,
    wildcard: true,
    maxAge: "7d",
  });

  if (web === "production") {
    if (!existsSync(serverBuildFile)) throw new Error("No web build found: run `npm run build` first.");
    // The hashed assets behind one wildcard route (they never change); the few other files of the
    // build (public/) each get their own route, so any other path falls through to the pages. One route
    // per asset would be a hundred more routes built at every start.
    await app.register(fastifyStatic, {
      root: resolve(clientBuildDir, "assets"),
      prefix: "/assets/",
      decorateReply: false,
      immutable: true,
      maxAge: "365d",
    });
    await app.register(fastifyStatic, {
      root: clientBuildDir,
      prefix: "/",
      wildcard: false,
      globIgnore: ["assets/**"],
      decorateReply: false,
    });
    const build = (await import(serverBuildFile)) as ServerBuild;
    await registerWebHandler(app, { mode: "production", getBuild: async () => build, context });
  } else if (web === "development") {
    const { createServer } = await import("vite");
    const middie = (await import("@fastify/middie")).default;
    const vite = await createServer({ server: { middlewareMode: true, hmr: { server: app.server } }, appType: "custom" });
    await app.register(middie);
    app.use(vite.middlewares);
    app.addHook("onClose", () => vite.close());
    await registerWebHandler(app, {
      mode: "development",
      getBuild: () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
      context,
    });
  } else {
    // API-only: no web handler claims unknown paths, so answer them in the API's own error shape.
    app.setNotFoundHandler((request, reply) =>
      reply.status(404).send({ error: { code: "NOT_FOUND", message: `No API route ${request.method} ${request.url.split("?")[0]}` } }),
    );
  }

  setImmediate(routesBuilt);
  return app;
}

const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

/**
 * Cookie-authenticated requests that change state must come from our own pages (a CSRF guard on top of
 * SameSite=Lax cookies). Requests without cookies carry no ambient authority and pass.
 */
function assertSameOrigin(method: string, headers: Record<string, string | string[] | undefined>, trustedOrigins: string[]) {
  if (SAFE_METHODS.has(method) || !headers.cookie) return;
  const origin = typeof headers.origin === "string" ? headers.origin : refererOrigin(headers.referer);
  if (!origin || !trustedOrigins.includes(origin)) {
    throw new AppError("INVALID_ORIGIN", "This request did not come from this site and was refused.");
  }
}

function refererOrigin(referer: string | string[] | undefined): string | null {
  if (typeof referer !== "string") return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}
