import { eq } from "drizzle-orm";
import type { FastifyRequest } from "fastify";
import { adminAccess, AppError, type SessionUser } from "../../../domain";
import type { Db } from "../../db/client";
import { profiles, users } from "../../db/schema";
import { toHeaders } from "../../lib/web-bridge";
import type { Auth } from "./auth";

/** The signed-in user's id from the session cookie, or null. */
export async function readSessionUserId(auth: Auth, headers: Headers): Promise<string | null> {
  if (!headers.get("cookie")) return null;
  const session = await auth.api.getSession({ headers });
  return session?.user.id ?? null;
}

async function loadAccount(db: Db, userId: string) {
  const [row] = await db
    .select({
      id: users.id,
      email: users.email,
      emailVerified: users.emailVerified,
      phoneNumber: users.phoneNumber,
      role: users.role,
      lastSignInAt: users.lastSignInAt,
      username: profiles.username,
      displayName: profiles.displayName,
      avatarUrl: profiles.avatarUrl,
    })
    .from(users)
    .leftJoin(profiles, eq(profiles.userId, users.id))
    .where(eq(users.id, userId))
    .limit(1);
  return row ?? null;
}

/** The signed-in user as pages see it (header, guards), or null when signed out. */
export async function getSessionUser({ auth, db, headers }: { auth: Auth; db: Db; headers: Headers }): Promise<SessionUser | null> {
  const userId = await readSessionUserId(auth, headers);
  if (!userId) return null;
  const account = await loadAccount(db, userId);
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
  };
}

/** The signed-in user's id for an API route; 401 when signed out. */
export async function requireUserId(auth: Auth, request: FastifyRequest): Promise<string> {
  const userId = await readSessionUserId(auth, toHeaders(request.headers));
  if (!userId) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return userId;
}

const ADMIN_DENIED = {
  "not-admin": "Admin access only.",
  "email-not-confirmed": "Admin access needs a confirmed e-mail address.",
  "session-too-old": "Admin access needs a sign-in within the last 24 hours. Please sign in again.",
} as const;

/** spec §6 Admin (decisions D10): the server-side role, a confirmed e-mail and a sign-in within 24 hours. */
export async function requireAdmin({ auth, db, request }: { auth: Auth; db: Db; request: FastifyRequest }): Promise<string> {
  const userId = await requireUserId(auth, request);
  const account = await loadAccount(db, userId);
  const access = account ? adminAccess(account) : ({ granted: false, reason: "not-admin" } as const);
  if (!access.granted) {
    if (access.reason === "email-not-confirmed") request.log.warn({ userId }, "Email not confirmed");
    if (access.reason === "session-too-old") request.log.warn({ userId }, "Session too old");
    throw new AppError("ADMIN_REQUIRED", ADMIN_DENIED[access.reason]);
  }
  return userId;
}

/** Who is acting, for the services' ownership rules (decisions D10). */
export interface Actor {
  userId: string;
  isAdmin: boolean;
}

/** The signed-in user with their admin standing (spec §6 Admin rule applied); 401 when signed out. */
export async function requireActor({ auth, db, request }: { auth: Auth; db: Db; request: FastifyRequest }): Promise<Actor> {
  const userId = await requireUserId(auth, request);
  const account = await loadAccount(db, userId);
  if (!account) throw new AppError("UNAUTHENTICATED", "Please sign in to continue.");
  return { userId, isAdmin: adminAccess(account).granted };
}

/** The actor for a user already known to be signed in (route loaders have read the session). */
export async function actorFor(db: Db, userId: string): Promise<Actor> {
  const account = await loadAccount(db, userId);
  return { userId, isAdmin: account ? adminAccess(account).granted : false };
}
