/**
 * Scale: how the product's cost grows with the catalogue. One database grows from 1,000 to 10,000 to
 * 100,000 events (100,000 accounts, about ten paid bookings per active event, built with INSERT … SELECT
 * over generate_series: bench/scale-data.ts), VACUUM ANALYZEd after each step; at each size the running
 * production app is asked over real HTTP for the listing, a search (a word and a partial word), a
 * category, an event page, an organiser's dashboard over 50,000 bookings, the attendee CSV of an event
 * with 20,000 bookings (the app's resident memory sampled from /proc during the download) and My Tickets
 * of a buyer with 500 bookings.
 *
 * The page cache is bypassed: every request carries its own `_scale=<n>` query parameter, so no cache
 * keyed by URL can answer it (and the dashboard, API calls of signed-in users and My Tickets are never
 * cached). The figures are the uncached cost of each page. A listing's figures ("N events in M locations")
 * are kept per filter, not per URL (decision 029), so a probe's requests share them; the listing is also
 * measured after a change, when they are worked out again.
 */
import { readFileSync } from "node:fs";
import { count } from "drizzle-orm";
import pg from "pg";
import type { Db } from "../src/server/db/client";
import { events } from "../src/server/db/schema";
import { listedCondition } from "../src/server/features/events/events.service";
import { PAGE_CHANGES_CHANNEL } from "../src/server/lib/page-cache/invalidation";
import { createAccount } from "../test/fixtures";
import { signIn } from "./check-in";
import { ScaleCatalogue } from "./scale-data";
import { drive, percentile } from "./stats";

/** SCALE_SIZES=1000,10000 runs only some sizes (a quicker look at the per-user figures, which do not depend on the catalogue). */
const SIZES = (process.env.SCALE_SIZES ?? "1000,10000,100000").split(",").map(Number);
/** Rounds of every probe at each size (SCALE_ROUNDS, at least 3): one run's p99 is two requests' worth, so the spread is printed. */
const ROUNDS = Math.max(3, Number(process.env.SCALE_ROUNDS ?? 3));
const PASSWORD = "bench-password-1";
/** Public pages are asked by several visitors at once; one user's own pages (dashboard, My Tickets, the CSV), and pages after a change, one at a time. */
const CONCURRENCY = { public: 4, personal: 1 };

interface Probe {
  name: string;
  path: string;
  /** Signed in as the organiser or the buyer. */
  as?: "organiser" | "buyer";
  requests: number;
  /**
   * Each request follows a change (a NOTIFY on the page cache's channel, as another node sends after a
   * sale or an edit, then a short wait for the app to hear it), so nothing shared is kept for it either:
   * the listing's figures per filter are worked out again.
   */
  afterChange?: boolean;
}

export interface ScaleFigure {
  name: string;
  /** Per size, one value per round. */
  p50: number[][];
  p99: number[][];
}

/** Min, median and max of a size's rounds. */
export function spread(values: number[] | undefined): { min: number; median: number; max: number } | null {
  if (!values?.length) return null;
  const sorted = [...values].sort((a, b) => a - b);
  return { min: sorted[0]!, median: sorted[Math.floor((sorted.length - 1) / 2)]!, max: sorted.at(-1)! };
}

/** Growth from the first size to the last: the ratio of medians, and the range the rounds allow (min over max to max over min). */
export function growth(values: number[][]): { median: number; low: number; high: number } | null {
  const first = spread(values[0]);
  const last = spread(values[SIZES.length - 1]);
  if (values.length !== SIZES.length || !first || !last || !first.median || !first.min) return null;
  return { median: last.median / first.median, low: last.min / first.max, high: last.max / first.min };
}

function rssKb(pid: number): number {
  const match = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
  return match ? Number(match[1]) : 0;
}

