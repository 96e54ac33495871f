import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { sql, type SQL } from "drizzle-orm";
import type { FastifyBaseLogger } from "fastify";
import { ANONYMISED_EMAIL, ANONYMISED_NAME, ERASED_NAME, RETENTION } from "../../../domain";
import { eventEndSql } from "../../../domain/events.sql";
import { rowsOf, type Db } from "../../db/client";
import { bookings, contactMessages, doorAccess, events, feeStatements, ledgerEntries, orderLines, orderSellers, orders, outboxMessages, rateLimits, refundRequests, refunds, scans, sessions, ticketChanges, tickets, vatCreditNotes, vatInvoices, verifications } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";

/** Every day at 04:15 UK time, a quiet hour before the reconcile (05:30), which then checks what this left. */
export const RETENTION_SCHEDULE = "15 4 * * *";
/** Rows changed or deleted per statement: a backlog (the first run on old data) is worked through in short transactions. */
export const RETENTION_BATCH = 1000;

const REMOVED_TEXT = "Removed after the retention period.";
/** Written out, not a parameter, so the planner matches the partial indexes of migration 0026 (orders_retention_idx, bookings_retention_idx). */
const notAnonymised = sql.raw(`attendee_email <> '${ANONYMISED_EMAIL}'`);

export type RetentionReport = Record<
  "ordersAnonymised" | "bookingsAnonymised" | "ticketsAnonymised" | "refundRequestsAnonymised" | "refundsAnonymised" | "sellersAnonymised" | "invoicesAnonymised" | "feeStatementsAnonymised" | "erasedTicketsAnonymised" | "unpaidCheckoutsDeleted" | "contactMessagesDeleted" | "scansDeleted" | "doorAccessDeleted" | "rateLimitsDeleted" | "sessionsDeleted" | "verificationsDeleted" | "outboxMessagesDeleted",
  number
>;

/** Runs one statement over batches of `RETENTION_BATCH` rows (its `limit`) until a batch comes back short. */
async function inBatches(run: (limit: number) => Promise<{ id: unknown }[]>): Promise<number> {
  let total = 0;
  for (;;) {
    const done = (await run(RETENTION_BATCH)).length;
    total += done;
    if (done < RETENTION_BATCH) return total;
  }
}

/**
 * Enforces every period of RETENTION (issue 34), which the privacy notice states: financial records six years
 * after the booking keep their amounts and lose their names and e-mail addresses (so reconcile still balances);
 * unpaid checkouts, old contact messages, the door's old scan logs and ended door access, spent rate-limit
 * counters, expired sessions and sign-in codes, and the dev outbox's old mail are deleted; an erased account's
 * tickets lose the name the door needed once their event has ended. Idempotent: what is done is never selected
 * again.
 */
