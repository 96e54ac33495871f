import { sql } from "drizzle-orm";
import { absorbedFeePerTicket, bookingFeePerTicket, buyerFeePerTicket, discountPerTicket, formatPounds, LEDGER_KINDS, organiserFee, type CodeEffect } from "../../../domain";
import { rowsOf, type Db } from "../../db/client";
import { kindSum, ledgerSum } from "../../../domain/ledger.sql";
import { creditNoteProblems } from "./credit-note-problems";
import { heldLineProblems } from "./held-lines";
import { salesTallyProblems } from "./sales-tally";
import { ticketProblems } from "./ticket-problems";
import { eventSettlements, type EventSettlement } from "./settlement";
import { QUEUES } from "../../jobs/jobs";
import { createLocalPayments } from "../../providers/payments/local";
import type { PaymentGateway } from "../../providers/payments/payments";
import { askProvider, PROVIDER_LOOKBACK_DAYS, providerProblems, type ProviderAnswer } from "./reconcile-provider";

export interface ReconcileProblem {
  orderId: string | null;
  bookingId: string | null;
  problem: string;
}

export interface ReconcileOptions {
  /** The provider whose payments, refunds and transfers are compared with the ledger; the local provider's records when not given. */
  gateway?: PaymentGateway;
  /** The start of that comparison: PROVIDER_LOOKBACK_DAYS ago when not given. */
  since?: Date;
}

export interface ReconcileReport {
  orders: number;
  chargedPence: number;
  refundedPence: number;
  disputedPence: number;
  /** Charged, less refunded and disputed: what the platform still holds. */
  heldPence: number;
  /** Refunds whose places are back on sale but whose money is still on its way. */
  pendingRefunds: number;
  /** Transfers, platform fees and what is still owed (D23). */
  payouts: PayoutFigures;
  /** The provider the ledger was compared with, and since when. */
  provider: { name: string; since: Date };
  problems: ReconcileProblem[];
}

/**
 * Proves the ledger adds up, for any database (`npm run admin -- reconcile`, decision 027):
 * - every order's charges are what its buyer paid, and nothing is paid back beyond them;
 * - every booking's charge is its tickets and fees as sold, and what remains of its ticket money is its
 *   valid tickets plus any refund still on its way, less what completed refunds paid beyond (or short of)
 *   the price of the tickets they voided (a refund made in Stripe's dashboard can pay back part of a ticket
 *   that stays valid, or the rest of one already partly paid back);
 * - every completed refund is on the ledger for exactly its amounts, under the provider's id, and no money
 *   is paid back on the ledger that no refund accounts for;
 * - every affiliate's earnings are their commission less its reversals, and no reversal exceeds it;
 * - every booking owes the fees of D22 on exactly the right tickets (feeProblems);
 * - the dashboard's sales tally is what the bookings and the ledger say (decision 030);
 * - every order line holds its places exactly while its order does (decision 031);
 * - every order line's price is its ticket type's less its code's discount (when the event, and the code, are
 *   unchanged since the sale) and its fees are the fee rules' for that price (orderLineProblems);
 * - no organiser or affiliate is paid more than is now due, or owed a negative amount, without a reversal
 *   on its way; a disputed order's bookings are all marked disputed (reconcilePayouts);
 * - every refund of an order with VAT invoices is credited by credit notes for exactly what it paid back, with
 *   the VAT that holds at the invoices' rates (creditNoteProblems, decision 036);
 * - the provider's payments, refunds and transfers over the period are the ledger's, and the reverse
 *   (providerProblems: the configured gateway, by default the local provider's own records).
 */
export async function reconcile(db: Db, options: ReconcileOptions = {}): Promise<ReconcileReport> {
  const since = options.since ?? new Date(Date.now() - PROVIDER_LOOKBACK_DAYS * 24 * 3600 * 1000);
  const gateway = options.gateway ?? createLocalPayments({ publicUrl: "", db });
  // The provider first, then every check on one snapshot of the database: the app goes on selling and
  // refunding meanwhile, and statements read at different moments would see half of a refund.
  const answer = await askProvider(db, gateway, since);
  return db.transaction((tx) => reconcileSnapshot(tx, answer, { name: gateway.name, since }), { isolationLevel: "repeatable read", accessMode: "read only" });
}