export async function benchScale({ baseUrl, appPid, db, databaseUrl, log }: { baseUrl: string; appPid: number; db: Db; databaseUrl: string; log: (message: string) => void }) {
  const requests = Number(process.env.SCALE_REQUESTS ?? 200);
  const heavy = Math.max(20, Math.round(requests / 2));
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const problems: string[] = [];
  const build: { size: number; seconds: number; analyzeSeconds: number }[] = [];
  const csvMemory: { size: number; rssBeforeMb: number; growthMb: number; ms: number; lines: number }[] = [];
  const figures = new Map<string, ScaleFigure>();
  try {
    const catalogue = new ScaleCatalogue(client);
    const organiser = await createAccount(db, { password: PASSWORD });
    const buyer = await createAccount(db, { password: PASSWORD });
    let started = performance.now();
    await catalogue.createAccounts();
    const accountsSeconds = (performance.now() - started) / 1000;
    log(`scale: 100,000 accounts in ${accountsSeconds.toFixed(1)} s`);
    let specials: Awaited<ReturnType<ScaleCatalogue["createSpecials"]>> | null = null;
    const cookies = { organiser: await signIn(baseUrl, organiser.email, PASSWORD), buyer: await signIn(baseUrl, buyer.email, PASSWORD) };

    for (const size of SIZES) {
      started = performance.now();
      await catalogue.growCatalogue(size);
      specials ??= await catalogue.createSpecials({ organiserId: organiser.id, buyerId: buyer.id });
      // The load skipped the triggers that keep the dashboard's sales tally (decision 030) and search's vocabulary: work them out whole.
      await catalogue.rebuildDerived();
      const seconds = (performance.now() - started) / 1000;
      started = performance.now();
      // VACUUM too: a live database's autovacuum has long since visited rows this old (index-only scans need it).
      await client.query("vacuum (analyze)");
      const analyzeSeconds = (performance.now() - started) / 1000;
      build.push({ size, seconds, analyzeSeconds });
      const { rows: sizes } = await client.query<{ events: number; bookings: number; ledger: number }>(
        "select (select count(*) from events)::int as events, (select count(*) from bookings)::int as bookings, (select count(*) from ledger_entries)::int as ledger",
      );
      log(`scale: ${size} events built in ${seconds.toFixed(1)} s + analyze ${analyzeSeconds.toFixed(1)} s (${JSON.stringify(sizes[0])})`);

      const { rows: someEvents } = await client.query<{ id: string }>(
        `select id from events where status = 'active' and date_time > now() and user_id like 'bu\\_%' order by id limit 20`,
      );
      const eventIds = someEvents.map((row) => row.id);
      const probes: Probe[] = [
        { name: "listing API /api/events (figures kept)", path: "/api/events", requests },
        { name: "listing API /api/events after a change", path: "/api/events", requests, afterChange: true },
        { name: "listing SSR /events", path: "/events", requests },
        { name: "search API q=jazz", path: "/api/events?q=jazz", requests },
        { name: "search API q=jaz (partial)", path: "/api/events?q=jaz", requests },
        { name: "search SSR /events?q=brixton", path: "/events?q=brixton", requests },
        { name: "category API music", path: "/api/events?category=music", requests },
        { name: "category SSR /events?category=comedy", path: "/events?category=comedy", requests },
        { name: "event page SSR /events/:id", path: "/events/{event}", requests },
        { name: "event API /api/events/:id", path: "/api/events/{event}", requests },
        { name: "dashboard SSR /dashboard (50k bookings)", path: "/dashboard", as: "organiser", requests: heavy },
        { name: "dashboard /api/me/events", path: "/api/me/events", as: "organiser", requests: heavy },
        { name: "dashboard /api/me/sales", path: "/api/me/sales", as: "organiser", requests: heavy },
        { name: "dashboard /api/me/bookings", path: "/api/me/bookings", as: "organiser", requests: heavy },
        { name: "dashboard /api/payouts/statements", path: "/api/payouts/statements", as: "organiser", requests: heavy },
        { name: "dashboard /api/refund-requests", path: "/api/refund-requests?status=pending", as: "organiser", requests: heavy },
        { name: "attendees JSON, 20k bookings", path: `/api/events/${specials.csvEventId}/attendees`, as: "organiser", requests: 5 },
        { name: "My Tickets /api/me/tickets (500 bookings)", path: "/api/me/tickets", as: "buyer", requests: heavy },
        { name: "My Tickets SSR /my-tickets", path: "/my-tickets", as: "buyer", requests: heavy },
      ];
      let serial = 0;
      const url = (path: string) => {
        serial += 1;
        const resolved = path.replace("{event}", eventIds[serial % eventIds.length]!);
        return `${baseUrl}${resolved}${resolved.includes("?") ? "&" : "?"}_scale=${size}-${serial}`;
      };
      for (let round = 1; round <= ROUNDS; round++) {
        for (const probe of probes) {
          const headers: Record<string, string> = { "accept-encoding": "gzip, br" };
          if (probe.as) headers.cookie = cookies[probe.as];
          const change = async () => {
            await client.query("select pg_notify($1, 'scale-bench catalogue')", [PAGE_CHANGES_CHANNEL]);
            await new Promise((resolve) => setTimeout(resolve, 20));
          };
          const get = async () => {
            if (probe.afterChange) await change();
            const started = performance.now();
            const response = await fetch(url(probe.path), { headers });
            await response.arrayBuffer();
            if (!response.ok) problems.push(`${probe.name} at ${size}: HTTP ${response.status}`);
            return performance.now() - started;
          };
          await drive(Array.from({ length: Math.min(10, probe.requests) }), 2, get); // warm-up
          // One at a time after a change, so no other request keeps the figures between the change and this one.
          const concurrency = probe.as || probe.afterChange ? CONCURRENCY.personal : CONCURRENCY.public;
          const { latencies } = await drive(Array.from({ length: probe.requests }), concurrency, get);
          const figure = figures.get(probe.name) ?? { name: probe.name, p50: [], p99: [] };
          const at = SIZES.indexOf(size);
          (figure.p50[at] ??= []).push(percentile(latencies, 50));
          (figure.p99[at] ??= []).push(percentile(latencies, 99));
          figures.set(probe.name, figure);
          log(`scale ${size} round ${round}: ${probe.name} p50 ${percentile(latencies, 50).toFixed(1)} ms, p99 ${percentile(latencies, 99).toFixed(1)} ms`);
        }
      }

      // Correctness: the listing's total is the SQL count of listed events; search finds; My Tickets and the dashboard see everything.
      const listedCount = async () => (await db.select({ n: count() }).from(events).where(listedCondition(new Date())))[0]!.n;
      const before = await listedCount();
      const listing = (await (await fetch(url("/api/events"))).json()) as { total: number };
      const after = await listedCount();
      if (listing.total !== before && listing.total !== after) problems.push(`scale ${size}: listing total ${listing.total}, SQL count ${before}`);
      for (const q of ["jazz", "jaz", "brixton"]) {
        const found = (await (await fetch(url(`/api/events?q=${q}`))).json()) as { total: number };
        if (!found.total) problems.push(`scale ${size}: search q=${q} found nothing`);
      }
      const tickets = (await (await fetch(url("/api/me/tickets"), { headers: { cookie: cookies.buyer } })).json()) as { tickets: unknown[] };
      if (tickets.tickets.length !== 500) problems.push(`scale ${size}: My Tickets has ${tickets.tickets.length} tickets, not 500`);
      const sales = (await (await fetch(url("/api/me/sales"), { headers: { cookie: cookies.organiser } })).json()) as { totals: { bookings: number } };
      if (sales.totals.bookings !== 50_000) problems.push(`scale ${size}: the dashboard counts ${sales.totals.bookings} bookings, not 50,000`);

      // The CSV of 20,000 attendees, three times, the app's RSS sampled every 10 ms during each download.
      for (let run = 0; run < 3; run++) {
        const rssBefore = rssKb(appPid);
        let peak = rssBefore;
        const sampler = setInterval(() => (peak = Math.max(peak, rssKb(appPid))), 10);
        const t0 = performance.now();
        const response = await fetch(url(`/api/events/${specials.csvEventId}/attendees?format=csv`), { headers: { cookie: cookies.organiser } });
        let lines = 0;
        let bytes = 0;
        for await (const chunk of response.body! as unknown as AsyncIterable<Uint8Array>) {
          bytes += chunk.length;
          for (const byte of chunk) if (byte === 10) lines += 1;
          peak = Math.max(peak, rssKb(appPid));
        }
        const ms = performance.now() - t0;
        clearInterval(sampler);
        peak = Math.max(peak, rssKb(appPid));
        csvMemory.push({ size, rssBeforeMb: rssBefore / 1024, growthMb: (peak - rssBefore) / 1024, ms, lines });
        log(`scale ${size}: CSV ${bytes} bytes, ${lines} lines in ${ms.toFixed(0)} ms; RSS ${(rssBefore / 1024).toFixed(0)} MB, grew ${((peak - rssBefore) / 1024).toFixed(1)} MB`);
        if (!response.ok || lines !== 20_001) problems.push(`scale ${size}: the CSV answered ${response.status} with ${lines} lines, not 20,001`);
      }
    }
  } finally {
    await client.end();
  }
  return { build, csvMemory, figures: [...figures.values()], problems };
}

