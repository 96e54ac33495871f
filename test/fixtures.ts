import { randomBytes } from "node:crypto";
import { asc, eq, sql } from "drizzle-orm";
import { absorbedFeePerTicket, buyerFeePerTicket, DEFAULT_TICKET_TYPE_NAME, type SellerDetails } from "../src/domain";
import type { Db } from "../src/server/db/client";
import { hashPassword } from "../src/server/db/password-hash";
import { accounts, bookings, events, orderLines, orders, profiles, ticketTypes, users } from "../src/server/db/schema";
import { bookingChargeEntries, recordLedger } from "../src/server/features/ledger/ledger";
import { captureOrderSellers } from "../src/server/features/ledger/order-sellers";
import { DEFAULT_PLATFORM_COMPANY, numberReceipts } from "../src/server/features/receipts/receipt-numbers";
import { publicPagesChanged } from "../src/server/lib/page-cache/invalidation";

/**
 * Dates far from today so no test depends on the clock: every "upcoming" fixture is decades ahead,
 * every "past" one decades behind.
 */
export const FUTURE = new Date("2090-06-01T18:00:00Z");
export const PAST = new Date("2001-06-01T18:00:00Z");

/** FUTURE (or PAST) plus a number of days: a readable way to order fixtures by date. */
export function futureDay(days: number): Date {
  return new Date(FUTURE.getTime() + days * 86_400_000);
}
export function pastDay(days: number): Date {
  return new Date(PAST.getTime() + days * 86_400_000);
}

function uniqueSuffix(): string {
  return randomBytes(4).toString("hex");
}

/** Removes every user, profile, event and booking, so each test starts from an empty catalogue. */
export async function resetCatalogue(db: Db): Promise<void> {
  await db.execute(sql`truncate table ${bookings}, ${events}, ${profiles}, ${users} cascade`);
  publicPagesChanged(db);
}

export interface UserFixture {
  id: string;
  email: string;
  username: string | null;
}

/**
 * The seller details a fixture's profile gets unless told otherwise (issue 34): complete, so its paid
 * events can be sold, as a private individual who is not VAT-registered, under the account's own name
 * (what receipts printed before the name was asked for).
 */
export function fixtureSellerDetails(name: string): SellerDetails {
  return { businessName: name, businessAddress: "1 Test Street\nLondon\nEC1A 1AA", sellerKind: "individual", companyNumber: null, vatTreatment: "not-registered", vatNumber: null };
}

/** A user, with a profile unless `profile: null`, whose seller details are complete unless `seller: null` (or as given). */
export async function createUser(
  db: Db,
  options: {
    username?: string | null;
    displayName?: string | null;
    bio?: string | null;
    location?: string | null;
    website?: string | null;
    avatarUrl?: string | null;
    profile?: null;
    seller?: Partial<SellerDetails> | null;
  } = {},
): Promise<UserFixture> {
  const suffix = uniqueSuffix();
  const id = `user_${suffix}`;
  const email = `${id}@example.test`;
  await db.insert(users).values({ id, name: options.displayName ?? `User ${suffix}`, email });
  const username = options.username === undefined ? `user_${suffix}` : options.username;
  if (options.profile !== null) {
    await db.insert(profiles).values({
      userId: id,
      username,
      displayName: options.displayName ?? null,
      bio: options.bio ?? null,
      location: options.location ?? null,
      website: options.website ?? null,
      avatarUrl: options.avatarUrl ?? null,
      ...(options.seller === null ? {} : { ...fixtureSellerDetails(options.displayName ?? `User ${suffix}`), ...options.seller }),
    });
  }
  // The fixtures stand in for the app's own writes, so they announce them as its services do (issue 21's page cache).
  publicPagesChanged(db);
  return { id, email, username };
}

export type EventFixtureInput = Partial<typeof events.$inferInsert> & { userId: string };

/**
 * A door opening time that puts now inside the event's door window (issue 38): the fixtures' events are
 * decades ahead, and tests about other rules scan their tickets today. Tests of the door window set
 * `doorOpensMinutesBefore` themselves.
 */
