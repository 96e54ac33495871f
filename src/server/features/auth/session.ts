import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { adminAccess, AppError, checkoutAttendeeName, type SessionUser } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles, sessions, users } from "../../db/schema";
import { toHeaders } from "../../lib/web-bridge";
import type { Auth } from "./auth";

/** The signed-in user's id and when this session signed in, through better-auth; null when signed out. */
async function readSession(auth: Auth, headers: Headers): Promise<{ userId: string; signedInAt: Date } | null> {
  if (!headers.get("cookie")) return null;
  const session = await auth.api.getSession({ headers });
  return session ? { userId: session.user.id, signedInAt: new Date(session.session.createdAt) } : null;
}

const accountColumns = {
  id: users.id,
  email: users.email,
  emailVerified: users.emailVerified,
  phoneNumber: users.phoneNumber,
  role: users.role,
  username: profiles.username,
  displayName: profiles.displayName,
  avatarUrl: profiles.avatarUrl,
  lastAttendeeName: profiles.lastAttendeeName,
};

async function loadAccount(db: Db, userId: string) {
  const [row] = await db.select(accountColumns).from(users).leftJoin(profiles, eq(profiles.userId, users.id)).where(eq(users.id, userId)).limit(1);
  return row ?? null;
}

/**
 * The account behind one session, with that session's own sign-in time: the admin rule's 24 hours run
 * from it (spec §6, D10), so signing in elsewhere never freshens an older session.
 */
type Account = NonNullable<Awaited<ReturnType<typeof loadAccount>>> & { signedInAt: Date };

function cookieValue(header: string, name: string): string | null {
  for (const part of header.split(";")) {
    const at = part.indexOf("=");
    if (at > 0 && part.slice(0, at).trim() === name) return part.slice(at + 1).trim();
  }
  return null;
}

/** The session token from better-auth's signed cookie (`token.base64(HMAC-SHA256(secret, token))`), or null. */
async function signedSessionToken(auth: Auth, headers: Headers): Promise<string | null> {
  const header = headers.get("cookie");
  if (!header) return null;
  const context = await auth.$context;
  const raw = cookieValue(header, context.authCookies.sessionToken.name);
  if (!raw) return null;
  let value: string;
  try {
    value = decodeURIComponent(raw);
  } catch {
    return null;
  }
  const dot = value.lastIndexOf(".");
  const token = value.slice(0, dot);
  const signature = Buffer.from(value.slice(dot + 1), "base64");
  const expected = createHmac("sha256", context.secret).update(token).digest();
  return dot > 0 && signature.length === expected.length && timingSafeEqual(signature, expected) ? token : null;
}

/**
 * The signed-in account in one query (session, user and profile joined), for the requests that need
 * the account and not just the id: pages, the admin rule, check-in. better-auth's getSession would
 * take three (session, user, then the account). Exactly as revocable: the session row is read on
 * every request, so a sign-out or password reset takes effect at once (no cookie cache). A session that
 * has expired or is due for better-auth's sliding refresh goes through better-auth itself, which
 * extends or deletes it.
 */
async function signedInAccount(auth: Auth, db: Db, headers: Headers): Promise<Account | null> {
  const token = await signedSessionToken(auth, headers);
  if (!token) return null;
  const [row] = await db
    .select({ ...accountColumns, expiresAt: sessions.expiresAt, signedInAt: sessions.createdAt })
    .from(sessions)
    .innerJoin(users, eq(users.id, sessions.userId))
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(sessions.token, token))
    .limit(1);
  if (!row) return null;
  const { expiresIn, updateAge } = (await auth.$context).sessionConfig;
  const now = Date.now();
  if (row.expiresAt.getTime() <= now || row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000 <= now) {
    const session = await readSession(auth, headers);
    const account = session ? await loadAccount(db, session.userId) : null;
    return account && session ? { ...account, signedInAt: session.signedInAt } : null;
  }
  const { expiresAt: _expiresAt, ...account } = row;
  return account;
}

/** Who is acting, for the services' ownership rules (decisions D10). */
export interface Actor {
  userId: string;
  isAdmin: boolean;
}

const UNAUTHENTICATED = "Please sign in to continue.";

const ADMIN_DENIED = {
  "not-admin": "Admin access only.",
  "email-not-confirmed": "Admin access needs a confirmed e-mail address.",
  "session-too-old": "Admin access needs a sign-in within the last 24 hours. Please sign in again.",
} as const;

const actorOf = (account: Account): Actor => ({ userId: account.id, isAdmin: adminAccess(account).granted });

const headersOf = (from: FastifyRequest | Headers): Headers => (from instanceof Headers ? from : toHeaders(from.headers));

/**
 * The one way routes and pages learn who is signed in: each answer is the account and its session read
 * in one query, so a sign-out or revoked session counts on the very next request.
 */
export interface Session {
  /** The signed-in user as pages see it (header, guards), or null when signed out. */
  user(headers: Headers): Promise<SessionUser | null>;
  /** The signed-in actor, or null for a visitor (public routes that answer the signed-in more fully). */
  actor(from: FastifyRequest | Headers): Promise<Actor | null>;
  /** The signed-in actor with their admin standing (spec §6 Admin rule applied); 401 when signed out. */
  requireActor(request: FastifyRequest): Promise<Actor>;
  /** spec §6 Admin (decisions D10): the server-side role, a confirmed e-mail and a sign-in within 24 hours. */
  requireAdmin(request: FastifyRequest): Promise<Actor>;
}

export function createSession({ auth, db }: { auth: Auth; db: Db }): Session {
  return {
    async user(headers) {
      const account = await signedInAccount(auth, db, headers);
      if (!account) return null;
      return {
        id: account.id,
        email: account.email,
        emailConfirmed: account.emailVerified,
        phoneNumber: account.phoneNumber,
        username: account.username,
        displayName: account.displayName,
        avatarUrl: account.avatarUrl,
        isAdmin: adminAccess(account).granted,
        checkoutName: checkoutAttendeeName(account),
      };
    },
    async actor(from) {
      const account = await signedInAccount(auth, db, headersOf(from));
      return account ? actorOf(account) : null;
    },
    async requireActor(request) {
      const account = await signedInAccount(auth, db, headersOf(request));
      if (!account) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
      return actorOf(account);
    },
    async requireAdmin(request) {
      const account = await signedInAccount(auth, db, headersOf(request));
      if (!account) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
      const access = adminAccess(account);
      if (!access.granted) {
        if (access.reason === "email-not-confirmed") request.log.warn({ userId: account.id }, "Email not confirmed");
        if (access.reason === "session-too-old") request.log.warn({ userId: account.id }, "Session too old");
        throw new AppError("ADMIN_REQUIRED", ADMIN_DENIED[access.reason]);
      }
      return actorOf(account);
    },
  };
}
