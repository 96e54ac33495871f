import pg from "pg";
import { describe, expect, it } from "vitest";
import { freePort } from "../../../test/app-process";
import { createTestDatabase } from "../../../test/database";
import { isDatabaseUnavailable, openPostgres } from "./client";

/** Tells "the database is away, try again" (503) from "this query is wrong" (500) through the wrappers. */
describe("isDatabaseUnavailable", () => {
  it("recognises a server that refuses connections, through Drizzle's wrapper", async () => {
    const unreachable = await openPostgres(`postgres://postgres:postgres@127.0.0.1:${await freePort()}/none`, 1);
    const error = await unreachable.db.execute("select 1").catch((caught: unknown) => caught);
    await unreachable.close();
    expect(isDatabaseUnavailable(error)).toBe(true);
  });

  it("recognises a session ended by the server (57P01) and a connection that dropped", async () => {
    const database = await createTestDatabase();
    const victim = new pg.Client({ connectionString: database.url });
    victim.on("error", () => {});
    await victim.connect();
    const { rows } = await victim.query<{ pid: number }>("select pg_backend_pid() as pid");
    const killer = new pg.Client({ connectionString: database.url });
    await killer.connect();
    const pending = victim.query("select pg_sleep(10)").catch((caught: unknown) => caught);
    await killer.query("select pg_terminate_backend($1)", [rows[0]!.pid]);
    await killer.end();
    expect(isDatabaseUnavailable(await pending)).toBe(true);
    expect(isDatabaseUnavailable(await victim.query("select 1").catch((caught: unknown) => caught))).toBe(true);
    await victim.end().catch(() => {});
    await database.close();
  });

  it("leaves wrong queries and ordinary errors alone", async () => {
    const database = await createTestDatabase();
    expect(isDatabaseUnavailable(await database.db.execute("select * from no_such_table").catch((caught: unknown) => caught))).toBe(false);
    expect(isDatabaseUnavailable(new Error("boom"))).toBe(false);
    expect(isDatabaseUnavailable("ECONNREFUSED")).toBe(false);
    await database.close();
  });
});
