// The SQL form of money.ts's all-in price, for the server's price filters and sorts; money.sql.test.ts
// holds it equal to allInPricePence. Kept out of index.ts so the browser's bundle never carries drizzle.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";
import { BOOKING_FEE_PENCE } from "./money";

/**
 * allInPricePence. The fee is inlined (not a parameter) so the expression index of migration 0012
 * (events_all_in_price_idx, which must change with BOOKING_FEE_PENCE) can serve it.
 */
export function allInPricePenceSql(e: { pricePence: SQLWrapper; absorbsBookingFee: SQLWrapper }): SQL<number> {
  return sql<number>`(${e.pricePence} + case when ${e.pricePence} > 0 and not ${e.absorbsBookingFee} then ${sql.raw(String(Number(BOOKING_FEE_PENCE)))} else 0 end)`;
}