async function reconcileSnapshot(db: Db, answer: ProviderAnswer, provider: { name: string; since: Date }): Promise<ReconcileReport> {
  const problems: ReconcileProblem[] = [];
  const money = (pence: unknown) => formatPounds(Number(pence));

  const orders = rowsOf<{ order_id: string; status: string; total_pence: number; charged: number; refunded: number; disputed: number }>(
    await db.execute(sql`
      select o.id as order_id, o.status, o.total_pence,
        ${ledgerSum("chargedPence")} as charged,
        ${ledgerSum("refundedPence")} as refunded,
        ${ledgerSum("disputedPence")} as disputed
      from orders o left join ledger_entries l on l.order_id = o.id
      where o.status in ('confirmed', 'refunded') or l.id is not null
      group by o.id`),
  );
  let chargedPence = 0;
  let refundedPence = 0;
  let disputedPence = 0;
  let counted = 0;
  for (const order of orders) {
    const charged = Number(order.charged);
    const refunded = Number(order.refunded);
    const disputed = Number(order.disputed);
    // Orders refunded before the ledger existed have no entries at all: nothing to reconcile.
    if (order.status === "refunded" && charged === 0 && refunded === 0) continue;
    counted++;
    chargedPence += charged;
    refundedPence += refunded;
    disputedPence += disputed;
    if (charged !== Number(order.total_pence)) problems.push({ orderId: order.order_id, bookingId: null, problem: `charged ${money(charged)} on the ledger, but the buyer paid ${money(order.total_pence)}` });
    if (refunded + disputed > charged) problems.push({ orderId: order.order_id, bookingId: null, problem: `paid back ${money(refunded + disputed)}, more than the ${money(charged)} charged` });
  }

  const bookings = rowsOf<{ booking_id: string; order_id: string; status: string; sold: number; fees: number; expected_sold: number; expected_fees: number; tickets_left: number; expected_left: number; commission: number; reversed: number }>(
    await db.execute(sql`
      select b.id as booking_id, ol.order_id, b.status,
        ${ledgerSum("ticketsPence")} as sold,
        ${ledgerSum("feesPence")} as fees,
        (ol.unit_price_pence * (b.ticket_quantity + b.refunded_quantity))::int as expected_sold,
        (ol.fee_per_ticket_pence * (b.ticket_quantity + b.refunded_quantity))::int as expected_fees,
        ${ledgerSum("ticketsKeptPence")} as tickets_left,
        (ol.unit_price_pence * b.ticket_quantity
          + coalesce((select sum(r.ticket_pence) from refunds r where r.booking_id = b.id and r.status <> 'succeeded'), 0)
          - coalesce((select sum(r.ticket_pence - ol.unit_price_pence * r.quantity) from refunds r where r.booking_id = b.id and r.status = 'succeeded'), 0))::int as expected_left,
        ${kindSum("commission")} as commission,
        ${kindSum("commission_reversal")} as reversed
      from bookings b join order_lines ol on ol.id = b.order_line_id
      left join ledger_entries l on l.booking_id = b.id
      group by b.id, ol.id`),
  );
  for (const booking of bookings) {
    const at = { orderId: booking.order_id, bookingId: booking.booking_id };
    if (Number(booking.sold) !== Number(booking.expected_sold) || Number(booking.fees) !== Number(booking.expected_fees)) {
      problems.push({ ...at, problem: `charged ${money(booking.sold)} for tickets and ${money(booking.fees)} in fees, but sold ${money(booking.expected_sold)} and ${money(booking.expected_fees)}` });
    }
    // A disputed booking's money left by chargeback, not by ticket: its tickets are held apart.
    if (booking.status !== "disputed" && Number(booking.tickets_left) !== Number(booking.expected_left)) {
      problems.push({ ...at, problem: `ticket money left is ${money(booking.tickets_left)}, but its valid tickets and refunds on their way come to ${money(booking.expected_left)}` });
    }
    if (Number(booking.reversed) > Number(booking.commission)) problems.push({ ...at, problem: `commission reversed (${money(booking.reversed)}) exceeds the ${money(booking.commission)} earned` });
  }

  const refunds = rowsOf<{ refund_id: string; order_id: string | null; booking_id: string | null; status: string; ticket_pence: number; fee_pence: number; provider_refund_id: string | null; ticket_on_ledger: number; fee_on_ledger: number; refs_ok: boolean }>(
    await db.execute(sql`
      select r.id as refund_id, r.order_id, r.booking_id, r.status, r.ticket_pence, r.fee_pence, r.provider_refund_id,
        ${ledgerSum("ticketsRefundedPence")} as ticket_on_ledger,
        ${ledgerSum("feesRefundedPence")} as fee_on_ledger,
        coalesce(bool_and(l.provider_ref is not distinct from r.provider_refund_id) filter (where l.kind in ('ticket_refund', 'fee_refund')), true) as refs_ok
      from refunds r left join ledger_entries l on l.refund_id = r.id
      group by r.id`),
  );
  let pendingRefunds = 0;
  for (const refund of refunds) {
    const at = { orderId: refund.order_id, bookingId: refund.booking_id };
    if (refund.status !== "succeeded") {
      if (refund.status === "pending") pendingRefunds++;
      if (Number(refund.ticket_on_ledger) + Number(refund.fee_on_ledger) > 0) problems.push({ ...at, problem: `refund ${refund.refund_id} is ${refund.status} but already on the ledger` });
      continue;
    }
    if (!refund.order_id) continue;
    if (Number(refund.ticket_on_ledger) !== Number(refund.ticket_pence) || Number(refund.fee_on_ledger) !== Number(refund.fee_pence)) {
      problems.push({ ...at, problem: `refund ${refund.refund_id} paid ${money(Number(refund.ticket_pence) + Number(refund.fee_pence))}, but the ledger has ${money(Number(refund.ticket_on_ledger) + Number(refund.fee_on_ledger))}` });
    }
    if (Number(refund.ticket_pence) + Number(refund.fee_pence) > 0 && (!refund.provider_refund_id || !refund.refs_ok)) problems.push({ ...at, problem: `refund ${refund.refund_id} is not tied to the provider's refund id` });
  }

  // Money paid back that no refund accounts for: a refund on the ledger must be a refund's (its amounts are checked above).
  const strays = rowsOf<{ order_id: string; booking_id: string | null; kind: string; pence: number }>(
    await db.execute(sql`
      select l.order_id, l.booking_id, l.kind, sum(l.amount_pence)::int as pence
      from ledger_entries l left join refunds r on r.id = l.refund_id
      where l.kind in ('ticket_refund', 'fee_refund') and r.id is null
      group by l.order_id, l.booking_id, l.kind`),
  );
  for (const stray of strays) {
    problems.push({ orderId: stray.order_id, bookingId: stray.booking_id, problem: `${money(stray.pence)} paid back on the ledger (${stray.kind}) that no refund accounts for` });
  }

  const affiliates = rowsOf<{ affiliate_id: string; total_earnings_pence: number; on_ledger: number }>(
    await db.execute(sql`
      select a.id as affiliate_id, a.total_earnings_pence,
        ${ledgerSum("commissionPence")} as on_ledger
      from affiliates a left join ledger_entries l on l.affiliate_id = a.id
      group by a.id`),
  );
  for (const affiliate of affiliates) {
    if (Number(affiliate.total_earnings_pence) !== Number(affiliate.on_ledger)) {
      problems.push({ orderId: null, bookingId: null, problem: `affiliate ${affiliate.affiliate_id} shows earnings of ${money(affiliate.total_earnings_pence)}, but the ledger gives ${money(affiliate.on_ledger)}` });
    }
  }

  problems.push(...(await feeProblems(db)));
  // The dashboard's sales tally (decision 030) must be what the bookings and the ledger say.
  for (const off of await salesTallyProblems(db)) {
    const figure = off.kind === "tickets" || off.kind === "bookings" ? (n: number) => `${n} ${off.kind}` : (n: number) => `${money(n)} of ${off.kind}`;
    problems.push({ orderId: null, bookingId: null, problem: `the sales tally of event ${off.eventId} on ${off.day} shows ${figure(off.tallied)}, but the bookings and ledger give ${figure(off.expected)}` });
  }
  // Each order line's hold must be its order's (decision 031): what every capacity count reads.
  for (const line of await heldLineProblems(db)) {
    problems.push({ orderId: line.orderId, bookingId: null, problem: `order line ${line.lineId} holds until ${line.heldUntil ?? "nothing"}, but its ${line.status} order says ${line.expected ?? "nothing"}` });
  }
  problems.push(...(await orderLineProblems(db)));
  problems.push(...(await ticketProblems(db)));
  problems.push(...(await creditNoteProblems(db)));
  const payouts = await reconcilePayouts(db);
  problems.push(...payouts.problems);
  problems.push(...(await providerProblems(db, answer, provider.since)));

  return { orders: counted, chargedPence, refundedPence, disputedPence, heldPence: chargedPence - refundedPence - disputedPence, pendingRefunds, payouts: payouts.figures, provider, problems };
}

