import { and, eq, sql } from "drizzle-orm";
import {
  AppError,
  BRAND,
  doorAccessStatus,
  doorDateTime,
  doorInvitationPath,
  InviteStaffInput,
  type DoorAccessSummary,
  type DoorInvitation,
  type PlatformCompany,
} from "../../../domain";
import type { Db } from "../../db/client";
import { doorAccess, profiles, users } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import { renderEmail } from "../../providers/email/layout";
import type { EmailMessage, EmailSender } from "../../providers/email/email";
import type { Actor } from "../auth/session";
import { hashDoorSecret } from "./door-access";
import { displayNameSql, newDoorSecret, organiserOfEvents, setDoorEvents, summariesOf } from "./door-team";

/**
 * Door staff (issue 38, D26): an organiser invites someone by e-mail to chosen events; they accept from the
 * e-mail's link while signed in with that same e-mail address (decision 044), and from then on check
 * tickets in for those events only, until revoked.
 */

export const INVITATION_NOT_FOUND = "This invitation link is not valid. Ask the organiser to invite you again.";
export const INVITATION_REVOKED = "This invitation has been withdrawn by the organiser.";
export const INVITATION_TAKEN = "This invitation has already been accepted by another account.";
export const wrongEmailMessage = (email: string) => `This invitation is for ${email}. Sign in with that e-mail address to accept it.`;

async function organiserName(db: Db, organiserId: string): Promise<string> {
  const [row] = await db.select({ name: displayNameSql }).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, organiserId));
  return row?.name ?? BRAND.name;
}

export function invitationEmail(input: {
  to: string;
  organiser: string;
  events: { title: string; dateTime: string }[];
  url: string;
  company: PlatformCompany;
}): EmailMessage {
  const content = renderEmail({
    preheader: `${input.organiser} has asked you to check tickets in at their door.`,
    heading: `Join ${input.organiser}'s door team`,
    paragraphs: [
      `${input.organiser} has invited you to check tickets in on ${BRAND.name} for the events below.`,
      `Open the link, sign in or create an account with this e-mail address (${input.to}), and accept. You will see the ticket scanner for these events only.`,
    ],
    details: input.events.map((event) => ({ label: doorDateTime(event.dateTime), value: event.title })),
    action: { label: "Accept the invitation", url: input.url },
    footnote: "Not expecting this? You can ignore it: nothing happens unless you accept.",
    company: input.company,
  });
  return { to: input.to, subject: `${input.organiser} invited you to their door team`, html: content.html, text: content.text };
}

/**
 * Invites a staff member to chosen events of one organiser's (the actor's own, or an admin's for the
 * events' organiser) and e-mails them the link. The token is in the e-mail only; its hash is kept.
 */
export async function inviteStaff({
  db,
  actor,
  input,
  email,
  publicUrl,
  company,
}: {
  db: Db;
  actor: Actor;
  input: unknown;
  email: EmailSender;
  publicUrl: string;
  company: PlatformCompany;
}): Promise<DoorAccessSummary> {
  const values = parseInput(InviteStaffInput, input, { whole: "body" });
  const token = newDoorSecret();
  const summary = await db.transaction(async (tx) => {
    const organiserId = await organiserOfEvents(tx, actor, values.eventIds);
    const [row] = await tx
      .insert(doorAccess)
      .values({ kind: "staff", organiserId, label: values.name ?? values.email, email: values.email, tokenHash: hashDoorSecret(token) })
      .returning();
    await setDoorEvents(tx, row!.id, values.eventIds);
    return (await summariesOf(tx, [row!]))[0]!;
  });
  await email.send(
    invitationEmail({ to: values.email, organiser: await organiserName(db, summary.organiserId), events: summary.events, url: `${publicUrl}${doorInvitationPath(token)}`, company }),
  );
  return summary;
}

async function invitationRow(db: Db, token: string) {
  if (!token || token.length > 100) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  const [row] = await db
    .select()
    .from(doorAccess)
    .where(and(eq(doorAccess.tokenHash, hashDoorSecret(token)), eq(doorAccess.kind, "staff")))
    .limit(1);
  if (!row) throw new AppError("NOT_FOUND", INVITATION_NOT_FOUND);
  return row;
}

/** The invitation behind a token, as the signed-in invitee sees it before accepting. */
export async function getInvitation({ db, actor, token }: { db: Db; actor: Actor; token: string }): Promise<DoorInvitation> {
  const row = await invitationRow(db, token);
  const [summary] = await summariesOf(db, [row]);
  return {
    id: row.id,
    email: row.email!,
    organiserName: await organiserName(db, row.organiserId),
    status: doorAccessStatus(row),
    acceptedByYou: row.userId === actor.userId,
    events: summary!.events,
  };
}

/**
 * Accepts an invitation for the signed-in user: only with the e-mail address it was sent to (confirmed),
 * only once (another account cannot take it over; the same one accepting again changes nothing), never
 * once revoked. One conditional update, so two accounts accepting at once cannot both have it.
 */
export async function acceptInvitation({ db, actor, token }: { db: Db; actor: Actor; token: string }): Promise<DoorInvitation> {
  const row = await invitationRow(db, token);
  if (row.revokedAt) throw new AppError("FORBIDDEN", INVITATION_REVOKED);
  const [account] = await db.select({ email: users.email, emailVerified: users.emailVerified }).from(users).where(eq(users.id, actor.userId));
  if (!account || account.email.toLowerCase() !== row.email!.toLowerCase() || !account.emailVerified) throw new AppError("FORBIDDEN", wrongEmailMessage(row.email!));
  if (row.userId && row.userId !== actor.userId) throw new AppError("CONFLICT", INVITATION_TAKEN);
  if (!row.userId) {
    const [taken] = await db
      .update(doorAccess)
      .set({ userId: actor.userId, acceptedAt: new Date() })
      .where(and(eq(doorAccess.id, row.id), sql`${doorAccess.userId} is null`, sql`${doorAccess.revokedAt} is null`))
      .returning({ id: doorAccess.id });
    if (!taken) {
      const [now] = await db.select({ userId: doorAccess.userId, revokedAt: doorAccess.revokedAt }).from(doorAccess).where(eq(doorAccess.id, row.id));
      if (now?.revokedAt) throw new AppError("FORBIDDEN", INVITATION_REVOKED);
      if (now?.userId !== actor.userId) throw new AppError("CONFLICT", INVITATION_TAKEN);
    }
  }
  return getInvitation({ db, actor, token });
}
