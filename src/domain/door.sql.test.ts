import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { selectOverSamples } from "../../test/sql-samples";
import type { Database } from "../server/db/client";
import { entryAllowed, exitAllowed, listCoversType, timeRefusal } from "./door";
import { doorTimeOkSql, entryAllowedSql, exitAllowedSql, listCoversTypeSql } from "./door.sql";

/** Each door rule's SQL form (door.sql.ts, the admission statement's) answers as its TypeScript form does (door.ts, the offline scanner's). */

interface DoorSample {
  dateTime: Date;
  endTime: Date | null;
  doorOpensMinutesBefore: number;
  opensAt: Date | null;
  closesAt: Date | null;
  at: Date;
  ticketTypeIds: string[] | null;
  ticketTypeId: string;
  allowMultipleEntries: boolean;
  allowReentry: boolean;
  firstAdmittedAt: Date | null;
  lastMove: "in" | "out" | null;
}

const COLUMNS =
  "date_time timestamptz, end_time timestamptz, door_opens_minutes_before integer, opens_at timestamptz, closes_at timestamptz, at timestamptz, ticket_type_ids uuid[], ticket_type_id uuid, allow_multiple_entries boolean, allow_reentry boolean, first_admitted_at timestamptz, last_move text";
const asRow = (sample: DoorSample) => ({
  date_time: sample.dateTime.toISOString(),
  end_time: sample.endTime?.toISOString() ?? null,
  door_opens_minutes_before: sample.doorOpensMinutesBefore,
  opens_at: sample.opensAt?.toISOString() ?? null,
  closes_at: sample.closesAt?.toISOString() ?? null,
  at: sample.at.toISOString(),
  ticket_type_ids: sample.ticketTypeIds,
  ticket_type_id: sample.ticketTypeId,
  allow_multiple_entries: sample.allowMultipleEntries,
  allow_reentry: sample.allowReentry,
  first_admitted_at: sample.firstAdmittedAt?.toISOString() ?? null,
  last_move: sample.lastMove,
});

const MINUTE = 60_000;
const TYPES = ["00000000-0000-4000-8000-000000000001", "00000000-0000-4000-8000-000000000002", "00000000-0000-4000-8000-000000000003"];
/** The UK clock change of October 2026, and an ordinary evening. */
const DAYS = [Date.UTC(2026, 9, 25, 1), Date.UTC(2027, 0, 16, 19, 30)];
const around = (base: number) => fc.integer({ min: -48, max: 48 }).map((steps) => new Date(base + steps * 15 * MINUTE));

const sampleArb: fc.Arbitrary<DoorSample> = fc.constantFrom(...DAYS).chain((base) =>
  fc.record({
    dateTime: around(base),
    endTime: fc.option(around(base), { nil: null }),
    doorOpensMinutesBefore: fc.constantFrom(0, 15, 180, 600),
    opensAt: fc.option(around(base), { nil: null }),
    closesAt: fc.option(around(base), { nil: null }),
    at: around(base),
    ticketTypeIds: fc.option(fc.subarray(TYPES), { nil: null }),
    ticketTypeId: fc.constantFrom(...TYPES),
    allowMultipleEntries: fc.boolean(),
    allowReentry: fc.boolean(),
    firstAdmittedAt: fc.option(around(base), { nil: null }),
    lastMove: fc.constantFrom(null, "in" as const, "out" as const),
  }),
);