export async function runRetention({ db, dataDir, now = new Date() }: { db: Db; dataDir: string; now?: Date }): Promise<RetentionReport> {
  const at = sql`${now.toISOString()}::timestamptz`;
  const financialCutoff = sql`${at} - make_interval(years => ${RETENTION.financialRecordsYears})`;
  const exec = async (query: SQL) => rowsOf<{ id: unknown }>(await db.execute(query));

  // The six-year records, each from its own booking time: an order's payment, a booking's sale, a request's booking.
  // The names an order's lines carried (issue 36) go before the order, whose not-yet-anonymised index finds them.
  await inBatches((limit) =>
    exec(sql`update ${orderLines} set attendees = null
      where id in (select ol.id from ${orders} o join ${orderLines} ol on ol.order_id = o.id
        where coalesce(o.paid_at, o.created_at) < ${financialCutoff} and o.${notAnonymised} and ol.attendees is not null limit ${limit}) returning id`),
  );
  const ordersAnonymised = await inBatches((limit) =>
    exec(sql`update ${orders} set attendee_name = ${ANONYMISED_NAME}, attendee_email = ${ANONYMISED_EMAIL}, refund_reason = case when refund_reason is null then null else ${REMOVED_TEXT} end
      where id in (select id from ${orders} where coalesce(paid_at, created_at) < ${financialCutoff} and ${notAnonymised} limit ${limit}) returning id`),
  );
  // A booking's tickets go with it (issue 36), before the booking, whose
  // not-yet-anonymised index finds them.
  const ticketsAnonymised = await inBatches((limit) =>
    exec(sql`update ${tickets} set attendee_name = ${ANONYMISED_NAME}, attendee_email = null
      where id in (select k.id from ${bookings} b join ${tickets} k on k.booking_id = b.id
        where b.created_at < ${financialCutoff} and b.${notAnonymised} and k.attendee_name <> ${ANONYMISED_NAME} limit ${limit}) returning id`),
  );
  await inBatches((limit) =>
    exec(sql`update ${ticketChanges} set from_name = ${ANONYMISED_NAME}, from_email = null, to_name = ${ANONYMISED_NAME}, to_email = null
      where id in (select c.id from ${ticketChanges} c where c.created_at < ${financialCutoff} and c.from_name <> ${ANONYMISED_NAME} limit ${limit}) returning id`),
  );
  const bookingsAnonymised = await inBatches((limit) =>
    exec(sql`update ${bookings} set attendee_name = ${ANONYMISED_NAME}, attendee_email = ${ANONYMISED_EMAIL}, ticket_email_error = null
      where id in (select id from ${bookings} where created_at < ${financialCutoff} and ${notAnonymised} limit ${limit}) returning id`),
  );
  const refundRequestsAnonymised = await inBatches((limit) =>
    exec(sql`update ${refundRequests} r set reason = ${REMOVED_TEXT}, decision_note = null
      where r.id in (select rr.id from ${refundRequests} rr join ${bookings} b on b.id = rr.booking_id
        where b.created_at < ${financialCutoff} and rr.reason <> ${REMOVED_TEXT} limit ${limit}) returning r.id as id`),
  );
  const refundsAnonymised = await inBatches((limit) =>
    exec(sql`update ${refunds} set reason = ${REMOVED_TEXT}, failure = null
      where id in (select f.id from ${refunds} f left join ${orders} o on o.id = f.order_id left join ${bookings} b on b.id = f.booking_id
        where coalesce(o.paid_at, o.created_at, b.created_at, f.created_at) < ${financialCutoff} and f.reason <> ${REMOVED_TEXT} limit ${limit}) returning id`),
  );
  // The seller named on a receipt may be a private person (a sole trader's name and home address).
  const sellersAnonymised = await inBatches((limit) =>
    exec(sql`update ${orderSellers} s set name = ${ANONYMISED_NAME}, business_name = null, display_name = null, address = null, vat_number = null, vat_rate_basis_points = null, company_number = null
      where (s.order_id, s.organiser_id) in (
        select s2.order_id, s2.organiser_id from ${orderSellers} s2 join ${orders} o2 on o2.id = s2.order_id
        where coalesce(o2.paid_at, o2.created_at) < ${financialCutoff} and s2.name <> ${ANONYMISED_NAME} limit ${limit})
      returning s.order_id as id`),
  );
  const invoicesAnonymised =
    (await inBatches((limit) =>
      exec(sql`update ${vatInvoices} set buyer_name = ${ANONYMISED_NAME}, buyer_address = ${ANONYMISED_NAME}, seller_name = ${ANONYMISED_NAME}, seller_address = null
      where id in (select i.id from ${vatInvoices} i join ${orders} o on o.id = i.order_id
        where coalesce(o.paid_at, o.created_at) < ${financialCutoff} and i.buyer_name <> ${ANONYMISED_NAME} limit ${limit}) returning id`),
    )) +
    // Their credit notes copy the same parties (decision 036), and go with them.
    (await inBatches((limit) =>
      exec(sql`update ${vatCreditNotes} set buyer_name = ${ANONYMISED_NAME}, buyer_address = ${ANONYMISED_NAME}, seller_name = ${ANONYMISED_NAME}, seller_address = null
      where id in (select n.id from ${vatCreditNotes} n join ${orders} o on o.id = n.order_id
        where coalesce(o.paid_at, o.created_at) < ${financialCutoff} and n.buyer_name <> ${ANONYMISED_NAME} limit ${limit}) returning id`),
    ));
  const feeStatementsAnonymised = await inBatches((limit) =>
    exec(sql`update ${feeStatements} set recipient = recipient || jsonb_build_object('name', ${ANONYMISED_NAME}::text, 'address', null, 'companyNumber', null, 'vatNumber', null)
      where id in (select id from ${feeStatements} where issued_at < ${financialCutoff} and recipient->>'name' <> ${ANONYMISED_NAME} limit ${limit}) returning id`),
  );
  // Erasure kept the name on a valid ticket for an event still to come, for the door; the event is over now.
  const erasedTicketsAnonymised = await inBatches((limit) =>
    exec(sql`update ${bookings} set attendee_name = ${ERASED_NAME}
      where id in (select b.id from ${bookings} b join ${events} e on e.id = b.event_id
        where b.attendee_email like 'deleted-%@invalid' and b.attendee_name <> ${ERASED_NAME} and ${eventEndSql({ dateTime: sql`e.date_time`, endTime: sql`e.end_time` })} < ${at} limit ${limit})
      returning id`),
  );
  await inBatches((limit) =>
    exec(sql`update ${tickets} set attendee_name = ${ERASED_NAME}
      where id in (select k.id from ${tickets} k join ${bookings} b on b.id = k.booking_id join ${events} e on e.id = k.event_id
        where b.attendee_email like 'deleted-%@invalid' and k.attendee_name <> ${ERASED_NAME} and ${eventEndSql({ dateTime: sql`e.date_time`, endTime: sql`e.end_time` })} < ${at} limit ${limit})
      returning id`),
  );

  // An unpaid checkout moved no money: nothing on the ledger or among refunds refers to it.
  const unpaidCheckoutsDeleted = await inBatches((limit) =>
    exec(sql`delete from ${orders} where id in (
      select o.id from ${orders} o where o.paid_at is null and o.status in ('expired', 'cancelled')
        and o.created_at < ${at} - make_interval(days => ${RETENTION.unpaidCheckoutDays})
        and not exists (select 1 from ${ledgerEntries} l where l.order_id = o.id)
        and not exists (select 1 from ${refunds} f where f.order_id = o.id)
      limit ${limit}) returning id`),
  );
  const contactMessagesDeleted = await inBatches((limit) =>
    exec(sql`delete from ${contactMessages} where id in (select id from ${contactMessages} where created_at < ${at} - make_interval(years => ${RETENTION.contactMessagesYears}) limit ${limit}) returning id`),
  );
  // The door's records (issue 38): an event's scan log a year after it ended, and door access a year after it was revoked.
  const doorCutoff = sql`${at} - make_interval(years => ${RETENTION.doorRecordsYears})`;
  // From the ended events (few) to their scans (scans_event_idx); a scan of no known ticket has no event and goes by its own time.
  const scansDeleted =
    (await inBatches((limit) =>
      exec(sql`delete from ${scans} where id in (select s.id from ${events} e join ${scans} s on s.event_id = e.id
        where ${eventEndSql({ dateTime: sql`e.date_time`, endTime: sql`e.end_time` })} < ${doorCutoff} limit ${limit}) returning id`),
    )) +
    (await inBatches((limit) =>
      exec(sql`delete from ${scans} where id in (select id from ${scans} where event_id is null and scanned_at < ${doorCutoff} limit ${limit}) returning id`),
    ));
  const doorAccessDeleted = await inBatches((limit) =>
    exec(sql`delete from ${doorAccess} where id in (select id from ${doorAccess} where revoked_at < ${doorCutoff} limit ${limit}) returning id`),
  );
  const rateLimitsDeleted = await inBatches((limit) =>
    exec(sql`delete from ${rateLimits} where key in (select key from ${rateLimits} where reset_at <= ${at} limit ${limit}) returning key as id`),
  );
  const sessionsDeleted = await inBatches((limit) =>
    exec(sql`delete from ${sessions} where id in (select id from ${sessions} where expires_at <= ${at} limit ${limit}) returning id`),
  );
  const verificationsDeleted = await inBatches((limit) =>
    exec(sql`delete from ${verifications} where id in (select id from ${verifications} where expires_at <= ${at} limit ${limit}) returning id`),
  );
  const outboxIds: string[] = [];
  const outboxMessagesDeleted = await inBatches(async (limit) => {
    const rows = await exec(
      sql`delete from ${outboxMessages} where id in (select id from ${outboxMessages} where created_at < ${at} - make_interval(days => ${RETENTION.devOutboxDays}) limit ${limit}) returning id`,
    );
    outboxIds.push(...rows.map((row) => String(row.id)));
    return rows;
  });
  await Promise.all(outboxIds.map((id) => rm(resolve(dataDir, "outbox", id), { recursive: true, force: true })));

  return {
    ordersAnonymised,
    bookingsAnonymised,
    ticketsAnonymised,
    refundRequestsAnonymised,
    refundsAnonymised,
    sellersAnonymised,
    invoicesAnonymised,
    feeStatementsAnonymised,
    erasedTicketsAnonymised,
    unpaidCheckoutsDeleted,
    contactMessagesDeleted,
    scansDeleted,
    doorAccessDeleted,
    rateLimitsDeleted,
    sessionsDeleted,
    verificationsDeleted,
    outboxMessagesDeleted,
  };
}

/** The daily retention job, on one node per day. */
export async function startRetentionJob({ jobs, db, dataDir, log }: { jobs: Jobs; db: Db; dataDir: string; log: FastifyBaseLogger }) {
  await jobs.work(QUEUES.retention, async () => {
    const report = await runRetention({ db, dataDir });
    if (Object.values(report).some(Boolean)) log.info(report, "retention: old personal data removed");
  });
  await jobs.schedule(QUEUES.retention, RETENTION_SCHEDULE);
}
