import pg from "pg";
import { expect, inject, it } from "vitest";

/** The passing twin of fails.integration.canary.ts: the same run must then exit 0. */
it("passes after a query", async () => {
  const client = new pg.Client({ connectionString: inject("postgresServerUrl") });
  await client.connect();
  const { rows } = await client.query<{ one: number }>("select 1 as one");
  await client.end();
  expect(rows[0]!.one).toBe(1);
});
