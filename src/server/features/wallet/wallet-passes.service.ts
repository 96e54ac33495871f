import { randomBytes, randomUUID } from "node:crypto";
import { and, eq, inArray, sql, type SQL } from "drizzle-orm";
import { AppError, isUuid, ticketQrPayload } from "../../../domain";
import type { Db, Tx } from "../../db/client";
import { bookings, events, tickets, ticketTypes, walletDeviceRegistrations, walletPasses } from "../../db/schema";
import { QUEUES, type Jobs } from "../../jobs/jobs";
import { hashAuthToken, passAuthToken } from "./apple-pass";
import { passContent, type PassContent, type QrSigner } from "./pass-content";
import type { WalletSetup } from "./wallet-setup";

export const WALLET_NOT_CONFIGURED_MESSAGE = {
  apple: "Apple Wallet passes are not set up on this site (APPLE_PASS_TYPE_ID and its certificates are not configured).",
  google: "Google Wallet passes are not set up on this site (GOOGLE_WALLET_ISSUER_ID and its service account are not configured).",
};
const NO_TICKET = "No ticket found with that identifier. Please check and try again.";

export function requireWallet<K extends "apple" | "google">(wallet: WalletSetup, kind: K): NonNullable<WalletSetup[K]> {
  const provider = wallet[kind];
  if (!provider) throw new AppError("WALLET_NOT_CONFIGURED", WALLET_NOT_CONFIGURED_MESSAGE[kind]);
  return provider as NonNullable<WalletSetup[K]>;
}

/** Which wallets this site offers (the pages show a button for each). */
export const walletsOffered = (wallet: WalletSetup) => ({ apple: wallet.apple !== null, google: wallet.google !== null });

/** A ticket that admits: valid, its booking confirmed, its event not cancelled (a pass is issued only for one). */
const admits = sql`${tickets.status} = 'valid' and ${bookings.status} = 'confirmed' and ${events.status} <> 'cancelled'`;

/**
 * What a pass shows that can change under the same code, as one digest: the event's title, place and times, the
 * holder's name and the ticket's type (pass-content.ts). A pass whose digest differs is out of date.
 */
const passShownSql = sql<string>`md5(concat_ws(chr(31), ${events.title}, ${events.venue}, ${events.location}, extract(epoch from ${events.dateTime})::text,
  extract(epoch from ${events.endTime})::text, ${tickets.attendeeName}, ${ticketTypes.name}))`;

const ticketColumns = {
  ticketId: tickets.id,
  code: tickets.code,
  bookingId: tickets.bookingId,
  attendeeName: tickets.attendeeName,
  typeName: ticketTypes.name,
  event: { id: events.id, title: events.title, dateTime: events.dateTime, endTime: events.endTime, venue: events.venue, location: events.location },
};

async function admittingTicket(db: Db, condition: SQL) {
  const [row] = await db
    .select(ticketColumns)
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(condition, admits))
    .limit(1);
  return row ?? null;
}

/**
 * The holder's ticket (D27): only the signed-in account whose My Tickets shows it (the booking's account) may
 * take its pass from the site; anyone else's, or a ticket that no longer admits, is not found.
 */
export async function holderTicket(db: Db, { userId, ticketId }: { userId: string; ticketId: string }) {
  const row = isUuid(ticketId) ? await admittingTicket(db, and(eq(tickets.id, ticketId.toLowerCase()), eq(bookings.userId, userId))!) : null;
  if (!row) throw new AppError("TICKET_NOT_FOUND", NO_TICKET);
  return row;
}

/**
 * The ticket an e-mail's wallet link names: the ticket's code with its QR's signature (kid, sig), the same
 * identity that opens the e-mail's QR image, so the recipient needs no sign-in and nobody else can guess it.
 */
