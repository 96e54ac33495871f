import { sql } from "drizzle-orm";
import { formatPounds, formatVatInvoiceNumber, vatIncludedIn } from "../../../domain";
import type { VatInvoiceLine } from "../../../domain/receipt-shapes";
import { rowsOf, type Db } from "../../db/client";
import { PLATFORM_ISSUER } from "./document-numbers";

interface CreditNoteProblem {
  orderId: string;
  bookingId: string | null;
  problem: string;
}

/**
 * Every refund of an order with issued VAT invoices is credited by its issuers (decision 036), for reconcile:
 * - each succeeded refund of tickets has a credit note on each invoice whose supply it paid back (its seller's
 *   for the ticket money, the platform's for the booking fee), for exactly what the ledger paid back;
 * - on each order line of an invoice, the VAT its notes credit is the VAT in the gross the refunds paid back
 *   at the invoice's rate (so a line refunded whole is credited its invoiced VAT);
 * - no credit note credits a refund that did not succeed.
 */
export async function creditNoteProblems(db: Db): Promise<CreditNoteProblem[]> {
  const invoices = rowsOf<{ id: string; order_id: string; issuer: string; number: number; lines: VatInvoiceLine[] }>(
    await db.execute(sql`select id, order_id, issuer, number, lines from vat_invoices`),
  );
  if (!invoices.length) return [];
  const paidBack = rowsOf<{ refund_id: string; order_id: string; booking_id: string; event_id: string | null; order_line_id: string | null; tickets: number; fees: number }>(
    await db.execute(sql`
      select r.id as refund_id, r.order_id, r.booking_id, r.event_id, b.order_line_id,
        coalesce(sum(l.amount_pence) filter (where l.kind = 'ticket_refund'), 0)::int as tickets,
        coalesce(sum(l.amount_pence) filter (where l.kind = 'fee_refund'), 0)::int as fees
      from refunds r join bookings b on b.id = r.booking_id
      left join ledger_entries l on l.refund_id = r.id
      where r.status = 'succeeded' and r.order_id in (select order_id from vat_invoices)
      group by r.id, b.order_line_id`),
  );
  const sellers = rowsOf<{ order_id: string; organiser_id: string; event_ids: string[] }>(
    await db.execute(sql`select order_id, organiser_id, event_ids::text[] as event_ids from order_sellers where order_id in (select order_id from vat_invoices)`),
  );
  const notes = rowsOf<{ id: string; refund_id: string; invoice_id: string; order_id: string; refund_status: string | null; lines: { orderLineId: string; grossPence: number; vatPence: number }[]; gross_pence: number }>(
    await db.execute(sql`
      select n.id, n.refund_id, n.invoice_id, n.order_id, r.status as refund_status, n.lines, n.gross_pence
      from vat_credit_notes n left join refunds r on r.id = n.refund_id`),
  );

  const byKey = <T>(rows: T[], key: (row: T) => string) => {
    const map = new Map<string, T[]>();
    for (const row of rows) map.set(key(row), [...(map.get(key(row)) ?? []), row]);
    return (at: string) => map.get(at) ?? [];
  };
  const refundsOf = byKey(paidBack, (row) => row.order_id);
  const sellersOf = byKey(sellers, (row) => row.order_id);
  const notesOf = byKey(notes, (row) => row.invoice_id);

  const problems: CreditNoteProblem[] = [];
  const money = (pence: number) => formatPounds(pence);
  for (const invoice of invoices) {
    const named = `VAT invoice ${formatVatInvoiceNumber(invoice.number)} (${invoice.issuer === PLATFORM_ISSUER ? "the platform" : `seller ${invoice.issuer}`})`;
    const rate = invoice.lines[0]?.vatRateBasisPoints ?? 0;
    const mine = notesOf(invoice.id);
    const grossByLine = new Map<string, number>();
    for (const refund of refundsOf(invoice.order_id)) {
      const seller = sellersOf(invoice.order_id).find((row) => refund.event_id !== null && row.event_ids.includes(refund.event_id));
      const owed = invoice.issuer === PLATFORM_ISSUER ? Number(refund.fees) : seller?.organiser_id === invoice.issuer ? Number(refund.tickets) : 0;
      if (owed <= 0) continue;
      const line = refund.order_line_id ?? "";
      grossByLine.set(line, (grossByLine.get(line) ?? 0) + owed);
      const note = mine.find((candidate) => candidate.refund_id === refund.refund_id);
      const at = { orderId: invoice.order_id, bookingId: refund.booking_id };
      if (!note) problems.push({ ...at, problem: `refund ${refund.refund_id} paid back ${money(owed)} of ${named}, but no credit note credits it` });
      else if (Number(note.gross_pence) !== owed) problems.push({ ...at, problem: `credit note ${note.id} credits ${money(Number(note.gross_pence))} of ${named}, but refund ${refund.refund_id} paid back ${money(owed)}` });
    }
    const vatByLine = new Map<string, number>();
    for (const note of mine) {
      if (note.refund_status !== "succeeded") problems.push({ orderId: invoice.order_id, bookingId: null, problem: `credit note ${note.id} of ${named} credits refund ${note.refund_id}, which is ${note.refund_status ?? "missing"}` });
      for (const line of note.lines) vatByLine.set(line.orderLineId, (vatByLine.get(line.orderLineId) ?? 0) + Number(line.vatPence));
    }
    for (const line of new Set([...grossByLine.keys(), ...vatByLine.keys()])) {
      const expected = vatIncludedIn(grossByLine.get(line) ?? 0, rate);
      const credited = vatByLine.get(line) ?? 0;
      if (credited !== expected) {
        problems.push({ orderId: invoice.order_id, bookingId: null, problem: `the credit notes of ${named} credit ${money(credited)} of VAT on order line ${line}, but its refunds' ${money(grossByLine.get(line) ?? 0)} holds ${money(expected)} at the invoice's rate` });
      }
    }
  }
  return problems;
}
