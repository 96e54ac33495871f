import { and, eq } from "drizzle-orm";
import type { AffiliateLookup } from "../../../domain";
import type { Db } from "../../db/client";
import { affiliates, profiles } from "../../db/schema";

/** An active affiliate by code (codes are upper case), with the name to show beside it. */
export async function findActiveAffiliate({ db, code }: { db: Db; code: string }) {
  const normalised = code.trim().toUpperCase();
  if (!normalised) return null;
  const [row] = await db
    .select({ id: affiliates.id, code: affiliates.affiliateCode, displayName: profiles.displayName, username: profiles.username })
    .from(affiliates)
    .leftJoin(profiles, eq(profiles.userId, affiliates.userId))
    .where(and(eq(affiliates.affiliateCode, normalised), eq(affiliates.status, "active")))
    .limit(1);
  return row ?? null;
}

/** spec §5 Create event: 'Valid affiliate code - {name}' or 'not found'. */
export async function lookupAffiliate({ db, code }: { db: Db; code: string }): Promise<AffiliateLookup> {
  const found = await findActiveAffiliate({ db, code });
  const normalised = code.trim().toUpperCase();
  if (!found) return { valid: false, code: normalised };
  return { valid: true, code: found.code, displayName: found.displayName ?? found.username ?? "Affiliate" };
}
