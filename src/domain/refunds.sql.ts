// The SQL form of refunds.ts's valid booking, for the server's queries; refunds.sql.test.ts holds it
// equal to hasValidTickets. Kept out of index.ts so the browser's bundle never carries drizzle.
import { sql, type SQL, type SQLWrapper } from "drizzle-orm";

/** hasValidTickets: confirmed, with tickets not yet refunded. */
export function validBookingSql(b: { status: SQLWrapper; ticketQuantity: SQLWrapper }): SQL<boolean> {
  return sql<boolean>`(${b.status} = 'confirmed' and ${b.ticketQuantity} > 0)`;
}