/**
 * The fees each paid booking owes out of its organiser's share (D22, decision 028), from the ledger:
 * - the organiser fee less its reversals is the fee on its valid tickets (organiserFee), plus what refunds
 *   still on their way will take off;
 * - the absorbed booking fee less its reversals is the fee absorbed on every ticket whose booking fee was
 *   not given back: its valid tickets and those a buyer's own request refunded (the fee stays owed, as the
 *   buyer's own fee stays paid), plus what refunds on their way will give back;
 * - every completed refund's fee reversals are on the ledger for exactly what it records.
 * A disputed booking is left out: its whole share is withheld from the payout.
 */
export async function feeProblems(db: Db): Promise<ReconcileProblem[]> {
  const problems: ReconcileProblem[] = [];
  const money = (pence: unknown) => formatPounds(Number(pence));
  const bookings = rowsOf<{
    booking_id: string;
    order_id: string;
    unit: number;
    absorbed_per_ticket: number;
    valid: number;
    kept_fee_tickets: number;
    org_fee: number;
    absorbed: number;
    org_fee_pending: number;
    absorbed_pending: number;
  }>(
    await db.execute(sql`
      select b.id as booking_id, ol.order_id, ol.unit_price_pence as unit, ol.absorbed_fee_per_ticket_pence as absorbed_per_ticket, b.ticket_quantity as valid,
        coalesce((select sum(r.quantity) from refunds r where r.booking_id = b.id and r.source = 'buyer-request' and r.status <> 'failed'), 0)::int as kept_fee_tickets,
        ${ledgerSum("organiserFeesPence")} as org_fee,
        ${ledgerSum("absorbedFeesPence")} as absorbed,
        coalesce((select sum(r.organiser_fee_pence) from refunds r where r.booking_id = b.id and r.status = 'pending'), 0)::int as org_fee_pending,
        coalesce((select sum(r.absorbed_fee_pence) from refunds r where r.booking_id = b.id and r.status = 'pending'), 0)::int as absorbed_pending
      from bookings b join order_lines ol on ol.id = b.order_line_id
      left join ledger_entries l on l.booking_id = b.id
      where b.status <> 'disputed' and exists (select 1 from ledger_entries s where s.entry_key = 'sale:' || b.id)
      group by b.id, ol.id`),
  );
  for (const booking of bookings) {
    const at = { orderId: booking.order_id, bookingId: booking.booking_id };
    const valid = Number(booking.valid);
    const expectedOrgFee = organiserFee(Number(booking.unit), valid) + Number(booking.org_fee_pending);
    if (Number(booking.org_fee) !== expectedOrgFee) {
      problems.push({ ...at, problem: `owes ${money(booking.org_fee)} in organiser fees on the ledger, but the fee on its ${valid} valid ticket${valid === 1 ? "" : "s"} is ${money(expectedOrgFee)}` });
    }
    const keptTickets = valid + Number(booking.kept_fee_tickets);
    const expectedAbsorbed = Number(booking.absorbed_per_ticket) * keptTickets + Number(booking.absorbed_pending);
    if (Number(booking.absorbed) !== expectedAbsorbed) {
      problems.push({ ...at, problem: `owes ${money(booking.absorbed)} in absorbed booking fees on the ledger, but the fee absorbed on the ${keptTickets} ticket${keptTickets === 1 ? "" : "s"} whose fee was not given back is ${money(expectedAbsorbed)}` });
    }
  }

  const refunds = rowsOf<{ refund_id: string; order_id: string | null; booking_id: string | null; organiser_fee_pence: number; absorbed_fee_pence: number; org_on_ledger: number; absorbed_on_ledger: number }>(
    await db.execute(sql`
      select r.id as refund_id, r.order_id, r.booking_id, r.organiser_fee_pence, r.absorbed_fee_pence,
        ${kindSum("organiser_fee_reversal")} as org_on_ledger,
        ${kindSum("absorbed_fee_reversal")} as absorbed_on_ledger
      from refunds r left join ledger_entries l on l.refund_id = r.id
      where r.status = 'succeeded' and r.order_id is not null
      group by r.id`),
  );
  for (const refund of refunds) {
    const at = { orderId: refund.order_id, bookingId: refund.booking_id };
    if (Number(refund.org_on_ledger) !== Number(refund.organiser_fee_pence)) {
      problems.push({ ...at, problem: `refund ${refund.refund_id} takes ${money(refund.organiser_fee_pence)} off the organiser fee, but the ledger has ${money(refund.org_on_ledger)}` });
    }
    if (Number(refund.absorbed_on_ledger) !== Number(refund.absorbed_fee_pence)) {
      problems.push({ ...at, problem: `refund ${refund.refund_id} gives back ${money(refund.absorbed_fee_pence)} of absorbed booking fees, but the ledger has ${money(refund.absorbed_on_ledger)}` });
    }
  }
  return problems;
}

