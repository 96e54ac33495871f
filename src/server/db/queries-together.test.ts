import { sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/node-postgres";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { setUpTestApp } from "../../../test/app";
import { createEvent, createUser, futureDay } from "../../../test/fixtures";
import { eventSettlements } from "../features/ledger/settlement";
import { queriesTogether, type Db } from "./client";
import * as schema from "./schema";

const ctx = setUpTestApp();

/** A Drizzle database on a pool of 3 that records, per connection and in all, how many statements were in flight at once. */
function watchedDb(url: string) {
  const pool = new pg.Pool({ connectionString: url, max: 3 });
  const seen = { mostOnOneConnection: 0, mostInAll: 0 };
  let inAll = 0;
  pool.on("connect", (client) => {
    let onThis = 0;
    const query = client.query.bind(client) as (...args: unknown[]) => Promise<unknown>;
    (client as unknown as { query: (...args: unknown[]) => unknown }).query = (...args: unknown[]) => {
      onThis++;
      inAll++;
      seen.mostOnOneConnection = Math.max(seen.mostOnOneConnection, onThis);
      seen.mostInAll = Math.max(seen.mostInAll, inAll);
      const done = () => {
        onThis--;
        inAll--;
      };
      // The pool passes a callback (and gets no promise back); a transaction's statements await one.
      const callback = args.at(-1);
      if (typeof callback === "function") {
        return query(...args.slice(0, -1), (...results: unknown[]) => {
          done();
          (callback as (...results: unknown[]) => void)(...results);
        });
      }
      const answer = query(...args);
      answer.then(done, done);
      return answer;
    };
  });
  return { db: drizzle(pool, { schema }) as unknown as Db, seen, pool };
}

let watched: ReturnType<typeof watchedDb>;
beforeAll(() => {
  watched = watchedDb(ctx.database.url!);
});
afterAll(async () => watched.pool.end());

const slowly = (db: Db, n: number) => db.execute(sql`select ${n}::int as n from pg_sleep(0.05)`);

describe("queriesTogether: independent queries at once on a pool, one at a time in a transaction", () => {
  it("runs them on several connections at once from the pool, and answers them in order", async () => {
    Object.assign(watched.seen, { mostOnOneConnection: 0, mostInAll: 0 });
    const answers = await queriesTogether(watched.db, [slowly(watched.db, 1), slowly(watched.db, 2), slowly(watched.db, 3)]);
    expect(answers.map((answer) => (answer as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([1, 2, 3]);
    expect(watched.seen.mostInAll).toBeGreaterThan(1);
  });

  it("never sends a statement on a transaction's connection while another is running there (node-postgres 9 refuses it)", async () => {
    Object.assign(watched.seen, { mostOnOneConnection: 0, mostInAll: 0 });
    const answers = await watched.db.transaction((tx) => queriesTogether(tx, [slowly(tx as unknown as Db, 1), slowly(tx as unknown as Db, 2)]));
    expect(answers.map((answer) => (answer as unknown as { rows: { n: number }[] }).rows[0]!.n)).toEqual([1, 2]);
    expect(watched.seen.mostOnOneConnection).toBe(1);
  });

  it("keeps a payout's settlement, read inside its transaction, to one statement at a time", async () => {
    const organiser = await createUser(ctx.db, { username: "settled_in_tx" });
    const event = await createEvent(ctx.db, { userId: organiser.id, title: "Settled", pricePence: 1000, dateTime: futureDay(3) });
    Object.assign(watched.seen, { mostOnOneConnection: 0, mostInAll: 0 });
    await watched.db.transaction((tx) => eventSettlements(tx, [event.id]));
    expect(watched.seen.mostOnOneConnection).toBe(1);
  });
});
