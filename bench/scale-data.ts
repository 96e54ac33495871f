/**
 * The scale benchmark's catalogue, written straight into PostgreSQL with INSERT … SELECT over
 * generate_series (no row crosses the wire): 100,000 accounts with profiles (2,000 of them organisers
 * with a trading name), events spread over the past half-year and the next year across UK towns and
 * London areas, and for every active event about ten paid bookings, each with its order, order line and
 * ledger charge (ticket sale, booking fee, organiser fee) as checkout writes them. The catalogue grows in
 * place (`growCatalogue(1000)`, then 10,000, then 100,000): only the new events and their bookings are added.
 *
 * Ids are md5 of a name and a number, so a booking's event is found again without a lookup table, and
 * every pseudo-random choice is hashtext of the row number: the same catalogue every run.
 */
import pg from "pg";
import { BOOKING_FEE_PENCE, SELLER_FEE } from "../src/domain";

/**
 * Each event written here sells the spec's way, one type at its price (issue 36; as migration 0027 made
 * them): every event without a type gets one. The checkout surge bench gives its one-type event its type
 * with this statement too.
 */
export const DEFAULT_TICKET_TYPES = `insert into ticket_types (event_id, name, price_pence, position, created_at)
  select e.id, 'General Admission', e.price_pence, 0, e.created_at from events e
  where not exists (select 1 from ticket_types t where t.event_id = e.id)`;

export const ACCOUNTS = 100_000;
export const ORGANISERS = 2_000;
export const BOOKINGS_PER_EVENT = 10;

const TITLE_HEADS = ["Jazz Night", "Stand-up Comedy", "Indie Gig", "Tech Meetup", "Startup Breakfast", "Life Drawing", "Open Mic", "Techno All-Nighter", "Wine Tasting", "Yoga in the Park", "Pub Quiz", "Film Club", "Poetry Slam", "Salsa Class", "Football Screening", "Book Launch", "Craft Beer Festival", "Photography Walk", "Vinyl Fair", "Coding Workshop"];
const TITLE_TAILS = ["at the Windmill", "Live", "Special", "Late Show", "Weekender", "Session", "Showcase", "Social", "Sessions", "Extravaganza"];
const CATEGORY_OF_HEAD = ["music", "comedy", "music", "technology", "business", "arts", "entertainment", "music", "food", "health", "entertainment", "arts", "arts", "education", "sports", "arts", "food", "arts", "music", "education"];
const LOCATIONS = ["Brixton, London", "Shoreditch, London", "Camden, London", "Hackney, London", "Peckham, London", "Soho, London", "Islington, London", "Manchester", "Birmingham", "Leeds", "Glasgow", "Edinburgh", "Bristol", "Liverpool", "Cardiff", "Belfast", "Newcastle", "Brighton", "Nottingham", "Sheffield"];
const VENUES = ["Electric Brixton", "The Windmill", "Village Underground", "Jazz Cafe", "O2 Academy", "The Old Blue Last", "Band on the Wall", "The Roundhouse", "Corn Exchange", "Town Hall", "The Crypt", "Community Centre"];
const DESCRIPTIONS = [
  "An evening of live music with local and touring acts; bar open until late.",
  "Our monthly meet-up: short talks, demos and pizza. Everyone welcome.",
  "Laugh until it hurts with five of the circuit's best comedians and a headliner.",
  "Hands-on session for beginners and improvers; all materials provided.",
  "A relaxed social with food, drink and good company in the heart of the city.",
  "Saxophone, double bass and brushes: a smoky basement jazz club night.",
];
const FIRST_NAMES = ["Amelia", "Oliver", "Isla", "George", "Ava", "Noah", "Mia", "Arthur", "Grace", "Leo", "Freya", "Oscar", "Priya", "Mohammed", "Chloe", "Kwame", "Siobhan", "Dylan"];
const LAST_NAMES = ["Smith", "Jones", "Taylor", "Brown", "Williams", "Wilson", "Johnson", "Davies", "Patel", "Khan", "Evans", "Thomas", "Okafor", "Murphy", "Campbell", "Hughes"];
const PRICES = [0, 500, 1000, 1500, 2000, 2500, 3500, 5000, 7500];