/**
 * Every paid order line against the fee rules (D21, D22): the booking fee per ticket is either paid by the
 * buyer (`fee_per_ticket_pence`) or absorbed by the organiser, never both, never another amount, and none on
 * a free ticket; the line's total is its tickets and fees; the order's totals are its lines'. Order lines keep
 * the unit price paid and the discount per ticket (issue 37), but ticket types and codes keep no price history,
 * so a line's price plus its discount is held to its type's current price only when its event (whose edits are
 * the only way a type changes) has not been edited since the order was made (`events.updated_at`), and its
 * discount to its code's rule only when the code has not been edited since either (`codes.updated_at`).
 */
export async function orderLineProblems(db: Db): Promise<ReconcileProblem[]> {
  const rows = rowsOf<{
    line_id: string;
    order_id: string;
    event_id: string | null;
    quantity: number;
    unit: number;
    discount: number;
    fee: number;
    absorbed: number;
    total: number;
    event_price: number | null;
    event_unchanged: boolean;
    code: string | null;
    effect: CodeEffect | null;
    value: number | null;
    code_unchanged: boolean;
    order_ok: boolean;
  }>(
    await db.execute(sql`
      select ol.id as line_id, ol.order_id, ol.event_id::text, ol.quantity, ol.unit_price_pence as unit, ol.discount_per_ticket_pence as discount, ol.fee_per_ticket_pence as fee, ol.absorbed_fee_per_ticket_pence as absorbed, ol.total_pence as total,
        tt.price_pence as event_price, coalesce(e.updated_at <= o.created_at, false) as event_unchanged,
        c.code, c.effect, c.value, coalesce(c.updated_at <= o.created_at, false) as code_unchanged,
        (o.subtotal_pence + o.fees_pence = o.total_pence
          and o.subtotal_pence = (select sum(x.unit_price_pence * x.quantity) from order_lines x where x.order_id = o.id)
          and o.fees_pence = (select sum(x.fee_per_ticket_pence * x.quantity) from order_lines x where x.order_id = o.id)) as order_ok
      from order_lines ol join orders o on o.id = ol.order_id left join events e on e.id = ol.event_id left join ticket_types tt on tt.id = ol.ticket_type_id
        left join codes c on c.id = ol.code_id
      where o.status in ('confirmed', 'refunded') or o.paid_at is not null`),
  );
  const problems: ReconcileProblem[] = [];
  const money = (pence: unknown) => formatPounds(Number(pence));
  const badOrders = new Set<string>();
  for (const line of rows) {
    const at = { orderId: line.order_id, bookingId: null };
    const [unit, discount, fee, absorbed, quantity] = [Number(line.unit), Number(line.discount), Number(line.fee), Number(line.absorbed), Number(line.quantity)];
    const name = `order line ${line.line_id} (event ${line.event_id})`;
    if (line.event_unchanged && line.event_price !== null && unit + discount !== Number(line.event_price)) {
      const price = Number(line.event_price);
      problems.push({
        ...at,
        problem: discount
          ? `${name} sold tickets at ${money(unit)}, but its ticket type's price, unchanged since, less its discount of ${money(discount)} is ${money(price - discount)}`
          : `${name} sold tickets at ${money(unit)}, but its ticket type's price, unchanged since, is ${money(price)}`,
      });
    }
    if (line.code !== null && line.event_unchanged && line.code_unchanged && line.event_price !== null) {
      const expected = discountPerTicket(Number(line.event_price), { effect: line.effect!, value: Number(line.value) });
      if (discount !== expected) problems.push({ ...at, problem: `${name} took ${money(discount)} off each ticket, but its code ${line.code}, unchanged since, takes ${money(expected)} off its ticket type's price` });
    }
    const feeRule = [false, true].some((absorbs) => fee === buyerFeePerTicket(unit, absorbs) && absorbed === absorbedFeePerTicket(unit, absorbs));
    if (!feeRule) {
      problems.push({ ...at, problem: `${name} charged a booking fee of ${money(fee)} and absorbed ${money(absorbed)} per ticket, but the fee rules give ${money(bookingFeePerTicket(unit))} a ticket at ${money(unit)}, paid by the buyer or absorbed` });
    }
    if (Number(line.total) !== (unit + fee) * quantity) problems.push({ ...at, problem: `${name} totals ${money(line.total)}, but ${quantity} ticket${quantity === 1 ? "" : "s"} at ${money(unit)} + ${money(fee)} come to ${money((unit + fee) * quantity)}` });
    if (!line.order_ok && !badOrders.has(line.order_id)) {
      badOrders.add(line.order_id);
      problems.push({ ...at, problem: "the order's subtotal, fees and total are not its lines' tickets and fees" });
    }
  }
  return problems;
}

