import { sql } from "drizzle-orm";
import { rowsOf, type Db } from "../../db/client";

interface TicketProblem {
  orderId: string | null;
  bookingId: string | null;
  problem: string;
}

/**
 * A booking's tickets are its places (issue 36, decision 041), for reconcile: its valid tickets are as many as
 * the places it still holds (ticket_quantity, which capacity and the ledger's money count) and its refunded
 * ones as many as it gave back; a refund that names its tickets took back as many as it paid for, all of its
 * own booking.
 */
export async function ticketProblems(db: Db): Promise<TicketProblem[]> {
  const problems: TicketProblem[] = [];
  const bookings = rowsOf<{ booking_id: string; order_id: string | null; ticket_quantity: number; refunded_quantity: number; valid: number; refunded: number }>(
    await db.execute(sql`
      select b.id as booking_id, ol.order_id, b.ticket_quantity, b.refunded_quantity,
        count(k.id) filter (where k.status = 'valid')::int as valid, count(k.id) filter (where k.status = 'refunded')::int as refunded
      from bookings b left join order_lines ol on ol.id = b.order_line_id left join tickets k on k.booking_id = b.id
      group by b.id, ol.order_id
      having count(k.id) filter (where k.status = 'valid') <> b.ticket_quantity or count(k.id) filter (where k.status = 'refunded') <> b.refunded_quantity`),
  );
  for (const row of bookings) {
    problems.push({
      orderId: row.order_id,
      bookingId: row.booking_id,
      problem: `holds ${row.ticket_quantity} place${Number(row.ticket_quantity) === 1 ? "" : "s"} and has refunded ${row.refunded_quantity}, but its tickets are ${row.valid} valid and ${row.refunded} refunded`,
    });
  }
  const refunds = rowsOf<{ refund_id: string; order_id: string | null; booking_id: string | null; quantity: number; tickets: number; strangers: number }>(
    await db.execute(sql`
      select f.id as refund_id, f.order_id, f.booking_id, f.quantity, count(k.id)::int as tickets,
        count(k.id) filter (where k.booking_id is distinct from f.booking_id or k.status <> 'refunded')::int as strangers
      from refunds f join tickets k on k.refund_id = f.id
      group by f.id
      having count(k.id) <> f.quantity or count(k.id) filter (where k.booking_id is distinct from f.booking_id or k.status <> 'refunded') > 0`),
  );
  for (const row of refunds) {
    const problem =
      Number(row.strangers) > 0
        ? `refund ${row.refund_id} names ${row.strangers} ticket${Number(row.strangers) === 1 ? "" : "s"} of another booking or still valid`
        : `refund ${row.refund_id} paid for ${row.quantity} ticket${Number(row.quantity) === 1 ? "" : "s"}, but took back ${row.tickets}`;
    problems.push({ orderId: row.order_id, bookingId: row.booking_id, problem });
  }
  return problems;
}
