import { rm } from "node:fs/promises";
import { resolve } from "node:path";
import { and, eq, inArray, isNull, or, sql } from "drizzle-orm";
import { AppError, ERASED_NAME, erasedEmail, ERASURE_FRESH_SIGN_IN_MINUTES, EraseAccountInput, formatDateTime } from "../../../domain";
import { eventEndSql } from "../../../domain/events.sql";
import { validBookingSql } from "../../../domain/refunds.sql";
import type { Db, Tx } from "../../db/client";
import type { FileStorage } from "../../providers/storage/storage";
import {
  accounts,
  affiliates,
  bookings,
  contactMessages,
  doorAccess,
  events,
  orderLines,
  orders,
  organiserNoticeSettings,
  outboxMessages,
  profiles,
  rateLimits,
  refundRequests,
  refundRequestSummaries,
  scans,
  sessions,
  ticketChanges,
  tickets,
  users,
  verifications,
  waitingListEntries,
} from "../../db/schema";
import { publicPagesChanged } from "../../lib/page-cache/invalidation";
import { parseInput } from "../../lib/parse-input";
import { enforceRateLimit } from "../../lib/rate-limiter";

/** What a refund request's reason becomes when its buyer erases their account (the request and its answer stay). */
export const ERASED_REQUEST_REASON = "Removed: the buyer deleted their account.";
const CLOSED_EVENT_REASON = "The organiser closed their account.";

/** Wrong passwords for erasure: a few an hour per account, so a borrowed session cannot guess its way through. */
const PASSWORD_ATTEMPTS = { limit: 5, windowSeconds: 60 * 60 } as const;

export interface ErasureContext {
  db: Db;
  /** Checks a password against a stored hash (better-auth's own scrypt check). */
  verifyPassword: (hash: string, password: string) => Promise<boolean>;
  /** DATA_DIR: the avatar and the dev outbox's attachments are files under it. */
  dataDir: string;
  /** Where the pictures they made with the image creator are (`generated/{userId}/`). */
  storage: Pick<FileStorage, "removeUnder">;
  /** Forgets the account's cached sessions on every node. */
  accountChanged: (userId: string) => Promise<void>;
}

/**
 * Erases the signed-in person's account (issue 34, D28; docs/decisions/035): confirmed by typing the account's
 * e-mail address and the password, or without it by a sign-in within ERASURE_FRESH_SIGN_IN_MINUTES (a code just
 * typed). Refused while they organise an upcoming event with valid tickets sold. The account row stays,
 * anonymised and barred from signing in, because orders, tickets, refunds and payouts refer to it and are kept
 * for their statutory period with the least personal data.
 */