export async function emailedTicket(db: Db, signer: QrSigner, { code, kid, sig }: { code: string; kid: string; sig: string }) {
  const row = await admittingTicket(db, eq(tickets.code, code.toUpperCase()));
  if (!row || !(await signer.verify({ ...ticketQrPayload(row, row.event), kid, sig }))) throw new AppError("TICKET_NOT_FOUND", NO_TICKET);
  return row;
}

type TicketRow = NonNullable<Awaited<ReturnType<typeof admittingTicket>>>;

/** The ticket's pass for its current code: made on first request, the same serial after (a transfer's new code is a new pass). */
export async function passFor(db: Db, wallet: WalletSetup, signer: QrSigner, ticket: TicketRow): Promise<PassContent> {
  const serialNumber = randomUUID();
  // Without Apple configured no web service answers, so the hash is of a token nobody holds.
  const token = wallet.apple ? passAuthToken(wallet.apple, serialNumber) : randomBytes(32).toString("base64url");
  await db
    .insert(walletPasses)
    .values({
      serialNumber,
      ticketId: ticket.ticketId,
      ticketCode: ticket.code,
      authTokenHash: hashAuthToken(token),
      shownContent: sql`(${db
        .select({ shown: passShownSql })
        .from(tickets)
        .innerJoin(events, eq(events.id, tickets.eventId))
        .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
        .where(eq(tickets.id, ticket.ticketId))})`,
    })
    .onConflictDoNothing();
  const [pass] = await db.select().from(walletPasses).where(and(eq(walletPasses.ticketId, ticket.ticketId), eq(walletPasses.ticketCode, ticket.code)));
  return passContent(signer, { serialNumber: pass!.serialNumber, voided: pass!.voided, ticket, typeName: ticket.typeName, event: ticket.event });
}