/** The report as the admin command prints it. */
export function formatReconcileReport(report: ReconcileReport): string {
  const lines = [
    `Orders on the ledger: ${report.orders}`,
    `Charged ${formatPounds(report.chargedPence)} = refunded ${formatPounds(report.refundedPence)} + disputed ${formatPounds(report.disputedPence)} + held ${formatPounds(report.heldPence)}`,
    formatPayoutIdentity(report.payouts),
    `Refunds on their way: ${report.pendingRefunds}`,
    `Compared with the ${report.provider.name} provider's payments, refunds and transfers since ${report.provider.since.toISOString().slice(0, 16).replace("T", " ")} UTC`,
  ];
  if (!report.problems.length) lines.push("The ledger balances.");
  else {
    lines.push(`${report.problems.length} problem${report.problems.length === 1 ? "" : "s"}:`);
    for (const problem of report.problems) lines.push(`- ${problem.orderId ? `order ${problem.orderId}` : "ledger"}${problem.bookingId ? `, booking ${problem.bookingId}` : ""}: ${problem.problem}`);
  }
  return lines.join("\n");
}

/**
 * The payout side of the ledger (D23), in total and for every event:
 *   charges = transfers (net of reversals) + platform fees (booking fees kept + organiser fees + absorbed
 *   fees − commission) + refunds + disputes + held (owed to organisers and affiliates, and the platform's
 *   undistributed share: disputed bookings' withheld share less what their banks took, and payments that
 *   never became bookings until they are refunded).
 * Charges, transfers, fees and refunds are summed from the ledger by kind; what is owed comes from the
 * event settlements, so a transfer that is not its payout's, or a settlement that misreads the ledger,
 * breaks the identity.
 */
export interface PayoutFigures {
  chargedPence: number;
  transferredPence: number;
  platformFeesPence: number;
  refundedPence: number;
  disputedPence: number;
  heldPence: number;
  owedToOrganisersPence: number;
  owedToAffiliatesPence: number;
  undistributedPence: number;
}