export async function eraseAccount(
  { db, verifyPassword, dataDir, storage, accountChanged }: ErasureContext,
  { userId, signedInAt, input, now = new Date() }: { userId: string; signedInAt: Date; input: EraseAccountInput; now?: Date },
): Promise<{ erased: true }> {
  const { email: typed, password } = parseInput(EraseAccountInput, input, { whole: "request" });
  const [user] = await db.select({ email: users.email, phoneNumber: users.phoneNumber }).from(users).where(eq(users.id, userId));
  if (!user) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  if (typed.toLowerCase() !== user.email.toLowerCase()) {
    throw new AppError("ERASURE_NOT_CONFIRMED", "The e-mail address you typed is not this account's. Type it exactly to confirm.");
  }
  if (password) {
    await enforceRateLimit(db, [{ key: `erase:account:${userId}`, rule: PASSWORD_ATTEMPTS, message: "Too many attempts. Please try again later." }]);
    const [credential] = await db.select({ hash: accounts.password }).from(accounts).where(and(eq(accounts.userId, userId), eq(accounts.providerId, "credential")));
    if (!credential?.hash || !(await verifyPassword(credential.hash, password))) {
      throw new AppError("REAUTHENTICATION_REQUIRED", "That password is not right. Try again, or sign in again with a code and delete your account within 10 minutes.");
    }
  } else if (now.getTime() - signedInAt.getTime() > ERASURE_FRESH_SIGN_IN_MINUTES * 60_000) {
    throw new AppError(
      "REAUTHENTICATION_REQUIRED",
      `To delete your account, enter your password, or sign in again (a code by e-mail works) and delete it within ${ERASURE_FRESH_SIGN_IN_MINUTES} minutes.`,
    );
  }

  const email = user.email.toLowerCase();
  const outboxIds = await db.transaction(async (tx) => {
    // One erasure at a time per account, and no sale of its events confirmed between the check and the erasure.
    await tx.select({ id: users.id }).from(users).where(eq(users.id, userId)).for("update");
    const upcoming = await tx
      .select({ id: events.id, title: events.title, dateTime: events.dateTime, sold: sql<boolean>`exists (select 1 from ${bookings} b where b.event_id = ${events}.id and ${validBookingSql({ status: sql`b.status`, ticketQuantity: sql`b.ticket_quantity` })})` })
      .from(events)
      .where(and(eq(events.userId, userId), eq(events.status, "active"), sql`${eventEndSql(events)} > ${now.toISOString()}::timestamptz`))
      .for("update");
    const withSales = upcoming.filter((event) => event.sold);
    if (withSales.length) {
      const named = withSales.map((event) => `${event.title} (${formatDateTime(event.dateTime.toISOString())})`).join(", ");
      throw new AppError(
        "UPCOMING_EVENTS_WITH_SALES",
        `You organise upcoming events with tickets sold: ${named}. Cancel them first (buyers are refunded in full), or ask us to hand them to another organiser, then delete your account.`,
        { events: withSales.map(({ id, title, dateTime }) => ({ id, title, dateTime: dateTime.toISOString() })) },
      );
    }
    // Upcoming events with nothing sold close with the account; ended ones stay, under the anonymised organiser.
    if (upcoming.length) {
      await tx
        .update(events)
        .set({ status: "cancelled", cancelledAt: now, cancellationReason: CLOSED_EVENT_REASON, updatedAt: now })
        .where(inArray(events.id, upcoming.map((event) => event.id)));
    }

    const mine = (userColumn: typeof orders.userId | typeof bookings.userId, emailColumn: typeof orders.attendeeEmail | typeof bookings.attendeeEmail) =>
      or(eq(userColumn, userId), sql`lower(${emailColumn}) = ${email}`);
    // A checkout still open ends now; the retention job deletes unpaid ones after RETENTION.unpaidCheckoutDays.
    await tx.update(orders).set({ status: "cancelled" }).where(and(mine(orders.userId, orders.attendeeEmail), eq(orders.status, "pending"), isNull(orders.paidAt)));
    // Paid orders keep the buyer's name (the receipt and VAT invoice name it), never the e-mail address.
    await tx
      .update(orders)
      .set({ attendeeEmail: erasedEmail(userId), attendeeName: sql`case when ${orders.paidAt} is null then ${ERASED_NAME} else ${orders.attendeeName} end` })
      .where(mine(orders.userId, orders.attendeeEmail));
    // A valid ticket of an event still to come keeps the name the door checks; every other loses it.
    await tx
      .update(bookings)
      .set({
        attendeeEmail: erasedEmail(userId),
        attendeeName: sql`case when ${validBookingSql(bookings)} and (select ${eventEndSql({ dateTime: sql`e.date_time`, endTime: sql`e.end_time` })} from ${events} e where e.id = ${bookings}.event_id) > ${now.toISOString()}::timestamptz then ${bookings.attendeeName} else ${ERASED_NAME} end`,
      })
      .where(mine(bookings.userId, bookings.attendeeEmail));
    // What another buyer's order line says of them (issue 36): their name, e-mail and answers, read before their
    // tickets lose the address that finds them.
    await tx.execute(sql`
      update ${orderLines} ol set attendees = (
        select jsonb_agg(case when exists (select 1 from ${tickets} k join ${bookings} b on b.id = k.booking_id
            where b.order_line_id = ol.id and k.position = a.idx and lower(k.attendee_email) = ${email})
          then (a.elem - 'answers' - 'email') || jsonb_build_object('name', ${ERASED_NAME}::text) else a.elem end order by a.idx)
        from jsonb_array_elements(ol.attendees) with ordinality as a(elem, idx))
      where ol.attendees is not null
        and ol.id in (select b.order_line_id from ${tickets} k join ${bookings} b on b.id = k.booking_id where lower(k.attendee_email) = ${email})`);
    // Each ticket alike (issue 36): those of the person's bookings and those others bought in their e-mail lose the
    // address; the name stays only on a valid ticket of an event still to come, for the door.
    await tx
      .update(tickets)
      .set({
        attendeeEmail: null,
        attendeeName: sql`case when ${tickets.status} = 'valid' and (select ${eventEndSql({ dateTime: sql`e.date_time`, endTime: sql`e.end_time` })} from ${events} e where e.id = ${tickets}.event_id) > ${now.toISOString()}::timestamptz then ${tickets.attendeeName} else ${ERASED_NAME} end`,
      })
      .where(or(sql`${tickets.bookingId} in (select b.id from ${bookings} b where b.attendee_email = ${erasedEmail(userId)})`, sql`lower(${tickets.attendeeEmail}) = ${email}`));
    // Passed on to or by them: the address goes from the history, and their name too.
    await tx.update(ticketChanges).set({ fromEmail: null, fromName: ERASED_NAME }).where(sql`lower(${ticketChanges.fromEmail}) = ${email}`);
    await tx.update(ticketChanges).set({ toEmail: null, toName: ERASED_NAME }).where(sql`lower(${ticketChanges.toEmail}) = ${email}`);
    await tx.update(orderLines).set({ attendees: null }).where(sql`${orderLines.orderId} in (select o.id from ${orders} o where o.attendee_email = ${erasedEmail(userId)})`);
    await eraseFromTheDoor(tx, { userId, email, now });
    await tx.update(refundRequests).set({ reason: ERASED_REQUEST_REASON }).where(eq(refundRequests.userId, userId));

    await tx
      .update(users)
      .set({
        name: ERASED_NAME,
        email: erasedEmail(userId),
        emailVerified: false,
        phoneNumber: null,
        phoneNumberVerified: null,
        image: null,
        role: "user",
        banned: true,
        banReason: "Account deleted by its owner",
        updatedAt: now,
      })
      .where(eq(users.id, userId));
    await tx
      .update(profiles)
      .set({
        username: null,
        displayName: null,
        bio: null,
        avatarUrl: null,
        location: null,
        website: null,
        dateOfBirth: null,
        lastAttendeeName: null,
        // The seller details each order was sold under stay on order_sellers, written when it was paid.
        businessName: null,
        businessAddress: null,
        vatNumber: null,
        sellerKind: null,
        companyNumber: null,
        vatTreatment: null,
        updatedAt: now,
      })
      .where(eq(profiles.userId, userId));
    await tx.delete(accounts).where(eq(accounts.userId, userId));
    await tx.delete(sessions).where(eq(sessions.userId, userId));
    const contains = (column: typeof verifications.identifier | typeof rateLimits.key | typeof verifications.value) =>
      or(sql`strpos(lower(${column}), ${email}) > 0`, ...(user.phoneNumber ? [sql`strpos(${column}, ${user.phoneNumber}) > 0`] : []));
    await tx.delete(verifications).where(or(eq(verifications.value, userId), contains(verifications.identifier), contains(verifications.value)));
    await tx.delete(rateLimits).where(contains(rateLimits.key));
    await tx.update(affiliates).set({ status: "inactive" }).where(eq(affiliates.userId, userId));
    await tx.delete(organiserNoticeSettings).where(eq(organiserNoticeSettings.userId, userId));
    // Their waiting-list entries and the offers made to them (issue 37); a line bought with one keeps no link to it.
    await tx.delete(waitingListEntries).where(eq(waitingListEntries.userId, userId));
    await tx.delete(refundRequestSummaries).where(eq(refundRequestSummaries.userId, userId));
    await tx.delete(contactMessages).where(sql`lower(${contactMessages.email}) = ${email}`);
    const outbox = await tx
      .delete(outboxMessages)
      .where(or(sql`lower(${outboxMessages.recipient}) = ${email}`, ...(user.phoneNumber ? [eq(outboxMessages.recipient, user.phoneNumber)] : [])))
      .returning({ id: outboxMessages.id });
    return outbox.map((message) => message.id);
  });

  await accountChanged(userId);
  publicPagesChanged(db);
  await rm(resolve(dataDir, "media", "avatars", `${userId}.webp`), { force: true });
  await storage.removeUnder(`generated/${userId}/`);
  await Promise.all(outboxIds.map((id) => rm(resolve(dataDir, "outbox", id), { recursive: true, force: true })));
  return { erased: true };
}