const arr = (values: readonly (string | number)[]) => `array[${values.map((v) => (typeof v === "number" ? String(v) : `'${v.replace(/'/g, "''")}'`)).join(",")}]`;
/** A pseudo-random non-negative int for row `n` under `salt`. */
const h = (salt: string, n: string) => `(hashtext('${salt}' || ${n}) & 2147483647)`;
const pick = (values: readonly (string | number)[], salt: string, n: string) => `(${arr(values)})[1 + ${h(salt, n)} % ${values.length}]`;

/** The SQL values of a user number `n` (an int expression). */
export const userId = (n: string) => `'bu_' || ${n}`;
/** A version-4-shaped uuid from md5 of `text` (the API accepts only RFC 9562 uuids). */
const uuidOf = (text: string) => `overlay(overlay(md5(${text}) placing '4' from 13) placing '8' from 17)::uuid`;
export const eventUuid = (n: string) => uuidOf(`'ev' || ${n}`);

export interface SpecialAccounts {
  /** The organiser whose events hold 50,000 bookings (one of them 20,000). */
  organiserId: string;
  /** The buyer with 500 bookings. */
  buyerId: string;
}

export class ScaleCatalogue {
  events = 0;
  constructor(private readonly client: pg.Client) {}

  /**
   * The accounts and profiles: once, before the first catalogue. The rows are consistent by construction,
   * so the loading session skips the per-row foreign-key triggers (session_replication_role = replica,
   * a superuser's setting: without it the load is just slower); every index is still maintained.
   */
  async createAccounts(): Promise<void> {
    await this.client.query("set session_replication_role = replica").catch(() => undefined);
    await this.client.query("set synchronous_commit = off");
    await this.client.query(`
      insert into "user" (id, name, email, email_verified, created_at, updated_at)
      select ${userId("n")}, ${pick(FIRST_NAMES, "f", "n")} || ' ' || ${pick(LAST_NAMES, "l", "n")}, 'bu_' || n || '@bench.test', true,
             now() - (${h("uc", "n")} % 1000) * interval '1 day', now()
      from generate_series(0, ${ACCOUNTS - 1}) n`);
    await this.client.query(`
      insert into profiles (user_id, username, display_name, bio, location, business_name, business_address, seller_kind, vat_treatment, created_at, updated_at)
      select ${userId("n")}, 'bu_' || n,
             case when n < ${ORGANISERS} then ${pick(VENUES, "pv", "n")} || ' Presents ' || n else null end,
             case when n < ${ORGANISERS} then 'Independent promoter putting on nights across the UK since ' || (2000 + n % 25) else null end,
             ${pick(LOCATIONS, "pl", "n")},
             case when n < ${ORGANISERS} then 'Promotions ' || n || ' Ltd' else null end,
             case when n < ${ORGANISERS} then n || ' High Street, ' || ${pick(LOCATIONS, "pl", "n")} else null end,
             -- Complete seller details (issue 34), so the organisers' paid events are on sale.
             case when n < ${ORGANISERS} then 'business' else null end,
             case when n < ${ORGANISERS} then 'not-registered' else null end,
             now(), now()
      from generate_series(0, ${ACCOUNTS - 1}) n`);
  }

