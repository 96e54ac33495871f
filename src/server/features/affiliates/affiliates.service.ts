import { randomBytes } from "node:crypto";
import { and, desc, eq, inArray, sql } from "drizzle-orm";
import { AFFILIATE_CODE_ALPHABET, AFFILIATE_CODE_LENGTH, AppError, type AffiliateLookup, type OwnAffiliate } from "../../../domain";
import type { Db } from "../../db/client";
import { affiliateCommissions, affiliates, profiles } from "../../db/schema";
import { affiliatePayouts } from "../ledger/payout-views";
import { affiliateEarnings } from "../ledger/ledger";

/** An active affiliate by code (codes are upper case), with the name to show beside it. */
export async function findActiveAffiliate({ db, code }: { db: Db; code: string }) {
  const normalised = code.trim().toUpperCase();
  if (!normalised) return null;
  const [row] = await db
    .select({ id: affiliates.id, userId: affiliates.userId, code: affiliates.affiliateCode, displayName: profiles.displayName, username: profiles.username })
    .from(affiliates)
    .leftJoin(profiles, eq(profiles.userId, affiliates.userId))
    .where(and(eq(affiliates.affiliateCode, normalised), eq(affiliates.status, "active")))
    .limit(1);
  return row ?? null;
}

/** What the event form is told when the organiser names their own affiliate code. */
export const OWN_EVENT_AFFILIATE_CODE = "Invalid field 'affiliateCode': This is the organiser's own affiliate code. Nobody earns commission on an event they organise, so leave the field empty or use another affiliate's code.";

/**
 * The affiliate an event's form names (spec §5): an unknown code is not an error (the event is saved and no
 * commission is tracked), but the organiser's own code is refused (issue 33): nobody earns commission on
 * an event they organise, and confirmation pays none on it either (commissionEarner).
 */
export async function eventAffiliate({ db, code, organiserId }: { db: Db; code: string | null; organiserId: string }) {
  const found = code ? await findActiveAffiliate({ db, code }) : null;
  if (found?.userId === organiserId) throw new AppError("VALIDATION_FAILED", OWN_EVENT_AFFILIATE_CODE, { field: "affiliateCode" });
  return found;
}

/** spec §5 Create event: 'Valid affiliate code - {name}' or 'not found'. */
export async function lookupAffiliate({ db, code }: { db: Db; code: string }): Promise<AffiliateLookup> {
  const found = await findActiveAffiliate({ db, code });
  const normalised = code.trim().toUpperCase();
  if (!found) return { valid: false, code: normalised };
  return { valid: true, code: found.code, displayName: found.displayName ?? found.username ?? "Affiliate" };
}

/** A new code: 8 characters drawn without bias from the unambiguous alphabet. */
export function newAffiliateCode(): string {
  const alphabet = AFFILIATE_CODE_ALPHABET;
  let code = "";
  while (code.length < AFFILIATE_CODE_LENGTH) {
    for (const byte of randomBytes(16)) {
      // 31 letters: bytes from 248 up would favour the first few, so they are skipped.
      if (byte < 248 && code.length < AFFILIATE_CODE_LENGTH) code += alphabet[byte % alphabet.length];
    }
  }
  return code;
}

/**
 * The user's affiliate account as shown on /affiliates: the newest code (older ones keep working),
 * earnings from the money ledger (commission less what refunds took back, issue 19) and referrals from the
 * commission ledger, over every code; and the commission paid out to them, event by event.
 */
export async function getOwnAffiliate({ db, userId }: { db: Db; userId: string }): Promise<OwnAffiliate | null> {
  const rows = await db.select().from(affiliates).where(eq(affiliates.userId, userId)).orderBy(desc(affiliates.createdAt));
  const newest = rows[0];
  if (!newest) return null;
  const ids = rows.map((row) => row.id);
  const [[totals], earnings, payouts] = await Promise.all([
    db
      .select({ referrals: sql<number>`count(*)::int` })
      .from(affiliateCommissions)
      .where(inArray(affiliateCommissions.affiliateId, ids)),
    affiliateEarnings(db, ids),
    affiliatePayouts(db, userId),
  ]);
  return {
    code: newest.affiliateCode,
    commissionRate: newest.commissionRate,
    status: newest.status,
    totalEarningsPence: earnings,
    totalReferrals: Number(totals?.referrals ?? 0),
    createdAt: newest.createdAt.toISOString(),
    payouts,
  };
}

async function insertWithFreshCode(db: Db, userId: string): Promise<void> {
  for (let attempt = 0; attempt < 5; attempt++) {
    const inserted = await db.insert(affiliates).values({ userId, affiliateCode: newAffiliateCode() }).onConflictDoNothing().returning({ id: affiliates.id });
    if (inserted.length) return;
  }
  throw new Error("Could not find a free affiliate code");
}

/** spec §4 Affiliate account: created active with 10% commission. */
export async function createAffiliateAccount({ db, userId }: { db: Db; userId: string }): Promise<OwnAffiliate> {
  if (await getOwnAffiliate({ db, userId })) throw new AppError("CONFLICT", "You already have an affiliate account.");
  await insertWithFreshCode(db, userId);
  return (await getOwnAffiliate({ db, userId }))!;
}

/** spec §4: a new code is a further row; referrals through the old codes keep counting. */
export async function generateAffiliateCode({ db, userId }: { db: Db; userId: string }): Promise<OwnAffiliate> {
  if (!(await getOwnAffiliate({ db, userId }))) throw new AppError("NOT_FOUND", "Create your affiliate account first.");
  await insertWithFreshCode(db, userId);
  return (await getOwnAffiliate({ db, userId }))!;
}
