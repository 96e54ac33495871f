import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { rowsOf, type Database } from "../server/db/client";
import { newTicketCode, parseTicketIdentifier, TICKET_CODE_PATTERN } from "./tickets";

/** Migration 0028's new_ticket_code makes codes as newTicketCode does (the tickets a booking's trigger issues). */

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

describe("a ticket code made in SQL", () => {
  it("has the domain's form, the year it was made, and reads back as a ticket code", async () => {
    const madeAt = new Date("2031-12-31T23:30:00Z");
    const rows = rowsOf<{ code: string }>(await database.db.execute(sql`select new_ticket_code(${madeAt.toISOString()}::timestamptz) as code from generate_series(1, 500)`));
    const domain = Array.from({ length: 500 }, () => newTicketCode(madeAt));
    for (const code of [...rows.map((row) => row.code), ...domain]) {
      expect(code).toMatch(TICKET_CODE_PATTERN);
      expect(code.slice(5, 9)).toBe("2031");
      expect(parseTicketIdentifier(code.toLowerCase()).ticketCode).toBe(code);
    }
    // Random, not a sequence: 500 draws of 32 bits almost never meet (p < 3e-5).
    expect(new Set(rows.map((row) => row.code)).size).toBe(500);
  });
});