/**
 * The scale table: at each size the median of the rounds' p50 and p99 with their range (min–max), and
 * each one's growth from the smallest size to the largest: the ratio of medians, with the range the
 * rounds allow.
 */
export function renderScaleTable(result: Awaited<ReturnType<typeof benchScale>>): string {
  const ms = (value: number | undefined) => (value === undefined ? "–" : value < 10 ? value.toFixed(1) : value.toFixed(0));
  const ranged = (values: number[] | undefined) => {
    const s = spread(values);
    return s ? `${ms(s.median)} (${ms(s.min)}–${ms(s.max)})` : "–";
  };
  const grown = (values: number[][]) => {
    const g = growth(values);
    return g ? `${g.median.toFixed(2)}× (${g.low.toFixed(2)}–${g.high.toFixed(2)})` : "–";
  };
  const span = `${SIZES.at(-1)! / 1000}k/${SIZES[0]! / 1000}k`;
  const lines = [
    `| figure (ms; median of ${ROUNDS} rounds, min–max) | ${SIZES.map((size) => `p50 at ${size / 1000}k | p99 at ${size / 1000}k`).join(" | ")} | p50 growth ${span} | p99 growth ${span} |`,
    `| --- | ${SIZES.map(() => "---: | ---:").join(" | ")} | ---: | ---: |`,
  ];
  for (const figure of result.figures) {
    lines.push(`| ${figure.name} | ${SIZES.map((_, i) => `${ranged(figure.p50[i])} | ${ranged(figure.p99[i])}`).join(" | ")} | ${grown(figure.p50)} | ${grown(figure.p99)} |`);
  }
  const csv = SIZES.map((size) => result.csvMemory.filter((run) => run.size === size));
  lines.push(`| attendee CSV, 20k bookings (median / max of 3) | ${csv.map((runs) => `${ms(runs.map((r) => r.ms).sort((a, b) => a - b)[1])} | ${ms(Math.max(...runs.map((r) => r.ms)))}`).join(" | ")} | – | – |`);
  lines.push(`| attendee CSV: app RSS growth, MB (max of 3) | ${csv.map((runs) => `${Math.max(...runs.map((r) => r.growthMb)).toFixed(1)} | –`).join(" | ")} | – | – |`);
  lines.push(`| data build, s (+ ANALYZE) | ${result.build.map((b) => `${b.seconds.toFixed(1)} (+${b.analyzeSeconds.toFixed(1)}) | –`).join(" | ")} | – | – |`);
  return lines.join("\n");
}