  /** Adds events numbered [this.events, total) and about ten paid bookings for each active one. */
  async growCatalogue(total: number): Promise<void> {
    const from = this.events;
    const span = total - from;
    await this.client.query(`
      insert into events (id, user_id, title, description, date_time, end_time, venue, location, category, price_pence, max_attendees, status, business_type, created_at, updated_at)
      select ${eventUuid("i")}, ${userId(`(${h("eo", "i")} % ${ORGANISERS})`)},
             head || ' ' || ${pick(TITLE_TAILS, "tt", "i")} || ' #' || i,
             ${pick(DESCRIPTIONS, "ed", "i")},
             starts, starts + interval '3 hours',
             ${pick(VENUES, "ev", "i")}, ${pick(LOCATIONS, "el", "i")},
             case when ${h("ob", "i")} % 200 = 0 then 'ongoing-business' else (${arr(CATEGORY_OF_HEAD)})[1 + k] end,
             ${pick(PRICES, "ep", "i")}, 60 + (${h("ec", "i")} % 20) * 25,
             case when ${h("es", "i")} % 33 = 0 then 'cancelled' else 'active' end,
             'event', starts - interval '60 days', now()
      from generate_series(${from}, ${total - 1}) i,
           lateral (select ${h("eh", "i")} % ${TITLE_HEADS.length} as k,
                           date_trunc('minute', now() - interval '180 days' + (${h("ed", "i")} % (540 * 24 * 4)) * interval '15 minutes') as starts) x,
           lateral (select (${arr(TITLE_HEADS)})[1 + x.k] as head) y`);
    await this.client.query(DEFAULT_TICKET_TYPES);
    // Bookings of the new events: booking k goes to a pseudo-random new event, bought by a pseudo-random account.
    await this.stageBookings(
      `select k, ${eventUuid(`(${from} + ${h("be", "k")} % ${span})`)} as event_id, ${userId(`(${h("bu", "k")} % ${ACCOUNTS})`)} as user_id, 'TCKT-B' || k as code
       from generate_series(${from * BOOKINGS_PER_EVENT}, ${total * BOOKINGS_PER_EVENT - 1}) k`,
    );
    this.events = total;
  }

  /**
   * The organiser with 50,000 bookings (over ten events, one with 20,000 for the CSV) and the buyer with
   * 500; both are real accounts the benchmark signs in as. Called once, after the first catalogue.
   */
  async createSpecials({ organiserId, buyerId }: SpecialAccounts): Promise<{ csvEventId: string; dashboardEventIds: string[] }> {
    const ids = Array.from({ length: 10 }, (_, i) => uuidOf(`'big' || ${i}`));
    await this.client.query(`
      insert into events (id, user_id, title, description, date_time, end_time, venue, location, category, price_pence, max_attendees, status, business_type, created_at, updated_at)
      select ${uuidOf("'big' || i")}, $1, case when i = 0 then 'Brixton Summer Festival' else 'Arena Tour Night ' || i end,
             'The big one: two stages, street food and a late licence.', now() + (30 + i * 7) * interval '1 day', now() + (30 + i * 7) * interval '1 day' + interval '6 hours',
             'Brockwell Park', 'Brixton, London', 'music', 3500, 100000, 'active', 'event', now() - interval '90 days', now()
      from generate_series(0, 9) i`,
      [organiserId],
    );
    await this.client.query(DEFAULT_TICKET_TYPES);
    // 20,000 bookings on the first event, 30,000 over the other nine.
    await this.stageBookings(
      `select k, case when k < 20000 then ${uuidOf("'big0'")} else ${uuidOf("'big' || (1 + k % 9)")} end as event_id,
              ${userId(`(${h("bbu", "k")} % ${ACCOUNTS})`)} as user_id, 'TCKT-O' || k as code
       from generate_series(0, 49999) k`,
    );
    // The buyer: 500 bookings, each on a different active event of the catalogue.
    await this.stageBookings(
      `select k, id as event_id, $1::text as user_id, 'TCKT-U' || k as code
       from (select id, row_number() over (order by id) - 1 as k from events where status = 'active' and user_id like 'bu\\_%' limit 500) e`,
      [buyerId],
    );
    const dashboardEventIds: string[] = [];
    for (const id of ids) dashboardEventIds.push(await this.uuid(id));
    return { csvEventId: dashboardEventIds[0]!, dashboardEventIds };
  }

