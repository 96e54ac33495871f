import { createHash, createHmac, timingSafeEqual } from "node:crypto";
import { and, eq, isNull, sql } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { AppError, managesEvent } from "../../../domain";
import type { Db } from "../../db/client";
import { doorAccess, doorAccessEvents, profiles, users } from "../../db/schema";
import type { Auth } from "../auth/auth";
import type { Actor, Session } from "../auth/session";

/**
 * Who is at the door (issue 38, D26): a signed-in user (an organiser or admin checks their events; a staff
 * member the events of their accepted invitations), or a phone holding a door link. Read from the database
 * on every request, so a revocation takes effect at once.
 */
export interface Door {
  /** The signed-in user, or null for a door link. */
  actor: Actor | null;
  /** Who the scan log names: the user (with their staff access, if any) or the door link. */
  who: DoorWho;
  /** Events this door may check beyond those the actor manages: accepted staff invitations, or the link's events. */
  granted: ReadonlyMap<string, { doorAccessId: string; label: string }>;
  /** The door link in use, if any. */
  link: { id: string; label: string } | null;
}

export interface DoorWho {
  userId: string | null;
  doorAccessId: string | null;
  label: string;
}

/** The cookie a door link's phone keeps (set by the link's page once its PIN, if any, is given). */
export const DOOR_COOKIE = "eventora_door";

export const DOOR_SIGN_IN = "Please sign in, or open your door link, to check tickets in.";
export const NOT_YOUR_DOOR = "This door cannot check tickets in for that event.";

/** SHA-256 of a door secret (an invitation's or a link's), as door_access.token_hash keeps it. */
export const hashDoorSecret = (secret: string) => createHash("sha256").update(secret).digest("base64url");

/**
 * The cookie value a door link's phone holds: the link's secret and, when the link has a PIN, proof the PIN
 * was given (an HMAC of the link and its PIN's hash under the app's secret: changing the PIN logs phones out).
 */
export function doorCookieValue(appSecret: string, secret: string, access: { id: string; pinHash: string | null }): string {
  if (!access.pinHash) return secret;
  return `${secret}.${pinProof(appSecret, access.id, access.pinHash)}`;
}

const pinProof = (appSecret: string, accessId: string, pinHash: string) => createHmac("sha256", appSecret).update(`door-pin:${accessId}:${pinHash}`).digest("base64url");

function cookieValue(header: string | undefined, name: string): string | null {
  if (!header) return null;
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) {
      try {
        return decodeURIComponent(part.slice(at + 1).trim());
      } catch {
        return null;
      }
    }
  }
  return null;
}

/** The door link a cookie names, if it is live (not revoked) and its PIN was given. */
export async function doorLinkFromCookie(db: Db, appSecret: string, value: string | null) {
  if (!value || value.length > 200) return null;
  const [secret, proof] = value.split(".", 2) as [string, string | undefined];
  const [access] = await db
    .select({ id: doorAccess.id, label: doorAccess.label, pinHash: doorAccess.pinHash })
    .from(doorAccess)
    .where(and(eq(doorAccess.tokenHash, hashDoorSecret(secret)), eq(doorAccess.kind, "link"), isNull(doorAccess.revokedAt)))
    .limit(1);
  if (!access) return null;
  if (access.pinHash) {
    const expected = Buffer.from(pinProof(appSecret, access.id, access.pinHash));
    const given = Buffer.from(proof ?? "");
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) return null;
  }
  return access;
}

/** The events a live door access may check, by id. */
async function grantedEvents(db: Db, where: ReturnType<typeof and>) {
  const rows = await db
    .select({ eventId: doorAccessEvents.eventId, doorAccessId: doorAccess.id, label: doorAccess.label })
    .from(doorAccess)
    .innerJoin(doorAccessEvents, eq(doorAccessEvents.doorAccessId, doorAccess.id))
    .where(and(where, isNull(doorAccess.revokedAt)));
  return new Map(rows.map((row) => [row.eventId, { doorAccessId: row.doorAccessId, label: row.label }]));
}

async function userLabel(db: Db, userId: string): Promise<string> {
  const [row] = await db
    .select({ name: sql<string>`coalesce(nullif(${profiles.displayName}, ''), ${users.name}, ${users.email})` })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row?.name ?? "Unknown";
}

/**
 * The door behind a request: a signed-in user first (with any staff access they accepted), else a door
 * link's cookie; null when neither.
 */
export async function readDoor({ db, auth, session }: { db: Db; auth: Auth; session: Session }, request: FastifyRequest | Headers): Promise<Door | null> {
  const actor = await session.actor(request);
  if (actor) {
    const granted = await grantedEvents(db, and(eq(doorAccess.kind, "staff"), eq(doorAccess.userId, actor.userId)));
    return { actor, granted, link: null, who: { userId: actor.userId, doorAccessId: null, label: await userLabel(db, actor.userId) } };
  }
  const appSecret = (await auth.$context).secret;
  const cookies = request instanceof Headers ? (request.get("cookie") ?? undefined) : request.headers.cookie;
  const link = await doorLinkFromCookie(db, appSecret, cookieValue(cookies, DOOR_COOKIE));
  if (!link) return null;
  const granted = await grantedEvents(db, eq(doorAccess.id, link.id));
  return { actor: null, granted, link: { id: link.id, label: link.label }, who: { userId: null, doorAccessId: link.id, label: `Door link: ${link.label}` } };
}

export async function requireDoor(context: { db: Db; auth: Auth; session: Session }, request: FastifyRequest | Headers): Promise<Door> {
  const door = await readDoor(context, request);
  if (!door) throw new AppError("UNAUTHENTICATED", DOOR_SIGN_IN);
  return door;
}

/** Whether this door may check tickets in for an event: the actor manages it, or an access grants it. */
export function mayCheck(door: Door, event: { id: string; organiserId: string }): boolean {
  return (door.actor !== null && managesEvent(door.actor, event.organiserId)) || door.granted.has(event.id);
}

/** The log's "who" for a scan at this event: a staff member's access is named alongside their account. */
export function whoAt(door: Door, eventId: string): DoorWho {
  const access = door.granted.get(eventId);
  if (door.actor && access) return { userId: door.actor.userId, doorAccessId: access.doorAccessId, label: door.who.label };
  return door.who;
}
