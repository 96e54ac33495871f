import { sql } from "drizzle-orm";
import { summariseLedger, type MoneySummary } from "../../../domain";
import { rowsOf, type Db, type Tx } from "../../db/client";

/**
 * The sales tally (decision 030, migration 0014): per event, UK sale day and kind, the valid tickets,
 * confirmed bookings and ledger pence, kept by triggers as bookings and the ledger change. The dashboard
 * reads it instead of summing every booking and ledger line, so its cost does not grow with sales.
 */
const TALLY_COUNTS = ["tickets", "bookings"] as const;

export interface TallyFigures {
  ticketsSold: number;
  bookings: number;
  money: MoneySummary;
  /** Whether any money moved on the ledger for it (a fully refunded event still shows, at £0). */
  hasMoney: boolean;
}

interface TallyRow {
  key: string;
  kind: string;
  amount: number;
}

/** The tally summed per `key` (an expression over event_id and day), from the folded days and the moves not yet folded, in one statement. */
async function tallyBy(db: Db | Tx, key: "event" | "day", eventIds: string[], sinceDay?: string): Promise<Map<string, TallyFigures>> {
  const figures = new Map<string, TallyFigures>();
  if (!eventIds.length) return figures;
  const ids = sql`${`{${eventIds.join(",")}}`}::uuid[]`;
  const since = sinceDay ? sql`and day >= ${sinceDay}::date` : sql``;
  const keyOf = key === "event" ? sql`event_id::text` : sql`day::text`;
  const result = await db.execute(sql`
    select ${keyOf} as key, kind, sum(amount)::bigint as amount from (
      select event_id, day, kind, amount from sales_tally_days where event_id = any(${ids}) ${since}
      union all
      select event_id, day, kind, amount from sales_tally_moves where event_id = any(${ids}) ${since}
    ) tally
    group by 1, 2`);
  const rows = rowsOf<TallyRow>(result);
  const grouped = new Map<string, TallyRow[]>();
  for (const row of rows) {
    const lines = grouped.get(row.key);
    if (lines) lines.push(row);
    else grouped.set(row.key, [row]);
  }
  for (const [group, lines] of grouped) {
    const count = (kind: (typeof TALLY_COUNTS)[number]) => Number(lines.find((line) => line.kind === kind)?.amount ?? 0);
    const moneyLines = lines.filter((line) => !(TALLY_COUNTS as readonly string[]).includes(line.kind)).map((line) => ({ kind: line.kind, amountPence: Number(line.amount) }));
    figures.set(group, { ticketsSold: count("tickets"), bookings: count("bookings"), money: summariseLedger(moneyLines), hasMoney: moneyLines.length > 0 });
  }
  return figures;
}

/** Each event's valid tickets, confirmed bookings and money (charged, paid back, net). */
export function eventTally(db: Db | Tx, eventIds: string[]): Promise<Map<string, TallyFigures>> {
  return tallyBy(db, "event", eventIds);
}

/** These events' tickets and money per UK day of sale, from `sinceDay` (YYYY-MM-DD); a refund counts against the day its booking was sold. */
export function dailyTally(db: Db | Tx, eventIds: string[], sinceDay: string): Promise<Map<string, TallyFigures>> {
  return tallyBy(db, "day", eventIds, sinceDay);
}

/** The most moves one fold takes (a fold is one short transaction; the job folds again until none are left). */
export const FOLD_BATCH = 10_000;

/**
 * Folds appended moves into the days (the `sales-tally-fold` job): the oldest moves deleted and added to
 * their days in one statement, so a reader (which sums both tables in one snapshot) sees each move once.
 * Two folds at once take disjoint moves (the second skips rows the first deleted). Returns how many moves it folded.
 */
export async function foldSalesTally(db: Db): Promise<number> {
  const result = await db.execute(sql`
    with moved as (
      delete from sales_tally_moves where id in (select id from sales_tally_moves order by id limit ${FOLD_BATCH})
      returning event_id, day, kind, amount
    ),
    summed as (select event_id, day, kind, sum(amount)::bigint as amount from moved group by 1, 2, 3 order by 1, 2, 3),
    folded as (
      insert into sales_tally_days as days (event_id, day, kind, amount) select event_id, day, kind, amount from summed
      on conflict (event_id, day, kind) do update set amount = days.amount + excluded.amount
    )
    select count(*)::int as folded from moved`);
  return Number(rowsOf<{ folded: number }>(result)[0]?.folded ?? 0);
}

/** Where the tally differs from what the bookings and the ledger say it must be (the reconcile's check). */
export async function salesTallyProblems(db: Db): Promise<{ eventId: string; day: string; kind: string; expected: number; tallied: number }[]> {
  const result = await db.execute(sql`
    select coalesce(e.event_id, t.event_id) as event_id, coalesce(e.day, t.day)::text as day, coalesce(e.kind, t.kind) as kind,
           coalesce(e.amount, 0) as expected, coalesce(t.amount, 0) as tallied
    from sales_tally_expected e
    full join (
      select event_id, day, kind, sum(amount)::bigint as amount
      from (select event_id, day, kind, amount from sales_tally_days union all select event_id, day, kind, amount from sales_tally_moves) tally
      group by 1, 2, 3
    ) t on t.event_id = e.event_id and t.day = e.day and t.kind = e.kind
    where coalesce(e.amount, 0) <> coalesce(t.amount, 0)`);
  return rowsOf<{ event_id: string; day: string; kind: string; expected: string; tallied: string }>(result).map((row) => ({ eventId: row.event_id, day: row.day, kind: row.kind, expected: Number(row.expected), tallied: Number(row.tallied) }));
}
