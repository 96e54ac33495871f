import { sql, type SQL } from "drizzle-orm";
import { LEDGER_SUMS, type LedgerFigure, type LedgerKind } from "./ledger";

/**
 * The SQL form of a ledger figure (src/domain/ledger.ts LEDGER_SUMS): the sum, in pence, of the ledger rows
 * in the group, each kind with its sign. `alias` names the ledger_entries row (`l` unless given); `filter`
 * narrows the rows further (e.g. one affiliate's). Held equal to summariseLedger by ledger.sql.test.ts.
 */
export function ledgerSum(figure: LedgerFigure, alias = "l", filter?: SQL): SQL<number> {
  const row = sql.raw(alias);
  const cases = Object.entries(LEDGER_SUMS[figure]).map(
    ([kind, sign]) => sql`when ${sql.raw(`'${kind}'`)} then ${sign < 0 ? sql`-` : sql``}${row}.amount_pence`,
  );
  const where = filter ? sql` filter (where ${filter})` : sql``;
  return sql<number>`coalesce(sum(case ${row}.kind ${sql.join(cases, sql` `)} end)${where}, 0)::int`.mapWith(Number);
}

/** `kind in (...)` for the kinds a figure is summed from: lets a query read only the rows it sums. */
export function ledgerKindsIn(figure: LedgerFigure, alias = "l"): SQL<boolean> {
  const kinds = Object.keys(LEDGER_SUMS[figure]).map((kind) => `'${kind}'`);
  return sql<boolean>`${sql.raw(alias)}.kind in (${sql.raw(kinds.join(", "))})`;
}

/** The sum of one kind's rows, in pence (a single kind has no sign to apply). */
export function kindSum(kind: LedgerKind, alias = "l"): SQL<number> {
  return sql<number>`coalesce(sum(${sql.raw(alias)}.amount_pence) filter (where ${sql.raw(alias)}.kind = ${sql.raw(`'${kind}'`)}), 0)::int`.mapWith(Number);
}