export async function reconcilePayouts(db: Db): Promise<{ figures: PayoutFigures; problems: ReconcileProblem[] }> {
  const problems: ReconcileProblem[] = [];
  const money = (pence: unknown) => formatPounds(Number(pence));
  const problem = (text: string) => problems.push({ orderId: null, bookingId: null, problem: text });

  const sums = rowsOf<{ event_id: string | null; affiliate_id: string | null; kind: string; pence: number }>(
    await db.execute(sql`select event_id::text, affiliate_id::text, kind, sum(amount_pence)::int as pence from ledger_entries group by event_id, affiliate_id, kind`),
  );
  type Kinds = Record<string, number>;
  const byEvent = new Map<string | null, Kinds>();
  const commissionEver = new Map<string, number>();
  for (const row of sums) {
    const kinds = byEvent.get(row.event_id) ?? {};
    kinds[row.kind] = (kinds[row.kind] ?? 0) + Number(row.pence);
    byEvent.set(row.event_id, kinds);
    if (row.kind === "commission" && row.affiliate_id) commissionEver.set(`${row.event_id}:${row.affiliate_id}`, Number(row.pence));
  }
  const of = (kinds: Kinds | undefined, ...names: string[]) => names.reduce((sum, name) => sum + (kinds?.[name] ?? 0), 0);
  const direct = (kinds: Kinds | undefined) => ({
    charged: of(kinds, "ticket_sale", "booking_fee"),
    transferred: of(kinds, "transfer") - of(kinds, "transfer_reversal"),
    platformFees:
      of(kinds, "booking_fee") - of(kinds, "fee_refund") + of(kinds, "organiser_fee") - of(kinds, "organiser_fee_reversal") + of(kinds, "absorbed_fee") - of(kinds, "absorbed_fee_reversal") - of(kinds, "commission") + of(kinds, "commission_reversal"),
    refunded: of(kinds, "ticket_refund", "fee_refund"),
    disputed: of(kinds, "dispute"),
  });

  const eventIds = [...byEvent.keys()].filter((id): id is string => id !== null);
  const settlements = new Map<string, EventSettlement>();
  for (let start = 0; start < eventIds.length; start += 500) for (const [id, settlement] of await eventSettlements(db, eventIds.slice(start, start + 500))) settlements.set(id, settlement);

  const payoutsOf = await payoutIdsByPayee(db);
  const reversalPending = await eventsWithReversalPending(db);
  let owedToOrganisersPence = 0;
  let owedToAffiliatesPence = 0;
  let withheldPence = 0;
  let disputedFeesPence = 0;
  for (const eventId of eventIds) {
    const settlement = settlements.get(eventId);
    const figures = direct(byEvent.get(eventId));
    const owedToOrganiser = settlement ? settlement.organiserDuePence - settlement.organiserTransferredPence : 0;
    const owedToAffiliates = settlement ? settlement.affiliates.reduce((sum, affiliate) => sum + affiliate.duePence - affiliate.transferredPence, 0) : 0;
    // A disputed booking's money left with the dispute: its share is withheld and its fees are no longer the platform's.
    const withheld = (settlement?.disputedSharePence ?? 0) + (settlement?.disputedFeesPence ?? 0);
    figures.platformFees -= settlement?.disputedFeesPence ?? 0;
    owedToOrganisersPence += owedToOrganiser;
    owedToAffiliatesPence += owedToAffiliates;
    withheldPence += withheld;
    disputedFeesPence += settlement?.disputedFeesPence ?? 0;
    const held = owedToOrganiser + owedToAffiliates + withheld;
    const accounted = figures.transferred + figures.platformFees + figures.refunded + held;
    if (figures.charged !== accounted) {
      problem(`event ${eventId}: charged ${money(figures.charged)}, but transfers ${money(figures.transferred)} + platform fees ${money(figures.platformFees)} + refunds ${money(figures.refunded)} + held ${money(held)} come to ${money(accounted)}`);
    }
    // Paid more than is now due (a refund or dispute after the payout), or owing a negative amount, is a loss
    // unless a reversal is on its way (payout-settle queued, or a reversal not yet made).
    if (!settlement || reversalPending.has(eventId)) continue;
    const payee = (name: string, due: number, transferred: number, payoutIds: string[] | undefined) => {
      if (due - transferred >= 0) return;
      if (transferred > 0) problem(`event ${eventId}: ${name} was paid ${money(transferred)} (payout ${(payoutIds ?? []).join(", ")}), more than the ${money(due)} now due, and no reversal is pending`);
      else problem(`event ${eventId}: ${name} is owed ${money(due - transferred)}, a negative amount, and no reversal is pending`);
    };
    payee("its organiser", settlement.organiserDuePence, settlement.organiserTransferredPence, payoutsOf.get(`${eventId}:organiser:`));
    for (const affiliate of settlement.affiliates) payee(`affiliate ${affiliate.affiliateId}`, affiliate.duePence, affiliate.transferredPence, payoutsOf.get(`${eventId}:affiliate:${affiliate.affiliateId}`));
  }

  const total = direct(Object.fromEntries(LEDGER_KINDS.map((kind) => [kind, [...byEvent.values()].reduce((sum, kinds) => sum + (kinds[kind] ?? 0), 0)])));
  total.platformFees -= disputedFeesPence;
  const unattached = byEvent.get(null);
  // Payments that never became bookings (no event): their ticket money is held until refunded (their fee is counted as a platform fee).
  const undistributedPence = withheldPence - total.disputed + of(unattached, "ticket_sale") - of(unattached, "ticket_refund");
  const heldPence = owedToOrganisersPence + owedToAffiliatesPence + undistributedPence;
  const accounted = total.transferred + total.platformFees + total.refunded + total.disputed + heldPence;
  if (total.charged !== accounted) problem(`charged ${money(total.charged)} in all, but transfers, platform fees, refunds, disputes and held come to ${money(accounted)}`);
  problems.push(...(await disputeProblems(db)));

  const paidOut = rowsOf<{ payout_id: string; status: string; amount_pence: number; provider_transfer_id: string | null; payee_kind: string; event_id: string; affiliate_id: string | null; entries: number; on_ledger: number; refs_ok: boolean; net: number }>(
    await db.execute(sql`
      select p.id as payout_id, p.status, p.amount_pence, p.provider_transfer_id, p.payee_kind, p.event_id::text, p.affiliate_id::text,
        count(l.id) filter (where l.kind = 'transfer')::int as entries,
        ${kindSum("transfer")} as on_ledger,
        coalesce(bool_and(l.provider_ref is not distinct from p.provider_transfer_id and l.event_id is not distinct from p.event_id and l.entry_key = 'transfer:' || p.id::text) filter (where l.kind = 'transfer'), true) as refs_ok,
        ${ledgerSum("transferredPence")} as net
      from payouts p left join ledger_entries l on l.payout_id = p.id
      group by p.id`),
  );
  const transferIds = new Map<string, string>();
  for (const payout of paidOut) {
    const name = `payout ${payout.payout_id}`;
    if (payout.status !== "paid") {
      if (Number(payout.entries) > 0) problem(`${name} is ${payout.status} but has a transfer on the ledger`);
      continue;
    }
    if (!payout.provider_transfer_id) problem(`${name} is paid without the provider's transfer id`);
    else if (transferIds.has(payout.provider_transfer_id)) problem(`${name} has the same transfer ${payout.provider_transfer_id} as payout ${transferIds.get(payout.provider_transfer_id)}`);
    else transferIds.set(payout.provider_transfer_id, payout.payout_id);
    if (Number(payout.entries) !== 1 || Number(payout.on_ledger) !== Number(payout.amount_pence)) {
      problem(`${name} paid ${money(payout.amount_pence)}, but the ledger has ${Number(payout.entries)} transfer ${Number(payout.entries) === 1 ? "entry" : "entries"} for ${money(payout.on_ledger)}`);
    } else if (!payout.refs_ok) problem(`${name} is not on the ledger under its transfer ${payout.provider_transfer_id}`);
    // What was ever due: the share before any refund or dispute (the organiser), the commission earned (an affiliate).
    const kinds = byEvent.get(payout.event_id);
    const everDue =
      payout.payee_kind === "organiser"
        ? of(kinds, "ticket_sale") - of(kinds, "organiser_fee") + of(kinds, "organiser_fee_reversal") - of(kinds, "absorbed_fee") + of(kinds, "absorbed_fee_reversal")
        : (commissionEver.get(`${payout.event_id}:${payout.affiliate_id}`) ?? 0);
    if (Number(payout.net) > everDue) problem(`${name} transferred ${money(payout.net)}, more than the ${money(everDue)} ever due to its payee`);
  }

  const reversals = rowsOf<{ reversal_id: string; status: string; amount_pence: number; provider_reversal_id: string | null; entries: number; on_ledger: number; refs_ok: boolean }>(
    await db.execute(sql`
      select r.id as reversal_id, r.status, r.amount_pence, r.provider_reversal_id,
        count(l.id)::int as entries, coalesce(sum(l.amount_pence), 0)::int as on_ledger,
        coalesce(bool_and(l.provider_ref is not distinct from r.provider_reversal_id and l.payout_id = r.payout_id), true) as refs_ok
      from payout_reversals r left join ledger_entries l on l.kind = 'transfer_reversal' and l.entry_key = 'reversal:' || r.id::text
      group by r.id`),
  );
  for (const reversal of reversals) {
    const name = `transfer reversal ${reversal.reversal_id}`;
    if (reversal.status !== "succeeded") {
      if (Number(reversal.entries) > 0) problem(`${name} is ${reversal.status} but already on the ledger`);
      continue;
    }
    if (Number(reversal.entries) !== 1 || Number(reversal.on_ledger) !== Number(reversal.amount_pence)) problem(`${name} took back ${money(reversal.amount_pence)}, but the ledger has ${money(reversal.on_ledger)}`);
    else if (!reversal.provider_reversal_id || !reversal.refs_ok) problem(`${name} is not on the ledger under the provider's reversal id`);
  }

  const strays = rowsOf<{ entry_key: string; kind: string; pence: number }>(
    await db.execute(sql`
      select l.entry_key, l.kind, l.amount_pence as pence
      from ledger_entries l
      left join payouts p on p.id = l.payout_id
      left join payout_reversals r on l.kind = 'transfer_reversal' and l.entry_key = 'reversal:' || r.id::text
      where l.kind in ('transfer', 'transfer_reversal')
        and (p.id is null or (l.kind = 'transfer_reversal' and (r.id is null or r.payout_id <> p.id)))`),
  );
  for (const stray of strays) problem(`${money(stray.pence)} ${stray.kind === "transfer" ? "transferred" : "taken back"} on the ledger (${stray.entry_key}) that no payout accounts for`);

  return {
    figures: {
      chargedPence: total.charged,
      transferredPence: total.transferred,
      platformFeesPence: total.platformFees,
      refundedPence: total.refunded,
      disputedPence: total.disputed,
      heldPence,
      owedToOrganisersPence,
      owedToAffiliatesPence,
      undistributedPence,
    },
    problems,
  };
}