export function doorOpenNow(dateTime: Date): number {
  return Math.max(180, Math.ceil((dateTime.getTime() - Date.now()) / 60_000) + 24 * 60);
}

/** An active, upcoming, free event in London unless told otherwise, its door open now (doorOpenNow). */
export async function createEvent(db: Db, input: EventFixtureInput) {
  const dateTime = input.dateTime ?? FUTURE;
  const [row] = await db
    .insert(events)
    .values({
      title: `Event ${uniqueSuffix()}`,
      description: null,
      dateTime: FUTURE,
      doorOpensMinutesBefore: doorOpenNow(dateTime),
      location: "London",
      category: "music",
      pricePence: 0,
      status: "active",
      businessType: "event",
      ...input,
    })
    .returning();
  // Sold the spec's way: one type at the event's price (as createEvent of the events service makes it, issue 36).
  await db.insert(ticketTypes).values({ eventId: row!.id, name: DEFAULT_TICKET_TYPE_NAME, pricePence: row!.pricePence, position: 0 });
  publicPagesChanged(db);
  return row!;
}

/**
 * Gives every event without a ticket type the spec's one type at its price, as migration 0027 did: for
 * benchmarks and tests that write events in bulk with SQL of their own.
 */
export async function addDefaultTicketTypes(db: Db): Promise<void> {
  await db.execute(sql`insert into ${ticketTypes} (event_id, name, price_pence, position, created_at)
    select e.id, ${DEFAULT_TICKET_TYPE_NAME}, e.price_pence, 0, e.created_at from ${events} e
    where not exists (select 1 from ${ticketTypes} t where t.event_id = e.id)`);
}

/** An event's first ticket type (a fixture event's only one). */
export async function ticketTypeIdOf(db: Db, eventId: string): Promise<string> {
  const [type] = await db.select({ id: ticketTypes.id }).from(ticketTypes).where(eq(ticketTypes.eventId, eventId)).orderBy(asc(ticketTypes.position)).limit(1);
  if (!type) throw new Error(`ticketTypeIdOf: event ${eventId} has no ticket type`);
  return type.id;
}

/**
 * A booking of `quantity` tickets; confirmed unless told otherwise. A confirmed one with a total is paid
 * the way checkout pays it: an order and its line, and its charge on the money ledger (issue 19), which the
 * dashboard's revenue is read from. The total must divide by the quantity (the fixture's ticket price).
 */