  /**
   * What triggers keep, from scratch, since the load's session skips them: the sales tally (migration
   * 0014's sales_tally_rebuild) and search's vocabulary (migration 0015's search_words_refresh). Order
   * lines' holds (migration 0016) need nothing: every loaded order is paid, so none of its lines holds.
   */
  async rebuildDerived(): Promise<void> {
    await this.client.query("select sales_tally_rebuild()");
    await this.client.query("select search_words_refresh()");
  }

  private async uuid(expression: string): Promise<string> {
    const { rows } = await this.client.query<{ id: string }>(`select ${expression}::text as id`);
    return rows[0]!.id;
  }

  /**
   * Writes a paid order, its line, the booking and its ledger charge for each row of `source`
   * (k, event_id, user_id, code); rows whose event is cancelled are left out (their buyers were refunded).
   */
  private async stageBookings(source: string, params: unknown[] = []): Promise<void> {
    const c = this.client;
    await c.query(`drop table if exists staged`);
    await c.query(`
      create temp table staged as
      select s.code, ${uuidOf("'o' || s.code")} as order_id, ${uuidOf("'l' || s.code")} as line_id, ${uuidOf("'b' || s.code")} as booking_id,
             s.event_id, s.user_id, u.name as attendee_name, u.email as attendee_email,
             (array[1,1,1,1,1,2,2,2,3,4])[1 + ${h("q", "s.code")} % 10] as quantity,
             e.price_pence as unit, case when e.price_pence > 0 then ${BOOKING_FEE_PENCE} else 0 end as fee,
             least(now(), e.date_time) - (${h("bt", "s.code")} % (120 * 24 * 60)) * interval '1 minute' as sold_at
      from (${source}) s
      join events e on e.id = s.event_id and e.status = 'active'
      join "user" u on u.id = s.user_id`, params);
    await c.query(`
      insert into orders (id, session_id, user_id, status, provider, attendee_name, attendee_email, subtotal_pence, fees_pence, total_pence, expires_at, paid_at, payment_reference, confirmed_at, created_at)
      select order_id, 'cs_bench_' || code, user_id, 'confirmed', 'local', attendee_name, attendee_email, unit * quantity, fee * quantity, (unit + fee) * quantity,
             sold_at + interval '15 minutes', sold_at, 'pi_bench_' || code, sold_at, sold_at
      from staged`);
    await c.query(`
      insert into order_lines (id, order_id, event_id, ticket_type_id, quantity, unit_price_pence, fee_per_ticket_pence, absorbed_fee_per_ticket_pence, total_pence)
      select line_id, order_id, event_id, (select t.id from ticket_types t where t.event_id = staged.event_id), quantity, unit, fee, 0, (unit + fee) * quantity from staged`);
    await c.query(`
      insert into bookings (id, event_id, ticket_type_id, user_id, status, attendee_name, attendee_email, ticket_quantity, total_amount_pence, ticket_code, stripe_session_id, order_line_id, ticket_email_sent_at, ticket_email_provider, created_at)
      select booking_id, event_id, (select t.id from ticket_types t where t.event_id = staged.event_id), user_id, 'confirmed', attendee_name, attendee_email, quantity, (unit + fee) * quantity, code, 'cs_bench_' || code, line_id,
             sold_at + interval '5 seconds', 'smtp', sold_at
      from staged`);
    // The charge as bookingChargeEntries writes it (zero amounts are not movements).
    await c.query(`
      insert into ledger_entries (entry_key, kind, amount_pence, order_id, booking_id, event_id, provider_ref, created_at)
      select m.prefix || booking_id, m.kind, m.amount, order_id, booking_id, event_id, 'pi_bench_' || code, sold_at
      from staged,
           lateral (values ('sale:', 'ticket_sale', unit * quantity),
                           ('fee:', 'booking_fee', fee * quantity),
                           ('orgfee:', 'organiser_fee', case when unit > 0 then (unit * quantity * ${SELLER_FEE.basisPoints} + 5000) / 10000 + ${SELLER_FEE.fixedPence} * quantity else 0 end)) m(prefix, kind, amount)
      where m.amount > 0`);
    await c.query(`drop table staged`);
  }
}