/** A pass by its serial as it stands now (voided or not), for the PassKit web service and the update job. */
export async function passBySerial(db: Db, signer: QrSigner, serialNumber: string) {
  if (!isUuid(serialNumber)) return null;
  const [row] = await db
    .select({ pass: walletPasses, ticket: { code: walletPasses.ticketCode, bookingId: tickets.bookingId, attendeeName: tickets.attendeeName }, typeName: ticketTypes.name, event: ticketColumns.event })
    .from(walletPasses)
    .innerJoin(tickets, eq(tickets.id, walletPasses.ticketId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(eq(walletPasses.serialNumber, serialNumber.toLowerCase()));
  if (!row) return null;
  return { pass: row.pass, content: await passContent(signer, { serialNumber: row.pass.serialNumber, voided: row.pass.voided, ticket: row.ticket, typeName: row.typeName, event: row.event }) };
}

/**
 * After a refund, a cancelled event, a transfer, a postponement, an edit of the event or a rename (D27), inside the
 * transaction that made it: each affected pass is voided (its ticket no longer admits, or its code was given up)
 * or shows what changed, and its version and Last-Modified move on (at least a second, HTTP dates' grain). The row
 * is the outbox: the update job delivers every undelivered version (every minute, and at once when `jobs` is
 * given to wake it).
 */
export async function walletPassesChanged(tx: Tx, scope: { ticketIds: string[] } | { bookingIds: string[] } | { eventId: string }, jobs?: Pick<Jobs, "enqueue">): Promise<number> {
  if (("ticketIds" in scope && !scope.ticketIds.length) || ("bookingIds" in scope && !scope.bookingIds.length)) return 0;
  const scoped = "ticketIds" in scope ? inArray(tickets.id, scope.ticketIds) : "bookingIds" in scope ? inArray(tickets.bookingId, scope.bookingIds) : eq(tickets.eventId, scope.eventId);
  const voidNow = sql`(${walletPasses.voided} or ${tickets.status} <> 'valid' or ${bookings.status} <> 'confirmed' or ${events.status} = 'cancelled' or ${tickets.code} <> ${walletPasses.ticketCode})`;
  const changed = await tx
    .update(walletPasses)
    .set({ voided: voidNow, shownContent: passShownSql, version: sql`${walletPasses.version} + 1`, updatedAt: sql`greatest(clock_timestamp(), ${walletPasses.updatedAt} + interval '1 second')` })
    .from(tickets)
    .innerJoin(bookings, eq(bookings.id, tickets.bookingId))
    .innerJoin(events, eq(events.id, tickets.eventId))
    .innerJoin(ticketTypes, eq(ticketTypes.id, tickets.ticketTypeId))
    .where(and(eq(tickets.id, walletPasses.ticketId), scoped, sql`(${voidNow} <> ${walletPasses.voided} or ${passShownSql} <> ${walletPasses.shownContent})`))
    .returning({ serialNumber: walletPasses.serialNumber });
  if (changed.length && jobs) await jobs.enqueue(tx, QUEUES.walletPassUpdate, {});
  return changed.length;
}

/** The passes with a version not yet delivered, oldest change first. */
export async function undeliveredPasses(db: Db, limit = 100) {
  return db
    .select({ serialNumber: walletPasses.serialNumber, version: walletPasses.version })
    .from(walletPasses)
    .where(sql`${walletPasses.version} > ${walletPasses.deliveredVersion}`)
    .orderBy(walletPasses.updatedAt)
    .limit(limit);
}

/** Records a version delivered (never going back, should a slower run finish an older one later). */
export async function markDelivered(db: Db, { serialNumber, version }: { serialNumber: string; version: number }) {
  await db.update(walletPasses).set({ deliveredVersion: sql`greatest(${walletPasses.deliveredVersion}, ${version})` }).where(eq(walletPasses.serialNumber, serialNumber));
}

/**
 * PassKit web service: the serials of this device's passes changed since the tag (an ISO time, to the millisecond
 * as JavaScript keeps it; PostgreSQL keeps microseconds, so it compares at the tag's grain), and the newest tag.
 */
export async function updatedSerials(db: Db, { deviceLibraryId, since }: { deviceLibraryId: string; since: Date | null }) {
  const rows = await db
    .select({ serialNumber: walletPasses.serialNumber, updatedAt: walletPasses.updatedAt })
    .from(walletDeviceRegistrations)
    .innerJoin(walletPasses, eq(walletPasses.serialNumber, walletDeviceRegistrations.serialNumber))
    .where(and(eq(walletDeviceRegistrations.deviceLibraryId, deviceLibraryId), ...(since ? [sql`date_trunc('milliseconds', ${walletPasses.updatedAt}) > ${since.toISOString()}`] : [])));
  if (!rows.length) return null;
  const lastUpdated = new Date(Math.max(...rows.map((row) => row.updatedAt.getTime())));
  return { serialNumbers: rows.map((row) => row.serialNumber), lastUpdated: lastUpdated.toISOString() };
}

export async function registerDevice(db: Db, { deviceLibraryId, serialNumber, pushToken }: { deviceLibraryId: string; serialNumber: string; pushToken: string }): Promise<"created" | "existing"> {
  const [created] = await db
    .insert(walletDeviceRegistrations)
    .values({ deviceLibraryId, serialNumber, pushToken })
    .onConflictDoNothing()
    .returning({ serialNumber: walletDeviceRegistrations.serialNumber });
  if (created) return "created";
  await db.update(walletDeviceRegistrations).set({ pushToken }).where(and(eq(walletDeviceRegistrations.deviceLibraryId, deviceLibraryId), eq(walletDeviceRegistrations.serialNumber, serialNumber)));
  return "existing";
}

export async function unregisterDevice(db: Db, { deviceLibraryId, serialNumber }: { deviceLibraryId: string; serialNumber: string }) {
  await db.delete(walletDeviceRegistrations).where(and(eq(walletDeviceRegistrations.deviceLibraryId, deviceLibraryId), eq(walletDeviceRegistrations.serialNumber, serialNumber)));
}
