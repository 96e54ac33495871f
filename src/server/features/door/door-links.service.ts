import { randomBytes, scrypt, timingSafeEqual } from "node:crypto";
import { promisify } from "node:util";
import { and, eq } from "drizzle-orm";
import { AppError, CreateDoorLinkInput, doorLinkPath, OpenDoorLinkInput, type CreatedDoorLink } from "../../../domain";
import type { Db } from "../../db/client";
import { doorAccess } from "../../db/schema";
import { parseInput } from "../../lib/parse-input";
import { enforceRateLimit } from "../../lib/rate-limiter";
import type { Actor } from "../auth/session";
import { DOOR_COOKIE, doorCookieValue, hashDoorSecret } from "./door-access";
import { newDoorSecret, organiserOfEvents, setDoorEvents, summariesOf } from "./door-team";

/**
 * Door links (issue 38, D26): a secret address for a phone without an account, for chosen events, with an
 * optional PIN. The address is shown once; only its SHA-256 is kept (a 32-byte random secret needs no slow
 * hash), while the PIN, a few digits, is kept with scrypt and a salt, and its tries are rate-limited.
 */

export const DOOR_LINK_NOT_FOUND = "This door link is not valid or has been revoked. Ask the organiser for a new one.";
export const WRONG_PIN = "That PIN is not right. Please try again.";
export const PIN_NEEDED = "Enter this door's PIN to continue.";
/** Tries at one link's PIN: 4 digits are 10,000 guesses, so 5 per 15 minutes makes guessing hopeless. */
export const PIN_TRIES = { limit: 5, windowSeconds: 15 * 60 };
/** How long a phone stays at the door once the link is opened: a long night. */
export const DOOR_COOKIE_SECONDS = 24 * 60 * 60;

const scryptAsync = promisify(scrypt) as (password: string, salt: Buffer, keylen: number) => Promise<Buffer>;

/** scrypt with a random salt, as `scrypt$<salt>$<key>` (base64url). */
export async function hashPin(pin: string): Promise<string> {
  const salt = randomBytes(16);
  return `scrypt$${salt.toString("base64url")}$${(await scryptAsync(pin, salt, 32)).toString("base64url")}`;
}

export async function pinMatches(pin: string, stored: string): Promise<boolean> {
  const [scheme, salt, key] = stored.split("$");
  if (scheme !== "scrypt" || !salt || !key) return false;
  const expected = Buffer.from(key, "base64url");
  const given = await scryptAsync(pin, Buffer.from(salt, "base64url"), expected.length);
  return timingSafeEqual(given, expected);
}

/** Makes a door link for chosen events of one organiser's; the answer carries its address, shown this once. */
export async function createDoorLink({ db, actor, input, publicUrl }: { db: Db; actor: Actor; input: unknown; publicUrl: string }): Promise<CreatedDoorLink> {
  const values = parseInput(CreateDoorLinkInput, input, { whole: "body" });
  const secret = newDoorSecret();
  const pinHash = values.pin ? await hashPin(values.pin) : null;
  const access = await db.transaction(async (tx) => {
    const organiserId = await organiserOfEvents(tx, actor, values.eventIds);
    const [row] = await tx.insert(doorAccess).values({ kind: "link", organiserId, label: values.name, tokenHash: hashDoorSecret(secret), pinHash }).returning();
    await setDoorEvents(tx, row!.id, values.eventIds);
    return (await summariesOf(tx, [row!]))[0]!;
  });
  return { access, url: `${publicUrl}${doorLinkPath(secret)}` };
}

async function liveLink(db: Db, secret: string) {
  if (!secret || secret.length > 100) throw new AppError("NOT_FOUND", DOOR_LINK_NOT_FOUND);
  const [row] = await db
    .select({ id: doorAccess.id, label: doorAccess.label, pinHash: doorAccess.pinHash, revokedAt: doorAccess.revokedAt })
    .from(doorAccess)
    .where(and(eq(doorAccess.tokenHash, hashDoorSecret(secret)), eq(doorAccess.kind, "link")))
    .limit(1);
  if (!row || row.revokedAt) throw new AppError("NOT_FOUND", DOOR_LINK_NOT_FOUND);
  return row;
}

/** What a door link's page shows before opening: its name and whether it asks for a PIN. */
export async function describeDoorLink({ db, secret }: { db: Db; secret: string }): Promise<{ label: string; hasPin: boolean }> {
  const link = await liveLink(db, secret);
  return { label: link.label, hasPin: link.pinHash !== null };
}

/**
 * Opens a door link on this phone: checks the PIN (each try counted against the link, 429 once used up) and
 * answers the cookie to set. The cookie holds the secret and the PIN's proof; readDoor checks both, and the
 * row, on every request.
 */
export async function openDoorLink({ db, appSecret, secret, input }: { db: Db; appSecret: string; secret: string; input: unknown }): Promise<{ cookie: string; label: string }> {
  const link = await liveLink(db, secret);
  const { pin } = parseInput(OpenDoorLinkInput, input, { whole: "body" });
  if (link.pinHash) {
    if (!pin) throw new AppError("VALIDATION_FAILED", `Invalid field 'pin': ${PIN_NEEDED}`, { field: "pin" });
    await enforceRateLimit(db, [{ key: `door-pin:${link.id}`, rule: PIN_TRIES, message: (seconds) => `Too many wrong PINs. Try again in ${Math.ceil(seconds / 60)} minutes.` }]);
    if (!(await pinMatches(pin, link.pinHash))) throw new AppError("FORBIDDEN", WRONG_PIN, { field: "pin" });
  }
  return { cookie: doorCookieValue(appSecret, secret, { id: link.id, pinHash: link.pinHash }), label: link.label };
}

/** The Set-Cookie header for a door link's phone (or, with null, to leave the door). */
export function doorCookieHeader(value: string | null, secure: boolean): string {
  const parts = [`${DOOR_COOKIE}=${value === null ? "" : encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${value === null ? 0 : DOOR_COOKIE_SECONDS}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}