/** The edges: the door opening and closing instants, an empty list of types, a ticket back out. */
const base = DAYS[1]!;
const edge = (overrides: Partial<DoorSample>): DoorSample => ({
  dateTime: new Date(base),
  endTime: null,
  doorOpensMinutesBefore: 180,
  opensAt: null,
  closesAt: null,
  at: new Date(base),
  ticketTypeIds: null,
  ticketTypeId: TYPES[0]!,
  allowMultipleEntries: false,
  allowReentry: false,
  firstAdmittedAt: null,
  lastMove: null,
  ...overrides,
});
const EDGES: DoorSample[] = [
  edge({ at: new Date(base - 180 * MINUTE) }),
  edge({ at: new Date(base - 180 * MINUTE - 1) }),
  edge({ at: new Date(base + 2 * 60 * MINUTE) }),
  edge({ at: new Date(base + 2 * 60 * MINUTE + 1) }),
  edge({ at: new Date(base - 24 * 60 * MINUTE) }),
  edge({ opensAt: new Date(base), at: new Date(base - 1) }),
  edge({ closesAt: new Date(base), at: new Date(base + 1) }),
  edge({ ticketTypeIds: [] }),
  edge({ ticketTypeIds: [TYPES[1]!] }),
  edge({ firstAdmittedAt: new Date(base), lastMove: "out", allowReentry: true }),
  edge({ firstAdmittedAt: new Date(base), lastMove: "out" }),
  edge({ firstAdmittedAt: new Date(base), lastMove: null }),
];

let database: Database;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database.close());

const c = (name: string) => sql`${sql.identifier("door")}.${sql.identifier(name)}`;

async function bothForms(samples: DoorSample[]) {
  const rows = await selectOverSamples<{ time_ok: boolean; covers: boolean; entry: boolean; exit: boolean }>(database.db, {
    table: "door",
    columns: COLUMNS,
    samples: samples.map(asRow),
    select: sql`(${doorTimeOkSql({ dateTime: c("date_time"), endTime: c("end_time"), doorOpensMinutesBefore: c("door_opens_minutes_before") }, { opensAt: c("opens_at"), closesAt: c("closes_at") }, c("at"))}) is true as time_ok,
      (${listCoversTypeSql({ ticketTypeIds: c("ticket_type_ids") }, c("ticket_type_id"))}) is true as covers,
      (${entryAllowedSql({ allowMultipleEntries: c("allow_multiple_entries"), allowReentry: c("allow_reentry") }, { firstAdmittedAt: c("first_admitted_at"), lastMove: c("last_move") })}) is true as entry,
      (${exitAllowedSql({ firstAdmittedAt: c("first_admitted_at"), lastMove: c("last_move") })}) is true as exit`,
  });
  const sqlSays = rows.map((row) => ({ timeOk: row.time_ok, covers: row.covers, entry: row.entry, exit: row.exit }));
  const typescriptSays = samples.map((sample) => {
    const list = { name: "List", opensAt: sample.opensAt, closesAt: sample.closesAt, ticketTypeIds: sample.ticketTypeIds, allowMultipleEntries: sample.allowMultipleEntries, allowReentry: sample.allowReentry };
    const history = { firstAdmittedAt: sample.firstAdmittedAt, lastMove: sample.lastMove };
    return { timeOk: timeRefusal(sample, list, sample.at) === null, covers: listCoversType(list, sample.ticketTypeId), entry: entryAllowed(list, history), exit: exitAllowed(history) };
  });
  return { sqlSays, typescriptSays };
}

describe("the SQL forms of the door's rules", () => {
  it("agree with timeRefusal, listCoversType, entryAllowed and exitAllowed on the edges", async () => {
    const { sqlSays, typescriptSays } = await bothForms(EDGES);
    expect(sqlSays).toEqual(typescriptSays);
    // The edges mean what they say: the door opens exactly three hours before, and closes two hours after a start without an end.
    expect(sqlSays.slice(0, 4).map((row) => row.timeOk)).toEqual([true, false, true, false]);
    expect(sqlSays[4]!.timeOk).toBe(false);
  });

  it("agree with them on any sample", async () => {
    await fc.assert(
      fc.asyncProperty(fc.array(sampleArb, { minLength: 1, maxLength: 40 }), async (samples) => {
        const { sqlSays, typescriptSays } = await bothForms(samples);
        expect(sqlSays).toEqual(typescriptSays);
      }),
      { numRuns: 40 },
    );
  });
});