/**
 * The door (issue 38): door access given to them (by account, or by e-mail before it was accepted) ends and
 * forgets their address and name; door access they gave as an organiser ends with their account. The scan log
 * keeps its scans (the organiser's record of their door) but not who made them: the label, the "by …" of a
 * refusal that named them, and the "checked in by" of the tickets they admitted.
 */
async function eraseFromTheDoor(tx: Tx, { userId, email, now }: { userId: string; email: string; now: Date }) {
  const revoked = sql`coalesce(${doorAccess.revokedAt}, ${now.toISOString()}::timestamptz)`;
  const theirs = await tx
    .update(doorAccess)
    .set({ revokedAt: revoked, label: ERASED_NAME, email: sql`case when ${doorAccess.email} is null then null else ${erasedEmail(userId)} end` })
    .where(or(eq(doorAccess.userId, userId), sql`lower(${doorAccess.email}) = ${email}`))
    .returning({ id: doorAccess.id });
  await tx.update(doorAccess).set({ revokedAt: revoked }).where(eq(doorAccess.organiserId, userId));
  const byThem = or(eq(scans.userId, userId), theirs.length ? inArray(scans.doorAccessId, theirs.map((access) => access.id)) : sql`false`)!;
  const labels = (await tx.selectDistinct({ label: scans.byLabel }).from(scans).where(byThem)).map((row) => row.label);
  if (!labels.length) return;
  const admittedByThem = tx.select({ id: scans.ticketId }).from(scans).where(and(byThem, eq(scans.result, "admitted")));
  await tx.update(tickets).set({ checkedInBy: ERASED_NAME }).where(and(inArray(tickets.id, admittedByThem), inArray(tickets.checkedInBy, labels)));
  // A refusal's "Already checked in: … by {who}" ends with the name of whoever admitted the ticket first.
  for (const label of labels) {
    const named = ` by ${label}`;
    await tx
      .update(scans)
      .set({ reason: sql`left(${scans.reason}, ${-named.length}) || ${` by ${ERASED_NAME}`}` })
      .where(and(inArray(scans.ticketId, admittedByThem), sql`right(${scans.reason}, ${named.length}) = ${named}`));
  }
  await tx.update(scans).set({ byLabel: ERASED_NAME }).where(byThem);
}
