/**
 * Checkout surge: N buyers at once against one event. Each buyer runs the product's own create-payment
 * (price, lock, capacity check, hold) and then the idempotent confirmation (which enqueues the ticket
 * e-mail in its transaction); holds and confirmations that arrive together share a transaction (decision
 * 033). Two surges, one after the other (fresh buyers each):
 * - **one type**: 1000 buyers of one ticket each for an event of 300 places sold the spec's way (one
 *   General Admission type, the create-payment body without `ticketTypeId`);
 * - **three types** (issue 36): 1000 buyers for an event of 300 places whose types' own capacities add up
 *   to more (`THREE_TYPES`: 200 + 100 + 50), each buyer choosing a type at random (the same seeded choices
 *   every run) and one in four buying 2; the event's capacity and two of the types' run out, so both
 *   the per-type and the per-event limits bind.
 *
 * Beside each, the limit of that: the same buyers against an event of the same places and types, each hold
 * and each confirmation gathered into batches of the sizes the product reached (read from the statements
 * it sent), and each batch sent through `pg` as the product's statements: for holds, the buyers' rate
 * limits and e-mails, then in one transaction the event locked, the places counted, the event's types read
 * with each type's places taken and the event's seller read (the product's own statements, captured as
 * sent), each buyer checked in arrival order against the event's and its type's places left and the
 * per-account limit, and the orders, lines and remembered names in one statement; for confirmations, in one
 * transaction the orders locked, the events locked for key share, the lines read, the bookings (whose
 * trigger issues the tickets), ledger charges and orders' new status in one statement, and the ticket
 * e-mails queued (pg-boss's own insert, captured as sent).
 *
 * After each surge the places are counted from the database, per type and per event: sold (confirmed
 * bookings, and the tickets issued for them) plus held (live order lines) must be within each type's
 * capacity and the event's. Anything oversold is a problem (the run exits 1).
 */
import { randomUUID } from "node:crypto";
import pg from "pg";
import { AppError, buyerFeePerTicket, CHECKOUT_HOLD_MINUTES, CHECKOUT_RATE_LIMIT, DEFAULT_TICKET_TYPE_NAME, organiserFee, ticketLimitError, ticketTotal } from "../src/domain";
import { isDatabaseUnavailable, openPostgres } from "../src/server/db/client";
import { events, profiles, users } from "../src/server/db/schema";
import { confirmOrder, createPayment } from "../src/server/features/checkout/checkout.service";
import { loadConfig } from "../src/server/config";
import { jobTimingsFrom, QUEUES, startJobs } from "../src/server/jobs/jobs";
import { groupCommit, meanBatch, statementsSentBy, theStatement, type SentStatement } from "./pg-batches";
import { DEFAULT_TICKET_TYPES } from "./scale-data";
import { percentile } from "./stats";
import { fixtureSellerDetails } from "../test/fixtures";

const PRICE_PENCE = 2500;

/** A ticket type of a surge's event. */
export interface SurgeType {
  name: string;
  pricePence: number;
  /** Its own capacity under the event's; null, only the event's. */
  capacity: number | null;
}

/**
 * The three-type surge's event (issue 36): 300 places, types of 200 + 100 + 50 = 350. Drawn at random a
 * third each, VIP sells out first, then Standard, then the event (Early bird never reaches 200).
 */
export const THREE_TYPES_CAPACITY = 300;
export const THREE_TYPES: readonly SurgeType[] = [
  { name: "Early bird", pricePence: 1500, capacity: 200 },
  { name: "Standard", pricePence: 2500, capacity: 100 },
  { name: "VIP", pricePence: 4000, capacity: 50 },
];
/** One buyer in four of the three-type surge buys 2 tickets. */
const SHARE_BUYING_TWO = 0.25;

/** One buyer's choice: a type by its position (or the spec's body, without `ticketTypeId`, when null) and how many. */
interface Choice {
  type: number | null;
  quantity: number;
}

