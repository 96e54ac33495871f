import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { selectOverSamples } from "../../test/sql-samples";
import type { Database } from "../server/db/client";
import { bookings } from "../server/db/schema";
import { hasValidTickets } from "./refunds";
import { validBookingSql } from "./refunds.sql";

/** validBookingSql answers as hasValidTickets does, row by row, in PostgreSQL. */

interface BookingSample {
  status: string;
  ticketQuantity: number;
}

const STATUSES = ["confirmed", "refunded", "disputed", "pending", "cancelled"];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function bothForms(samples: BookingSample[]) {
  const rows = await selectOverSamples<{ valid: boolean }>(database.db, {
    table: "bookings",
    columns: "status text, ticket_quantity int",
    samples: samples.map((sample) => ({ status: sample.status, ticket_quantity: sample.ticketQuantity })),
    select: sql`(${validBookingSql(bookings)}) is true as valid`,
  });
  return { sqlSays: rows.map((row) => row.valid), typescriptSays: samples.map((sample) => hasValidTickets(sample)) };
}

describe("the SQL form of a valid booking", () => {
  it("agrees with hasValidTickets on every status, with and without tickets left", async () => {
    const samples = STATUSES.flatMap((status) => [0, 1, 3].map((ticketQuantity) => ({ status, ticketQuantity })));
    const { sqlSays, typescriptSays } = await bothForms(samples);
    expect(sqlSays).toEqual(typescriptSays);
    expect(samples.filter((_, index) => sqlSays[index])).toEqual([
      { status: "confirmed", ticketQuantity: 1 },
      { status: "confirmed", ticketQuantity: 3 },
    ]);
  });

  it("agrees with hasValidTickets on any booking", async () => {
    const sample = fc.record({ status: fc.constantFrom(...STATUSES), ticketQuantity: fc.integer({ min: 0, max: 10 }) });
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 40 }), async (samples) => {
        const { sqlSays, typescriptSays } = await bothForms(samples);
        expect(sqlSays).toEqual(typescriptSays);
      }),
      { numRuns: 40 },
    );
  });
});
