/**
 * The listing's plans at each catalogue size, without timing anything over HTTP: builds the scale
 * benchmark's catalogue (bench/scale-data.ts) in a throwaway PostgreSQL, and at each size runs the
 * listing's own statements (captured from listEvents as it sends them) under EXPLAIN (ANALYZE, BUFFERS),
 * both as planned for their values (custom plan) and as the named statement's generic plan, which the
 * server may switch to after five runs. Prints each plan's time, buffers and its top nodes.
 *
 *   node --import tsx bench/scale-explain.ts            (SCALE_SIZES, default 1000,100000)
 */
import pg from "pg";
import { EventListQuery } from "../src/domain";
import { openPostgres } from "../src/server/db/client";
import { listEvents } from "../src/server/features/events/events.service";
import { publicMemoOf } from "../src/server/lib/page-cache/invalidation";
import { createAccount } from "../test/fixtures";
import { startPostgres } from "./postgres";
import { statementsSentBy, type SentStatement } from "./pg-batches";
import { ScaleCatalogue } from "./scale-data";

const SIZES = (process.env.SCALE_SIZES ?? "1000,100000").split(",").map(Number);

type Captured = SentStatement;
const capture = statementsSentBy;

const literal = (client: pg.Client, value: unknown) => {
  if (value === null || value === undefined) return "null";
  if (value instanceof Date) return client.escapeLiteral(value.toISOString());
  if (Array.isArray(value)) return client.escapeLiteral(`{${value.map((v) => JSON.stringify(String(v))).join(",")}}`);
  return client.escapeLiteral(String(value));
};

async function explain(client: pg.Client, label: string, statement: Captured) {
  for (const mode of ["force_custom_plan", "force_generic_plan"] as const) {
    await client.query(`set plan_cache_mode = ${mode}`);
    await client.query("deallocate all");
    await client.query(`prepare probe as ${statement.text}`);
    const execute = statement.values.length ? `execute probe(${statement.values.map((value) => literal(client, value)).join(", ")})` : "execute probe";
    // Twice: the first run reads the pages into shared buffers.
    await client.query(`explain (analyze, buffers) ${execute}`);
    const { rows } = await client.query<{ "QUERY PLAN": string }>(`explain (analyze, buffers) ${execute}`);
    const plan = rows.map((row) => row["QUERY PLAN"]);
    console.log(`\n### ${label}: ${mode === "force_custom_plan" ? "custom plan" : "generic plan"}\n${plan.join("\n")}`);
  }
  await client.query("reset plan_cache_mode");
}

const postgres = await startPostgres();
const database = await openPostgres(postgres.url, 2);
const client = new pg.Client({ connectionString: postgres.url });
try {
  await database.migrate();
  await client.connect();
  const catalogue = new ScaleCatalogue(client);
  const organiser = await createAccount(database.db, { password: "bench-password-1" });
  const buyer = await createAccount(database.db, { password: "bench-password-1" });
  await catalogue.createAccounts();
  let specials = false;
  // The figures are kept as on a listening node, so the second call sends the page alone.
  publicMemoOf(database.db).setOpen(true, 600_000);
  for (const size of SIZES) {
    await catalogue.growCatalogue(size);
    if (!specials) await catalogue.createSpecials({ organiserId: organiser.id, buyerId: buyer.id });
    specials = true;
    await catalogue.rebuildDerived();
    await client.query("vacuum (analyze)");
    await client.query("reset session_replication_role");
    publicMemoOf(database.db).invalidate();
    const { rows } = await client.query("select count(*)::int as events, count(*) filter (where status = 'active' and date_time > now())::int as upcoming from events");
    console.log(`\n## ${size} events: ${JSON.stringify(rows[0])}`);
    for (const [name, raw] of [
      ["API /api/events and SSR /events (24 a page)", {}],
      ["API /api/events?pageSize=50", { pageSize: "50" }],
    ] as const) {
      const listQuery = EventListQuery.parse(raw);
      const withFigures = await capture(() => listEvents({ db: database.db, query: listQuery }));
      const pageOnly = await capture(() => listEvents({ db: database.db, query: listQuery }));
      const listing = (sent: Captured[]) => {
        const found = sent.find((statement) => statement.text.includes("row_number() over"));
        if (!found) throw new Error(`No listing statement among: ${sent.map((statement) => statement.text.slice(0, 80)).join(" | ")}`);
        return found;
      };
      await explain(client, `${size}: ${name}, figures worked out (a miss of the kept figures)`, listing(withFigures));
      await explain(client, `${size}: ${name}, figures kept (the page alone)`, listing(pageOnly));
      publicMemoOf(database.db).invalidate();
    }
  }
} finally {
  await client.end().catch(() => undefined);
  await database.close();
  await postgres.stop();
}