/** A small seeded generator (mulberry32), so every run and both sides of a run draw the same choices. */
function seeded(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** The rows of a multi-row VALUES: `rows` rows of `width` placeholders from `$first`, each followed by `also`. */
function valuesList(rows: number, width: number, first = 1, also = ""): string {
  return Array.from({ length: rows }, (_, r) => `(${Array.from({ length: width }, (_, c) => `$${first + r * width + c}`).join(", ")}${also})`).join(", ");
}
const inList = (n: number, first = 1) => Array.from({ length: n }, (_, i) => `$${first + i}`).join(", ");

/** The sizes of the product's batches, from the statements it sent: one per batch, `size` reading its calls. */
function batchSizes(sent: SentStatement[], isBatch: (statement: SentStatement) => boolean, size: (statement: SentStatement) => number): number[] {
  return sent.filter(isBatch).map(size);
}

/** Waits until the queue has sent every ticket e-mail, so the next phase does not share the machine with the worker. */
async function ticketEmailsSent(pool: pg.Pool) {
  for (let waited = 0; waited < 60_000; waited += 200) {
    const { rows } = await pool.query<{ n: number }>("select count(*)::int as n from pgboss.job where name = $1 and state in ('created', 'retry', 'active')", [QUEUES.ticketEmail]);
    if (rows[0]!.n === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Places of one type (or the whole event: `type` null) counted from the database after a surge. */
export interface PlacesCount {
  type: string | null;
  capacity: number | null;
  /** Places in confirmed bookings. */
  sold: number;
  /** Valid tickets issued for them (one per place). */
  tickets: number;
  /** Places in live holds (order lines of pending, unexpired orders). */
  held: number;
  oversold: number;
}

/** Each type's places and the event's, sold and held, from the database (the event first). */
async function countPlaces(pool: pg.Pool, eventId: string): Promise<PlacesCount[]> {
  const { rows } = await pool.query<{ type: string | null; position: number; capacity: number | null; sold: number; tickets: number; held: number }>(
    `select null as type, -1 as position, e.max_attendees as capacity,
            (select coalesce(sum(b.ticket_quantity), 0)::int from bookings b where b.event_id = e.id and b.status = 'confirmed') as sold,
            (select count(*)::int from tickets k where k.event_id = e.id and k.status = 'valid') as tickets,
            (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.event_id = e.id and l.held_until > now()) as held
     from events e where e.id = $1
     union all
     select t.name, t.position, t.capacity,
            (select coalesce(sum(b.ticket_quantity), 0)::int from bookings b where b.ticket_type_id = t.id and b.status = 'confirmed'),
            (select count(*)::int from tickets k where k.ticket_type_id = t.id and k.status = 'valid'),
            (select coalesce(sum(l.quantity), 0)::int from order_lines l where l.ticket_type_id = t.id and l.held_until > now())
     from ticket_types t where t.event_id = $1
     order by position`,
    [eventId],
  );
  return rows.map((row) => ({
    type: row.type,
    capacity: row.capacity,
    sold: row.sold,
    tickets: row.tickets,
    held: row.held,
    oversold: row.capacity === null ? 0 : Math.max(0, row.sold + row.held - row.capacity),
  }));
}

/** A side's figures of one surge. */
export interface SurgeSide {
  attemptsPerSecond: number;
  /**
   * This process's CPU (user + system) per buyer, holds and confirmations: what the product's code costs on
   * top of the statements (the baseline's is pg and the bench's own work). The database's CPU is apart.
   * Less swayed by other work on the machine than the rates are.
   */
  cpuMsPerBuyer: number;
  confirmsPerSecond: number;
  holdP99: number;
  confirmP99: number;
  /** Places over capacity: the event's and every type's, summed. */
  oversold: number;
  places: PlacesCount[];
}

export interface SurgeResult {
  label: string;
  buyers: number;
  capacity: number;
  types: readonly SurgeType[] | null;
  product: SurgeSide & { refusals: Record<string, number> };
  baseline: SurgeSide;
  /** Calls per transaction: the product's (from the statements it sent) and the baseline's. */
  batch: { holds: { product: number; baseline: number }; confirmations: { product: number; baseline: number } };
  problems: string[];
}

/** "Standard 100 sold + 0 held of 100" for each type and the event. */
export function describePlaces(places: PlacesCount[]): string {
  return places.map((p) => `${p.type ?? "event"} ${p.sold} sold + ${p.held} held of ${p.capacity ?? "no limit"}${p.oversold ? ` (OVERSOLD ${p.oversold})` : ""}`).join("; ");
}

interface Context {
  db: Awaited<ReturnType<typeof openPostgres>>["db"];
  pool: pg.Pool;
  jobs: ReturnType<typeof startJobs>;
  company: ReturnType<typeof loadConfig>["company"];
  organiser: string;
}

/**
 * One surge and its baseline. `types` null: the event sells the spec's way (one default type at its price,
 * as scale-data writes it, bought without naming it); otherwise the event sells these types, bought by
 * `choices` (one a buyer, in arrival order).
 */
async function surge(ctx: Context, { label, capacity, types, choices }: { label: string; capacity: number; types: readonly SurgeType[] | null; choices: Choice[] }): Promise<SurgeResult> {
  const { db, pool, jobs, company, organiser } = ctx;
  const buyers = choices.length;
  const buyerIds = Array.from({ length: buyers }, () => `buyer_${randomUUID()}`);
  await db.insert(users).values(buyerIds.map((id) => ({ id, name: "Buyer", email: `${id}@bench.test`, emailVerified: true })));
  const lowest = types ? Math.min(...types.map((type) => type.pricePence)) : PRICE_PENCE;
  /** The event and its types (in position order), written as the product writes them: the event's price is its lowest type's. */
  const newEvent = async (title: string) => {
    const [event] = await db
      .insert(events)
      .values({
        userId: organiser,
        title,
        location: "London",
        dateTime: new Date(Date.now() + 30 * 86_400_000),
        pricePence: lowest,
        severalPrices: types ? new Set(types.map((type) => type.pricePence)).size > 1 : false,
        maxAttendees: capacity,
      })
      .returning();
    if (types) {
      await pool.query(
        `insert into ticket_types (event_id, name, price_pence, capacity, position, created_at)
         select $1, t.name, t.price_pence, t.capacity, t.position - 1, e.created_at
         from unnest($2::text[], $3::int[], $4::int[]) with ordinality as t(name, price_pence, capacity, position), events e where e.id = $1`,
        [event!.id, types.map((type) => type.name), types.map((type) => type.pricePence), types.map((type) => type.capacity)],
      );
    } else await pool.query(DEFAULT_TICKET_TYPES);
    const { rows } = await pool.query<{ id: string; name: string; price_pence: number; capacity: number | null }>(
      "select id, name, price_pence, capacity from ticket_types where event_id = $1 order by position",
      [event!.id],
    );
    if (rows.length !== (types?.length ?? 1) || (!types && rows[0]!.name !== DEFAULT_TICKET_TYPE_NAME)) throw new Error(`${title}: its ticket types were not written as asked`);
    return { event: event!, typeRows: rows };
  };
  const { event, typeRows } = await newEvent(`Surge: ${label}`);

  const holdLatencies: number[] = [];
  const confirmLatencies: number[] = [];
  let held = 0;
  // Buyers turned away because the database could not be reached in time (pool wait over the connect
  // timeout): the app answers them 503, which is neither a hold nor 'Sold out'.
  let unavailable = 0;
  const refusals: Record<string, number> = {};
  const notConfirmed: string[] = [];
  const started = performance.now();
  const cpuStarted = process.cpuUsage();
  const sent = await statementsSentBy(() =>
    Promise.all(
      buyerIds.map(async (userId, i) => {
        const { type, quantity } = choices[i]!;
        const t0 = performance.now();
        let sessionId: string;
        try {
          const input = { eventId: event.id, ...(type === null ? {} : { ticketTypeId: typeRows[type]!.id }), ticketQuantity: quantity, attendeeName: "Bench Buyer" };
          sessionId = (await createPayment({ db, userId, input })).sessionId;
        } catch (error) {
          holdLatencies.push(performance.now() - t0);
          if (isDatabaseUnavailable(error)) unavailable += 1;
          else if (error instanceof AppError) {
            const reason = String((error.details as { reason?: unknown } | undefined)?.reason ?? error.code);
            refusals[reason] = (refusals[reason] ?? 0) + 1;
          } else throw error;
          return;
        }
        holdLatencies.push(performance.now() - t0);
        held += 1;
        const t1 = performance.now();
        try {
          const result = await confirmOrder({ db, jobs, company, sessionId });
          if (result.status !== "confirmed") notConfirmed.push(`${result.status}: ${result.reason}`);
        } catch (error) {
          if (!isDatabaseUnavailable(error)) throw error;
          unavailable += 1;
        }
        confirmLatencies.push(performance.now() - t1);
      }),
    ),
  );
  const elapsed = (performance.now() - started) / 1000;
  const cpu = process.cpuUsage(cpuStarted);
  const places = await countPlaces(pool, event.id);
  await ticketEmailsSent(pool);

  // The product's batches: a hold batch counts its buyers' holdings once (hold_standing, its userIds), a
  // confirmation batch locks its orders once (by session id).
  const isBuyers = (value: unknown): value is string[] => Array.isArray(value) && typeof value[0] === "string" && value[0].startsWith("buyer_");
  const holdSizes = batchSizes(sent, (statement) => statement.name === "hold_standing", (statement) => statement.values.find(isBuyers)?.length ?? 0);
  const lockingOrders = (statement: SentStatement) => statement.text.includes('"orders"."session_id" in (') && /for update$/.test(statement.text.trim());
  const confirmSizes = batchSizes(sent, lockingOrders, (statement) => statement.values.length);
  const lockEvents = theStatement(sent, "lock of a hold's events", (statement) => statement.name === "lock_events_count");
  const holdStanding = theStatement(sent, "count of places taken and held (hold_standing)", (statement) => statement.name === "hold_standing");
  // The hold's read of its events' types with each type's places taken (ticketTypesWithTaken), and of who sells them (eventSellers).
  const typesTaken = theStatement(sent, "read of the events' ticket types with their places taken", (statement) => /^select .* from "ticket_types" where "ticket_types"\."event_id" in \(/s.test(statement.text) && statement.text.includes('"order_lines"'));
  const sellers = theStatement(sent, "read of the events' sellers", (statement) => /from "events" left join "profiles"/.test(statement.text) && statement.values.includes(event.id));
  const enqueue = theStatement(sent, "insert of ticket e-mail jobs", (statement) => /insert into/i.test(statement.text) && statement.values.length === 1 && String(statement.values[0]).includes('"bookingId"'));
  const jobTemplate = (JSON.parse(String(enqueue.values[0])) as { data: { bookingId: string }; singletonKey?: string }[])[0]!;

  // The baseline: the same buyers again, against an event of the same places and types.
  const { event: baselineEvent, typeRows: baselineTypes } = await newEvent(`Baseline: ${label}`);
  /** The product's values of a captured statement, with its event's id (alone or in an array) and its buyers replaced. */
  const refill = (statement: SentStatement, userIds: string[]) =>
    statement.values.map((value) =>
      isBuyers(value) ? userIds : value === event.id ? baselineEvent.id : Array.isArray(value) && value.includes(event.id) ? value.map((id) => (id === event.id ? baselineEvent.id : id)) : value,
    );
  type Hold = { orderId: string; sessionId: string; userId: string } | null;
  const choiceOf = new Map(buyerIds.map((userId, i) => [userId, choices[i]!]));
  const holds = groupCommit(Math.max(1, Math.round(meanBatch(holdSizes))), async (userIds: string[]): Promise<Hold[]> => {
    const keys = userIds.map((userId) => `create-payment:user:${userId}`);
    const sortedKeys = [...keys].sort();
    const window = CHECKOUT_RATE_LIMIT.windowSeconds;
    const [limits, emails] = await Promise.all([
      pool.query<{ key: string; count: number }>(
        `insert into rate_limits (key, count, reset_at) values ${sortedKeys.map((_, i) => `($${i + 1}, 1, now() + make_interval(secs => ${window}))`).join(", ")}
         on conflict (key) do update set count = case when rate_limits.reset_at <= now() then 1 else rate_limits.count + 1 end,
           reset_at = case when rate_limits.reset_at <= now() then now() + make_interval(secs => ${window}) else rate_limits.reset_at end
         returning key, count, ceil(extract(epoch from reset_at - now()))::int as retry_after`,
        sortedKeys,
      ),
      pool.query<{ id: string; email: string }>(`select id, email from "user" where id in (${inList(userIds.length)})`, userIds),
    ]);
    const allowed = new Set(limits.rows.filter((row) => row.count <= CHECKOUT_RATE_LIMIT.limit).map((row) => row.key));
    const emailOf = new Map(emails.rows.map((row) => [row.id, row.email]));
    const client = await pool.connect();
    try {
      await client.query("begin");
      const locked = await client.query<{ max_attendees: number }>({ name: lockEvents.name, text: lockEvents.text, values: refill(lockEvents, userIds) });
      const standing = await client.query<{ user_id: string | null; n: number }>({ name: holdStanding.name, text: holdStanding.text, values: refill(holdStanding, userIds) });
      // The types' read as the product sends it: rows of the type's columns then its places taken (the last column).
      const typesRead = await client.query<unknown[]>({ text: typesTaken.text, values: refill(typesTaken, userIds), rowMode: "array" });
      const column = (name: string) => typesRead.fields.findIndex((field) => field.name === name);
      const [idAt, capacityAt, takenAt] = [column("id"), column("capacity"), typesRead.fields.length - 1];
      const typeTaken = new Map(typesRead.rows.map((row) => [String(row[idAt]), Number(row[takenAt])]));
      const typeCapacity = new Map(typesRead.rows.map((row) => [String(row[idAt]), row[capacityAt] === null ? null : Number(row[capacityAt])]));
      const seller = await client.query({ text: sellers.text, values: refill(sellers, userIds), rowMode: "array" });
      if (seller.rows.length !== 1) throw new Error("the baseline's event has no seller row");
      let taken = Number(standing.rows.find((row) => row.user_id === null)!.n);
      const heldBy = new Map(standing.rows.filter((row) => row.user_id !== null).map((row) => [row.user_id!, Number(row.n)]));
      const accepted = userIds.map((userId, i): (Hold & { type: (typeof baselineTypes)[number]; quantity: number }) | null => {
        const choice = choiceOf.get(userId)!;
        const type = baselineTypes[choice.type ?? 0]!;
        const quantity = choice.quantity;
        if (!allowed.has(keys[i]!) || !emailOf.has(userId) || taken + quantity > locked.rows[0]!.max_attendees) return null;
        const capacityOfType = typeCapacity.get(type.id);
        if (capacityOfType === undefined) throw new Error("the baseline's types' read did not return its type");
        if (capacityOfType !== null && (typeTaken.get(type.id) ?? 0) + quantity > capacityOfType) return null;
        if (ticketLimitError({ title: "Baseline", requested: quantity, alreadyHeld: heldBy.get(userId) ?? 0 })) return null;
        taken += quantity;
        typeTaken.set(type.id, (typeTaken.get(type.id) ?? 0) + quantity);
        return { orderId: randomUUID(), sessionId: `cs_base_${randomUUID()}`, userId, type, quantity };
      });
      const orders = accepted.filter((hold): hold is NonNullable<typeof hold> => hold !== null);
      if (orders.length) {
        const n = orders.length;
        const fee = (price: number) => buyerFeePerTicket(price, false);
        const lineValues = orders.flatMap(({ orderId, type, quantity }) => [orderId, baselineEvent.id, type.id, quantity, type.price_pence, fee(type.price_pence), 0, ticketTotal(type.price_pence, quantity, false)]);
        const profileValues = [...orders].sort((a, b) => (a.userId < b.userId ? -1 : 1)).flatMap(({ userId }) => [userId, "Bench Buyer"]);
        const orderValues = orders.flatMap(({ orderId, sessionId, userId, type, quantity }) => [
          orderId,
          sessionId,
          userId,
          "local",
          null,
          "Bench Buyer",
          emailOf.get(userId),
          type.price_pence * quantity,
          fee(type.price_pence) * quantity,
          ticketTotal(type.price_pence, quantity, false),
        ]);
        const lines = 8 * n;
        const profiles = 2 * n;
        await client.query(
          `with held_lines as (
             insert into order_lines (order_id, event_id, ticket_type_id, quantity, unit_price_pence, fee_per_ticket_pence, absorbed_fee_per_ticket_pence, total_pence) values ${valuesList(n, 8)} returning id
           ), remembered_name as (
             insert into profiles (user_id, last_attendee_name) values ${valuesList(n, 2, lines + 1)}
             on conflict (user_id) do update set last_attendee_name = excluded.last_attendee_name returning user_id
           )
           insert into orders (id, session_id, user_id, provider, affiliate_id, attendee_name, attendee_email, subtotal_pence, fees_pence, total_pence, expires_at)
           values ${valuesList(n, 10, lines + profiles + 1, `, now() + make_interval(mins => ${CHECKOUT_HOLD_MINUTES})`)} returning *`,
          [...lineValues, ...profileValues, ...orderValues],
        );
      }
      await client.query("commit");
      return accepted.map((hold) => (hold ? { orderId: hold.orderId, sessionId: hold.sessionId, userId: hold.userId } : null));
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  });
  const confirmations = groupCommit(Math.max(1, Math.round(meanBatch(confirmSizes))), async (sessionIds: string[]) => {
    const client = await pool.connect();
    try {
      await client.query("begin");
      const { rows: found } = await client.query<{ id: string; user_id: string; session_id: string; attendee_name: string; attendee_email: string; keeps: boolean }>(
        `select *, (status = 'pending' and expires_at > now() + interval '5 minutes') as keeps, (expires_at <= now()) as lapsed
         from orders where session_id in (${inList(sessionIds.length)}) order by id for update`,
        sessionIds,
      );
      const ids = found.map((order) => order.id);
      await client.query(
        `select * from events where id in (select event_id from order_lines where order_id in (${inList(ids.length)})) order by id for ${found.every((order) => order.keeps) ? "key share" : "no key update"}`,
        ids,
      );
      const { rows: lines } = await client.query<{ id: string; order_id: string; event_id: string; ticket_type_id: string; quantity: number; unit_price_pence: number; fee_per_ticket_pence: number; total_pence: number }>(
        `select * from order_lines where order_id in (${inList(ids.length)}) order by event_id`,
        ids,
      );
      const byOrder = new Map(found.map((order) => [order.id, order]));
      const made = lines.map((line) => ({ line, order: byOrder.get(line.order_id)!, bookingId: randomUUID(), code: `TCKT-2026-${randomUUID().slice(0, 8).toUpperCase()}` }));
      const n = made.length;
      const bookingValues = made.flatMap(({ line, order, bookingId, code }) => [bookingId, line.event_id, line.ticket_type_id, order.user_id, "confirmed", order.attendee_name, order.attendee_email, line.quantity, line.total_pence, code, code, order.session_id, line.id]);
      const entries = made.flatMap(({ line, order, bookingId }) =>
        [
          [`sale:${bookingId}`, "ticket_sale", line.unit_price_pence * line.quantity],
          [`fee:${bookingId}`, "booking_fee", line.fee_per_ticket_pence * line.quantity],
          [`orgfee:${bookingId}`, "organiser_fee", organiserFee(line.unit_price_pence, line.quantity)],
        ]
          .filter(([, , amount]) => Number(amount) > 0)
          .flatMap(([key, kind, amount]) => [key, kind, amount, order.id, bookingId, line.event_id, order.session_id]),
      );
      await client.query(
        `with new_bookings as (
           insert into bookings (id, event_id, ticket_type_id, user_id, status, attendee_name, attendee_email, ticket_quantity, total_amount_pence, ticket_code, qr_code, stripe_session_id, order_line_id)
           values ${valuesList(n, 13)} returning id
         ), charges as (
           insert into ledger_entries (entry_key, kind, amount_pence, order_id, booking_id, event_id, provider_ref) values ${valuesList(entries.length / 7, 7, 13 * n + 1)}
           on conflict (entry_key) do nothing returning id
         )
         update orders set status = 'confirmed', confirmed_at = $${13 * n + entries.length + 1} where id in (${inList(ids.length, 13 * n + entries.length + 2)})`,
        [...bookingValues, ...entries, new Date(), ...ids],
      );
      const jobs = made.map(({ bookingId }) => ({ ...jobTemplate, data: { ...jobTemplate.data, bookingId }, singletonKey: bookingId }));
      await client.query(enqueue.text, [JSON.stringify(jobs)]);
      await client.query("commit");
      return sessionIds.map(() => true);
    } catch (error) {
      await client.query("rollback");
      throw error;
    } finally {
      client.release();
    }
  });

  const baseHoldLatencies: number[] = [];
  const baseConfirmLatencies: number[] = [];
  let baseHeld = 0;
  const baseStarted = performance.now();
  const baseCpuStarted = process.cpuUsage();
  await Promise.all(
    buyerIds.map(async (userId) => {
      const t0 = performance.now();
      const hold = await holds.run(userId);
      baseHoldLatencies.push(performance.now() - t0);
      if (!hold) return;
      baseHeld += 1;
      const t1 = performance.now();
      await confirmations.run(hold.sessionId);
      baseConfirmLatencies.push(performance.now() - t1);
    }),
  );
  const baseElapsed = (performance.now() - baseStarted) / 1000;
  const baseCpu = process.cpuUsage(baseCpuStarted);
  const basePlaces = await countPlaces(pool, baselineEvent.id);
  await ticketEmailsSent(pool);

  for (const latencies of [holdLatencies, confirmLatencies, baseHoldLatencies, baseConfirmLatencies]) latencies.sort((a, b) => a - b);
  const problems: string[] = [];
  const oversold = (counted: PlacesCount[]) => counted.reduce((sum, p) => sum + p.oversold, 0);
  for (const [side, counted] of [
    ["product", places],
    ["baseline", basePlaces],
  ] as const) {
    for (const p of counted) {
      if (p.oversold) problems.push(`${label} surge, ${side}: OVERSOLD ${p.type === null ? "the event" : `type ${p.type}`}: ${p.sold} sold + ${p.held} held of ${p.capacity}`);
      if (p.tickets !== p.sold) problems.push(`${label} surge, ${side}: ${p.type ?? "the event"} has ${p.tickets} valid tickets for ${p.sold} places sold`);
    }
    // Every place should go (the buyers ask for far more than there is), and every hold be confirmed.
    const whole = counted[0]!;
    if (whole.sold !== capacity || whole.held !== 0) problems.push(`${label} surge, ${side}: sold ${whole.sold} and holding ${whole.held} of the event's ${capacity} places (expected all ${capacity} sold)`);
  }
  if (types) {
    // Which limits bound: the event's, and each type's that the draw should exhaust (all but the first).
    const unbound = places.slice(2).filter((p) => p.capacity !== null && p.sold !== p.capacity);
    if (unbound.length) problems.push(`${label} surge: the per-type limits did not bind (${describePlaces(unbound)}): choose other capacities`);
  }
  const unexpected = Object.keys(refusals).filter((reason) => reason !== "SOLD_OUT" && reason !== "NOT_ENOUGH_LEFT");
  if (unexpected.length) problems.push(`${label} surge: buyers refused for ${unexpected.map((reason) => `${reason} (${refusals[reason]})`).join(", ")}, not for want of places`);
  if (notConfirmed.length) problems.push(`${label} surge: ${notConfirmed.length} holds not confirmed (${notConfirmed[0]})`);
  if (unavailable > 0) problems.push(`${label} surge: ${unavailable} buyers were turned away with 503: they waited longer than the pool's connect timeout`);
  return {
    label,
    buyers,
    capacity,
    types,
    product: {
      attemptsPerSecond: buyers / elapsed,
      cpuMsPerBuyer: (cpu.user + cpu.system) / 1000 / buyers,
      confirmsPerSecond: held / elapsed,
      holdP99: percentile(holdLatencies, 99),
      confirmP99: percentile(confirmLatencies, 99),
      oversold: oversold(places),
      places,
      refusals,
    },
    baseline: {
      attemptsPerSecond: buyers / baseElapsed,
      cpuMsPerBuyer: (baseCpu.user + baseCpu.system) / 1000 / buyers,
      confirmsPerSecond: baseHeld / baseElapsed,
      holdP99: percentile(baseHoldLatencies, 99),
      confirmP99: percentile(baseConfirmLatencies, 99),
      oversold: oversold(basePlaces),
      places: basePlaces,
    },
    batch: {
      holds: { product: meanBatch(holdSizes), baseline: meanBatch(holds.sizes) },
      confirmations: { product: meanBatch(confirmSizes), baseline: meanBatch(confirmations.sizes) },
    },
    problems,
  };
}

/** The one-type surge, then the three-type surge (issue 36), each beside its baseline, on one database and one job queue. */
export async function benchCheckoutSurge({ databaseUrl, buyers = 1000, capacity = 300, poolSize = 10 }: { databaseUrl: string; buyers?: number; capacity?: number; poolSize?: number }) {
  const database = await openPostgres(databaseUrl, poolSize);
  const db = database.db;
  const config = loadConfig({ NODE_ENV: "test", DATABASE_URL: databaseUrl });
  const jobs = startJobs({ database, timings: jobTimingsFrom(config), onError: (error) => console.warn(error.message) });
  await jobs.ready;
  const pool = new pg.Pool({ connectionString: databaseUrl, max: poolSize });
  try {
    const organiser = `org_${randomUUID()}`;
    await db.insert(users).values({ id: organiser, name: "Organiser", email: `${organiser}@bench.test`, emailVerified: true });
    // A paid event is sold only once its organiser has named themselves as its seller (issue 34).
    await db.insert(profiles).values({ userId: organiser, ...fixtureSellerDetails("Organiser") });
    const ctx: Context = { db, pool, jobs, company: config.company, organiser };
    const oneType = await surge(ctx, { label: "one type", capacity, types: null, choices: Array.from({ length: buyers }, () => ({ type: null, quantity: 1 })) });
    const draw = seeded(36);
    const threeTypes = await surge(ctx, {
      label: "three types",
      capacity: THREE_TYPES_CAPACITY,
      types: THREE_TYPES,
      choices: Array.from({ length: buyers }, () => ({ type: Math.floor(draw() * THREE_TYPES.length), quantity: draw() < SHARE_BUYING_TWO ? 2 : 1 })),
    });
    return { oneType, threeTypes, problems: [...oneType.problems, ...threeTypes.problems] };
  } finally {
    await pool.end();
    await jobs.stop();
    await database.close();
  }
}