/** Each (event, payee kind, affiliate)'s payouts, for naming them: `{event}:organiser:` or `{event}:affiliate:{affiliate}`. */
async function payoutIdsByPayee(db: Db): Promise<Map<string, string[]>> {
  const rows = rowsOf<{ key: string; ids: string[] }>(
    await db.execute(sql`select p.event_id::text || ':' || p.payee_kind || ':' || coalesce(p.affiliate_id::text, '') as key, array_agg(p.id::text order by p.created_at) as ids from payouts p where p.status = 'paid' group by 1`),
  );
  return new Map(rows.map((row) => [row.key, row.ids]));
}

/** Events whose payouts are being brought down to what is due: a reversal not yet made, or a settle queued (payout-settle). */
async function eventsWithReversalPending(db: Db): Promise<Set<string>> {
  const reversals = rowsOf<{ event_id: string }>(
    await db.execute(sql`select distinct p.event_id::text as event_id from payout_reversals r join payouts p on p.id = r.payout_id where r.status = 'pending'`),
  );
  const ids = new Set(reversals.map((row) => row.event_id));
  const [queue] = rowsOf<{ queue: string | null }>(await db.execute(sql`select to_regclass('pgboss.job')::text as queue`));
  if (queue?.queue) {
    const queued = rowsOf<{ event_id: string }>(
      await db.execute(sql`select distinct data->>'eventId' as event_id from pgboss.job where name = ${QUEUES.payoutSettle} and state in ('created', 'retry', 'active')`),
    );
    for (const row of queued) ids.add(row.event_id);
  }
  return ids;
}

