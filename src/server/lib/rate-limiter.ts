import { eq, lt, sql } from "drizzle-orm";
import type { Db } from "../db/client";
import { AppError } from "../../domain/errors";
import { rateLimits } from "../db/schema";

export interface RateLimitRule {
  limit: number;
  windowSeconds: number;
}

export interface RateLimitState {
  allowed: boolean;
  count: number;
  retryAfterSeconds: number;
}

/**
 * Counts one hit against `key` in a fixed window kept in PostgreSQL, so every app node shares it.
 * One upsert: a new window starts when the old one has ended.
 */
export async function hitRateLimit(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  return (await hitRateLimits(db, [key], rule))[0]!;
}

/**
 * hitRateLimit for several keys under one rule in one statement (a batch of checkouts: decision 033),
 * answering each key's state in their order. The keys must differ; their rows are written in key order,
 * so two such statements never wait on each other in a cycle.
 */
export async function hitRateLimits(db: Db, keys: string[], rule: RateLimitRule): Promise<RateLimitState[]> {
  // Each key as the database keeps it, to find its row again: the driver sends UTF-8, in which a lone
  // surrogate (a key made of hostile input) becomes U+FFFD.
  const stored = keys.map((key) => Buffer.from(key, "utf8").toString("utf8"));
  const sorted = [...new Set(stored)].sort();
  if (sorted.length !== keys.length) throw new Error("hitRateLimits: each key once");
  const window = sql`make_interval(secs => ${rule.windowSeconds})`;
  const rows = await db
    .insert(rateLimits)
    .values(sorted.map((key) => ({ key, count: 1, resetAt: sql`now() + ${window}` })))
    .onConflictDoUpdate({
      target: rateLimits.key,
      set: {
        count: sql`case when ${rateLimits.resetAt} <= now() then 1 else ${rateLimits.count} + 1 end`,
        resetAt: sql`case when ${rateLimits.resetAt} <= now() then now() + ${window} else ${rateLimits.resetAt} end`,
      },
    })
    .returning({ key: rateLimits.key, count: rateLimits.count, retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int` });
  if (Math.random() < 0.01) await db.delete(rateLimits).where(lt(rateLimits.resetAt, sql`now() - interval '1 day'`));
  const byKey = new Map(rows.map((row) => [row.key, row]));
  return stored.map((key) => {
    const row = byKey.get(key)!;
    return { allowed: row.count <= rule.limit, count: row.count, retryAfterSeconds: Math.max(1, row.retryAfter) };
  });
}

/** Whether `key` has already used up its window, without counting a hit. */
export async function isRateLimited(db: Db, key: string, rule: RateLimitRule): Promise<RateLimitState> {
  const [row] = await db
    .select({ count: rateLimits.count, retryAfter: sql<number>`ceil(extract(epoch from ${rateLimits.resetAt} - now()))::int` })
    .from(rateLimits)
    .where(eq(rateLimits.key, key));
  if (!row || row.retryAfter <= 0) return { allowed: true, count: 0, retryAfterSeconds: 0 };
  return { allowed: row.count < rule.limit, count: row.count, retryAfterSeconds: row.retryAfter };
}

export interface RateLimitHit {
  key: string;
  rule: RateLimitRule;
  /** What the person is told when this limit refuses them (given the seconds until it lets them in). */
  message: string | ((retryAfterSeconds: number) => string);
  /** Also name the wait in the body (`details.retryAfterSeconds`), as the contact and assistant APIs always have. */
  detailsInBody?: boolean;
}

/** 429 RATE_LIMITED; the error handler tells the client when to come back in a Retry-After header. */
export class RateLimitedError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
    detailsInBody = false,
  ) {
    super("RATE_LIMITED", message, detailsInBody ? { retryAfterSeconds } : undefined);
  }
}

/** Counts one hit on every key; the first limit (in the order given) that is used up refuses the request. */
export async function enforceRateLimit(db: Db, hits: RateLimitHit[]): Promise<void> {
  const states = await Promise.all(hits.map((hit) => hitRateLimit(db, hit.key, hit.rule)));
  const refused = states.findIndex((state) => !state.allowed);
  if (refused >= 0) throw rateLimitRefusal(hits[refused]!, states[refused]!);
}

/** The error a hit of a limit that refused it is answered with (429, naming the wait). */
export function rateLimitRefusal({ message, detailsInBody }: Pick<RateLimitHit, "message" | "detailsInBody">, { retryAfterSeconds }: RateLimitState): RateLimitedError {
  return new RateLimitedError(typeof message === "string" ? message : message(retryAfterSeconds), retryAfterSeconds, detailsInBody);
}
