import { createHmac, timingSafeEqual } from "node:crypto";
import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { adminAccess, AppError, checkoutAttendeeName, type SessionUser } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles, sessions, users } from "../../db/schema";
import { toHeaders } from "../../lib/web-bridge";
import type { Auth } from "./auth";
import type { CachedSession, SessionCache } from "./session-cache";

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
async function signedSessionToken(auth: Auth, header: string | null | undefined): Promise<string | null> {
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
 * extends or deletes it. `remember` (the actor paths) keeps the session in this node's cache until
 * the TTL or its refresh is due, whichever comes first.
 */
async function signedInAccount(auth: Auth, db: Db, headers: Headers, token: string | null, remember?: SessionCache): Promise<Account | null> {
  if (!token) return null;
  const generation = remember?.generation() ?? 0;
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
  const refreshDue = row.expiresAt.getTime() - expiresIn * 1000 + updateAge * 1000;
  if (row.expiresAt.getTime() <= now || refreshDue <= now) {
    const session = await readSession(auth, headers);
    const account = session ? await loadAccount(db, session.userId) : null;
    return account && session ? { ...account, signedInAt: session.signedInAt } : null;
  }
  const { expiresAt, ...account } = row;
  remember?.set(token, { id: account.id, role: account.role, emailVerified: account.emailVerified, signedInAt: account.signedInAt }, generation, Math.min(expiresAt.getTime(), refreshDue));
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

const actorOf = (account: CachedSession): Actor => ({ userId: account.id, isAdmin: adminAccess(account).granted });

const headersOf = (from: FastifyRequest | Headers): Headers => (from instanceof Headers ? from : toHeaders(from.headers));
const cookieOf = (from: FastifyRequest | Headers) => (from instanceof Headers ? from.get("cookie") : from.headers.cookie);

/**
 * The one way routes and pages learn who is signed in. Pages and the admin rule read the account and
 * its session in one query on every request. The actor (the API's ownership rules, check-in) is kept
 * per session for SESSION_CACHE_TTL_MS on each node: a sign-out, a revoked session or a changed role
 * counts at once on the node where it happened and within that window on every other
 * (session-cache.ts). The admin rule's 24 hours are applied on every use, cached or not.
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
  /** An account's sessions or standing changed (signed out, revoked, role or e-mail changed): no node may keep trusting them. */
  accountChanged(userId: string): Promise<void>;
}

export function createSession({ auth, db, cache }: { auth: Auth; db: Db; cache: SessionCache }): Session {
  const fresh = async (from: FastifyRequest | Headers) => {
    const headers = headersOf(from);
    return signedInAccount(auth, db, headers, await signedSessionToken(auth, headers.get("cookie")));
  };
  const cachedActor = async (from: FastifyRequest | Headers): Promise<Actor | null> => {
    const token = await signedSessionToken(auth, cookieOf(from));
    if (!token) return null;
    const known = cache.get(token);
    if (known) return actorOf(known);
    const account = await signedInAccount(auth, db, headersOf(from), token, cache);
    return account ? actorOf(account) : null;
  };
  return {
    async user(headers) {
      const account = await fresh(headers);
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
    actor: cachedActor,
    async requireActor(request) {
      const actor = await cachedActor(request);
      if (!actor) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
      return actor;
    },
    async requireAdmin(request) {
      const account = await fresh(request);
      if (!account) throw new AppError("UNAUTHENTICATED", UNAUTHENTICATED);
      const access = adminAccess(account);
      if (!access.granted) {
        if (access.reason === "email-not-confirmed") request.log.warn({ userId: account.id }, "Email not confirmed");
        if (access.reason === "session-too-old") request.log.warn({ userId: account.id }, "Session too old");
        throw new AppError("ADMIN_REQUIRED", ADMIN_DENIED[access.reason]);
      }
      return actorOf(account);
    },
    accountChanged: (userId) => cache.accountChanged(userId),
  };
}