/**
 * A dispute takes an order's money back through the buyer's bank: every booking of the order that still had
 * money must be marked disputed (its share withheld, its fees no longer the platform's), and the bank cannot
 * have taken more than those bookings held.
 */
async function disputeProblems(db: Db): Promise<ReconcileProblem[]> {
  const rows = rowsOf<{ order_id: string; disputed: number; held: number; booking_id: string | null }>(
    await db.execute(sql`
      with disputed as (select order_id, sum(amount_pence)::int as disputed from ledger_entries where kind = 'dispute' group by order_id)
      select d.order_id, d.disputed,
        (select ${ledgerSum("chargedPence")} - ${ledgerSum("refundedPence")}
          from ledger_entries l join bookings b on b.id = l.booking_id where l.order_id = d.order_id and b.status = 'disputed') as held,
        (select b.id::text from bookings b join order_lines ol on ol.id = b.order_line_id where ol.order_id = d.order_id and b.status <> 'disputed' and b.ticket_quantity > 0 limit 1) as booking_id
      from disputed d`),
  );
  const problems: ReconcileProblem[] = [];
  for (const row of rows) {
    if (row.booking_id) {
      problems.push({ orderId: row.order_id, bookingId: row.booking_id, problem: `the order was disputed (${formatPounds(Number(row.disputed))} taken back by the bank), but this booking is not marked disputed: its fees still count as the platform's` });
    } else if (Number(row.disputed) > Number(row.held)) {
      problems.push({ orderId: row.order_id, bookingId: null, problem: `the bank took back ${formatPounds(Number(row.disputed))}, more than the ${formatPounds(Number(row.held))} its disputed bookings held` });
    }
  }
  return problems;
}

/** The payout identity line of the report. */
export function formatPayoutIdentity(figures: PayoutFigures): string {
  const f = formatPounds;
  return (
    `Charges ${f(figures.chargedPence)} = transfers ${f(figures.transferredPence)} + platform fees ${f(figures.platformFeesPence)} + refunds ${f(figures.refundedPence)}` +
    ` + disputes ${f(figures.disputedPence)} + held ${f(figures.heldPence)} (owed to organisers ${f(figures.owedToOrganisersPence)}, to affiliates ${f(figures.owedToAffiliatesPence)}; the platform's undistributed ${f(figures.undistributedPence)})`
  );
}
