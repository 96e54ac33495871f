import fc from "fast-check";
import { sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestDatabase } from "../../test/database";
import { rowsOf } from "../server/db/client";
import { LEDGER_KINDS, LEDGER_SUMS, summariseLedger, type LedgerFigure, type LedgerLine } from "./ledger";
import { ledgerKindsIn, ledgerSum } from "./ledger.sql";

let database: Awaited<ReturnType<typeof createTestDatabase>>;
beforeAll(async () => {
  database = await createTestDatabase();
});
afterAll(() => database?.close());

const FIGURES = Object.keys(LEDGER_SUMS) as LedgerFigure[];

/** Every figure of the lines as PostgreSQL sums them through ledgerSum. */
async function sumsInSql(lines: { kind: string; amount_pence: number }[]): Promise<Record<string, number>> {
  const columns = sql.join(
    FIGURES.map((figure) => sql`${ledgerSum(figure)} as ${sql.identifier(figure)}`),
    sql`, `,
  );
  const [row] = rowsOf<Record<string, number>>(
    await database.db.execute(sql`select ${columns} from jsonb_to_recordset(${JSON.stringify(lines)}::jsonb) as l(kind text, amount_pence int)`),
  );
  return Object.fromEntries(Object.entries(row!).map(([figure, value]) => [figure, Number(value)]));
}

const line = fc.record({ kind: fc.constantFrom(...LEDGER_KINDS), amountPence: fc.integer({ min: 1, max: 5_000_000 }) });

describe("the ledger's sums in SQL (ledger.sql.ts) and in TypeScript (summariseLedger) agree", () => {
  it("over no lines, one line of each kind, and random mixes", async () => {
    const samples: LedgerLine[][] = [[], ...LEDGER_KINDS.map((kind) => [{ kind, amountPence: 123 }]), ...fc.sample(fc.array(line, { maxLength: 40 }), 60)];
    for (const lines of samples) expect(await sumsInSql(lines.map(({ kind, amountPence }) => ({ kind, amount_pence: amountPence })))).toEqual({ ...summariseLedger(lines) });
  });

  it("reads only the kinds a figure sums", async () => {
    for (const figure of FIGURES) {
      const [row] = rowsOf<{ kinds: string[] }>(
        await database.db.execute(
          sql`select coalesce(array_agg(l.kind order by l.kind), '{}') as kinds from unnest(${sql.raw(`array[${LEDGER_KINDS.map((k) => `'${k}'`).join(",")}]`)}) as l(kind) where ${ledgerKindsIn(figure)}`,
        ),
      );
      expect(row!.kinds.sort()).toEqual(Object.keys(LEDGER_SUMS[figure]).sort());
    }
  });
});

describe("the table of signs", () => {
  it("says what each figure means", () => {
    const one = (kind: string, amountPence = 100) => ({ kind, amountPence });
    const money = summariseLedger([one("ticket_sale", 1000), one("booking_fee", 230), one("ticket_refund", 400), one("fee_refund", 230), one("dispute", 100), one("organiser_fee", 59), one("organiser_fee_reversal", 20), one("commission", 50), one("commission_reversal", 10), one("transfer", 500), one("transfer_reversal", 40)]);
    expect(money).toMatchObject({ chargedPence: 1230, refundedPence: 630, remainingPence: 500, organiserFeesPence: 39, organiserSharePence: 561, commissionPence: 40, transferredPence: 460 });
  });
});
