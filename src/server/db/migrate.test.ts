import { randomBytes } from "node:crypto";
import pg from "pg";
import { describe, expect, inject, it } from "vitest";
import { openPostgres } from "./client";

describe("migrations on PostgreSQL", () => {
  it("let several nodes start against one empty database at once", async () => {
    const serverUrl = inject("postgresServerUrl");
    const name = `eventora_migrate_${randomBytes(4).toString("hex")}`;
    const admin = new pg.Client({ connectionString: serverUrl });
    await admin.connect();
    await admin.query(`create database ${name}`);
    const url = new URL(serverUrl);
    url.pathname = `/${name}`;
    const nodes = await Promise.all([1, 2, 3].map(() => openPostgres(url.toString(), 2)));
    try {
      await Promise.all(nodes.map((node) => node.migrate()));
      const check = new pg.Client({ connectionString: url.toString() });
      await check.connect();
      const tables = await check.query<{ n: number }>(
        "select count(*)::int as n from information_schema.tables where table_schema = 'public' and table_name in ('events', 'bookings', 'orders')",
      );
      await check.end();
      expect(tables.rows[0]!.n).toBe(3);
    } finally {
      await Promise.all(nodes.map((node) => node.close()));
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    }
  });
});