export async function createBooking(
  db: Db,
  input: {
    eventId: string;
    quantity: number;
    /** Tickets already refunded: their places given back, each issued as a refunded ticket. */
    refundedQuantity?: number;
    status?: string;
    email?: string;
    name?: string;
    userId?: string | null;
    totalAmountPence?: number;
    stripeSessionId?: string;
    createdAt?: Date;
  },
) {
  const suffix = uniqueSuffix();
  const ticketTypeId = await ticketTypeIdOf(db, input.eventId);
  const [row] = await db
    .insert(bookings)
    .values({
      eventId: input.eventId,
      ticketTypeId,
      userId: input.userId ?? null,
      status: input.status ?? "confirmed",
      attendeeName: input.name ?? `Attendee ${suffix}`,
      attendeeEmail: input.email ?? `attendee_${suffix}@example.test`,
      ticketQuantity: input.quantity,
      refundedQuantity: input.refundedQuantity ?? 0,
      totalAmountPence: input.totalAmountPence ?? 0,
      ticketCode: `TCKT-2090-${suffix.toUpperCase()}`,
      stripeSessionId: input.stripeSessionId ?? null,
      ...(input.createdAt ? { createdAt: input.createdAt } : {}),
    })
    .returning();
  const total = input.totalAmountPence ?? 0;
  if (row!.status === "confirmed" && total > 0) {
    if (total % input.quantity) throw new Error(`createBooking: a total of ${total}p does not divide into ${input.quantity} tickets`);
    // Sold as checkout sells it: the event's price, and its booking fee paid by the buyer or absorbed (D22).
    const [event] = await db.select({ pricePence: events.pricePence, absorbs: events.absorbsBookingFee }).from(events).where(eq(events.id, row!.eventId));
    const unitPricePence = event!.pricePence;
    const feePerTicketPence = buyerFeePerTicket(unitPricePence, event!.absorbs);
    const absorbedFeePerTicketPence = absorbedFeePerTicket(unitPricePence, event!.absorbs);
    if (total !== (unitPricePence + feePerTicketPence) * input.quantity) {
      throw new Error(`createBooking: a total of ${total}p is not ${input.quantity} tickets at the event's £${unitPricePence / 100} plus their booking fee of ${feePerTicketPence}p each`);
    }
    const [order] = await db
      .insert(orders)
      .values({
        sessionId: `cs_fixture_${suffix}`,
        userId: row!.userId,
        status: "confirmed",
        provider: "local",
        attendeeName: row!.attendeeName,
        attendeeEmail: row!.attendeeEmail,
        subtotalPence: unitPricePence * input.quantity,
        feesPence: feePerTicketPence * input.quantity,
        totalPence: total,
        expiresAt: row!.createdAt,
        paidAt: row!.createdAt,
        paymentReference: `pi_local_fixture_${suffix}`,
        confirmedAt: row!.createdAt,
      })
      .returning();
    const [line] = await db
      .insert(orderLines)
      .values({ orderId: order!.id, eventId: row!.eventId, ticketTypeId, quantity: input.quantity, unitPricePence, feePerTicketPence, absorbedFeePerTicketPence, totalPence: total })
      .returning();
    await db.update(bookings).set({ orderLineId: line!.id }).where(eq(bookings.id, row!.id));
    const charge = bookingChargeEntries({
      orderId: order!.id,
      bookingId: row!.id,
      eventId: row!.eventId,
      unitPricePence,
      feePerTicketPence,
      absorbedFeePerTicketPence,
      quantity: input.quantity,
      providerRef: order!.paymentReference!,
    });
    await recordLedger(db, charge.map((entry) => ({ ...entry, createdAt: row!.createdAt })));
    await captureOrderSellers(db, [order!.id]);
    await numberReceipts(db, DEFAULT_PLATFORM_COMPANY, [order!.id]);
    publicPagesChanged(db);
    return { ...row!, orderLineId: line!.id };
  }
  publicPagesChanged(db);
  return row!;
}

/**
 * Each password's stored hash, made once per test file: scrypt is slow on purpose (a fifth of a second of
 * CPU, more on a busy machine) and a run creates hundreds of accounts with the same test password. Each
 * sign-in still runs the real scrypt check against the stored hash.
 */
const passwordHashes = new Map<string, Promise<string>>();
function storedHash(password: string): Promise<string> {
  let hash = passwordHashes.get(password);
  if (!hash) passwordHashes.set(password, (hash = hashPassword(password)));
  return hash;
}

/** A user who can sign in with a password (better-auth's credential account), confirmed unless told otherwise. */
export async function createAccount(
  db: Db,
  options: { password: string; emailVerified?: boolean; role?: "user" | "admin"; phoneNumber?: string; username?: string | null; lastSignInAt?: Date; seller?: Partial<SellerDetails> | null },
): Promise<UserFixture> {
  const user = await createUser(db, { username: options.username, seller: options.seller });
  await db
    .update(users)
    .set({
      emailVerified: options.emailVerified ?? true,
      role: options.role ?? "user",
      phoneNumber: options.phoneNumber ?? null,
      phoneNumberVerified: options.phoneNumber ? true : null,
      lastSignInAt: options.lastSignInAt ?? null,
    })
    .where(eq(users.id, user.id));
  await db.insert(accounts).values({
    id: `account_${user.id}`,
    accountId: user.id,
    providerId: "credential",
    userId: user.id,
    password: await storedHash(options.password),
  });
  return user;
}

/** Opens an event's door now (doorOpenNow), for an event a test made through the API. */
export async function openDoorNow(db: Db, eventId: string): Promise<void> {
  const [event] = await db.select({ dateTime: events.dateTime }).from(events).where(eq(events.id, eventId));
  await db.update(events).set({ doorOpensMinutesBefore: doorOpenNow(event!.dateTime) }).where(eq(events.id, eventId));
}
