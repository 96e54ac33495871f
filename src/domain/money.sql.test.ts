import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { selectOverSamples } from "../../test/sql-samples";
import type { Database } from "../server/db/client";
import { events } from "../server/db/schema";
import { allInPricePence, BOOKING_FEE_PENCE } from "./money";
import { allInPricePenceSql } from "./money.sql";

/** allInPricePenceSql answers as allInPricePence does, row by row, in PostgreSQL. */

interface PriceSample {
  pricePence: number;
  absorbsBookingFee: boolean;
}

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

async function bothForms(samples: PriceSample[]) {
  const rows = await selectOverSamples<{ pence: number }>(database.db, {
    table: "events",
    columns: "price_pence int, absorbs_booking_fee boolean",
    samples: samples.map((sample) => ({ price_pence: sample.pricePence, absorbs_booking_fee: sample.absorbsBookingFee })),
    select: sql`${allInPricePenceSql(events)} as pence`,
  });
  return { sqlSays: rows.map((row) => Number(row.pence)), typescriptSays: samples.map((sample) => allInPricePence(sample)) };
}

describe("the SQL form of the all-in price", () => {
  it("agrees with allInPricePence on free, a penny, and an absorbed fee", async () => {
    const samples = [0, 1, 2500].flatMap((pricePence) => [false, true].map((absorbsBookingFee) => ({ pricePence, absorbsBookingFee })));
    const { sqlSays, typescriptSays } = await bothForms(samples);
    expect(sqlSays).toEqual(typescriptSays);
    expect(sqlSays).toEqual([0, 0, 1 + BOOKING_FEE_PENCE, 1, 2500 + BOOKING_FEE_PENCE, 2500]);
  });

  it("agrees with allInPricePence on any price", async () => {
    const sample = fc.record({ pricePence: fc.oneof(fc.constant(0), fc.integer({ min: 0, max: 1_000_000 })), absorbsBookingFee: fc.boolean() });
    await fc.assert(
      fc.asyncProperty(fc.array(sample, { minLength: 1, maxLength: 40 }), async (samples) => {
        const { sqlSays, typescriptSays } = await bothForms(samples);
        expect(sqlSays).toEqual(typescriptSays);
      }),
      { numRuns: 40 },
    );
  });
});
